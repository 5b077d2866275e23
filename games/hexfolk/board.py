"""Board geometry, computed once per board and cached, and the seeded layouts.

Hexes are pointy-topped, laid in rows (the standard boards, ``data.BOARD_SPECS``) or as
a map's land picture (``maps.MAPS``); only land hexes are board hexes, so a corner or an
edge exists only on land and no road can cross the sea between two islands. Exact integer
coordinates: a hex centre is ``(X, Y) = (2q + r, 3r)`` in axial ``(q, r)``; its six
corners are ``(X, Y) + (0,-2), (1,-1), (1,1), (0,2), (-1,1), (-1,-1)``. Corners and
edges are deduplicated by coordinate and numbered in reading order (top to bottom,
left to right), hexes likewise, so every id is stable and every list is ordered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rng import GameRng
from .data import BOARD_SPECS, CLASSIC_TOKENS, DESERT, ORE
from .maps import compose, land, map_of_board

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


def _rows_axial(rows: tuple[int, ...]) -> list[tuple[int, int]]:
    """The hexes of a board of centred rows, in reading order."""
    # X positions per row centred on 0; shift all by one if the parity needs it.
    shift = 0 if (-(rows[0] - 1)) % 2 == 0 else 1
    axial: list[tuple[int, int]] = []
    for r, length in enumerate(rows):
        for k in range(length):
            x = -(length - 1) + 2 * k + shift
            assert (x - r) % 2 == 0
            axial.append(((x - r) // 2, r))
    return axial


def _shape(board_id: str) -> tuple[list[tuple[int, int]], bool]:
    """The land hexes of ``board_id`` in reading order, and whether it is a board of
    rows (whose harbours keep the standard boards' placement)."""
    if board_id in BOARD_SPECS:
        return _rows_axial(BOARD_SPECS[board_id]["rows"]), True
    m = map_of_board(board_id)
    if m.rows:
        return _rows_axial(m.rows), True
    return list(land(m.id)[0]), False


def known_board(board_id: str) -> bool:
    """Whether ``board_id`` names a board: a map's, or one stored before the maps."""
    try:
        map_of_board(board_id)
    except KeyError:
        return board_id in BOARD_SPECS
    return True


@cache
def get_board(board_id: str) -> Board:
    """The geometry of ``board_id`` (computed on first use, then shared)."""
    axial, of_rows = _shape(board_id)
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

    n_harb = len(components(board_id)["harbours"])
    if of_rows:
        coast = tuple(sorted((e for e, hs in enumerate(edge_hexes) if len(hs) == 1),
                             key=angle))
        harbour_edges = tuple(coast[(i * len(coast)) // n_harb] for i in range(n_harb))
    else:
        coast = _open_coast(axial, hex_xy, corner_xy, edge_corners, edge_hexes,
                            corner_edges_l)
        harbour_edges = _spaced_harbours(coast, edge_corners, n_harb)
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


def _open_coast(axial: list[tuple[int, int]], hex_xy: tuple[tuple[int, int], ...],
                corner_xy: tuple[tuple[int, int], ...],
                edge_corners: tuple[tuple[int, int], ...],
                edge_hexes: tuple[tuple[int, ...], ...],
                corner_edges: list[list[int]]) -> tuple[int, ...]:
    """The coastal edges that face the open sea (not a lake or a lagoon inside the land),
    each coastline walked clockwise from its top-left edge, the coastlines in the order of
    their first hex."""
    land_cells = {(2 * q + r, r) for q, r in axial}  # (X, row) of each land hex
    xs, rs = [x for x, _ in land_cells], [r for _, r in land_cells]
    x0, x1, r0, r1 = min(xs) - 2, max(xs) + 2, min(rs) - 1, max(rs) + 1
    water = {(x, r) for r in range(r0, r1 + 1) for x in range(x0, x1 + 1)
             if (x - r) % 2 == (xs[0] - rs[0]) % 2 and (x, r) not in land_cells}
    # the open sea: every water cell reached from the frame around the land
    frame = [(x, r) for x, r in water if r in (r0, r1) or x <= x0 + 1 or x >= x1 - 1]
    open_sea, stack = set(frame), list(frame)
    while stack:
        x, r = stack.pop()
        for dx, dr in ((2, 0), (-2, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            n = (x + dx, r + dr)
            if n in water and n not in open_sea:
                open_sea.add(n)
                stack.append(n)

    def faces_open_sea(e: int) -> bool:
        (ax, ay), (bx, by) = corner_xy[edge_corners[e][0]], corner_xy[edge_corners[e][1]]
        hx, hy = hex_xy[edge_hexes[e][0]]
        x, y = ax + bx - hx, ay + by - hy  # the centre of the hex across the edge
        return (x, y // 3) in open_sea

    coastal = {e for e, hs in enumerate(edge_hexes) if len(hs) == 1 and faces_open_sea(e)}
    lines: list[tuple[int, list[int]]] = []
    left = set(coastal)
    while left:
        first = min(left, key=lambda e: (min(corner_xy[c][1] for c in edge_corners[e]),
                                         min(corner_xy[c][0] for c in edge_corners[e])))
        line, corner, edge = [first], edge_corners[first][1], first
        left.discard(first)
        while True:
            nxt = [f for f in corner_edges[corner] if f in left]
            if not nxt:
                break
            edge = nxt[0]
            left.discard(edge)
            line.append(edge)
            a, b = edge_corners[edge]
            corner = b if a == corner else a
        # clockwise on screen (y down): positive shoelace area over the corners walked
        pts = [corner_xy[_shared(edge_corners[line[i - 1]], edge_corners[line[i]])]
               for i in range(len(line))] if len(line) > 2 else []
        area = sum(pts[i - 1][0] * pts[i][1] * 3 - pts[i][0] * pts[i - 1][1] * 3
                   for i in range(len(pts)))
        if area < 0:
            line = [line[0], *reversed(line[1:])]
        lines.append((min(edge_hexes[e][0] for e in line), line))
    return tuple(e for _, line in sorted(lines) for e in line)


def _shared(a: tuple[int, int], b: tuple[int, int]) -> int:
    return a[0] if a[0] in b else a[1]


def _spaced_harbours(coast: tuple[int, ...], edge_corners: tuple[tuple[int, int], ...],
                     count: int) -> tuple[int, ...]:
    """``count`` coastal edges spread evenly along ``coast`` (the middle of each of
    ``count`` equal stretches), each moved on along the coast until no corner of it
    serves another harbour."""
    used: set[int] = set()
    out: list[int] = []
    for i in range(count):
        k = ((2 * i + 1) * len(coast)) // (2 * count)
        for step in range(len(coast)):
            e = coast[(k + step) % len(coast)]
            if e not in out and not used & set(edge_corners[e]):
                break
        out.append(e)
        used.update(edge_corners[e])
    return tuple(out)


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


def components(board_id: str) -> dict[str, Any]:
    """Terrain counts, deserts, tokens and harbour kinds of ``board_id``: a standard
    board's printed ones, or the map's composed by the data file's rule."""
    if board_id in BOARD_SPECS:
        return BOARD_SPECS[board_id]
    parts = compose(map_of_board(board_id).id)
    return {"terrain": parts.terrain, "deserts": parts.deserts, "tokens": parts.tokens,
            "harbours": parts.harbours}


def fixed_mountains(board_id: str) -> frozenset[int]:
    """Hexes the map fixes to mountains (the Volcano's peaks)."""
    if board_id in BOARD_SPECS:
        return frozenset()
    m = map_of_board(board_id)
    return land(m.id)[1] if m.picture else frozenset()


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
    spec = components(board.id)
    fixed = fixed_mountains(board.id)
    terrain = [res for res, n in enumerate(spec["terrain"]) for _ in range(n)]
    terrain += [DESERT] * spec["deserts"]
    for _ in fixed:  # the map's own mountains first, the rest shuffled around them
        terrain.remove(ORE)
    rng.shuffle(terrain)
    for h in sorted(fixed):
        terrain.insert(h, ORE)
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
    """The visible name of hex ``h`` on the boards of games saved before the maps
    (``LEGACY_NAMES``): A–Z, then AA, AB… (reading order)."""
    if h < 26:
        return chr(ord("A") + h)
    return chr(ord("A") + h // 26 - 1) + chr(ord("A") + h % 26)


#: Letters that a reader can take for one another on a small tab: a two-letter name
#: uses at most one letter of each group in each place, so no two names differ only
#: by letters of one group ("AO" and "AC", "AI" and "AL" are never both names).
LOOKALIKES: tuple[str, ...] = ("A", "BPR", "CDGOQ", "EF", "HMNW", "IJLT", "KX", "SZ", "UVY")
#: One letter per group: the letters of two-letter names.
PAIR_LETTERS = "AEHKOPSTU"
assert all(sum(ch in group for ch in PAIR_LETTERS) == 1 for group in LOOKALIKES)
#: Boards whose stored games name hexes A–Z, AA, AB… (their logs must still replay).
LEGACY_NAMES = frozenset({"large", "grand"})


def hex_name(h: int) -> str:
    """The visible name of hex ``h``: A–Z, then two letters of :data:`PAIR_LETTERS`
    (AA, AE, AH, … EA, …) that cannot be misread for one another (reading order)."""
    if h < 26:
        return chr(ord("A") + h)
    k = h - 26
    n = len(PAIR_LETTERS)
    return PAIR_LETTERS[k // n % n] + PAIR_LETTERS[k % n]


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
    name = hex_letter if board_id in LEGACY_NAMES else hex_name
    names = tuple(name(h) for h in range(board.hexes))
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


def corner_harbours(board_id: str, harbours: list[int]) -> list[int]:
    """The harbour kind per corner (-1: none) of ``board_id`` with ``harbours`` (a kind
    per harbour edge)."""
    board = get_board(board_id)
    out = [-1] * board.corners
    for edge, kind in zip(board.harbour_edges, harbours, strict=True):
        for c in board.edge_corners[edge]:
            out[c] = kind
    return out
