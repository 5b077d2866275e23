"""The rows :class:`~bot.storage.Storage` reads and writes (sessions, seats, the action
log, reminders, vacations), the statuses of a session, and the errors of storage."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.bot_levels import DEFAULT_LEVEL

#: Session states. ``lobby`` and ``active`` occupy their channel.
LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
OPEN_STATUSES = (LOBBY, ACTIVE)


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
    #: A bot seat's level (:data:`games.bot_levels.LEVELS`); ``normal`` for every other.
    bot_level: str = DEFAULT_LEVEL


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


@dataclass(frozen=True, slots=True)
class Freshness:
    """What tells whether a cached session is still current: every change of its state
    moves ``version``, every other change of the row (seats, status) ``updated_at``."""

    version: int
    status: str
    updated_at: float
    deadline: float | None
    clocks: str | None = None
