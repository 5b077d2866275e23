"""Charts every game's end-of-game summary can share: a line chart (a value over time,
one line per player) and a grouped bar chart (a count per category, one bar per
player), drawn with Pillow in the style of the boards.

Players are never told apart by colour alone: every line ends in the seat's token
(colour, letter and shape) and every bar carries the seat's letter, as on the boards.
The functions draw into a box of an existing image and return nothing; the caller lays
out titles and the rest of the summary.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import format_number

from .common import (
    INK,
    MUTED,
    SeatStyle,
    draw_token,
    exact_drawing,
    font,
    text_width,
)

#: Grid lines inside a plot.
GRID: tuple[int, int, int] = (214, 208, 196)
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Series:
    """One player's numbers: ``values[i]`` belongs to the ``i``-th x position."""

    label: str  #: shown in the legend (a player's name)
    style: SeatStyle
    values: tuple[float, ...]


def nice_step(peak: float, max_lines: int = 6) -> float:
    """A round grid step (1, 2, 2.5 or 5 times a power of ten) giving at most
    ``max_lines`` grid lines up to ``peak``."""
    if peak <= 0:
        return 1.0
    raw = peak / max_lines
    power: float = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return max(1.0, m * power)
    return 10 * power


def _label(value: float, locale: str) -> str:
    """A value as ``locale`` writes numbers ("4,000" in English, "4 000" in Russian)."""
    return format_number(int(value) if value == int(value) else value, locale)


def _y_axis(draw: ImageDraw.ImageDraw, left: float, right: float, top: float, bottom: float,
            peak: float, locale: str) -> tuple[float, float]:
    """Draw the value grid; return (y_max, pixels per unit)."""
    step = nice_step(peak)
    y_max = step * max(1, math.ceil(peak / step))
    scale = (bottom - top) / y_max
    face = font(15)
    v = 0.0
    while v <= y_max + 1e-9:
        y = bottom - v * scale
        draw.line((left, y, right, y), fill=GRID, width=1)
        draw.text((left - 8, y), _label(v, locale), font=face, fill=MUTED, anchor="rm")
        v += step
    draw.line((left, top, left, bottom), fill=INK, width=2)
    draw.line((left, bottom, right, bottom), fill=INK, width=2)
    return y_max, scale


def _axis_room(peak: float, locale: str) -> float:
    """Width of the value labels left of the axis."""
    step = nice_step(peak)
    top = step * max(1, math.ceil(peak / step))
    return text_width(_label(top, locale), font(15)) + 16


def legend(image: Image.Image, xy: tuple[float, float], series: Sequence[Series],
           max_width: float) -> float:
    """A row of token + name entries (wrapping); return the bottom."""
    draw = exact_drawing(image)
    face = font(16)
    x0, y = xy
    x = x0
    for s in series:
        w = 30 + text_width(s.label, face) + 20
        if x > x0 and x + w > x0 + max_width:
            x, y = x0, y + 30
        draw_token(image, (x + 11, y + 11), 22, s.style)
        draw.text((x + 28, y + 11), s.label, font=face, fill=INK, anchor="lm")
        x += w
    return y + 26


def line_chart(image: Image.Image, box: Box, series: Sequence[Series], *,
               x_title: str, x_start: int = 1, locale: str = "en") -> None:
    """One line per series across ``box`` (x0, y0, x1, y1): the x positions are numbered
    from ``x_start`` (rounds), the value axis starts at zero. Each line ends in the
    seat's token; lines that coincide stay visible because later ones are thinner."""
    draw = exact_drawing(image)
    x0, y0, x1, y1 = box
    points = max((len(s.values) for s in series), default=0)
    peak = max((v for s in series for v in s.values), default=0.0)
    left = x0 + _axis_room(peak, locale)
    right = x1 - 20
    bottom = y1 - 44
    top = y0 + 8
    _, scale = _y_axis(draw, left, right, top, bottom, peak, locale)
    span = max(points - 1, 1)

    def at(i: int, v: float) -> tuple[float, float]:
        return left + (right - left) * i / span, bottom - v * scale

    face = font(15)
    tick = int(nice_step(points, 10))
    for i in [0, *range(tick - x_start, points, tick)]:
        if i < 0 or (i and i < tick / 2):
            continue
        x, _ = at(i, 0)
        draw.line((x, bottom, x, bottom + 5), fill=INK, width=2)
        draw.text((x, bottom + 8), str(i + x_start), font=face, fill=MUTED, anchor="ma")
    draw.text(((left + right) / 2, bottom + 28), x_title, font=face, fill=MUTED, anchor="ma")
    n = len(series)
    lines = []
    for k, s in enumerate(series):
        if s.values:
            xy = [at(i, v) for i, v in enumerate(s.values)]
            if len(xy) == 1:
                xy.append((right, xy[0][1]))
            lines.append((max(2, 2 * (n - k) + 1), xy, s))
    # every outline first, then the colours widest first: a line hidden under a later
    # one still shows as a coloured band around it
    for width, xy, _ in lines:
        draw.line(xy, fill=INK, width=width + 2, joint="curve")
    for width, xy, s in lines:
        draw.line(xy, fill=s.style.rgb, width=width, joint="curve")
    ends: list[tuple[float, float]] = []
    for _, xy, s in lines:
        x, y = xy[-1]
        while any(abs(x - ex) < 24 and abs(y - ey) < 24 for ex, ey in ends):
            x -= 26  # lines ending together: their tokens stand side by side
        ends.append((x, y))
        draw_token(image, (x, y), 26, s.style)


def bar_chart(image: Image.Image, box: Box, categories: Sequence[str],
              series: Sequence[Series], locale: str = "en") -> None:
    """Grouped bars across ``box``: for every category one bar per series (in series
    order), its value written above it and the seat's letter inside it."""
    draw = exact_drawing(image)
    x0, y0, x1, y1 = box
    peak = max((v for s in series for v in s.values), default=0.0)
    left = x0 + _axis_room(peak, locale)
    right = x1 - 8
    bottom = y1 - 30
    top = y0 + 24
    _, scale = _y_axis(draw, left, right, top, bottom, peak, locale)
    slot = (right - left) / max(len(categories), 1)
    n = max(len(series), 1)
    bar_w = min(48.0, slot * 0.8 / n)
    value_face = font(14, bold=True)
    letter_face = font(14, bold=True)
    for c, name in enumerate(categories):
        cx = left + slot * (c + 0.5)
        start = cx - bar_w * n / 2
        for k, s in enumerate(series):
            v = s.values[c] if c < len(s.values) else 0
            bx = start + k * bar_w
            y = bottom - v * scale
            if v:
                draw.rectangle((bx + 1, y, bx + bar_w - 1, bottom), fill=s.style.rgb,
                               outline=INK, width=1)
                if bottom - y >= 18:
                    draw.text((bx + bar_w / 2, bottom - 9), s.style.letter, font=letter_face,
                              fill=s.style.ink, anchor="mm")
            draw.text((bx + bar_w / 2, y - 3), _label(v, locale), font=value_face,
                      fill=INK if v else MUTED, anchor="md")
        draw.text((cx, bottom + 6), name, font=font(16, bold=True), fill=INK, anchor="ma")


__all__ = ["GRID", "Series", "bar_chart", "legend", "line_chart", "nice_step"]
