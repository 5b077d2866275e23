"""Each seat's turn clock in a game in play (issue 15, "whole-turn clocks").

The rulebooks give a player their turn "at the latest when the time runs out": the
clock of the seat whose turn it is (the turn's *owner*) covers the whole turn, however
many decisions are handed to them inside it (build, trade, close an offer, build
again). Other players' decisions inside that turn (an answer to an offer, a discard on
a seven) get a deadline of their own, which neither extends nor restarts the owner's.

A :class:`ClockBook` is stored with the session (``sessions.clocks``, JSON); the
session's ``deadline`` column is the earliest deadline of a seat deciding now, which
is what the clock task waits for. A seat whose player is on vacation keeps the time it
had left instead of a deadline (:meth:`ClockBook.pause`, :meth:`ClockBook.resume`).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol


class SeatPolicy(Protocol):
    """What the platform's settings say about a player's clock (see :mod:`bot.settings`):
    the session service asks it when a decision is handed to a human."""

    async def reminder_after(self, guild_id: str | None, user_id: str) -> float | None:
        """Seconds after which a waiting decision is reminded (``None``: no reminder)."""

    async def on_vacation(self, user_id: str, now: float) -> bool:
        """Whether the player's clocks are paused at ``now``."""

    async def heads_up(self, user_id: str) -> bool:
        """Whether the player wants a "You're next" DM (issue 26 item 5)."""


@dataclass(slots=True)
class SeatClock:
    """One seat's clock: its deadline (Unix time; ``None`` without a turn clock, or while
    paused), the seconds it had left while it is paused; ``since`` is when the decision
    it waits for was handed to the seat; ``acting`` is whether the seat decides now (the
    owner keeps its clock, not acting, while others answer inside its turn).

    ``paused_at`` is when the player's vacation paused it (``None``: running) and ``away``
    the seconds this decision has waited on vacation so far: a reminder counts only the
    time off vacation (issue 15), so it is due at :meth:`remind_at`."""

    deadline: float | None
    since: float
    acting: bool = True
    left: float | None = None
    paused_at: float | None = None
    away: float = 0.0

    @property
    def paused(self) -> bool:
        return self.paused_at is not None or self.left is not None

    def pause(self, now: float) -> bool:
        """Stop at ``now``, keeping the time left; whether it was running."""
        if self.paused:
            return False
        self.paused_at = now
        if self.deadline is not None:
            self.left, self.deadline = max(self.deadline - now, 0.0), None
        return True

    def resume(self, now: float) -> bool:
        """Run again from ``now`` with the time it had left; whether it was paused."""
        if not self.paused:
            return False
        if self.left is not None:
            self.deadline, self.left = now + self.left, None
        if self.paused_at is not None:
            self.away += max(0.0, now - self.paused_at)
            self.paused_at = None
        return True

    def remind_at(self, after: float, now: float) -> float:
        """When a reminder ``after`` seconds of waiting is due: the time on vacation does
        not count (a clock paused now counts as if its player came back ``now``)."""
        away = self.away + (max(0.0, now - self.paused_at) if self.paused_at is not None
                            else 0.0)
        return self.since + away + after


@dataclass(slots=True)
class ClockBook:
    """The clocks of one turn: ``turn`` identifies it, ``owner`` is its seat."""

    turn: str
    owner: int | None
    seats: dict[int, SeatClock] = field(default_factory=dict)
    #: Seats already pinged in this turn (issue 15 "Fewer pings": one ping per turn).
    pinged: set[int] = field(default_factory=set)

    def earliest(self) -> float | None:
        """The earliest deadline of a seat deciding now (the session's ``deadline``)."""
        times = [c.deadline for c in self.seats.values() if c.acting and c.deadline is not None]
        return min(times) if times else None

    def overdue(self, now: float) -> list[int]:
        """The seats deciding now whose deadline is ``now`` or earlier."""
        return sorted(seat for seat, c in self.seats.items()
                      if c.acting and c.deadline is not None and c.deadline <= now)

    def deadline_of(self, seat: int) -> float | None:
        clock = self.seats.get(seat)
        return None if clock is None or not clock.acting else clock.deadline

    def pause(self, seats: Collection[int], now: float) -> bool:
        """Stop the clocks of ``seats`` keeping the time they have left; whether any
        changed."""
        changed = False
        for seat in seats:
            clock = self.seats.get(seat)
            if clock is not None and clock.pause(now):
                changed = True
        return changed

    def resume(self, seats: Collection[int], now: float) -> bool:
        """Start the paused clocks of ``seats`` again with the time they had left."""
        changed = False
        for seat in seats:
            clock = self.seats.get(seat)
            if clock is not None and clock.resume(now):
                changed = True
        return changed

    def dumps(self) -> str:
        return json.dumps({
            "turn": self.turn, "owner": self.owner,
            "seats": {str(seat): [c.deadline, c.since, c.acting, c.left, c.paused_at, c.away]
                      for seat, c in sorted(self.seats.items())},
            "pinged": sorted(self.pinged)})

    @classmethod
    def loads(cls, text: str | None) -> ClockBook | None:
        """The stored book; ``None`` for none, or for text that is not a book (a damaged
        clock is dropped, never a reason to refuse the game)."""
        if not text:
            return None
        try:
            data: Any = json.loads(text)
            seats = {int(seat): _seat_clock(*fields) for seat, fields in data["seats"].items()}
            owner = data.get("owner")
            return cls(str(data["turn"]), None if owner is None else int(owner), seats,
                       {int(seat) for seat in data.get("pinged", [])})
        except (TypeError, ValueError, KeyError, AttributeError):
            return None


def _seat_clock(deadline: float | None, since: float, acting: bool, left: float | None,
                paused_at: float | None = None, away: float = 0.0) -> SeatClock:
    """A stored seat clock (books stored before vacations counted lack the last two)."""
    return SeatClock(None if deadline is None else float(deadline), float(since),
                     bool(acting), None if left is None else float(left),
                     None if paused_at is None else float(paused_at), float(away))


def turn_key(turn: Hashable) -> str:
    """A turn identifier as stored (the ruleset's :meth:`clock_turn` value)."""
    return json.dumps(turn, default=str) if not isinstance(turn, str) else turn


def plan(previous: ClockBook | None, *, turn: Hashable, owner: int | None,
         acting: Collection[int], seconds: int | None, now: float,
         paused: Collection[int] = (), restart: Collection[int] = ()) -> ClockBook | None:
    """The clocks after a move (``seconds=None``: no turn clock, but the book still says
    since when each decision waits, for reminders). ``acting`` are the human seats
    deciding now; ``paused``
    those on vacation; ``restart`` seats whose time just ran out and was played for them
    (if they still decide, they get a full clock rather than firing again at once).

    * A new turn: every seat deciding gets ``seconds`` from ``now``.
    * The same turn: the owner keeps the deadline it got when the turn began (a decision
      handed back to it is a new decision for reminders, not a new clock); another seat
      that still decides keeps its deadline; one newly asked gets ``seconds`` from now.
    """
    if not acting and owner is None:
        return None
    key = turn_key(turn)
    before = previous.seats if previous is not None and previous.turn == key else {}
    book = ClockBook(key, owner)
    for seat in sorted(acting):
        old = before.get(seat)
        if old is not None and seat not in restart and (old.acting or seat == owner):
            same = old.acting  # the same decision still waits: its time away counts on
            clock = SeatClock(old.deadline, old.since if same else now, True, old.left,
                              old.paused_at if same or old.paused_at is None else now,
                              old.away if same else 0.0)
        else:
            clock = SeatClock(None if seconds is None else now + seconds, now)
        if seat in paused:
            clock.pause(now)
        else:
            clock.resume(now)  # a vacation that ended while nobody looked
        book.seats[seat] = clock
    if owner is not None and owner not in book.seats and owner in before:
        old = before[owner]
        book.seats[owner] = SeatClock(old.deadline, old.since, False, old.left,
                                      old.paused_at, old.away)
    if before:
        book.pinged = set(previous.pinged) if previous is not None else set()
    return book if book.seats else None


def pings(book: ClockBook | None, asked: Collection[int],
          mover: int | None = None) -> list[int]:
    """Whom of ``asked`` (seats newly handed a decision) to ping, recorded in ``book``:
    one ping per turn, so a seat pinged earlier in this turn (a responder to a second
    offer, the owner getting the answers back) is not pinged again; and never the
    player whose own move this update answers (only bots moved since, and their reply
    shows their next choices already: Lovci's ship placement against bots used to ping
    them at the start and again right after they placed)."""
    if book is None:
        return []
    chosen = [seat for seat in sorted(asked) if seat not in book.pinged and seat != mover]
    book.pinged.update(chosen)
    if mover is not None and mover in asked:
        book.pinged.add(mover)  # at the table now: that counts as this turn's ping
    return chosen
