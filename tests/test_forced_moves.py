"""Forced moves are played for a human (issue 9, item 5): "When a player's only legal move
is forced (a pass, a skipped turn, the only way off a volcano), play it for them and say
so in the account, instead of asking." In the service, and through Discord."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
    assert "End" in told[0].text.split(FORCED, 1)[1].split("\n", 1)[0]
    # The forced move is logged as the human's own, and the game replays.
    log = await storage.action_log(session_id)
    assert any(e.seat == 0 and e.notation == "end" for e in log)
    assert await service.replay_check(session_id)
