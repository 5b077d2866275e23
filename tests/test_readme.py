"""The README's commands work as written (issue 9 items 20 and 21)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from bot.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")


def section(title: str) -> str:
    return README.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def commands(text: str) -> list[str]:
    """The shell commands of the ```sh blocks in ``text`` (continuations joined)."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [line for block in blocks for line in block.replace("\\\n", " ").splitlines()
            if line.strip()]


def test_quick_start_creates_a_virtual_environment_first() -> None:
    """Item 20: "The quick start fails on a system Python that refuses `pip install`
    outside a virtual environment (PEP 668). Make the two commands work on a fresh
    machine as written ... Say how long the tests take." """
    quick = section("Quick start")
    lines = commands(quick)
    assert len(lines) >= 3
    for line in lines:
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install ")
    assert re.search(r"about \d+ minutes", quick) and "PEP 668" in quick


@pytest.mark.parametrize("line", [c for c in commands(README) if "python -m bot console" in c])
def test_every_console_command_in_the_readme_runs(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The console examples start a game as written (then `quit`)."""
    argv = shlex.split(line.split("python -m bot ", 1)[1])
    argv = [a for a in argv if a not in ("--out", "boards/")]
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*argv, "--out", str(tmp_path / "b"), "--db", str(tmp_path / "c.db")]) == 0
    out = capsys.readouterr().out
    assert "begins!" in out and "Go on with: python -m bot console --resume 1" in out


def test_docker_example_restarts_and_explains_the_user_id() -> None:
    """Item 21: "The Docker example needs `--restart unless-stopped`, and a note on bind
    mounts and the image's user id" — the id the README gives is the image's."""
    docker = section("Docker")
    run = next(c for c in commands(docker) if c.startswith("docker run"))
    assert "--restart unless-stopped" in run and "-v tidebound-data:/data" in run
    uid = re.search(r"ARG TIDEBOUND_UID=(\d+)", DOCKERFILE)
    assert uid and '--uid "$TIDEBOUND_UID"' in DOCKERFILE
    assert f"user id **{uid[1]}**" in docker and f"chown {uid[1]}:{uid[1]}" in docker
    assert "bind mount" in docker
