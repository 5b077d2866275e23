"""Where locations meet: the edge a location shows towards a direction, and the square
next to another. The players' moves (:mod:`.rules`) and The Doom's (:mod:`.round_end`)
both walk the map through these."""

from __future__ import annotations

from .data import ADVENTURE_EDGE, MAP_CARDS, OPEN_SEA, OPEN_SEA_EDGE, STEP, Edge
from .state import Location


def edge_towards(location: Location, direction: int) -> Edge:
    """The edge ``location`` shows towards world ``direction``, as it is now: its N edge
    is closed while an adventure card shows there and opens on open sea."""
    own = (direction - location.rotation) % 4
    if own == 0:
        return OPEN_SEA_EDGE if location.side == OPEN_SEA else ADVENTURE_EDGE
    return MAP_CARDS[location.card].edge(own)


def neighbour(x: int, y: int, direction: int) -> tuple[int, int]:
    """The square next to ``(x, y)`` towards world ``direction`` (N, E, S, W)."""
    dx, dy = STEP[direction]
    return x + dx, y + dy
