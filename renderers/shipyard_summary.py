"""The end-of-game summary image of Shipyard: who won, each player's points by source
(ships, contracts and traders) as bars, and a table with the guilders that break ties
and the ships launched. It draws only a :class:`~games.shipyard.view.ShipyardSummary`
(contracts are scored openly at the end, so their points are public then)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.shipyard.view import ShipyardSummary
from i18n import t
from renderers.charts import Series, bar_chart, legend
from renderers.common import (
    INK,
    MUTED,
    draw_fitted,
    draw_text,
    draw_token,
    drawing,
    font,
    png_bytes,
    seat_style,
)

_S = "shipyard.summary."
WIDTH = 1200
MARGIN = 24
BACKGROUND = (246, 242, 232)
RULE = (200, 194, 180)
WINNER_BG = (255, 244, 200)
ROW_H = 50
BAR_H = 300
#: Column left edges: player, ships, contracts, total, guilders, launched.
COLS = (MARGIN, 400, 540, 770, 880, 1010)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"#{seat + 1}"


def _subtitle(summary: ShipyardSummary, names: Sequence[str], locale: str) -> str:
    score = max(row[1] for row in summary.rows)
    winners = [_name(names, w) for w in summary.winners]
    if len(winners) == 1:
        return t(_S + "subtitle", locale, name=winners[0], score=score)
    return t(_S + "subtitle_tie", locale, names=", ".join(winners), score=score)


def render_summary(summary: ShipyardSummary, names: Sequence[str], locale: str = "en") -> bytes:
    rows = summary.rows
    height = 120 + BAR_H + 60 + ROW_H * (len(rows) + 1) + 20
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = drawing(image)
    draw_fitted(draw, (MARGIN, 34), t(_S + "title", locale), WIDTH - 2 * MARGIN, 30, INK,
                bold=True, anchor="lm")
    draw_fitted(draw, (MARGIN, 74), _subtitle(summary, names, locale), WIDTH - 2 * MARGIN, 22,
                INK, anchor="lm")
    players = summary.board.players
    series = [Series(_name(names, seat), seat_style(seat, players[seat].colour),
                     (float(ships), float(contracts), float(total)))
              for seat, total, ships, contracts, _, _ in rows]
    top = 104
    draw_text(draw, (MARGIN, top), t(_S + "points", locale), font(20, bold=True), INK)
    legend(image, (MARGIN + 320, top), series, WIDTH - 2 * MARGIN - 320)
    bar_chart(image, (MARGIN, top + 30, WIDTH - MARGIN, top + 30 + BAR_H),
              [t(_S + "ships", locale), t(_S + "contracts", locale), t(_S + "total", locale)],
              series)
    y = top + 30 + BAR_H + 20
    heads = ("player", "ships", "contracts", "total", "guilders", "launched")
    for x, head in zip(COLS, heads, strict=True):
        width = (COLS[COLS.index(x) + 1] if x != COLS[-1] else WIDTH - MARGIN) - x - 10
        draw_fitted(draw, (x, y + ROW_H / 2), t(_S + head, locale), width, 16, MUTED,
                    bold=True, anchor="lm")
    y += ROW_H
    for seat, total, ships, contracts, money, launched in sorted(
            rows, key=lambda r: (-r[1], -r[4], r[0])):
        if seat in summary.winners:
            draw.rectangle((MARGIN - 8, y, WIDTH - MARGIN + 8, y + ROW_H - 4), fill=WINNER_BG)
        draw.line((MARGIN, y + ROW_H - 2, WIDTH - MARGIN, y + ROW_H - 2), fill=RULE)
        draw_token(image, (MARGIN + 16, y + ROW_H / 2 - 2), 28,
                   seat_style(seat, players[seat].colour))
        draw_text(draw, (MARGIN + 40, y + ROW_H / 2 - 2), _name(names, seat),
                  font(19, bold=True), INK, COLS[1] - MARGIN - 50, anchor="lm")
        for x, value in zip(COLS[1:], (ships, contracts, total, money, launched), strict=True):
            draw_text(draw, (x, y + ROW_H / 2 - 2), str(value), font(19, bold=x == COLS[3]),
                      INK, anchor="lm")
        y += ROW_H
    return png_bytes(image)
