"""Forced moves are played for a human (issue 9, item 5): "When a player's only legal move
is forced (a pass, a skipped turn, the only way off a volcano), play it for them and say
so in the account, instead of asking." In the service, and through Discord."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from discord_standin import text_of

from bot.service import Person, SessionService, Update
from bot.storage import ACTIVE, Storage
from games import all_rulesets, get_ruleset
from games.hexfolk import rules as hexfolk_rules

HEXFOLK = get_ruleset("hexfolk")
HOST = Person("u-host", "Hana")
CHANNEL = "chan-forced"
FORCED = "had only one move, so it was played for them"


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    async with await Storage.open(tmp_path / "forced.db") as opened:
        yield opened


def test_the_default_forced_move_is_the_only_legal_one() -> None:
    """protocol: a seat with one legal move has it forced; with two, nothing is forced."""
    for ruleset in all_rulesets():
        if ruleset.id == "hexfolk":
            continue  # narrowed, below
        state = ruleset.setup(ruleset.min_players, {}, 3)
        seat = min(ruleset.actors(state))
        legal = ruleset.legal_actions(state, seat)
        assert len(legal) > 1 and ruleset.forced_action(state, seat) is None


def test_hexfolk_forces_only_an_empty_special_building_phase() -> None:
    """A lone "roll" stays the player's, and a lone "decline" is not forced: a counter
    can be typed (actions.py: "counter 1ore for 2wood")."""
    state = HEXFOLK.setup(5, {}, 4)
    for _ in range(3000):
        seat = min(HEXFOLK.actors(state))
        legal = HEXFOLK.legal_actions(state, seat)
        forced = HEXFOLK.forced_action(state, seat)
        if state.phase == hexfolk_rules.SPECIAL and len(legal) == 1:
            assert forced == legal[0] and HEXFOLK.format_action(forced) == "end"
        else:
            assert forced is None, (state.phase, legal)
        HEXFOLK.apply(state, seat, HEXFOLK.bot_action(state, seat))
        if HEXFOLK.result(state) is not None:
            break


async def _human_plays(service: SessionService, storage: Storage,
                       moves: int) -> tuple[list[Update], int]:
    """Host plays the bot's choice ``moves`` times in a 5-player Hexfolk game."""
    update = await service.new_game(CHANNEL, HOST, "hexfolk", "target=8")
    for _ in range(4):
        await service.add_bot(CHANNEL, HOST)
    updates = [await service.start(CHANNEL, HOST, seed=9)]
    session_id = update.session_id
    for _ in range(moves):
        row = await storage.get(session_id)
        assert row is not None and row.state is not None
        if row.status != ACTIVE:
            break
        state = HEXFOLK.load(json.loads(row.state))
        assert HEXFOLK.forced_action(state, 0) is None, "a forced move was left to ask"
        _, choices = await service.choices(CHANNEL, HOST)
        assert choices, "the human is asked only when it is their turn"
        action = HEXFOLK.bot_action(state, 0)
        updates.append(await service.move(CHANNEL, HOST, HEXFOLK.notate_action(state, action)))
    return updates, session_id


async def test_service_plays_a_forced_move_and_says_so(storage: Storage) -> None:
    service = SessionService(storage, render=False)
    updates, session_id = await _human_plays(service, storage, 250)
    told = [u for u in updates if f"Hana {FORCED}" in u.text]
    assert told, "no forced move came up in 250 moves"
    told_move = told[0].text.split(FORCED, 1)[1].split("\n", 1)[0]
    assert told_move.startswith(": ") and len(told_move) > 4  # the move's label
    # The forced move is logged as the human's own, and the game replays.
    log = await storage.action_log(session_id)
    assert any(e.seat == 0 and e.notation == "end" for e in log)
    assert await service.replay_check(session_id)


def _before_a_forced_move(players: int = 5) -> tuple[object, str]:
    """A Hexfolk position where seat 0's (bot-chosen) move leads, after the bots' replies,
    to a forced move of seat 0; and that move's notation."""
    import copy

    for seed in range(30):
        state = HEXFOLK.setup(players, {}, seed)
        for _ in range(1500):
            if HEXFOLK.result(state) is not None:
                break
            seat = min(HEXFOLK.actors(state))
            action = HEXFOLK.bot_action(state, seat)
            if seat == 0:
                trial = copy.deepcopy(state)
                HEXFOLK.apply(trial, 0, action)
                while HEXFOLK.result(trial) is None and HEXFOLK.actors(trial) - {0}:
                    bot = min(HEXFOLK.actors(trial) - {0})
                    HEXFOLK.apply(trial, bot, HEXFOLK.bot_action(trial, bot))
                if 0 in HEXFOLK.actors(trial) and HEXFOLK.forced_action(trial, 0) is not None:
                    return state, HEXFOLK.notate_action(state, action)
            HEXFOLK.apply(state, seat, action)
    raise AssertionError("no forced move found")


async def test_forced_move_through_discord(standin: object, db_path: str) -> None:
    """Through discord.py: the human's /move is followed by their forced "end", played
    for them; the public post says so, and the human is not asked for it."""
    import aiosqlite
    from discord_standin import running_client, slash
    from tidebound_support import Driver, factory, start_game

    state, notation = _before_a_forced_move()
    driver = Driver(standin)  # type: ignore[arg-type]
    async with running_client(factory(db_path), standin):  # type: ignore[arg-type]
        session_id = await start_game(driver, game="hexfolk", options="target=8", bots=4)
        async with aiosqlite.connect(db_path) as db:  # the position reached in a bot game
            await db.execute("UPDATE sessions SET state = ?, version = version + 100 "
                             "WHERE id = ?", (json.dumps(HEXFOLK.dump(state)), session_id))
            await db.commit()
        payload, start = await driver.send(slash("move", {"move": notation}))
        assert (await driver.callback(payload))["type"] == 5
        post = await driver.public_post(payload, start)
        assert FORCED in text_of(post.json), text_of(post.json)
    async with await Storage.open(db_path) as storage:
        row = await storage.get(session_id)
        assert row is not None and row.state is not None
        after = HEXFOLK.load(json.loads(row.state))
        assert HEXFOLK.forced_action(after, 0) is None or 0 not in HEXFOLK.actors(after)
        log = await storage.action_log(session_id)
        assert [e.notation for e in log if e.seat == 0][-1] == "end"
