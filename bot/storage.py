"""Storage of sessions, seats and the append-only action log, on SQLite or PostgreSQL.

The same methods and the same :data:`MIGRATIONS` run on both: they are written in
portable SQL with ``?`` placeholders, and :mod:`bot.database` (the one module that knows
the two apart) rewrites them for PostgreSQL. ``TIDEBOUND_DB`` chooses: a file path or
``sqlite:///…`` (SQLite in WAL mode, the default) or ``postgresql://…`` (a connection
pool). The schema is versioned and upgraded by :data:`MIGRATIONS` when it is opened.
A move is stored with :meth:`Storage.commit_actions`, an optimistic update that succeeds only if the
session is still at the version the move was computed from: of two moves computed
from the same version, exactly one is stored.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .database import (
    SQLITE,
    Database,
    Executor,
    IntegrityError,
    Target,
    open_database,
    parse_target,
)
from .sharding import SHARD_SQL, Shards

#: Session states. ``lobby`` and ``active`` occupy their channel.
LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
OPEN_STATUSES = (LOBBY, ACTIVE)

MIGRATIONS: tuple[str, ...] = (
    # 1: sessions, seats and the action log.
    """
    CREATE TABLE sessions (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id  TEXT    NOT NULL,
        guild_id    TEXT,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        status      TEXT    NOT NULL,
        host_id     TEXT    NOT NULL,
        locale      TEXT    NOT NULL DEFAULT 'en',
        seed        INTEGER,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX one_open_session_per_channel
        ON sessions (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        user_id     TEXT,
        name        TEXT    NOT NULL,
        is_bot      INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat)
    );
    CREATE TABLE actions (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        notation    TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    """,
    # 2: the turn clock's deadline of an active session (NULL: no clock running).
    """
    ALTER TABLE sessions ADD COLUMN deadline REAL;
    CREATE INDEX sessions_deadline ON sessions (deadline) WHERE deadline IS NOT NULL
    """,
    # 3: whether a bot of an active session may have a move to make, set at every commit,
    # so that a restart visits only those sessions. A database from before this column
    # marks every active session with a bot seat: each is looked at once, then cleared.
    """
    ALTER TABLE sessions ADD COLUMN bots_due INTEGER NOT NULL DEFAULT 0;
    UPDATE sessions SET bots_due = 1 WHERE status = 'active' AND EXISTS (
        SELECT 1 FROM seats WHERE seats.session_id = sessions.id AND seats.is_bot = 1);
    CREATE INDEX sessions_bots_due ON sessions (id) WHERE bots_due = 1 AND status = 'active'
    """,
    # 4: play over days (issue 15). /settings values per server ('guild') and per user
    # ('user'); each seat's own turn clock of an active session (JSON, see bot/clocks.py);
    # one reminder per waiting decision; vacations (their history caps them per 30 days);
    # the seats of a user, for /mygames.
    """
    CREATE TABLE settings (
        scope       TEXT    NOT NULL,
        owner_id    TEXT    NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (scope, owner_id, key)
    );
    ALTER TABLE sessions ADD COLUMN clocks TEXT;
    ALTER TABLE sessions ADD COLUMN last_post TEXT;
    CREATE TABLE reminders (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        user_id     TEXT    NOT NULL,
        since       REAL    NOT NULL,
        remind_at   REAL    NOT NULL,
        sent        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX reminders_due ON reminders (remind_at) WHERE sent = 0;
    CREATE TABLE vacations (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        started_at  REAL    NOT NULL,
        ends_at     REAL    NOT NULL,
        resumed     INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX vacations_user ON vacations (user_id, ends_at);
    CREATE INDEX vacations_ending ON vacations (ends_at) WHERE resumed = 0;
    CREATE INDEX seats_user ON seats (user_id, session_id) WHERE user_id IS NOT NULL
    """,
    # 5: issue 16. A rematch lobby seats the players of the last game, each still to
    # confirm their seat (``confirmed``); every finished game's outcome per human
    # (``results``, games with bots apart) and each player's rating per server and game
    # (``ratings``, openskill's mu and sigma).
    """
    ALTER TABLE seats ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE results (
        session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        guild_id    TEXT    NOT NULL,
        game        TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        won         INTEGER NOT NULL,
        with_bots   INTEGER NOT NULL,
        finished_at REAL    NOT NULL,
        PRIMARY KEY (session_id, user_id)
    );
    CREATE INDEX results_player ON results (guild_id, user_id, game);
    CREATE TABLE ratings (
        guild_id    TEXT    NOT NULL,
        game        TEXT    NOT NULL,
        user_id     TEXT    NOT NULL,
        name        TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        games       INTEGER NOT NULL,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    )
    """,
    # 6: a process playing an expired turn clock claims it until this time (Unix time), so
    # that two processes over one database (several shards, or a redeploy) never play
    # one expiry twice; a claim that is never released (a killed process) runs out.
    """
    ALTER TABLE sessions ADD COLUMN clock_claimed_until REAL
    """,
)


#: SQL: the reminder ``r``'s player is not on vacation at the time bound twice after it.
_NOT_AWAY = ("NOT EXISTS (SELECT 1 FROM vacations v WHERE v.user_id = r.user_id "
             "AND v.started_at <= ? AND ? < v.ends_at)")


class StorageError(Exception):
    """The database refused an operation (e.g. a second open session in a channel)."""


class DatabaseUnavailable(StorageError):
    """The database could not be opened (no server, refused login, unreadable file)."""

    def __init__(self, target: str, reason: str) -> None:
        super().__init__(f"{target}: {reason}")
        self.target, self.reason = target, reason


class ChannelBusy(StorageError):
    """The channel already has a session in the lobby or in play."""


@dataclass(slots=True)
class SeatRow:
    seat: int
    name: str
    user_id: str | None = None
    is_bot: bool = False
    #: ``False`` for a seat of a rematch lobby its player has not confirmed yet.
    confirmed: bool = True


@dataclass(slots=True)
class SessionRow:
    id: int
    channel_id: str
    guild_id: str | None
    game: str
    options: dict[str, Any]
    status: str
    host_id: str
    locale: str
    seed: int | None
    state: str | None  # JSON text, parsed by the session service
    version: int
    created_at: float
    updated_at: float
    seats: list[SeatRow] = field(default_factory=list)
    #: When the turn clock runs out (Unix time), ``None`` without a running clock.
    deadline: float | None = None
    #: A bot may have a move to make (set at every commit; a restart visits these).
    bots_due: bool = False
    #: Each seat's turn clock (JSON of :class:`bot.clocks.ClockBook`), ``None`` without.
    clocks: str | None = None
    #: The platform's id of the board message last posted (reminders link to it).
    last_post: str | None = None

    def seat_of(self, user_id: str) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_bot:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class ReminderPlan:
    """A decision waiting now that wants a reminder at ``remind_at``."""

    seat: int
    user_id: str
    since: float
    remind_at: float


@dataclass(frozen=True, slots=True)
class DueReminder:
    session_id: int
    seat: int
    user_id: str
    since: float
    channel_id: str
    guild_id: str | None
    game: str
    locale: str
    last_post: str | None


@dataclass(frozen=True, slots=True)
class Vacation:
    id: int
    guild_id: str
    user_id: str
    started_at: float
    ends_at: float
    resumed: bool


@dataclass(slots=True)
class LoggedAction:
    seq: int
    seat: int
    notation: str
    created_at: float


_SESSION_COLUMNS = (
    "id, channel_id, guild_id, game, options, status, host_id, locale, seed, state, "
    "version, created_at, updated_at, deadline, bots_due, clocks, last_post"
)
#: A session row and its seats in one query (one round trip): the seats as a JSON array.
_SESSION_WITH_SEATS = (
    f"SELECT {_SESSION_COLUMNS}, (SELECT json_group_array(json_array(seat, user_id, name, "
    "is_bot, confirmed)) FROM seats WHERE seats.session_id = sessions.id) AS seats FROM sessions"
)


@dataclass(frozen=True, slots=True)
class Freshness:
    """What tells whether a cached session is still current: every change of its state
    moves ``version``, every other change of the row (seats, status) ``updated_at``."""

    version: int
    status: str
    updated_at: float
    deadline: float | None
    clocks: str | None = None


class Storage:
    """An open database. Use :meth:`open` (or ``async with await Storage.open(...)``)."""

    def __init__(self, db: Database) -> None:
        self._db = db
        #: Where the database is, shown to people (a PostgreSQL password is masked).
        self.path = db.target.shown
        self.backend = db.kind
        # SQLite: one connection serves every coroutine, so reads wait for an open
        # transaction to end. PostgreSQL: a no-op, the pool gives each its own.
        self._lock = db.lock

    def _transaction(self) -> AbstractAsyncContextManager[Executor]:
        return self._db.transaction()

    @classmethod
    async def open(cls, target: str | Path | Target, *, pool_size: int = 10) -> Storage:
        """Open (creating if needed) the database at ``target`` (``TIDEBOUND_DB``: a path,
        ``sqlite:///…`` or ``postgresql://…``) and migrate it."""
        where = target if isinstance(target, Target) else parse_target(target)
        try:
            database = await open_database(where, pool_size=pool_size)
        except Exception as exc:
            if where.kind == SQLITE:
                raise  # OSError or sqlite3.Error, as the callers expect of a file
            # The server's refusal, the driver's own errors, or the OS's (no server there).
            raise DatabaseUnavailable(where.shown, f"{type(exc).__name__}: {exc}") from exc
        storage = cls(database)
        try:
            await storage._db.migrate(MIGRATIONS)
        except BaseException:
            await storage.close()
            raise
        return storage

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def journal_mode(self) -> str:
        """SQLite's journal mode (``wal``); PostgreSQL has none to tell."""
        journal = getattr(self._db, "journal_mode", None)
        return await journal() if journal is not None else ""

    # -- sessions -------------------------------------------------------------
    async def create_session(
        self, *, channel_id: str, guild_id: str | None, game: str, options: dict[str, Any],
        host: SeatRow, locale: str = "en",
    ) -> SessionRow:
        """A new session in the lobby with the host in seat 0; :class:`ChannelBusy` if the
        channel already has an open session."""
        now = time.time()
        try:
            async with self._transaction() as db:
                async with db.execute(
                    "INSERT INTO sessions (channel_id, guild_id, game, options, status, host_id, "
                    "locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "RETURNING id",
                    (channel_id, guild_id, game, json.dumps(options), LOBBY, host.user_id,
                     locale, now, now),
                ) as cursor:
                    session_id = int((await cursor.fetchone())[0])
                await db.execute(
                    "INSERT INTO seats (session_id, seat, user_id, name, is_bot) "
                    "VALUES (?, 0, ?, ?, ?)",
                    (session_id, host.user_id, host.name, int(host.is_bot)),
                )
        except IntegrityError as exc:
            raise ChannelBusy(channel_id) from exc
        row = await self.get(session_id)
        assert row is not None
        return row

    async def _row(self, where: str, params: Sequence[Any]) -> SessionRow | None:
        rows = list(await self._db.execute_fetchall(f"{_SESSION_WITH_SEATS} WHERE {where}",
                                                    params))
        return self._parse_row(rows[0]) if rows else None

    @staticmethod
    def _parse_row(r: Any, *, with_state: bool = True) -> SessionRow:
        try:
            options = json.loads(r["options"])
        except (TypeError, ValueError):
            options = {}
        row = SessionRow(
            id=int(r["id"]), channel_id=str(r["channel_id"]), guild_id=r["guild_id"],
            game=str(r["game"]), options=options if isinstance(options, dict) else {},
            status=str(r["status"]), host_id=str(r["host_id"]), locale=str(r["locale"]),
            seed=r["seed"], state=r["state"] if with_state else None, version=int(r["version"]),
            created_at=float(r["created_at"]), updated_at=float(r["updated_at"]),
            deadline=None if r["deadline"] is None else float(r["deadline"]),
            bots_due=bool(r["bots_due"]), clocks=r["clocks"], last_post=r["last_post"],
        )
        row.seats = sorted(
            (SeatRow(int(seat), str(name), user_id, bool(is_bot), bool(confirmed))
             for seat, user_id, name, is_bot, confirmed in json.loads(r["seats"] or "[]")),
            key=lambda s: s.seat)
        return row

    async def get(self, session_id: int) -> SessionRow | None:
        """The session and its seats (one query)."""
        async with self._lock:
            return await self._row("id = ?", (session_id,))

    async def open_session(self, channel_id: str) -> SessionRow | None:
        """The session in the lobby or in play in ``channel_id``, if any (one query)."""
        async with self._lock:
            return await self._row("channel_id = ? AND status IN ('lobby', 'active')",
                                   (channel_id,))

    async def latest_started(self, channel_id: str) -> SessionRow | None:
        """The newest session of ``channel_id`` that was started (in play or over)."""
        async with self._lock:
            return await self._row("id = (SELECT MAX(id) FROM sessions WHERE channel_id = ? "
                                   "AND seed IS NOT NULL)", (channel_id,))

    async def freshness(self, session_id: int) -> Freshness | None:
        """The few columns that tell whether a cached copy of the session is current,
        without its state or seats (a cheap read on every move)."""
        async with self._lock:
            rows = list(await self._db.execute_fetchall(
                "SELECT version, status, updated_at, deadline, clocks FROM sessions WHERE id = ?",
                (session_id,)))
        if not rows:
            return None
        version, status, updated_at, deadline, clocks = rows[0]
        return Freshness(int(version), str(status), float(updated_at),
                         None if deadline is None else float(deadline), clocks)

    async def active_sessions(self) -> list[int]:
        async with self._lock, self._db.execute(
                "SELECT id FROM sessions WHERE status = 'active' ORDER BY id") as cursor:
            return [int(r[0]) for r in await cursor.fetchall()]

    @staticmethod
    def _on_shards(shards: Shards | None) -> tuple[str, list[Any]]:
        """An ``AND …`` keeping only the sessions of ``shards`` (nothing for every shard)."""
        if shards is None or shards.everything:
            return "", []
        marks = ", ".join("?" for _ in shards.ids)
        return f" AND {SHARD_SQL} IN ({marks})", [shards.count, *shards.ids]

    async def bots_due_sessions(self, shards: Shards | None = None) -> list[int]:
        """Active sessions where a bot may have a move to make (the ``bots_due`` index):
        all a restart has to look at (only those of ``shards``, when given)."""
        where, params = self._on_shards(shards)
        async with self._lock, self._db.execute(
                f"SELECT id FROM sessions WHERE bots_due = 1 AND status = 'active'{where} "
                "ORDER BY id", params) as cursor:
            return [int(r[0]) for r in await cursor.fetchall()]

    async def clear_bots_due(self, session_id: int, *, expected_version: int) -> bool:
        """No bot has a move to make in the session (still at ``expected_version``)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE sessions SET bots_due = 0 WHERE id = ? AND version = ?",
                (session_id, expected_version))
            return cursor.rowcount == 1

    async def due_sessions(self, now: float, shards: Shards | None = None) -> list[int]:
        """Active sessions whose turn clock ran out at ``now`` or before."""
        where, params = self._on_shards(shards)
        async with self._lock, self._db.execute(
                "SELECT id FROM sessions WHERE status = 'active' AND deadline IS NOT NULL "
                f"AND deadline <= ?{where} ORDER BY deadline, id", (now, *params)) as cursor:
            return [int(r[0]) for r in await cursor.fetchall()]

    async def claim_due(self, now: float, *, lease: float, shards: Shards | None = None,
                        limit: int = 100) -> list[tuple[int, float]]:
        """Claim, in one atomic ``UPDATE … RETURNING``, the sessions of ``shards`` whose
        clock ran out at ``now`` and that nobody holds a claim on, until ``now + lease``:
        (session id, its deadline) each. Of two processes claiming at once, each session
        goes to one (PostgreSQL re-checks the condition on a row another transaction
        changed meanwhile; SQLite writes one transaction at a time). A commit or a new
        deadline releases the claim; a claimer that dies lets it run out."""
        where, params = self._on_shards(shards)
        async with self._transaction() as db, db.execute(
                "UPDATE sessions SET clock_claimed_until = ? WHERE id IN (SELECT id FROM "
                "sessions WHERE status = 'active' AND deadline IS NOT NULL AND deadline <= ? "
                f"AND (clock_claimed_until IS NULL OR clock_claimed_until <= ?){where} "
                "ORDER BY deadline, id LIMIT ?) AND status = 'active' AND deadline <= ? "
                "AND (clock_claimed_until IS NULL OR clock_claimed_until <= ?) "
                "RETURNING id, deadline",
                (now + lease, now, now, *params, limit, now, now)) as cursor:
            claimed = [(int(r[0]), float(r[1])) for r in await cursor.fetchall()]
        return sorted(claimed, key=lambda c: (c[1], c[0]))

    async def next_deadline(self, shards: Shards | None = None) -> float | None:
        """The earliest moment a clock of an active session (of ``shards``) is due: its
        deadline, or when another process's claim on it runs out."""
        where, params = self._on_shards(shards)
        async with self._lock, self._db.execute(
                "SELECT MIN(MAX(deadline, COALESCE(clock_claimed_until, 0))) FROM sessions "
                f"WHERE status = 'active' AND deadline IS NOT NULL{where}", params) as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def set_deadline(self, session_id: int, deadline: float | None, *,
                           expected_version: int | None = None) -> bool:
        """Set (or clear) the deadline of an active session (at ``expected_version``)."""
        query = ("UPDATE sessions SET deadline = ?, clock_claimed_until = NULL "
                 "WHERE id = ? AND status = 'active'")
        params: list[Any] = [deadline, session_id]
        if expected_version is not None:
            query += " AND version = ?"
            params.append(expected_version)
        async with self._transaction() as db:
            cursor = await db.execute(query, params)
            return cursor.rowcount == 1

    async def set_lobby(
        self, session_id: int, *, seats: Iterable[SeatRow], host_id: str | None = None,
        options: dict[str, Any] | None = None, expected_updated_at: float | None = None,
    ) -> bool:
        """Replace the lobby's seats (and optionally its host and options). With
        ``expected_updated_at`` only if the lobby was not changed since (by another
        process: each process's own lobby edits are serialized by the service); whether
        it was stored."""
        stamp = time.time()
        if expected_updated_at is not None and stamp <= expected_updated_at:
            stamp = expected_updated_at + 1e-6  # a change always moves the stamp
        sets, params = ["updated_at = ?"], [stamp]
        if host_id is not None:
            sets.append("host_id = ?")
            params.append(host_id)
        if options is not None:
            sets.append("options = ?")
            params.append(json.dumps(options))
        where, tail = "id = ?", [session_id]
        if expected_updated_at is not None:
            where += " AND updated_at = ?"
            tail.append(expected_updated_at)
        async with self._transaction() as db:
            cursor = await db.execute(
                f"UPDATE sessions SET {', '.join(sets)} WHERE {where}", (*params, *tail))
            if cursor.rowcount != 1:
                return False
            await db.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            await self._insert_seats(db, session_id, seats)
        return True

    async def set_status(self, session_id: int, status: str, *, only_from: str | None = None,
                         ) -> bool:
        """Set the status (only if it is ``only_from`` now, when given)."""
        # A game that is over has no clock running and no bot to move.
        clear = "" if status in OPEN_STATUSES else ", deadline = NULL, bots_due = 0, clocks = NULL"
        query = f"UPDATE sessions SET status = ?, updated_at = ?{clear} WHERE id = ?"
        params: list[Any] = [status, time.time(), session_id]
        if only_from is not None:
            query += " AND status = ?"
            params.append(only_from)
        async with self._transaction() as db:
            cursor = await db.execute(query, params)
            if cursor.rowcount == 1 and status not in OPEN_STATUSES:
                await db.execute("DELETE FROM reminders WHERE session_id = ?", (session_id,))
            return cursor.rowcount == 1

    @staticmethod
    async def _insert_seats(
        db: Executor, session_id: int, seats: Iterable[SeatRow]
    ) -> None:
        await db.executemany(
            "INSERT INTO seats (session_id, seat, user_id, name, is_bot, confirmed) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(session_id, s.seat, s.user_id, s.name, int(s.is_bot), int(s.confirmed))
             for s in seats],
        )

    async def start(
        self, session_id: int, *, seed: int, state: str, seats: Iterable[SeatRow],
        bots_due: bool = True, now: float | None = None,
        expected_updated_at: float | None = None,
    ) -> bool:
        """Move a lobby into play with its first state. ``False`` if it left the lobby (or,
        with ``expected_updated_at``, was changed since it was read). ``bots_due``: whether
        a bot must make the first move; ``now`` is stored as ``updated_at``."""
        unchanged = "" if expected_updated_at is None else " AND updated_at = ?"
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE sessions SET status = 'active', seed = ?, state = ?, version = 1, "
                f"updated_at = ?, bots_due = ? WHERE id = ? AND status = 'lobby'{unchanged}",
                (seed, state, time.time() if now is None else now, int(bots_due),
                 session_id, *(() if expected_updated_at is None else (expected_updated_at,))))
            if cursor.rowcount != 1:
                return False
            await db.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            await self._insert_seats(db, session_id, seats)
        return True

    async def commit_actions(
        self, session_id: int, *, expected_version: int, state: str,
        actions: Sequence[tuple[int, str]], status: str = ACTIVE,
        deadline: float | None = None, bots_due: bool = True, now: float | None = None,
        clocks: str | None = None, reminders: Sequence[ReminderPlan] | None = None,
    ) -> bool:
        """Store the state after ``actions`` (seat, notation) and append them to the log,
        only if the session is still active at ``expected_version``. Returns whether it
        was stored; the version grows by one per action. ``deadline`` replaces the turn
        clock's deadline and ``bots_due`` says whether a bot still has a move to make
        (both cleared unless the game is still active; a caller that does not know says
        a bot may be due, so that a restart looks). ``now`` is stored as ``updated_at``.
        ``clocks`` is each seat's turn clock (JSON) and ``reminders`` the decisions waiting
        now that want a reminder (see :meth:`_sync_reminders`; ``None`` leaves them)."""
        now = time.time() if now is None else now
        if status != ACTIVE:
            deadline, bots_due, clocks, reminders = None, False, None, ()
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE sessions SET state = ?, version = ?, status = ?, updated_at = ?, "
                "deadline = ?, bots_due = ?, clocks = ?, clock_claimed_until = NULL "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (state, expected_version + len(actions), status, now, deadline, int(bots_due),
                 clocks, session_id, expected_version))
            if cursor.rowcount != 1:
                return False
            if reminders is not None:
                await self._sync_reminders(db, session_id, reminders)
            await db.executemany(
                "INSERT INTO actions (session_id, seq, seat, notation, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                [(session_id, expected_version + i, seat, notation, now)
                 for i, (seat, notation) in enumerate(actions)],
            )
        return True

    async def set_clocks(self, session_id: int, clocks: str | None, deadline: float | None, *,
                         expected_version: int | None = None,
                         reminders: Sequence[ReminderPlan] | None = None) -> bool:
        """Store the seats' clocks and the session's earliest deadline of an active session
        without a move (a vacation pauses or resumes them; a timeout with nothing to play)."""
        query = ("UPDATE sessions SET clocks = ?, deadline = ?, clock_claimed_until = NULL "
                 "WHERE id = ? AND status = 'active'")
        params: list[Any] = [clocks, deadline, session_id]
        if expected_version is not None:
            query += " AND version = ?"
            params.append(expected_version)
        async with self._transaction() as db:
            cursor = await db.execute(query, params)
            if cursor.rowcount != 1:
                return False
            if reminders is not None:
                await self._sync_reminders(db, session_id, reminders)
            return True

    # -- reminders (issue 15) ---------------------------------------------------------------
    @staticmethod
    async def _sync_reminders(db: Executor, session_id: int,
                              plans: Sequence[ReminderPlan]) -> None:
        """Keep one reminder row per waiting decision in ``plans``: a decision still waiting
        (same seat, same ``since``) keeps its row and whether it was sent, at its time as
        planned now (a vacation moves it later); any other row of the session goes (that
        player acted, or left the seat). With no decision waiting for a reminder (most
        moves of a game without reminders) it is one statement, not a read and a write."""
        if not plans:
            await db.execute("DELETE FROM reminders WHERE session_id = ?", (session_id,))
            return
        keep = {(plan.seat, plan.since) for plan in plans}
        rows = await db.execute_fetchall(
            "SELECT seat, since FROM reminders WHERE session_id = ?", (session_id,))
        gone = [(session_id, int(seat)) for seat, since in rows
                if (int(seat), float(since)) not in keep]
        if gone:
            await db.executemany("DELETE FROM reminders WHERE session_id = ? AND seat = ?", gone)
        await db.executemany(
            "INSERT INTO reminders (session_id, seat, user_id, since, remind_at, sent) "
            "VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT (session_id, seat) "
            "DO UPDATE SET remind_at = excluded.remind_at",
            [(session_id, p.seat, p.user_id, p.since, p.remind_at) for p in plans])

    async def due_reminders(self, now: float, limit: int = 100) -> list[DueReminder]:
        """Reminders not yet sent whose time has come, of games still in play; none for a
        player on vacation at ``now`` (their reminders wait, see :meth:`next_reminder`)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT r.session_id, r.seat, r.user_id, r.since, s.channel_id, s.guild_id, "
                "s.game, s.locale, s.last_post FROM reminders r "
                "JOIN sessions s ON s.id = r.session_id "
                "WHERE r.sent = 0 AND r.remind_at <= ? AND s.status = 'active' "
                f"AND {_NOT_AWAY} ORDER BY r.remind_at LIMIT ?", (now, now, now, limit))
        return [DueReminder(int(r[0]), int(r[1]), str(r[2]), float(r[3]), str(r[4]),
                            r[5], str(r[6]), str(r[7]), r[8]) for r in rows]

    async def next_reminder(self, now: float) -> float | None:
        """When the next reminder is due, of players not on vacation at ``now`` (a
        vacation's end replans its player's reminders)."""
        async with self._lock, self._db.execute(
                f"SELECT MIN(remind_at) FROM reminders r WHERE sent = 0 AND {_NOT_AWAY}",
                (now, now)) as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def claim_reminder(self, session_id: int, seat: int, since: float) -> bool:
        """Mark a reminder sent before sending it: of two claims, exactly one succeeds, so a
        decision is reminded at most once, even across a restart."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE reminders SET sent = 1 WHERE session_id = ? AND seat = ? AND since = ? "
                "AND sent = 0", (session_id, seat, since))
            return cursor.rowcount == 1

    async def set_last_post(self, session_id: int, message_id: str) -> None:
        """The board message last posted for the session (a reminder links to it)."""
        async with self._transaction() as db:
            await db.execute("UPDATE sessions SET last_post = ? WHERE id = ?",
                             (message_id, session_id))

    # -- settings (issue 15) ------------------------------------------------------------------
    async def settings(self, scope: str, owner_id: str) -> dict[str, str]:
        """The /settings values of a server (``scope='guild'``) or a user (``'user'``)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT key, value FROM settings WHERE scope = ? AND owner_id = ?",
                (scope, owner_id))
        return {str(k): str(v) for k, v in rows}

    async def set_setting(self, scope: str, owner_id: str, key: str, value: str | None) -> None:
        """Set one value (``None`` removes it: back to the default)."""
        async with self._transaction() as db:
            if value is None:
                await db.execute(
                    "DELETE FROM settings WHERE scope = ? AND owner_id = ? AND key = ?",
                    (scope, owner_id, key))
            else:
                await db.execute(
                    "INSERT INTO settings (scope, owner_id, key, value) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (scope, owner_id, key) DO UPDATE SET value = excluded.value",
                    (scope, owner_id, key, value))

    # -- vacations (issue 15) -----------------------------------------------------------------
    async def add_vacation(self, guild_id: str, user_id: str, started_at: float,
                           ends_at: float) -> int:
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO vacations (guild_id, user_id, started_at, ends_at) "
                "VALUES (?, ?, ?, ?)", (guild_id, user_id, started_at, ends_at))
            return int(cursor.lastrowid or 0)

    async def vacations(self, user_id: str, since: float) -> list[Vacation]:
        """The user's vacations that ended after ``since`` (or have not ended)."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT id, guild_id, user_id, started_at, ends_at, resumed FROM vacations "
                "WHERE user_id = ? AND ends_at > ? ORDER BY started_at", (user_id, since))
        return [Vacation(int(r[0]), str(r[1]), str(r[2]), float(r[3]), float(r[4]), bool(r[5]))
                for r in rows]

    async def ended_vacations(self, now: float) -> list[Vacation]:
        """Vacations over by ``now`` whose clocks have not been resumed yet."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT id, guild_id, user_id, started_at, ends_at, resumed FROM vacations "
                "WHERE resumed = 0 AND ends_at <= ? ORDER BY ends_at", (now,))
        return [Vacation(int(r[0]), str(r[1]), str(r[2]), float(r[3]), float(r[4]), bool(r[5]))
                for r in rows]

    async def next_vacation_end(self) -> float | None:
        async with self._lock, self._db.execute(
                "SELECT MIN(ends_at) FROM vacations WHERE resumed = 0") as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def end_vacation(self, vacation_id: int, ends_at: float) -> bool:
        """The vacation is over at ``ends_at`` and its clocks are running again. Whether
        this call ended it: of two processes ending one vacation, one does (issue 17)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE vacations SET ends_at = CASE WHEN ends_at > ? THEN ? ELSE ends_at END, "
                "resumed = 1 WHERE id = ? AND resumed = 0", (ends_at, ends_at, vacation_id))
            return cursor.rowcount == 1

    # -- /mygames (issue 15) -------------------------------------------------------------------
    async def sessions_of_user(self, user_id: str, *, guild_id: str | None = None,
                               limit: int = 25) -> list[SessionRow]:
        """The open sessions where ``user_id`` sits (the ``seats_user`` index), newest
        first, in ``guild_id`` when given; without their state text."""
        where = ("sessions.id IN (SELECT session_id FROM seats WHERE user_id = ? "
                 "AND is_bot = 0) AND status IN ('lobby', 'active')")
        params: list[Any] = [user_id]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        async with self._lock:
            rows = await self._db.execute_fetchall(
                f"{_SESSION_WITH_SEATS} WHERE {where} ORDER BY updated_at DESC LIMIT ?",
                (*params, limit))
        return [self._parse_row(r, with_state=False) for r in rows]

    async def user_seats(self, user_id: str) -> list[tuple[int, int]]:
        """(session, seat) of every game in play where ``user_id`` sits."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT seats.session_id, seats.seat FROM seats JOIN sessions "
                "ON sessions.id = seats.session_id WHERE seats.user_id = ? AND seats.is_bot = 0 "
                "AND sessions.status = 'active' ORDER BY seats.session_id", (user_id,))
        return [(int(r[0]), int(r[1])) for r in rows]

    async def replace_seat(self, session_id: int, seat: SeatRow) -> None:
        """Give ``seat`` to someone else (a bot taking over: that bot may be due)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE seats SET user_id = ?, name = ?, is_bot = ? "
                "WHERE session_id = ? AND seat = ?",
                (seat.user_id, seat.name, int(seat.is_bot), session_id, seat.seat))
            await db.execute(
                "UPDATE sessions SET updated_at = ?, bots_due = MAX(bots_due, ?) WHERE id = ?",
                (time.time(), int(seat.is_bot), session_id))

    async def action_log(self, session_id: int) -> list[LoggedAction]:
        async with self._lock, self._db.execute(
                "SELECT seq, seat, notation, created_at FROM actions WHERE session_id = ? "
                "ORDER BY seq", (session_id,)) as cursor:
            rows = await cursor.fetchall()
        return [LoggedAction(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]

    # -- moving a database ----------------------------------------------------------------
    async def table_counts(self) -> dict[str, int]:
        """Rows per table (the schema's own bookkeeping left out)."""
        counts = {}
        for table in await self._db.tables():
            rows = list(await self._db.execute_fetchall(f"SELECT COUNT(*) FROM {table}"))
            counts[table] = int(rows[0][0])
        return counts

    async def copy_to(self, target: Storage, *, batch: int = 500) -> dict[str, int]:
        """Copy every row of this database into ``target`` (migrated to the same schema,
        and empty), in one transaction of ``target``: a copy that fails leaves it empty.
        Tables go in the order they were created, so a session comes before its seats;
        ids are kept, and ``target``'s id counters continue after them. Returns the rows
        copied per table; :class:`StorageError` if ``target`` is not empty or not at this
        schema version."""
        if await target.schema_version() != await self.schema_version():
            raise StorageError(
                f"{target.path} is at schema {await target.schema_version()}, "
                f"{self.path} at {await self.schema_version()}")
        held = {table: n for table, n in (await target.table_counts()).items() if n}
        if held:
            raise StorageError(f"{target.path} is not empty: {held}")
        copied: dict[str, int] = {}
        async with target._transaction() as into:
            for table in await self._db.tables():
                wanted = set(await target._db.columns(table))
                columns = [c for c in await self._db.columns(table) if c in wanted]
                names, marks = ", ".join(columns), ", ".join("?" for _ in columns)
                rows = [tuple(r) for r in await self._db.execute_fetchall(
                    f"SELECT {names} FROM {table}")]
                for start in range(0, len(rows), batch):
                    await into.executemany(
                        f"INSERT INTO {table} ({names}) VALUES ({marks})",
                        rows[start:start + batch])
                copied[table] = len(rows)
        await target._db.after_copy()
        return copied

    # -- results and ratings (issue 16) ----------------------------------------------
    async def record_results(
        self, session_id: int, *, guild_id: str, game: str,
        outcomes: Sequence[tuple[str, bool]], with_bots: bool,
        ratings: Sequence[tuple[str, str, float, float]], now: float | None = None,
    ) -> bool:
        """Store a finished game's outcome per human, ``outcomes`` as (user id, won), and
        their new ``ratings`` as (user id, name, mu, sigma), in one transaction. A game
        already recorded is left alone (``False``): a game counts once."""
        now = time.time() if now is None else now
        async with self._transaction() as db:
            async with db.execute("SELECT 1 FROM results WHERE session_id = ? LIMIT 1",
                                  (session_id,)) as cursor:
                if await cursor.fetchone() is not None:
                    return False
            await db.executemany(
                "INSERT INTO results (session_id, guild_id, game, user_id, won, with_bots, "
                "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(session_id, guild_id, game, user_id, int(won), int(with_bots), now)
                 for user_id, won in outcomes])
            await db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, "
                "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, "
                "updated_at = excluded.updated_at",
                [(guild_id, game, user_id, name, mu, sigma, now)
                 for user_id, name, mu, sigma in ratings])
        return True

    async def ratings_of(self, guild_id: str, game: str, user_ids: Sequence[str]
                         ) -> dict[str, tuple[float, float]]:
        """(mu, sigma) of each of ``user_ids`` rated in ``game`` on this server."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self._lock, self._db.execute(
                f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? "
                f"AND user_id IN ({marks})", (guild_id, game, *user_ids)) as cursor:
            return {str(r[0]): (float(r[1]), float(r[2])) for r in await cursor.fetchall()}

    async def player_results(self, guild_id: str, user_id: str
                             ) -> list[tuple[str, bool, int, int]]:
        """(game, with bots, games played, wins) of a player on this server."""
        async with self._lock, self._db.execute(
                "SELECT game, with_bots, COUNT(*), SUM(won) FROM results "
                "WHERE guild_id = ? AND user_id = ? GROUP BY game, with_bots "
                "ORDER BY game, with_bots", (guild_id, user_id)) as cursor:
            return [(str(r[0]), bool(r[1]), int(r[2]), int(r[3] or 0))
                    for r in await cursor.fetchall()]

    async def leaderboard(self, guild_id: str, game: str | None, limit: int = 10
                          ) -> list[tuple[str, str, str, float, float, int, int]]:
        """The best rated players of this server, ``game`` or every game: (game, user id,
        name, mu, sigma, rated games, wins among them), best first (mu - 3 sigma)."""
        query = (
            "SELECT game, user_id, name, mu, sigma, games, (SELECT COALESCE(SUM(won), 0) "
            "FROM results WHERE results.guild_id = ratings.guild_id AND results.game = "
            "ratings.game AND results.user_id = ratings.user_id AND with_bots = 0) "
            "FROM ratings WHERE guild_id = ?")
        params: list[Any] = [guild_id]
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        query += " ORDER BY mu - 3 * sigma DESC, games DESC, name LIMIT ?"
        params.append(limit)
        async with self._lock, self._db.execute(query, params) as cursor:
            return [(str(r[0]), str(r[1]), str(r[2]), float(r[3]), float(r[4]), int(r[5]),
                     int(r[6])) for r in await cursor.fetchall()]
