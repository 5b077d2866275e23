"""Old game logs replay (issue 26 item 2 changed the rules of the log).

Item 2 made two answers simultaneous: Hexfolk's special building phase asks everyone at
once "build or pass" before anyone builds (HX-D78), and Shipyard's contracts are given up
in one secret choice each (SY-D39). Stored states load, but the logs of games played
before did not replay past the first special building phase or contract discard: every
``/game log``, history file, animated replay and take-back of such a game failed.

The logs in ``tests/old_logs/`` were played by the bots on the engine of 6742e8a, the
commit before the change (``tests/old_logs/record.py`` says how), with the state at their
end. Each must replay on today's rules (:class:`bot.replay.Log`, HX-D85, SY-D61) to the
same final position. So must a game stored halfway through such a stretch when the rules
changed, which went on today's way from the stored state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.console_retell import Retelling
from bot.history import history_text, log_lines, parse_history
from bot.replay import ReplayError, rebuild, replay
from bot.storage_rows import LoggedAction, SeatRow, SessionRow
from games import Ruleset, get_ruleset

OLD = Path(__file__).resolve().parent / "old_logs"

#: (file name, game, players, seed): complete games of the old rules.
GAMES = [
    ("hexfolk-5p-seed7", "hexfolk", 5, 7),
    ("shipyard-3p-seed7", "shipyard", 3, 7),
    ("shipyard-4p-seed8", "shipyard", 4, 8),
]


def entries_of(name: str) -> list[tuple[int, str]]:
    lines = (OLD / f"{name}.txt").read_text().splitlines()
    return [(int(seat), notation) for seat, notation in (line.split("\t", 1) for line in lines)]


def position(ruleset: Ruleset[Any, Any], state: Any) -> dict[str, Any]:
    """The state as JSON, with Shipyard's record of the contracts given up as a set: the
    old rules appended them one at a time, today's one choice appends green then blue,
    and nothing reads their order (the hidden-information pool takes them as a set)."""
    data: dict[str, Any] = json.loads(json.dumps(ruleset.dump(state), sort_keys=True))
    for player in data.get("players", []):
        if isinstance(player, dict) and "given_up" in player:
            player["given_up"] = sorted(player["given_up"])
    return data


def old_final(ruleset: Ruleset[Any, Any], name: str) -> dict[str, Any]:
    return position(ruleset, ruleset.load(json.loads((OLD / f"{name}.json").read_text())))


@pytest.mark.parametrize(("name", "game", "players", "seed"), GAMES)
def test_an_old_log_replays_to_the_same_final_position(name: str, game: str, players: int,
                                                       seed: int) -> None:
    """Issue 26 item 2 (HX-D85, SY-D61): the old log replays on today's rules, through
    ``rebuild`` and ``replay`` alike, to the position the old rules ended in, the game
    over with the same winner. Read as logged, it stops at the first special building
    phase / contract discard (what the upgrade fixes)."""
    ruleset = get_ruleset(game)
    entries = entries_of(name)
    expected = old_final(ruleset, name)
    assert position(ruleset, rebuild(ruleset, players, {}, seed, entries)) == expected
    steps = list(replay(ruleset, players, {}, seed, entries))
    assert position(ruleset, steps[-1].state) == expected
    assert ruleset.result(steps[-1].state) is not None
    # every step stands for a logged entry, in the log's order, up to the last one
    indices = [step.index for step in steps]
    assert indices == sorted(indices) and indices[-1] == len(entries) - 1
    assert len(steps) != len(entries)  # the log really held the old form

    class AsLogged(type(ruleset)):  # type: ignore[misc]
        def upgrade_log(self, state: Any, log: Any, start: int) -> None:
            return None

    with pytest.raises(ReplayError):
        rebuild(AsLogged(), players, {}, seed, entries)


@pytest.mark.parametrize(("name", "game", "players", "seed"), [
    ("hexfolk-5p-seed7-stored", "hexfolk", 5, 7),
    ("shipyard-3p-seed7-stored", "shipyard", 3, 7),
])
def test_a_game_stored_halfway_replays(name: str, game: str, players: int, seed: int) -> None:
    """Issue 26 item 2: a game stored under the old rules halfway through a special
    building phase (Hexfolk) or a countdown's discards (Shipyard) goes on from its stored
    state today's way; its whole log, both forms, replays to where it really ended."""
    ruleset = get_ruleset(game)
    state = ruleset.load(json.loads((OLD / f"{name}.json").read_text()))
    log = entries_of(name)
    old_length = len(log)
    while ruleset.result(state) is None and len(log) < 5000:
        seat = min(ruleset.actors(state))
        action = ruleset.bot_action(state, seat)
        log.append((seat, ruleset.notate_action(state, action)))
        ruleset.apply(state, seat, action)
    assert ruleset.result(state) is not None and len(log) > old_length + 50
    assert position(ruleset, rebuild(ruleset, players, {}, seed, log)) == \
        position(ruleset, state)


def stored_game(entries: list[tuple[int, str]], *, bots: bool
                ) -> tuple[SessionRow, list[LoggedAction]]:
    """The old 5-player Hexfolk game (seed 7) as the service stores it: its row, five
    named seats (``bots``: all bots), and its log a minute a move."""
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    row = SessionRow(1, "c", None, "hexfolk", {}, "finished", "u0", "en", 7, None, 1,
                     1_700_000_000.0, 1_700_000_000.0,
                     [SeatRow(i, name, f"u{i}", bots) for i, name in enumerate(names)])
    log = [LoggedAction(i + 1, seat, notation, 1_700_000_000.0 + 60 * i)
           for i, (seat, notation) in enumerate(entries)]
    return row, log


def test_the_log_and_history_of_an_old_game() -> None:
    """Issue 26 item 2: ``/game log`` numbers and times each move by the entry it was
    logged as, in order (the sign-up answers of an old phase take its first entry), and
    the history file of an old game is written in today's moves, so it replays."""
    ruleset = get_ruleset("hexfolk")
    entries = entries_of("hexfolk-5p-seed7")
    row, log = stored_game(entries, bots=False)
    lines = log_lines(row, log, {}, len(entries))
    numbers = [int(line.split(".", 1)[0].replace(",", "")) for line in lines]
    assert numbers == sorted(numbers) and numbers[-1] == len(entries)
    assert len(numbers) > len(entries)  # an old phase's answers share its first entry
    history = parse_history(history_text(row, log, {}, over=True))
    assert len(history.entries) > len(entries)
    assert "build" in {notation for _, notation in history.entries}
    final = rebuild(ruleset, 5, {}, 7, history.entries)
    assert position(ruleset, final) == old_final(ruleset, "hexfolk-5p-seed7")


def test_the_console_retells_an_old_game() -> None:
    """Issue 26 item 2: an all-bot console game logged under the old rules and resumed
    today catches up on its log (``Retelling.tell``, quiet) in today's moves, to the
    position the old rules ended in; read as logged, it stopped at the first special
    building phase."""
    entries = entries_of("hexfolk-5p-seed7")
    row, log = stored_game(entries, bots=True)
    ruleset = get_ruleset("hexfolk")
    retelling = Retelling.begin(ruleset, row, "en", "end", lambda png, suffix: OLD)
    retelling.tell(log[:40], quiet=True)  # the founding, told as it came in
    retelling.tell(log, quiet=True)  # the rest at once, as a resumed console does
    assert retelling.told == len(log)
    assert position(ruleset, retelling.state) == old_final(ruleset, "hexfolk-5p-seed7")
