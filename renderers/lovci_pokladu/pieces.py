"""The pictures of Lovci pokladů's board: card faces and their icons, sailors, ships,
coins, the static board layer, and the board with its pieces drawn on it.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache, partial

from PIL import Image, ImageDraw

from games.lovci_pokladu.data import RING, SIZE
from games.lovci_pokladu.view import CardView, LovciView, SailorView, ShipView
from i18n import t
from renderers.common import (
    INK,
    MIN_TEXT,
    RGB,
    WHITE,
    Shape,
    dashed_rectangle,
    draw_fitted,
    draw_token,
    ellipsize,
    exact_drawing,
    fit_font,
    font,
    seat_style,
    shape_points,
    text_width,
)

from .layout import (
    _K,
    ALERT,
    BACK,
    BACK_LINE,
    BACK_TEXT,
    BACKGROUND,
    BOARD_H,
    CARD_INSET,
    CELL,
    COORD,
    EMPTIED,
    FULL,
    GOLD,
    GOLD_DARK,
    GRID,
    GRID_BG,
    GROUP_FIG,
    GX,
    GY,
    HIGHLIGHT,
    HULL_H,
    ICON,
    LABEL_W,
    MARGIN,
    NAVY,
    OCTOPUS_RING,
    RING_D,
    SAIL_H,
    SAILOR,
    SEA,
    SEA_LINE,
    SEA_TIP,
    SHIP_H,
    SHIP_W,
    SS,
    SWIM,
    SWIM_FIG,
    SWIMMER,
    TALL,
    TALL_W,
    TINTS,
    TOKEN_S,
    WIDTH,
    Box,
    Point,
    SeaItem,
    SlotLayout,
    _cell_xy,
    _count_text,
    _full_crew,
    _outward,
    _player_style,
    _sea_layouts,
    _slot_box,
    _style_of,
)


def _compass(cx: float, cy: float, r: float, deg: float) -> Point:
    """The point ``r`` from ``(cx, cy)`` in compass direction ``deg`` (0 up, clockwise)."""
    a = math.radians(deg)
    return (cx + r * math.sin(a), cy - r * math.cos(a))


def _frame(c: Point, deg: float) -> Callable[[float, float], Point]:
    """A local frame at ``c``: ``(along, side)`` → image point, ``along`` pointing ``deg``."""
    a = math.radians(deg)
    fx, fy = math.sin(a), -math.cos(a)  # forward
    sx, sy = math.cos(a), math.sin(a)  # to the right of forward

    def at(along: float, side: float) -> Point:
        return (c[0] + along * fx + side * sx, c[1] + along * fy + side * sy)

    return at


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 14) -> list[Point]:
    """Points of a cubic Bézier curve (``n`` segments)."""
    out = []
    for i in range(n + 1):
        s = i / n
        a, b, c, d = (1 - s) ** 3, 3 * s * (1 - s) ** 2, 3 * s * s * (1 - s), s**3
        out.append(
            (
                a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
            )
        )
    return out


def _wave(x0: float, x1: float, y: float, amp: float, periods: float, n: int = 40) -> list[Point]:
    return [
        (x0 + (x1 - x0) * i / n, y + amp * math.sin(2 * math.pi * periods * i / n))
        for i in range(n + 1)
    ]


def _arrow_polygon(
    c: Point, deg: float, r0: float, r1: float, half: float, head: float, head_half: float
) -> list[Point]:
    """An arrow from ``r0`` to ``r1`` out of ``c`` in direction ``deg``."""
    at = _frame(c, deg)
    base = r1 - head
    return [
        at(r0, -half),
        at(base, -half),
        at(base, -head_half),
        at(r1, 0),
        at(base, head_half),
        at(base, half),
        at(r0, half),
    ]


def _pill(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    text: str,
    size: int = 15,
    fill: RGB = WHITE,
    ink: RGB = INK,
    outline: RGB | None = INK,
    bold: bool = True,
) -> Box:
    """A rounded label centred on ``centre``; returns its box."""
    face = font(size, bold)
    w = text_width(text, face) + 10
    h = size + 7
    box = (centre[0] - w / 2, centre[1] - h / 2, centre[0] + w / 2, centre[1] + h / 2)
    draw.rounded_rectangle(box, radius=h / 2, fill=fill, outline=outline, width=2 if outline else 0)
    draw.text(centre, text, font=face, fill=ink, anchor="mm")
    return box


def _group_tokens(tokens: Sequence[int], locale: str) -> str:
    """``(300, 50, 50)`` → ``"300+2×50"``."""
    parts = []
    for value, count in sorted(Counter(tokens).items(), reverse=True):
        parts.append(
            str(value) if count == 1 else t(_K + "token_group", locale, count=count, value=value)
        )
    return "+".join(parts)


# -- cached pictures ----------------------------------------------------------------------
def _antialiased(size: int, paint: Callable[[ImageDraw.ImageDraw, float], None]) -> Image.Image:
    """An RGBA image ``size`` pixels square painted at :data:`SS` times and scaled down."""
    big = size * SS
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    paint(exact_drawing(layer), float(big))
    return layer.resize((size, size), Image.Resampling.LANCZOS)


@cache
def _sailor_image(colour: str, number: int, size: int) -> Image.Image:
    """A sailor: its colour's shape (circle, square, triangle, diamond) with its number
    (``0``: no number, for a group of sailors of one colour)."""
    style = _style_of(colour)

    def paint(draw: ImageDraw.ImageDraw, u: float) -> None:
        c = u / 2
        halo = u * 0.07
        stroke = max(2, round(u * 0.06))
        r = c - halo - stroke / 2
        digit_y = c
        if style.shape is Shape.CIRCLE:
            draw.ellipse((c - r - halo,) * 2 + (c + r + halo,) * 2, fill=WHITE)
            draw.ellipse((c - r,) * 2 + (c + r,) * 2, fill=style.rgb, outline=INK, width=stroke)
        else:
            dy = r * 1.15 / 4 if style.shape is Shape.TRIANGLE else 0.0
            draw.polygon(shape_points(style.shape, c, c + dy, r + halo), fill=WHITE)
            draw.polygon(
                shape_points(style.shape, c, c + dy, r), fill=style.rgb, outline=INK, width=stroke
            )
            digit_y = c + dy * 1.3
        scale = {Shape.TRIANGLE: 0.48, Shape.DIAMOND: 0.54}.get(style.shape, 0.62)
        if not number:  # a crew group's figure: the count is written beside it
            return
        draw.text(
            (c, digit_y),
            str(number),
            font=font(round(u * scale), bold=True),
            fill=style.ink,
            anchor="mm",
        )

    return _antialiased(size, paint)


@cache
def _coin_image(size: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, u: float) -> None:
        w = u * 0.07
        draw.ellipse(
            (w / 2, w / 2, u - w / 2, u - w / 2), fill=GOLD, outline=GOLD_DARK, width=round(w)
        )
        i = u * 0.24
        draw.ellipse((i, i, u - i, u - i), outline=(250, 222, 120), width=round(w * 0.7))

    return _antialiased(size, paint)


@cache
def _star_image(size: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, u: float) -> None:
        pts = shape_points(Shape.STAR, u / 2, u / 2 + u * 0.04, u * 0.42)
        draw.polygon(pts, fill=GOLD, outline=INK, width=round(u * 0.05))

    return _antialiased(size, paint)


@cache
def _ship_image(colour: str) -> Image.Image:
    """A ship seen from the side: hull in the ship's colour, mast and a white sail."""
    style = _style_of(colour)
    w, h = SHIP_W, SHIP_H
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    draw = exact_drawing(big)
    u = SS
    stroke = 2 * u
    hull_top, hull_bottom = 40 * u, 64 * u
    hull = [
        (2 * u, hull_top),
        (w * u - 2 * u, hull_top),
        (w * u - 14 * u, hull_bottom),
        (14 * u, hull_bottom),
    ]
    mast_x = w * u / 2
    draw.line((mast_x, 2 * u, mast_x, hull_top), fill=INK, width=3 * u)
    sail = [
        (mast_x - 30 * u, 8 * u),
        (mast_x + 30 * u, 8 * u),
        (mast_x + 26 * u, 36 * u),
        (mast_x - 26 * u, 36 * u),
    ]
    draw.polygon(sail, fill=WHITE, outline=INK, width=stroke)
    draw.polygon(hull, fill=style.rgb, outline=INK, width=stroke)
    return big.resize((w, h), Image.Resampling.LANCZOS)


# -- card pictures ------------------------------------------------------------------------
Painter = Callable[[ImageDraw.ImageDraw, float, CardView], None]


def _p(u: float) -> Callable[[float, float], Point]:
    return lambda x, y: (x * u, y * u)


def _poly(u: float, points: str) -> list[Point]:
    """Points written ``"x,y x,y …"`` in fractions of the picture, scaled to ``u`` pixels."""
    return [(float(x) * u, float(y) * u) for x, y in (pair.split(",") for pair in points.split())]


def _icon_rose(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    c = (u / 2, u / 2)
    star = [
        _compass(*c, u * (0.42 if i % 4 == 0 else 0.30 if i % 2 == 0 else 0.09), i * 22.5)
        for i in range(16)
    ]
    draw.polygon(star, fill=(196, 208, 222), outline=(130, 146, 166), width=round(u * 0.014))
    for d in card.arrows or ():
        pts = _arrow_polygon(c, d * 45, u * 0.06, u * 0.49, u * 0.05, u * 0.19, u * 0.115)
        draw.polygon(pts, fill=(255, 204, 0), outline=(96, 64, 0), width=round(u * 0.022))
    r = u * 0.075
    draw.ellipse((c[0] - r, c[1] - r, c[0] + r, c[1] + r), fill=NAVY)


def _icon_seahorse(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    body = _poly(
        u,
        "0.40,0.10 0.50,0.08 0.58,0.14 0.62,0.19 0.86,0.20 0.87,0.28 "
        "0.62,0.29 0.58,0.34 0.64,0.42 0.69,0.52 0.67,0.63 0.58,0.72 "
        "0.48,0.78 0.42,0.84 0.36,0.80 0.38,0.70 0.34,0.60 0.33,0.48 "
        "0.36,0.36 0.38,0.26 0.34,0.18",
    )
    fill, dark = (236, 140, 40), (110, 56, 10)
    w = round(u * 0.025)
    # Curled tail.
    tail = [
        _compass(u * 0.50, u * 0.82, u * r, deg)
        for deg, r in zip(
            range(250, 250 + 540, 30), [0.12 - 0.0055 * i for i in range(19)], strict=False
        )
    ]
    draw.line([p(0.42, 0.80), *tail], fill=dark, width=round(u * 0.09), joint="curve")
    draw.line([p(0.42, 0.80), *tail], fill=fill, width=round(u * 0.05), joint="curve")
    # Dorsal fin.
    draw.polygon(
        [p(0.34, 0.42), p(0.20, 0.50), p(0.34, 0.60)], fill=(250, 190, 90), outline=dark, width=w
    )
    draw.polygon(body, fill=fill, outline=dark, width=w)
    # Crown spikes and belly ridges.
    draw.polygon([p(0.40, 0.10), p(0.42, 0.02), p(0.50, 0.08)], fill=fill, outline=dark, width=w)
    for y in (0.42, 0.50, 0.58, 0.66):
        draw.line(
            [p(0.46, y), p(0.60 + (0.06 if 0.44 < y < 0.62 else 0.0), y + 0.02)], fill=dark, width=w
        )
    r = u * 0.035
    draw.ellipse((u * 0.52 - r, u * 0.19 - r, u * 0.52 + r, u * 0.19 + r), fill=INK)


def _icon_dolphin(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    spine = _bezier(p(0.08, 0.66), p(0.25, 0.18), p(0.70, 0.14), p(0.86, 0.62), 24)
    upper, lower = [], []
    for i, (x, y) in enumerate(spine):
        s = i / (len(spine) - 1)
        j = min(i + 1, len(spine) - 1)
        k = max(i - 1, 0)
        dx, dy = spine[j][0] - spine[k][0], spine[j][1] - spine[k][1]
        n = math.hypot(dx, dy) or 1.0
        nx, ny = dy / n, -dx / n  # left normal (upward on the arch)
        thick = (
            u * (0.02 + 0.11 * math.sin(math.pi * min(1.0, s * 1.25) ** 0.8))
            if s < 0.8
            else u * 0.03 * (1 - s) / 0.2 + u * 0.012
        )
        upper.append((x + nx * thick, y + ny * thick))
        lower.append((x - nx * thick * 0.8, y - ny * thick * 0.8))
    fill, dark = (84, 132, 180), (24, 50, 84)
    w = round(u * 0.025)
    end = spine[-1]
    flukes = [
        end,
        (end[0] - u * 0.14, end[1] + u * 0.12),
        (end[0] + u * 0.02, end[1] + u * 0.06),
        (end[0] + u * 0.10, end[1] + u * 0.18),
        end,
    ]
    draw.polygon(flukes, fill=fill, outline=dark, width=w)
    fin_at = spine[11]
    draw.polygon(
        [
            (fin_at[0] - u * 0.06, fin_at[1] - u * 0.08),
            (fin_at[0] + u * 0.02, fin_at[1] - u * 0.24),
            (fin_at[0] + u * 0.10, fin_at[1] - u * 0.07),
        ],
        fill=fill,
        outline=dark,
        width=w,
    )
    draw.polygon(upper + lower[::-1], fill=fill, outline=dark, width=w)
    belly = _bezier(p(0.14, 0.60), p(0.28, 0.34), p(0.50, 0.30), p(0.62, 0.34), 12)
    draw.line(belly, fill=(200, 222, 240), width=round(u * 0.03), joint="curve")
    draw.polygon([p(0.34, 0.40), p(0.36, 0.54), p(0.44, 0.40)], fill=fill, outline=dark, width=w)
    r = u * 0.03
    draw.ellipse((u * 0.20 - r, u * 0.44 - r, u * 0.20 + r, u * 0.44 + r), fill=INK)
    draw.line(
        _wave(u * 0.04, u * 0.96, u * 0.86, u * 0.03, 2.5),
        fill=(70, 130, 190),
        width=round(u * 0.035),
    )


def _icon_starfish(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    c = u / 2
    outer = [_compass(c, c + u * 0.03, u * 0.47, i * 72) for i in range(5)]
    inner = [_compass(c, c + u * 0.03, u * 0.19, 36 + i * 72) for i in range(5)]
    pts = [q for pair in zip(outer, inner, strict=True) for q in pair]
    draw.polygon(pts, fill=(238, 108, 62), outline=(120, 40, 16), width=round(u * 0.03))
    r = u * 0.028
    for i in range(5):
        for dist in (0.12, 0.26):
            x, y = _compass(c, c + u * 0.03, u * dist, i * 72)
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 214, 170))


def _icon_shark(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    front = _bezier(p(0.16, 0.68), p(0.30, 0.50), p(0.44, 0.20), p(0.66, 0.08))
    back = _bezier(p(0.66, 0.08), p(0.58, 0.30), p(0.62, 0.52), p(0.82, 0.68))
    draw.polygon(front + back, fill=(96, 106, 120), outline=(30, 34, 40), width=round(u * 0.03))
    draw.polygon(
        [*_wave(0.02 * u, 0.98 * u, 0.7 * u, 0.035 * u, 3), p(0.98, 1.0), p(0.02, 1.0)],
        fill=(120, 170, 215),
    )
    draw.line(
        _wave(0.02 * u, 0.98 * u, 0.70 * u, 0.035 * u, 3), fill=(40, 90, 150), width=round(u * 0.04)
    )
    draw.line(
        _wave(0.10 * u, 0.90 * u, 0.86 * u, 0.03 * u, 2.5),
        fill=(40, 90, 150),
        width=round(u * 0.035),
    )


def _icon_stingray(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    deg = (card.tail or 0) * 45
    at = _frame(_compass(u / 2, u / 2, u * 0.10, deg + 180), deg)
    half = _poly(1.0, "-0.30,0 -0.26,0.10 -0.16,0.24 -0.04,0.37 0.04,0.33 0.12,0.16 0.15,0")
    body = [at(a * u, s * u) for a, s in half] + [at(a * u, -s * u) for a, s in half[::-1]]
    dark = (50, 40, 70)
    draw.line([at(0.12 * u, 0), at(0.42 * u, 0)], fill=dark, width=round(u * 0.045))
    draw.polygon(body, fill=(142, 120, 160), outline=dark, width=round(u * 0.03))
    head = _arrow_polygon(at(0, 0), deg, u * 0.36, u * 0.56, u * 0.02, u * 0.17, u * 0.12)
    draw.polygon(head[1:6], fill=(210, 36, 36), outline=(90, 0, 0), width=round(u * 0.02))
    r = u * 0.03
    for side in (-0.08, 0.08):
        x, y = at(-0.17 * u, side * u)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=INK)


def _icon_turtle(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    skin, dark, shell = (150, 196, 110), (34, 70, 30), (64, 136, 64)
    w = round(u * 0.025)
    c = u / 2
    for deg in (45, 135, 225, 315):
        x, y = _compass(c, c + u * 0.04, u * 0.30, deg)
        r = u * 0.10
        draw.ellipse((x - r, y - r * 0.75, x + r, y + r * 0.75), fill=skin, outline=dark, width=w)
    hx, hy = c, c - u * 0.34
    draw.ellipse(
        (hx - u * 0.09, hy - u * 0.11, hx + u * 0.09, hy + u * 0.09),
        fill=skin,
        outline=dark,
        width=w,
    )
    draw.polygon(
        [(c - 0.04 * u, c + 0.36 * u), (c, c + 0.46 * u), (c + 0.04 * u, c + 0.36 * u)],
        fill=skin,
        outline=dark,
        width=w,
    )
    draw.ellipse(
        (c - 0.28 * u, c - 0.26 * u, c + 0.28 * u, c + 0.34 * u), fill=shell, outline=dark, width=w
    )
    hexagon = [_compass(c, c + 0.04 * u, 0.11 * u, 30 + 60 * i) for i in range(6)]
    draw.polygon(hexagon, fill=(96, 166, 90), outline=dark, width=w)
    for q in hexagon:
        draw.line(
            [
                q,
                _compass(
                    c,
                    c + 0.04 * u,
                    0.26 * u,
                    math.degrees(math.atan2(q[0] - c, -(q[1] - c - 0.04 * u))),
                ),
            ],
            fill=dark,
            width=w,
        )


def _icon_octopus(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    fill, dark = (160, 84, 180), (64, 20, 84)
    w = round(u * 0.05)
    for i in range(6):
        x0 = u * (0.24 + 0.104 * i)
        sway = 1 if i % 2 else -1
        pts = _bezier(
            (x0, u * 0.46),
            (x0 - u * 0.10 * sway, u * 0.66),
            (x0 + u * 0.12 * sway, u * 0.78),
            (x0 + u * 0.02 * sway, u * 0.94),
            12,
        )
        draw.line(pts, fill=dark, width=w + round(u * 0.03), joint="curve")
        draw.line(pts, fill=fill, width=w, joint="curve")
    draw.ellipse(
        (u * 0.22, u * 0.06, u * 0.78, u * 0.60), fill=fill, outline=dark, width=round(u * 0.03)
    )
    for x in (0.40, 0.60):
        r = u * 0.07
        draw.ellipse(
            (u * x - r, u * 0.34 - r, u * x + r, u * 0.34 + r),
            fill=WHITE,
            outline=dark,
            width=round(u * 0.015),
        )
        r2 = u * 0.035
        draw.ellipse((u * x - r2, u * 0.35 - r2, u * x + r2, u * 0.35 + r2), fill=INK)


def _icon_hurricane(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    c = u / 2
    dark = (50, 62, 104)
    for k in (0, 180):
        pts = [_compass(c, c, u * (0.11 + 0.34 * s / 20), k + 90 + s * 9) for s in range(21)]
        for i in range(len(pts) - 1):
            draw.line(
                [pts[i], pts[i + 1]], fill=dark, width=round(u * (0.16 - 0.006 * i)), joint="curve"
            )
    r = u * 0.15
    draw.ellipse((c - r, c - r, c + r, c + r), fill=dark)
    r = u * 0.07
    draw.ellipse((c - r, c - r, c + r, c + r), fill=(240, 246, 250))


def _icon_island(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    w = round(u * 0.025)
    draw.polygon([*_wave(0, u, 0.8 * u, 0.025 * u, 3), p(1, 1), p(0, 1)], fill=(120, 170, 215))
    draw.chord(
        (u * 0.10, u * 0.62, u * 0.90, u * 0.98),
        180,
        360,
        fill=(232, 200, 130),
        outline=(140, 100, 40),
        width=w,
    )
    trunk = _bezier(p(0.44, 0.82), p(0.46, 0.62), p(0.52, 0.40), p(0.60, 0.28), 12)
    draw.line(trunk, fill=(90, 60, 30), width=round(u * 0.07), joint="curve")
    draw.line(trunk, fill=(150, 104, 56), width=round(u * 0.04), joint="curve")
    top = p(0.60, 0.28)
    for deg, length in (
        (-80, 0.30),
        (-35, 0.28),
        (20, 0.26),
        (70, 0.30),
        (120, 0.22),
        (-125, 0.22),
    ):
        at = _frame(top, deg)
        leaf = [
            at(0, 0),
            at(length * u * 0.5, u * 0.07),
            at(length * u, u * 0.04),
            at(length * u * 0.55, -u * 0.01),
        ]
        draw.polygon(leaf, fill=(60, 150, 60), outline=(20, 80, 20), width=w)
    r = u * 0.04
    for dx in (-0.035, 0.035):
        draw.ellipse(
            (
                top[0] + dx * u - r,
                top[1] + 0.03 * u - r,
                top[0] + dx * u + r,
                top[1] + 0.03 * u + r,
            ),
            fill=(110, 70, 30),
        )


def _icon_volcano(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    level = max(1, min(3, card.level or 1))
    w = round(u * 0.025)
    rock, dark, lava = (140, 96, 64), (60, 36, 20), (232, 60, 20)
    spots = {
        1: [(0.50, 0.30, 0.40)],
        2: [(0.34, 0.34, 0.30), (0.68, 0.28, 0.30)],
        3: [(0.24, 0.44, 0.24), (0.76, 0.44, 0.24), (0.50, 0.24, 0.28)],
    }[level]
    base = 0.90 * u
    for cx, top, half in spots:
        cx, top, half = cx * u, top * u, half * u
        crater = half * 0.28
        draw.polygon(
            [(cx - half, base), (cx - crater, top), (cx + crater, top), (cx + half, base)],
            fill=rock,
            outline=dark,
            width=w,
        )
        draw.polygon(
            [
                (cx - crater, top),
                (cx + crater, top),
                (cx + crater * 1.3, top + 0.12 * u),
                (cx + crater * 0.2, top + 0.07 * u),
                (cx - crater * 0.6, top + 0.16 * u),
                (cx - crater * 1.3, top + 0.10 * u),
            ],
            fill=lava,
            outline=dark,
            width=w,
        )
        r = u * 0.05
        for dx, dy in ((-0.03, -0.08), (0.04, -0.14)):
            x, y = cx + dx * u, top + dy * u
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(150, 150, 150))


def _icon_treasure(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    count = {"treasure50": 4, "treasure600": 1}.get(card.code or "", 3)
    r = u * 0.32
    for i in range(count - 1, -1, -1):
        cx, cy = u * 0.5 + (i - (count - 1) / 2) * u * 0.08, u * 0.48 - i * u * 0.03
        draw.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=round(u * 0.03)
        )
        ri = r * 0.78
        draw.ellipse(
            (cx - ri, cy - ri, cx + ri, cy + ri), outline=(252, 226, 130), width=round(u * 0.02)
        )


def _icon_neptune(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    gold, dark = (226, 170, 30), (96, 64, 0)
    w = round(u * 0.025)
    shaft = [p(0.46, 0.30), p(0.54, 0.30), p(0.54, 0.96), p(0.46, 0.96)]
    cup = _bezier(p(0.20, 0.14), p(0.20, 0.44), p(0.80, 0.44), p(0.80, 0.14), 16)
    draw.line(cup, fill=dark, width=round(u * 0.11), joint="curve")
    draw.line(cup, fill=gold, width=round(u * 0.06), joint="curve")
    draw.polygon(shaft, fill=gold, outline=dark, width=w)
    draw.polygon(
        [p(0.46, 0.34), p(0.46, 0.10), p(0.54, 0.10), p(0.54, 0.34)],
        fill=gold,
        outline=dark,
        width=w,
    )
    for x in (0.20, 0.50, 0.80):
        top = 0.02 if x == 0.50 else 0.04
        draw.polygon(
            [p(x - 0.09, top + 0.14), p(x, top), p(x + 0.09, top + 0.14), p(x, top + 0.10)],
            fill=gold,
            outline=dark,
            width=w,
        )


def _icon_mermaid(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    p = _p(u)
    w = round(u * 0.025)
    tail_fill, tail_dark = (30, 150, 130), (10, 70, 60)
    skin, hair = (244, 204, 170), (196, 70, 30)
    left = _bezier(p(0.38, 0.44), p(0.30, 0.66), p(0.52, 0.72), p(0.60, 0.84), 12)
    right = _bezier(p(0.66, 0.82), p(0.62, 0.66), p(0.48, 0.64), p(0.58, 0.44), 12)
    draw.polygon(left + right, fill=tail_fill, outline=tail_dark, width=w)
    draw.polygon(
        [p(0.60, 0.82), p(0.46, 0.96), p(0.64, 0.90), p(0.80, 0.98), p(0.68, 0.80)],
        fill=tail_fill,
        outline=tail_dark,
        width=w,
    )
    for y in (0.52, 0.60, 0.68):
        draw.arc(
            (u * 0.40, u * (y - 0.04), u * 0.52, u * (y + 0.04)), 20, 160, fill=tail_dark, width=w
        )
    draw.polygon(
        [p(0.36, 0.12), p(0.22, 0.44), p(0.30, 0.48), p(0.40, 0.30)],
        fill=hair,
        outline=(110, 30, 10),
        width=w,
    )
    draw.polygon(
        [p(0.40, 0.28), p(0.58, 0.28), p(0.60, 0.46), p(0.38, 0.46)],
        fill=skin,
        outline=(130, 80, 50),
        width=w,
    )
    draw.line([p(0.58, 0.32), p(0.74, 0.20)], fill=skin, width=round(u * 0.05))
    draw.ellipse(
        (u * 0.38, u * 0.06, u * 0.58, u * 0.26), fill=skin, outline=(130, 80, 50), width=w
    )
    draw.chord((u * 0.36, u * 0.04, u * 0.60, u * 0.22), 180, 360, fill=hair)
    draw.polygon([p(0.40, 0.34), p(0.48, 0.34), p(0.44, 0.40)], fill=(220, 110, 150))
    draw.polygon([p(0.50, 0.34), p(0.58, 0.34), p(0.54, 0.40)], fill=(220, 110, 150))


def _icon_sea(draw: ImageDraw.ImageDraw, u: float, card: CardView) -> None:
    for y, colour in ((0.32, (110, 170, 220)), (0.50, (70, 130, 190)), (0.68, (110, 170, 220))):
        draw.line(
            _wave(u * 0.10, u * 0.90, u * y, u * 0.05, 2),
            fill=colour,
            width=round(u * 0.05),
            joint="curve",
        )


ICONS: dict[str, Painter] = {
    "rose": _icon_rose,
    "seahorse": _icon_seahorse,
    "dolphin": _icon_dolphin,
    "starfish": _icon_starfish,
    "shark": _icon_shark,
    "stingray": _icon_stingray,
    "turtle": _icon_turtle,
    "octopus": _icon_octopus,
    "hurricane": _icon_hurricane,
    "island": _icon_island,
    "volcano": _icon_volcano,
    "treasure": _icon_treasure,
    "neptune": _icon_neptune,
    "mermaid": _icon_mermaid,
    "sea": _icon_sea,
}


def _card_rect(draw: ImageDraw.ImageDraw, x: float, y: float, fill: RGB, outline: RGB) -> None:
    draw.rounded_rectangle(
        (x + CARD_INSET, y + CARD_INSET, x + CELL - CARD_INSET - 1, y + CELL - CARD_INSET - 1),
        radius=8,
        fill=fill,
        outline=outline,
        width=2,
    )


@cache
def _face_image(
    code: str,
    kind: str,
    arrows: tuple[int, ...] | None,
    tail: int | None,
    level: int | None,
    locale: str,
    emptied: bool = False,
) -> Image.Image:
    """A turned card, picture and short name, ``CELL`` pixels square (cached). An
    ``emptied`` treasure card (no coin left on it) shows its chest faded, without the
    coin value, and says so."""
    face = Image.new("RGB", (CELL, CELL), GRID_BG)
    draw = exact_drawing(face)
    tint = TINTS.get(kind, WHITE)
    _card_rect(draw, 0, 0, tint, (120, 110, 90))
    card = CardView(0, "", True, code, kind, 0, arrows, tail, level)
    painter = ICONS.get(kind, _icon_sea)
    icon = _antialiased(ICON, lambda d, u: painter(d, u, card))
    top = 5
    cx = CELL / 2
    if emptied:
        # no coin art: an empty dashed ring where the coins lay, on a paler card
        _card_rect(draw, 0, 0, EMPTIED, (150, 140, 120))
        r, cy = ICON * 0.36, top + ICON * 0.5
        for k in range(12):
            a0 = k * 30.0
            draw.arc((cx - r, cy - r, cx + r, cy + r), a0, a0 + 17, fill=GOLD_DARK, width=3)
        draw_fitted(draw, (cx, CELL - 14), t(f"{_K}card_emptied", locale), LABEL_W, 15, INK,
                    bold=True, anchor="mm")
        return face
    face.paste(icon, ((CELL - ICON) // 2, top), icon)
    if emptied:
        draw_fitted(draw, (cx, CELL - 14), t(f"{_K}card_emptied", locale), LABEL_W, 15, INK,
                    bold=True, anchor="mm")
        return face
    if kind == "treasure":
        value = code.removeprefix("treasure")
        cy = top + ICON * 0.48
        draw.text(
            (cx, cy),
            value,
            font=fit_font(value, ICON * 0.56, 20, True, 12),
            fill=(90, 56, 0),
            anchor="mm",
        )
    draw_fitted(
        draw,
        (cx, CELL - 14),
        t(f"{_K}card.{code}", locale),
        LABEL_W,
        15,
        INK,
        bold=True,
        anchor="mm",
    )
    return face


@cache
def _board_layer(locale: str) -> Image.Image:
    """Sea ring, coordinates and all 81 cards face down (cached; do not modify it)."""
    layer = Image.new("RGB", (WIDTH, BOARD_H), BACKGROUND)
    draw = exact_drawing(layer)
    s0, s1 = GX - RING_D, GX + GRID + RING_D
    draw.rounded_rectangle((s0, s0, s1, s1), radius=18, fill=SEA)
    for pos in range(0, RING, 10):
        draw.rounded_rectangle(_slot_box(pos), radius=18, fill=SEA_TIP)
    # Faint marks between ring positions, in line with the card edges.
    for i in range(SIZE + 1):
        v = GX + i * CELL
        for a, b in ((s0, s0 + 14), (s1 - 14, s1)):
            draw.line((v, a, v, b), fill=SEA_LINE, width=2)
            draw.line((a, v, b, v), fill=SEA_LINE, width=2)
    draw.rectangle((GX - 4, GY - 4, GX + GRID + 3, GY + GRID + 3), fill=GRID_BG)
    back_font = font(19, bold=True)
    for sq in range(SIZE * SIZE):
        x, y = _cell_xy(sq)
        _card_rect(draw, x, y, BACK, BACK_LINE)
        draw.rounded_rectangle(
            (x + 9, y + 9, x + CELL - 10, y + CELL - 10), radius=5, outline=BACK_LINE, width=2
        )
        cx, cy = x + CELL / 2, y + CELL / 2
        for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            px, py = cx + dx * 30, cy + dy * 30
            draw.polygon([(px, py - 5), (px + 5, py), (px, py + 5), (px - 5, py)], fill=BACK_LINE)
        name = f"{'ABCDEFGHI'[sq % SIZE]}{sq // SIZE + 1}"
        draw.text((cx, cy), name, font=back_font, fill=BACK_TEXT, anchor="mm")
    coord = font(22, bold=True)
    for i in range(SIZE):
        letter, number = "ABCDEFGHI"[i], str(SIZE - i)
        mid = GX + i * CELL + CELL / 2
        for at in (MARGIN + COORD / 2, BOARD_H - MARGIN - COORD / 2):
            draw.text((mid, at), letter, font=coord, fill=NAVY, anchor="mm")
            draw.text((at, mid), number, font=coord, fill=NAVY, anchor="mm")
    return layer


# -- dynamic marks ----------------------------------------------------------------------------
def _paste(board: Image.Image, image: Image.Image, centre: Point) -> None:
    board.paste(
        image, (round(centre[0] - image.width / 2), round(centre[1] - image.height / 2)), image
    )


def _delay_badge(draw: ImageDraw.ImageDraw, centre: Point, turns: int) -> None:
    """A dark tag with an hourglass and the number of turns a sailor still sits out."""
    cx, cy = centre
    box = (cx - 15, cy - 10, cx + 15, cy + 10)
    draw.rounded_rectangle(box, radius=5, fill=INK, outline=WHITE, width=2)
    hx, top, bottom = cx - 7, cy - 6, cy + 6
    draw.polygon(
        [(hx - 4, top), (hx + 4, top), (hx, cy), (hx + 4, bottom), (hx - 4, bottom), (hx, cy)],
        fill=GOLD,
    )
    draw.text((cx + 6, cy), str(turns), font=font(14, bold=True), fill=WHITE, anchor="mm")


def _draw_sailor(
    board: Image.Image,
    draw: ImageDraw.ImageDraw,
    sailor: SailorView,
    centre: Point,
    size: int,
    view: LovciView,
    locale: str,
    carry_below: bool = True,
    bounds: Box | None = None,
    carry_on_figure: bool = False,
) -> None:
    """A sailor figure with its marks: coin carried, delay, octopus, prisoner, spell.
    Marks that would stick out of ``bounds`` (the card) are moved back inside it."""
    cx, cy = centre

    def inside(x: float, y: float, half_w: float, half_h: float) -> Point:
        if bounds is None:
            return (x, y)
        return (
            min(max(x, bounds[0] + half_w), bounds[2] - half_w),
            min(max(y, bounds[1] + half_h), bounds[3] - half_h),
        )

    if sailor.state == "octopus":
        r = size / 2 + 4
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=OCTOPUS_RING, width=5)
    _paste(board, _sailor_image(sailor.colour, sailor.sailor % 4 + 1, size), centre)
    if sailor.prisoner:
        owner = view.players[sailor.owner] if sailor.owner < len(view.players) else None
        style = _player_style(owner) if owner else seat_style(sailor.owner)
        badge = max(18, size // 2)
        draw_token(
            board, inside(cx - size * 0.45, cy - size * 0.42, badge / 2, badge / 2), badge, style
        )
    if sailor.spell:
        sx, sy = inside(cx + size * 0.46, cy - size * 0.42, 14, 14)
        _paste(board, _star_image(28), (sx, sy))
        draw.text(
            (sx, sy + 2),
            t(f"{_K}spell_badge.{sailor.spell}", locale),
            font=font(12, bold=True),
            fill=INK,
            anchor="mm",
        )
    if sailor.delayed:
        _delay_badge(draw, inside(cx - size * 0.40, cy + size * 0.36, 16, 11), sailor.delayed)
    if sailor.carrying:
        at = (cx, cy + size / 2 + 9) if carry_below else (cx + size / 2 + 16, cy)
        if carry_on_figure:  # above a pile: on the figure's foot, clear of the coins
            at = (cx, cy + size / 2)
        half = (text_width(str(sailor.carrying), font(14, True)) + 10) / 2
        _pill(draw, inside(*at, half, 11), str(sailor.carrying), 14, fill=GOLD,
              outline=GOLD_DARK)


def _token_lines(tokens: Sequence[int], locale: str) -> tuple[list[str], int, bool]:
    """The grouped values of a pile of coins: lines, text size, and whether the little
    coin stack fits beside them. As few lines as let every value show whole (issue 24
    item 13: a pile of 600+2×300+200+100+2×50 used to read "600+2×…")."""
    groups = _group_tokens(tokens, locale).split("+")
    one = "+".join(groups)
    if text_width(one, font(15, True)) <= CELL - 40:
        return [one], 15, True
    face = font(14, True)

    def widest(lines: list[str]) -> float:
        return max(text_width(line, face) for line in lines)

    best = [one]
    for count in range(1, min(len(groups), MAX_PILE_LINES) + 1):
        best = min(
            (["+".join(groups[a:b]) if a == 0 else "+" + "+".join(groups[a:b])
              for a, b in itertools.pairwise((0, *cuts, len(groups)))]
             for cuts in itertools.combinations(range(1, len(groups)), count - 1)),
            key=widest,
        )
        if widest(best) <= CELL - 16:
            break
    return best, 14, widest(best) <= CELL - 40


#: The most lines a pile's values take (five kinds of coin: one line each at worst).
MAX_PILE_LINES = 5


def pile_line_step(lines: int) -> int:
    """The line pitch of a pile's values: closer for four or five lines, so the pile
    stays on the card's lower part, under the sailors standing above it."""
    return 16 if lines <= 3 else 15 if lines == 4 else 14


def _draw_tokens(
    board: Image.Image, draw: ImageDraw.ImageDraw, sq: int, tokens: Sequence[int], locale: str,
    at: Point | None = None,
) -> None:
    """Coins lying on a square: a small stack and their values, along the card's foot
    (at the square's place on the board, or with its corner ``at``)."""
    x, y = _cell_xy(sq) if at is None else at
    lines, size, coin = _token_lines(tokens, locale)
    face = font(size, bold=True)
    coin_w = 20 if coin else 0  # the little coin stack, if it fits beside the values
    lines = [ellipsize(line, face, CELL - 16 - coin_w) for line in lines]
    w = max(text_width(line, face) for line in lines) + 12 + coin_w
    step = pile_line_step(len(lines))
    h = 10 + step * len(lines)
    cx, bottom = x + CELL / 2, y + CELL - 3
    box = (cx - w / 2, bottom - h, cx + w / 2, bottom)
    draw.rounded_rectangle(box, radius=11, fill=(255, 236, 160), outline=GOLD_DARK, width=2)
    cy = (box[1] + box[3]) / 2
    if coin_w:
        stack = _coin_image(16)
        for i in range(min(3, len(tokens))):
            _paste(board, stack, (box[0] + 13, cy + 4 - i * 4))
    tx = box[0] + coin_w + (w - coin_w) / 2
    for i, line in enumerate(lines):
        draw.text(
            (tx, cy + (i - (len(lines) - 1) / 2) * step), line, font=face, fill=INK, anchor="mm"
        )


#: Where the 1st, 2nd … sailor on a card stands (fractions of the cell).
_SPOTS = ((0.73, 0.27), (0.27, 0.27), (0.73, 0.66), (0.27, 0.66))


def _draw_card_sailors(
    board: Image.Image,
    draw: ImageDraw.ImageDraw,
    sq: int,
    sailors: Sequence[SailorView],
    view: LovciView,
    locale: str,
    over_pile: bool = False,
    tall_pile: bool = False,
    at: Point | None = None,
) -> None:
    x, y = _cell_xy(sq) if at is None else at
    size = SAILOR if len(sailors) <= 4 else 30
    spots: tuple[Point, ...] = _SPOTS
    if over_pile and tall_pile:
        # four or more lines of coins: the sailors stand smaller, in the card's top strip
        size = min(size, 22)
        spots = ((0.75, 0.11), (0.25, 0.11)) if len(sailors) <= 2 else tuple(
            ((k + 0.5) / 4, 0.11) for k in range(4))
    elif over_pile:
        # the coins take the card's foot: the sailors stand in one row above them
        size = min(size, 30 if len(sailors) <= 2 else 24)
        spots = ((0.78, 0.17), (0.22, 0.17)) if len(sailors) <= 2 else tuple(
            ((k + 0.5) / 4, 0.15) for k in range(4))
    for i, sailor in enumerate(sailors):
        fx, fy = spots[i % len(spots)]
        shift = (i // 4) * 8
        centre = (x + fx * CELL + shift, y + fy * CELL + shift)
        bounds = (x + CARD_INSET, y + CARD_INSET, x + CELL - CARD_INSET, y + CELL - CARD_INSET)
        _draw_sailor(board, draw, sailor, centre, size, view, locale, bounds=bounds,
                     carry_on_figure=over_pile)


def _draw_ship(
    board: Image.Image,
    draw: ImageDraw.ImageDraw,
    ship: ShipView,
    box: Box,
    crew: Sequence[SailorView],
    view: LovciView,
) -> None:
    """A ship alone in its sea slot: sail with the owner's token, total on the hull, crew
    below, centred in ``box`` (the area :func:`_full_ship_size` gives, see
    :func:`slot_layout`)."""
    x0, y0, x1, _ = box
    cx = (x0 + x1) / 2
    n = len(crew)
    per_row, crew_size = _full_crew(n)
    top = y0
    ship_img = _ship_image(ship.colour)
    board.paste(ship_img, (round(cx - SHIP_W / 2), round(top)), ship_img)
    owner = view.players[ship.owner] if ship.owner < len(view.players) else None
    style = _player_style(owner) if owner else seat_style(ship.owner)
    draw_token(board, (cx, top + 22), 30, style)
    hull_y = top + 52
    hull_ink = _style_of(ship.colour).ink
    draw.text(
        (cx, hull_y),
        str(ship.total),
        font=fit_font(str(ship.total), 58, 17, True),
        fill=hull_ink,
        anchor="mm",
    )
    for i, sailor in enumerate(crew):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        sx = cx + (col - (in_row - 1) / 2) * (crew_size + 1)
        sy = top + SHIP_H + crew_size / 2 + 1 + row * (crew_size + 2)
        _paste(board, _sailor_image(sailor.colour, sailor.sailor % 4 + 1, crew_size), (sx, sy))
        if sailor.spell:
            _paste(board, _star_image(14), (sx + crew_size * 0.4, sy - crew_size * 0.4))
    if ship.crew == 0:
        dashed_rectangle(
            draw, (cx - SHIP_W / 2 - 2, top - 2, cx + SHIP_W / 2 + 2, top + SHIP_H + 2), ALERT, 2, 6
        )


@cache
def _hull_image(colour: str, width: int) -> Image.Image:
    """A compact ship's hull: a trapezoid in the ship's colour, ``width`` x HULL_H."""
    style = _style_of(colour)
    big = Image.new("RGBA", (width * SS, HULL_H * SS), (0, 0, 0, 0))
    u = SS
    exact_drawing(big).polygon(
        [(0, 0), (width * u - 1, 0), (width * u - 3 * u, HULL_H * u - 1), (3 * u, HULL_H * u - 1)],
        fill=style.rgb, outline=INK, width=u,  # thin: the total needs 39 of its 42 px
    )
    return big.resize((width, HULL_H), Image.Resampling.LANCZOS)


@cache
def _sail_image() -> Image.Image:
    """A compact ship's mast and sail (TALL tile), TALL_W x SAIL_H, for the token."""
    w, h, u = TALL_W, SAIL_H, SS
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    draw = exact_drawing(big)
    draw.polygon([(5 * u, u), (w * u - 5 * u, u), (w * u - 7 * u, h * u), (7 * u, h * u)],
                 fill=WHITE, outline=INK, width=2 * u)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _draw_tile(
    board: Image.Image,
    draw: ImageDraw.ImageDraw,
    ship: ShipView,
    item: SeaItem,
    view: LovciView,
) -> None:
    """A compact ship (see :func:`slot_layout`): owner's token, total on the hull, crew."""
    x0, y0, x1, _ = item.box
    owner = view.players[ship.owner] if ship.owner < len(view.players) else None
    style = _player_style(owner) if owner else seat_style(ship.owner)
    hull = item.parts[0]
    if item.kind == TALL:
        sail = _sail_image()
        board.paste(sail, (round(x0), round(y0)), sail)
        draw_token(board, ((x0 + x1) / 2, y0 + SAIL_H / 2), TOKEN_S, style)
    else:
        draw_token(board, (x0 + TOKEN_S / 2 + 1, y0 + HULL_H / 2), TOKEN_S, style)
    hull_img = _hull_image(ship.colour, round(hull[2] - hull[0]))
    board.paste(hull_img, (round(hull[0]), round(hull[1])), hull_img)
    text = str(ship.total)
    draw.text(
        ((hull[0] + hull[2]) / 2, (hull[1] + hull[3]) / 2),
        text,
        font=fit_font(text, hull[2] - hull[0] - 2, 15, True),
        fill=_style_of(ship.colour).ink,
        anchor="mm",
    )
    parts = iter(item.parts[1:])
    count_face = font(MIN_TEXT, True)
    for line in item.crew_lines:
        for group in line:
            gx0, gy0, gx1, gy1 = next(parts)
            fig = (gx0 + GROUP_FIG / 2, (gy0 + gy1) / 2)
            number = group.number if group.count == 1 else 0
            _paste(board, _sailor_image(group.colour, number, GROUP_FIG), fig)
            for j, colour in enumerate(group.also[:3]):  # other colours counted in
                px, py = gx0 + 4 + j * 5, gy1 - 4
                draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=_style_of(colour).rgb,
                             outline=INK, width=1)
            if group.count > 1:
                draw.text((gx1, fig[1]), _count_text(group.count), font=count_face, fill=INK,
                          anchor="rm")
            if group.spell:
                _paste(board, _star_image(12), (fig[0] + 7, fig[1] - 7))
    if ship.crew == 0:  # nobody aboard: it may be captured
        top = y0 if item.kind == TALL else hull[1]
        dashed_rectangle(draw, (x0, top, x1, hull[3]), ALERT, 2, 5)  # inside the tile


def _draw_sea(board: Image.Image, draw: ImageDraw.ImageDraw, view: LovciView, locale: str,
              layouts: Mapping[int, SlotLayout]) -> None:
    """Ships with their crews, and sailors thrown into the sea, on the ring."""
    ships = {ship.ship: ship for ship in view.ships}
    sailors = {sailor.sailor: sailor for sailor in view.sailors}
    aboard: dict[int, list[SailorView]] = {}
    swimmers: dict[int, list[SailorView]] = {}
    for sailor in view.sailors:
        if sailor.state == "ship":
            aboard.setdefault(sailor.ship, []).append(sailor)
        elif (sailor.state == "off" and sailor.ring is not None
              and sailor.ring % RING not in layouts):
            swimmers.setdefault(sailor.ring % RING, []).append(sailor)
    for layout in layouts.values():
        for item in layout.items:
            if item.kind == FULL:
                ship = ships[item.index]
                _draw_ship(board, draw, ship, item.box, aboard.get(ship.ship, []), view)
            elif item.kind == SWIM:
                cx, cy = (item.box[0] + item.box[2]) / 2, item.box[1] + SWIM_FIG / 2 + 1
                _draw_sailor(board, draw, sailors[item.index], (cx, cy), SWIM_FIG, view, locale,
                             bounds=item.box)
            else:
                _draw_tile(board, draw, ships[item.index], item, view)
    for pos, group in swimmers.items():
        x0, y0, x1, y1 = _slot_box(pos)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        spots = [(cx, cy - 22), (cx, cy + 22), (cx - 24, cy), (cx + 24, cy)]
        if len(group) == 1:
            spots = [(cx, cy)]
        for i, sailor in enumerate(group):
            _draw_sailor(
                board, draw, sailor, spots[i % 4], SWIMMER, view, locale, carry_below=False
            )


def _outline_square(draw: ImageDraw.ImageDraw, sq: int, colour: RGB, dashed: bool = False,
                    at: Point | None = None) -> None:
    """Outline square ``sq`` (at its place on the board, or with its corner ``at``)."""
    x, y = _cell_xy(sq) if at is None else at
    box = (x + 1, y + 1, x + CELL - 2, y + CELL - 2)
    if dashed:  # black dashes on white: visible on face-down and turned cards alike
        inner = (x + 4, y + 4, x + CELL - 5, y + CELL - 5)
        draw.rectangle(inner, outline=WHITE, width=4)
        dashed_rectangle(
            draw, (inner[0] + 1, inner[1] + 1, inner[2] - 2, inner[3] - 2), colour, 3, 9
        )
    else:
        draw.rounded_rectangle(box, radius=9, outline=WHITE, width=7)
        draw.rounded_rectangle(box, radius=9, outline=colour, width=4)


def _draw_board(view: LovciView, locale: str) -> Image.Image:
    board = _board_layer(locale).copy()
    draw = exact_drawing(board)
    piles = {sq for sq, tokens in view.tokens if tokens}
    tall = {sq for sq, tokens in view.tokens if tokens and len(_token_lines(tokens, locale)[0]) > 3}
    for card in view.cards:
        if card.face_up and card.code and card.kind:
            emptied = card.kind == "treasure" and card.square not in piles
            left, top = _cell_xy(card.square)
            board.paste(
                _face_image(card.code, card.kind, card.arrows, card.tail, card.level, locale,
                            emptied),
                (round(left), round(top)),
            )
    for sq in view.last_squares:
        if 0 <= sq < SIZE * SIZE:
            _outline_square(draw, sq, HIGHLIGHT)
    layouts = _sea_layouts(view)
    for layout in layouts.values():  # a berth grown over the coordinate strip: sea under it
        if layout.berth != layout.slot:  # (4 px short of the cards' dark frame)
            dx, dy = _outward(layout.pos)
            x0, y0, x1, y1 = layout.berth
            fill = (x0 + 4 * (dx > 0), y0 + 4 * (dy > 0), x1 - 4 * (dx < 0), y1 - 4 * (dy < 0))
            draw.rounded_rectangle(fill, radius=18, fill=SEA_TIP)
    if view.pending is not None and view.phase != "over":  # no choices once it is over
        if view.pending.kind == "side":
            for pos in view.pending.squares:
                # a berth grown over the coordinate strip is marked whole
                x0, y0, x1, y1 = layouts[pos].berth if pos in layouts else _slot_box(pos)
                draw.rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), outline=WHITE, width=4)
                dashed_rectangle(draw, (x0 + 4, y0 + 4, x1 - 6, y1 - 6), INK, 3, 9)
        else:
            for sq in view.pending.squares:
                if 0 <= sq < SIZE * SIZE:
                    _outline_square(draw, sq, INK, dashed=True)
    on_cards: dict[int, list[SailorView]] = {}
    for sailor in view.sailors:
        if sailor.state in ("board", "octopus") and sailor.square is not None:
            on_cards.setdefault(sailor.square, []).append(sailor)
    for sq, group in on_cards.items():
        _draw_card_sailors(board, draw, sq, group, view, locale, over_pile=sq in piles,
                           tall_pile=sq in tall)
    # coins last: no sailor or mark may hide a coin's value
    for sq, tokens in view.tokens:
        if tokens:
            _draw_tokens(board, draw, sq, tokens, locale)
    _draw_sea(board, draw, view, locale, layouts)
    return board


# -- the board in parts (issue 29 item 6) -------------------------------------------------------
#: The board layer outside the grid of cards: (left, top, right, bottom) of the bands above
#: and below the grid and the strips beside it (the sea ring, its ships, the coordinates).
SEA_PARTS: tuple[tuple[int, int, int, int], ...] = (
    (0, 0, WIDTH, GY), (0, GY + GRID, WIDTH, BOARD_H),
    (0, GY, GX, GY + GRID), (GX + GRID, GY, WIDTH, GY + GRID))


def _cells(view: LovciView, locale: str) -> dict[int, tuple[object, ...]]:
    """What :func:`_draw_board` draws on each square of the grid, square by square (the
    key of its kept tile): the card turned up (and whether its treasure was taken), the
    last move's outline, a choice's dashed outline, its sailors and its coins. Nothing of
    a square is drawn outside it (but the octopus's ring: :func:`board_in_parts`), nor
    anything else inside it."""
    piles = {sq for sq, tokens in view.tokens if tokens}
    faces = {card.square: (card.code, card.kind, card.arrows, card.tail, card.level,
                           card.kind == "treasure" and card.square not in piles)
             for card in view.cards if card.face_up and card.code and card.kind}
    pending = (set(view.pending.squares) if view.pending is not None and view.phase != "over"
               and view.pending.kind != "side" else set())
    on_cards: dict[int, list[SailorView]] = {}
    for sailor in view.sailors:
        if sailor.state in ("board", "octopus") and sailor.square is not None:
            on_cards.setdefault(sailor.square, []).append(sailor)
    tokens = {sq: tuple(coins) for sq, coins in view.tokens if coins}
    last = set(view.last_squares)
    # a prisoner's badge is in its owner's style: the seats' colours are in the part
    colours = tuple(p.colour for p in view.players)
    return {sq: ("cell", sq, locale, faces.get(sq), sq in last, sq in pending,
                 tuple(on_cards.get(sq, ())), tokens.get(sq), colours)
            for sq in range(SIZE * SIZE)}


def _cell_tile(view: LovciView, locale: str, sq: int) -> Image.Image:
    """Square ``sq`` of the grid on a tile of its own, drawn as :func:`_draw_board`
    draws it (its corner at the tile's; the board places squares on even pixels)."""
    x, y = _cell_xy(sq)
    tile = _board_layer(locale).crop((round(x), round(y), round(x) + CELL, round(y) + CELL))
    draw = exact_drawing(tile)
    piles = {q for q, tokens in view.tokens if tokens}
    for card in view.cards:
        if card.square == sq and card.face_up and card.code and card.kind:
            emptied = card.kind == "treasure" and card.square not in piles
            tile.paste(_face_image(card.code, card.kind, card.arrows, card.tail, card.level,
                                   locale, emptied), (0, 0))
    if sq in view.last_squares:
        _outline_square(draw, sq, HIGHLIGHT, at=(0, 0))
    if (view.pending is not None and view.phase != "over" and view.pending.kind != "side"
            and sq in view.pending.squares):
        _outline_square(draw, sq, INK, dashed=True, at=(0, 0))
    group = [sailor for sailor in view.sailors
             if sailor.state in ("board", "octopus") and sailor.square == sq]
    coins = next((tokens for q, tokens in view.tokens if q == sq and tokens), None)
    if group:
        tall = coins is not None and len(_token_lines(coins, locale)[0]) > 3
        _draw_card_sailors(tile, draw, sq, group, view, locale, over_pile=sq in piles,
                           tall_pile=tall, at=(0, 0))
    if coins:
        _draw_tokens(tile, draw, sq, coins, locale, at=(0, 0))
    return tile


#: locale -> a board layer drawn on again and again by :func:`_sea_parts` (what it
#: draws the next board cleans away), with the lock held while one board uses it.
_SEA_SCRATCH: dict[str, tuple[threading.Lock, Image.Image]] = {}
_SCRATCH_LOCK = threading.Lock()


@cache
def _sea_strips(locale: str) -> tuple[tuple[tuple[int, int], Image.Image], ...]:
    """The :data:`SEA_PARTS` of the bare board layer, each with its corner (cached)."""
    layer = _board_layer(locale)
    return tuple(((box[0], box[1]), layer.crop(box)) for box in SEA_PARTS)


def _sea_parts(view: LovciView, locale: str) -> list[tuple[tuple[int, int], Image.Image]]:
    """The board as :func:`_draw_board` draws it outside the grid, in :data:`SEA_PARTS`
    each with its corner: the sea ring with its berths, ships, swimmers and a side
    choice's marks. Drawn on a board
    layer kept for the purpose rather than on a copy of the whole layer (issue 29 item 6:
    the copy was an eighth of a board's CPU). Only the sea ring is restored from the bare
    layer before drawing, as only the ring is cut out after: whatever a piece drew
    across into the grid stays there unread, and every pixel of the ring is the bare
    layer's when the drawing starts, as on a fresh copy, so the parts are the same."""
    with _SCRATCH_LOCK:
        if locale not in _SEA_SCRATCH:
            _SEA_SCRATCH[locale] = (threading.Lock(), _board_layer(locale).copy())
        lock, board = _SEA_SCRATCH[locale]
    with lock:
        for xy, strip in _sea_strips(locale):
            board.paste(strip, xy)
        _draw_sea_on(board, view, locale)
        return [((box[0], box[1]), board.crop(box)) for box in SEA_PARTS]


def _sea_part(view: LovciView) -> tuple[object, ...]:
    """Everything :func:`_draw_sea_on` draws from (the seat colours aside: they are in
    the board's key): the ships, the sailors aboard and in the sea, a side choice's
    marks. The sea's strips are kept tiles while it is equal (issue 29 item 6: it is on
    about two boards in five, the moves on the grid of cards)."""
    side = (view.pending.squares if view.pending is not None and view.phase != "over"
            and view.pending.kind == "side" else None)
    return (view.ships, tuple(s for s in view.sailors if s.state in ("ship", "off")), side)


def _sea_strip(view: LovciView, locale: str, index: int) -> Image.Image:
    """Strip ``index`` of :data:`SEA_PARTS` of the board's sea (all four are drawn and
    kept together: the other three are found again as their tiles are asked for)."""
    strips = _SEA_STRIPS_DRAWN.get((id(view), locale))
    if strips is None or strips[0] is not view:
        strips = (view, [part for _, part in _sea_parts(view, locale)])
        _SEA_STRIPS_DRAWN.clear()
        _SEA_STRIPS_DRAWN[(id(view), locale)] = strips
    return strips[1][index]


#: The four strips of the last sea drawn, by (id of its view, locale), with the view
#: held so that its id is not reused: the tiles of one board ask for them in turn.
_SEA_STRIPS_DRAWN: dict[tuple[int, str], tuple[LovciView, list[Image.Image]]] = {}


def _draw_sea_on(board: Image.Image, view: LovciView, locale: str) -> None:
    """The sea ring's pieces of ``view`` on ``board`` (a copy of the board layer)."""
    draw = exact_drawing(board)
    layouts = _sea_layouts(view)
    for layout in layouts.values():
        if layout.berth != layout.slot:
            dx, dy = _outward(layout.pos)
            x0, y0, x1, y1 = layout.berth
            fill = (x0 + 4 * (dx > 0), y0 + 4 * (dy > 0), x1 - 4 * (dx < 0), y1 - 4 * (dy < 0))
            draw.rounded_rectangle(fill, radius=18, fill=SEA_TIP)
    if view.pending is not None and view.phase != "over" and view.pending.kind == "side":
        for pos in view.pending.squares:
            x0, y0, x1, y1 = layouts[pos].berth if pos in layouts else _slot_box(pos)
            draw.rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), outline=WHITE, width=4)
            dashed_rectangle(draw, (x0 + 4, y0 + 4, x1 - 6, y1 - 6), INK, 3, 9)
    _draw_sea(board, draw, view, locale, layouts)


def board_in_parts(view: LovciView) -> bool:
    """Whether :func:`board_parts` draws this board: not while a sailor is held by the
    octopus, whose ring round the figure reaches a pixel past its square (into the dark
    gap beside it, where a tile of the square would cut it off)."""
    return not any(sailor.state == "octopus" for sailor in view.sailors)


def board_parts(view: LovciView, locale: str,
                tile: Callable[[Hashable, Callable[[], Image.Image]], Image.Image]
                ) -> list[tuple[tuple[int, int], Image.Image]]:
    """The board of :func:`_draw_board` in parts, placed in the board's own coordinates:
    the sea around the grid (:func:`_sea_parts`) and each
    square of the grid from ``tile(part, draw)`` (a kept palette tile, drawn only when
    its square changed)."""
    parts = [((box[0], box[1]), tile(("sea", locale, box, sea), partial(
        _sea_strip, view, locale, i))) for sea in (_sea_part(view),)
        for i, box in enumerate(SEA_PARTS)]
    for sq, part in _cells(view, locale).items():
        x, y = _cell_xy(sq)
        parts.append(((round(x), round(y)), tile(part, partial(_cell_tile, view, locale, sq))))
    return parts
