"""The end-of-game summary image of Lovci pokladů: treasure on the ships round by round,
the tokens each player delivered by value, and a table of what decided the game (tokens
found and delivered, cards turned, knock-backs, sailors lost to sharks or taken, the
spells). It draws only a :class:`~games.lovci_pokladu.view.LovciSummary`."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.lovci_pokladu.view import LovciSummary, PlayerSummary
from i18n import format_number, t
from renderers.charts import Series, bar_chart, legend, line_chart
from renderers.common import (
    INK,
    MUTED,
    SeatStyle,
    draw_fitted,
    draw_text,
    draw_token,
    exact_drawing,
    font,
    line_height,
    png_bytes,
    seat_style,
    wrap_text,
)

_S = "render_lovci.lovci.summary."
WIDTH = 1200
MARGIN = 24
BACKGROUND = (246, 242, 232)
RULE = (200, 194, 180)
CHIP = (232, 228, 218)
CURRENT_BG = (255, 249, 222)
LINE_H = 330
BAR_H = 280
ROW_H = 54
#: Column left edges of the table, and its right end.
COLS = (MARGIN, 200, 310, 600, 740, 840, 960, 1070, WIDTH - MARGIN)


def _style(p: PlayerSummary) -> SeatStyle:
    return seat_style(p.seat, p.colour)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


def _subtitle(summary: LovciSummary, names: Sequence[str], locale: str) -> str:
    winners = [p for p in summary.players if p.winner]
    reason = t(_S + f"reason_{summary.reason}", locale)
    rounds = len(summary.rounds)
    if len(winners) == 1:
        return t(_S + "subtitle", locale, name=_name(names, winners[0].seat),
                 total=winners[0].total, rounds=rounds, reason=reason)
    return t(_S + "subtitle_shared", locale,
             names=", ".join(_name(names, p.seat) for p in winners),
             total=winners[0].total if winners else 0, rounds=rounds, reason=reason)


def _by_value(tokens: Sequence[int], values: Sequence[int]) -> str:
    """"2×300 1×50"-style list of the non-zero counts (high values first)."""
    parts = [f"{n}×{v}" for v, n in zip(values, tokens, strict=True) if n]
    return " ".join(reversed(parts)) or "–"


def _table(image: Image.Image, summary: LovciSummary, names: Sequence[str], top: float,
           locale: str) -> float:
    draw = exact_drawing(image)
    head = font(15, bold=True)
    keys = ("col_player", "col_total", "col_found", "col_delivered", "col_turned",
            "col_knocks", "col_lost", "col_eaten")
    head_h = 3 * line_height(head) + 8
    for i, key in enumerate(keys):
        for k, line in enumerate(wrap_text(t(_S + key, locale), head, COLS[i + 1] - COLS[i] - 10,
                                           3)):
            draw.text((COLS[i] + 4, top + k * line_height(head)), line, font=head, fill=MUTED)
    y = top + head_h
    draw.line((MARGIN, y - 4, WIDTH - MARGIN, y - 4), fill=INK, width=2)
    value = font(20, bold=True)
    small = font(16)
    for row, p in enumerate(summary.players):
        mid = y + ROW_H / 2
        if p.winner:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=CURRENT_BG)
        elif row % 2:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=CHIP)
        draw_token(image, (COLS[0] + 18, mid), 30, _style(p))
        draw_fitted(draw, (COLS[0] + 40, mid), _name(names, p.seat), COLS[1] - COLS[0] - 48, 19,
                    INK, bold=True, anchor="lm")
        draw.text((COLS[1] + 4, mid), format_number(p.total, locale), font=font(22, bold=True),
                  fill=INK, anchor="lm")
        # found: the count and its values; delivered by value is the bar chart above
        draw.text((COLS[2] + 4, mid - 10), str(sum(p.found)), font=value, fill=INK,
                  anchor="lm")
        draw_text(draw, (COLS[2] + 4, mid + 13), _by_value(p.found, summary.token_values),
                  font(14), MUTED, COLS[3] - COLS[2] - 8, "lm")
        draw.text((COLS[3] + 4, mid), str(sum(p.delivered)), font=value, fill=INK,
                  anchor="lm")
        draw.text((COLS[4] + 4, mid), str(p.turned), font=value, fill=INK, anchor="lm")
        draw.text((COLS[5] + 4, mid), f"{p.knocks_given} / {p.knocks_taken}", font=value,
                  fill=INK, anchor="lm")
        draw.text((COLS[6] + 4, mid), f"{p.sharks} / {p.taken}", font=value, fill=INK,
                  anchor="lm")
        draw.text((COLS[7] + 4, mid), format_number(p.eaten, locale),
                  font=small if p.eaten else value, fill=INK, anchor="lm")
        y += ROW_H
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=1)
    return y


def _spell_lines(summary: LovciSummary, names: Sequence[str], locale: str) -> list[str]:
    out = []
    for kind, status, seat, rnd in summary.spells:
        spell = t(f"render_lovci.lovci.spell.{kind}", locale)
        if status == "used" and seat is not None:
            out.append(t(_S + "spell_used", locale, spell=spell, name=_name(names, seat),
                         round=rnd))
        else:
            out.append(t(_S + f"spell_{status}", locale, spell=spell))
    return out


def render_summary(summary: LovciSummary, names: Sequence[str], locale: str = "en") -> bytes:
    """The summary as PNG bytes."""
    n = len(summary.players)
    height = int(MARGIN + 76 + 40 + LINE_H + 46 + BAR_H + 20 + 3 * 20 + 8 + n * ROW_H + 110
                 + MARGIN)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = exact_drawing(image)
    draw_text(draw, (MARGIN, MARGIN), t(_S + "title", locale), font(30, bold=True), INK,
              WIDTH - 2 * MARGIN)
    draw_text(draw, (MARGIN, MARGIN + 42), _subtitle(summary, names, locale), font(19), MUTED,
              WIDTH - 2 * MARGIN)
    y: float = MARGIN + 76
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=2)
    series = [Series(_name(names, p.seat), _style(p), tuple(r[p.seat] for r in summary.rounds))
              for p in summary.players]
    y = legend(image, (MARGIN, y + 10), series, WIDTH - 2 * MARGIN) + 4
    draw.text((MARGIN, y), t(_S + "chart_treasure", locale), font=font(20, bold=True), fill=INK)
    line_chart(image, (MARGIN, y + 28, WIDTH - MARGIN, y + LINE_H), series,
               x_title=t(_S + "round", locale), locale=locale)
    y += LINE_H + 16
    draw.text((MARGIN, y), t(_S + "chart_tokens", locale), font=font(20, bold=True), fill=INK)
    bars = [Series(s.label, s.style, tuple(float(v) for v in p.delivered))
            for s, p in zip(series, summary.players, strict=True)]
    bar_chart(image, (MARGIN, y + 24, WIDTH - MARGIN, y + 24 + BAR_H),
              [str(v) for v in summary.token_values], bars, locale)
    y += 24 + BAR_H + 20
    y = _table(image, summary, names, y, locale) + 14
    face = font(17)
    for line in _spell_lines(summary, names, locale):
        draw_text(draw, (MARGIN, y), line, face, INK, WIDTH - 2 * MARGIN)
        y += 26
    draw_text(draw, (MARGIN, y), t(_S + "left", locale, total=summary.left_on_board,
                                   eaten=sum(summary.lost_tokens)), face, MUTED,
              WIDTH - 2 * MARGIN)
    return png_bytes(image.crop((0, 0, WIDTH, min(height, int(y) + 30 + MARGIN))))


__all__ = ["render_summary"]
