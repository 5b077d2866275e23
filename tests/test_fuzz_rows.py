"""Damaged rows in the database, for every registered game (issue 7, defect 1, item 6).

A session whose row cannot be loaded — garbage JSON, a game id nobody knows, a wrong
schema, seats that do not match the players, an index out of range, a broken board —
must be marked damaged, logged once, and answered politely ("this game is damaged;
the host can abandon it") in its channel, while every other session goes on. The host
can still abandon it. Through Discord, the bot still starts.
"""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from discord_standin import USER_ID, DiscordStandin, autocomplete, running_client, slash, text_of
from game_positions import LONG, RULESET_IDS
from tidebound_support import Driver, factory

from bot.service import Person, ServiceError, SessionService
from bot.storage import ABANDONED, ACTIVE, Storage

HOST = Person(str(USER_ID), "alice")
DAMAGED = "platform.service.corrupt"

Damage = Callable[[sqlite3.Connection, int, dict[str, Any]], None]


def _state(raw: sqlite3.Connection, session_id: int, data: Any) -> None:
    raw.execute("UPDATE sessions SET state = ? WHERE id = ?",
                (data if isinstance(data, str) else json.dumps(data), session_id))


def _index_out_of_range(raw: sqlite3.Connection, session_id: int, data: dict[str, Any]) -> None:
    data["current"] = 99  # every game so far names the seat to play "current"
    _state(raw, session_id, data)


def _board(raw: sqlite3.Connection, session_id: int, data: dict[str, Any]) -> None:
    """What lies on the board points nowhere: a board layout, card or blueprint that
    does not exist (whichever the game has)."""
    if "board" in data:
        data["board"] = "no such board"
    elif "cards" in data:
        data["cards"][data["face_up"].index(1)] = 999  # a card in sight
    elif "locations" in data:
        data["locations"][0][2] = 999  # Haze Islands: the start location's map card
    else:
        data["players"][0]["berths"][0] = {"design": 99, "segments": [], "wood": 0}
    _state(raw, session_id, data)


DAMAGES: dict[str, Damage] = {
    "garbage JSON": lambda raw, sid, data: _state(raw, sid, "{not json"),
    "not an object": lambda raw, sid, data: _state(raw, sid, "[1, 2]"),
    "no state": lambda raw, sid, data: raw.execute(
        "UPDATE sessions SET state = NULL WHERE id = ?", (sid,)),
    "unknown game": lambda raw, sid, data: raw.execute(
        "UPDATE sessions SET game = 'chess' WHERE id = ?", (sid,)),
    "wrong schema": lambda raw, sid, data: _state(raw, sid, {**data, "schema": 99}),
    "missing key": lambda raw, sid, data: _state(
        raw, sid, {k: v for k, v in data.items() if k != "players"}),
    "seats out of range": lambda raw, sid, data: raw.execute(
        "UPDATE seats SET seat = seat + 5 WHERE session_id = ? AND seat > 0", (sid,)),
    "a seat missing": lambda raw, sid, data: raw.execute(
        "DELETE FROM seats WHERE session_id = ? AND seat = "
        "(SELECT MAX(seat) FROM seats WHERE session_id = ?)", (sid, sid)),
    "index out of range": _index_out_of_range,
    "broken board": _board,
}


async def _start(service: SessionService, channel: str, game: str, bots: int = 2) -> int:
    await service.new_game(channel, HOST, game)
    for _ in range(bots):
        await service.add_bot(channel, HOST)
    update = await service.start(channel, HOST, seed=11)
    return update.session_id


async def _play_once(service: SessionService, channel: str) -> None:
    """The host plays a legal move (or nothing is due for them): the game goes on."""
    row, choices = await service.choices(channel, HOST)
    if choices:
        update = await service.move(channel, HOST, choices[0].notation)
        assert update.version > row.version


@pytest.mark.parametrize("game", RULESET_IDS)
@pytest.mark.parametrize("damage", list(DAMAGES))
async def test_a_damaged_session_is_refused_politely_and_the_others_go_on(
    tmp_path: Path, game: str, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 7, defect 1: "a session that cannot load is marked damaged, is logged once,
    and answers every command in its channel with 'this game is damaged; the host can
    abandon it'. Every other session goes on." """
    db = tmp_path / "t.db"
    async with await Storage.open(db) as storage:
        service = SessionService(storage, render=False)
        bad = await _start(service, "bad", game)
        await _start(service, "good", game)
        row = await storage.get(bad)
        assert row is not None and row.state is not None
        with sqlite3.connect(db) as raw:
            DAMAGES[damage](raw, bad, json.loads(row.state))

        restarted = SessionService(storage, render=False)  # as after a restart
        with caplog.at_level(logging.ERROR, logger="tidebound.service"):
            await restarted.resume_all()
            for _ in range(2):
                for request in (restarted.status("bad"), restarted.choices("bad", HOST),
                                restarted.hand("bad", HOST),
                                restarted.move("bad", HOST, "x"),
                                restarted.leave("bad", HOST)):
                    with pytest.raises(ServiceError) as caught:
                        await request
                    assert caught.value.key == DAMAGED
                    assert "damaged" in caught.value.message()
                    assert "abandon" in caught.value.message()
        logged = [r for r in caplog.records if f"session {bad} " in r.getMessage()]
        assert len(logged) == 1, "logged once, with its session id"
        assert bad in restarted.damaged

        await _play_once(restarted, "good")
        assert (await restarted.status("good")).status == ACTIVE
        abandoned = await restarted.abandon("bad", HOST, can_manage=False)
        assert abandoned.status == ABANDONED
        await restarted.new_game("bad", HOST, game)  # the channel is free again


@pytest.mark.parametrize("game", RULESET_IDS)
async def test_randomly_damaged_states_load_or_are_refused(tmp_path: Path, game: str) -> None:
    """Issue 7, item 6: corrupt rows (values of the wrong type, out of range, keys
    removed) are either read as a sound state or refused as damaged; never another
    error."""
    rng = random.Random(game)
    junk: list[Any] = [None, "x", -1, 99, 10**30, [], {}, [99], 1.5, True]
    async with await Storage.open(tmp_path / "t.db") as storage:
        service = SessionService(storage, render=False)
        session_id = await _start(service, "c", game)
        row = await storage.get(session_id)
        assert row is not None and row.state is not None
        original = json.loads(row.state)
        loaded = refused = 0
        for _ in range(400 if LONG else 60):
            data = json.loads(row.state)
            target = data
            path = []
            while isinstance(target, (dict, list)) and target and rng.random() < 0.7:
                key = rng.choice(list(target)) if isinstance(target, dict) else \
                    rng.randrange(len(target))
                if not isinstance(target[key], (dict, list)) or not target[key]:
                    break
                path.append(key)
                target = target[key]
            if isinstance(target, dict) and target:
                key = rng.choice(list(target))
                if rng.random() < 0.2:
                    del target[key]
                else:
                    target[key] = rng.choice(junk)
            elif isinstance(target, list) and target:
                target[rng.randrange(len(target))] = rng.choice(junk)
            row.state, row.version = json.dumps(data), row.version + 1
            try:
                state = service.sessions.load(row).state
            except ServiceError as error:
                assert error.key == DAMAGED
                refused += 1
            else:
                loaded += 1
                ruleset = service.sessions.load(row).ruleset
                for seat in ruleset.actors(state):
                    ruleset.choices(state, seat)
            service.damaged.clear()
        assert refused, "some damage must be noticed"
        assert original  # the untouched copy is still what the game started with


async def test_the_bot_starts_with_a_damaged_session_and_answers_in_its_channel(
    standin: DiscordStandin, db_path: str
) -> None:
    """Issue 7, defect 1: an unknown game id made setup_hook fail. Now the bot starts,
    every command in that channel says the game is damaged, and the host abandons it."""
    from discord_standin import CHANNEL_ID

    async with await Storage.open(db_path) as storage:
        session_id = await _start(SessionService(storage, render=False), str(CHANNEL_ID),
                                  "hagoth")
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE sessions SET game = 'chess' WHERE id = ?", (session_id,))

    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        for payload in (slash("game", subcommand="status"), slash("hand"),
                        slash("move", {"move": "act wood"})):
            payload, start = await driver.send(payload)
            assert "damaged" in await driver.ephemeral_text(payload, start)
        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
        body = await driver.callback(payload)
        assert "damaged" in body["data"]["choices"][0]["name"]
        payload, start = await driver.send(slash("game", subcommand="abandon"))
        post = await driver.public_post(payload, start)
        assert "abandoned" in text_of(post.json)
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new"))
        assert "opened a game" in (await driver.callback(payload))["data"]["content"]
