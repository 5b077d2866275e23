"""The platform's turn clock (``clock=`` lobby setting) for play over days.

Behaviour checked here, from the brief of the turn clock:

* the ``clock`` setting is the platform's, for every game: parsed out of the options
  before the ruleset validates its own, refused clearly when invalid, shown in the lobby;
* a deadline per active session is stored in the database and moves forward whenever
  new humans must act (a new turn or decision), and is cleared when the game is over;
* when a deadline passes, ``expire_due`` plays for the overdue human (a normal logged
  move by that seat, chosen by ``Ruleset.timeout_actions``) and says so — never a silent
  forfeit; before the deadline it changes nothing; deadlines hold across restarts; two
  concurrent calls apply a timeout once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from bot.service import CLOCKS, Person, SessionService, split_clock
from bot.storage import ABANDONED, ACTIVE, FINISHED, MIGRATIONS, Storage
from games import get_ruleset
from i18n.errors import LocalizedError

HAGOTH = get_ruleset("hagoth")
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
CHANNEL = "chan-clock"
HOUR = 3600.0
T0 = 1_700_000_000.0  # a fixed "now" for the service's wall clock


class FakeClock:
    def __init__(self, now: float = T0) -> None:
        self.value = now

    def __call__(self) -> float:
        return self.value


@pytest.fixture
def db_path(database: str) -> str:
    """Each clock test runs on SQLite and on PostgreSQL (issue 17)."""
    return database


@pytest.fixture
async def storage(db_path: str) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
        yield opened


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def service(storage: Storage, clock: FakeClock) -> SessionService:
    made = SessionService(storage, render=False)
    made.now = clock
    return made


async def two_humans(service: SessionService, options: str = "clock=1h target=5") -> int:
    opened = await service.new_game(CHANNEL, HOST, "hagoth", options)
    await service.join(CHANNEL, GUEST)
    await service.start(CHANNEL, HOST, seed=7)
    return opened.session_id


async def deadline_of(storage: Storage, session_id: int) -> float | None:
    row = await storage.get(session_id)
    assert row is not None
    return row.deadline


def person_of_seat(seat: int) -> Person:
    return (HOST, GUEST)[seat]


async def actor(service: SessionService, storage: Storage, session_id: int) -> int:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    state = HAGOTH.load(json.loads(row.state))
    (seat,) = HAGOTH.actors(state)
    return seat


# -- the setting ---------------------------------------------------------------------
def test_split_clock_takes_the_platform_setting_out() -> None:
    """The clock is parsed out before the ruleset sees its options."""
    assert split_clock({"clock": "24h", "target": "10"}) == ("24h", {"target": "10"})
    assert split_clock({"speed": "yes"}) == ("off", {"speed": "yes"})
    assert split_clock({"clock": " 5M "})[0] == "5m"
    assert list(CLOCKS) == ["off", "30s", "5m", "1h", "8h", "24h", "3d"]  # issue 15 adds 3d
    with pytest.raises(LocalizedError) as caught:
        split_clock({"clock": "2d"})
    assert caught.value.key == "platform.clock.invalid"
    text = caught.value.message("en")
    assert "2d" in text and "24h" in text and "off" in text


async def test_clock_option_in_the_lobby(service: SessionService, storage: Storage) -> None:
    """`/game new ... options:"clock=24h"` next to the game's own options; shown in the lobby."""
    opened = await service.new_game(CHANNEL, HOST, "hagoth", "clock=24h target=10")
    assert "clock=24h" in opened.text and "target=10" in opened.text
    row = await storage.get(opened.session_id)
    assert row is not None and row.options["clock"] == "24h" and row.options["target"] == 10
    await service.abandon(CHANNEL, HOST, can_manage=False)

    default = await service.new_game(CHANNEL, HOST, "hagoth", "speed=yes")
    assert "clock=off" in default.text
    row = await storage.get(default.session_id)
    assert row is not None and "clock" not in row.options
    await service.abandon(CHANNEL, HOST, can_manage=False)


async def test_invalid_clock_is_refused_clearly(service: SessionService, storage: Storage
                                               ) -> None:
    with pytest.raises(LocalizedError) as caught:
        await service.new_game(CHANNEL, HOST, "hagoth", "clock=forever")
    assert caught.value.key == "platform.clock.invalid"
    assert "forever" in caught.value.message("en")
    assert await storage.open_session(CHANNEL) is None  # nothing was created
    # The game's own options are still validated by the ruleset.
    with pytest.raises(LocalizedError) as caught:
        await service.new_game(CHANNEL, HOST, "hagoth", "clock=1h colour=red")
    assert caught.value.key == "platform.option.unknown"


async def test_migration_adds_the_deadline_column(storage: Storage) -> None:
    assert await storage.schema_version() == len(MIGRATIONS) >= 2
    assert await storage.next_deadline() is None


# -- the deadline ----------------------------------------------------------------------
async def test_no_clock_no_deadline(service: SessionService, storage: Storage) -> None:
    session_id = await two_humans(service, "target=5")
    assert await deadline_of(storage, session_id) is None
    status = await service.status(CHANNEL, image=False)
    assert status.deadline is None and "⏰" not in status.text
    assert await service.expire_due(T0 + 365 * 24 * HOUR) == []


async def test_deadline_stored_and_moved_forward_each_turn(
    service: SessionService, storage: Storage, clock: FakeClock
) -> None:
    """Set when the game starts and whenever another human must act; kept within a turn."""
    session_id = await two_humans(service)
    assert await deadline_of(storage, session_id) == T0 + HOUR
    status = await service.status(CHANNEL, image=False)
    assert status.deadline == T0 + HOUR
    assert "⏰" in status.text and "UTC" in status.text

    moved = 0
    for step in range(1, 40):
        clock.value = T0 + step * 60
        seat = await actor(service, storage, session_id)
        before = await deadline_of(storage, session_id)
        _, choices = await service.choices(CHANNEL, person_of_seat(seat))
        update = await service.move(CHANNEL, person_of_seat(seat), choices[0].notation)
        after = await deadline_of(storage, session_id)
        assert update.deadline == after
        if update.finished:
            break
        if update.mentions:  # a new turn: the next human gets a full hour from now
            assert after == clock.value + HOUR
            moved += 1
        else:  # the same turn goes on: the time keeps running
            assert after == before
    assert moved >= 3


async def test_expire_due_plays_for_the_overdue_human(
    service: SessionService, storage: Storage
) -> None:
    """Nothing changes before the deadline; at it, a move is played for the player, logged
    as theirs, the update says so and pings the next player, and a new deadline runs."""
    session_id = await two_humans(service)
    seat = await actor(service, storage, session_id)
    name = ("Hana", "Gil")[seat]
    row = await storage.get(session_id)
    assert row is not None
    version, deadline = row.version, row.deadline
    assert deadline == T0 + HOUR

    assert await service.expire_due(deadline - 1) == []
    row = await storage.get(session_id)
    assert row is not None and row.version == version and row.deadline == deadline

    (update,) = await service.expire_due(deadline + 5)
    assert f"⏰ {name}'s time ran out" in update.text and "played for them" in update.text
    assert update.status == ACTIVE and update.mentions
    assert update.deadline == deadline + 5 + HOUR
    played = [entry for entry in await storage.action_log(session_id) if entry.seq >= version]
    assert played and {entry.seat for entry in played} == {seat}
    assert await actor(service, storage, session_id) != seat, "the turn went on"
    assert await service.replay_check(session_id)
    assert await service.next_deadline() == deadline + 5 + HOUR


async def test_deadlines_hold_across_a_restart(db_path: str) -> None:
    """The deadline is in the database: a new process after a restart honours it."""
    async with await Storage.open(db_path) as first:
        service = SessionService(first, render=False)
        service.now = FakeClock()
        session_id = await two_humans(service)
        seat = await actor(service, first, session_id)
    async with await Storage.open(db_path) as again:
        service = SessionService(again, render=False)
        assert await service.next_deadline() == T0 + HOUR
        (update,) = await service.expire_due(T0 + 2 * HOUR)
        assert "time ran out" in update.text
        assert await actor(service, again, session_id) != seat


async def test_two_concurrent_expiries_apply_once(
    service: SessionService, storage: Storage, db_path: str
) -> None:
    session_id = await two_humans(service)
    row = await storage.get(session_id)
    assert row is not None
    version = row.version
    now = T0 + 2 * HOUR
    first, second = await asyncio.gather(service.expire_due(now), service.expire_due(now))
    assert len(first) + len(second) == 1
    after = await storage.get(session_id)
    assert after is not None
    once = after.version
    assert once > version and after.deadline == now + HOUR

    # Two processes (two services, no shared lock): the versioned commit stores one.
    async with await Storage.open(db_path) as other_storage:
        other = SessionService(other_storage, render=False)
        later = now + 2 * HOUR
        results = await asyncio.gather(service.expire_due(later), other.expire_due(later))
    assert sum(len(r) for r in results) == 1
    final = await storage.get(session_id)
    assert final is not None and final.deadline == later + HOUR
    log = await storage.action_log(session_id)
    assert [entry.seq for entry in log] == list(range(1, final.version))


async def test_the_clock_plays_a_game_to_its_end(service: SessionService,
                                                 storage: Storage) -> None:
    """Nobody ever moves: the clock keeps the game going to the end (no silent forfeit),
    and a finished game has no deadline."""
    session_id = await two_humans(service)
    now = T0
    for _ in range(3000):
        deadline = await service.next_deadline()
        if deadline is None:
            break
        now = deadline
        (update,) = await service.expire_due(now)
        assert "time ran out" in update.text
    row = await storage.get(session_id)
    assert row is not None and row.status == FINISHED and row.deadline is None
    assert await service.replay_check(session_id)
    assert await service.expire_due(now + 100 * HOUR) == []


async def test_abandoned_game_has_no_deadline(service: SessionService, storage: Storage
                                              ) -> None:
    session_id = await two_humans(service)
    assert await deadline_of(storage, session_id) is not None
    await service.abandon(CHANNEL, HOST, can_manage=False)
    row = await storage.get(session_id)
    assert row is not None and row.status == ABANDONED and row.deadline is None
    assert await service.next_deadline() is None


async def test_against_a_bot_only_the_human_has_a_clock(
    service: SessionService, storage: Storage
) -> None:
    await service.new_game(CHANNEL, HOST, "hagoth", "clock=30s target=5")
    await service.add_bot(CHANNEL, HOST)
    update = await service.start(CHANNEL, HOST, seed=3)
    # The bot has moved if it was first: now the human acts, on a 30 s clock.
    assert update.mentions == (HOST.user_id,)
    assert update.deadline == T0 + 30
    (expired,) = await service.expire_due(T0 + 30)
    assert "Hana's time ran out" in expired.text
    assert expired.mentions == (HOST.user_id,) and expired.deadline == T0 + 60


def test_default_timeout_actions_ask_the_bot() -> None:
    state = HAGOTH.setup(2, {}, 11)
    (seat,) = HAGOTH.actors(state)
    assert HAGOTH.timeout_actions(state, seat) == [HAGOTH.bot_action(state, seat)]
