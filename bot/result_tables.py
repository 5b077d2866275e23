"""Finished games' outcomes per player and the players' ratings (issue 16)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .tables import Tables


class ResultTables(Tables):
    """The ``results`` and ``ratings`` tables."""

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
