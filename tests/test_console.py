"""The console client, run in-process with scripted input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from tidebound_support import assert_pngs, console_args, stored_session

from bot.__main__ import main
from bot.storage import ACTIVE, FINISHED


def console(tmp_path: Path, *extra: str) -> list[str]:
    return console_args("hagoth", tmp_path, *extra)


def test_all_bots_play_a_whole_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # nothing may be read
    args = console(tmp_path, "--players", "2", "--bots", "2", "--seed", "1",
                   "--options", "target=10")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Game over: " in out and " wins! Scores: Bot 1 " in out
    assert ">" not in out  # no prompt
    files = assert_pngs(tmp_path / "boards")
    assert [f.name for f in files] == ["0001.png", "0002-summary.png"]  # board, then summary
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and row.seed == 1 and row.options["target"] == 10
    assert row.channel_id.startswith("console-")
    assert [s.name for s in row.seats] == ["Bot 1", "Bot 2"]
    assert log_length == row.version - 1 > 20 and replays

    # A second run in the same file is a fresh session; images continue the numbering.
    assert main([*args[:-2], "--options", "target=5", "--bots", "2"]) == 0
    boards = [f.name for f in assert_pngs(tmp_path / "boards") if "summary" not in f.name]
    assert boards == ["0001.png", "0003.png"]
    assert len(list((tmp_path / "boards").glob("*-summary.png"))) == 2  # one per game
    second, _, replays = stored_session(tmp_path / "console.db", 2)
    assert second.status == FINISHED and second.channel_id != row.channel_id and replays


def test_human_against_a_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = ["help", "moves", "1", "play great", "42", "hand", "status", *["1"] * 150, "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console(tmp_path, "--players", "2", "--bots", "1", "--seed", "1",
                   "--options", "target=5")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "The game of Hagoth: Builder of Ships begins!" in out
    assert "Player 1 (hagoth) > " in out
    assert "quit      stop" in out  # help
    assert "  1. Action, no card: Go Wooding   [act wood]" in out  # moves
    assert ("Sorry, that didn't work: I can't read the move “play great”. Type `moves`"
            in out)
    assert "There is no move 42: choose from 1 to" in out
    assert "Player 1's hand: " in out
    assert "Player 1 went wooding without a card" in out  # the game went on
    files = assert_pngs(tmp_path / "boards")
    assert any(f.name.endswith("-hand-player1.png") for f in files)
    assert len(files) > 5 and files[0].name == "0001.png"

    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert [(s.name, s.user_id, s.is_bot) for s in row.seats] == [
        ("Player 1", "console-1", False), ("Bot 1", None, True)]
    assert log_length == row.version - 1 > 10 and replays
    assert row.status == FINISHED and "Game over: " in out  # long before the script ends
    assert "Bye" not in out


def test_end_of_input_exits_cleanly_and_the_game_stays_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("moves\n"))
    assert main(console(tmp_path, "--players", "3", "--bots", "1", "--seed", "7")) == 0
    out = capsys.readouterr().out
    assert "End of input: the game stays saved." in out
    row, _, replays = stored_session(tmp_path / "console.db")
    assert row.status == ACTIVE and replays
    assert [s.user_id for s in row.seats] == ["console-1", "console-2", None]


def test_hot_seat_asks_whichever_human_must_act(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("act wood\n" * 4))
    assert main(console(tmp_path, "--players", "2", "--seed", "3")) == 0
    out = capsys.readouterr().out
    assert "Player 1 (hagoth) > " in out and "Player 2 (hagoth) > " in out
    assert out.count("went wooding without a card") == 4


@pytest.mark.parametrize(("extra", "message"), [
    (["--players", "9"], "takes 2 to 4 players, not 9"),
    (["--players", "1"], "takes 2 to 4 players, not 1"),
    (["--players", "2", "--bots", "3"], "--bots must be between 0 and"),
    (["--options", "target=3"], "Option “target” must be a whole number from 5 to 25"),
    (["--options", "colour=red"], "There is no option “colour”"),
])
def test_bad_arguments_are_refused_politely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(console(tmp_path, *extra)) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err
    assert not (tmp_path / "console.db").exists()  # nothing was opened


def test_unknown_game_is_refused_politely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["console", "chess", "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: There is no game “chess”. Games here: ") and "hagoth" in err
