"""Answers given at the same time (issue 26 item 2), through the session service.

"Each such wait is one ping per person": when the rules let several players decide at
once, the service asks (pings) every one of them in the one update that hands them the
decision, each exactly once; their answers, in any order, ping nobody who was already
asked; and a late answer is played by the clock as any late decision is. Positions are
built with the engines and put into a started session (as ``test_forced_moves`` does),
then every move goes through :class:`~bot.service.SessionService` on the database.

The answers to a Hexfolk offer are checked the same way by ``test_days``
(``test_a_second_offer_in_a_turn_pings_nobody_again``; HX-D77).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from test_hexfolk_rules import give, midgame
from tidebound_support import write_raw

from bot.service import Person, SessionService
from bot.settings import Settings
from bot.storage import Storage
from games import get_ruleset
from games.hexfolk.state import DISCARD, ROLL, SPECIAL
from games.rng import GameRng
from games.shipyard.data import BLUE as SHIPYARD_BLUE
from games.shipyard.data import GREEN as SHIPYARD_GREEN
from i18n import t

HOUR = 3600.0
T0 = 1_700_000_000.0
PEOPLE = tuple(Person(f"u-{i}", name) for i, name in
               enumerate(("Alice", "Bob", "Carol", "Dan", "Eve")))
HEXFOLK, SHIPYARD = get_ruleset("hexfolk"), get_ruleset("shipyard")


class FakeClock:
    def __init__(self, now: float = T0) -> None:
        self.value = now

    def __call__(self) -> float:
        return self.value


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as opened:
        yield opened


@pytest.fixture
async def service(storage: Storage, clock: FakeClock) -> AsyncIterator[SessionService]:
    made = SessionService(storage, render=False)
    made.now = clock
    made.policy = Settings(storage)
    yield made
    await made.close()


async def started(service: SessionService, storage: Storage, game: str, players: int,
                  state: Any) -> int:
    """A game of ``players`` people (clock 1h) whose position is then ``state``."""
    channel = f"chan-{game}"
    await service.new_game(channel, PEOPLE[0], game, "clock=1h")
    for person in PEOPLE[1:players]:
        await service.join(channel, person)
    opened = await service.start(channel, PEOPLE[0], seed=5)
    ruleset = get_ruleset(game)
    await write_raw(storage, "UPDATE sessions SET state = ?, version = version + 100 "
                    "WHERE id = ?", (json.dumps(ruleset.dump(state)), opened.session_id))
    service.sessions.forget(opened.session_id)
    return opened.session_id


async def position(storage: Storage, session_id: int, ruleset: Any) -> Any:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return ruleset.load(json.loads(row.state))


def users(seats: set[int] | frozenset[int]) -> list[str]:
    return sorted(PEOPLE[seat].user_id for seat in seats)


async def test_special_building_sign_up_pings_everyone_asked_once(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    """Issue 26 item 2 (HX-D78): the end of a turn at five players asks everyone who may
    build at once, in one update that pings each of them; the answers ping nobody again;
    the first to build in turn order is pinged when the answers are in; a late answer is
    passed by the clock, for that player alone."""
    state = midgame(5)
    for seat in (1, 2, 3, 4):
        give(state, seat, [1, 1, 1, 1, 1])
    session_id = await started(service, storage, "hexfolk", 5, state)
    ended = await service.act(session_id, 0, "end")
    after = await position(storage, session_id, HEXFOLK)
    assert after.phase == SPECIAL and HEXFOLK.actors(after) == frozenset({1, 2, 3, 4})
    assert sorted(ended.mentions) == users({1, 2, 3, 4}), "everyone asked, pinged once"
    assert ended.public_buttons == (("Build", "build"), ("Pass", "end"))
    clock.value += 60
    answered = await service.act(session_id, 3, "build")
    assert answered.mentions == (), "an answer pings nobody already asked"
    answered = await service.act(session_id, 1, "end")
    assert answered.mentions == ()
    answered = await service.act(session_id, 4, "build")
    assert answered.mentions == ()
    # Seat 2 never answers: at its own deadline the clock passes for it alone.
    logged = len(await storage.action_log(session_id))
    clock.value = T0 + HOUR + 1
    (late,) = await service.expire_due()
    played = [(e.seat, e.notation) for e in (await storage.action_log(session_id))[logged:]]
    assert played == [(2, "end")]
    after = await position(storage, session_id, HEXFOLK)
    assert after.special == 3 and HEXFOLK.actors(after) == frozenset({3})  # turn order
    assert late.mentions == (PEOPLE[3].user_id,), "the first builder is asked to build"


async def test_discards_on_a_seven_ping_every_discarder_once(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    """Issue 26 item 2 (HX-D79); rulebook: "Everyone holding more than 7 resource cards
    gives up half". A seven asks every one of them at once, each pinged once; one's
    discard pings nobody; a late discarder's discard is played by the clock."""
    state = midgame(4)
    state.phase, state.rolled = ROLL, False
    for seat in (1, 2, 3):
        give(state, seat, [2, 2, 2, 2, 0])
    for seed in range(1, 200):  # a random stream whose next roll is a seven
        state.rng = GameRng(seed)
        trial = HEXFOLK.load(HEXFOLK.dump(state))
        HEXFOLK.apply(trial, 0, HEXFOLK.parse_action("roll"))
        if trial.phase == DISCARD:
            break
    else:
        raise AssertionError("no seven in 200 seeds")
    session_id = await started(service, storage, "hexfolk", 4, state)
    rolled = await service.act(session_id, 0, "roll")
    after = await position(storage, session_id, HEXFOLK)
    assert after.phase == DISCARD and HEXFOLK.actors(after) == frozenset({1, 2, 3})
    assert sorted(rolled.mentions) == users({1, 2, 3})
    clock.value += 60
    first = await service.act(session_id, 2, "discard 1wood 1brick 1wool 1grain")
    assert first.mentions == ()
    second = await service.act(session_id, 1, "discard 2wood 2brick")
    assert second.mentions == ()
    clock.value = T0 + HOUR + 1
    await service.expire_due()
    after = await position(storage, session_id, HEXFOLK)
    assert after.phase != DISCARD and sum(after.players[3].hand) == 4


def shipyard_before_contract_discards(players: int) -> tuple[Any, str]:
    """A seeded bot game of Shipyard just before the move that ends the first lap of
    contract discards; (the position, that move's notation)."""
    state = SHIPYARD.setup(players, {}, 3)
    for _ in range(5000):
        seat = min(SHIPYARD.actors(state))
        action = SHIPYARD.bot_action(state, seat)
        trial = SHIPYARD.load(SHIPYARD.dump(state))
        SHIPYARD.apply(trial, seat, action)
        if trial.phase == "discard":
            return state, SHIPYARD.notate_action(state, action)
        SHIPYARD.apply(state, seat, action)
    raise AssertionError("no contract discards reached")


async def test_shipyard_contract_discards_ping_each_player_once(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    """Issue 26 item 2 (SY-D39); rulebook: "In a 2-player game ... At the end of the first
    lap ... you must give up two of each" and "Do not even reveal those that you discard".
    Both players are asked at once and pinged once; each gives up all four contracts in
    one choice; the account tells only the counts; a late player's choice is the clock's."""
    state, move = shipyard_before_contract_discards(2)
    mover = min(SHIPYARD.actors(state))
    session_id = await started(service, storage, "shipyard", 2, state)
    lap = await service.act(session_id, mover, move)
    after = await position(storage, session_id, SHIPYARD)
    assert after.phase == "discard" and SHIPYARD.actors(after) == frozenset({0, 1})
    other = 1 - mover
    assert lap.mentions == (PEOPLE[other].user_id,), "the mover is at the table already"
    held = list(after.players[other].green), list(after.players[other].blue)
    clock.value += 60
    chose = await service.act(session_id, other, "discard green 1 2 blue 2 3")
    assert chose.mentions == ()
    assert "gives up contracts (green: 2, blue: 2)" in chose.text
    names = [t(f"shipyard.contract_green.{SHIPYARD_GREEN[c].code}", "en") for c in held[0]]
    names += [t(f"shipyard.contract_blue.{SHIPYARD_BLUE[c].code}", "en") for c in held[1]]
    assert not any(name in chose.text for name in names), "no contract is named"
    after = await position(storage, session_id, SHIPYARD)
    assert SHIPYARD.actors(after) == frozenset({mover}), "one choice each"
    assert after.players[other].green == held[0][2:] and after.players[other].blue == held[1][:1]
    clock.value = T0 + 10 * HOUR
    await service.expire_due()
    after = await position(storage, session_id, SHIPYARD)
    assert after.phase != "discard"
    assert all(len(p.green) == len(p.blue) == 1 for p in after.players)

