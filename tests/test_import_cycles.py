"""No import cycle among our own modules (developers' guide: "one concept per module";
the shared piece of two modules that need each other goes into a module of its own;
issue 25: "No import cycles ... a test that walks the imports of games, bot, renderers,
i18n and bench (imports under ``if TYPE_CHECKING:`` excepted) and fails on any cycle").

The graph is read with :mod:`ast`, not by importing, so it sees every import that runs:
at module level and inside functions (an import moved into a function to dodge a cycle
is still a cycle of the design). Imports under ``if TYPE_CHECKING:`` never run and are
left out: they name types for annotations only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "bot", "renderers", "i18n", "bench")


def modules() -> dict[str, tuple[Path, bool]]:
    """Dotted module name → (file, whether it is a package's ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            found[".".join(parts)] = (path, is_package)
    return found


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)
    blocks: imports that never run."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                skipped.update(id(sub) for child in node.body for sub in ast.walk(child))
    return skipped


def _imported(tree: ast.AST, package: str) -> Iterator[str]:
    """Every dotted name ``tree`` imports when it runs, relative imports resolved against
    ``package``; ``from a import b`` yields ``a.b`` (module ``a.b``, or else a name of
    module ``a``). Imports under ``if TYPE_CHECKING:`` are left out."""
    skipped = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[:-(node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            yield from (f"{source}.{alias.name}" for alias in node.names)


def import_graph() -> dict[str, set[str]]:
    """Module → the modules of ours it imports (the longest known prefix of each name)."""
    known = modules()

    def ours(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in known.items():
        package = name if is_package else name.rpartition(".")[0]
        targets = {ours(n) for n in _imported(ast.parse(path.read_text()), package)}
        graph[name] = {t for t in targets if t is not None and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_no_import_cycle_among_our_modules() -> None:
    """Guide, architecture: engines, bot, renderers and i18n form layers; a cycle (even
    through a function-level or type-checking import) means a shared piece wants its
    own module."""
    graph = import_graph()
    new = cycles(graph)
    described = ["; ".join(f"{m} → {sorted(graph[m] & c)}" for m in sorted(c)) for c in new]
    assert not new, "import cycles: " + " | ".join(described)


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import() -> None:
    """The check itself can fail: a function-level import back is a cycle, a one-way
    import is not."""
    tree = ast.parse("def f():\n    from .b import x\n")
    assert set(_imported(tree, "games.demo")) == {"games.demo.b.x"}
    typing_only = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                            "    from .b import Y\nimport c\n")
    assert set(_imported(typing_only, "games.demo")) == {"typing.TYPE_CHECKING", "c"}
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [frozenset({"a", "b"})]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [frozenset({"a", "b", "c"})]
