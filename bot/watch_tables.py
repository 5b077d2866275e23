"""Who watches a game without a seat (issue 27 item 5): the ``watchers`` table."""

from __future__ import annotations

import time

from .tables import Tables

#: How a watcher is told of a new turn post: a DM, or a mention in the post itself.
WATCH_VIA = ("dm", "mention")


class WatchTables(Tables):
    """The ``watchers`` table: (session, user) -> their name and how they are told."""

    async def watch(self, session_id: int, user_id: str, name: str, via: str) -> None:
        """``user_id`` follows the game (again, perhaps by another way)."""
        if via not in WATCH_VIA:
            raise ValueError(f"via must be one of {WATCH_VIA}, not {via!r}")
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO watchers (session_id, user_id, name, via, since) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, user_id) DO UPDATE SET "
                "name = excluded.name, via = excluded.via",
                (session_id, user_id, name, via, time.time()))

    async def unwatch(self, session_id: int, user_id: str) -> bool:
        """``user_id`` stops following the game; whether they were following it."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT 1 FROM watchers WHERE session_id = ? AND user_id = ?",
                (session_id, user_id))
            await db.execute("DELETE FROM watchers WHERE session_id = ? AND user_id = ?",
                             (session_id, user_id))
        return bool(rows)

    async def watchers(self, session_id: int) -> list[tuple[str, str, str]]:
        """The game's watchers as (user id, name, via), in the order they came."""
        async with self._lock:
            rows = await self._db.execute_fetchall(
                "SELECT user_id, name, via FROM watchers WHERE session_id = ? "
                "ORDER BY since, user_id", (session_id,))
        return [(str(u), str(n), str(v)) for u, n, v in rows]
