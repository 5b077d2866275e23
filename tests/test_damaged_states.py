"""Damaged rows that load and then crash are refused on load (issue 24 item 9).

Issue 24 item 9: "Some corrupted rows pass `check_state` and crash later (Hagoth
`move_tables.py`, … Lovci `rules.py`, Hexfolk `caches.py`) … `check_state` must refuse
them". Each damage below was found by changing one field of a dumped real state
(a small fuzz over bot-game positions): before, the state passed `check_state`, and a
later legal-move list, move, view, bot move or drawing raised (the crash is named next
to each). Now `load` or `check_state` refuses it, so the service marks the session
damaged and answers politely instead; every state of real play still passes.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import Person, ServiceError, SessionService
from bot.storage import Storage
from games import get_ruleset
from games.protocol import StateFormatError

Data = dict[str, Any]
Damage = Callable[[Data], None]


def _set(path: tuple[Any, ...], value: Any) -> Damage:
    def damage(data: Data) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return damage


def _shorter(key: str) -> Damage:
    return lambda data: data.__setitem__(key, data[key][:-1])


def _lovci_tokens(data: Data) -> None:
    data["tokens"]["999"] = [100]


#: (game, players, what the position must hold, damage, the crash it caused before)
DAMAGES: dict[str, tuple[str, int, Callable[[Data], bool], Damage, str]] = {
    "hagoth: an unknown card in the draw pile": (
        "hagoth", 2, lambda d: bool(d["deck"]), _set(("deck", -1), "zzz"),
        "KeyError (state.py, sorting the hand) when it is drawn"),
    "hagoth: a third berth": (
        "hagoth", 2, lambda d: any(d["players"][0]["berths"]),
        lambda d: d["players"][0]["berths"].append(
            next(b for b in d["players"][0]["berths"] if b)),
        "IllegalAction: a listed move refused by its own check"),
    "lovci: a token pile on a square that does not exist": (
        "lovci-pokladu", 2, lambda d: True, _lovci_tokens, "IndexError in the bot"),
    "lovci: a ship owned by a seat that does not exist": (
        "lovci-pokladu", 2, lambda d: True, _set(("ships", 1, "owner"), 2),
        "IllegalAction: the bot passes, check refuses"),
    "lovci: a player in play without a ship": (
        "lovci-pokladu", 2, lambda d: True, _set(("ships", 1, "owner"), 0),
        "IllegalAction: the bot passes, check refuses"),
    "lovci: a sailor on a square off the board": (
        "lovci-pokladu", 2, lambda d: any(s[2] == "board" for s in d["sailors"]),
        lambda d: next(s for s in d["sailors"] if s[2] == "board").__setitem__(3, 999),
        "IndexError in the bot"),
    "lovci: a card type that does not exist": (
        "lovci-pokladu", 2, lambda d: True, _set(("cards", 0), 999), "IndexError in rules.py"),
    "lovci: a pending choice of an unknown kind": (
        "lovci-pokladu", 2, lambda d: d["pending"] is not None,
        _set(("pending", "kind"), "zzz"), "KeyError in rules.py"),
    "lovci: a pending choice with no options": (
        "lovci-pokladu", 2, lambda d: d["pending"] is not None,
        _set(("pending", "options"), []), "ValueError: the bot finds no legal move"),
    "lovci: a pending target off the board": (
        "lovci-pokladu", 2, lambda d: d["pending"] is not None,
        _set(("pending", "options", 0, 0), 999), "IndexError naming the move (actions.py)"),
    "hexfolk: a terrain that does not exist": (
        "hexfolk", 3, lambda d: True, _set(("terrain", 0), 999),
        "IndexError drawing the board"),
    "hexfolk: terrain for fewer hexes than the board has": (
        "hexfolk", 3, lambda d: True, _shorter("terrain"), "IndexError drawing the board"),
    "hexfolk: a hand of four resources": (
        "hexfolk", 3, lambda d: True, _set(("players", 0, "hand"), [0, 0, 0, 0]),
        "IndexError in caches.py (bank rates)"),
    "hexfolk: a negative resource in a hand": (
        "hexfolk", 3, lambda d: True, _set(("players", 0, "hand", 0), -1),
        "IllegalAction: a listed move refused by its own check"),
    "hexfolk: an unknown phase": (
        "hexfolk", 3, lambda d: True, _set(("phase",), "zzz"),
        "ValueError: the bot finds no legal move"),
    "hexfolk: a negative offer count": (
        "hexfolk", 3, lambda d: True, _set(("offers_made",), -999), "IndexError in the bot"),
    "hexfolk: a bank of four resources": (
        "hexfolk", 3, lambda d: True, _shorter("bank"), "IndexError in rules.py"),
    "hexfolk: the longest route held by no seat": (
        "hexfolk", 3, lambda d: True, _set(("longest",), 999), "IndexError in rules.py"),
}


#: Damages that crash only a little later in the game: the position is taken from there.
LATER = {"lovci: a ship owned by a seat that does not exist": 20,
         "lovci: a player in play without a ship": 20,
         "lovci: a sailor on a square off the board": 20,
         "hexfolk: a negative offer count": 20}


def real_position(game: str, players: int, holds: Callable[[Data], bool],
                  start: int = 12) -> Data:
    """The first state of a seeded bot game, ``start`` moves in or later, that ``holds``."""
    ruleset = get_ruleset(game)
    for seed in range(1, 40):
        state = ruleset.setup(players, {}, seed)
        for step in range(600):
            if ruleset.result(state) is not None:
                break
            data = json.loads(json.dumps(ruleset.dump(state)))
            if step >= start and holds(data):
                return data
            seat = min(ruleset.actors(state))
            ruleset.apply(state, seat, ruleset.bot_action(state, seat))
    raise AssertionError(f"no {game} position found")


def refused(game: str, data: Data, players: int) -> bool:
    ruleset = get_ruleset(game)
    try:
        ruleset.check_state(ruleset.load(data), players)
    except StateFormatError:
        return True
    return False


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_state_that_crashed_later_is_refused_on_load(damage: str) -> None:
    """Issue 24 item 9: `check_state` refuses the damaged state (the sound one passes)."""
    game, players, holds, spoil, _crash = DAMAGES[damage]
    data = real_position(game, players, holds, LATER.get(damage, 12))
    assert not refused(game, data, players)
    spoil(data)
    assert refused(game, json.loads(json.dumps(data)), players)


@pytest.mark.parametrize("game", ["hagoth", "lovci-pokladu", "hexfolk"])
def test_every_state_of_real_play_passes_the_checks(game: str) -> None:
    """The checks refuse only damage: every state of bot and random games, at every
    player count, passes (issue 24 item 9 must not lock a sound game out)."""
    ruleset = get_ruleset(game)
    for seed in range(6):
        chooser = random.Random(seed)
        players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
        state = ruleset.setup(players, {}, seed)
        for step in range(700):
            if ruleset.result(state) is not None:
                break
            seat = min(ruleset.actors(state))
            action = (chooser.choice(ruleset.legal_actions(state, seat)) if seed % 2
                      else ruleset.bot_action(state, seat))
            ruleset.apply(state, seat, action)
            if step % 7 == 0:
                ruleset.check_state(ruleset.load(ruleset.dump(state)), players)
        ruleset.check_state(ruleset.load(ruleset.dump(state)), players)


@pytest.mark.parametrize("damage", ["hagoth: an unknown card in the draw pile",
                                    "lovci: a ship owned by a seat that does not exist",
                                    "hexfolk: a bank of four resources"])
async def test_the_service_marks_such_a_session_damaged_and_answers(
        tmp_path: Path, damage: str) -> None:
    """Issue 24 item 9 through the service: after a restart the damaged session answers
    every command with the polite 'damaged' reply instead of crashing later."""
    game, players, _holds, spoil, _crash = DAMAGES[damage]
    host = Person("u-host", "Hana")
    db = tmp_path / "t.db"
    async with await Storage.open(db) as storage:
        service = SessionService(storage, render=False)
        await service.new_game("c", host, game)
        for _ in range(players - 1):
            await service.add_bot("c", host)
        update = await service.start("c", host, seed=5)
        row = await storage.get(update.session_id)
        assert row is not None and row.state is not None
        data = json.loads(row.state)
        spoil(data)
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE sessions SET state = ? WHERE id = ?",
                        (json.dumps(data), update.session_id))
        restarted = SessionService(storage, render=False)
        for request in (restarted.status("c"), restarted.choices("c", host)):
            with pytest.raises(ServiceError) as caught:
                await request
            assert caught.value.key == "platform.service.corrupt"
            assert "damaged" in caught.value.message()
