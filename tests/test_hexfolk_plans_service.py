"""Hexfolk's plans on the platform (issue 26 item 3), through the session service on
SQLite and PostgreSQL: the roll plan rolls at the start of the owner's turn, the discard
order discards on a seven, each told as the move itself, and ``/plan show`` describes
them in the reader's language (RULES-NOTES HX-D80, HX-D83)."""

from __future__ import annotations

import json

from test_hexfolk_plans import reach
from test_plans_service import ALICE, BOB, CAROL, CHANNEL, service_on
from tidebound_support import write_raw

from bot.console_plans import plan_command
from bot.requests import Person
from bot.service import SessionService
from bot.storage import Storage
from games.hexfolk import RULESET
from games.hexfolk.state import DISCARD, ROLL, HexfolkState

DAVE = Person("u-d", "Dave")


async def hexfolk_game(storage: Storage, service: SessionService, state: HexfolkState
                       ) -> int:
    """A four-player game in ``CHANNEL`` whose stored state is ``state``."""
    await service.new_game(CHANNEL, ALICE, "hexfolk")
    for person in (BOB, CAROL, DAVE):
        await service.join(CHANNEL, person)
    update = await service.start(CHANNEL, ALICE, seed=3)
    await write_raw(storage, "UPDATE sessions SET state = ? WHERE id = ?",
                    (json.dumps(RULESET.dump(state)), update.session_id))
    service.sessions.forget(update.session_id)
    return update.session_id


async def stored(storage: Storage, session_id: int) -> HexfolkState:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return RULESET.load(json.loads(row.state))


async def test_roll_plan_rolls_for_its_owner(database: str) -> None:
    """Issue 26 item 3 "roll at the start of my turn", played by the platform."""
    state = reach(4, lambda s: s.phase == ROLL and s.current == 0 and s.turn > 2)
    state.players[0].devs, state.players[0].bought = [], []
    async with service_on(database) as (storage, service):
        sid = await hexfolk_game(storage, service, state)
        reply = await service.set_plan(CHANNEL, ALICE, "roll", {"knight": "always"}, "en")
        assert "Roll at the start of each of your turns." in reply.text
        assert reply.update is not None, "Alice's turn begins with a roll: played now"
        after = await stored(storage, sid)
        assert after.rolled or after.phase != ROLL
        assert "Alice" in reply.update.text and "roll" in reply.update.text.lower()
        shown = await service.show_plans(CHANNEL, ALICE, "cs")
        assert "Házet na začátku každého vašeho tahu." in shown
        assert "Házet na začátku každého vašeho tahu." not in await service.show_plans(
            CHANNEL, BOB, "cs"), "private to Alice"


async def test_discard_order_discards_for_its_owner(database: str) -> None:
    """Issue 26 item 3 "discard on a seven by my order of preference" (HX-D83)."""
    state = reach(4, lambda s: s.phase == DISCARD and s.discards[0] > 0)
    owed, hand = state.discards[0], list(state.players[0].hand)
    async with service_on(database) as (storage, service):
        sid = await hexfolk_game(storage, service, state)
        printed = await plan_command(service, CHANNEL, ALICE, "discard order=ore,wool", "en")
        assert "On a seven, discard in this order: ore → wool → wood → brick → grain." \
            in printed, "the console's one-word order (HX-D83)"
        after = await stored(storage, sid)
        assert after.discards[0] == 0
        assert sum(hand) - sum(after.players[0].hand) == owed
        assert after.players[0].hand[4] == max(0, hand[4] - owed), "ore goes first"
