"""Where everything of the Hexfolk board goes: sizes, colours, the hex frame of an island,
the size it is drawn at, and where the pieces and the numbered spots stand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from games.hexfolk.board import Board
from games.hexfolk.view import HexfolkView, PlayerView
from renderers.common import (
    RGB,
    SeatStyle,
    seat_style,
)

#: Prefix of every message key of this renderer (file ``render_hexfolk.toml``).
_K = "render_hexfolk.hexfolk."

Point = tuple[float, float]

# -- geometry ---------------------------------------------------------------------------
WIDTH = 1200
MARGIN = 18
GAP = 12
HEADER_H = 64
SIDE_W = 380  #: the player column beside the board (standard and large boards)
CARD_H = 124  #: one player's card: name, cards, pieces, then the badges
MAX_R = 74  #: largest hex circumradius, in pixels
SQ3 = math.sqrt(3)

# -- colours ----------------------------------------------------------------------------
BACKGROUND: RGB = (246, 242, 232)
RULE: RGB = (200, 194, 180)
CHIP: RGB = (232, 228, 218)
CURRENT_BG: RGB = (255, 246, 206)
ALERT: RGB = (180, 28, 28)
GOLD: RGB = (246, 196, 48)
SEA: RGB = (160, 200, 228)
SEA_EDGE: RGB = (120, 168, 206)
TOKEN_BG: RGB = (250, 243, 224)
RED_NUMBER: RGB = (196, 22, 22)
PIER: RGB = (120, 82, 44)
SPOT_BG: RGB = (20, 20, 28)  #: numbered legal spots: white on near-black

#: Terrain fill per resource (forest, hills, pasture, fields, mountains), then desert.
#: Dark / mid / light steps differ in lightness as well as hue, and each hex also
#: carries its resource's icon.
TERRAIN: tuple[RGB, ...] = (
    (40, 112, 64),
    (198, 104, 62),
    (172, 220, 130),
    (226, 184, 58),
    (132, 134, 148),
)
DESERT_RGB: RGB = (228, 212, 170)
#: A paler tint of each resource, for chips and harbour badges.
PALE: tuple[RGB, ...] = (
    (196, 226, 200),
    (244, 206, 186),
    (226, 244, 208),
    (248, 232, 176),
    (214, 216, 224),
)


def _style(player: PlayerView) -> SeatStyle:
    return seat_style(player.seat, player.colour)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


# -- the island --------------------------------------------------------------------------
class _Frame:
    """Maps board corner coordinates to pixels for one board and hex size."""

    def __init__(self, board: Board, r: float) -> None:
        self.board, self.r = board, r
        xs = [x for x, _ in board.corner_xy]
        ys = [y for _, y in board.corner_xy]
        self.pad = round(0.62 * r + 46)  # room for the harbours
        self.x0, self.y0 = min(xs), min(ys)
        self.w = round((max(xs) - self.x0) * r * SQ3 / 2 + 2 * self.pad)
        self.h = round((max(ys) - self.y0) * r / 2 + 2 * self.pad)

    def at(self, x: float, y: float) -> Point:
        return (self.pad + (x - self.x0) * self.r * SQ3 / 2, self.pad + (y - self.y0) * self.r / 2)

    def hex_centre(self, h: int) -> Point:
        return self.at(*self.board.hex_xy[h])

    def corner(self, c: int) -> Point:
        return self.at(*self.board.corner_xy[c])


def _hex_radius(board: Board, width: float) -> float:
    """The largest hex size (capped at :data:`MAX_R`) whose island fits ``width``."""
    xs = [x for x, _ in board.corner_xy]
    span = (max(xs) - min(xs)) * SQ3 / 2
    # width = span * r + 2 * (0.62 r + 46)
    return min(MAX_R, (width - 92) / (span + 1.24))


def hex_name_anchor(fr: _Frame, h: int) -> Point:
    """Where the letter of hex ``h`` is drawn: in its upper-right part, clear of the
    number token (centre), the resource icon (top), the robber (left) and the roads
    and buildings on its rim."""
    cx, cy = fr.hex_centre(h)
    return (cx + 0.47 * fr.r, cy - 0.27 * fr.r)


def _piece_sizes(r: float) -> tuple[int, int]:
    """Token sizes of a settlement and a city (a city also has a ring 1.42 times as wide)."""
    return max(24, round(0.42 * r)), max(28, round(0.5 * r))


def _robber_size(r: float) -> int:
    return max(18, round(0.3 * r))


def robber_area(fr: _Frame, h: int) -> tuple[Point, float]:
    """Where the robber stands on hex ``h`` (left of the number token) and the radius of
    a circle that holds its pawn."""
    cx, cy = fr.hex_centre(h)
    size = _robber_size(fr.r)
    return (cx - 0.52 * fr.r, cy + 0.04 * fr.r), size * 0.78


# -- numbered spots ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SpotMark:
    """A numbered disc drawn for one legal place."""

    number: int
    centre: Point
    radius: float
    on_piece: bool  #: beside the player's own settlement (building a city there)


def piece_circles(view: HexfolkView, fr: _Frame) -> list[tuple[Point, float]]:
    """Circles holding every settlement, city and road marker and the robber: what a
    numbered spot must never cover."""
    board = fr.board
    settle, city = _piece_sizes(fr.r)
    out: list[tuple[Point, float]] = []
    for c, owner in enumerate(view.corner_owner):
        if 0 <= owner < len(view.players):
            out.append((fr.corner(c), city * 0.71 if view.corner_level[c] >= 2 else settle / 2))
    mark = max(16, round(0.26 * fr.r))
    for e, owner in enumerate(view.edge_owner):
        if 0 <= owner < len(view.players):
            (ax, ay), (bx, by) = (fr.corner(c) for c in board.edge_corners[e])
            out.append((((ax + bx) / 2, (ay + by) / 2), mark / 2))
    if 0 <= view.robber < board.hexes:
        out.append(robber_area(fr, view.robber))
    return out


#: Where a city spot's badge may go, by the corner's place on a hex (offset from the hex
#: centre in corner units), best first: the lower parts of a hex are free (the number
#: token is in the middle, its icon on top, its letter upper right, the robber left).
_BADGE_SIDES = ((0, 2), (1, 1), (-1, 1), (-1, -1), (1, -1), (0, -2))


def _spot_candidates(
    fr: _Frame, kind: str, i: int, rad: float, circles: Sequence[tuple[Point, float]],
    desert: bool = False,
) -> list[Point]:
    """Places to try for the disc of spot ``i`` of ``kind``, best first."""
    board = fr.board
    if kind == "hex":
        cx, cy = fr.hex_centre(i)  # under the number token, which must stay readable
        below = [(cx, cy + 0.6 * fr.r), (cx + 0.44 * fr.r, cy + 0.32 * fr.r)]
        return [(cx, cy), *below] if desert else below
    if kind == "corner":
        x, y = fr.corner(i)
        piece = next((pr for (px, py), pr in circles if math.hypot(px - x, py - y) < 1), None)
        if piece is None:
            return [(x, y)]
        dist = piece + rad + 2
        cands: list[tuple[int, Point]] = []
        cxy = board.corner_xy[i]
        for h in board.corner_hexes[i]:
            hx, hy = board.hex_xy[h]
            side = (cxy[0] - hx, cxy[1] - hy)
            hcx, hcy = fr.hex_centre(h)
            ux, uy = hcx - x, hcy - y
            norm = math.hypot(ux, uy) or 1.0
            rank = _BADGE_SIDES.index(side) if side in _BADGE_SIDES else 9
            cands.append((rank, (x + ux / norm * dist, y + uy / norm * dist)))
        # out to sea, away from the hexes around the corner
        hx = sum(fr.hex_centre(h)[0] for h in board.corner_hexes[i]) / len(board.corner_hexes[i])
        hy = sum(fr.hex_centre(h)[1] for h in board.corner_hexes[i]) / len(board.corner_hexes[i])
        ox, oy = x - hx, y - hy
        norm = math.hypot(ox, oy)
        if norm > 1:
            cands.append((len(_BADGE_SIDES), (x + ox / norm * dist, y + oy / norm * dist)))
        return [p for _, p in sorted(cands, key=lambda item: item[0])]
    (ax, ay), (bx, by) = (fr.corner(c) for c in board.edge_corners[i])
    ux, uy = (bx - ax) / fr.r, (by - ay) / fr.r  # unit vector along the edge
    mx, my = (ax + bx) / 2, (ay + by) / 2
    out = [(mx, my)]
    for step in (0.08, 0.16, 0.24, 0.32):  # slide along the edge, then off it
        out += [(mx + ux * step * fr.r, my + uy * step * fr.r),
                (mx - ux * step * fr.r, my - uy * step * fr.r)]
    for step in (0.15, 0.3, 0.45):
        out += [(mx - uy * step * fr.r, my + ux * step * fr.r),
                (mx + uy * step * fr.r, my - ux * step * fr.r)]
    return out


def _clear(p: Point, rad: float, circles: Sequence[tuple[Point, float]]) -> bool:
    return all(math.hypot(p[0] - q[0], p[1] - q[1]) >= rad + qr + 1 for q, qr in circles)


def spot_marks(view: HexfolkView, fr: _Frame) -> list[SpotMark]:
    """The discs of the numbered legal places (``view.spots``): on an empty corner, at an
    edge's midpoint, or under a hex's number token; a city spot sits beside the
    player's settlement. A disc never covers a piece or the robber: it slides along its
    edge (or round its corner) until it is clear. Discs are as large as the spacing of
    the marked places allows, so that the numbers read on a phone."""
    board = fr.board
    limit = {"corner": board.corners, "edge": board.edges, "hex": board.hexes}
    kinds = {kind for _, kind, _ in view.spots}
    # corners and edges together are half a side apart; corners alone a whole side; road
    # places alone sit next to the settlement they start from, so a little smaller
    rad = (0.22 if {"corner", "edge"} <= kinds else 0.26 if "edge" in kinds else 0.3) * fr.r
    circles = piece_circles(view, fr)
    marks: list[SpotMark] = []
    for number, kind, i in view.spots:
        if not 0 <= i < limit.get(kind, 0):
            continue
        on_piece = kind == "corner" and 0 <= view.corner_owner[i] < len(view.players)
        # a city spot beside a settlement, a robber spot under a number token: smaller
        # (a city spot never below 12 px, where its number keeps 14 px on the maps)
        size = min(rad, max(12.0, 0.17 * fr.r) if on_piece else 0.24 * fr.r if kind == "hex"
                   else rad)
        desert = kind == "hex" and view.terrain[i] < 0
        cands = _spot_candidates(fr, kind, i, size, circles, desert)
        centre = next((p for p in cands if _clear(p, size, circles)), None)
        if centre is None:  # nothing clear: a smaller disc where there is most room
            def room(p: Point) -> float:
                return min(math.hypot(p[0] - q[0], p[1] - q[1]) - qr - 1 for q, qr in circles)

            centre = max(cands, key=room)
            size = max(6.0, min(size, room(centre)))
        marks.append(SpotMark(number, centre, size, on_piece))
    return marks


ORDER_H = 44  #: the turn-order strip under the header


def island_radius(board: Board) -> tuple[float, bool]:
    """The hex size the board image draws ``board`` at, and whether the players' column
    stands beside it (a small island) rather than beneath (a wide one drawn full width)."""
    inner = WIDTH - 2 * MARGIN
    side_r = _hex_radius(board, inner - SIDE_W - GAP)
    if side_r >= 64:
        return side_r, True
    return _hex_radius(board, inner), False
