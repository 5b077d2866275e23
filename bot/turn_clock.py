"""Each seat's turn clock in a game in play: planned after every move
(:func:`bot.clocks.plan`), paused and resumed by vacations, and the reminders the
decisions waiting now want. Playing for a seat whose time ran out is
:mod:`bot.timeouts`' job."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from . import clocks
from .clocks import ClockBook, SeatPolicy
from .requests import ServiceError
from .session_options import CLOCKS, clock_of
from .sessions import Loaded, Sessions
from .storage import ACTIVE, ReminderPlan, SessionRow


class TurnClock:
    """The turn clocks of ``sessions``' games."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        #: Set whenever a move sets a new deadline (the Discord client's clock task waits
        #: on it to re-plan its sleep).
        self.deadline_changed = asyncio.Event()
        #: The wall clock (Unix time) the turn clock reads; tests may replace it.
        self.now: Callable[[], float] = time.time
        #: Reminders and vacations (issue 15): set by a front that has /settings.
        self.policy: SeatPolicy | None = None

    async def plan(self, loaded: Loaded, over: bool, *, restart: set[int],
                   now: float) -> tuple[ClockBook | None, list[ReminderPlan]]:
        """Each human seat's clock after a move (:func:`bot.clocks.plan`) and the
        reminders the decisions waiting now want (:attr:`policy`)."""
        row, ruleset, state = loaded.row, loaded.ruleset, loaded.state
        if over:
            return None, []
        humans = {s.seat: s.user_id for s in row.seats if not s.is_bot and s.user_id}
        acting = sorted(set(ruleset.actors(state)) & humans.keys())
        turn, owner = ruleset.clock_turn(state)
        paused: set[int] = set()
        if self.policy is not None:
            paused = {seat for seat in acting
                      if await self.policy.on_vacation(humans[seat], now)}
        book = clocks.plan(ClockBook.loads(row.clocks), turn=turn,
                           owner=owner if owner in humans else None, acting=acting,
                           seconds=CLOCKS.get(clock_of(row.options)), now=now,
                           paused=paused, restart=restart)
        reminders: list[ReminderPlan] = []
        if book is not None and self.policy is not None:
            for seat in acting:
                clock = book.seats[seat]
                after = await self.policy.reminder_after(row.guild_id, humans[seat])
                if after is not None:  # held while on vacation (storage.due_reminders)
                    reminders.append(ReminderPlan(seat, humans[seat], clock.since,
                                                  clock.remind_at(after, now)))
        return book, reminders

    async def adjust(self, session_id: int,
                     change: Callable[[ClockBook, SessionRow], bool]) -> SessionRow | None:
        """Change a game's clocks without a move (a vacation pauses or resumes a seat's):
        ``change`` edits the book in place and says whether it changed anything. The
        row as stored after, or ``None`` when nothing changed."""
        async with self.sessions.lock(session_id):
            row = await self.sessions.by_id(session_id)
            book = ClockBook.loads(row.clocks)
            if row.status != ACTIVE or book is None or not change(book, row):
                return None
            loaded = self.sessions.load(row)
            _, reminders = await self.plan(loaded, False, restart=set(), now=self.now())
            deadline, booked = book.earliest(), book.dumps()
            if not await self.sessions.storage.set_clocks(row.id, booked, deadline,
                                                          expected_version=row.version,
                                                          reminders=reminders):
                raise ServiceError("platform.service.stale")
            loaded.row.deadline, loaded.row.clocks = deadline, booked
            if deadline is not None:
                self.deadline_changed.set()
            return loaded.row

    async def next_deadline(self) -> float | None:
        """The earliest deadline of any active game (Unix time), ``None`` if no clock runs."""
        return await self.sessions.storage.next_deadline(self.sessions.shards)


__all__ = ["TurnClock"]
