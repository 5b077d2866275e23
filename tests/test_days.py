"""Play over days (issue 15), below the Discord front: whole-turn clocks, reminders kept
in SQLite, vacations and the settings behind them — with an injected clock and across a
restart (a fresh Storage and SessionService on the same database file)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clocks import ClockBook, plan
from bot.service import Person, SessionService
from bot.settings import GUILD, USER, Settings, parse_duration, show_duration
from bot.storage import MIGRATIONS, Storage
from bot.vacation import Vacations
from games import get_ruleset
from games.hexfolk import actions as hexfolk_actions
from games.hexfolk import rules as hexfolk_rules
from i18n.errors import LocalizedError

HOUR = 3600.0
DAY = 24 * HOUR
T0 = 1_700_000_000.0
GUILD_ID = "g-1"
ALICE, BOB, CAROL = Person("u-a", "Alice"), Person("u-b", "Bob"), Person("u-c", "Carol")
HAGOTH, HEXFOLK = get_ruleset("hagoth"), get_ruleset("hexfolk")


class FakeClock:
    def __init__(self, now: float = T0) -> None:
        self.value = now

    def __call__(self) -> float:
        return self.value


@pytest.fixture
def db_path(database: str) -> str:
    """Each test runs on SQLite and on PostgreSQL (issue 17), but for the SQLite upgrade."""
    return database


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def storage(db_path: str) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
        yield opened


@pytest.fixture
async def service(storage: Storage, clock: FakeClock) -> AsyncIterator[SessionService]:
    made = SessionService(storage, render=False)
    made.now = clock
    made.policy = Settings(storage)
    yield made
    await made.close()


async def book_of(storage: Storage, session_id: int) -> ClockBook:
    row = await storage.get(session_id)
    assert row is not None
    book = ClockBook.loads(row.clocks)
    assert book is not None
    return book


async def state_of(storage: Storage, session_id: int, ruleset=HEXFOLK):  # type: ignore[no-untyped-def]
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return row, ruleset.load(json.loads(row.state))


# -- pure planning -----------------------------------------------------------------------
def test_plan_keeps_the_owners_deadline_for_the_whole_turn() -> None:
    """Issue 15 "Whole-turn clocks": a decision handed back to the turn's owner inside the
    same turn does not restart its clock; a responder gets a deadline of its own."""
    first = plan(None, turn=(3, 0), owner=0, acting=[0], seconds=3600, now=T0)
    assert first is not None and first.deadline_of(0) == T0 + HOUR
    # an offer: seats 1 and 2 answer, the owner waits (not acting) ten minutes later
    asked = plan(first, turn=(3, 0), owner=0, acting=[1, 2], seconds=3600, now=T0 + 600)
    assert asked is not None
    assert asked.seats[0].deadline == T0 + HOUR and not asked.seats[0].acting
    assert asked.deadline_of(1) == asked.deadline_of(2) == T0 + 600 + HOUR
    assert asked.earliest() == T0 + 600 + HOUR  # the waiting owner is not what is due
    # the answers are in: the owner decides again, still by its first deadline
    back = plan(asked, turn=(3, 0), owner=0, acting=[0], seconds=3600, now=T0 + 1200)
    assert back is not None and back.deadline_of(0) == T0 + HOUR
    assert back.seats[0].since == T0 + 1200, "a new decision for reminders"
    assert 1 not in back.seats
    # a new turn: a fresh clock for its owner
    nxt = plan(back, turn=(4, 1), owner=1, acting=[1], seconds=3600, now=T0 + 1800)
    assert nxt is not None and nxt.deadline_of(1) == T0 + 1800 + HOUR and 0 not in nxt.seats


def test_plan_pauses_and_resumes_with_the_time_left() -> None:
    """Issue 15 "Vacation": the clock resumes with the time that was left."""
    book = plan(None, turn=1, owner=0, acting=[0], seconds=3600, now=T0)
    assert book is not None and book.pause([0], T0 + 1000)
    assert book.earliest() is None and book.seats[0].left == 2600
    assert not book.pause([0], T0 + 2000), "pausing twice changes nothing"
    assert book.resume([0], T0 + 5 * DAY)
    assert book.deadline_of(0) == T0 + 5 * DAY + 2600
    again = ClockBook.loads(book.dumps())
    assert again == book
    assert ClockBook.loads("{not json") is None and ClockBook.loads('{"turn": 1}') is None


def test_durations() -> None:
    assert parse_duration("8h") == 8 * HOUR and parse_duration(" 90M ") == 5400
    assert parse_duration("3d") == 3 * DAY
    assert show_duration(8 * HOUR) == "8h" and show_duration(5400) == "90m"
    with pytest.raises(LocalizedError):
        parse_duration("soon")


# -- whole-turn clocks in a game -----------------------------------------------------------
async def hexfolk_offer_turn(service: SessionService, storage: Storage,
                             clock: FakeClock) -> tuple[int, int, hexfolk_actions.Offer]:
    """Three humans play Hexfolk (the bots' choices for them) until a player may offer a
    trade at the start of their main phase; (session, that seat, an offer)."""
    channel = "chan-hex"
    await service.new_game(channel, ALICE, "hexfolk", "clock=1h target=8")
    await service.join(channel, BOB)
    await service.join(channel, CAROL)
    opened = await service.start(channel, ALICE, seed=5)
    for _ in range(3000):
        row, state = await state_of(storage, opened.session_id)
        seat = min(HEXFOLK.actors(state))
        if state.phase == hexfolk_rules.MAIN and state.turn > 2:
            offers = [a for a in HEXFOLK.legal_actions(state, seat)
                      if isinstance(a, hexfolk_actions.Offer)]
            if offers:
                return opened.session_id, seat, offers[0]
        clock.value += 60
        await service.act(row.id, seat, HEXFOLK.format_action(HEXFOLK.bot_action(state, seat)))
    raise AssertionError("nobody could ever offer a trade")


async def test_whole_turn_clock_in_hexfolk_across_a_restart(
        service: SessionService, storage: Storage, clock: FakeClock, db_path: Path) -> None:
    """Issue 15 "Whole-turn clocks": the owner's deadline covers the whole turn (its offer,
    the answers, its next decision); the answers have deadlines of their own that do not
    extend the owner's; when the owner's time runs out only the owner is played for; and
    all of it is in the database (a restart reads the same clocks)."""
    session_id, owner, offer = await hexfolk_offer_turn(service, storage, clock)
    owner_deadline = (await book_of(storage, session_id)).deadline_of(owner)
    assert owner_deadline is not None and owner_deadline > clock.value
    clock.value += 600
    await service.act(session_id, owner, HEXFOLK.format_action(offer))
    book = await book_of(storage, session_id)
    _, state = await state_of(storage, session_id)
    responders = sorted(HEXFOLK.actors(state) - {owner})
    assert responders, "the offer waits for answers"
    assert book.seats[owner].deadline == owner_deadline, "the offer did not restart it"
    for seat in responders:
        assert book.deadline_of(seat) == clock.value + HOUR
    clock.value += 600
    first = responders[0]
    await service.act(session_id, first, "decline")
    book = await book_of(storage, session_id)
    assert book.seats[owner].deadline == owner_deadline, "an answer did not extend it"
    assert first not in book.seats

    # A restart: a new service on the same file sees the same clocks.
    async with await Storage.open(db_path) as reopened:
        later = SessionService(reopened, render=False)
        later.now = clock
        try:
            assert (await book_of(reopened, session_id)).seats[owner].deadline == owner_deadline
            logged = len(await reopened.action_log(session_id))
            clock.value = owner_deadline - 1
            assert await later.expire_due() == [], "not before the owner's own deadline"
            clock.value = owner_deadline + 1
            updates = await later.expire_due()
            assert len(updates) == 1
            played = {e.seat for e in (await reopened.action_log(session_id))[logged:]}
            assert played == {owner}, "only the owner's time ran out"
            _, state = await state_of(reopened, session_id)
            # the owner's turn was ended for them; the next turn has a fresh clock
            assert state.current != owner
            book = await book_of(reopened, session_id)
            assert book.deadline_of(state.current) == clock.value + HOUR
        finally:
            await later.close()


async def test_a_late_responder_does_not_end_the_owners_turn(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    """Issue 15: a responder's own deadline running out plays only their answer."""
    session_id, owner, offer = await hexfolk_offer_turn(service, storage, clock)
    await service.act(session_id, owner, HEXFOLK.format_action(offer))
    _, state = await state_of(storage, session_id)
    turn = state.turn
    owner_deadline = (await book_of(storage, session_id)).seats[owner].deadline
    assert owner_deadline is not None
    # every responder's time runs out, but not yet the owner's: impossible here since the
    # owner's clock started first, so pause the owner's (as a vacation does) and expire.
    await service.adjust_clocks(session_id, lambda book, row: book.pause([owner], clock.value))
    clock.value += HOUR + 1
    await service.expire_due()
    _, state = await state_of(storage, session_id)
    assert state.turn == turn and state.current == owner, "the owner's turn goes on"
    assert not HEXFOLK.actors(state) - {owner}, "every late answer was played"


# -- reminders -----------------------------------------------------------------------------
async def hagoth_two(service: SessionService, channel: str = "chan-h") -> int:
    await service.new_game(channel, ALICE, "hagoth", "target=5", guild_id=GUILD_ID)
    await service.join(channel, BOB)
    return (await service.start(channel, ALICE, seed=7)).session_id


async def actor_of(storage: Storage, session_id: int) -> int:
    _, state = await state_of(storage, session_id, HAGOTH)
    (seat,) = HAGOTH.actors(state)
    return seat


async def test_one_reminder_per_decision_kept_across_a_restart(
        service: SessionService, storage: Storage, clock: FakeClock, db_path: Path) -> None:
    """Issue 15 "Reminders": once a decision has waited the set time, one reminder; none
    for a player who already acted; kept in SQLite (a restart still sends it once)."""
    settings = Settings(storage)
    await settings.set_reminders(USER, BOB.user_id, "channel", "2h")
    session_id = await hagoth_two(service)
    seat = await actor_of(storage, session_id)
    row = await storage.get(session_id)
    assert row is not None
    user = row.seats[seat].user_id
    after = 2 * HOUR if user == BOB.user_id else 8 * HOUR  # Bob's own, else the default
    assert await storage.due_reminders(clock.value + after - 1) == []
    due = await storage.due_reminders(clock.value + after)
    assert [(d.seat, d.user_id) for d in due] == [(seat, user)]

    # A restart: the reminder is still there, and is claimed exactly once.
    async with await Storage.open(db_path) as reopened:
        (again,) = await reopened.due_reminders(clock.value + after)
        assert await reopened.claim_reminder(again.session_id, again.seat, again.since)
        assert not await reopened.claim_reminder(again.session_id, again.seat, again.since)
    assert await storage.due_reminders(clock.value + 10 * DAY) == []

    # The player acts: their decision is over; the next player's decision gets its own.
    clock.value += HOUR
    _, state = await state_of(storage, session_id, HAGOTH)
    await service.act(session_id, seat, HAGOTH.format_action(HAGOTH.bot_action(state, seat)))
    nxt = await actor_of(storage, session_id)
    due = await storage.due_reminders(clock.value + 10 * DAY)
    if nxt != seat:
        assert [d.seat for d in due] == [nxt]
        # the next player acts before the reminder: no reminder for them
        _, state = await state_of(storage, session_id, HAGOTH)
        await service.act(session_id, nxt, HAGOTH.format_action(HAGOTH.bot_action(state, nxt)))
        assert all(d.seat != nxt or d.since > clock.value - 1
                   for d in await storage.due_reminders(clock.value + 10 * DAY))


async def test_reminders_off_and_server_default(service: SessionService, storage: Storage,
                                                clock: FakeClock) -> None:
    """A user's own choice wins over the server's default; ``off`` means no reminder."""
    settings = Settings(storage)
    await settings.set_reminders(GUILD, GUILD_ID, "off", None)
    session_id = await hagoth_two(service)
    assert await storage.due_reminders(clock.value + 30 * DAY) == []
    choice = await settings.reminders(GUILD_ID, ALICE.user_id)
    assert choice.mode == "off"
    await settings.set_reminders(USER, ALICE.user_id, "dm", "1h")
    assert (await settings.reminders(GUILD_ID, ALICE.user_id)).mode == "dm"
    assert session_id


async def test_finished_or_abandoned_game_has_no_reminders(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    session_id = await hagoth_two(service)
    assert await storage.due_reminders(clock.value + 30 * DAY)
    await service.abandon("chan-h", ALICE, can_manage=False)
    assert await storage.due_reminders(clock.value + 30 * DAY) == []
    assert session_id


# -- settings storage ----------------------------------------------------------------------
async def test_settings_are_stored_per_server_and_per_user(db_path: Path) -> None:
    """Issue 15 "Settings storage" (migration 4); issue 14: the server's language."""
    async with await Storage.open(db_path) as storage:
        assert await storage.schema_version() == len(MIGRATIONS) >= 4
        settings = Settings(storage)
        assert await settings.language(GUILD_ID, "cs") == "cs", "Discord's guild_locale"
        assert await settings.language(GUILD_ID, "de") == "en"
        await settings.set_language(GUILD_ID, "ru")
        await settings.set_language(GUILD_ID, "cs")  # an update of the same row
        await settings.set_clock(GUILD_ID, "3d", ("off", "3d"))
        with pytest.raises(LocalizedError):
            await settings.set_language(GUILD_ID, "xx")
        with pytest.raises(LocalizedError):
            await settings.set_reminders(USER, "u", "dm", "5s")  # sooner than a minute
    async with await Storage.open(db_path) as storage:
        settings = Settings(storage)
        assert await settings.language(GUILD_ID, "en-US") == "cs"
        assert await settings.clock(GUILD_ID) == "3d"
        assert await settings.clock("another") == "off"


async def test_a_servers_default_clock_and_language_reach_a_new_game(
        service: SessionService, storage: Storage) -> None:
    """``/settings clock`` is the default of new games; options still win; the game keeps
    the language it started in."""
    opened = await service.new_game("c1", ALICE, "hagoth", "", locale="ru", default_clock="8h")
    row = await storage.get(opened.session_id)
    assert row is not None and row.options.get("clock") == "8h" and row.locale == "ru"
    assert opened.locale == "ru" and "открывает партию" in opened.text
    other = await service.new_game("c2", ALICE, "hagoth", "clock=off", default_clock="8h")
    row = await storage.get(other.session_id)
    assert row is not None and "clock" not in row.options


# -- vacation ------------------------------------------------------------------------------
async def test_vacation_pauses_and_resumes_with_the_time_left(
        service: SessionService, storage: Storage, clock: FakeClock, db_path: Path) -> None:
    """Issue 15 "Vacation": the clocks of all your games stop; nothing is played for you
    while away; they resume with the time that was left, also across a restart."""
    await service.new_game("chan-v", ALICE, "hagoth", "clock=24h target=5", guild_id=GUILD_ID)
    await service.join("chan-v", BOB)
    session_id = (await service.start("chan-v", ALICE, seed=7)).session_id
    seat = await actor_of(storage, session_id)
    row = await storage.get(session_id)
    assert row is not None
    player = row.seats[seat].user_id
    assert player is not None
    vacations = Vacations(service, Settings(storage))
    clock.value += 4 * HOUR
    news = await vacations.start(GUILD_ID, player, 3, clock.value)
    assert [g.id for g in news.games] == [session_id]
    row = await storage.get(session_id)
    assert row is not None and row.deadline is None
    assert await storage.due_reminders(clock.value + 3 * DAY - 1) == [], "no reminders away"
    clock.value += 2 * DAY
    assert await service.expire_due() == [], "nothing is played for a player away"
    with pytest.raises(LocalizedError):
        await vacations.start(GUILD_ID, player, 1, clock.value)  # already away

    # A restart, then the vacation's days run out: the clock runs again with 20h left.
    async with await Storage.open(db_path) as reopened:
        later = SessionService(reopened, render=False)
        later.now = clock
        later.policy = Settings(reopened)
        try:
            clock.value += DAY + 1
            # Two processes over the database notice the end at once: one resumes it
            # and tells the games (issue 17), the other leaves it.
            both = await asyncio.gather(
                Vacations(later, Settings(reopened)).resume_ended(clock.value),
                Vacations(service, Settings(storage)).resume_ended(clock.value))
            (back,) = [news for told in both for news in told]
            assert back.user_id == player and [g.id for g in back.games] == [session_id]
            row = await reopened.get(session_id)
            assert row is not None and row.deadline == pytest.approx(clock.value + 20 * HOUR)
            assert await Vacations(later, Settings(reopened)).resume_ended(clock.value) == []
        finally:
            await later.close()


async def test_a_reminder_counts_only_the_time_off_vacation(
        database: str, clock: FakeClock) -> None:
    """Issue 15 "Vacation" and "Reminders": a decision that waited through a vacation is
    not reminded the moment its player comes back; the reminder's wait counts only the
    time off vacation (6 h before + 2 h after of an 8 h wait), with or without a turn
    clock; one already sent before the vacation is not sent again. On both databases."""
    async with await Storage.open(database) as storage:
        service = SessionService(storage, render=False)
        service.now = clock
        service.policy = Settings(storage)
        try:
            await _reminder_after_vacation(service, storage, clock)
        finally:
            await service.close()


async def _reminder_after_vacation(service: SessionService, storage: Storage,
                                   clock: FakeClock) -> None:
    settings = Settings(storage)
    for user in (ALICE, BOB):
        await settings.set_reminders(USER, user.user_id, "channel", "8h")
    session_id = await hagoth_two(service)  # no turn clock
    seat = await actor_of(storage, session_id)
    row = await storage.get(session_id)
    assert row is not None
    player = row.seats[seat].user_id
    assert player is not None
    vacations = Vacations(service, settings)
    start = clock.value
    clock.value += 6 * HOUR
    await vacations.start(GUILD_ID, player, 3, clock.value)
    assert await storage.due_reminders(start + 3 * DAY) == [], "none while away"
    clock.value += 3 * DAY + 1
    await vacations.resume_ended(clock.value)
    back = clock.value
    assert await storage.due_reminders(back) == [], "not at once on coming back"
    assert await storage.due_reminders(back + 2 * HOUR - 60) == []
    (due,) = await storage.due_reminders(back + 2 * HOUR + 60)
    assert due.seat == seat
    assert await storage.next_reminder(back) == pytest.approx(back + 2 * HOUR, abs=2)

    # Sent; then a second vacation, ended early with /vacation off: not sent again.
    assert await storage.claim_reminder(due.session_id, due.seat, due.since)
    clock.value = back + 3 * HOUR
    await vacations.start(GUILD_ID, player, 1, clock.value)
    clock.value += 5 * HOUR
    await vacations.stop(player, clock.value)
    assert await storage.due_reminders(clock.value + 10 * DAY) == []


def test_a_paused_clock_without_a_deadline_counts_its_time_away() -> None:
    """Issue 15: a game without a turn clock still pauses a seat on vacation (for its
    reminder): the time away is kept in the stored book and added to the reminder's."""
    book = plan(None, turn=1, owner=0, acting=[0], seconds=None, now=T0)
    assert book is not None and book.pause([0], T0 + HOUR)
    assert book.seats[0].remind_at(8 * HOUR, T0 + 5 * HOUR) == T0 + 12 * HOUR
    again = ClockBook.loads(book.dumps())
    assert again is not None and again.resume([0], T0 + 5 * HOUR)
    assert again.seats[0].remind_at(8 * HOUR, T0 + 9 * HOUR) == T0 + 12 * HOUR
    old = ClockBook.loads('{"turn": "1", "owner": 0, "seats": {"0": [null, 5.0, true, null]}}')
    assert old is not None and old.seats[0].remind_at(60, 5.0) == 65.0  # stored before


async def test_vacation_off_and_the_servers_cap(service: SessionService, storage: Storage,
                                                clock: FakeClock) -> None:
    """A server caps vacation days per 30 days; /vacation off ends one early and only the
    days taken count."""
    settings = Settings(storage)
    await settings.set_vacation_cap(GUILD_ID, 5)
    vacations = Vacations(service, settings)
    with pytest.raises(LocalizedError) as refused:
        await vacations.start(GUILD_ID, ALICE.user_id, 6, clock.value)
    assert "5" in refused.value.message()
    await vacations.start(GUILD_ID, ALICE.user_id, 5, clock.value)
    clock.value += 2 * DAY
    await vacations.stop(ALICE.user_id, clock.value)
    with pytest.raises(LocalizedError):
        await vacations.stop(ALICE.user_id, clock.value)  # not away any more
    with pytest.raises(LocalizedError):
        await vacations.start(GUILD_ID, ALICE.user_id, 4, clock.value)  # 2 used, 3 left
    await vacations.start(GUILD_ID, ALICE.user_id, 3, clock.value)


# -- /mygames at scale ---------------------------------------------------------------------
async def test_mygames_query_with_ten_thousand_sessions(storage: Storage) -> None:
    """Issue 15 "/mygames": well under a second with 10,000 sessions (the seats_user
    index; the query plan must use it, not scan every seat)."""
    now = time.time()
    async with storage._transaction() as db:
        await db.executemany(
            "INSERT INTO sessions (id, channel_id, guild_id, game, status, host_id, created_at, "
            "updated_at) VALUES (?, ?, ?, 'hagoth', ?, ?, ?, ?)",
            [(i, f"c{i}", GUILD_ID, "active" if i % 3 else "finished", f"u{i % 997}", now,
              now + i) for i in range(1, 10_001)])
        await db.executemany(
            "INSERT INTO seats (session_id, seat, user_id, name, is_bot) VALUES (?, ?, ?, ?, 0)",
            [(i, s, f"u{(i * 7 + s) % 997}", "n") for i in range(1, 10_001) for s in range(4)])
    query = "SELECT session_id FROM seats WHERE user_id = ? AND is_bot = 0"
    if storage.backend == "sqlite":
        plan_rows = await storage._db.execute_fetchall(f"EXPLAIN QUERY PLAN {query}", ("u5",))
    else:  # PostgreSQL plans from its statistics: gather them first, as autovacuum would
        await storage._db.execute("ANALYZE seats")
        plan_rows = await storage._db.execute_fetchall(f"EXPLAIN {query}", ("u5",))
    assert any("seats_user" in str(tuple(r)) for r in plan_rows), plan_rows
    started = time.perf_counter()
    rows = await storage.sessions_of_user("u5", guild_id=GUILD_ID, limit=20)
    elapsed = time.perf_counter() - started
    assert rows and all(r.status == "active" and r.seat_of("u5") is not None for r in rows)
    assert [r.updated_at for r in rows] == sorted((r.updated_at for r in rows), reverse=True)
    assert elapsed < 0.5, f"/mygames took {elapsed:.3f}s"


# -- fewer pings -----------------------------------------------------------------------------
async def test_a_second_offer_in_a_turn_pings_nobody_again(
        service: SessionService, storage: Storage, clock: FakeClock) -> None:
    """Issue 15 "Fewer pings": one ping per turn, only to whoever must act — the
    responders of a Hexfolk offer are pinged for the first offer of a turn, not again for
    a second one, and the owner is not pinged again when the answers are in."""
    session_id, owner, offer = await hexfolk_offer_turn(service, storage, clock)
    row = await storage.get(session_id)
    assert row is not None
    first = await service.act(session_id, owner, HEXFOLK.format_action(offer))
    _, state = await state_of(storage, session_id)
    responders = sorted(HEXFOLK.actors(state) - {owner})
    assert sorted(first.mentions) == sorted(row.seats[s].user_id for s in responders)
    for seat in responders:
        answered = await service.act(session_id, seat, "decline")
        assert answered.mentions == (), "the owner was pinged when the turn began"
    _, state = await state_of(storage, session_id)
    legal = HEXFOLK.legal_actions(state, owner)
    if not any(isinstance(a, hexfolk_actions.Offer) for a in legal):
        cancel = next(a for a in legal if isinstance(a, hexfolk_actions.Cancel))
        await service.act(session_id, owner, HEXFOLK.format_action(cancel))
        _, state = await state_of(storage, session_id)
        legal = HEXFOLK.legal_actions(state, owner)
    again = next(a for a in legal if isinstance(a, hexfolk_actions.Offer))
    second = await service.act(session_id, owner, HEXFOLK.format_action(again))
    _, state = await state_of(storage, session_id)
    assert HEXFOLK.actors(state) - {owner}, "the second offer waits for answers"
    assert second.mentions == (), "its responders were pinged once this turn already"
    # the next turn pings its player again
    ended = await service.act(session_id, owner, "end")
    _, state = await state_of(storage, session_id)
    assert ended.mentions == (row.seats[state.current].user_id,)


def test_lovci_ship_placement_is_a_turn_of_its_own() -> None:
    """Lovci keeps ``turn`` at 1 through the placements: the first player's placement and
    their first move must not share one whole-turn clock (issue 15)."""
    lovci = get_ruleset("lovci-pokladu")
    state = lovci.setup(2, {}, 3)
    first, owner = lovci.clock_turn(state)
    for _ in range(2):
        seat = min(lovci.actors(state))
        lovci.apply(state, seat, lovci.bot_action(state, seat))
    assert state.current == owner and lovci.clock_turn(state)[0] != first


async def test_migration_4_on_a_database_of_schema_3(tmp_path: Path, clock: FakeClock) -> None:
    """A database from before issue 15 is upgraded in place: its game in play keeps its
    deadline (no per-seat clocks yet) and the clock still plays for the late player; the
    next move starts per-seat clocks. (Old databases are SQLite files.)"""
    import sqlite3

    db_path = tmp_path / "days.db"

    state = HAGOTH.setup(2, {"target": 5}, 7)
    (seat,) = HAGOTH.actors(state)
    with sqlite3.connect(db_path) as raw:
        for script in MIGRATIONS[:3]:
            for statement in script.split(";"):
                if statement.strip():
                    raw.execute(statement)
        raw.execute("PRAGMA user_version = 3")
        raw.execute(
            "INSERT INTO sessions (id, channel_id, game, options, status, host_id, seed, state,"
            " version, created_at, updated_at, deadline) VALUES (1, 'c', 'hagoth', "
            "'{\"target\": 5, \"clock\": \"1h\"}', 'active', 'u-a', 7, ?, 1, 0, 0, ?)",
            (json.dumps(HAGOTH.dump(state)), T0 + HOUR))
        raw.execute("INSERT INTO seats VALUES (1, 0, 'u-a', 'Alice', 0)")
        raw.execute("INSERT INTO seats VALUES (1, 1, 'u-b', 'Bob', 0)")
    async with await Storage.open(db_path) as storage:
        assert await storage.schema_version() == len(MIGRATIONS)
        service = SessionService(storage, render=False)
        service.now = clock
        try:
            clock.value = T0 + HOUR + 1
            (update,) = await service.expire_due()
            assert "time ran out" in update.text
            book = await book_of(storage, 1)
            (other,) = HAGOTH.actors((await state_of(storage, 1, HAGOTH))[1])
            assert other != seat and book.deadline_of(other) == clock.value + HOUR
        finally:
            await service.close()


async def test_lovci_ship_placement_against_bots_pings_once(
        service: SessionService, storage: Storage) -> None:
    """Issue 15 "Fewer pings": Lovci's ship placement pinged twice against bots — at the
    start, and again right after the player placed (the bots placed and moved at once).
    The player is pinged once; their own move's reply shows what comes next."""
    lovci = get_ruleset("lovci-pokladu")
    await service.new_game("chan-l", ALICE, "lovci-pokladu")
    await service.add_bot("chan-l", ALICE)
    await service.add_bot("chan-l", ALICE)
    started = await service.start("chan-l", ALICE, seed=3)
    assert started.mentions == (ALICE.user_id,)
    row, state = await state_of(storage, started.session_id, lovci)
    (seat,) = lovci.actors(state)
    assert row.seats[seat].user_id == ALICE.user_id and state.phase == "start"
    placed = await service.act(row.id, seat, lovci.format_action(lovci.bot_action(state, seat)))
    _, state = await state_of(storage, started.session_id, lovci)
    assert lovci.actors(state) == {seat}, "alice decides again at once"
    assert placed.mentions == (), "no second ping right after her own move"


async def test_stopping_the_reminder_task_after_it_failed_does_not_raise() -> None:
    """A bot closed before it logged in (its reminder task failed at once, waiting for a
    gateway that never came) still closes: one failed background task never stops the
    bot's shutdown (guide: "one broken session never stops the bot"). The startup bench
    crashed and hung here."""
    from bot.discord_front.days import Days

    class NeverLoggedIn:
        storage = service = None

        async def wait_until_ready(self) -> None:
            raise RuntimeError("Client has not been properly initialised")

    days = Days(NeverLoggedIn())  # type: ignore[arg-type]
    days.start()
    await asyncio.sleep(0)  # the task runs and fails
    await days.stop()
    await days.stop()  # a second stop is harmless too
