"""Which Hagoth moves a player may take back (issue 16, "Undo").

Only the free rearrangements of the rulebook's "Designing Ships": a laid segment "may be
rearranged within the design, or moved back and forth between two designs" (``move``),
and a design may change its blueprint (``redesign``). They draw no card, roll no die and
show no card from the hand. Every card played, every action (wooding rolls the die) and
every end of turn (the hand is refilled from the draw pile) stays played.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..protocol import Event
from ..undo import drew_nothing
from .actions import Action, MoveSegment, Redesign
from .state import HagothState


def undoable(before: HagothState, after: HagothState, seat: int, action: Action,
             events: Sequence[Event]) -> bool:
    return isinstance(action, MoveSegment | Redesign) and drew_nothing(before, after) \
        and len(after.deck) == len(before.deck)
