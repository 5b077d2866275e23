"""Lovci pokladů component data, exactly as fixed by ``shared/rules/lovci-pokladu-data.md``,
and the board geometry, computed once at import.

Squares are numbered ``row * 9 + col`` (0–80); they are named like a chessboard:
columns A–I from west to east, rows 1–9 from south to north (``A1`` is the south-west
corner, ``E5`` = 40 is the centre).

Directions are numbered clockwise from north: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W,
7 NW; a card rotated by ``r`` quarter turns (clockwise) turns every printed direction
``d`` into ``(d + 2r) % 8``.

The sea around the board is a ring of 40 positions walked counter-clockwise (seen from
above, north up). Position ``10*side`` is the corner tip *before* that side, positions
``10*side + 1 .. 10*side + 9`` lie beside the side's nine edge cards:

* side 0, south: beside A1 … I1 (positions 1–9), tip 0 = south-west tip;
* side 1, east:  beside I1 … I9 (11–19), tip 10 = south-east tip;
* side 2, north: beside I9 … A9 (21–29), tip 20 = north-east tip;
* side 3, west:  beside A9 … A1 (31–39), tip 30 = north-west tip.

``+1`` along the ring is "right" for anybody sitting outside the board and facing it.
Going round a corner passes the tip: two moves.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 9
SQUARES = SIZE * SIZE
CENTRE = 40
RING = 40
SAILORS_PER_SHIP = 4
COLOURS = ("red", "green", "yellow", "blue")
COLOUR_LETTERS = ("r", "g", "y", "b")
SIDES = ("south", "east", "north", "west")
#: Board side of each seat, by number of players.
SEAT_SIDES: dict[int, tuple[int, ...]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}

#: (dc, dr) of the eight directions, clockwise from north.
DIRS: tuple[tuple[int, int], ...] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)
KNIGHT: tuple[tuple[int, int], ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
)

# -- cards --------------------------------------------------------------------------------
ROSE, SEAHORSE, DOLPHIN, STARFISH = "rose", "seahorse", "dolphin", "starfish"
SHARK, STINGRAY, TURTLE, OCTOPUS = "shark", "stingray", "turtle", "octopus"
HURRICANE, ISLAND, VOLCANO, TREASURE = "hurricane", "island", "volcano", "treasure"
NEPTUNE, MERMAID, SEA = "neptune", "mermaid", "sea"
KINDS: tuple[str, ...] = (
    ROSE, SEAHORSE, DOLPHIN, STARFISH, SHARK, STINGRAY, TURTLE, OCTOPUS, HURRICANE,
    ISLAND, VOLCANO, TREASURE, NEPTUNE, MERMAID, SEA,
)
#: Cards that move the sailor on at once (a choice among their targets).
MOVERS = frozenset((ROSE, SEAHORSE, DOLPHIN))
SPELLS = (NEPTUNE, MERMAID)


@dataclass(frozen=True, slots=True)
class CardType:
    """One printed card. ``arrows``: yellow rose arrows as printed (rotation 0);
    ``tail``: the stingray's tail as printed; ``level``: volcanoes; ``tokens``: coins
    laid on a treasure when it is discovered."""

    code: str
    kind: str
    count: int
    arrows: tuple[int, ...] = ()
    tail: int = 0
    level: int = 0
    tokens: tuple[int, ...] = ()


CARD_TYPES: tuple[CardType, ...] = (
    CardType("rose8", ROSE, 1, arrows=(0, 1, 2, 3, 4, 5, 6, 7)),
    CardType("rose1o", ROSE, 2, arrows=(0,)),
    CardType("rose1d", ROSE, 2, arrows=(1,)),
    CardType("rose2o", ROSE, 1, arrows=(0, 4)),
    CardType("rose2d", ROSE, 1, arrows=(1, 5)),
    CardType("rose2a", ROSE, 1, arrows=(0, 1)),
    CardType("rose3", ROSE, 1, arrows=(0, 2, 6)),
    CardType("rose4o", ROSE, 1, arrows=(0, 2, 4, 6)),
    CardType("rose4d", ROSE, 1, arrows=(1, 3, 5, 7)),
    CardType("seahorse", SEAHORSE, 3),
    CardType("dolphin", DOLPHIN, 4),
    CardType("starfish", STARFISH, 3),
    CardType("shark", SHARK, 2),
    CardType("stingray", STINGRAY, 2, tail=4),
    CardType("turtle", TURTLE, 3),
    CardType("octopus", OCTOPUS, 3),
    CardType("hurricane", HURRICANE, 2),
    CardType("island", ISLAND, 3),
    CardType("volcano1", VOLCANO, 3, level=1),
    CardType("volcano2", VOLCANO, 2, level=2),
    CardType("volcano3", VOLCANO, 1, level=3),
    CardType("treasure50", TREASURE, 3, tokens=(50,) * 4),
    CardType("treasure100", TREASURE, 3, tokens=(100,) * 3),
    CardType("treasure200", TREASURE, 3, tokens=(200,) * 3),
    CardType("treasure300", TREASURE, 3, tokens=(300,) * 3),
    CardType("treasure600", TREASURE, 2, tokens=(600,)),
    CardType("neptune", NEPTUNE, 1),
    CardType("mermaid", MERMAID, 1),
    CardType("sea", SEA, 23),
)
TYPE_INDEX: dict[str, int] = {ct.code: i for i, ct in enumerate(CARD_TYPES)}
CENTRE_TYPE = TYPE_INDEX["rose8"]
DECK_SIZE = sum(ct.count for ct in CARD_TYPES)
assert DECK_SIZE == SQUARES
TOKEN_VALUES = (50, 100, 200, 300, 600)
ALL_TOKENS: tuple[int, ...] = tuple(sorted(
    (v for ct in CARD_TYPES for _ in range(ct.count) for v in ct.tokens), reverse=True))
assert len(ALL_TOKENS) == 41 and sum(ALL_TOKENS) == 7200
TREASURE_CARDS = sum(ct.count for ct in CARD_TYPES if ct.kind == TREASURE)  # 14


def deck_without_centre() -> list[int]:
    """Type indices of the 80 cards dealt face down, in a fixed order."""
    out = [i for i, ct in enumerate(CARD_TYPES) for _ in range(ct.count)]
    out.remove(CENTRE_TYPE)
    return out


# -- board geometry ------------------------------------------------------------------------
def square_name(sq: int) -> str:
    return f"{'ABCDEFGHI'[sq % SIZE]}{sq // SIZE + 1}"


NAMES: tuple[str, ...] = tuple(square_name(sq) for sq in range(SQUARES))
SQUARE_BY_NAME: dict[str, int] = {name.lower(): sq for sq, name in enumerate(NAMES)}


def _at(col: int, row: int) -> int:
    return row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else -1


#: STEP[sq][d]: the square one step from ``sq`` in direction ``d``, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_at(sq % SIZE + dc, sq // SIZE + dr) for dc, dr in DIRS) for sq in range(SQUARES)
)
#: Neighbours in direction order (on the board only).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in STEP[sq] if n >= 0) for sq in range(SQUARES)
)
#: KNIGHT_TARGETS[sq]: (target, (dc, dr)) for every seahorse jump that stays on the board.
KNIGHT_TARGETS: tuple[tuple[tuple[int, tuple[int, int]], ...], ...] = tuple(
    tuple((_at(sq % SIZE + dc, sq // SIZE + dr), (dc, dr)) for dc, dr in KNIGHT
          if _at(sq % SIZE + dc, sq // SIZE + dr) >= 0)
    for sq in range(SQUARES)
)
CORNERS = frozenset((0, 8, 72, 80))


def _slot_square(pos: int) -> int:
    side, k = divmod(pos, 10)
    if k == 0:
        return -1
    k -= 1
    return (k, k * SIZE + 8, 80 - k, (8 - k) * SIZE)[side]


#: The edge card beside each ring position (-1 at the four corner tips).
SLOT_SQUARE: tuple[int, ...] = tuple(_slot_square(p) for p in range(RING))
#: Ring positions beside each square (two for corner cards, none inside the board).
SQUARE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(RING) if SLOT_SQUARE[p] == sq) for sq in range(SQUARES)
)
#: The side a ring position belongs to (its tip counts with the side that follows it).
SLOT_SIDE: tuple[int, ...] = tuple(p // 10 for p in range(RING))
#: The ring positions of each side (a ship starts on one of its player's side).
SIDE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(10 * s + 1, 10 * s + 10)) for s in range(4)
)
#: Direction pointing off the board across each side.
OUTWARD = (4, 2, 0, 6)


def ring_distance(a: int, b: int) -> int:
    d = abs(a - b) % RING
    return min(d, RING - d)


def chebyshev(a: int, b: int) -> int:
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


def rotate(direction: int, rotation: int) -> int:
    return (direction + 2 * rotation) % 8


def exit_slots(sq: int, direction: int) -> tuple[int, ...]:
    """Where a figure thrown from ``sq`` in ``direction`` lands in the sea: the ring
    position(s) beside the last card it crosses. Over a corner card both sides of the
    corner are offered (the rulebook lets the player choose)."""
    x = sq
    while STEP[x][direction] >= 0:
        x = STEP[x][direction]
    if x in CORNERS:
        return SQUARE_SLOTS[x]
    dc, dr = DIRS[direction]
    col, row = x % SIZE + dc, x // SIZE + dr
    side = 0 if row < 0 else 1 if col >= SIZE else 2 if row >= SIZE else 3
    return tuple(p for p in SQUARE_SLOTS[x] if SLOT_SIDE[p] == side)
