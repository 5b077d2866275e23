"""The components of Haze Islands as plain typed data.

Everything here is copied from ``/work/shared/rules/haze-islands-data.md`` (the component
data we play with) and the rulebook ``haze-islands.md``; nothing in this module changes
during a game. Map cards are numbered 0–29 in the order of the data file's table
(18 Islands, 9 Dead Ends, 3 Cursed), adventure cards 0–17 (the data file's #1–#18) and
Doom cards 0–2 (Doom I–III).

Directions are quarter turns clockwise from north: ``N`` 0, ``E`` 1, ``S`` 2, ``W`` 3.
A map card's own edges use the same numbers in the card's frame (``N`` is the adventure
edge); a card laid with rotation ``r`` shows its own edge ``d`` towards ``(d + r) % 4``.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- icons ---------------------------------------------------------------------------
CUTLASS = "cutlass"
COMPASS = "compass"
GOLD = "gold"
RUM = "rum"
JEWELS = "jewels"
TREASURE_MAP = "map"
HURRICANE = "hurricane"
FIREBALLS = "fireballs"
WHIRLPOOL = "whirlpool"
#: Appears only in requirements (adventures, Doom cards): any one spell icon pays it.
ANY_SPELL = "spell"

CREW = (CUTLASS, COMPASS)
LOOT = (GOLD, RUM, JEWELS, TREASURE_MAP)
SPELLS = (HURRICANE, FIREBALLS, WHIRLPOOL)
ICONS = CREW + LOOT + SPELLS  # the 9 icon types of the rulebook
REQUIREMENT_ICONS = (*ICONS, ANY_SPELL)

# -- directions ------------------------------------------------------------------------
N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIRECTION_NAMES = ("n", "e", "s", "w")
#: Grid step of each direction: x grows to the east, y to the north.
STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))

# -- map cards ----------------------------------------------------------------------------
ISLAND = "island"
DEAD_END = "dead_end"
CURSED = "cursed"
MAP_KINDS = (ISLAND, DEAD_END, CURSED)

#: The four corners of a card's back for Reveal Your Fate, clockwise from north-west.
CORNERS = ("nw", "ne", "se", "sw")


@dataclass(frozen=True, slots=True)
class Edge:
    """One edge of a map card in the card's own frame."""

    diamonds: int
    red: bool = False
    #: a gold triangle: Scouting that way is allowed
    triangle: bool = False


#: The adventure edge (N) as printed: no diamonds, closed while an adventure shows there.
ADVENTURE_EDGE = Edge(0)
#: The N edge once the adventure card shows open sea ("that N edge opens (1 gold diamond)").
OPEN_SEA_EDGE = Edge(1, triangle=True)


@dataclass(frozen=True, slots=True)
class MapCard:
    id: int
    kind: str
    icon: str
    #: cards drawn by Plunder here; ``None`` on Dead End and Cursed cards ("–")
    plunder: int | None
    #: the W, S and E edges, keyed by direction (the N edge holds the adventure card)
    west: Edge
    south: Edge
    east: Edge
    #: how many of the 4 corners of the back show the Skull of Fate (which ones is
    #: seeded when the deck is made)
    skulls: int

    def edge(self, direction: int) -> Edge:
        """The printed edge ``direction`` in the card's own frame (N: the adventure edge)."""
        return (ADVENTURE_EDGE, self.east, self.south, self.west)[direction]

    @property
    def red(self) -> bool:
        """Dead End and Cursed cards: no Plunder, Steal or Deploy there."""
        return self.kind != ISLAND


def _gold(diamonds: int) -> Edge:
    return Edge(diamonds, red=False, triangle=True)


def _red(diamonds: int) -> Edge:
    return Edge(diamonds, red=True, triangle=False)


def _build_map_cards() -> tuple[MapCard, ...]:
    cards: list[MapCard] = []
    # Island | copies 3 | icon | plunder numbers | diamonds W / S / E | skull corners
    islands = (
        (CUTLASS, (1, 2, 2), (1, 1, 1), (1, 1, 0)),
        (COMPASS, (1, 2, 3), (1, 1, 2), (1, 1, 0)),
        (GOLD, (2, 2, 3), (2, 1, 1), (1, 1, 0)),
        (RUM, (1, 1, 2), (1, 1, 1), (1, 1, 0)),
        (JEWELS, (2, 3, 3), (2, 1, 2), (1, 1, 0)),
        (TREASURE_MAP, (1, 2, 2), (1, 1, 2), (1, 1, 0)),
    )
    for icon, numbers, (west, south, east), skulls in islands:
        for copy in range(3):
            # "All Island edges with diamonds carry a gold triangle"
            cards.append(MapCard(len(cards), ISLAND, icon, numbers[copy], _gold(west),
                                 _gold(south), _gold(east), skulls[copy]))
    # Dead End | 3 copies each | W / S / E | 2 skull corners
    dead_ends = (
        (HURRICANE, (_gold(1), _gold(1), _red(1))),
        (FIREBALLS, (_gold(1), _gold(1), _red(1))),
        (WHIRLPOOL, (_red(1), _gold(1), _gold(1))),
    )
    for icon, (west_edge, south_edge, east_edge) in dead_ends:
        for _copy in range(3):
            cards.append(MapCard(len(cards), DEAD_END, icon, None, west_edge, south_edge,
                                 east_edge, 2))
    # Cursed | 1 each | red 1 / gold 1 / red 1 | 4 skull corners (always fails)
    for icon in SPELLS:
        cards.append(MapCard(len(cards), CURSED, icon, None, _red(1), _gold(1), _red(1), 4))
    return tuple(cards)


MAP_CARDS: tuple[MapCard, ...] = _build_map_cards()
#: The Dead End and Cursed cards: they start in the discard pile (setup step 2).
RED_CARD_IDS = tuple(card.id for card in MAP_CARDS if card.kind != ISLAND)
ISLAND_IDS = tuple(card.id for card in MAP_CARDS if card.kind == ISLAND)

# -- adventure cards ---------------------------------------------------------------------
DOUBLE = "double"  # the side a new adventure shows: pay both icons, scores 2
SINGLE = "single"  # after New Dawn rotates it: pay 1 icon, scores 1
OPEN_SEA = "sea"  # the back, after Night Falls
ADVENTURE_SIDES = (DOUBLE, SINGLE, OPEN_SEA)

# The 18 special actions, in the order of the rulebook's list (= adventures #1–#18).
DRAW_FROM_OPPONENT = "draw_opponent"
REORDER_DECK = "reorder_deck"
HAND_AS_MAP = "hand_as_map"
MOVE_SHIP = "move_ship"
MOVE_PIRATE = "move_pirate"
RETURN_DEPLOYED = "return_deployed"
RETURN_DISCARDED = "return_discarded"
ROTATE_ADVENTURE = "rotate_adventure"
FLIP_ADVENTURE = "flip_adventure"
STOP_ADVENTURE = "stop_adventure"
INVISIBLE = "invisible"
STOP_DOOM = "stop_doom"
REDUCE_DOOM = "reduce_doom"
DOUBLE_HURRICANE = "double_hurricane"
DOUBLE_FIREBALLS = "double_fireballs"
DOUBLE_WHIRLPOOL = "double_whirlpool"
KEEP_SPELLS = "keep_spells"
IGNORE_SKULL = "ignore_skull"
SPECIAL_ACTIONS = (
    DRAW_FROM_OPPONENT, REORDER_DECK, HAND_AS_MAP, MOVE_SHIP, MOVE_PIRATE, RETURN_DEPLOYED,
    RETURN_DISCARDED, ROTATE_ADVENTURE, FLIP_ADVENTURE, STOP_ADVENTURE, INVISIBLE, STOP_DOOM,
    REDUCE_DOOM, DOUBLE_HURRICANE, DOUBLE_FIREBALLS, DOUBLE_WHIRLPOOL, KEEP_SPELLS,
    IGNORE_SKULL,
)


@dataclass(frozen=True, slots=True)
class AdventureCard:
    id: int
    double: tuple[str, str]
    single: str
    special: str

    @property
    def number(self) -> int:
        """The card's number in the data file (#1–#18)."""
        return self.id + 1


_ADVENTURES = (
    ((CUTLASS, GOLD), GOLD, DRAW_FROM_OPPONENT),
    ((COMPASS, TREASURE_MAP), COMPASS, REORDER_DECK),
    ((TREASURE_MAP, WHIRLPOOL), TREASURE_MAP, HAND_AS_MAP),
    ((COMPASS, HURRICANE), HURRICANE, MOVE_SHIP),
    ((CUTLASS, RUM), RUM, MOVE_PIRATE),
    ((RUM, JEWELS), RUM, RETURN_DEPLOYED),
    ((CUTLASS, CUTLASS), CUTLASS, RETURN_DISCARDED),
    ((GOLD, WHIRLPOOL), WHIRLPOOL, ROTATE_ADVENTURE),
    ((JEWELS, FIREBALLS), JEWELS, FLIP_ADVENTURE),
    ((COMPASS, GOLD), GOLD, STOP_ADVENTURE),
    ((TREASURE_MAP, ANY_SPELL), ANY_SPELL, INVISIBLE),
    ((COMPASS, WHIRLPOOL), COMPASS, STOP_DOOM),
    ((JEWELS, TREASURE_MAP), JEWELS, REDUCE_DOOM),
    ((HURRICANE, RUM), HURRICANE, DOUBLE_HURRICANE),
    ((FIREBALLS, GOLD), FIREBALLS, DOUBLE_FIREBALLS),
    ((WHIRLPOOL, CUTLASS), WHIRLPOOL, DOUBLE_WHIRLPOOL),
    ((FIREBALLS, HURRICANE), FIREBALLS, KEEP_SPELLS),
    ((JEWELS, COMPASS), TREASURE_MAP, IGNORE_SKULL),
)
ADVENTURE_CARDS: tuple[AdventureCard, ...] = tuple(
    AdventureCard(i, double, single, special)
    for i, (double, single, special) in enumerate(_ADVENTURES)
)

#: Captain's Log scores: a double adventure 2 icons (1 once its special action is used
#: and the card flipped to its X side), a single adventure 1.
DOUBLE_SCORE = 2
USED_SCORE = 1
SINGLE_SCORE = 1


# -- Doom cards -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DoomCard:
    id: int
    faces: tuple[tuple[str, ...], tuple[str, ...]]  # face A, face B

    def score(self, face: int) -> int:
        """A Doom card in a Captain's Log scores its number of required icons (3 or 4)."""
        return len(self.faces[face])


DOOM_CARDS: tuple[DoomCard, ...] = (
    DoomCard(0, ((HURRICANE, FIREBALLS, WHIRLPOOL), (CUTLASS, CUTLASS, ANY_SPELL))),
    DoomCard(1, ((GOLD, JEWELS, ANY_SPELL, ANY_SPELL),
                 (COMPASS, TREASURE_MAP, HURRICANE, WHIRLPOOL))),
    DoomCard(2, ((RUM, CUTLASS, FIREBALLS, ANY_SPELL), (JEWELS, COMPASS, ANY_SPELL))),
)

# -- other components and fixed numbers ----------------------------------------------------------
PIRATES_PER_PLAYER = 3
HAND_LIMIT = 3
DOOM_DIE_START = 1
DOOM_DIE_SIDES = 6
ROUNDS = 6
SHORT_ROUNDS = 3
#: "On the 6th and final round The Doom's power will count as 7."
FINAL_ROUND_POWER = 7
MIN_PLAYERS = 1
MAX_PLAYERS = 3

# -- game modes -----------------------------------------------------------------------------------
SOLO = "solo"
COOP = "coop"
FRIENDLY = "friendly"
COMPETITIVE = "competitive"
MODES = (SOLO, COOP, FRIENDLY, COMPETITIVE)
#: The lobby's default ``mode``: solo for one player, competitive for more. A mode typed
#: in the lobby is kept as typed, and refused when it does not fit the seats (issue 24
#: item 14: ``mode=competitive`` with one player no longer silently becomes solo).
AUTO_MODE = "auto"

#: Titles by total icons: (minimum icons, title code), highest first.
TITLES = ((20, "corpse"), (15, "black_rose"), (10, "silverbell"), (0, "daisy"))
#: Solo: "Defeat The Doom and score a minimum of 15 icons."
SOLO_TARGET = 15
