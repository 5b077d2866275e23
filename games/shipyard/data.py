"""Shipyard component data, exactly as fixed by ``shared/rules/shipyard-data.md``.

Plain typed data computed once at import: ship cards, canals, trains, employees,
contracts, the three rondels, the exchange hexagon and the action track.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- players, money, track --------------------------------------------------
START_GUILDERS = 6
#: Coins in the box; guilders are unlimited all the same (data file), the bank may go
#: below zero.
COINS = 40
BONUS_COST = 6
SUBSIDY = 2
#: Spaces on the action track (the darkened space is not a space cards stand on).
TRACK_SPACES = 23
#: Index (0-based) of the starting space, space 23.
START_SPACE = TRACK_SPACES - 1
YARD_SLOTS = 9
MAX_BUILD = 3
COLOURS = ("red", "green", "yellow", "blue")

BUILD, CANAL, PURCHASE, EXCHANGE = "build", "canal", "purchase", "exchange"
EQUIPMENT_ACTION, CREW_ACTION, HIRE, SUBSIDY_ACTION = "equipment", "crew", "hire", "subsidy"
ACTIONS: tuple[str, ...] = (BUILD, CANAL, PURCHASE, EXCHANGE, EQUIPMENT_ACTION, CREW_ACTION,
                            HIRE, SUBSIDY_ACTION)
#: Track index of Receive Subsidy with 4 players (space 16).
SUBSIDY_SPACE = 15
#: Spaces (0-based) the six shuffled other cards go on: 17–22 (Build Ships is on 23).
SHUFFLED_SPACES = tuple(range(16, 22))

# -- equipment, crew, commodities ---------------------------------------------
SAIL, SMOKESTACK, PROPELLER, CRANE, CANNON = "sail", "smokestack", "propeller", "crane", "cannon"
EQUIPMENT: tuple[str, ...] = (SAIL, SMOKESTACK, PROPELLER, CRANE, CANNON)
CAPTAIN, SOLDIER, BUSINESSMAN = "captain", "soldier", "businessman"
CREW: tuple[str, ...] = (CAPTAIN, SOLDIER, BUSINESSMAN)
ITEMS: tuple[str, ...] = EQUIPMENT + CREW
PIECES_PER_KIND = 24

COAL, STEEL, TIMBER = "coal", "steel", "timber"
COMMODITIES: tuple[str, ...] = (COAL, STEEL, TIMBER)

# -- the rondels -----------------------------------------------------------------
#: Brown ring, clockwise.
RING: tuple[str, ...] = (SAIL, SMOKESTACK, PROPELLER, CRANE, CANNON)
#: Green circle, clockwise.
CIRCLE: tuple[str, ...] = (CAPTAIN, SOLDIER, CAPTAIN, BUSINESSMAN)
OVAL_STOPS = 8
EMPLOYEES_PER_STOP = 3
#: One sector is free; up to this many more cost 1 guilder each.
PAID_STEPS = 2
STEP_COST = 1
#: Exchange hexagon prices (coal, steel, timber) at P1..P6; the marker starts on P1.
EXCHANGE_PRICES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3), (2, 3, 1), (3, 1, 2), (2, 1, 3), (1, 3, 2), (3, 2, 1))
#: What one commodity may be swapped for.
SWAPS: dict[str, tuple[str, ...]] = {
    COAL: (SMOKESTACK, PROPELLER),
    STEEL: (CANNON, CRANE),
    TIMBER: (SAIL, CAPTAIN, SOLDIER, BUSINESSMAN),
}

# -- freight trains -------------------------------------------------------------------
TRAIN_PRICE = 2
#: Train id -> its commodities. Ids 0–3 are the starting trains.
TRAINS: tuple[tuple[str, ...], ...] = (
    (COAL, STEEL, TIMBER), (COAL, STEEL, TIMBER), (COAL, STEEL, TIMBER), (COAL, STEEL, TIMBER),
    (COAL, COAL, STEEL), (COAL, COAL, STEEL), (COAL, COAL, STEEL),
    (STEEL, STEEL, TIMBER), (STEEL, STEEL, TIMBER), (STEEL, STEEL, TIMBER),
    (TIMBER, TIMBER, COAL), (TIMBER, TIMBER, COAL), (TIMBER, TIMBER, COAL),
    (COAL, STEEL, TIMBER),
)
STARTING_TRAINS = 4
assert len(TRAINS) == 14
DISPLAY_TRAINS = 5

# -- ship cards ---------------------------------------------------------------------------
BOW, MIDDLE, STERN = "bow", "middle", "stern"
#: Mount letters: S sail or smokestack, P propeller, K crane, C cannon.
MOUNT_S, MOUNT_P, MOUNT_K, MOUNT_C = "S", "P", "K", "C"
MOUNT_OF: dict[str, str] = {SAIL: MOUNT_S, SMOKESTACK: MOUNT_S, PROPELLER: MOUNT_P,
                            CRANE: MOUNT_K, CANNON: MOUNT_C}
LANTERN, LIFEBOAT, LIFEBUOY = "L", "B", "R"


@dataclass(frozen=True, slots=True)
class ShipCardType:
    deck: str  #: bow | middle | stern
    part: int  #: middle deck I (1) or II (2); 0 for bows and sterns
    mounts: tuple[str, ...]  #: S/P/K/C letters
    cabins: int
    safety: tuple[str, ...]  #: L/B/R letters


def _t(deck: str, part: int, spec: str) -> ShipCardType:
    words = spec.split(",")
    mounts = tuple(w for w in words if w in "SPKC" and w)
    return ShipCardType(deck, part, mounts, words.count("cab"),
                        tuple(w for w in words if w in ("L", "B", "R")))


#: (copies, type) in the data file's order.
SHIP_CARD_TABLE: tuple[tuple[int, ShipCardType], ...] = (
    (4, _t(BOW, 0, "C,L")), (4, _t(BOW, 0, "K,R")), (4, _t(BOW, 0, "S")),
    (4, _t(BOW, 0, "cab,L")), (4, _t(BOW, 0, "B,R")),
    (4, _t(STERN, 0, "P,L")), (4, _t(STERN, 0, "P,R")), (4, _t(STERN, 0, "S,cab")),
    (4, _t(STERN, 0, "C")), (4, _t(STERN, 0, "cab,B")),
    (8, _t(MIDDLE, 1, "cab,cab")), (8, _t(MIDDLE, 1, "S,cab")), (6, _t(MIDDLE, 1, "K,B")),
    (6, _t(MIDDLE, 1, "C,L")), (6, _t(MIDDLE, 1, "S,R")), (6, _t(MIDDLE, 1, "P,cab")),
    (4, _t(MIDDLE, 2, "S,S")), (4, _t(MIDDLE, 2, "C,C,cab")), (4, _t(MIDDLE, 2, "K,K,L")),
    (4, _t(MIDDLE, 2, "cab,cab,cab")), (4, _t(MIDDLE, 2, "S,P")),
    (4, _t(MIDDLE, 2, "cab,B,R,L")),
)
#: Card id (0–103) -> its type.
SHIP_CARDS: tuple[ShipCardType, ...] = tuple(
    kind for copies, kind in SHIP_CARD_TABLE for _ in range(copies))
assert len(SHIP_CARDS) == 104
#: Blank substitutes ("no mounting points, no cabins, no safety equipment"), by deck.
BLANK: dict[str, int] = {BOW: 1000, MIDDLE: 1001, STERN: 1002}
BLANK_TYPES: dict[int, ShipCardType] = {
    card: ShipCardType(deck, 0, (), 0, ()) for deck, card in BLANK.items()}


def ship_card(card: int) -> ShipCardType:
    """The type of a ship card id (a blank substitute included)."""
    if card in BLANK_TYPES:
        return BLANK_TYPES[card]
    return SHIP_CARDS[card]


def is_ship_card(card: object) -> bool:
    return isinstance(card, int) and not isinstance(card, bool) and (
        0 <= card < len(SHIP_CARDS) or card in BLANK_TYPES)


BOW_IDS = tuple(i for i, c in enumerate(SHIP_CARDS) if c.deck == BOW)
STERN_IDS = tuple(i for i, c in enumerate(SHIP_CARDS) if c.deck == STERN)
MIDDLE_I_IDS = tuple(i for i, c in enumerate(SHIP_CARDS) if c.part == 1)
MIDDLE_II_IDS = tuple(i for i, c in enumerate(SHIP_CARDS) if c.part == 2)
assert (len(BOW_IDS), len(STERN_IDS), len(MIDDLE_I_IDS), len(MIDDLE_II_IDS)) == (20, 20, 40, 24)
#: Display: columns and their deck; rows priced top to bottom.
DISPLAY_ROWS = 5
ROW_PRICES: tuple[int, ...] = (2, 2, 1, 1, 0)
#: Display columns in order: bows, middles (two columns), sterns.
COLUMNS: tuple[str, ...] = (BOW, MIDDLE, MIDDLE, STERN)

# -- canals -------------------------------------------------------------------------------
STRAIGHT, BEND, CONFLUENCE = "straight", "bend", "confluence"
MILITARY, COMMERCIAL, LANTERN_OFFICIAL = "military", "commercial", "lantern"
LIFEBOAT_OFFICIAL, LIFEBUOY_OFFICIAL, RIBAND = "lifeboat", "lifebuoy", "riband"
OFFICIALS: tuple[str, ...] = (MILITARY, COMMERCIAL, LANTERN_OFFICIAL, LIFEBOAT_OFFICIAL,
                              LIFEBUOY_OFFICIAL, RIBAND)
#: Edges: 0 north, 1 east, 2 south, 3 west; a card turned ``r`` quarter turns clockwise
#: has edge ``(e + r) % 4`` where it had ``e``. Step to the neighbour across each edge.
EDGE_STEP: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
EDGE_NAMES = ("N", "E", "S", "W")
#: Unturned edges of each kind: (edge of space 1, edge of space 3, fork edge of space 2).
CANAL_EDGES: dict[str, tuple[int, int, int | None]] = {
    STRAIGHT: (3, 1, None), BEND: (3, 2, None), CONFLUENCE: (3, 1, 2)}


@dataclass(frozen=True, slots=True)
class CanalCard:
    kind: str
    officials: tuple[str | None, str | None, str | None]  #: spaces 1, 2 (fork), 3


_M, _C, _L, _B, _R, _X = OFFICIALS
#: The 24 canals, fixed once (our data). 12 cards have one space without an official;
#: 12 have three different officials; every official appears on exactly 10 spaces and
#: no card has two Blue Ribands.
CANALS: tuple[CanalCard, ...] = (
    CanalCard(STRAIGHT, (_M, None, _C)), CanalCard(STRAIGHT, (_C, _L, None)),
    CanalCard(BEND, (None, _L, _B)), CanalCard(CONFLUENCE, (_B, None, _R)),
    CanalCard(STRAIGHT, (_R, _X, None)), CanalCard(BEND, (None, _X, _M)),
    CanalCard(STRAIGHT, (_M, None, _C)), CanalCard(CONFLUENCE, (_C, _L, None)),
    CanalCard(STRAIGHT, (None, _L, _B)), CanalCard(BEND, (_B, None, _R)),
    CanalCard(STRAIGHT, (_R, _X, None)), CanalCard(CONFLUENCE, (None, _X, _M)),
    CanalCard(STRAIGHT, (_M, _L, _R)), CanalCard(BEND, (_C, _B, _X)),
    CanalCard(STRAIGHT, (_L, _R, _M)), CanalCard(CONFLUENCE, (_B, _X, _C)),
    CanalCard(STRAIGHT, (_R, _M, _L)), CanalCard(BEND, (_X, _C, _B)),
    CanalCard(STRAIGHT, (_M, _L, _R)), CanalCard(CONFLUENCE, (_C, _B, _X)),
    CanalCard(STRAIGHT, (_L, _R, _M)), CanalCard(BEND, (_B, _X, _C)),
    CanalCard(STRAIGHT, (_R, _M, _L)), CanalCard(CONFLUENCE, (_X, _C, _B)),
)
assert len(CANALS) == 24
assert [c.kind for c in CANALS].count(STRAIGHT) == 12
assert [c.kind for c in CANALS].count(BEND) == 6
assert all(sum(o == name for c in CANALS for o in c.officials) == 10 for name in OFFICIALS)
assert all(c.officials.count(_X) <= 1 for c in CANALS)
DISPLAY_CANALS = 5
#: Rent Canal price by display slot 1–5 (our choice in the data file).
CANAL_PRICES: tuple[int, ...] = (2, 1, 1, 0, 0)


def canal_edges(canal: int, rotation: int) -> tuple[int, int, int | None]:
    """Absolute edges (space 1's, space 3's, the fork's) of a canal turned ``rotation``."""
    a, b, c = CANAL_EDGES[CANALS[canal].kind]
    return (a + rotation) % 4, (b + rotation) % 4, None if c is None else (c + rotation) % 4


# -- employees -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EmployeeKind:
    role: str  #: engineer, recruiter, builder, trader1, trader2, foreman, architect
    subject: str  #: what it concerns (an equipment, crew, commodity, rondel, ...)
    extra_cost: int


ENGINEER, RECRUITER, BUILDER = "engineer", "recruiter", "builder"
TRADER1, TRADER2, FOREMAN, ARCHITECT = "trader1", "trader2", "foreman", "architect"
EXTRA_CABIN, EXTRA_MOUNT = "cabin", "mount"
RING_RONDEL, CIRCLE_RONDEL, OVAL_RONDEL = "ring", "circle", "oval"
STEAM, SAILING, SCREW = "steam", "sail", "screw"

EMPLOYEES: dict[str, EmployeeKind] = {
    **{f"engineer-{e}": EmployeeKind(ENGINEER, e, 0) for e in EQUIPMENT},
    **{f"recruiter-{c}": EmployeeKind(RECRUITER, c, 0) for c in CREW},
    "builder-cabin-1": EmployeeKind(BUILDER, EXTRA_CABIN, 1),
    "builder-cabin-2": EmployeeKind(BUILDER, EXTRA_CABIN, 1),
    "builder-mount-1": EmployeeKind(BUILDER, EXTRA_MOUNT, 1),
    "builder-mount-2": EmployeeKind(BUILDER, EXTRA_MOUNT, 1),
    **{f"trader1-{c}": EmployeeKind(TRADER1, c, 0) for c in COMMODITIES},
    **{f"trader2-{c}": EmployeeKind(TRADER2, c, 2) for c in COMMODITIES},
    **{f"foreman-{r}": EmployeeKind(FOREMAN, r, 1)
       for r in (RING_RONDEL, CIRCLE_RONDEL, OVAL_RONDEL)},
    **{f"architect-{a}": EmployeeKind(ARCHITECT, a, 2) for a in (STEAM, SAILING, SCREW)},
}
EMPLOYEE_KINDS: tuple[str, ...] = tuple(EMPLOYEES)
assert len(EMPLOYEE_KINDS) == 24
TRADER_VP = {TRADER1: 1, TRADER2: 2}

# -- contracts ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GreenContract:
    code: str
    points: int  #: per launched ship that qualifies
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class BlueContract:
    code: str
    thresholds: tuple[int, int, int]
    points: tuple[int, int, int]


GREEN: tuple[GreenContract, ...] = (
    GreenContract("cannons2", 3), GreenContract("cranes2", 3), GreenContract("crew3", 2),
    GreenContract("soldier_cannon", 2), GreenContract("businessman_crane", 2),
    GreenContract("sails3", 3), GreenContract("speed6", 3),
    GreenContract("smokestack_propeller", 2), GreenContract("safety2", 2),
    GreenContract("long5", 3), GreenContract("short3", 2),
    GreenContract("no_equipment", 3, cap=9),
)
BLUE: tuple[BlueContract, ...] = (
    BlueContract("ships", (3, 4, 5), (3, 6, 10)),
    BlueContract("used_canals", (4, 6, 8), (3, 6, 9)),
    BlueContract("cannons", (3, 5, 7), (3, 6, 9)),
    BlueContract("cranes", (3, 5, 7), (3, 6, 9)),
    BlueContract("captains", (4, 6, 8), (3, 6, 9)),
    BlueContract("lanterns", (3, 5, 7), (3, 6, 9)),
    BlueContract("lifesaving", (4, 6, 8), (3, 6, 9)),
    BlueContract("employees", (3, 4, 5), (3, 6, 9)),
    BlueContract("guilders", (5, 10, 15), (2, 5, 8)),
    BlueContract("equipment_types", (3, 4, 5), (3, 6, 10)),
    BlueContract("two_fastest", (10, 13, 16), (3, 6, 10)),
    BlueContract("middles", (8, 12, 16), (3, 6, 10)),
)
CONTRACTS_EACH = 3
#: Contracts kept to the end: one of each colour.
#: Countdown value reached -> contracts of each colour given up then, per player count.
CONTRACT_DISCARDS: dict[int, dict[int, int]] = {4: {2: 2}, 3: {2: 1, 1: 1}, 2: {1: 2}}
