"""Hagoth component data, exactly as fixed by ``shared/rules/hagoth-data.md``.

Everything here is plain data computed once at import: card codes, the deck,
the five blueprints with their lanes and harbours, and lookup tables the rules
use on their hot paths.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

#: Victory points that win the game.
TARGET_VP = 25
#: Wood tokens in the shared stock at the start.
WOOD_TOKENS = 50
#: Cards in a full hand.
HAND_SIZE = 5
#: Sides of the die (the number at the top peak is 1–4).
DIE_SIDES = 4
#: A player has at most this many designs or ships at once (one per berth).
BERTHS = 2
#: Colours in seat order; letters and shapes are added by the renderer.
COLOURS = ("red", "green", "yellow", "blue")

# -- cards ----------------------------------------------------------------
# Segment cards. The Sail *segment* is ``sails`` so that it never reads like the
# Sail *action card* (``sail``) in notation.
BOW, STERN, HULL, SAILS = "bow", "stern", "hull", "sails"
MAST, KEEL, CABIN = "mast", "keel", "cabin"
SEGMENTS: tuple[str, ...] = (BOW, STERN, HULL, SAILS, MAST, KEEL, CABIN)

WOOD = "wood"  # Go Wooding
BUILD1, BUILD2, BUILD_DIE = "build1", "build2", "build?"
SAIL = "sail"
SKIP, REMOVE, DELAY, DESTROY = "skip", "remove", "delay", "destroy"
ACTION_CARDS: tuple[str, ...] = (
    WOOD, BUILD1, BUILD2, BUILD_DIE, SAIL, SKIP, REMOVE, DELAY, DESTROY,
)
ATTACK_CARDS: tuple[str, ...] = (SKIP, REMOVE, DELAY, DESTROY)
BUILD_CARDS: tuple[str, ...] = (BUILD1, BUILD2, BUILD_DIE)

#: Every card code in a fixed order (used for sorting hands and legal moves).
CARDS: tuple[str, ...] = SEGMENTS + ACTION_CARDS
CARD_ORDER: dict[str, int] = {card: i for i, card in enumerate(CARDS)}

#: Copies of each card in the 100-card deck.
DECK_COUNTS: dict[str, int] = {
    BOW: 8, STERN: 8, HULL: 8, SAILS: 8, MAST: 6, KEEL: 4, CABIN: 4,
    WOOD: 12, BUILD1: 8, BUILD2: 6, BUILD_DIE: 3, SAIL: 13,
    SKIP: 3, REMOVE: 3, DELAY: 3, DESTROY: 3,
}
DECK_SIZE = sum(DECK_COUNTS.values())
assert DECK_SIZE == 100


def full_deck() -> list[str]:
    """The 100 cards in a fixed (unshuffled) order."""
    return [card for card in CARDS for _ in range(DECK_COUNTS[card])]


# -- blueprints, lanes and harbours ------------------------------------------
@dataclass(frozen=True, slots=True)
class Blueprint:
    """A ship design; its index is also the number of its shipping lane (0-based)."""

    index: int
    code: str
    segments: tuple[str, ...]
    lane_length: int
    launch_vp: int
    arrival_vp: int

    @property
    def size(self) -> int:
        return len(self.segments)


BLUEPRINTS: tuple[Blueprint, ...] = (
    Blueprint(0, "canoe", (BOW, STERN), 1, 1, 1),
    Blueprint(1, "fishing", (BOW, HULL, SAILS, STERN), 2, 2, 2),
    Blueprint(2, "sloop", (BOW, HULL, MAST, SAILS, STERN), 3, 3, 3),
    Blueprint(3, "merchant", (BOW, KEEL, HULL, CABIN, MAST, SAILS, STERN), 4, 4, 4),
    Blueprint(4, "great", (BOW, KEEL, HULL, HULL, CABIN, MAST, SAILS, SAILS, STERN), 5, 5, 6),
)
BLUEPRINT_BY_CODE: dict[str, Blueprint] = {bp.code: bp for bp in BLUEPRINTS}

#: For each blueprint, how many of each segment it needs (all seven keys present).
BLUEPRINT_NEEDS: tuple[dict[str, int], ...] = tuple(
    {seg: Counter(bp.segments)[seg] for seg in SEGMENTS} for bp in BLUEPRINTS
)
