"""Which Shipyard moves a player may take back (issue 16, "Undo").

Where a bought ship card goes in the shipyard (``slot``), where a rented canal is laid
(``attach``) and where the ship figure starts on the first canal (``figure``) are open
placements of things already public (rulebook, "Setup": "All other items acquired during
the game ... are public"). They may be taken back as long as the move turned up no new
card (the platform's check refuses it when finishing the action refilled a display from
a face-down deck) and drew no random number. Choosing actions, buying, taking trains and
everything that scores stays played.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import Event
from ..undo import drew_nothing
from .actions import Action, Attach, FigureAt, Slot
from .state import ShipyardState


def undoable(before: ShipyardState, after: ShipyardState, seat: int, action: Action,
             events: Sequence[Event]) -> bool:
    return isinstance(action, Slot | Attach | FigureAt) and drew_nothing(before, after)
