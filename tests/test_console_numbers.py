"""Console: numbers must not change under the player (issue 9, item 2): "after the first
card of a turn the list of moves is renumbered, so a number typed from the list on
screen played a different move … Refuse a number given against a list that is no longer
current." """

from __future__ import annotations

import asyncio
import io
import re
import threading
from pathlib import Path

import pytest
from tidebound_support import console_args, stored_session

from bot.__main__ import main


def test_a_number_from_a_stale_list_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Player 1's list is on screen; before the typed "1" arrives, another console
    (``--resume`` of the same saved game) plays Player 1's Go Wooding, which ends the
    turn. The "1" is refused rather than played in a position it was not meant for, and
    the prompt goes to whoever acts now, with their list (issue 9 item 2)."""
    from bot import console_input
    from bot.service import Person, SessionService
    from bot.storage import Storage

    db = tmp_path / "console.db"

    async def elsewhere() -> None:
        async with await Storage.open(db) as storage:
            service = SessionService(storage, render=False)
            row = await storage.get(1)
            assert row is not None
            for person in (Person(f"console-{i}", f"Player {i}") for i in (1, 2)):
                if (await service.choices(row.channel_id, person, session_id=1))[1]:
                    await service.move(row.channel_id, person, "act wood", session_id=1)
                    return

    real = console_input.read_line
    typed = iter(["1", "quit"])

    def read_line(prompt: str) -> str:
        line = next(typed)
        if line == "1":
            worker = threading.Thread(target=lambda: asyncio.run(elsewhere()))
            worker.start()
            worker.join()
        monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
        return real(prompt)

    monkeypatch.setattr(console_input, "read_line", read_line)
    args = console_args("hagoth", tmp_path, "--players", "2", "--bots", "0", "--seed", "1",
                        "--options", "target=5")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert re.search(r"^ +1\. Action, no card: Go Wooding", out, re.M)
    first = re.findall(r"^(Player \d) \(hagoth\) > 1$", out, re.M)[0]
    second = "Player 1" if first == "Player 2" else "Player 2"
    answer = out.split(f"{first} (hagoth) > 1\n", 1)[1]
    assert answer.startswith("The position has changed since that list, so the number "
                             "was not played.\n")
    assert re.search(r"^ +1\. ", answer, re.M)  # the list of who acts now
    assert f"{second} (hagoth) > quit" in answer
    row, log_length, replays = stored_session(db)
    assert replays and row.status == "active"
    assert log_length == row.version - 1 == 1  # only the other console's move


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


def _robber_choices_sharing_a_number() -> list:  # type: ignore[type-arg]
    """A seeded Hexfolk position where two moves share one board number (the robber's
    hex, with two players to rob there), and that seat's menu."""
    from games import get_ruleset

    hexfolk = get_ruleset("hexfolk")
    for seed in range(40):
        state = hexfolk.setup(3, {}, seed)
        for _ in range(400):
            actors = sorted(hexfolk.actors(state))
            if not actors:
                break
            seat = actors[0]
            choices = hexfolk.choices(state, seat, ("Player 1", "Bot 1", "Bot 2"))
            numbers = [c.number for c in choices if c.number is not None]
            if len(numbers) != len(set(numbers)):
                return choices
            hexfolk.apply(state, seat, hexfolk.bot_action(state, seat))
    raise AssertionError("no seeded position with a shared board number")


def test_a_board_number_shared_by_several_moves_lists_them(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 9, item 1: "A number typed while the board shows numbers means the board's
    number." Where the board draws one number on a hex with two players to rob, the list
    numbers the two moves apart; typing the board's number then names those two moves,
    with the numbers that play them, instead of saying there is no such move."""
    from bot.console import Console
    from bot.service import Person
    from games import get_ruleset

    choices = _robber_choices_sharing_a_number()
    shared = next(n for n in (c.number for c in choices)
                  if n is not None and sum(c.number == n for c in choices) > 1)

    class Stored:
        version = 7

    class Storage:
        async def get(self, session_id: int) -> Stored:
            return Stored()

    class Service:
        storage = Storage()

    console = Console(get_ruleset("hexfolk"), 3, 2, Path("."))
    person = Person("console-1", "Player 1")
    asyncio.run(console._command(Service(), person, choices, str(shared)))  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert out.startswith(f"The board's {shared} has more than one move.")
    listed = re.findall(r"^\s+(\d+)\. (.*)\[(.*)\]$", out, re.M)
    sharing = [c for c in choices if c.number == shared]
    assert sorted(n for _, _, n in listed) == sorted(f"{c.notation}" for c in sharing)
    assert all(int(number) != shared for number, _, _ in listed)
    # The list on screen is now these numbers: typing one of them plays that move.
    assert console._listed == ("console-1", 7)



@pytest.mark.parametrize(("key", "params", "game_reads_it"), [
    ("hexfolk.illegal.cost", {"item": "a city"}, True),
    ("platform.notation.unknown", {"text": "45"}, False),
])
def test_a_number_off_the_list_is_the_games_to_read(
    capsys: pytest.CaptureFixture[str], key: str, params: dict[str, str],
    game_reads_it: bool,
) -> None:
    """Issue 9, item 1: a number off the list is handed to the game, which reads it as
    the board's number where the board draws it (a city the hand cannot pay for: the
    rules' refusal reaches the player); a number the game cannot read at all is "no move
    N", as before. Either way nothing is played."""
    import contextlib

    from bot.console import Console
    from bot.service import Person
    from games import get_ruleset
    from games.protocol import IllegalAction, MoveChoice

    asked: list[str] = []

    class Service:
        async def move(self, channel: str, person: Person, text: str,
                       session_id: int = 0) -> None:
            asked.append(text)
            raise IllegalAction(key, **params)

    console = Console(get_ruleset("hexfolk"), 3, 2, Path("."))
    choices = [MoveChoice("end", "End the turn"), MoveChoice("buy", "Buy a card")]
    expect = pytest.raises(IllegalAction) if game_reads_it else contextlib.nullcontext()
    with expect as raised:  # the console's loop prints a raised refusal
        asyncio.run(console._command(Service(), Person("console-1", "Player 1"),  # type: ignore[arg-type]
                                     choices, "45"))
    assert asked == ["45"]
    if game_reads_it:
        assert raised.value.message() == "You can't afford a city."
    else:
        assert capsys.readouterr().out.startswith("There is no move 45: choose from 1 to 2")
