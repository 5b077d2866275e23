"""Plans on the platform (issue 26 item 3), through the session service on SQLite and
PostgreSQL: set, shown, played with the move's own public account, cancelled (and the
owner told privately) when the position they rely on changes, cleared, refused cleanly,
and kept across a restart.

The game is Lovci pokladů on a hand-built position (:func:`test_lovci_rules.position`:
open sea face up; Alice is seat 0 with her first sailor on E3, Bob seat 1).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from test_lovci_rules import position, put, sq
from tidebound_support import read_raw, write_raw

from bot.requests import Person, ServiceError
from bot.service import SessionService
from bot.storage import Storage
from games.lovci_pokladu import RULESET
from games.lovci_pokladu.actions import SailorMove
from games.lovci_pokladu.state import LovciState

ALICE, BOB, CAROL = Person("u-a", "Alice"), Person("u-b", "Bob"), Person("u-c", "Carol")
CHANNEL = "plans"


@asynccontextmanager
async def service_on(database: str) -> AsyncIterator[tuple[Storage, SessionService]]:
    async with await Storage.open(database) as storage:
        service = SessionService(storage, render=False)
        try:
            yield storage, service
        finally:
            await service.close()


async def lovci_game(storage: Storage, service: SessionService, state: LovciState) -> int:
    """A game of Alice and Bob in ``CHANNEL`` whose stored state is ``state``."""
    await service.new_game(CHANNEL, ALICE, "lovci-pokladu")
    await service.join(CHANNEL, BOB)
    update = await service.start(CHANNEL, ALICE, seed=3)
    await write_raw(storage, "UPDATE sessions SET state = ? WHERE id = ?",
                    (json.dumps(RULESET.dump(state)), update.session_id))
    service.sessions.forget(update.session_id)
    return update.session_id


async def stored(storage: Storage, session_id: int) -> LovciState:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return RULESET.load(json.loads(row.state))


async def plan_rows(storage: Storage, session_id: int) -> list[tuple[int, str]]:
    return [(int(r[0]), str(r[1])) for r in await read_raw(
        storage, "SELECT seat, slot FROM plans WHERE session_id = ?", (session_id,))]


def walker() -> LovciState:
    state = position()
    put(state, 0, "E3")
    return state


async def test_plan_set_shown_played_and_cleared(database: str) -> None:
    """Issue 26 item 3: "/plan to set, /plan show to see, /plan clear"; "played by the
    platform at the moment it applies, with the same public account as the move itself"."""
    async with service_on(database) as (storage, service):
        sid = await lovci_game(storage, service, walker())
        reply = await service.set_plan(CHANNEL, ALICE, "walk_to", {"piece": "1",
                                                                    "square": "E7"}, "en")
        assert "Plan set: Sailor 1 walks to E7 by E4 → E5 → E6 → E7" in reply.text
        assert reply.update is not None, "it is Alice's turn: the first step is played now"
        state = await stored(storage, sid)
        assert state.sailors[0].square == sq("E4") and state.current == 1
        by_hand = walker()
        events = RULESET.apply(by_hand, 0, SailorMove(0, None, sq("E4")))
        account = [e.text(["Alice", "Bob"]) for e in events]
        assert reply.update.text.split("\n")[:len(account)] == account, \
            "the public account is the move's own"
        assert "plan" not in reply.update.text.lower()

        # Bob moves his ship: Alice's plan takes her next step in the same update
        update = await service.move(CHANNEL, BOB, "ship right")
        assert (await stored(storage, sid)).sailors[0].square == sq("E5")
        assert "Alice" in update.text and "E5" in update.text

        shown = await service.show_plans(CHANNEL, ALICE, "ru")
        assert "Моряк 1 идёт к E7" in shown
        assert "Walk to" not in shown and "Идти к" in shown, "the kinds in the reader's language"
        assert "E7" not in await service.show_plans(CHANNEL, BOB, "en"), "private to Alice"

        assert await service.clear_plans(CHANNEL, ALICE, "en") == \
            "Your plans in this game are cleared."
        assert await plan_rows(storage, sid) == []
        await service.move(CHANNEL, BOB, "ship left")
        assert (await stored(storage, sid)).sailors[0].square == sq("E5"), "no plan: asked"
        assert "You have no plans" in await service.show_plans(CHANNEL, ALICE, "en")


async def test_plan_done_tells_its_owner(database: str) -> None:
    """A plan that did its work is removed and its owner told, privately."""
    async with service_on(database) as (storage, service):
        state = walker()
        sid = await lovci_game(storage, service, state)
        reply = await service.set_plan(CHANNEL, ALICE, "walk_to", {"piece": "1",
                                                                    "square": "E4"}, "cs")
        assert reply.update is not None
        assert "Váš plán je splněn" in reply.text, reply.text
        assert await plan_rows(storage, sid) == []


async def test_plan_cancelled_when_its_position_changes(database: str) -> None:
    """Issue 26 item 3 "cancelled, and its owner pinged, as soon as the position it relies
    on changes": Bob turns a face-down card on Alice's route; the plan goes, Alice gets a
    note in her language and nobody else does."""
    async with service_on(database) as (storage, service):
        state = position(cards={f"{c}5": ("sea", 0, False) for c in "ABCDEFGH"})
        put(state, 0, "E3")
        put(state, 4, "D6")
        state.current = 1
        sid = await lovci_game(storage, service, state)
        reply = await service.set_plan(CHANNEL, ALICE, "walk_to", {"piece": "1",
                                                                    "square": "E7"}, "ru")
        assert reply.update is None, "Bob's turn: the plan waits"
        assert await plan_rows(storage, sid) == [(0, "walk")]
        update = await service.move(CHANNEL, BOB, "sailor 1 to E5")
        assert (await stored(storage, sid)).face_up[sq("E5")]
        assert set(update.plan_notes) == {ALICE.user_id}
        assert "Ваш план отменён" in update.plan_notes[ALICE.user_id]
        assert "закрытую карту на пути открыли" in update.plan_notes[ALICE.user_id]
        assert await plan_rows(storage, sid) == []
        assert (await stored(storage, sid)).sailors[0].square == sq("E3"), "nothing played"


async def test_plans_survive_a_restart(database: str) -> None:
    """Issue 26 item 3 "stored with the game, survives a restart"."""
    async with service_on(database) as (storage, service):
        state = walker()
        state.current = 1
        sid = await lovci_game(storage, service, state)
        await service.set_plan(CHANNEL, ALICE, "walk_to", {"piece": "1", "square": "E7"},
                               "en")
    async with service_on(database) as (storage, service):
        assert await plan_rows(storage, sid) == [(0, "walk")]
        assert "Sailor 1 walks to E7" in await service.show_plans(CHANNEL, ALICE, "en")
        await service.move(CHANNEL, BOB, "ship right")
        assert (await stored(storage, sid)).sailors[0].square == sq("E4")


@pytest.mark.parametrize(("person", "kind", "params", "key"), [
    (ALICE, "walk_to", {"piece": "7", "square": "E7"}, "lovci-pokladu-plans.refuse.no_piece"),
    (ALICE, "walk_to", {"piece": "g1", "square": "E7"}, "lovci-pokladu-plans.refuse.not_yours"),
    (ALICE, "carry_home", {"piece": "1"}, "lovci-pokladu-plans.refuse.not_carrying"),
    (ALICE, "fly_to", {"piece": "1"}, "plans.unknown_kind"),
    (CAROL, "walk_to", {"piece": "1", "square": "E7"}, "plans.not_playing"),
])
async def test_plans_that_do_not_fit_are_refused_and_nothing_stored(
        database: str, person: Person, kind: str, params: dict[str, str], key: str) -> None:
    """Issue 26 "refused cleanly when they do not fit the game state"."""
    async with service_on(database) as (storage, service):
        sid = await lovci_game(storage, service, walker())
        with pytest.raises(ServiceError) as info:
            await service.set_plan(CHANNEL, person, kind, params, "en")
        assert info.value.key == key
        assert "{" not in info.value.message("cs")
        assert await plan_rows(storage, sid) == []
        assert (await stored(storage, sid)).sailors[0].square == sq("E3")
