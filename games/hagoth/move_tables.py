"""Hagoth lookups that depend only on a few cards, computed once per key (issue 10:
"Cache what does not change within a step: … the ``Design.fits`` lookups").

Which blueprints a design's segments fit depends on nothing but those segments (kept
sorted in card order, so the tuple is the key); the moves that start a new design or
move a segment into an empty berth depend only on the card and the berths. There are
few such keys (the designs a blueprint can hold), so the tables stay small.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .actions import MoveSegment, PlaySegment, Redesign
from .data import BLUEPRINT_NEEDS, BLUEPRINTS, SEGMENTS

#: For each segment, the blueprints that use it (a new design must have room for it).
BLUEPRINTS_WITH: dict[str, tuple[int, ...]] = {
    seg: tuple(bp.index for bp in BLUEPRINTS if BLUEPRINT_NEEDS[bp.index][seg] > 0)
    for seg in SEGMENTS
}


@cache
def fitting_blueprints(segments: tuple[str, ...]) -> frozenset[int]:
    """The blueprints in which every one of ``segments`` has a place."""
    counts = Counter(segments)
    return frozenset(bp.index for bp in BLUEPRINTS
                     if all(n <= BLUEPRINT_NEEDS[bp.index][seg] for seg, n in counts.items()))


@cache
def redesigns(berth: int, blueprint: int, segments: tuple[str, ...]) -> tuple[Redesign, ...]:
    """Redesigning the design in ``berth`` (now ``blueprint``) to another that fits, in
    blueprint order."""
    fitting = fitting_blueprints(segments)
    return tuple(Redesign(berth, bp) for bp in range(len(BLUEPRINTS))
                 if bp != blueprint and bp in fitting)


@cache
def new_designs(card: str, berth: int) -> tuple[PlaySegment, ...]:
    """Starting a design in the empty ``berth`` with ``card``, for every blueprint using it."""
    return tuple(PlaySegment(card, berth, bp) for bp in BLUEPRINTS_WITH[card])


@cache
def moves_to_empty(segment: str, source: int, dest: int) -> tuple[MoveSegment, ...]:
    """Moving ``segment`` into the empty berth ``dest`` as a new design, per blueprint."""
    return tuple(MoveSegment(segment, source, dest, bp) for bp in BLUEPRINTS_WITH[segment])
