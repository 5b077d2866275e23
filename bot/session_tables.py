"""Sessions, their seats and the append-only action log in the database.

A move is stored with :meth:`SessionTables.commit_actions`, an optimistic update that
succeeds only if the session is still at the version the move was computed from: of two
moves computed from the same version, exactly one is stored."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

from games.bot_levels import DEFAULT_LEVEL

from .database import Executor, IntegrityError
from .reminder_tables import sync_reminders
from .sharding import Shards, on_shards_sql, shard_index_sql, shard_key
from .storage_rows import (
    ACTIVE,
    LOBBY,
    OPEN_STATUSES,
    ChannelBusy,
    Freshness,
    LoggedAction,
    ReminderPlan,
    SeatRow,
    SessionRow,
)
from .tables import Tables

_SESSION_COLUMNS = (
    "id, channel_id, guild_id, game, options, status, host_id, locale, seed, state, "
    "version, created_at, updated_at, deadline, bots_due, clocks, last_post"
)
#: A session row and its seats in one query (one round trip): the seats as a JSON array.
_SESSION_WITH_SEATS = (
    f"SELECT {_SESSION_COLUMNS}, (SELECT json_group_array(json_array(seat, user_id, name, "
    "is_bot, confirmed, bot_level)) FROM seats WHERE seats.session_id = sessions.id) "
    "AS seats FROM sessions"
)


class SessionTables(Tables):
    """The ``sessions``, ``seats`` and ``actions`` tables."""

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
                    "locale, created_at, updated_at, shard_key) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (channel_id, guild_id, game, json.dumps(options), LOBBY, host.user_id,
                     locale, now, now, shard_key(guild_id)),
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
            (SeatRow(int(seat), str(name), user_id, bool(is_bot), bool(confirmed),
                     str(level or DEFAULT_LEVEL))
             for seat, user_id, name, is_bot, confirmed, level
             in json.loads(r["seats"] or "[]")),
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
        where, ids = on_shards_sql("shard_key", shards)
        return where, list(ids)

    async def index_shards(self, shards: Shards | None) -> None:
        """Make the index of ``shards``' count that :meth:`next_deadline` reads (once per
        count; processes starting together make it once). Nothing for every shard."""
        if shards is not None and not shards.everything:
            await self._db.define(shard_index_sql(shards.count))

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
            return bool(cursor.rowcount == 1)

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
        deadline, or when another process's claim on it runs out.

        Read from indexes only (issue 29 item 2): per shard held, the first unclaimed
        deadline in the index of that shard count (:meth:`index_shards`), or in the
        deadline index for every shard; and the few claimed clocks, from their own index.
        Never a scan of the whole table, whatever the other shards hold."""
        unclaimed = ("SELECT deadline FROM sessions WHERE status = 'active' "
                     "AND deadline IS NOT NULL AND clock_claimed_until IS NULL{} "
                     "ORDER BY deadline LIMIT 1")
        if shards is None or shards.everything:
            firsts, params = [unclaimed.format("")], []
        else:
            on = f" AND (shard_key % {int(shards.count)}) = ?"
            firsts, params = [unclaimed.format(on) for _ in shards.ids], list(shards.ids)
        where, ids = self._on_shards(shards)
        # The claimed clocks: all of them from their small index, this process's shards
        # picked out row by row (a condition in WHERE would send the planner to the
        # shards' index, every one of whose rows it would then read).
        parts = [f"SELECT ({first}) AS due" for first in firsts]
        parts.append("SELECT MIN(CASE WHEN status = 'active' AND deadline IS NOT NULL"
                     f"{where} THEN MAX(deadline, clock_claimed_until) END) AS due "
                     "FROM sessions WHERE clock_claimed_until IS NOT NULL")
        async with self._lock, self._db.execute(
                f"SELECT MIN(due) FROM ({' UNION ALL '.join(parts)}) AS dues",
                [*params, *ids]) as cursor:
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
            return bool(cursor.rowcount == 1)

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
        sets: list[str] = ["updated_at = ?"]
        params: list[Any] = [stamp]
        if host_id is not None:
            sets.append("host_id = ?")
            params.append(host_id)
        if options is not None:
            sets.append("options = ?")
            params.append(json.dumps(options))
        where, tail = "id = ?", list[Any]([session_id])
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
            return bool(cursor.rowcount == 1)

    @staticmethod
    async def _insert_seats(
        db: Executor, session_id: int, seats: Iterable[SeatRow]
    ) -> None:
        await db.executemany(
            "INSERT INTO seats (session_id, seat, user_id, name, is_bot, confirmed, bot_level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(session_id, s.seat, s.user_id, s.name, int(s.is_bot), int(s.confirmed),
              s.bot_level)
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
                await sync_reminders(db, session_id, reminders)
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
                await sync_reminders(db, session_id, reminders)
            return True

    async def set_last_post(self, session_id: int, message_id: str) -> None:
        """The board message last posted for the session (a reminder links to it)."""
        async with self._transaction() as db:
            await db.execute("UPDATE sessions SET last_post = ? WHERE id = ?",
                             (message_id, session_id))

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
                "UPDATE seats SET user_id = ?, name = ?, is_bot = ?, bot_level = ? "
                "WHERE session_id = ? AND seat = ?",
                (seat.user_id, seat.name, int(seat.is_bot), seat.bot_level, session_id,
                 seat.seat))
            await db.execute(
                "UPDATE sessions SET updated_at = ?, bots_due = MAX(bots_due, ?) WHERE id = ?",
                (time.time(), int(seat.is_bot), session_id))

    async def action_log(self, session_id: int) -> list[LoggedAction]:
        async with self._lock, self._db.execute(
                "SELECT seq, seat, notation, created_at FROM actions WHERE session_id = ? "
                "ORDER BY seq", (session_id,)) as cursor:
            rows = await cursor.fetchall()
        return [LoggedAction(int(r[0]), int(r[1]), str(r[2]), float(r[3])) for r in rows]
