"""Bounded memory, constant startup and a free event loop (issue 10).

"An LRU bound on the state cache and on the lock dictionaries, both configurable. Idle
sessions are not held in memory. ``resume_all`` visits only sessions where a bot or a
clock is due, found by an indexed column set at commit. Fewer round trips per move.
Render in a process pool. Keep autocomplete cheap: no rendering, no full legal-move
rebuild when the cached state is current."
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from tidebound_support import read_raw, write_raw

from bot.bounded import LockTable, LruCache
from bot.database import SqliteDatabase
from bot.postgres_database import _PgExecutor
from bot.render_pool import RenderPool
from bot.service import Person, ServiceError, SessionService
from bot.storage import ACTIVE, MIGRATIONS, ReminderPlan, SeatRow, Storage
from games import get_ruleset

HAGOTH = get_ruleset("hagoth")
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")


@pytest.fixture
def db_path(database: str) -> str:
    """Each test runs on SQLite and on PostgreSQL (issue 17), but for SQLite's own."""
    return database


@pytest.fixture
async def storage(db_path: str) -> AsyncIterator[Storage]:
    async with await Storage.open(db_path) as opened:
        yield opened


async def two_humans(service: SessionService, channel: str, seed: int = 3) -> int:
    update = await service.new_game(channel, HOST, "hagoth", "target=10")
    await service.join(channel, GUEST)
    await service.start(channel, HOST, seed=seed)
    return update.session_id


async def with_bot(service: SessionService, channel: str, seed: int = 3) -> int:
    update = await service.new_game(channel, HOST, "hagoth", "target=10")
    await service.add_bot(channel, HOST)
    await service.start(channel, HOST, seed=seed)
    return update.session_id


async def stored_state(storage: Storage, session_id: int) -> Any:
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return HAGOTH.load(json.loads(row.state))


async def bots_due(storage: Storage) -> dict[int, int]:
    return {int(r[0]): int(r[1]) for r in await read_raw(
        storage, "SELECT id, bots_due FROM sessions ORDER BY id")}


# -- the bounded tables ---------------------------------------------------------------
def test_lru_cache_drops_the_least_recently_used_and_the_idle() -> None:
    """An LRU bound: the least recently used entry goes first; an idle one goes anyway."""
    now = [0.0]
    cache: LruCache[str, int] = LruCache(2, idle_seconds=60, clock=lambda: now[0])
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "a" is now the most recently used
    cache.put("c", 3)
    assert ("a" in cache, "b" in cache, "c" in cache) == (True, False, True)
    now[0] = 61.0
    cache.put("d", 4)  # "a" and "c" sat unused for more than a minute
    assert len(cache) == 1 and cache.get("d") == 4
    assert cache.peek("a") is None and cache.pop("a") is None


async def test_a_held_lock_is_never_evicted() -> None:
    """Evicting a lock somebody holds or awaits would let a second holder in: the table
    keeps those, and only trims the idle ones."""
    table: LockTable[int] = LockTable(1)
    inside: list[int] = []
    overlaps: list[int] = []

    async def critical(key: int) -> None:
        async with table.hold(key):
            if key in inside:
                overlaps.append(key)
            inside.append(key)
            await asyncio.sleep(0.001)
            inside.remove(key)

    # Many keys at once push the table over its limit of one idle lock while key 0 is
    # held and awaited by several coroutines.
    await asyncio.gather(*(critical(key % 5) for key in range(60)))
    assert overlaps == []
    assert len(table) <= 1 and not any(table.busy(k) for k in range(5))


async def test_small_cache_keeps_every_game_correct(storage: Storage) -> None:
    """With room for one session, three games played in turns are each read back from
    the database when needed, and each ends exactly as its log replays."""
    service = SessionService(storage, render=False, cache_size=1)
    channels = ["c-1", "c-2", "c-3"]
    sessions = [await two_humans(service, channel, seed=i) for i, channel in enumerate(channels)]
    people = {HOST.user_id: HOST, GUEST.user_id: GUEST}
    for _ in range(8):
        for channel, session_id in zip(channels, sessions, strict=True):
            state = await stored_state(storage, session_id)
            (seat,) = HAGOTH.actors(state)
            person = people[[HOST.user_id, GUEST.user_id][seat]]
            _, choices = await service.choices(channel, person)
            update = await service.move(channel, person, choices[0].notation)
            assert update.version == (await storage.get(session_id)).version  # type: ignore[union-attr]
        assert len(service.sessions.cache) <= 1 and len(service.sessions.locks) <= 1
    for session_id in sessions:
        assert len(await storage.action_log(session_id)) == 8
        assert await service.replay_check(session_id)


# -- round trips and autocomplete --------------------------------------------------------
class CountingStorage:
    """Counts the reads and writes the service makes (wrapping the real storage)."""

    READS = ("get", "open_session", "freshness")
    WRITES = ("commit_actions", "set_deadline", "clear_bots_due")

    def __init__(self, storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        for name in self.READS + self.WRITES:
            original = getattr(storage, name)
            monkeypatch.setattr(storage, name, self._counted(name, original))

    def _counted(self, name: str, original: Any) -> Any:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return await original(*args, **kwargs)
        return counted


async def test_a_move_from_a_current_cache_is_one_read_and_one_commit(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """"Today each move makes 4 reads and a transaction. Aim for one read (or none, from
    a current cache) and one transaction." Versioned commits still refuse a stale move."""
    service = SessionService(storage, render=False)
    session_id = await two_humans(service, "c-1")
    state = await stored_state(storage, session_id)
    (seat,) = HAGOTH.actors(state)
    mover = [HOST, GUEST][seat]
    _, choices = await service.choices("c-1", mover)
    counter = CountingStorage(storage, monkeypatch)
    update = await service.move("c-1", mover, choices[0].notation)
    assert counter.calls == ["freshness", "commit_actions"]

    # Another process moves the game on: the next request sees the cache is stale.
    counter.calls.clear()
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    (seat,) = HAGOTH.actors(await stored_state(storage, session_id))
    other = HAGOTH.load(json.loads(row.state))
    notation = HAGOTH.format_action(HAGOTH.legal_actions(other, seat)[0])
    HAGOTH.play(other, seat, notation)
    assert await storage.commit_actions(session_id, expected_version=update.version,
                                        state=json.dumps(HAGOTH.dump(other)),
                                        actions=[(seat, notation)], bots_due=False)
    (seat,) = HAGOTH.actors(other)
    _, choices = await service.choices("c-1", [HOST, GUEST][seat])
    assert [c.notation for c in choices] == [
        HAGOTH.format_action(a) for a in HAGOTH.legal_actions(other, seat)]
    moved = await service.move("c-1", [HOST, GUEST][seat], choices[0].notation)
    assert moved.version == update.version + 2
    assert await service.replay_check(session_id)


async def test_a_commit_without_reminders_drops_them_in_one_statement(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fewer round trips per move (issue 10): a commit whose waiting decisions want no
    reminder (no ``/settings reminders``, or nobody human to act) deletes that session's
    reminder rows in one statement instead of reading them and writing none; a waiting
    decision keeps its row, and another session's rows stay (issue 15)."""
    service = SessionService(storage, render=False)
    first, second = await two_humans(service, "c-1"), await two_humans(service, "c-2")
    plan = [ReminderPlan(0, HOST.user_id, 100.0, 200.0)]
    for session in (first, second):
        assert await storage.set_clocks(session, None, None, reminders=plan)
    assert {d.session_id for d in await storage.due_reminders(1000.0)} == {first, second}

    row = await storage.get(first)
    assert row is not None and row.state is not None
    statements: list[str] = []
    # what runs the statements inside a transaction (PostgreSQL: one per connection)
    executor = SqliteDatabase if isinstance(storage._db, SqliteDatabase) else _PgExecutor
    for name in ("execute", "execute_fetchall", "executemany"):
        original = getattr(executor, name)
        monkeypatch.setattr(executor, name, lambda self, sql, *args, _original=original, **kw: (
            statements.append(sql.split()[0].upper()), _original(self, sql, *args, **kw))[1])
    assert await storage.commit_actions(first, expected_version=row.version, state=row.state,
                                        actions=[(0, "x")], bots_due=False, reminders=[])
    monkeypatch.undo()
    assert statements == ["UPDATE", "DELETE", "INSERT"]  # within BEGIN ... COMMIT
    assert {d.session_id for d in await storage.due_reminders(1000.0)} == {second}

    # a decision still waiting keeps its row (and whether it was sent)
    assert await storage.claim_reminder(second, 0, 100.0)
    assert await storage.set_clocks(second, None, None, reminders=plan)
    assert await storage.due_reminders(1000.0) == []  # sent already: not due again
    assert await storage.set_clocks(second, None, None, reminders=[])
    assert await storage.set_clocks(second, None, None, reminders=plan)
    assert [d.session_id for d in await storage.due_reminders(1000.0)] == [second]


async def test_autocomplete_builds_the_moves_once_per_version(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Autocomplete asks on every keystroke: the legal moves are built once per version,
    seat and locale, and nothing is rendered (no render worker is started)."""
    service = SessionService(storage, render=True)
    await two_humans(service, "c-1")
    await service.close()  # the start rendered the first board; autocomplete must not
    built: list[int] = []
    original = HAGOTH.choices

    def counted(state: Any, seat: int, names: Any, locale: str) -> Any:
        built.append(seat)
        return original(state, seat, names, locale)

    monkeypatch.setattr(type(HAGOTH), "choices", lambda self, *a: counted(*a))
    mover = HOST if HAGOTH.actors(await stored_state(storage, 1)) == {0} else GUEST
    first = [(await service.choices("c-1", mover))[1] for _ in range(5)]
    assert len(built) == 1 and all(c == first[0] for c in first) and first[0]
    assert not service.render_pool.started
    first[0].clear()  # a caller changing its list does not change the cache
    assert (await service.choices("c-1", mover))[1] == first[1]
    await service.move("c-1", mover, first[1][0].notation)
    await service.close()
    other = GUEST if mover is HOST else HOST
    await service.choices("c-1", other)
    assert len(built) == 2  # a new version: built again


# -- the render pool -----------------------------------------------------------------------
async def test_render_pool_starts_on_the_first_image_and_closes(storage: Storage) -> None:
    """Images are drawn in worker processes, started on the first image and stopped by
    ``close``; a service with ``render=False`` never starts one."""
    quiet = SessionService(storage, render=False)
    await with_bot(quiet, "c-1")
    assert (await quiet.status("c-1")).image is None and not quiet.render_pool.started

    service = SessionService(storage, render=True, render_workers=1)
    status = await service.status("c-1")
    assert status.image is not None and status.image.startswith(b"\x89PNG")
    pids = service.render_pool.worker_pids()
    assert len(pids) == 1 and _alive(pids[0])
    await service.close()
    assert not service.render_pool.started
    assert not _alive(pids[0])
    # Used again after closing, it starts afresh (and is closed again).
    assert (await service.status("c-1")).image is not None
    await service.close()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie not yet reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[-1][:1] not in ("Z", "X")
    except OSError:
        return False


async def test_a_dead_render_worker_is_replaced() -> None:
    """A worker that dies (killed, out of memory) breaks the pool: a fresh one draws."""
    pool = RenderPool(1)
    try:
        assert await pool.run(abs, -3) == 3
        (pid,) = pool.worker_pids()
        os.kill(pid, signal.SIGKILL)
        while _alive(pid):
            await asyncio.sleep(0.01)
        assert await pool.run(abs, -4) == 4
    finally:
        pool.close()


# -- the bots_due column and resume -----------------------------------------------------------
async def test_bots_due_is_set_and_cleared_at_commit(storage: Storage) -> None:
    """The column says whether a bot may have a move to make after each commit."""
    service = SessionService(storage, render=False)
    session_id = await with_bot(service, "c-1")
    humans = await two_humans(service, "c-2")
    assert await bots_due(storage) == {session_id: 0, humans: 0}  # the bot answered at once
    assert await storage.bots_due_sessions() == []

    # A crash between a human move and the bot's reply: the commit (which does not
    # know better) marks it, and resume lets the bot move and clears it.
    state = await stored_state(storage, session_id)
    row = await storage.get(session_id)
    assert row is not None and HAGOTH.actors(state) == {0}
    HAGOTH.play(state, 0, "act wood")
    assert await storage.commit_actions(session_id, expected_version=row.version,
                                        state=json.dumps(HAGOTH.dump(state)),
                                        actions=[(0, "act wood")])
    assert await storage.bots_due_sessions() == [session_id]
    fresh = SessionService(storage, render=False)
    assert [u.session_id for u in await fresh.resume_all()] == [session_id]
    assert await storage.bots_due_sessions() == []

    # A seat handed to a bot marks it (a crash before the bot's move must not stall the
    # game); the service's next look clears it, whether the bot had a move or not.
    await storage.replace_seat(humans, SeatRow(1, "Bot for Gil", None, is_bot=True))
    assert await storage.bots_due_sessions() == [humans]
    await fresh.resume_all()
    assert await storage.bots_due_sessions() == []
    assert (await bots_due(storage))[humans] == 0
    update = await service.leave("c-2", HOST)  # through the service: marked, then cleared
    assert update.session_id == humans and await storage.bots_due_sessions() == []


async def test_resume_visits_only_sessions_with_a_bot_due(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Startup does not grow with the database: of many active games only the one with
    a bot due is visited."""
    service = SessionService(storage, render=False)
    sessions = [await with_bot(service, f"c-{i}", seed=i) for i in range(6)]
    due = sessions[3]
    await write_raw(storage, "UPDATE sessions SET bots_due = 1 WHERE id = ?", (due,))
    visited: list[int] = []
    original = service.run_bots

    async def recorded(session_id: int) -> Any:
        visited.append(session_id)
        return await original(session_id)

    monkeypatch.setattr(service, "run_bots", recorded)
    assert await service.resume_all() == []  # it was marked, but the bot had no move
    assert visited == [due]
    if storage.backend != "sqlite":
        return  # PostgreSQL plans a tiny table with a scan; the index is SQLite's case
    with sqlite3.connect(storage.path) as raw:
        plan = " ".join(str(r) for r in raw.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM sessions WHERE bots_due = 1 "
            "AND status = 'active' ORDER BY id"))
    assert "sessions_bots_due" in plan  # found by the index, not by a scan


async def test_migration_3_marks_active_games_with_bots_on_an_old_database(
    tmp_path: Path,
) -> None:
    """An old database (schema 2) gets the column; its active games with a bot seat
    are visited once at the next start, then cleared. (Old databases are SQLite: there
    was no PostgreSQL before schema 4.)"""
    db_path = tmp_path / "old.db"
    with sqlite3.connect(db_path) as raw:
        for script in MIGRATIONS[:2]:
            for statement in script.split(";"):
                if statement.strip():
                    raw.execute(statement)
        raw.execute("PRAGMA user_version = 2")
        state = HAGOTH.setup(2, {"target": 10}, 5)
        for session_id, status, bot in ((1, "active", True), (2, "active", False),
                                        (3, "finished", True), (4, "lobby", True)):
            raw.execute(
                "INSERT INTO sessions (id, channel_id, game, options, status, host_id, seed, "
                "state, version, created_at, updated_at) VALUES (?, ?, 'hagoth', "
                "'{\"target\": 10}', ?, 'u-host', 5, ?, 1, 0, 0)",
                (session_id, f"c-{session_id}", status, json.dumps(HAGOTH.dump(state))))
            raw.execute("INSERT INTO seats VALUES (?, 0, 'u-host', 'Hana', 0)", (session_id,))
            raw.execute("INSERT INTO seats VALUES (?, 1, ?, ?, ?)",
                        (session_id, None if bot else "u-guest", "Bot 1" if bot else "Gil",
                         int(bot)))
    async with await Storage.open(db_path) as storage:
        assert await storage.schema_version() == len(MIGRATIONS)  # up to the newest
        assert await storage.bots_due_sessions() == [1]
        service = SessionService(storage, render=False)
        updates = await service.resume_all()
        assert [u.session_id for u in updates] == ([1] if HAGOTH.actors(state) == {1} else [])
        assert await storage.bots_due_sessions() == []
        row = await storage.get(1)
        assert row is not None and row.status == ACTIVE and not row.bots_due


async def test_autocomplete_from_the_cache_reads_nothing(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Autocomplete must answer within 3 s however busy the database is: with the game
    cached by this process it reads nothing; without it, it reads once."""
    service = SessionService(storage, render=False)
    await two_humans(service, "c-1")
    mover = HOST if HAGOTH.actors(await stored_state(storage, 1)) == {0} else GUEST
    counter = CountingStorage(storage, monkeypatch)
    _, cached = await service.choices("c-1", mover, recheck=False)
    assert counter.calls == [] and cached
    fresh = SessionService(storage, render=False)  # as after a restart: nothing cached
    _, read = await fresh.choices("c-1", mover, recheck=False)
    assert counter.calls == ["open_session"] and read == cached


async def test_a_lost_race_is_an_expected_refusal_logged_at_info(
        storage: Storage, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 24 item 18 (issue 29 item 5): "when two processes or clicks race for one
    move, the loser logs two ERROR tracebacks. Log it as the expected refusal it is."
    Two services over one database (two processes) compute different moves from one
    version and commit at the same moment: one is stored; the other is refused politely
    (``changed_meanwhile``), logged once at INFO with the session id, without a
    traceback, and nothing above INFO is logged."""
    first, second = (SessionService(storage, render=False) for _ in range(2))
    await first.new_game("race", HOST, "hagoth", "target=10")
    await first.join("race", GUEST)
    await first.start("race", HOST, seed=4)
    row = await storage.open_session("race")
    assert row is not None and row.state is not None
    state = HAGOTH.load(json.loads(row.state))
    (seat,) = HAGOTH.actors(state)
    moves = [HAGOTH.notate_action(state, a) for a in HAGOTH.legal_actions(state, seat)]
    commit, gate, waiting = storage.commit_actions, asyncio.Event(), []

    async def lined_up(*args: Any, **kwargs: Any) -> bool:
        waiting.append(1)
        await gate.wait()
        return await commit(*args, **kwargs)

    storage.commit_actions = lined_up  # type: ignore[method-assign]
    with caplog.at_level(logging.INFO):
        racing = [asyncio.create_task(service.act(row.id, seat, notation))
                  for service, notation in ((first, moves[0]), (second, moves[-1]))]
        while len(waiting) < 2:
            await asyncio.sleep(0.01)
        gate.set()
        outcomes = await asyncio.gather(*racing, return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(refused) == 1 and refused[0].key == "platform.service.changed_meanwhile"
    assert [r for r in caplog.records if r.levelno > logging.INFO or r.exc_info] == []
    told = [r.getMessage() for r in caplog.records if r.name == "tidebound.service"]
    assert told == [f"session {row.id}: a move from version {row.version} lost the race "
                    "to another commit and was refused"]
    await first.close()
    await second.close()
