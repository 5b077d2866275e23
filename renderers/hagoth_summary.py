"""The Hagoth end-of-game summary image, drawn from a
:class:`~games.hagoth.view.SummaryView` (statistics kept during play, all of them public
when they happened).

From top to bottom: victory points by round (one line per player, ending in the seat's
token), the die rolls against the fair four-sided die's expected counts beside the attack
cards each player played, and a table per player: VP from launches and arrivals, ships
launched / arrived in each lane, wood gathered, attacks played / suffered and the longest
wait from a design's first segment to its launch. The charts come from
:mod:`renderers.charts`, shared by every game's summary.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.hagoth.data import ATTACK_CARDS, BLUEPRINTS, DIE_SIDES
from games.hagoth.view import PlayerSummary, SummaryView
from i18n import t
from renderers.charts import Series, bar_chart, legend, line_chart
from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    draw_fitted,
    draw_text,
    draw_token,
    exact_drawing,
    fit_font,
    font,
    line_height,
    png_bytes,
    seat_style,
    text_width,
    wrap_text,
)

_S = "hagoth.summary."
WIDTH = 1200
MARGIN = 24
GAP = 16
BACKGROUND: RGB = (246, 242, 232)
RULE: RGB = (200, 194, 180)
STRIPE: RGB = (236, 231, 220)
WINNER_BG: RGB = (255, 249, 222)
BAR: RGB = (120, 165, 195)  #: the die chart's bars (the sea of the board)
EXPECTED: RGB = (26, 26, 26)
HEADER_H = 84
LINE_H = 360
CHARTS_H = 300
ROW_H = 58
#: Player table columns: left edges and the right end.
#: Rows of the lane and attack-card names under the headers (they alternate).
SUB_ROWS = 2
COLS = (MARGIN, 184, 288, 638, 714, 960, WIDTH - MARGIN)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _series(summary: SummaryView, names: Sequence[str],
            values: Sequence[Sequence[float]]) -> list[Series]:
    return [Series(_name(names, p.seat), seat_style(p.seat, p.colour), tuple(v))
            for p, v in zip(summary.players, values, strict=True)]


def _section_title(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                   width: float) -> None:
    draw_fitted(draw, xy, text, width, 22, INK, bold=True)


def _draw_vp_chart(image: Image.Image, summary: SummaryView, names: Sequence[str],
                   top: float, locale: str) -> float:
    draw = exact_drawing(image)
    _section_title(draw, (MARGIN, top), t(_S + "vp_title", locale, target=summary.target),
                   WIDTH - 2 * MARGIN)
    per_player = [[row[p.seat] for row in summary.vp_rounds] for p in summary.players]
    series = _series(summary, names, per_player)
    bottom = legend(image, (MARGIN, top + 34), series, WIDTH - 2 * MARGIN)
    line_chart(image, (MARGIN, bottom + 8, WIDTH - MARGIN, top + LINE_H), series,
               x_title=t(_S + "round", locale), x_start=0, locale=locale)
    return top + LINE_H


def expected_rolls(rolls: int) -> float:
    """How often each face of the fair four-sided die is expected in ``rolls`` rolls."""
    return rolls / DIE_SIDES


def _draw_die_chart(image: Image.Image, summary: SummaryView, box: tuple[float, float,
                    float, float], locale: str) -> None:
    """Bars of the rolls per face with the expected count as a line of markers."""
    draw = exact_drawing(image)
    x0, y0, x1, y1 = box
    rolls = summary.rolls
    wood = sum(p.wood for p in summary.players)
    _section_title(draw, (x0, y0), t(_S + "die_title", locale, count=rolls), x1 - x0)
    draw_text(draw, (x0, y0 + 30), t(_S + "die_note", locale, wood=wood), font(15), MUTED,
              x1 - x0)
    expected = expected_rolls(rolls)
    label = t(_S + "expected", locale, count=round(expected, 1))
    draw_text(draw, (x0, y0 + 50), label, font(15), INK, x1 - x0)
    top, bottom = y0 + 84, y1 - 34
    left, right = x0 + 44, x1 - 8
    peak = max([*summary.die_counts, expected, 1.0])
    scale = (bottom - top) / (peak * 1.15)
    draw.line((left, top, left, bottom), fill=INK, width=2)
    draw.line((left, bottom, right, bottom), fill=INK, width=2)
    slot = (right - left) / DIE_SIDES
    bar_w = slot * 0.56
    value_face = font(16, bold=True)
    points = []
    for face_value, count in enumerate(summary.die_counts, start=1):
        cx = left + slot * (face_value - 0.5)
        y = bottom - count * scale
        if count:
            draw.rectangle((cx - bar_w / 2, y, cx + bar_w / 2, bottom), fill=BAR,
                           outline=INK, width=1)
        if bottom - y >= 28:  # the count inside the bar's foot, clear of the markers
            draw.text((cx, bottom - 6), str(count), font=value_face, fill=INK, anchor="md")
        else:
            draw.text((cx, y - 4), str(count), font=value_face, fill=INK, anchor="md")
        draw.text((cx, bottom + 6), str(face_value), font=font(18, bold=True), fill=INK,
                  anchor="ma")
        points.append((cx, bottom - expected * scale))
    draw.line([(left + 4, points[0][1]), (right - 4, points[0][1])], fill=EXPECTED, width=2)
    for px, py in points:
        draw.polygon([(px, py - 7), (px + 7, py), (px, py + 7), (px - 7, py)], fill=WHITE,
                     outline=EXPECTED, width=2)


def _draw_attack_chart(image: Image.Image, summary: SummaryView, names: Sequence[str],
                       box: tuple[float, float, float, float], locale: str) -> None:
    draw = exact_drawing(image)
    x0, y0, x1, y1 = box
    _section_title(draw, (x0, y0), t(_S + "attacks_title", locale), x1 - x0)
    draw_text(draw, (x0, y0 + 30), t(_S + "attacks_note", locale), font(15), MUTED, x1 - x0)
    categories = [t(f"hagoth.card.{card}", locale) for card in ATTACK_CARDS]
    series = _series(summary, names, [p.attacks_played for p in summary.players])
    bar_chart(image, (x0, y0 + 52, x1, y1), categories, series, locale)


def _draw_wait(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
               width: float) -> None:
    """The longest wait in its column: one line (17 px down to 14 px), else two lines at
    15 px, so a long ship name ("Рыбацкая лодка") is never cut (issue 24 item 13)."""
    face = fit_font(text, width, 17)
    if text_width(text, face) <= width:
        draw.text(xy, text, font=face, fill=INK, anchor="lm")
        return
    face = font(WAIT_TWO_LINES)
    lines = wrap_text(text, face, width, 2)
    step = line_height(face)
    for i, line in enumerate(lines):
        draw.text((xy[0], xy[1] + (i - (len(lines) - 1) / 2) * step), line, font=face,
                  fill=INK, anchor="lm")


#: The size of the longest-wait text when it takes two lines.
WAIT_TWO_LINES = 15


def _wait_text(ps: PlayerSummary, locale: str) -> str:
    if ps.longest_wait_blueprint is None:
        return "—"
    blueprint = t(f"hagoth.blueprint.{BLUEPRINTS[ps.longest_wait_blueprint].code}", locale)
    return t(_S + "wait", locale, turns=ps.longest_wait, blueprint=blueprint)


def _draw_table(image: Image.Image, summary: SummaryView, names: Sequence[str], top: float,
                locale: str) -> float:
    draw = exact_drawing(image)
    head = font(15, bold=True)
    heads = ("col_player", "col_vp", "col_ships", "col_wood", "col_attacks", "col_wait")
    head_lines = 2
    for i, key in enumerate(heads):
        width = COLS[i + 1] - COLS[i] - 10
        for k, text in enumerate(wrap_text(t(_S + key, locale), head, width, head_lines)):
            draw.text((COLS[i] + 4, top + k * line_height(head)), text, font=head, fill=MUTED)
    # one small column per lane under "ships" and per attack card under "attacks"
    lane_w = (COLS[3] - COLS[2]) / len(BLUEPRINTS)
    attack_w = (COLS[5] - COLS[4]) / len(ATTACK_CARDS)
    y = top + head_lines * line_height(head) + 4
    # The lane and attack-card names alternate between two rows, so that each may be as
    # wide as two of its narrow columns ("Разрушить", "Vynechání" do not fit one).
    sub = line_height(font(15))
    for lane, bp in enumerate(BLUEPRINTS):
        draw_fitted(draw, (COLS[2] + lane_w * (lane + 0.5), y + lane % 2 * sub), t(
            f"{_S}lane.{bp.code}", locale), 2 * lane_w - 8, 15, INK, anchor="ma")
    for k, card in enumerate(ATTACK_CARDS):
        draw_fitted(draw, (COLS[4] + attack_w * (k + 0.5), y + k % 2 * sub), t(
            f"hagoth.card.{card}", locale), 2 * attack_w - 8, 15, INK, anchor="ma")
    y += SUB_ROWS * sub + 6
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=INK, width=2)
    value = font(20, bold=True)
    small = font(15)
    for row, ps in enumerate(summary.players):
        mid = y + ROW_H / 2
        if summary.winner == ps.seat:
            draw.rectangle((MARGIN, y + 1, WIDTH - MARGIN, y + ROW_H), fill=WINNER_BG)
        elif row % 2:
            draw.rectangle((MARGIN, y + 1, WIDTH - MARGIN, y + ROW_H), fill=STRIPE)
        draw_token(image, (COLS[0] + 20, mid), 34, seat_style(ps.seat, ps.colour))
        draw_fitted(draw, (COLS[0] + 44, mid), _name(names, ps.seat),
                    COLS[1] - COLS[0] - 52, 19, INK, bold=True, anchor="lm")
        draw.text((COLS[1] + 6, mid), str(ps.vp), font=font(24, bold=True), fill=INK,
                  anchor="lm")
        draw.text((COLS[1] + 44, mid), f"({ps.launch_vp} + {ps.arrival_vp})", font=small,
                  fill=MUTED, anchor="lm")
        for lane in range(len(BLUEPRINTS)):
            launched, arrived = ps.launched[lane], ps.arrived[lane]
            text = f"{launched}/{arrived}" if launched else "·"
            draw.text((COLS[2] + lane_w * (lane + 0.5), mid), text, font=value,
                      fill=INK if launched else MUTED, anchor="mm")
        draw.text((COLS[3] + 6, mid), str(ps.wood), font=value, fill=INK, anchor="lm")
        for k, (played, suffered) in enumerate(zip(ps.attacks_played, ps.attacks_suffered,
                                                   strict=True)):
            draw_fitted(draw, (COLS[4] + attack_w * (k + 0.5), mid), f"{played}/{suffered}",
                        attack_w - 4, 19, INK if played or suffered else MUTED, bold=True,
                        anchor="mm")
        _draw_wait(draw, (COLS[5] + 6, mid), _wait_text(ps, locale), COLS[6] - COLS[5] - 10)
        y += ROW_H
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=1)
    draw_text(draw, (MARGIN, y + 10), t(_S + "table_note", locale), font(15), MUTED,
              WIDTH - 2 * MARGIN)
    return y + 10 + line_height(font(15))


def _table_height(players: int) -> float:
    head = font(15, bold=True)
    return 2 * line_height(head) + 4 + SUB_ROWS * line_height(font(15)) + 6 + \
        players * ROW_H + 10 + \
        line_height(font(15))


def render_summary(summary: SummaryView, names: Sequence[str], locale: str = "en") -> bytes:
    """The Hagoth end-of-game summary as PNG bytes."""
    height = round(MARGIN + HEADER_H + LINE_H + GAP + CHARTS_H + 2 * GAP
                   + _table_height(len(summary.players)) + MARGIN)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = exact_drawing(image)
    draw_text(draw, (MARGIN, MARGIN), t(_S + "title", locale), font(30, bold=True), INK,
              WIDTH - 2 * MARGIN)
    rounds = len(summary.vp_rounds) - 1
    # Each count is said by its own plural table (one message cannot agree with two).
    turns = t(_S + "turns", locale, count=summary.turn)
    rounds_text = t(_S + "rounds", locale, count=rounds)
    if summary.winner is not None:
        winner = summary.players[summary.winner]
        sub = t(_S + "subtitle", locale, name=_name(names, winner.seat), vp=winner.vp,
                turns=turns, rounds=rounds_text)
    else:
        sub = t(_S + "subtitle_none", locale, turns=turns, rounds=rounds_text)
    draw_text(draw, (MARGIN, MARGIN + 42), sub, font(20), MUTED, WIDTH - 2 * MARGIN)
    top: float = MARGIN + HEADER_H
    draw.line((MARGIN, top - 10, WIDTH - MARGIN, top - 10), fill=RULE, width=2)
    top = _draw_vp_chart(image, summary, names, top, locale) + GAP
    half = (WIDTH - 2 * MARGIN - GAP) / 2
    _draw_die_chart(image, summary, (MARGIN, top, MARGIN + half, top + CHARTS_H), locale)
    _draw_attack_chart(image, summary, names,
                       (MARGIN + half + GAP, top, WIDTH - MARGIN, top + CHARTS_H), locale)
    top += CHARTS_H + GAP
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=RULE, width=2)
    _draw_table(image, summary, names, top + GAP, locale)
    return png_bytes(image)


__all__ = ["expected_rolls", "render_summary"]
