"""The pictures of the Hexfolk board: the island (sea, hexes, number tokens, harbours,
hex names) drawn once per layout, the sprites of roads, settlements, cities, the robber
and the numbered spots, and the pieces pasted on a copy of the island.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from games.hexfolk.board import Board, get_board, places
from games.hexfolk.data import GENERIC
from games.hexfolk.view import HexfolkView
from i18n import t
from renderers.common import (
    INK,
    MIN_TEXT,
    RGB,
    WHITE,
    SeatStyle,
    SplitSprite,
    draw_token,
    drawing,
    font,
    paste_split,
    split_sprite,
    text_width,
    token_image,
)

from .layout import (
    _K,
    BACKGROUND,
    DESERT_RGB,
    GOLD,
    PALE,
    PIER,
    RED_NUMBER,
    SEA,
    SEA_EDGE,
    SPOT_BG,
    SQ3,
    TERRAIN,
    TOKEN_BG,
    Point,
    _Frame,
    _piece_sizes,
    _robber_size,
    _style,
    hex_name_anchor,
    island_radius,
    robber_area,
    spot_marks,
)


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


def _road_direction(board: Board, edge: int) -> tuple[int, int]:
    """The direction of ``edge`` in corner coordinates, pointing right (or down)."""
    a, b = board.edge_corners[edge]
    (ax, ay), (bx, by) = board.corner_xy[a], board.corner_xy[b]
    dx, dy = bx - ax, by - ay
    if dx < 0 or (dx == 0 and dy < 0):
        dx, dy = -dx, -dy
    return dx, dy


def _road_sizes(r: float) -> tuple[int, int, int]:
    """A road's length and thickness, and the size of the token on it, at hex size ``r``."""
    return round(0.74 * r), max(5, round(0.1 * r)), max(16, round(0.26 * r))


def warm_pieces(styles: Sequence[SeatStyle], board_ids: Sequence[str]) -> None:
    """Make the pieces of every seat of ``styles`` (roads in each direction, the tokens
    of roads, settlements and cities, the city ring) at the hex size of each board of
    ``board_ids``: what the first board of a game on that map would otherwise draw, at
    some 0.7 ms a sprite (issue 29 item 6: a render worker forked from the warmed fork
    server starts with them, :mod:`bot.render_warmup`)."""
    for board_id in board_ids:
        board = get_board(board_id)
        r, _ = island_radius(board)
        length, thick, mark = _road_sizes(r)
        settle, city = _piece_sizes(r)
        directions = {_road_direction(board, e) for e in range(len(board.edge_corners))}
        _city_ring(round(city * 1.42))
        for style in styles:
            for direction in directions:
                _road_sprite(style, *direction, length, thick)
            for size in (mark, settle, city):
                token_image(style, size)


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


def _paste(image: Image.Image | _Region | _Recorder, sprite: Image.Image, centre: Point) -> None:
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def _paste_split(image: Image.Image, split: SplitSprite, centre: Point) -> None:
    """:func:`_paste` of a large sprite cut by :func:`~renderers.common.split_sprite`
    (the same pixels; its opaque middle is copied instead of blended)."""
    sprite = split.sprite
    x, y = round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)
    paste_split(image, split, (x, y))


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


def _draw_hex_names(image: Image.Image | _Region | _Recorder, board: Board, r: float) -> None:
    """Each hex's letter (the name moves and events use) on a small pale tab, drawn over
    the pieces so that a city on the hex's corner never hides part of it ("AO" must not
    read "AC")."""
    for sprite, xy in _hex_name_pastes(board.id, r):
        image.paste(sprite, xy, sprite)


@lru_cache(maxsize=64)
def _hex_name_pastes(board_id: str, r: float) -> tuple[tuple[Image.Image, tuple[int, int]], ...]:
    """Each hex's letter tab and where :func:`_paste` puts it (its top left corner), for
    one board and hex size: the same on every board of a game, so worked out once."""
    board = get_board(board_id)
    fr = _Frame(board, r)
    names = places(board_id).hex_names
    pastes = []
    for h in range(board.hexes):
        sprite = _name_tab(names[h], r)
        cx, cy = hex_name_anchor(fr, h)
        pastes.append((sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2))))
    return tuple(pastes)


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


class _Same:
    """A sprite in a tile's key: equal only to itself (not to an equal picture), hashed by
    identity, and kept alive by the key, so that its id is not reused while the key is."""

    __slots__ = ("sprite",)

    def __init__(self, sprite: Image.Image) -> None:
        self.sprite = sprite

    def __hash__(self) -> int:
        return id(self.sprite)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.sprite is self.sprite


#: One paste of :func:`_draw_pieces`: the sprite, its top left corner on the island, and
#: whether the sprite is its own mask (else no mask).
PieceOp = tuple[_Same, int, int, bool]


class _Recorder:
    """A paste target that only notes each paste of :func:`_draw_pieces`, in order."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.width, self.height = size
        self.mode = "RGB"
        self.ops: list[PieceOp] = []

    def paste(self, sprite: Image.Image, xy: tuple[int, int],
              mask: Image.Image | None = None) -> None:
        if mask is not None and mask is not sprite:  # not one of _draw_pieces' pastes
            raise ValueError("a piece is pasted with its own alpha or none")
        self.ops.append((_Same(sprite), xy[0], xy[1], mask is not None))


#: Rows of the island in each of its bands (:func:`island_bands`). Most moves change the
#: numbered spots, scattered over the island, so a few bands are drawn again on every
#: board: 64 rows drew a Hexfolk 8-player board about 0.5 ms faster than 96 in replays of
#: a bench game (56-80 alike, 48 and 32 slower: more segments), its PNG no larger.
BAND_H = 64


def island_bands(view: HexfolkView, r: float, size: tuple[int, int]
                 ) -> list[tuple[int, tuple[PieceOp, ...]]]:
    """The island with its pieces in horizontal bands of :data:`BAND_H` rows (issue 29
    item 6): each band's first row and the pastes of :func:`_draw_pieces` that reach
    into it, in order. A band is the island's base with those pastes on it
    (:func:`draw_island_band`), the same pixels as the whole island drawn and cut there:
    every piece is a sprite pasted on a whole pixel, and a paste cut at a band's edge
    blends each pixel it keeps as the whole paste does. A move that places one piece
    then changes a band or two, not the whole island."""
    recorder = _Recorder(size)
    _draw_pieces(recorder, view, r)
    width, height = size
    bands: list[list[PieceOp]] = [[] for _ in range(-(-height // BAND_H))]
    for op in recorder.ops:
        sprite, x, y = op[0].sprite, op[1], op[2]
        if x + sprite.width <= 0 or x >= width:
            continue
        first, last = max(0, y) // BAND_H, min(height, y + sprite.height) - 1
        for band in range(first, min(len(bands), last // BAND_H + 1)):
            bands[band].append(op)
    return [(band * BAND_H, tuple(ops)) for band, ops in enumerate(bands)]


def draw_island_band(base: Image.Image, top: int, ops: Sequence[PieceOp]) -> Image.Image:
    """Rows ``top`` to ``top + BAND_H`` of the island ``base`` with the pastes ``ops``
    on them (see :func:`island_bands`)."""
    band = base.crop((0, top, base.width, min(base.height, top + BAND_H)))
    for held, x, y, masked in ops:
        band.paste(held.sprite, (x, y - top), held.sprite if masked else None)
    return band


def _draw_island(view: HexfolkView, r: float, locale: str) -> Image.Image:
    """The island with the robber, every player's pieces and the numbered spots."""
    img = _island(view.board, view.terrain, view.tokens, view.harbours, r, locale).copy()
    _draw_pieces(img, view, r)
    return img


def _draw_pieces(img: Image.Image | _Region | _Recorder, view: HexfolkView, r: float) -> None:
    """The robber, every player's pieces, the hexes' letters and the numbered spots,
    pasted over the static island in ``img``."""
    board = get_board(view.board)
    fr = _Frame(board, r)
    if 0 <= view.robber < board.hexes:
        centre, _ = robber_area(fr, view.robber)
        _paste(img, _robber_sprite(_robber_size(r)), centre)
    styles = [_style(p) for p in view.players]
    length, thick, mark = _road_sizes(r)
    for e, owner in enumerate(view.edge_owner):
        if owner < 0 or owner >= len(styles):
            continue
        a, b = board.edge_corners[e]
        pa, pb = fr.corner(a), fr.corner(b)
        mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
        _paste(img, _road_sprite(styles[owner], *_road_direction(board, e), length, thick), mid)
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
    _draw_hex_names(img, board, r)
    for mark_ in spot_marks(view, fr):
        _paste(img, _spot_sprite(str(mark_.number), mark_.radius, mark_.on_piece), mark_.centre)


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
