"""Console: numbers must not change under the player (issue 9, item 2): "after the first
card of a turn the list of moves is renumbered, so a number typed from the list on
screen played a different move … Refuse a number given against a list that is no longer
current." """

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from tidebound_support import console_args, stored_session

from bot.__main__ import main


def test_a_number_from_a_stale_list_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hot seat: Player 1 lists and plays (Go Wooding ends the turn); Player 2 then types a
    number while the list on screen is Player 1's, for a position that is gone. It is
    refused, and the current list is printed, so the next number means what is shown."""
    script = ["moves", "1", "1", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args("hagoth", tmp_path, "--players", "2", "--bots", "0", "--seed", "1",
                        "--options", "target=5")
    assert main(args) == 0
    out = capsys.readouterr().out
    prompts = re.findall(r"^(Player \d) \(hagoth\) > 1$", out, re.M)
    first, second = prompts  # the seat that played, then the other one
    assert first != second
    before, after = out.split(f"{second} (hagoth) > 1\n", 1)
    answer = after.split(f"{second} (hagoth) >", 1)[0]
    assert answer.startswith("The position has changed since that list")
    # Nothing was played: no account of a move, the log holds only the first turn.
    assert "    1. " in answer and f"{second} " not in answer
    assert f"{first} went wooding" in before
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert replays and row.status == "active"
    assert log_length == row.version - 1 == 1


def test_a_number_from_the_current_list_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = ["moves", "1", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args("hagoth", tmp_path, "--players", "2", "--bots", "1", "--seed", "1",
                        "--options", "target=5")
    assert main(args) == 0
    out = capsys.readouterr().out
    listed = next(line for line in out.splitlines() if line.startswith("    1. "))
    assert "Go Wooding" in listed
    assert "Player 1 went wooding" in out and "has changed" not in out


def test_hexfolk_console_numbers_are_the_board_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 9, item 1: "Menus, autocomplete, the console and /move all agree." In the
    console list a move onto a numbered place carries the board's number, and typing that
    number (or ``settle 12``) builds on the corner the board numbers 12."""
    from bot.service import game_options
    from games import get_ruleset
    from games.hexfolk.actions import Settle

    script = ["moves", "12", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args("hexfolk", tmp_path, "--players", "2", "--bots", "1", "--seed", "3")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "   12. Settle " in out  # the board's number, shown once
    row, _, replays = stored_session(tmp_path / "console.db")
    assert replays and row.seed == 3
    hexfolk = get_ruleset("hexfolk")
    log = asyncio.run(_log(tmp_path / "console.db", row.id))
    state = hexfolk.setup(2, game_options(row.options), 3)
    first = next(i for i, entry in enumerate(log) if entry.seat == 0)
    for entry in log[:first]:  # up to the human's first move: the board they saw
        hexfolk.play(state, entry.seat, entry.notation)
    corner = next(i for n, _, i in hexfolk.view(state, None).spots if n == 12)
    assert log[first].notation == hexfolk.notate_action(state, Settle(corner))
    assert hexfolk.read_action(state, 0, "settle 12") == Settle(corner)


async def _log(db: Path, session_id: int) -> list:
    from bot.storage import Storage

    async with await Storage.open(db) as storage:
        return list(await storage.action_log(session_id))
