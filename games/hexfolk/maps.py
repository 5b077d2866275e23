"""The 22 island maps of ``shared/rules/hexfolk-data.md`` ("The 22 island maps") as small
data definitions, and the one rule that composes every map's components.

A map is a picture of its land in doubled-width rows: each character is half a hex
wide, a hex sits on every other character (a row's hexes all on even or all on odd
columns, alternating from row to row, as hexes interlock). ``x`` is land, ``M`` land
whose terrain is fixed to mountains (the Volcano's peaks), ``.`` sea inside the map
(a lake or a lagoon: it only makes the picture readable, everything not land is sea)
and a space nothing. Islands are the groups of land that touch; sea lies between them.

Harbours are placed by the geometry (``board.get_board``): evenly along the open-sea
coast, never on a lake, never two at one corner. Resources, number tokens and harbour
kinds are composed from the land count by :func:`compose` (the data file's rule) and
laid out from the game's seed (``board.random_layout``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from .data import BOARD_SPECS, BRICK, GENERIC, GRAIN, ORE, WOOD, WOOL

#: The map option's value meaning "the standard board for the player count".
STANDARD = "standard"


@dataclass(frozen=True, slots=True)
class MapDef:
    """One island map: its id (the lobby's ``map=`` value), the board it plays on, its
    land picture, its player range and, for the few maps the data file gives a
    character, the terrain it fixes."""

    id: str
    number: int  #: its row in the data file's table (1–22)
    min_players: int
    max_players: int
    picture: str = ""  #: the land picture (empty: ``rows`` of a standard board)
    rows: tuple[int, ...] = ()  #: row lengths of a standard board (``data.BOARD_SPECS``)
    #: the board id states store (empty: the map's id); Classic keeps "standard"
    board: str = ""
    #: the standard board whose printed components it has (``data.BOARD_SPECS``)
    spec: str = ""
    islands: int = 1  #: how many islands the picture must have (checked)
    #: terrain counts fixed by the map's character (resource index -> hexes), such as
    #: the Black Forest's 6 forests; the other producing hexes are split by the rule
    fixed_counts: tuple[tuple[int, int], ...] = field(default=())

    @property
    def board_id(self) -> str:
        return self.board or self.id

    @property
    def name_key(self) -> str:
        return f"hexfolk.map.{self.id}"

    def allows(self, players: int) -> bool:
        return self.min_players <= players <= self.max_players


def _p(text: str) -> str:
    """A picture written between triple quotes: drop the first and last blank lines."""
    return "\n".join(line for line in text.split("\n") if line.strip())


MAPS: tuple[MapDef, ...] = (
    MapDef("lagoon", 1, 2, 3, _p("""
  x x x
 x . . x
x . . . x
 x . . x
  x x x
""")),
    MapDef("islet", 2, 2, 3, _p("""
  x x x
 x x x x
x x x x
 x x x
""")),
    MapDef("crescent", 3, 2, 3, _p("""
    x x x x
   x x . .
  x x . .
 x x . .
  x x . .
   x x x x
""")),
    MapDef("twin-isles", 4, 2, 4, _p("""
x x x
 x x x . .
x x x . . x x x
         x x x
        x x x
"""), islands=2),
    # Classic is the standard board; 2 players play it too (RULES-NOTES.md, "Two
    # players"), so its range is 2–4 where the data file's table says 3–4.
    MapDef("classic", 5, 2, 4, rows=(3, 4, 5, 4, 3), board="standard",
           spec="standard"),
    MapDef("diamond", 6, 3, 4, _p("""
x x x
 x x x x
  x x x x
   x x x x
    x x x x
""")),
    MapDef("lakeland", 7, 3, 4, _p("""
 x x x x
x x . x x
 x x x x
x x x . x
 x x x x
""")),
    MapDef("archipelago", 8, 3, 4, _p("""
 x x . . . x x
x x x . . x x x
 . . . . . . x
  . . . . . .
 x x . . . x x
x x x . . x x x
"""), islands=4),
    MapDef("gold-coast", 9, 3, 4, _p("""
x x x x x x x
 x x x x x x x x
x x x x x x x
""")),
    MapDef("volcano", 10, 3, 4, _p("""
   x x x x
  x x x x x
 x x M M x x
  x x x x x
   x x x x
""")),
    MapDef("black-forest", 11, 3, 4, _p("""
   x x x x
  x x x x x
 x x x x x x
  x x x x x
   x x x x
"""), fixed_counts=((WOOD, 6),)),
    MapDef("horseshoe", 12, 3, 5, _p("""
x x . . . . x x
 x x . . . . x x
x x . . . . . x x
 x x x x x x x x
  x x x x x x
""")),
    MapDef("three-crowns", 13, 3, 6, _p("""
 x x x . . x x x
x x x . . x x x
 x x x . . x x x
    . . . .
     x x x
    x x x
     x x x
"""), islands=3),
    MapDef("big-island", 14, 5, 6, rows=(3, 4, 5, 6, 5, 4, 3), spec="large"),
    MapDef("serpent", 15, 4, 6, _p("""
x x x x x x
 x x . . . x x
      . . . x x
       x x x x
      x x . .
     x x . .
    x x x x x x
             x x
              x x
""")),
    MapDef("crossroads", 16, 4, 6, _p("""
      x x x
     x x x x
x x x x x x x x x
 x x x x x x x x
      x x x x
     x x x x
""")),
    MapDef("inland-sea", 17, 5, 6, _p("""
   x x x x
  x x x x x
 x x x x x x
x x x . . x x
 x x x . x x
  x x x x x
   x x x x
""")),
    MapDef("full-hexagon", 18, 5, 8, _p("""
   x x x x
  x x x x x
 x x x x x x
x x x x x x x
 x x x x x x
  x x x x x
   x x x x
""")),
    MapDef("continent", 19, 7, 8, rows=(5, 6, 7, 8, 7, 6, 5), spec="grand"),
    MapDef("twin-continents", 20, 6, 8, _p("""
   x x x x
  x x x x x
 x x x x x x
  x x x x x
   x x x x
    . . . . . .
       x x x x
      x x x x x
     x x x x x x
      x x x x x
       x x x x
"""), islands=2),
    MapDef("empire", 21, 7, 8, _p("""
  x x x x x x x
 x x x x x x x x
x x x x x x x x x
 x x x . . x x x
x x x x x x x x x
 x x x x x x x x
  x x x x x x x
""")),
    MapDef("great-land", 22, 7, 8, _p("""
    x x x x x
   x x x x x x
  x x x x x x x
 x x x x x x x x
x x x x x x x x x
 x x x x x x x x
  x x x x x x x
   x x x x x x
    x x x x x
""")),
)

BY_ID: dict[str, MapDef] = {m.id: m for m in MAPS}
#: The maps that play on a standard board keep its id in the state (older games stored it).
BY_BOARD: dict[str, MapDef] = {m.board_id: m for m in MAPS}
#: Boards of games saved before the maps, drawn like the maps they became but named as
#: they were (``board.places``): "large" is Big Island, "grand" Continent.
LEGACY_BOARDS: dict[str, str] = {"large": "big-island", "grand": "continent"}


def map_of_board(board_id: str) -> MapDef:
    """The map a state's ``board`` id plays."""
    return BY_BOARD.get(board_id) or BY_ID[LEGACY_BOARDS[board_id]]


def default_map(players: int) -> MapDef:
    """The standard board for the player count: Classic, Big Island or Continent."""
    return BY_ID["classic" if players <= 4 else "big-island" if players <= 6 else "continent"]


def legacy_board_for(players: int) -> str:
    """The board of a game whose options predate the ``map`` option (stored lobbies):
    the standard board for the count under its old id, so its log replays as it was."""
    return "standard" if players <= 4 else "large" if players <= 6 else "grand"


def board_for(players: int) -> str:
    """The board id of the standard board for the player count."""
    return default_map(players).board_id


def resolve_map(choice: str, players: int) -> MapDef:
    """The map a lobby's ``map`` value plays with ``players`` seats (``standard``: the
    default for the count)."""
    return default_map(players) if choice == STANDARD else BY_ID[choice]


def maps_for(players: int) -> tuple[MapDef, ...]:
    """The maps ``players`` may play, in the data file's order."""
    return tuple(m for m in MAPS if m.allows(players))


# -- the land picture ------------------------------------------------------------------------
@cache
def land(map_id: str) -> tuple[tuple[tuple[int, int], ...], frozenset[int]]:
    """The land hexes of ``map_id`` as axial ``(q, r)`` in reading order, and the indices
    of those whose terrain is fixed to mountains (``M``)."""
    m = BY_ID[map_id]
    if not m.picture:
        raise ValueError(f"{map_id} is a standard board (rows {m.rows})")
    cells: list[tuple[int, int, str]] = []
    for r, line in enumerate(m.picture.split("\n")):
        for x, char in enumerate(line):
            if char in "xM.":
                cells.append((x, r, char))
    parity = {(x - r) % 2 for x, r, _ in cells}
    if len(parity) != 1:
        raise ValueError(f"map {map_id}: hexes off the grid ({sorted(parity)})")
    shift = parity.pop()
    hexes = [((x - r - shift) // 2, r, char) for x, r, char in cells if char != "."]
    hexes.sort(key=lambda h: (h[1], 2 * h[0] + h[1]))
    return (tuple((q, r) for q, r, _ in hexes),
            frozenset(i for i, (_, _, char) in enumerate(hexes) if char == "M"))


# -- the composition rule ----------------------------------------------------------------------
#: Producing hexes split wood : wool : grain : brick : ore ≈ 4 : 4 : 4 : 3 : 3 (data file).
_WEIGHTS = {WOOD: 4, WOOL: 4, GRAIN: 4, BRICK: 3, ORE: 3}
#: The 18-token standard set, and the top-up order past whole sets (data file).
_TOKEN_SET = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
_TOP_UP = (5, 9, 4, 10, 6, 8, 3, 11, 2, 12)
#: Specific (2:1) harbours: one of each resource first, then extra wool, grain, wood,
#: brick, ore (the data file's 5–6 and 7–8 boards add wool first, then grain).
_SPECIFIC_ORDER = (WOOD, BRICK, WOOL, GRAIN, ORE, WOOL, GRAIN, WOOD, BRICK, ORE)


def _split(total: int, weights: dict[int, int]) -> dict[int, int]:
    """``total`` split by ``weights``, largest remainders first (ties in resource order)."""
    whole = sum(weights.values())
    counts = {res: total * w // whole for res, w in weights.items()}
    left = total - sum(counts.values())
    by_remainder = sorted(weights, key=lambda res: (-(total * weights[res] % whole), res))
    for res in by_remainder[:left]:
        counts[res] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Components:
    """What a map is laid out with: terrain hexes per resource, deserts, number tokens
    (one per producing hex) and harbour kinds (one per harbour)."""

    terrain: tuple[int, int, int, int, int]
    deserts: int
    tokens: tuple[int, ...]
    harbours: tuple[int, ...]


@cache
def compose(map_id: str) -> Components:
    """The data file's rule for a map of N land hexes: deserts = max(1, round(N/19));
    producing hexes split 4 : 4 : 4 : 3 : 3 (wood, wool, grain, brick, ore) after the
    terrain the map fixes; tokens the 18-token set repeated, topped up from 5, 9, 4, 10,
    6, 8, 3, 11, 2, 12; harbours round(2·√N), round(45 %) of them generic. The three
    standard boards keep their printed components (``data.BOARD_SPECS``)."""
    m = BY_ID[map_id]
    if m.spec:
        spec = BOARD_SPECS[m.spec]
        return Components(spec["terrain"], spec["deserts"], spec["tokens"], spec["harbours"])
    n = len(land(map_id)[0])
    deserts = max(1, round(n / 19))
    producing = n - deserts
    fixed = dict(m.fixed_counts)
    free = {res: w for res, w in _WEIGHTS.items() if res not in fixed}
    counts = {**fixed, **_split(producing - sum(fixed.values()), free)}
    terrain = (counts[WOOD], counts[BRICK], counts[WOOL], counts[GRAIN], counts[ORE])
    tokens = list(_TOKEN_SET * (producing // len(_TOKEN_SET)))
    tokens += [_TOP_UP[i % len(_TOP_UP)] for i in range(producing % len(_TOKEN_SET))]
    harbours = round(2 * math.sqrt(n))
    generic = round(0.45 * harbours)
    kinds = (GENERIC,) * generic + tuple(
        _SPECIFIC_ORDER[i % len(_SPECIFIC_ORDER)] for i in range(harbours - generic))
    return Components(terrain, deserts, tuple(sorted(tokens)), kinds)


def land_count(map_id: str) -> int:
    m = BY_ID[map_id]
    return sum(m.rows) if not m.picture else len(land(map_id)[0])
