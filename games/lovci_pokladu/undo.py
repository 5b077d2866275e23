"""Which Lovci pokladů moves a player may take back (issue 16, "Undo").

The rulebook's "Basic Rules": "Before each move, the player turns over the next face-down
card that the sailor is about to enter", and a turned card "stays face up for the rest of
the game". So a move that turned a card over is never taken back. A ship's move ("Ships
do not enter cards"), placing the ship at the start, and a sailor's step onto cards
already face up show nothing new and may be taken back, as may the follow-up choices
(where a rose or dolphin takes the sailor, which side after a corner) and keeping the
Mermaid for later. A pass is only ever forced, so there is nothing to take back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import Event
from ..undo import drew_nothing
from .actions import Action, Go, Later, Mermaid, Neptune, SailorMove, ShipMove, Side, Start, Walk
from .state import LovciState

_TAKE_BACK = (Start, ShipMove, SailorMove, Walk, Go, Side, Neptune, Mermaid, Later)


def undoable(before: LovciState, after: LovciState, seat: int, action: Action,
             events: Sequence[Event]) -> bool:
    return isinstance(action, _TAKE_BACK) and after.face_up == before.face_up \
        and drew_nothing(before, after)
