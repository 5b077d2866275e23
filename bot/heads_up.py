""""You're next" (issue 26 item 5): a quiet DM to the player who acts after the player
whose turn just began, so they are ready.

Who gets it, precisely: when an update pings exactly one person, the only actor, at the
start of their turn (:func:`bot.clocks.pings`: once per turn), the *next seat in turn
order* after that actor gets a heads-up if it is a person other than that actor and
other than the one whose move the update answers (they are at the table), and has
switched it on (``/settings reminders heads_up:on``; off by default). Turn order is seat
order: every game passes play to the next seat (a player who sits a turn out is not
skipped: the heads-up then comes one turn early). When several people act at once,
nobody gets a heads-up; a turn whose actor was not pinged (the mover playing on, a bot)
gives none; so never more than one per turn."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

#: The /settings key (user scope) and its values.
HEADS_UP_SETTING = "heads_up"
HEADS_UP_VALUES = ("on", "off")


@dataclass(frozen=True, slots=True)
class HeadsUp:
    """One heads-up: ``user_id`` plays next, after ``player`` (a name), whose turn began."""

    user_id: str
    player: str


def heads_up_seat(actors: Collection[int], pinged: Collection[int], seats: int,
                  humans: Collection[int], mover: int | None = None) -> int | None:
    """The seat that gets a heads-up (see the module docstring), or ``None``. ``actors``
    are the seats that decide now, ``pinged`` the seats this update pings, ``humans`` the
    seats people sit in, ``mover`` the seat whose own move the update answers."""
    if len(actors) != 1 or seats < 2:
        return None
    (actor,) = actors
    if actor not in pinged:
        return None
    after = (actor + 1) % seats
    if after in (actor, mover) or after not in humans:
        return None
    return after
