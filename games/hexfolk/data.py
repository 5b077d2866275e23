"""Hexfolk component data, exactly as fixed by ``shared/rules/hexfolk-data.md``.

Resources are indices 0–4 in the fixed order wood, brick, wool, grain, ore; every
resource vector in the engine is a 5-tuple/list in that order.
"""

from __future__ import annotations

from typing import Any

#: Resource codes in the fixed order used everywhere (notation, vectors, legal order).
RESOURCES: tuple[str, ...] = ("wood", "brick", "wool", "grain", "ore")
WOOD, BRICK, WOOL, GRAIN, ORE = range(5)
RES_INDEX: dict[str, int] = {r: i for i, r in enumerate(RESOURCES)}
#: Terrain of each resource (index = resource); the desert is terrain -1.
TERRAINS: tuple[str, ...] = ("forest", "hills", "pasture", "fields", "mountains")
DESERT = -1

ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_COST = (0, 0, 1, 1, 1)

MAX_ROADS, MAX_SETTLEMENTS, MAX_CITIES = 15, 5, 4
TARGET_DEFAULT, TARGET_MIN, TARGET_MAX = 10, 8, 15
DISCARD_LIMIT = 7  # more than this many resource cards discards half on a seven
LONGEST_MIN = 5
ARMY_MIN = 3
AWARD_VP = 2

# Development cards, in the fixed order used for hands and legal moves.
KNIGHT, VP_CARD, ROADS_CARD, PLENTY, MONOPOLY = "knight", "vp", "roads", "plenty", "monopoly"
DEV_CARDS: tuple[str, ...] = (KNIGHT, VP_CARD, ROADS_CARD, PLENTY, MONOPOLY)
DEV_ORDER: dict[str, int] = {c: i for i, c in enumerate(DEV_CARDS)}

#: Harbour kinds: a resource index (2:1 of that resource) or GENERIC (3:1).
GENERIC = 5

COLOURS = ("red", "blue", "white", "orange", "green", "brown", "purple", "teal")


def bank_size(players: int) -> int:
    """Cards of each resource in the bank: 19 up to 4 players, 24 for 5–6, 29 for 7–8."""
    return 19 if players <= 4 else 24 if players <= 6 else 29


def dev_counts(players: int) -> dict[str, int]:
    """The development deck for the player count (25 / 34 / 43 cards)."""
    if players <= 4:
        return {KNIGHT: 14, VP_CARD: 5, ROADS_CARD: 2, PLENTY: 2, MONOPOLY: 2}
    if players <= 6:
        return {KNIGHT: 20, VP_CARD: 5, ROADS_CARD: 3, PLENTY: 3, MONOPOLY: 3}
    return {KNIGHT: 26, VP_CARD: 5, ROADS_CARD: 4, PLENTY: 4, MONOPOLY: 4}


def _tokens(counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(n for n in sorted(counts) for _ in range(counts[n]))


#: Board specs: row lengths, terrain counts per resource (+ deserts), tokens, harbours.
BOARD_SPECS: dict[str, dict[str, Any]] = {
    "standard": {
        "rows": (3, 4, 5, 4, 3),
        "terrain": (4, 3, 4, 4, 3), "deserts": 1,
        "tokens": _tokens({2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1}),
        "harbours": (GENERIC,) * 4 + (WOOD, BRICK, WOOL, GRAIN, ORE),
    },
    "large": {
        "rows": (3, 4, 5, 6, 5, 4, 3),
        "terrain": (6, 5, 6, 6, 5), "deserts": 2,
        "tokens": _tokens({2: 2, 3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 3, 12: 2}),
        "harbours": (GENERIC,) * 5 + (WOOL, WOOL, WOOD, BRICK, GRAIN, ORE),
    },
    "grand": {
        "rows": (5, 6, 7, 8, 7, 6, 5),
        "terrain": (9, 8, 9, 8, 8), "deserts": 2,
        "tokens": _tokens({2: 3, 3: 4, 4: 5, 5: 5, 6: 4, 8: 4, 9: 5, 10: 5, 11: 4, 12: 3}),
        "harbours": (GENERIC,) * 6 + (WOOL, WOOL, GRAIN, GRAIN, WOOD, BRICK, ORE),
    },
}

#: The classic token order A–R (standard board only).
CLASSIC_TOKENS: tuple[int, ...] = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)


for _spec in BOARD_SPECS.values():
    assert sum(_spec["rows"]) == sum(_spec["terrain"]) + _spec["deserts"]
    assert len(_spec["tokens"]) == sum(_spec["terrain"])
assert sorted(CLASSIC_TOKENS) == list(BOARD_SPECS["standard"]["tokens"])
