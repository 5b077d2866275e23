"""Board geometry, computed once per board and cached, and the seeded layouts.

Hexes are pointy-topped and laid in rows (``data.BOARD_SPECS``). Exact integer
coordinates: a hex centre is ``(X, Y) = (2q + r, 3r)`` in axial ``(q, r)``; its six
corners are ``(X, Y) + (0,-2), (1,-1), (1,1), (0,2), (-1,1), (-1,-1)``. Corners and
edges are deduplicated by coordinate and numbered in reading order (top to bottom,
left to right), hexes likewise, so every id is stable and every list is ordered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from ..rng import GameRng
from .data import BOARD_SPECS, CLASSIC_TOKENS, DESERT

_CORNER_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
#: Axial directions E, NE, NW, W, SW, SE (counter-clockwise on screen, y down).
_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, slots=True)
class Board:
    id: str
    hex_axial: tuple[tuple[int, int], ...]
    hex_xy: tuple[tuple[int, int], ...]
    hex_corners: tuple[tuple[int, ...], ...]  # six corners clockwise from the top
    hex_neighbours: tuple[tuple[int, ...], ...]
    corner_xy: tuple[tuple[int, int], ...]
    corner_hexes: tuple[tuple[int, ...], ...]
    corner_corners: tuple[tuple[int, ...], ...]
    corner_edges: tuple[tuple[int, ...], ...]
    edge_corners: tuple[tuple[int, int], ...]
    edge_hexes: tuple[tuple[int, ...], ...]
    coast: tuple[int, ...]  # coastal edges, clockwise around the island
    harbour_edges: tuple[int, ...]  # where the harbours lie, spaced around the coast
    spiral: tuple[int, ...]  # hexes in the classic spiral (standard board), else ()

    @property
    def hexes(self) -> int:
        return len(self.hex_axial)

    @property
    def corners(self) -> int:
        return len(self.corner_xy)

    @property
    def edges(self) -> int:
        return len(self.edge_corners)


@cache
def get_board(board_id: str) -> Board:
    """The geometry of ``board_id`` (computed on first use, then shared)."""
    rows = BOARD_SPECS[board_id]["rows"]
    # X positions per row centred on 0; shift all by one if the parity needs it.
    shift = 0 if (-(rows[0] - 1)) % 2 == 0 else 1
    axial: list[tuple[int, int]] = []
    for r, length in enumerate(rows):
        for k in range(length):
            x = -(length - 1) + 2 * k + shift
            assert (x - r) % 2 == 0
            axial.append(((x - r) // 2, r))
    index = {a: i for i, a in enumerate(axial)}
    hex_xy = tuple((2 * q + r, 3 * r) for q, r in axial)
    neighbours = tuple(
        tuple(sorted(index[(q + dq, r + dr)] for dq, dr in _DIRS if (q + dq, r + dr) in index))
        for q, r in axial
    )
    raw = {(x + dx, y + dy) for x, y in hex_xy for dx, dy in _CORNER_OFFSETS}
    corner_xy = tuple(sorted(raw, key=lambda p: (p[1], p[0])))
    cid = {p: i for i, p in enumerate(corner_xy)}
    hex_corners = tuple(
        tuple(cid[(x + dx, y + dy)] for dx, dy in _CORNER_OFFSETS) for x, y in hex_xy
    )
    edge_set: set[tuple[int, int]] = set()
    for cs in hex_corners:
        for i in range(6):
            a, b = cs[i], cs[(i + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edge_corners = tuple(sorted(edge_set))
    corner_hexes_l: list[list[int]] = [[] for _ in corner_xy]
    for h, cs in enumerate(hex_corners):
        for c in cs:
            corner_hexes_l[c].append(h)
    corner_edges_l: list[list[int]] = [[] for _ in corner_xy]
    corner_corners_l: list[list[int]] = [[] for _ in corner_xy]
    for e, (a, b) in enumerate(edge_corners):
        corner_edges_l[a].append(e)
        corner_edges_l[b].append(e)
        corner_corners_l[a].append(b)
        corner_corners_l[b].append(a)
    edge_hexes = tuple(
        tuple(h for h in corner_hexes_l[a] if h in corner_hexes_l[b]) for a, b in edge_corners
    )
    cx = sum(x for x, _ in hex_xy) / len(hex_xy)
    cy = sum(y for _, y in hex_xy) / len(hex_xy)

    def angle(e: int) -> float:
        a, b = edge_corners[e]
        mx = (corner_xy[a][0] + corner_xy[b][0]) / 2 * math.sqrt(3) / 2
        my = (corner_xy[a][1] + corner_xy[b][1]) / 2 / 2
        return math.atan2(my - cy / 2, mx - cx * math.sqrt(3) / 2)

    coast = tuple(sorted((e for e, hs in enumerate(edge_hexes) if len(hs) == 1), key=angle))
    n_harb = len(BOARD_SPECS[board_id]["harbours"])
    harbour_edges = tuple(coast[(i * len(coast)) // n_harb] for i in range(n_harb))
    spiral: tuple[int, ...] = ()
    if board_id == "standard":
        centre = index[axial[len(axial) // 2]]
        spiral = _spiral(axial, index, centre, 2, 0)
    return Board(
        id=board_id, hex_axial=tuple(axial), hex_xy=hex_xy, hex_corners=hex_corners,
        hex_neighbours=neighbours, corner_xy=corner_xy,
        corner_hexes=tuple(tuple(x) for x in corner_hexes_l),
        corner_corners=tuple(tuple(sorted(x)) for x in corner_corners_l),
        corner_edges=tuple(tuple(sorted(x)) for x in corner_edges_l),
        edge_corners=edge_corners, edge_hexes=edge_hexes, coast=coast,
        harbour_edges=harbour_edges, spiral=spiral,
    )


def _spiral(axial: list[tuple[int, int]], index: dict[tuple[int, int], int], centre: int,
            radius: int, turn: int) -> tuple[int, ...]:
    """Hexes spiralling counter-clockwise inward from a corner of the outer ring;
    ``turn`` (0–5) picks which of the six corners starts."""
    cq, cr = axial[centre]
    out: list[int] = []
    for rad in range(radius, 0, -1):
        dq, dr = _DIRS[(4 + turn) % 6]
        q, r = cq + dq * rad, cr + dr * rad
        for i in range(6):
            mq, mr = _DIRS[(i + turn) % 6]
            for _ in range(rad):
                out.append(index[(q, r)])
                q, r = q + mq, r + mr
    out.append(centre)
    return tuple(out)


def spirals(board: Board) -> list[tuple[int, ...]]:
    """The six classic spirals of the standard board (one per starting corner)."""
    index = {a: i for i, a in enumerate(board.hex_axial)}
    centre = len(board.hex_axial) // 2
    return [_spiral(list(board.hex_axial), index, centre, 2, t) for t in range(6)]


def reds_adjacent(board: Board, tokens: list[int]) -> bool:
    """Whether two red numbers (6 or 8, in any pairing) lie on neighbouring hexes."""
    for h, tok in enumerate(tokens):
        if tok in (6, 8):
            for n in board.hex_neighbours[h]:
                if tokens[n] in (6, 8):
                    return True
    return False


def random_layout(board: Board, rng: GameRng, classic: bool
                  ) -> tuple[list[int], list[int], list[int]]:
    """Terrain per hex (resource index or DESERT), token per hex (0 on deserts) and the
    harbour kind per harbour edge, drawn with the game's RNG."""
    spec = BOARD_SPECS[board.id]
    terrain = [res for res, n in enumerate(spec["terrain"]) for _ in range(n)]
    terrain += [DESERT] * spec["deserts"]
    rng.shuffle(terrain)
    tokens = [0] * board.hexes
    land = [h for h in range(board.hexes) if terrain[h] != DESERT]
    if classic and board.id == "standard":
        start = rng.below(6)
        all_spirals = spirals(board)
        for k in range(6):
            order = [h for h in all_spirals[(start + k) % 6] if terrain[h] != DESERT]
            tokens = [0] * board.hexes
            for h, tok in zip(order, CLASSIC_TOKENS, strict=True):
                tokens[h] = tok
            if not reds_adjacent(board, tokens):
                break
    else:
        reds = [t for t in spec["tokens"] if t in (6, 8)]
        others = [t for t in spec["tokens"] if t not in (6, 8)]
        while True:  # red tokens on pairwise non-adjacent hexes, then the rest
            order = list(land)
            rng.shuffle(order)
            chosen: list[int] = []
            for h in order:
                if len(chosen) == len(reds):
                    break
                if not any(n in chosen for n in board.hex_neighbours[h]):
                    chosen.append(h)
            if len(chosen) == len(reds):
                break
        rng.shuffle(reds)
        for h, tok in zip(chosen, reds, strict=True):
            tokens[h] = tok
        rest = [h for h in land if h not in chosen]
        rng.shuffle(others)
        for h, tok in zip(rest, others, strict=True):
            tokens[h] = tok
    harbours = list(spec["harbours"])
    rng.shuffle(harbours)
    return terrain, tokens, harbours


# -- names a person reads ---------------------------------------------------------------
#: Compass points by angle on screen (degrees, y down): 0 = east, -90 = north.
_COMPASS = ((-90, "n"), (-45, "ne"), (0, "e"), (45, "se"), (90, "s"), (135, "sw"),
            (180, "w"), (-135, "nw"), (-180, "w"))


def _compass(dx: float, dy: float) -> str:
    """The nearest of eight compass points for a direction in board coordinates
    (x counts half hex widths, y quarter hex heights, as in :class:`Board`)."""
    deg = math.degrees(math.atan2(dy / 2, dx * math.sqrt(3) / 2))
    return min(_COMPASS, key=lambda p: abs(p[0] - deg))[1]


def hex_letter(h: int) -> str:
    """The visible name of hex ``h``: A–Z, then AA, AB… (reading order)."""
    if h < 26:
        return chr(ord("A") + h)
    return chr(ord("A") + h // 26 - 1) + chr(ord("A") + h % 26)


@dataclass(frozen=True, slots=True)
class Places:
    """How a person names the places of one board (computed once per board).

    ``hex_names[h]`` is the letter drawn on hex ``h``. A corner reads as the hexes it
    touches (``corner_hexes``, reading order); where two corners touch the same hexes
    (coastal corners of one hex) ``corner_side[c]`` names which corner of
    ``corner_hexes[c][0]`` it is (a compass point, else ""). A coastal edge reads as
    its hex and ``edge_side[e]``, the compass side of that hex ("" inland).
    """

    hex_names: tuple[str, ...]
    corner_hexes: tuple[tuple[int, ...], ...]
    corner_side: tuple[str, ...]
    edge_side: tuple[str, ...]


@cache
def places(board_id: str) -> Places:
    board = get_board(board_id)
    names = tuple(hex_letter(h) for h in range(board.hexes))
    corner_hexes = tuple(tuple(sorted(hs)) for hs in board.corner_hexes)
    same: dict[tuple[int, ...], list[int]] = {}
    for c, hs in enumerate(corner_hexes):
        same.setdefault(hs, []).append(c)
    corner_side = [""] * board.corners
    for hs, cs in same.items():
        if len(cs) > 1:
            hx, hy = board.hex_xy[hs[0]]
            for c in cs:
                x, y = board.corner_xy[c]
                corner_side[c] = _compass(x - hx, y - hy)
    edge_side = []
    for (a, b), hs in zip(board.edge_corners, board.edge_hexes, strict=True):
        if len(hs) != 1:
            edge_side.append("")
            continue
        hx, hy = board.hex_xy[hs[0]]
        mx = (board.corner_xy[a][0] + board.corner_xy[b][0]) / 2
        my = (board.corner_xy[a][1] + board.corner_xy[b][1]) / 2
        edge_side.append(_compass(mx - hx, my - hy))
    out = Places(names, corner_hexes, tuple(corner_side), tuple(edge_side))
    corner_keys = set(zip(out.corner_hexes, out.corner_side, strict=True))
    edge_keys = {(tuple(sorted(hs)), s)
                 for hs, s in zip(board.edge_hexes, out.edge_side, strict=True)}
    assert len(corner_keys) == board.corners and len(edge_keys) == board.edges
    return out
