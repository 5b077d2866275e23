"""Vacations (issue 15): ``/vacation on [days]`` pauses the clocks of all your games,
``/vacation off`` (or the end of the days) starts them again with the time they had left.

A server caps vacations at a number of days per 30 days (``/settings vacation``). While a
player is away, a decision handed to them gets a paused clock too
(:meth:`bot.settings.Settings.on_vacation`, asked by :func:`bot.clocks.plan`).
"""

from __future__ import annotations

from dataclasses import dataclass

from i18n.errors import LocalizedError

from .clocks import ClockBook
from .service import SessionService
from .settings import DAY, Settings
from .storage import SessionRow

#: Days of a vacation asked for without a number (at most what the cap leaves).
DEFAULT_VACATION_DAYS = 7


@dataclass(slots=True)
class VacationNews:
    """What to tell: whose vacation, until when (``None``: it ended), and the games in
    play where they sit."""

    user_id: str
    until: float | None
    games: list[SessionRow]


class Vacations:
    def __init__(self, service: SessionService, settings: Settings) -> None:
        self.service = service
        self.settings = settings

    async def start(self, guild_id: str, user_id: str, days: int | None,
                    now: float) -> VacationNews:
        """Begin a vacation of ``days`` (default: a week, or what the cap leaves)."""
        if await self.settings.current_vacation(user_id, now) is not None:
            raise LocalizedError("platform.vacation.already")
        cap = await self.settings.vacation_cap_days(guild_id)
        used = await self.settings.vacation_days_used(user_id, now)
        left = max(0, int(cap - used + 1e-9))
        if days is None:
            days = min(DEFAULT_VACATION_DAYS, left)
        if days < 1 or days > left:
            raise LocalizedError("platform.vacation.cap", cap=cap, left=left)
        ends = now + days * DAY
        await self.service.storage.add_vacation(guild_id, user_id, now, ends)
        return VacationNews(user_id, ends, await self._change(user_id, now, pause=True))

    async def stop(self, user_id: str, now: float) -> VacationNews:
        """End the running vacation now; the clocks run again with the time they had."""
        vacation = await self.settings.current_vacation(user_id, now)
        if vacation is None:
            raise LocalizedError("platform.vacation.not_on")
        await self.service.storage.end_vacation(vacation.id, now)
        return VacationNews(user_id, None, await self._change(user_id, now, pause=False))

    async def resume_ended(self, now: float) -> list[VacationNews]:
        """Vacations whose days are over: start their players' clocks again."""
        news = []
        for vacation in await self.service.storage.ended_vacations(
                now, self.service.shards):
            if not await self.service.storage.end_vacation(vacation.id, vacation.ends_at):
                continue  # another process ended it first, and resumes its clocks
            if await self.settings.on_vacation(vacation.user_id, now):
                continue  # another vacation follows on
            news.append(VacationNews(vacation.user_id, None,
                                     await self._change(vacation.user_id, now, pause=False)))
        return news

    async def _change(self, user_id: str, now: float, *, pause: bool) -> list[SessionRow]:
        """Pause or resume ``user_id``'s seat clocks in every game in play; those games."""
        games: list[SessionRow] = []
        for session_id, seat in await self.service.storage.user_seats(user_id):
            def change(book: ClockBook, row: SessionRow, seat: int = seat) -> bool:
                return book.pause([seat], now) if pause else book.resume([seat], now)
            try:
                await self.service.adjust_clocks(session_id, change)
                row = await self.service.storage.get(session_id)
            except LocalizedError:
                continue  # a damaged or finished game: nothing to pause
            if row is not None:
                games.append(row)
        return games
