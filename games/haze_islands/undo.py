"""Which Haze Islands moves a player may take back (issue 16, "Undo").

Sailing ("You may sail in any direction bearing gold diamonds, to an orthogonally
adjacent location"; a crossing without diamonds discards nothing), dropping a card from
the hand down to the limit, reordering the deck and a Ghost Ship's rotation of a
location use only what the player already holds or sees. A Sail that discards cards
from the map deck "without looking" shows them, and the platform refuses to take it
back. They may be taken back while
they drew nothing (:func:`games.undo.drew_nothing`); the platform checks besides that
the move showed the mover nothing new (:func:`games.undo.learned_nothing`) and that
nobody has acted since. Scouting, Plunder, Steal, a Fate and every attack turn cards
over or roll The Doom's die: never taken back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import Event
from ..undo import drew_nothing
from .actions import Action, Done, Drop, Rotate, Sail, Top
from .state import HazeState

_TAKE_BACK = (Sail, Drop, Top, Done, Rotate)


def undoable(before: HazeState, after: HazeState, seat: int, action: Action,
             events: Sequence[Event]) -> bool:
    return isinstance(action, _TAKE_BACK) and drew_nothing(before, after)
