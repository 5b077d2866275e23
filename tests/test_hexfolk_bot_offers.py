"""A bot's trade offer never waits for a person (issue 9 item 18), through the session
service: in an 8-player game with one human and seven bots, the human is never asked to
answer a bot's offer, bots still answer each other's offers, and the human's own offers
reach the bots at once. RULES-NOTES.md, "Bots' offers never hold up play"."""

from __future__ import annotations

import json
from pathlib import Path

from bot.service import Person, SessionService, bot_move_order
from bot.storage import Storage
from games import get_ruleset
from games.hexfolk.state import TRADE

HEXFOLK = get_ruleset("hexfolk")
HOST = Person("u-host", "Hana")
CHANNEL = "chan-offers"


def test_bots_that_moved_least_recently_move_first() -> None:
    """The service's order within one step: a bot that just made an offer goes last."""
    assert bot_move_order({1, 2, 3}, [(0, "roll"), (2, "offer 1ore for 1wool")]) == [1, 3, 2]
    assert bot_move_order({3, 1}, []) == [1, 3]


async def test_the_human_is_never_asked_to_answer_a_bot_offer(tmp_path: Path) -> None:
    async with await Storage.open(tmp_path / "offers.db") as storage:
        service = SessionService(storage, render=False)
        opened = await service.new_game(CHANNEL, HOST, "hexfolk", "")
        for _ in range(7):
            await service.add_bot(CHANNEL, HOST)
        update = await service.start(CHANNEL, HOST, seed=1)
        bot_offers = bot_trades = 0
        for _ in range(60):
            if update.finished:
                break
            row = await storage.get(opened.session_id)
            assert row is not None and row.state is not None
            state = HEXFOLK.load(json.loads(row.state))
            assert 0 in HEXFOLK.actors(state)
            assert not (state.phase == TRADE and state.current != 0), \
                "the human was asked to answer a bot's offer"
            bot_offers += sum(" offers " in line and not line.startswith("Hana")
                              for line in update.text.splitlines())
            bot_trades += sum(" trades " in line and not line.startswith("Hana")
                              for line in update.text.splitlines())
            notation = HEXFOLK.format_action(HEXFOLK.bot_action(state, 0))
            update = await service.move(CHANNEL, HOST, notation)
            if notation.startswith("offer"):
                # the bots have answered by the time the human sees the board again
                row = await storage.get(opened.session_id)
                assert row is not None and row.state is not None
                after = HEXFOLK.load(json.loads(row.state))
                assert after.offer is None or HEXFOLK.actors(after) == frozenset({0})
        assert bot_offers > 0 and bot_trades > 0
