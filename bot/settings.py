"""``/settings`` values per server and per user (issue 15), kept in SQLite.

A server (``scope='guild'``) sets the language of its public posts, the default turn
clock of new games, the default reminders and a cap on vacation days per 30 days. A
user (``scope='user'``) sets their own reminders. A user's value wins over the
server's, the server's over the built-in default. Who may change what is checked by
the front (a user only their own values; server values need Manage Server).

:class:`Settings` is also the :class:`~bot.clocks.SeatPolicy` the session service asks
when a decision is handed to a player: when to remind them, whether they are away.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import DEFAULT_LOCALE, available_locales
from i18n.errors import LocalizedError

from .heads_up import HEADS_UP_SETTING, HEADS_UP_VALUES
from .storage import Storage, Vacation

GUILD, USER = "guild", "user"
#: How a player is reminded of a decision waiting for them.
REMINDER_MODES = ("dm", "channel", "off")
DEFAULT_REMINDER_MODE = "dm"
DEFAULT_REMINDER_AFTER = 8 * 3600.0
#: A reminder never comes sooner than this, nor later than this (seconds).
REMINDER_AFTER_RANGE = (60.0, 30 * 24 * 3600.0)
#: Vacation: the longest a server may allow per 30 days, and the default cap.
VACATION_WINDOW = 30 * 24 * 3600.0
DEFAULT_VACATION_CAP_DAYS = 14
MAX_VACATION_CAP_DAYS = 30
DAY = 24 * 3600.0

_DURATION = re.compile(r"^\s*(\d{1,4})\s*([smhd])\s*$", re.IGNORECASE)
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 24 * 3600}


def parse_duration(text: str) -> float:
    """``30s``, ``90m``, ``8h``, ``3d`` as seconds; a polite refusal otherwise."""
    match = _DURATION.match(text or "")
    if match is None:
        raise LocalizedError("platform.settings.bad_duration", value=text)
    return float(int(match.group(1)) * _UNIT[match.group(2).lower()])


def show_duration(seconds: float) -> str:
    """Seconds the way :func:`parse_duration` reads them (``8h``, ``90m``, ``3d``)."""
    whole = int(seconds)
    for unit in ("d", "h", "m"):
        if whole and whole % _UNIT[unit] == 0:
            return f"{whole // _UNIT[unit]}{unit}"
    return f"{whole}s"


@dataclass(frozen=True, slots=True)
class ReminderChoice:
    mode: str
    after: float


class Settings:
    """The stored /settings of servers and users, over :class:`~bot.storage.Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # -- reading ----------------------------------------------------------------------------
    async def guild(self, guild_id: str | None) -> dict[str, str]:
        return {} if guild_id is None else await self.storage.settings(GUILD, guild_id)

    async def language(self, guild_id: str | None, guild_locale: str | None) -> str:
        """The language of the server's public posts: its ``/settings language``, else
        Discord's ``guild_locale`` when we have a catalogue for it, else English."""
        chosen = (await self.guild(guild_id)).get("language")
        if chosen in available_locales():
            return chosen
        code = (guild_locale or "").split("-")[0].lower()
        return code if code in available_locales() else DEFAULT_LOCALE

    async def clock(self, guild_id: str | None) -> str:
        """The server's default turn clock for new games (``off`` unless set)."""
        return (await self.guild(guild_id)).get("clock", "off")

    async def reminders(self, guild_id: str | None, user_id: str) -> ReminderChoice:
        """How ``user_id`` is reminded: their own choice, else the server's, else DM
        after 8 hours."""
        server = await self.guild(guild_id)
        own = await self.storage.settings(USER, user_id)
        mode = own.get("reminders") or server.get("reminders") or DEFAULT_REMINDER_MODE
        after = own.get("reminders_after") or server.get("reminders_after")
        try:
            seconds = float(after) if after else DEFAULT_REMINDER_AFTER
        except ValueError:
            seconds = DEFAULT_REMINDER_AFTER
        return ReminderChoice(mode if mode in REMINDER_MODES else DEFAULT_REMINDER_MODE,
                              seconds)

    async def vacation_cap_days(self, guild_id: str | None) -> int:
        value = (await self.guild(guild_id)).get("vacation_cap")
        return int(value) if value and value.isdigit() else DEFAULT_VACATION_CAP_DAYS

    # -- writing ----------------------------------------------------------------------------
    async def set_language(self, guild_id: str, language: str) -> None:
        if language not in available_locales():
            raise LocalizedError("platform.settings.bad_language", value=language,
                                 choices=", ".join(available_locales()))
        await self.storage.set_setting(GUILD, guild_id, "language", language)

    async def set_clock(self, guild_id: str, clock: str, choices: tuple[str, ...]) -> None:
        if clock not in choices:
            raise LocalizedError("platform.clock.invalid", value=clock,
                                 choices=", ".join(choices))
        await self.storage.set_setting(GUILD, guild_id, "clock", clock)

    async def set_reminders(self, scope: str, owner_id: str, mode: str,
                            after: str | None) -> float | None:
        """Store a reminder choice; the delay stored (``None``: left as it was)."""
        if mode not in REMINDER_MODES:
            raise LocalizedError("platform.settings.bad_mode", value=mode,
                                 choices=", ".join(REMINDER_MODES))
        seconds = None
        if after:
            seconds = parse_duration(after)
            low, high = REMINDER_AFTER_RANGE
            if not low <= seconds <= high:
                raise LocalizedError("platform.settings.after_range", value=after,
                                     min=show_duration(low), max=show_duration(high))
        await self.storage.set_setting(scope, owner_id, "reminders", mode)
        if seconds is not None:
            await self.storage.set_setting(scope, owner_id, "reminders_after", str(seconds))
        return seconds

    async def set_vacation_cap(self, guild_id: str, days: int) -> None:
        if not 0 <= days <= MAX_VACATION_CAP_DAYS:
            raise LocalizedError("platform.settings.cap_range", max=MAX_VACATION_CAP_DAYS)
        await self.storage.set_setting(GUILD, guild_id, "vacation_cap", str(days))

    # -- the session service's policy (bot.clocks.SeatPolicy) -------------------------------
    async def reminder_after(self, guild_id: str | None, user_id: str) -> float | None:
        choice = await self.reminders(guild_id, user_id)
        return None if choice.mode == "off" else choice.after

    async def heads_up(self, user_id: str) -> bool:
        """``/settings reminders heads_up:on`` (a user's own choice, off by default)."""
        return (await self.storage.settings(USER, user_id)).get(HEADS_UP_SETTING) == "on"

    async def set_heads_up(self, user_id: str, value: str) -> None:
        """Store a user's "You're next" choice (``on`` or ``off``)."""
        if value not in HEADS_UP_VALUES:
            raise LocalizedError("platform.settings.bad_heads_up", value=value,
                                 choices=", ".join(HEADS_UP_VALUES))
        await self.storage.set_setting(USER, user_id, HEADS_UP_SETTING, value)

    async def on_vacation(self, user_id: str, now: float) -> bool:
        return any(v.started_at <= now < v.ends_at
                   for v in await self.storage.vacations(user_id, now))

    async def current_vacation(self, user_id: str, now: float) -> Vacation | None:
        return next((v for v in await self.storage.vacations(user_id, now)
                     if v.started_at <= now < v.ends_at), None)

    async def vacation_days_used(self, user_id: str, now: float) -> float:
        """Days of vacation taken in the 30 days up to ``now`` (one running counts up to
        ``now``)."""
        start = now - VACATION_WINDOW
        used = sum(max(0.0, min(v.ends_at, now) - max(v.started_at, start))
                   for v in await self.storage.vacations(user_id, start))
        return used / DAY


__all__ = [
    "DEFAULT_REMINDER_AFTER",
    "GUILD",
    "REMINDER_MODES",
    "USER",
    "ReminderChoice",
    "Settings",
    "parse_duration",
    "show_duration",
]
