"""The end-of-game summary image of Hexfolk: the rolls against their expected counts, and
a table of each player's points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

from games.hexfolk.view import PlayerSummary, SummaryView
from i18n import t
from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    draw_fitted,
    draw_text,
    draw_token,
    drawing,
    font,
    line_height,
    png_bytes,
    seat_style,
    text_width,
    wrap_text,
)

from .layout import _K, BACKGROUND, CHIP, CURRENT_BG, GAP, MARGIN, RED_NUMBER, RULE, Point, _name
from .pieces import _paste, resource_icon

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
