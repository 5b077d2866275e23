"""Issue 25: "No module of `bot/` over 600 lines and no class over 400": the session
service stays split by concern (docs/ARCHITECTURE.md says where each concern lives)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parent.parent / "bot"
MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 400


def _too_long(root: Path) -> tuple[list[str], list[str]]:
    """(modules over the limit, classes over the limit) under ``root``."""
    modules: list[str] = []
    classes: list[str] = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(root.parent))
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            modules.append(f"{name}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_CLASS_LINES:
                    classes.append(f"{name}: class {node.name}: {length} lines")
    return modules, classes


def test_no_bot_module_over_600_lines_and_no_class_over_400() -> None:
    modules, classes = _too_long(BOT)
    assert not modules, "modules over 600 lines: " + "; ".join(modules)
    assert not classes, "classes over 400 lines: " + "; ".join(classes)


def test_the_size_check_can_fail(tmp_path: Path) -> None:
    """The check itself finds a long module and a long class."""
    (tmp_path / "bot").mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES))
    (tmp_path / "bot" / "big.py").write_text(
        "class Big:\n" + body + "\n" + "\n" * MAX_MODULE_LINES, encoding="utf-8")
    modules, classes = _too_long(tmp_path / "bot")
    assert modules == [f"bot/big.py: {MAX_CLASS_LINES + 1 + MAX_MODULE_LINES} lines"]
    assert classes == [f"bot/big.py: class Big: {MAX_CLASS_LINES + 1} lines"]
