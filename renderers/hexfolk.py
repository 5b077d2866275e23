"""Pillow image of Hexfolk: the hex island with its numbers, harbours, robber and
pieces, a card per player, the bank, the last roll and any open trade offer.

:func:`render_board` draws a :class:`~games.hexfolk.view.HexfolkView` and never its
private fields (``hand``, ``devs``, ``vp``), so a public view and a seat's view give
the same picture; :func:`render_hand` draws a seat's own cards. Every word comes from
the translation layer (domain ``render_hexfolk``).

Colour is never the only cue: every terrain carries a resource icon, every piece the
seat's letter and shape, cities a dark ring that settlements lack.

Speed: nothing is supersampled at board size. Small antialiased sprites are drawn once
per size (a hex of each terrain, number tokens, harbour badges, resource icons, road
bars, city rings, hex letters, numbered spots); the sea, rim and piers once per board;
the island (hexes, icons, tokens, harbours, the desert's word) once per layout, hex size
and locale, from those sprites. A render copies the island, pastes the pieces and the
spots and draws the panels; texts reuse their rendered glyphs (``common.drawing``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from games.hexfolk.board import Board, get_board, places
from games.hexfolk.data import DEV_ORDER, GENERIC, RESOURCES
from games.hexfolk.view import HexfolkView, OfferView, PlayerSummary, PlayerView, SummaryView
from i18n import t
from renderers.common import (
    INK,
    MIN_TEXT,
    MUTED,
    RGB,
    WHITE,
    KeptPalettes,
    SeatStyle,
    SplitSprite,
    TurnSeat,
    draw_fitted,
    draw_text,
    draw_token,
    draw_turn_order,
    drawing,
    ellipsize,
    fills,
    font,
    line_height,
    paste_split,
    play_order,
    png_bytes,
    seat_style,
    split_sprite,
    text_width,
    wrap_account,
    wrap_text,
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
CARD_H = 104  #: one player's card
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


# -- pictures drawn once per size ----------------------------------------------------------
@cache
def resource_icon(res: int, size: int) -> Image.Image:
    """An antialiased RGBA picture of resource ``res`` on a white disc (cached)."""
    big = size * 4
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = drawing(img)
    u = big / 20  # the icon is designed on a 20 × 20 grid
    d.ellipse((0.4 * u, 0.4 * u, 19.6 * u, 19.6 * u), fill=WHITE, outline=INK, width=round(u))
    if res == 0:  # wood: a fir tree
        d.rectangle((9 * u, 13 * u, 11 * u, 17 * u), fill=(110, 70, 36))
        d.polygon([(10 * u, 2.5 * u), (15 * u, 9 * u), (5 * u, 9 * u)], fill=(30, 110, 56))
        d.polygon([(10 * u, 5.5 * u), (16 * u, 14 * u), (4 * u, 14 * u)], fill=(30, 110, 56))
    elif res == 1:  # brick: three bricks
        c = (186, 78, 40)
        d.rectangle((3.5 * u, 11 * u, 9.6 * u, 14.6 * u), fill=c)
        d.rectangle((10.4 * u, 11 * u, 16.5 * u, 14.6 * u), fill=c)
        d.rectangle((6.8 * u, 6.6 * u, 13.2 * u, 10.2 * u), fill=c)
    elif res == 2:  # wool: a sheep
        d.ellipse(
            (4 * u, 7 * u, 15 * u, 14.5 * u),
            fill=(236, 236, 236),
            outline=INK,
            width=round(u * 0.7),
        )
        d.ellipse((12.5 * u, 6 * u, 17 * u, 10.5 * u), fill=INK)
        d.rectangle((6 * u, 14 * u, 7.2 * u, 17 * u), fill=INK)
        d.rectangle((11.5 * u, 14 * u, 12.7 * u, 17 * u), fill=INK)
    elif res == 3:  # grain: an ear of wheat
        c = (200, 146, 20)
        d.line((10 * u, 4 * u, 10 * u, 17.5 * u), fill=c, width=round(u * 1.1))
        for y in (5.5, 8.5, 11.5):
            d.ellipse((6.2 * u, y * u, 9.8 * u, (y + 3) * u), fill=c)
            d.ellipse((10.2 * u, y * u, 13.8 * u, (y + 3) * u), fill=c)
        d.ellipse((8.3 * u, 2.5 * u, 11.7 * u, 6 * u), fill=c)
    elif res == 4:  # ore: a faceted rock
        d.polygon(
            [(3 * u, 15 * u), (6 * u, 6 * u), (11 * u, 4 * u), (16 * u, 8 * u), (17 * u, 15 * u)],
            fill=(96, 100, 120),
        )
        d.polygon([(6 * u, 6 * u), (11 * u, 4 * u), (10 * u, 10 * u)], fill=(170, 174, 192))
        d.polygon([(10 * u, 10 * u), (16 * u, 8 * u), (17 * u, 15 * u)], fill=(70, 72, 90))
    else:  # generic (3:1): a question mark
        d.text((10 * u, 10.5 * u), "?", font=font(round(13 * u), bold=True), fill=INK, anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)


@cache
def _road_sprite(style: SeatStyle, dx: int, dy: int, length: int, thick: int) -> Image.Image:
    """A road bar along direction ``(dx, dy)`` (corner-coordinate units), antialiased."""
    ang = math.atan2(dy / 2, dx * SQ3 / 2)
    box = length + thick + 8
    big = box * 4
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = drawing(img)
    c = big / 2
    ux, uy = math.cos(ang), math.sin(ang)
    px, py = -uy, ux

    def bar(half_len: float, half_w: float) -> list[Point]:
        return [
            (c + ux * half_len + px * half_w, c + uy * half_len + py * half_w),
            (c - ux * half_len + px * half_w, c - uy * half_len + py * half_w),
            (c - ux * half_len - px * half_w, c - uy * half_len - py * half_w),
            (c + ux * half_len - px * half_w, c + uy * half_len - py * half_w),
        ]

    hl, hw = length * 2, thick * 2
    d.polygon(bar(hl + 6, hw + 6), fill=WHITE)
    d.polygon(bar(hl, hw), fill=style.rgb, outline=INK, width=5)
    return img.resize((box, box), Image.Resampling.LANCZOS)


@cache
def _city_ring(size: int) -> Image.Image:
    """The dark, white-edged ring that sets a city apart from a settlement."""
    big = size * 4
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = drawing(img)
    d.ellipse((0, 0, big - 1, big - 1), fill=WHITE)
    d.ellipse((6, 6, big - 7, big - 7), fill=INK)
    return img.resize((size, size), Image.Resampling.LANCZOS)


@cache
def _robber_sprite(size: int) -> Image.Image:
    """A dark pawn, white-edged (the robber)."""
    w, h = size, round(size * 1.5)
    img = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    d = drawing(img)
    W, H = w * 4, h * 4
    e = 7
    d.ellipse((W * 0.22 - e, 0, W * 0.78 + e, W * 0.56 + e), fill=WHITE)
    d.polygon([(W * 0.5, H * 0.2), (W - 2, H - 2), (2, H - 2)], fill=WHITE)
    d.ellipse((W * 0.22, e, W * 0.78, W * 0.56), fill=(40, 40, 46))
    d.polygon([(W * 0.5, H * 0.25), (W - e - 2, H - e - 2), (e + 2, H - e - 2)], fill=(40, 40, 46))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def _paste(image: Image.Image | _Region, sprite: Image.Image, centre: Point) -> None:
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def _paste_split(image: Image.Image, split: SplitSprite, centre: Point) -> None:
    """:func:`_paste` of a large sprite cut by :func:`~renderers.common.split_sprite`
    (the same pixels; its opaque middle is copied instead of blended)."""
    sprite = split.sprite
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    paste_split(image, split, (x, y))


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


def _pips(n: int) -> int:
    return 6 - abs(7 - n)


def _supersampled(w: int, h: int, paint: Callable[[ImageDraw.ImageDraw, int], None]
                  ) -> Image.Image:
    """A ``w`` × ``h`` RGBA picture painted at 4× (``paint(draw, 4)``) and shrunk."""
    k = 4
    big = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), k)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _hexagon(cx: float, cy: float, radius: float) -> list[Point]:
    """A pointy-topped hexagon's corners, clockwise from the top."""
    return [(cx + radius * math.cos(math.radians(-90 + 60 * k)),
             cy + radius * math.sin(math.radians(-90 + 60 * k))) for k in range(6)]


@lru_cache(maxsize=64)
def _hex_tile(fill: RGB, radius: float, outline: RGB | None = None, width: float = 0.0
              ) -> Image.Image:
    """An antialiased hexagon of ``radius`` (optionally outlined inside), cached."""
    size = math.ceil(2 * radius) + 4

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = size * k / 2
        d.polygon(_hexagon(c, c, radius * k), fill=fill, outline=outline,
                  width=round(width * k) if outline else 0)

    return _supersampled(size, size, paint)


@lru_cache(maxsize=64)
def _hex_tile_split(fill: RGB, radius: float, outline: RGB | None = None, width: float = 0.0
                    ) -> SplitSprite:
    """:func:`_hex_tile` cut for fast pasting: an island pastes one per hex (and one
    more for its rim), and a masked paste of the whole tile was most of the time an
    island took to build."""
    return split_sprite(_hex_tile(fill, radius, outline, width))


@lru_cache(maxsize=3)
def _sea(w: int, h: int) -> Image.Image:
    """The rounded field of sea behind an island (cached per size); only its four
    corners are drawn supersampled."""
    radius = 28
    corner = _supersampled(radius, radius, lambda d, k: d.pieslice(
        (0, 0, 2 * radius * k - 1, 2 * radius * k - 1), 180, 270, fill=SEA))
    img = Image.new("RGBA", (w, h), (*SEA, 255))
    flips = {
        (0, 0): corner,
        (w - radius, 0): corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
        (0, h - radius): corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        (w - radius, h - radius): corner.transpose(Image.Transpose.ROTATE_180),
    }
    for xy, patch in flips.items():
        img.paste(patch, xy)  # a straight copy, alpha included
    return img


@lru_cache(maxsize=128)
def _number_token(n: int, r: float) -> Image.Image:
    """A hex's number token: the number on a pale disc with one pip per chance in 36 of
    rolling it, red for 6 and 8 (cached per number and hex size)."""
    tr = 0.34 * r
    size = math.ceil(2 * tr) + 4
    red = n in (6, 8)
    ink = RED_NUMBER if red else INK

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = size * k / 2
        d.ellipse((c - tr * k, c - tr * k, c + tr * k, c + tr * k), fill=TOKEN_BG,
                  outline=ink, width=round((3 if red else 2) * k))
        d.text((c, c - tr * 0.18 * k), str(n), font=font(round(max(20, 0.36 * r)) * k,
                                                          bold=True), fill=ink, anchor="mm")
        pips = _pips(n)
        pr = max(2.0, r * 0.035) * k
        gap = pr * 2.7
        py = c + tr * 0.56 * k
        for i in range(pips):
            px = c + (i - (pips - 1) / 2) * gap
            d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=ink)

    return _supersampled(size, size, paint)


@lru_cache(maxsize=32)
def _harbour_badge(kind: int, r: float) -> Image.Image:
    """A harbour's pill: the resource icon (a question mark for 3:1) and the rate."""
    face = font(max(16, round(0.22 * r)) * 4, bold=True)
    icon_px = max(22, round(0.3 * r))
    rate = "3:1" if kind == GENERIC else "2:1"
    w = math.ceil(text_width(rate, face) / 4 + icon_px + 18) + 2
    hgt = icon_px + 10 + 2
    fill = WHITE if kind == GENERIC else PALE[kind]

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        d.rounded_rectangle((k, k, (w - 1) * k, (hgt - 1) * k), radius=(hgt - 2) / 2 * k,
                            fill=fill, outline=PIER, width=round(2.5 * k))
        d.text(((8 + icon_px + 3) * k, hgt / 2 * k), rate, font=face, fill=INK, anchor="lm")

    badge = _supersampled(w, hgt, paint)
    _paste(badge, resource_icon(kind, icon_px), (6 + icon_px / 2, hgt / 2))
    return badge


def _pier(image: Image.Image, ends: Sequence[Point], to: Point) -> None:
    """The two antialiased planks from a harbour's edge out to its badge."""
    pts = [*ends, to]
    x0, y0 = math.floor(min(x for x, _ in pts)) - 4, math.floor(min(y for _, y in pts)) - 4
    x1, y1 = math.ceil(max(x for x, _ in pts)) + 4, math.ceil(max(y for _, y in pts)) + 4

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        for ex, ey in ends:
            d.line(((ex - x0) * k, (ey - y0) * k, (to[0] - x0) * k, (to[1] - y0) * k),
                   fill=PIER, width=5 * k)

    patch = _supersampled(x1 - x0, y1 - y0, paint)
    image.paste(patch, (x0, y0), patch)


@lru_cache(maxsize=16)
def _harbour_spots(board_id: str, edges: tuple[int, ...], r: float) -> tuple[Point, ...]:
    """Where each harbour's badge sits: off its coastal edge, out to sea."""
    board = get_board(board_id)
    fr = _Frame(board, r)
    centre_x = sum(fr.hex_centre(h)[0] for h in range(board.hexes)) / board.hexes
    centre_y = sum(fr.hex_centre(h)[1] for h in range(board.hexes)) / board.hexes
    out: list[Point] = []
    for edge in edges:
        a, b = board.edge_corners[edge]
        pa, pb = fr.corner(a), fr.corner(b)
        (hx, hy) = fr.hex_centre(board.edge_hexes[edge][0])
        mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
        nx, ny = mx - hx, my - hy
        norm = math.hypot(nx, ny) or 1.0
        nx, ny = nx / norm, ny / norm
        bc = (mx + nx * (0.5 * r + 16), my + ny * (0.5 * r + 16))
        # Nudge badges on the left/right flanks outward a little more (they are wide),
        # but never past the sea's edge (a map's widest row reaches the frame).
        half_w = _harbour_badge(GENERIC, r).width / 2 + 4
        out.append((
            min(fr.w - half_w, max(half_w, bc[0] + (8 if bc[0] > centre_x else -8) * abs(nx))),
            bc[1] + (4 if bc[1] > centre_y else -4) * abs(ny),
        ))
    return tuple(out)


@lru_cache(maxsize=4)
def _island_base(board_id: str, edges: tuple[int, ...], r: float) -> Image.Image:
    """What a board's islands share whatever the layout: the sea, the shallow-water rim
    (each hex enlarged, darker blue) and the harbour piers (cached per board and size)."""
    board = get_board(board_id)
    fr = _Frame(board, r)
    img = Image.new("RGB", (fr.w, fr.h), BACKGROUND)
    sea = _sea(fr.w, fr.h)
    img.paste(sea, (0, 0), sea)
    rim = _hex_tile_split(SEA_EDGE, r * 1.16)
    for h in range(board.hexes):
        _paste_split(img, rim, fr.hex_centre(h))
    for edge, bc in zip(edges, _harbour_spots(board_id, edges, r), strict=True):
        a, b = board.edge_corners[edge]
        _pier(img, (fr.corner(a), fr.corner(b)), bc)
    return img


#: Islands kept (about 3 MB each on the 44-hex board); a miss costs ~5-7 ms CPU.
@lru_cache(maxsize=6)
def _island(
    board_id: str,
    terrain: tuple[int, ...],
    tokens: tuple[int, ...],
    harbours: tuple[tuple[int, int], ...],
    r: float,
    locale: str,
) -> Image.Image:
    """The static island: sea, hexes with icons, numbers and the desert's word, and the
    harbours; cached per board layout, hex size and locale. Built from cached
    antialiased pieces (a hex of each terrain, each number token, each harbour badge),
    so that a game whose island has dropped out of the cache costs a few milliseconds,
    not the few hundred a supersampled whole-island drawing took."""
    board = get_board(board_id)
    fr = _Frame(board, r)
    img = _island_base(board_id, tuple(edge for edge, _ in harbours), r).copy()
    badges = [(centre, kind) for centre, (_, kind) in zip(
        _harbour_spots(board_id, tuple(edge for edge, _ in harbours), r), harbours, strict=True)]
    for h in range(board.hexes):  # the hexes, each outlined
        res = terrain[h]
        fill = TERRAIN[res] if res >= 0 else DESERT_RGB
        _paste_split(img, _hex_tile_split(fill, r, (60, 50, 40), 1.6), fr.hex_centre(h))
    icon = max(22, round(0.34 * r))
    for h in range(board.hexes):
        cx, cy = fr.hex_centre(h)
        if terrain[h] >= 0 and tokens[h]:
            _paste(img, _number_token(tokens[h], r), (cx, cy))
        if terrain[h] >= 0:
            _paste(img, resource_icon(terrain[h], icon), (cx, cy - 0.6 * r))
    for centre, kind in badges:
        _paste(img, _harbour_badge(kind, r), centre)
    d = drawing(img)
    for h in range(board.hexes):  # deserts carry a word instead of a number
        if terrain[h] < 0:
            cx, cy = fr.hex_centre(h)
            d.text((cx, cy + 0.42 * r), t(_K + "desert", locale),
                   font=font(max(14, round(0.2 * r)), bold=True), fill=(110, 90, 50), anchor="mm")
    return img


def clear_board_caches() -> None:
    """Forget every cached island layout (the sea, rims and piers of each board and the
    pieces an island is built from stay: there are only a few of them)."""
    _island.cache_clear()


def hex_name_anchor(fr: _Frame, h: int) -> Point:
    """Where the letter of hex ``h`` is drawn: in its upper-right part, clear of the
    number token (centre), the resource icon (top), the robber (left) and the roads
    and buildings on its rim."""
    cx, cy = fr.hex_centre(h)
    return (cx + 0.47 * fr.r, cy - 0.27 * fr.r)


@lru_cache(maxsize=256)
def _name_tab(name: str, r: float) -> Image.Image:
    """The pale tab with a hex's letter, antialiased (cached per letter and hex size)."""
    face = font(max(15, round(0.25 * r)) * 4, bold=True)
    half_w = max(text_width(name, face) / 8 + 4, 0.16 * r)
    half_h = max(10.0, 0.15 * r)
    w, h = math.ceil(2 * half_w) + 2, math.ceil(2 * half_h) + 2
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    d = drawing(big)
    d.rounded_rectangle((2, 2, w * 4 - 3, h * 4 - 3), radius=round(half_h * 0.6 * 4),
                        fill=(250, 246, 232), outline=(60, 50, 40), width=4)
    d.text((w * 2, h * 2), name, font=face, fill=INK, anchor="mm")
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _draw_hex_names(image: Image.Image | _Region, board: Board, fr: _Frame, r: float
                    ) -> None:
    """Each hex's letter (the name moves and events use) on a small pale tab, drawn over
    the pieces so that a city on the hex's corner never hides part of it ("AO" must not
    read "AC")."""
    names = places(board.id).hex_names
    for h in range(board.hexes):
        _paste(image, _name_tab(names[h], r), hex_name_anchor(fr, h))


class _Region:
    """The island's rectangle inside the board image, to paste pieces into: a paste at
    ``(x, y)`` lands at ``(x + left, y + top)``, clipped to the island's ``size`` exactly
    as it would be in an island image of its own (which then had to be copied from the
    cached island and pasted into the board, a few MB each)."""

    def __init__(self, image: Image.Image, left: int, top: int, size: tuple[int, int]) -> None:
        self.image, self.left, self.top = image, left, top
        self.width, self.height = size
        self.mode = image.mode

    def paste(self, sprite: Image.Image, xy: tuple[int, int],
              mask: Image.Image | None = None) -> None:
        x, y = xy
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + sprite.width), min(self.height, y + sprite.height)
        if x1 <= x0 or y1 <= y0:
            return
        if (x0, y0, x1, y1) != (x, y, x + sprite.width, y + sprite.height):
            box = (x0 - x, y0 - y, x1 - x, y1 - y)
            sprite = sprite.crop(box)
            mask = None if mask is None else mask.crop(box)
        self.image.paste(sprite, (x0 + self.left, y0 + self.top), mask)


def _draw_island(view: HexfolkView, r: float, locale: str) -> Image.Image:
    """The island with the robber, every player's pieces and the numbered spots."""
    img = _island(view.board, view.terrain, view.tokens, view.harbours, r, locale).copy()
    _draw_pieces(img, view, r)
    return img


def _draw_pieces(img: Image.Image | _Region, view: HexfolkView, r: float) -> None:
    """The robber, every player's pieces, the hexes' letters and the numbered spots,
    pasted over the static island in ``img``."""
    board = get_board(view.board)
    fr = _Frame(board, r)
    if 0 <= view.robber < board.hexes:
        centre, _ = robber_area(fr, view.robber)
        _paste(img, _robber_sprite(_robber_size(r)), centre)
    styles = [_style(p) for p in view.players]
    length, thick = round(0.74 * r), max(5, round(0.1 * r))
    mark = max(16, round(0.26 * r))
    for e, owner in enumerate(view.edge_owner):
        if owner < 0 or owner >= len(styles):
            continue
        a, b = board.edge_corners[e]
        (ax, ay), (bx, by) = board.corner_xy[a], board.corner_xy[b]
        dx, dy = bx - ax, by - ay
        if dx < 0 or (dx == 0 and dy < 0):
            dx, dy = -dx, -dy
        pa, pb = fr.corner(a), fr.corner(b)
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        _paste(img, _road_sprite(styles[owner], dx, dy, length, thick), mid)
        draw_token(img, mid, mark, styles[owner])
    settle, city = _piece_sizes(r)
    for c, owner in enumerate(view.corner_owner):
        if owner < 0 or owner >= len(styles):
            continue
        p = fr.corner(c)
        if view.corner_level[c] >= 2:
            _paste(img, _city_ring(round(city * 1.42)), p)
            draw_token(img, p, city, styles[owner])
        else:
            draw_token(img, p, settle, styles[owner])
    _draw_hex_names(img, board, fr, r)
    for mark_ in spot_marks(view, fr):
        _paste(img, _spot_sprite(str(mark_.number), mark_.radius, mark_.on_piece), mark_.centre)


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


@lru_cache(maxsize=512)
def _spot_sprite(text: str, rad: float, on_piece: bool) -> Image.Image:
    """A numbered spot: a near-black disc with a white ring (gold beside the player's
    own settlement, where it means a city) and a bold white number, antialiased."""
    k = 4
    size = math.ceil(2 * rad) + 2
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = drawing(big)
    c = size * k / 2
    rr = rad * k
    ring = GOLD if on_piece else WHITE
    d.ellipse((c - rr, c - rr, c + rr, c + rr), fill=ring)
    inner = rr - max(2.5, rad * (0.2 if on_piece else 0.14)) * k
    d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=SPOT_BG)
    scale = {1: 1.2, 2: 1.02}.get(len(text), 0.78)
    floor = MIN_TEXT if rad >= 12 else 8  # phone-readable unless squeezed between pieces
    face = font(max(floor, round(rad * scale)) * k, bold=True)
    d.text((c, c + k * 0.5), text, font=face, fill=WHITE, anchor="mm")
    return big.resize((size, size), Image.Resampling.LANCZOS)


# -- panels --------------------------------------------------------------------------------
def _pill(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    fill: RGB,
    ink: RGB = INK,
    size: int = 15,
) -> float:
    """A rounded label with its left edge at ``x``, top at ``y``; returns its right edge."""
    face = font(size, bold=True)
    w = text_width(text, face) + 16
    draw.rounded_rectangle(
        (x, y, x + w, y + size + 10), radius=(size + 10) / 2, fill=fill, outline=INK, width=1
    )
    draw.text((x + w / 2, y + (size + 10) / 2), text, font=face, fill=ink, anchor="mm")
    return x + w


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, value: int) -> None:
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size * 0.18, fill=WHITE, outline=INK, width=2
    )
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.27, 0.27), (0.73, 0.73)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
    }.get(value, [])
    pr = size * 0.09
    for fx, fy in spots:
        cx, cy = x + fx * size, y + fy * size
        draw.ellipse((cx - pr, cy - pr, cx + pr, cy + pr), fill=INK)


def _round_text(view: HexfolkView, locale: str) -> str:
    """The header's counter: the round of play (every seat's turn once), or "Founding"."""
    if view.round <= 0 and view.winner is None:
        return t(_K + "founding", locale)
    return t(_K + "round", locale, round=max(1, view.round))


def _roll_label(view: HexfolkView, names: Sequence[str], locale: str) -> str:
    """"Last roll: Bot 3" — whose roll the dice show (while the next player is still to
    roll, the dice are the previous player's)."""
    if not 0 <= view.dice_by < len(view.players):
        return t(_K + "roll", locale)
    name = ellipsize(_name(names, view.dice_by), font(16), 150)
    return t(_K + "last_roll", locale, name=name)


def _phase_text(view: HexfolkView, names: Sequence[str], locale: str) -> str:
    if view.winner is not None:
        return t(_K + "phase.over", locale)
    seat = view.special if view.phase == "special" and view.special >= 0 else view.current
    return t(_K + f"phase.{view.phase}", locale, name=_name(names, seat))


def _draw_header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    names: Sequence[str],
    locale: str,
) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=(38, 70, 100))
    title = t(_K + "title", locale)
    x = MARGIN
    x += draw_text(draw, (x, 12), title, font(24, bold=True), WHITE)
    x += 14
    x += draw_text(draw, (x, 16), _round_text(view, locale), font(19), (220, 230, 240))
    x += 20
    dice_w = 0
    if view.dice:
        size = 40
        label = _roll_label(view, names, locale)
        total = f"= {sum(view.dice)}"
        lab_face, sum_face = font(16), font(22, bold=True)
        dice_w = (
            text_width(label, lab_face)
            + 10
            + len(view.dice) * (size + 8)
            + text_width(total, sum_face)
            + 4
        )
        dx = WIDTH - MARGIN - dice_w
        draw.text((dx, HEADER_H / 2), label, font=lab_face, fill=(220, 230, 240), anchor="lm")
        dx += text_width(label, lab_face) + 10
        for v in view.dice:
            _die(draw, dx, (HEADER_H - size) / 2, size, v)
            dx += size + 8
        draw.text(
            (dx + 2, HEADER_H / 2),
            total,
            font=sum_face,
            fill=GOLD if sum(view.dice) == 7 else WHITE,
            anchor="lm",
        )
    # Whose turn and the phase, with the token of the acting seat.
    seat = view.special if view.phase == "special" and view.special >= 0 else view.current
    avail = WIDTH - MARGIN - dice_w - x - 10
    if 0 <= seat < len(view.players) and view.winner is None:
        draw_token(image, (x + 15, HEADER_H / 2), 30, _style(view.players[seat]))
        x += 36
        avail -= 36
    draw_fitted(
        draw,
        (x, HEADER_H / 2),
        _phase_text(view, names, locale),
        avail,
        19,
        WHITE,
        bold=True,
        anchor="lm",
    )


ORDER_H = 44  #: the turn-order strip under the header


def _draw_order(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: HexfolkView, names: Sequence[str],
    locale: str,
) -> None:
    """Who plays after whom, from the seat that founded first; the seat to act is lit."""
    draw.rectangle((0, HEADER_H, WIDTH, HEADER_H + ORDER_H), fill=(226, 234, 242))
    acting = view.special if view.phase == "special" and view.special >= 0 else view.current
    order = [TurnSeat(seat, _style(view.players[seat]), _name(names, seat),
                      current=seat == acting and view.winner is None)
             for seat in play_order(view.first, len(view.players))]
    draw_turn_order(image, draw, (MARGIN, HEADER_H + ORDER_H / 2), WIDTH - 2 * MARGIN, order,
                    locale, first_known=0 <= view.first < len(view.players), size=26)


def _chip(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    res: int,
    text: str,
    size: int = 26,
) -> float:
    """A resource icon followed by ``text``; returns the right edge."""
    _paste(image, resource_icon(res, size), (x + size / 2, y + size / 2))
    face = font(17, bold=True)
    draw.text((x + size + 4, y + size / 2), text, font=face, fill=INK, anchor="lm")
    return x + size + 4 + text_width(text, face)


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    player: PlayerView,
    names: Sequence[str],
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    seat = player.seat
    acting = view.special if view.phase == "special" and view.special >= 0 else view.current
    is_current = seat == acting and view.winner is None
    is_winner = view.winner == seat
    fill = (255, 236, 170) if is_winner else CURRENT_BG if is_current else WHITE
    draw.rounded_rectangle(
        (x, y, x + w, y + CARD_H - 8),
        radius=10,
        fill=fill,
        outline=INK if (is_current or is_winner) else RULE,
        width=3 if (is_current or is_winner) else 1,
    )
    style = _style(player)
    draw_token(image, (x + 26, y + 26), 36, style)
    # VP toward the target, right-aligned.
    vp_face = font(24, bold=True)
    vp = f"{player.visible_vp}/{view.target}"
    vp_w = text_width(vp, vp_face)
    label = t(_K + "vp", locale)
    lab_w = text_width(label, font(15))
    draw.text((x + w - 12, y + 27), label, font=font(15), fill=MUTED, anchor="rm")
    draw.text((x + w - 16 - lab_w, y + 27), vp, font=vp_face, fill=INK, anchor="rm")
    tag = ""
    if is_winner:
        tag = t(_K + "winner_tag", locale)
    elif is_current:
        tag = t(_K + "to_play_tag", locale)
    name_x = x + 52
    name_w = w - 52 - vp_w - lab_w - 30
    if tag:
        tag_face = font(14, bold=True)
        tag_w = text_width(tag, tag_face) + 12
        name_w -= tag_w + 6
    used = draw_fitted(
        draw,
        (name_x, y + 27),
        _name(names, seat),
        name_w,
        19,
        INK,
        bold=True,
        anchor="lm",
        min_size=16,
    )
    if tag:
        tx = name_x + used + 8
        draw.rounded_rectangle((tx, y + 17, tx + tag_w, y + 37), radius=6, fill=INK)
        draw.text((tx + tag_w / 2, y + 27), tag, font=tag_face, fill=WHITE, anchor="mm")
    stats = t(
        _K + "stats",
        locale,
        hand=player.hand_count,
        devs=player.dev_count,
        knights=player.knights,
        road=player.road_length,
    )
    draw_fitted(draw, (x + 12, y + 60), stats, w - 24, 16, INK, anchor="lm")
    bx = x + 12
    by = y + 70
    if player.longest:
        bx = _pill(draw, bx, by, t(_K + "longest", locale), GOLD) + 6
    if player.army:
        bx = _pill(draw, bx, by, t(_K + "army", locale), GOLD) + 6
    if player.discard_owed > 0:
        bx = (
            _pill(
                draw, bx, by, t(_K + "discarding", locale, count=player.discard_owed), ALERT, WHITE
            )
            + 6
        )
    if not (player.longest or player.army or player.discard_owed):
        draw_fitted(
            draw,
            (x + 12, by + 12),
            t(
                _K + "pieces",
                locale,
                roads=player.roads,
                settlements=player.settlements,
                cities=player.cities,
            ),
            w - 24,
            14,
            MUTED,
            anchor="lm",
        )


def _bank_height() -> int:
    return 88


def _draw_bank(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + _bank_height() - 8), radius=10, fill=CHIP, outline=RULE
    )
    draw.text((x + 12, y + 8), t(_K + "bank", locale), font=font(16, bold=True), fill=INK)
    draw.text(
        (x + w - 12, y + 8),
        t(_K + "deck", locale, count=view.deck_count),
        font=font(16),
        fill=INK,
        anchor="ra",
    )
    step = (w - 24) / 5
    for res, count in enumerate(view.bank[:5]):
        _chip(image, draw, x + 12 + res * step, y + 40, res, str(count), 28)


def _resources_text(vec: Sequence[int], locale: str) -> list[tuple[int, int]]:
    return [(res, n) for res, n in enumerate(vec) if n]


def _draw_vector(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    vec: Sequence[int],
    locale: str,
) -> float:
    """Resource chips ``n×icon``; returns the right edge."""
    items = _resources_text(vec, locale)
    if not items:
        draw.text((x, y + 13), t(_K + "nothing", locale), font=font(16), fill=MUTED, anchor="lm")
        return x + text_width(t(_K + "nothing", locale), font(16))
    for res, n in items:
        x = _chip(image, draw, x, y, res, f"×{n}") + 10
    return x


def _is_counter(resp: object) -> bool:
    return isinstance(resp, tuple) and len(resp) == 2


def _offer_height(view: HexfolkView, w: float) -> int:
    """Height of the offer box ``w`` wide: a row per answer, two for a counter-offer
    when the box is narrow."""
    if view.offer is None:
        return 0
    rows = 0
    for seat, resp in enumerate(view.offer.responses):
        if seat != view.offer.offerer and seat < len(view.players):
            rows += 2 if _is_counter(resp) and w < 600 else 1
    return 84 + 32 * rows


def _draw_offer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    offer: OfferView,
    names: Sequence[str],
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    h = _offer_height(view, w) - 8
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=WHITE, outline=INK, width=2)
    who = _name(names, offer.offerer)
    if 0 <= offer.offerer < len(view.players):
        draw_token(image, (x + 22, y + 20), 26, _style(view.players[offer.offerer]))
    draw_fitted(
        draw,
        (x + 42, y + 20),
        t(_K + "offer", locale, name=who),
        w - 54,
        17,
        INK,
        bold=True,
        anchor="lm",
    )
    cx = x + 12
    cx = _draw_vector(image, draw, cx, y + 40, offer.give, locale) + 4
    arrow = t(_K + "for", locale)
    draw.text((cx, y + 53), arrow, font=font(16, bold=True), fill=MUTED, anchor="lm")
    cx += text_width(arrow, font(16, bold=True)) + 10
    _draw_vector(image, draw, cx, y + 40, offer.get, locale)
    ry = y + 80
    for seat, resp in enumerate(offer.responses):
        if seat == offer.offerer or seat >= len(view.players):
            continue
        draw_token(image, (x + 22, ry + 13), 22, _style(view.players[seat]))
        name = _name(names, seat)
        nx = x + 40
        used = draw_fitted(
            draw, (nx, ry + 13), name, min(180, w * 0.45), 15, INK, bold=True, anchor="lm"
        )
        sx = nx + used + 12
        if resp == "accept":
            _pill(draw, sx, ry + 1, t(_K + "accepts", locale), (170, 220, 170))
        elif resp == "decline":
            _pill(draw, sx, ry + 1, t(_K + "declines", locale), (236, 200, 200))
        elif isinstance(resp, tuple) and len(resp) == 2:
            sx = _pill(draw, sx, ry + 1, t(_K + "counters", locale), (200, 220, 240)) + 8
            if w < 600:  # the counter-offer goes on its own line
                ry += 32
                sx = x + 40
            give, get = resp
            sx = _draw_vector(image, draw, sx, ry, give, locale) + 2
            draw.text((sx, ry + 13), arrow, font=font(15, bold=True), fill=MUTED, anchor="lm")
            sx += text_width(arrow, font(15, bold=True)) + 8
            _draw_vector(image, draw, sx, ry, get, locale)
        else:
            draw.text(
                (sx, ry + 13), t(_K + "waiting", locale), font=font(15), fill=MUTED, anchor="lm"
            )
        ry += 32


def _legend_height(view: HexfolkView) -> int:
    """One row of pieces; a second row explains the numbered spots when there are any."""
    return 80 if view.spots else 44


def _draw_legend(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    style = _style(view.players[0]) if view.players else seat_style(0)
    face = font(15)
    cx = x + 6
    cy = y + 18
    _paste(image, _road_sprite(style, 1, 1, 30, 5), (cx + 16, cy))
    draw_token(image, (cx + 16, cy), 16, style)
    cx += 38
    cx += draw_text(draw, (cx, cy), t(_K + "legend.road", locale), face, INK, anchor="lm") + 18
    draw_token(image, (cx + 12, cy), 24, style)
    cx += 30
    cx += (
        draw_text(draw, (cx, cy), t(_K + "legend.settlement", locale), face, INK, anchor="lm") + 18
    )
    _paste(image, _city_ring(40), (cx + 15, cy))
    draw_token(image, (cx + 15, cy), 28, style)
    cx += 38
    cx += draw_text(draw, (cx, cy), t(_K + "legend.city", locale), face, INK, anchor="lm") + 18
    _paste(image, _robber_sprite(20), (cx + 10, cy))
    cx += 26
    cx += draw_text(draw, (cx, cy), t(_K + "legend.robber", locale), face, INK, anchor="lm") + 18
    red = t(_K + "legend.red", locale)
    if cx + text_width(red, face) < x + w:
        draw.text((cx, cy), red, font=face, fill=RED_NUMBER, anchor="lm")
    if not view.spots:
        return
    cx, cy = x + 6, y + 56
    _paste(image, _spot_sprite("7", 13.0, False), (cx + 13, cy))
    cx += 32
    cx += draw_text(draw, (cx, cy), t(_K + "legend.spot", locale), face, INK,
                    max(40.0, x + w - cx), anchor="lm") + 18
    if any(kind == "corner" and 0 <= view.corner_owner[i] < len(view.players)
           for _, kind, i in view.spots) and cx < x + w - 120:
        _paste(image, _spot_sprite("7", 13.0, True), (cx + 13, cy))
        cx += 32
        draw_text(draw, (cx, cy), t(_K + "legend.spot_city", locale), face, INK,
                  x + w - cx, anchor="lm")


def island_radius(board: Board) -> tuple[float, bool]:
    """The hex size the board image draws ``board`` at, and whether the players' column
    stands beside it (a small island) rather than beneath (a wide one drawn full width)."""
    inner = WIDTH - 2 * MARGIN
    side_r = _hex_radius(board, inner - SIDE_W - GAP)
    if side_r >= 64:
        return side_r, True
    return _hex_radius(board, inner), False


#: The PNG palette of each map and set of seat colours, chosen from its first board and
#: every colour this module names (terrains, spots, chips, the gold banner...): it was
#: 7-10 ms CPU of an 8-player board to choose afresh for every move (issue 10).
_PALETTES = KeptPalettes(fills(globals()))


def render_board(
    view: HexfolkView, names: Sequence[str], caption: str, locale: str = "en"
) -> bytes:
    """The public board as PNG bytes: header with the turn, phase and last roll, the
    caption (an already translated account of the last move, up to three lines), the
    island, a card per player, the bank and any open trade offer. ``view.hand``,
    ``view.devs`` and ``view.vp`` are never drawn."""
    board = get_board(view.board)
    inner = WIDTH - 2 * MARGIN
    r, side = island_radius(board)
    fr = _Frame(board, r)
    cap_face = font(19)
    lines = wrap_account(caption, cap_face, inner - 28, 3) if caption.strip() else []
    cap_h = line_height(cap_face) * len(lines) + 18 + GAP if lines else 0
    banner_h = 58 + GAP if view.winner is not None else 0
    top = HEADER_H + ORDER_H + GAP + banner_h + cap_h
    n = len(view.players)
    if side:
        panel_w = SIDE_W
        cols = 1
    else:
        panel_w = inner
        cols = 2
    rows = -(-n // cols)
    card_w = (panel_w - GAP * (cols - 1)) / cols
    players_h = rows * CARD_H
    bank_w = (panel_w - GAP) * 0.42  # beside the offer when the panel is full width
    if side:
        extra_h = _bank_height() + _offer_height(view, panel_w)
    elif view.offer is not None:
        extra_h = max(_bank_height(), _offer_height(view, panel_w - bank_w - GAP))
    else:
        extra_h = _bank_height()
    legend_h = _legend_height(view)
    if side:
        board_x = MARGIN + (inner - SIDE_W - GAP - fr.w) / 2
        left_h = fr.h + GAP + legend_h
        right_h = players_h + extra_h
        height = top + max(left_h, right_h) + MARGIN
        panel_x, panel_y = WIDTH - MARGIN - SIDE_W, top
    else:
        board_x = MARGIN + (inner - fr.w) / 2
        panel_x, panel_y = MARGIN, top + fr.h + GAP + legend_h + GAP
        height = panel_y + players_h + extra_h + MARGIN
    image = Image.new("RGB", (WIDTH, round(height)), BACKGROUND)
    draw = drawing(image)
    _draw_header(image, draw, view, names, locale)
    _draw_order(image, draw, view, names, locale)
    y = HEADER_H + ORDER_H + GAP
    if view.winner is not None:
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + 58), radius=12, fill=GOLD, outline=INK, width=2
        )
        wx = MARGIN + 16
        if 0 <= view.winner < n:
            draw_token(image, (wx + 18, y + 29), 38, _style(view.players[view.winner]))
            wx += 46
            vp = view.players[view.winner].visible_vp
        else:
            vp = view.target
        draw_fitted(
            draw,
            (wx, y + 29),
            t(_K + "winner", locale, name=_name(names, view.winner), vp=vp),
            WIDTH - MARGIN - 16 - wx,
            26,
            INK,
            bold=True,
            anchor="lm",
        )
        y += 58 + GAP
    if lines:
        h = cap_h - GAP
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + h), radius=10, fill=WHITE, outline=RULE
        )
        ly = y + 9
        for line in lines:
            draw.text((MARGIN + 14, ly), line, font=cap_face, fill=INK)
            ly += line_height(cap_face)
    island = _island(view.board, view.terrain, view.tokens, view.harbours, r, locale)
    image.paste(island, (round(board_x), top))
    _draw_pieces(_Region(image, round(board_x), top, island.size), view, r)
    _draw_legend(image, draw, view, locale, board_x + 8, top + fr.h + 4, fr.w - 8)
    for i, player in enumerate(view.players):
        cx = panel_x + (i % cols) * (card_w + GAP)
        cy = panel_y + (i // cols) * CARD_H
        _draw_player(image, draw, view, player, names, locale, cx, cy, card_w)
    y = panel_y + players_h
    if side or view.offer is None:
        _draw_bank(image, draw, view, locale, panel_x, y, panel_w if side else min(panel_w, 640))
        y += _bank_height()
        if view.offer is not None:
            _draw_offer(image, draw, view, view.offer, names, locale, panel_x, y, panel_w)
    else:
        _draw_bank(image, draw, view, locale, panel_x, y, bank_w)
        _draw_offer(
            image,
            draw,
            view,
            view.offer,
            names,
            locale,
            panel_x + bank_w + GAP,
            y,
            panel_w - bank_w - GAP,
        )
    return _PALETTES.png((view.board, tuple(p.colour for p in view.players)), image)


# -- the private hand ----------------------------------------------------------------------
def hand_key(view: HexfolkView) -> tuple[object, ...]:
    """Everything :func:`render_hand` draws from (the image is kept while it is equal)."""
    me = view.players[view.viewer] if view.viewer is not None and 0 <= view.viewer < len(
        view.players) else None
    return (view.viewer, None if me is None else (me.seat, me.colour), view.hand, view.devs,
            view.vp, view.target)


def render_hand(view: HexfolkView, names: Sequence[str], locale: str = "en") -> bytes:
    """The viewer's own resources (a count per resource) and development cards."""
    if view.hand is None or view.viewer is None:
        raise ValueError("render_hand needs a seat's view, not the public one")
    devs = Counter(view.devs or ())
    card_w, card_h, gap = 208, 150, 14
    dev_rows = -(-max(1, len(devs)) // 5)
    height = HEADER_H + GAP + 34 + card_h + GAP + 40 + dev_rows * (110 + GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = drawing(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=(38, 70, 100))
    x = MARGIN
    if 0 <= view.viewer < len(view.players):
        draw_token(image, (x + 18, HEADER_H / 2), 36, _style(view.players[view.viewer]))
        x += 46
    vp = view.vp if view.vp is not None else 0
    vp_text = t(_K + "hand.vp", locale, vp=vp, target=view.target)
    vp_face = font(20, bold=True)
    draw.text((WIDTH - MARGIN, HEADER_H / 2), vp_text, font=vp_face, fill=GOLD, anchor="rm")
    draw_fitted(
        draw,
        (x, HEADER_H / 2),
        t(_K + "hand.title", locale, name=_name(names, view.viewer)),
        WIDTH - MARGIN - x - text_width(vp_text, vp_face) - 20,
        24,
        WHITE,
        bold=True,
        anchor="lm",
    )
    y = HEADER_H + GAP
    total = sum(view.hand)
    draw.text(
        (MARGIN, y + 4),
        t(_K + "hand.resources", locale, count=total),
        font=font(19, bold=True),
        fill=INK,
    )
    y += 34
    x0 = MARGIN + (WIDTH - 2 * MARGIN - 5 * card_w - 4 * gap) / 2
    for res, count in enumerate(view.hand[:5]):
        x = x0 + res * (card_w + gap)
        draw.rounded_rectangle(
            (x, y, x + card_w, y + card_h),
            radius=12,
            fill=PALE[res] if count else (236, 234, 228),
            outline=TERRAIN[res] if count else RULE,
            width=4 if count else 2,
        )
        _paste(image, resource_icon(res, 58), (x + 44, y + 44))
        draw.text(
            (x + card_w - 18, y + 44),
            f"×{count}",
            font=font(38, bold=True),
            fill=INK if count else MUTED,
            anchor="rm",
        )
        draw_fitted(
            draw,
            (x + card_w / 2, y + card_h - 28),
            t(_K + f"resource.{RESOURCES[res]}", locale),
            card_w - 20,
            20,
            INK if count else MUTED,
            bold=True,
            anchor="mm",
        )
    y += card_h + GAP
    draw.text(
        (MARGIN, y + 6),
        t(_K + "hand.devs", locale, count=sum(devs.values())),
        font=font(19, bold=True),
        fill=INK,
    )
    y += 40
    if not devs:
        draw.text((MARGIN, y + 20), t(_K + "hand.no_devs", locale), font=font(18), fill=MUTED)
    for i, (card, count) in enumerate(
        sorted(devs.items(), key=lambda item: DEV_ORDER.get(item[0], 9))
    ):
        x = MARGIN + (i % 5) * (card_w + gap)
        cy = y + (i // 5) * (110 + GAP)
        draw.rounded_rectangle(
            (x, cy, x + card_w, cy + 110),
            radius=12,
            fill=(232, 226, 246),
            outline=(110, 80, 160),
            width=3,
        )
        draw_fitted(
            draw,
            (x + card_w / 2, cy + 36),
            t(_K + f"dev.{card}", locale),
            card_w - 20,
            20,
            INK,
            bold=True,
            anchor="mm",
        )
        draw.text(
            (x + card_w / 2, cy + 76), f"×{count}", font=font(30, bold=True), fill=INK, anchor="mm"
        )
    return _PALETTES.png("hand", image)  # one palette for every hand: the same fills


# -- end-of-game summary -------------------------------------------------------------------
_S = _K + "summary."
SUMMARY_W = 1200
BAR: RGB = (92, 140, 196)
BAR_HOT: RGB = (214, 96, 72)  #: 6 and 8, as on the number tokens
EXPECTED: RGB = (26, 26, 26)
#: VP sources: settlements, cities, longest road, largest army, VP cards.
VP_COLOURS: tuple[RGB, ...] = (
    (238, 214, 150),
    (204, 150, 92),
    (150, 196, 140),
    (196, 120, 120),
    (166, 150, 210),
)
_VP_KEYS = ("vp_settlements", "vp_cities", "vp_longest", "vp_army", "vp_cards")
_CHART_H = 360
_ROW_H = 58


def expected_rolls(total: int, rolls: int) -> float:
    """How often ``total`` is expected in ``rolls`` rolls of two dice."""
    return rolls * (6 - abs(7 - total)) / 36 if 2 <= total <= 12 else 0.0


def _draw_roll_chart(
    image: Image.Image, summary: SummaryView, top: int, locale: str
) -> int:
    """The bar chart of dice totals with the expected counts as a line of markers;
    returns the bottom."""
    draw = drawing(image)
    rolls = summary.rolls
    x0 = MARGIN
    draw_text(draw, (x0, top), t(_S + "rolls_title", locale, count=rolls), font(22, bold=True),
              INK)
    # legend, right-aligned on the title line
    face = font(16)
    exp_label = t(_S + "expected", locale, count=rolls)
    rolled_label = t(_S + "rolled", locale)
    lx = SUMMARY_W - MARGIN - text_width(exp_label, face) - 34
    draw.line((lx, top + 12, lx + 26, top + 12), fill=EXPECTED, width=2)
    _diamond(draw, lx + 13, top + 12, 6)
    draw.text((lx + 34, top + 12), exp_label, font=face, fill=INK, anchor="lm")
    lx -= text_width(rolled_label, face) + 34 + 24
    draw.rectangle((lx, top + 4, lx + 22, top + 20), fill=BAR, outline=INK)
    draw.text((lx + 30, top + 12), rolled_label, font=face, fill=INK, anchor="lm")

    plot_top = top + 44
    plot_bottom = top + _CHART_H - 56
    axis_x = x0 + 56
    right = SUMMARY_W - MARGIN - 8
    counts = summary.roll_counts
    peak = max([counts[n] for n in range(2, 13)] + [expected_rolls(7, rolls), 1.0])
    step = _nice_step(peak)
    y_max = step * math.ceil(peak / step + 0.15)

    def y_of(v: float) -> float:
        return plot_bottom - (plot_bottom - plot_top) * v / y_max

    small = font(15)
    v = 0.0
    while v <= y_max + 1e-9:
        y = y_of(v)
        draw.line((axis_x, y, right, y), fill=RULE, width=1)
        draw.text((axis_x - 8, y), f"{v:g}", font=small, fill=MUTED, anchor="rm")
        v += step
    draw.line((axis_x, plot_top, axis_x, plot_bottom), fill=INK, width=2)
    draw.line((axis_x, plot_bottom, right, plot_bottom), fill=INK, width=2)
    slot = (right - axis_x) / 11
    bar_w = slot * 0.62
    label_face = font(16, bold=True)
    points: list[Point] = []
    for i, n in enumerate(range(2, 13)):
        cx = axis_x + slot * (i + 0.5)
        c = counts[n]
        if c:
            draw.rectangle((cx - bar_w / 2, y_of(c), cx + bar_w / 2, plot_bottom),
                           fill=BAR_HOT if n in (6, 8) else BAR, outline=INK, width=1)
        draw.text((cx - bar_w / 2 + 4, y_of(c) - 4), str(c), font=label_face, fill=INK,
                  anchor="ld")
        draw.text((cx, plot_bottom + 8), str(n), font=font(18, bold=True),
                  fill=RED_NUMBER if n in (6, 8) else INK, anchor="ma")
        points.append((cx, y_of(expected_rolls(n, rolls))))
    draw.line(points, fill=EXPECTED, width=2)
    for px, py in points:
        _diamond(draw, px, py, 7)
    draw.text(((axis_x + right) / 2, plot_bottom + 34), t(_S + "total", locale), font=small,
              fill=MUTED, anchor="ma")
    return top + _CHART_H


def _diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    draw.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=WHITE, outline=EXPECTED,
                 width=2)


def _nice_step(peak: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if peak / step <= 6:
            return step
    return 10 ** math.ceil(math.log10(peak / 6))


#: Column left edges of the player table (and its right end).
_COLS = (MARGIN, 236, 296, 616, 736, 846, 956, 1036, SUMMARY_W - MARGIN)


def _draw_player_table(
    image: Image.Image, summary: SummaryView, names: Sequence[str], top: int, locale: str
) -> int:
    draw = drawing(image)
    head = font(15, bold=True)
    keys = ("col_player", "col_vp", "col_gained", "col_lost", "col_trades", "col_devs",
            "col_road", "col_breakdown")
    head_h = line_height(head) * 3 + 10
    for i, key in enumerate(keys):
        w = _COLS[i + 1] - _COLS[i] - 10
        for k, line in enumerate(wrap_text(t(_S + key, locale), head, w, 3)):
            draw.text((_COLS[i] + 4, top + k * line_height(head)), line, font=head, fill=MUTED)
    y = top + head_h
    draw.line((MARGIN, y - 4, SUMMARY_W - MARGIN, y - 4), fill=INK, width=2)
    value = font(20, bold=True)
    sub = font(15)
    icon = 24
    for row, ps in enumerate(summary.players):
        mid = y + _ROW_H / 2
        if summary.winner == ps.seat:
            draw.rectangle((MARGIN, y, SUMMARY_W - MARGIN, y + _ROW_H), fill=CURRENT_BG)
        elif row % 2:
            draw.rectangle((MARGIN, y, SUMMARY_W - MARGIN, y + _ROW_H), fill=CHIP)
        style = seat_style(ps.seat, ps.colour)
        draw_token(image, (_COLS[0] + 20, mid), 34, style)
        draw_fitted(draw, (_COLS[0] + 44, mid), _name(names, ps.seat),
                    _COLS[1] - _COLS[0] - 52, 19, INK, bold=True, anchor="lm")
        draw.text((_COLS[1] + 6, mid), str(ps.vp), font=font(24, bold=True), fill=INK,
                  anchor="lm")
        # gained: the total, then an icon and a count per resource
        x = _COLS[2] + 4
        draw.text((x, mid), str(ps.produced_total), font=value, fill=INK, anchor="lm")
        x += 44
        for res, n in enumerate(ps.produced):
            _paste(image, resource_icon(res, icon), (x + icon / 2, mid))
            draw.text((x + icon + 3, mid), str(n), font=sub, fill=INK, anchor="lm")
            x += 54
        _table_cell(draw, 3, mid, str(ps.lost_to_robber), f"({ps.stolen} + {ps.discarded})")
        _table_cell(draw, 4, mid, str(ps.trades), f"({ps.bank_trades} + {ps.player_trades})")
        _table_cell(draw, 5, mid, f"{ps.devs_bought} / {ps.devs_played}")
        _table_cell(draw, 6, mid, str(ps.road_length))
        _draw_vp_bar(draw, ps, _COLS[7] + 4, mid, _COLS[8] - _COLS[7] - 8, summary.target)
        y += _ROW_H
    draw.line((MARGIN, y, SUMMARY_W - MARGIN, y), fill=RULE, width=1)
    # legend of the VP breakdown
    y += 10
    face = font(15)
    x = float(_COLS[7] + 4) - 560
    x = max(float(MARGIN), min(x, SUMMARY_W - MARGIN - _vp_legend_width(face, locale)))
    for colour, key in zip(VP_COLOURS, _VP_KEYS, strict=True):
        draw.rectangle((x, y + 2, x + 16, y + 18), fill=colour, outline=INK)
        label = t(_S + key, locale)
        draw.text((x + 22, y + 10), label, font=face, fill=INK, anchor="lm")
        x += 22 + text_width(label, face) + 18
    return y + 28


def _table_cell(
    draw: ImageDraw.ImageDraw, col: int, mid: float, value: str, detail: str = ""
) -> None:
    """A figure in column ``col`` of the player table, with its parts (``detail``) in
    small muted type beneath it; both shrink to the column, so that neighbouring
    columns never run into each other ("(13 + 10)0 / 0")."""
    x, width = _COLS[col] + 4, _COLS[col + 1] - _COLS[col] - 12
    if not detail:
        draw_fitted(draw, (x, mid), value, width, 20, INK, bold=True, anchor="lm")
        return
    draw_fitted(draw, (x, mid - 10), value, width, 20, INK, bold=True, anchor="lm")
    draw_fitted(draw, (x, mid + 14), detail, width, 15, MUTED, anchor="lm", min_size=12)


def _vp_legend_width(face: ImageFont.FreeTypeFont, locale: str) -> float:
    return sum(22 + text_width(t(_S + key, locale), face) + 18 for key in _VP_KEYS)


def _draw_vp_bar(
    draw: ImageDraw.ImageDraw, ps: PlayerSummary, x: float, mid: float, width: float,
    target: int,
) -> None:
    """The VP as stacked segments (settlements, cities, road, army, cards), each numbered."""
    scale = width / max(target, ps.vp, 1)
    face = font(14, bold=True)
    for colour, n in zip(VP_COLOURS, ps.vp_breakdown, strict=True):
        if not n:
            continue
        w = n * scale
        draw.rectangle((x, mid - 14, x + w, mid + 14), fill=colour, outline=INK, width=1)
        draw.text((x + w / 2, mid), str(n), font=face, fill=INK, anchor="mm")
        x += w


def _rounds(summary: SummaryView) -> int:
    """Rounds of play (every player's turn once) the game lasted; turns count from 1."""
    return max(1, (summary.turn - 1) // max(1, len(summary.players)) + 1)


def render_summary(
    summary: SummaryView, names: Sequence[str], locale: str = "en"
) -> bytes:
    """The end-of-game summary as PNG bytes: the dice totals rolled against the expected
    distribution for as many rolls, and a table of every player's statistics."""
    n = len(summary.players)
    height = (MARGIN + 70 + GAP + _CHART_H + GAP + 3 * line_height(font(15, bold=True)) + 10
              + n * _ROW_H + 40 + MARGIN)
    image = Image.new("RGB", (SUMMARY_W, height), BACKGROUND)
    draw = drawing(image)
    draw_text(draw, (MARGIN, MARGIN), t(_S + "title", locale), font(30, bold=True), INK,
              SUMMARY_W - 2 * MARGIN)
    if summary.winner is not None:
        winner = summary.players[summary.winner]
        sub = t(_S + "subtitle", locale, name=_name(names, winner.seat), vp=winner.vp,
                rounds=_rounds(summary))
    else:
        sub = t(_S + "subtitle_none", locale, rounds=_rounds(summary))
    draw_text(draw, (MARGIN, MARGIN + 40), sub, font(20), MUTED, SUMMARY_W - 2 * MARGIN)
    top = MARGIN + 70 + GAP
    draw.line((MARGIN, top - 6, SUMMARY_W - MARGIN, top - 6), fill=RULE, width=2)
    top = _draw_roll_chart(image, summary, top, locale) + GAP
    _draw_player_table(image, summary, names, top, locale)
    return png_bytes(image)
