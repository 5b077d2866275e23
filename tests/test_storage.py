"""Storage on both backends (issue 17: every test runs on SQLite and on a real PostgreSQL
server): migrations, one open session per channel, restarts, optimistic commits racing
each other, damaged rows."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from tidebound_support import read_raw, write_raw

from bot.service import Person, ServiceError, SessionService
from bot.storage import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    MIGRATIONS,
    ChannelBusy,
    SeatRow,
    Storage,
)
from games import get_ruleset

HAGOTH = get_ruleset("hagoth")
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
CHANNEL = "chan-7"


@pytest.fixture
def db_path(database: str) -> str:
    """The database, as ``TIDEBOUND_DB`` names it (a file, or a PostgreSQL URL)."""
    return database


@pytest.fixture
async def storage(db_path: str) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
        yield opened


async def two_humans(service: SessionService, seed: int = 3) -> int:
    """A started two-human game (no bots: every move is one log entry)."""
    update = await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    await service.join(CHANNEL, GUEST)
    await service.start(CHANNEL, HOST, seed=seed)
    return update.session_id


async def current_seat(storage: Storage, session_id: int) -> tuple[int, int, list[str]]:
    """(version, seat to act, its legal moves) read straight from the stored state."""
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    state = HAGOTH.load(json.loads(row.state))
    (seat,) = HAGOTH.actors(state)
    return row.version, seat, [HAGOTH.format_action(a) for a in HAGOTH.legal_actions(state, seat)]


def stale(outcome: Any) -> bool:
    """A move refused because the board moved on: seen before the commit (``stale``) or by
    the versioned commit itself (``changed_meanwhile``, issue 17)."""
    return isinstance(outcome, ServiceError) and outcome.key in (
        "platform.service.stale", "platform.service.changed_meanwhile")


# -- schema ----------------------------------------------------------------------
async def test_migrations_run_once_on_either_backend(storage: Storage, db_path: str) -> None:
    assert await storage.schema_version() == len(MIGRATIONS)
    for table in ("sessions", "seats", "actions"):  # every table is there, empty
        assert (await read_raw(storage, f"SELECT COUNT(*) FROM {table}"))[0][0] == 0
    async with await Storage.open(db_path) as again:  # migrating twice changes nothing
        assert await again.schema_version() == len(MIGRATIONS)
        assert await again.get(1) is None


async def test_migrations_set_user_version_and_wal(tmp_path: Path) -> None:
    """SQLite's own bookkeeping: ``PRAGMA user_version`` and the WAL journal."""
    db_path = tmp_path / "data" / "tidebound.db"
    storage = await Storage.open(db_path)
    await storage.close()
    storage = await Storage.open(db_path)
    assert db_path.exists()  # the missing parent folder was created
    assert await storage.schema_version() == len(MIGRATIONS)
    assert await storage.journal_mode() == "wal"
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"sessions", "seats", "actions"} <= tables
    async with await Storage.open(db_path) as again:  # migrating twice changes nothing
        assert await again.schema_version() == len(MIGRATIONS)
    await storage.close()


# -- channels, seats, lobby ------------------------------------------------------------
async def test_one_open_session_per_channel(storage: Storage) -> None:
    service = SessionService(storage, render=False)
    first = await service.new_game(CHANNEL, HOST, "hagoth")
    with pytest.raises(ServiceError) as caught:
        await service.new_game(CHANNEL, GUEST, "hagoth")
    assert caught.value.key == "platform.service.channel_busy"
    assert caught.value.message() == (
        "This channel already has a game of Hagoth: Builder of Ships. "
        "Finish or abandon it first (one game per channel).")
    with pytest.raises(ChannelBusy):
        await storage.create_session(channel_id=CHANNEL, guild_id=None, game="hagoth",
                                     options={}, host=SeatRow(0, "Gil", GUEST.user_id))
    await service.new_game("another-channel", GUEST, "hagoth")  # other channels are free

    await service.abandon(CHANNEL, HOST, can_manage=False)  # abandoned frees the channel
    second = await service.new_game(CHANNEL, GUEST, "hagoth", "target=5")
    assert second.session_id != first.session_id
    await service.add_bot(CHANNEL, GUEST)
    await service.start(CHANNEL, GUEST, seed=1)
    finished = await service.leave(CHANNEL, GUEST)  # a bot takes over and finishes the game
    assert finished.status == FINISHED
    row = await storage.get(second.session_id)
    assert row is not None and row.status == FINISHED
    third = await service.new_game(CHANNEL, HOST, "hagoth")  # finished frees it too
    assert third.session_id not in (first.session_id, second.session_id)


async def test_seats_and_lobby_round_trip(storage: Storage, db_path: str) -> None:
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hagoth", "speed=yes target=12", guild_id="g-1",
                           locale="en")
    await service.join(CHANNEL, GUEST)
    await service.add_bot(CHANNEL, GUEST)
    async with await Storage.open(db_path) as other:
        row = await other.open_session(CHANNEL)
    assert row is not None
    assert (row.status, row.game, row.host_id, row.guild_id, row.locale, row.version) == (
        LOBBY, "hagoth", HOST.user_id, "g-1", "en", 0)
    assert row.options == {"speed": True, "target": 12, "length": "standard"}
    assert row.seats == [SeatRow(0, "Hana", HOST.user_id), SeatRow(1, "Gil", GUEST.user_id),
                         SeatRow(2, "Bot 1", None, is_bot=True)]
    assert row.seat_of(GUEST.user_id) == 1 and row.seat_of("nobody") is None

    seats = [SeatRow(0, "Gil", GUEST.user_id), SeatRow(1, "Bot 1", None, is_bot=True)]
    await storage.set_lobby(row.id, seats=seats, host_id=GUEST.user_id, options={"speed": False})
    again = await storage.get(row.id)
    assert again is not None
    assert again.seats == seats and again.host_id == GUEST.user_id
    assert again.options == {"speed": False}


# -- restarts --------------------------------------------------------------------------
async def test_reopen_in_the_middle_of_a_game(db_path: str) -> None:
    async with await Storage.open(db_path) as storage:
        service = SessionService(storage, render=False)
        update = await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
        session_id = update.session_id
        await service.add_bot(CHANNEL, HOST)
        await service.start(CHANNEL, HOST, seed=11)
        for _ in range(6):
            _, choices = await service.choices(CHANNEL, HOST)
            await service.move(CHANNEL, HOST, choices[0].notation)
        middle = await storage.get(session_id)
        assert middle is not None and middle.status == ACTIVE

    async with await Storage.open(db_path) as storage:  # a new process, as it were
        service = SessionService(storage, render=False)
        row = await storage.get(session_id)
        assert row is not None and (row.version, row.state) == (middle.version, middle.state)
        assert await service.replay_check(session_id)
        update = await service.status(CHANNEL)
        for turn in range(500):
            if update.finished:
                break
            _, choices = await service.choices(CHANNEL, HOST)
            # now and then a card first, so that the wood stock does not run dry
            notation = next((c.notation for c in choices if c.notation.startswith("play ")),
                            choices[0].notation) if turn % 3 == 0 else choices[0].notation
            update = await service.move(CHANNEL, HOST, notation)
        assert update.status == FINISHED
        log = await storage.action_log(session_id)
        assert [entry.seq for entry in log] == list(range(1, update.version))
        assert await service.replay_check(session_id)
        # The replayed log equals the stored state, field by field.
        final = await storage.get(session_id)
        assert final is not None and final.state is not None and final.seed == 11
        state = HAGOTH.setup(len(final.seats), final.options, final.seed)
        for entry in log:
            HAGOTH.play(state, entry.seat, entry.notation)
        assert HAGOTH.dump(state) == json.loads(final.state)


# -- races -----------------------------------------------------------------------------
async def test_two_moves_at_once_on_one_service(storage: Storage) -> None:
    service = SessionService(storage, render=False)
    session_id = await two_humans(service)
    version, seat, moves = await current_seat(storage, session_id)
    outcomes = await asyncio.gather(
        service.act(session_id, seat, moves[0], version=version),
        service.act(session_id, seat, moves[1], version=version),
        return_exceptions=True)
    assert sum(stale(o) for o in outcomes) == 1
    (applied,) = [o for o in outcomes if not isinstance(o, BaseException)]
    assert applied.version == version + 1
    log = await storage.action_log(session_id)
    assert [(e.seq, e.seat) for e in log] == [(version, seat)]
    assert log[0].notation in moves[:2]
    assert await service.replay_check(session_id)


async def test_two_connections_commit_from_the_same_version(
    storage: Storage, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = SessionService(storage, render=False)
    session_id = await two_humans(first)
    async with await Storage.open(db_path) as other_storage:
        second = SessionService(other_storage, render=False)
        await second.status(CHANNEL)  # the second service caches the state too

        # Both at once, from the same version.
        version, seat, moves = await current_seat(storage, session_id)
        outcomes = await asyncio.gather(
            first.act(session_id, seat, moves[0], version=version),
            second.act(session_id, seat, moves[0], version=version),
            return_exceptions=True)
        assert sum(stale(o) for o in outcomes) == 1
        assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
        assert len(await storage.action_log(session_id)) == 1

        # Forced interleaving: the second computes its move from version v but commits
        # after the first has committed another move from v: the commit is refused.
        version, seat, moves = await current_seat(storage, session_id)
        first_done = asyncio.Event()
        commit = other_storage.commit_actions

        late_results: list[bool] = []

        async def late_commit(*args: Any, **kwargs: Any) -> bool:
            await first_done.wait()
            late_results.append(await commit(*args, **kwargs))
            return late_results[-1]

        monkeypatch.setattr(other_storage, "commit_actions", late_commit)

        async def first_move() -> None:
            await asyncio.sleep(0.05)
            await first.act(session_id, seat, moves[0], version=version)
            first_done.set()

        late, _ = await asyncio.gather(
            second.act(session_id, seat, moves[-1], version=version), first_move(),
            return_exceptions=True)
        assert stale(late), late
        assert late_results == [False]  # refused by the optimistic commit itself
        log = await storage.action_log(session_id)
        assert [(e.seq, e.notation) for e in log[1:]] == [(version, moves[0])]
        monkeypatch.undo()

        # The refused service forgot its stale cache and plays on from the stored state.
        version, seat, moves = await current_seat(other_storage, session_id)
        update = await second.act(session_id, seat, moves[0], version=version)
        assert update.version == version + 1
        assert await first.replay_check(session_id)


async def test_commit_actions_refused_when_the_version_moved(storage: Storage) -> None:
    service = SessionService(storage, render=False)
    session_id = await two_humans(service)
    version, seat, moves = await current_seat(storage, session_id)
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    assert await storage.commit_actions(session_id, expected_version=version, state=row.state,
                                        actions=[(seat, moves[0])])
    assert not await storage.commit_actions(session_id, expected_version=version,
                                            state="{}", actions=[(seat, moves[1])])
    assert not await storage.commit_actions(session_id, expected_version=version + 5,
                                            state="{}", actions=[(seat, moves[1])])
    after = await storage.get(session_id)
    assert after is not None and (after.version, after.state) == (version + 1, row.state)
    assert [e.notation for e in await storage.action_log(session_id)] == [moves[0]]

    await storage.set_status(session_id, ABANDONED)  # not active: refused at any version
    assert not await storage.commit_actions(session_id, expected_version=version + 1,
                                            state="{}", actions=[(seat, moves[1])])
    assert len(await storage.action_log(session_id)) == 1


async def test_two_storages_race_on_commit(storage: Storage, db_path: str) -> None:
    session_id = await two_humans(SessionService(storage, render=False))
    version, seat, moves = await current_seat(storage, session_id)
    async with await Storage.open(db_path) as other:
        results = await asyncio.gather(*(
            s.commit_actions(session_id, expected_version=version, state="{}",
                             actions=[(seat, move)])
            for s, move in ((storage, moves[0]), (other, moves[1]))))
    assert sorted(results) == [False, True]
    assert len(await storage.action_log(session_id)) == 1


async def test_a_failed_commit_leaves_no_trace(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = SessionService(storage, render=False)
    session_id = await two_humans(service)
    version, seat, moves = await current_seat(storage, session_id)
    before = await storage.get(session_id)

    async def broken(*args: Any, **kwargs: Any) -> bool:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(storage, "commit_actions", broken)
    with pytest.raises(sqlite3.OperationalError):
        await service.act(session_id, seat, moves[0], version=version)
    monkeypatch.undo()
    # The move was applied to the cached state before the commit failed: the service
    # must not show or build on it.
    assert await current_seat(storage, session_id) == (version, seat, moves)
    _, choices = await service.choices(CHANNEL, [HOST, GUEST][seat])
    assert [c.notation for c in choices] == moves
    update = await service.act(session_id, seat, moves[-1], version=version)
    assert update.version == version + 1
    assert before is not None and await service.replay_check(session_id)


# -- damage ------------------------------------------------------------------------------
@pytest.mark.parametrize("garbage", ["{not json", "[1, 2]", '{"schema": 1}', '{"schema": 99}',
                                     ""])
async def test_corrupt_state_is_a_polite_error(
    storage: Storage, garbage: str
) -> None:
    session_id = await two_humans(SessionService(storage, render=False))
    await write_raw(storage, "UPDATE sessions SET state = ? WHERE id = ?", (garbage, session_id))
    service = SessionService(storage, render=False)  # a fresh cache, as after a restart
    for request in (service.status(CHANNEL), service.choices(CHANNEL, HOST),
                    service.move(CHANNEL, HOST, "act wood"), service.hand(CHANNEL, HOST)):
        with pytest.raises(ServiceError) as caught:
            await request
        assert caught.value.key == "platform.service.corrupt"
        assert "damaged" in caught.value.message()
    assert await service.resume_all() == []  # skipped, not a crash
    abandoned = await service.abandon(CHANNEL, HOST, can_manage=False)  # the way out
    assert abandoned.status == ABANDONED


async def test_a_lobby_changed_by_another_process_is_not_overwritten(
    storage: Storage, db_path: str
) -> None:
    """Issue 17 ("the versioned commit decides" across processes): two processes seat a
    player in one lobby from the same read; the second write is refused, politely, and
    the first player's seat stays. (Each process serializes its own lobby edits.)"""
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    async with await Storage.open(db_path) as other_storage:
        other = SessionService(other_storage, render=False)
        third = Person("u-third", "Tia")
        read = asyncio.Event()
        store = storage.set_lobby

        async def late(*args: Any, **kwargs: Any) -> bool:
            read.set()  # this process has read the lobby and built its seats
            await asyncio.sleep(0.2)
            await joined.wait()
            return await store(*args, **kwargs)

        storage.set_lobby = late  # type: ignore[method-assign]
        joined = asyncio.Event()
        first = asyncio.create_task(service.join(CHANNEL, GUEST))
        await read.wait()
        await other.join(CHANNEL, third)  # the other process, in between
        joined.set()
        with pytest.raises(ServiceError) as caught:
            await first
        assert caught.value.key == "platform.service.changed_meanwhile"
        row = await storage.open_session(CHANNEL)
        assert row is not None and [s.name for s in row.seats] == ["Hana", "Tia"]
        again = await service.join(CHANNEL, GUEST)  # trying again works
        assert "Gil" in again.text
        await other.close()
    await service.close()


async def test_a_start_over_a_lobby_changed_by_another_process_is_refused(
    storage: Storage, db_path: str
) -> None:
    """The host starts from the lobby as read; another process seats a player before the
    start is stored: the start is refused (the table it would deal is not the table
    there is), nothing is dealt, and starting again deals for everyone seated."""
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hagoth", "target=10")
    await service.join(CHANNEL, GUEST)
    async with await Storage.open(db_path) as other_storage:
        other = SessionService(other_storage, render=False)
        read, joined = asyncio.Event(), asyncio.Event()
        store = storage.start

        async def late(*args: Any, **kwargs: Any) -> bool:
            read.set()
            await joined.wait()
            return await store(*args, **kwargs)

        storage.start = late  # type: ignore[method-assign]
        starting = asyncio.create_task(service.start(CHANNEL, HOST, seed=5))
        await read.wait()
        await other.join(CHANNEL, Person("u-third", "Tia"))
        joined.set()
        with pytest.raises(ServiceError) as caught:
            await starting
        assert caught.value.key == "platform.service.changed_meanwhile"
        row = await storage.open_session(CHANNEL)
        assert row is not None and row.status == LOBBY and row.state is None
        started = await service.start(CHANNEL, HOST, seed=5)
        assert started.status == ACTIVE
        row = await storage.get(started.session_id)
        assert row is not None and [s.name for s in row.seats] == ["Hana", "Gil", "Tia"]
        await other.close()
    await service.close()
