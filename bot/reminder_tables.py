"""Reminders of the decisions waiting in games in play, and players' vacations (issue
15): one reminder row per waiting decision, none sent to a player on vacation."""

from __future__ import annotations

from collections.abc import Sequence

from .database import Executor
from .sharding import Shards, on_shards_sql, shard_key_sql
from .storage_rows import DueReminder, ReminderPlan, Vacation
from .tables import Tables

#: SQL: the reminder ``r``'s player is not on vacation at the time bound twice after it.
_NOT_AWAY = ("NOT EXISTS (SELECT 1 FROM vacations v WHERE v.user_id = r.user_id "
             "AND v.started_at <= ? AND ? < v.ends_at)")


async def sync_reminders(db: Executor, session_id: int,
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


class ReminderTables(Tables):
    """The ``reminders`` and ``vacations`` tables."""

    async def due_reminders(self, now: float, limit: int = 100,
                            shards: Shards | None = None) -> list[DueReminder]:
        """Reminders not yet sent whose time has come, of games still in play (of
        ``shards``' servers, when given: issue 29 item 2); none for a player on vacation
        at ``now`` (their reminders wait, see :meth:`next_reminder`)."""
        where, ids = on_shards_sql("s.shard_key", shards)
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT r.session_id, r.seat, r.user_id, r.since, s.channel_id, s.guild_id, "
                "s.game, s.locale, s.last_post FROM reminders r "
                "JOIN sessions s ON s.id = r.session_id "
                "WHERE r.sent = 0 AND r.remind_at <= ? AND s.status = 'active' "
                f"AND {_NOT_AWAY}{where} ORDER BY r.remind_at LIMIT ?",
                (now, now, now, *ids, limit))
        return [DueReminder(int(r[0]), int(r[1]), str(r[2]), float(r[3]), str(r[4]),
                            r[5], str(r[6]), str(r[7]), r[8]) for r in rows]

    async def next_reminder(self, now: float, shards: Shards | None = None) -> float | None:
        """When the next reminder is due, of players not on vacation at ``now`` (a
        vacation's end replans its player's reminders), of ``shards``' servers when given:
        the reminders index read in time order up to the first of this process's shards,
        each row's shard from its session's primary key (issue 29 item 2)."""
        where, ids = on_shards_sql("s.shard_key", shards)
        join = " JOIN sessions s ON s.id = r.session_id" if where else ""
        async with self._lock, self._db.execute(
                f"SELECT r.remind_at FROM reminders r{join} WHERE r.sent = 0 AND {_NOT_AWAY}"
                f"{where} ORDER BY r.remind_at LIMIT 1", (now, now, *ids)) as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def claim_reminder(self, session_id: int, seat: int, since: float) -> bool:
        """Mark a reminder sent before sending it: of two claims, exactly one succeeds, so a
        decision is reminded at most once, even across a restart."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE reminders SET sent = 1 WHERE session_id = ? AND seat = ? AND since = ? "
                "AND sent = 0", (session_id, seat, since))
            return bool(cursor.rowcount == 1)

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

    async def ended_vacations(self, now: float, shards: Shards | None = None
                              ) -> list[Vacation]:
        """Vacations over by ``now`` whose clocks have not been resumed yet (taken in a
        server of ``shards``, when given)."""
        where, ids = on_shards_sql(shard_key_sql("guild_id"), shards)
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT id, guild_id, user_id, started_at, ends_at, resumed FROM vacations "
                f"WHERE resumed = 0 AND ends_at <= ?{where} ORDER BY ends_at", (now, *ids))
        return [Vacation(int(r[0]), str(r[1]), str(r[2]), float(r[3]), float(r[4]), bool(r[5]))
                for r in rows]

    async def next_vacation_end(self, shards: Shards | None = None) -> float | None:
        """When the next vacation not yet resumed ends (of ``shards``' servers)."""
        where, ids = on_shards_sql(shard_key_sql("guild_id"), shards)
        async with self._lock, self._db.execute(
                f"SELECT MIN(ends_at) FROM vacations WHERE resumed = 0{where}", ids) as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def end_vacation(self, vacation_id: int, ends_at: float) -> bool:
        """The vacation is over at ``ends_at`` and its clocks are running again. Whether
        this call ended it: of two processes ending one vacation, one does (issue 17)."""
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE vacations SET ends_at = CASE WHEN ends_at > ? THEN ? ELSE ends_at END, "
                "resumed = 1 WHERE id = ? AND resumed = 0", (ends_at, ends_at, vacation_id))
            return bool(cursor.rowcount == 1)
