"""Players' plans in games in play (issue 26 item 3): the ``plans`` table, one row per
seat and slot (see :mod:`games.plans`)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from .tables import Tables


@dataclass(frozen=True, slots=True)
class PlanRow:
    """A stored plan: whose (seat and user), which slot, the game's JSON record, and the
    language its owner reads."""

    session_id: int
    seat: int
    slot: str
    user_id: str
    plan: str
    locale: str
    set_at: float


class PlanTables(Tables):
    """The ``plans`` table."""

    async def plans_of(self, session_id: int, seat: int | None = None) -> list[PlanRow]:
        """The plans of a session (of one ``seat``), by seat, then in the order set."""
        query = ("SELECT session_id, seat, slot, user_id, plan, locale, set_at FROM plans "
                 "WHERE session_id = ?")
        params: list[object] = [session_id]
        if seat is not None:
            query += " AND seat = ?"
            params.append(seat)
        async with self._lock, self._db.execute(query + " ORDER BY seat, set_at, slot",
                                                params) as cursor:
            return [PlanRow(int(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4]), str(r[5]),
                            float(r[6])) for r in await cursor.fetchall()]

    async def set_plan(self, session_id: int, seat: int, slot: str, user_id: str,
                       plan: str, locale: str, now: float | None = None) -> None:
        """Store a plan, replacing the seat's plan in the same slot."""
        now = time.time() if now is None else now
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO plans (session_id, seat, slot, user_id, plan, locale, set_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session_id, seat, slot) "
                "DO UPDATE SET user_id = excluded.user_id, plan = excluded.plan, "
                "locale = excluded.locale, set_at = excluded.set_at",
                (session_id, seat, slot, user_id, plan, locale, now))

    async def drop_plans(self, session_id: int, keys: Iterable[tuple[int, str]]) -> None:
        """Remove the plans ``(seat, slot)`` of a session (gone already: nothing)."""
        gone = [(session_id, seat, slot) for seat, slot in keys]
        if not gone:
            return
        async with self._transaction() as db:
            await db.executemany(
                "DELETE FROM plans WHERE session_id = ? AND seat = ? AND slot = ?", gone)

    async def clear_plans(self, session_id: int, seat: int | None = None) -> int:
        """Remove every plan of a session (of one ``seat``); how many there were."""
        held = await self.plans_of(session_id, seat)
        await self.drop_plans(session_id, [(p.seat, p.slot) for p in held])
        return len(held)


__all__ = ["PlanRow", "PlanTables"]
