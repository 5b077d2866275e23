""""You're next" (issue 26 item 5): a quiet DM to the player who acts after the player
whose turn just began, so they are ready.

Who gets it, precisely: when an update pings exactly one person, the only actor, at the
start of their turn (:func:`bot.clocks.pings`: once per turn), the seat the *game* names
as acting after that turn (:meth:`games.protocol.Ruleset.next_actor`: Hexfolk's founding
running back, a player who sits a turn out passed over, Shipyard's final round from the
start player...) gets a heads-up if it is a person other than that actor and other than
the one whose move the update answers (they are at the table), and has switched it on
(``/settings reminders heads_up:on``; off by default). Where the game cannot name that
seat yet (a choice not yet made, something hidden, several people next) nobody gets
one: never a guess by seat order. When several people act at once, nobody gets a
heads-up; a turn whose actor was not pinged (the mover playing on, a bot) gives none;
so never more than one per turn."""

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


def heads_up_seat(actors: Collection[int], pinged: Collection[int], after: int | None,
                  humans: Collection[int], mover: int | None = None) -> int | None:
    """The seat that gets a heads-up (see the module docstring), or ``None``. ``actors``
    are the seats that decide now, ``pinged`` the seats this update pings, ``after`` the
    seat the game says acts next (``next_actor``; ``None``: not settled), ``humans`` the
    seats people sit in, ``mover`` the seat whose own move the update answers."""
    if len(actors) != 1 or after is None:
        return None
    (actor,) = actors
    if actor not in pinged:
        return None
    if after in (actor, mover) or after not in humans:
        return None
    return after
