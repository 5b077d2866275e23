"""A minimal Shipyard board: the action track, the display, the rondels and every
player's shipyard, drawn from a :class:`~games.shipyard.view.ShipyardView` only.

This is the first, plain version (issue 11 "Images" asks for much more: canal systems
drawn as a map, the employee track, card art); it is readable text in boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageFont

from games.shipyard.data import CIRCLE, EXCHANGE_PRICES, RING, TRACK_SPACES, ship_card
from games.shipyard.view import ShipyardSummary, ShipyardView
from i18n import t

from .common import FONT_DIR, WHITE, draw_text, drawing, png_bytes, seat_style

_P = "shipyard."


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """This renderer's own faces, with the basic layout engine: raqm layout failed now
    and then ("raqm_layout() failed") when boards of several games render at once."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)
INK = (30, 30, 40)
PAPER = (246, 241, 228)
WIDTH = 1100


def _ship(card: int | None) -> str:
    if card is None:
        return "—"
    kind = ship_card(card)
    marks = "".join(kind.mounts) + "c" * kind.cabins + "".join(kind.safety).lower()
    return f"{kind.deck[0].upper()}:{marks or '-'}"


def render_board(view: ShipyardView, names: Sequence[str], caption: str,
                 locale: str = "en") -> bytes:
    rows = 9 + 4 * len(view.players)
    image = Image.new("RGB", (WIDTH, 60 + rows * 34), PAPER)
    draw = drawing(image)
    big, small = font(22, bold=True), font(16)
    y = 10
    draw_text(draw, (12, y), caption, big, INK, WIDTH - 24)
    y += 34
    draw_text(draw, (12, y), t("shipyard.render.countdown", locale, countdown=view.countdown,
                               turn=view.turn), small, INK)
    y += 28
    # the track, from space 1 to 23 (23 is the starting space)
    cell = (WIDTH - 24) // TRACK_SPACES
    income = dict(view.income)
    figures = dict(view.figures)
    for space, card in enumerate(view.track):
        x = 12 + space * cell
        fill = (220, 210, 180) if card else WHITE
        if card == view.lead:
            fill = (250, 200, 120)
        draw.rectangle((x, y, x + cell - 3, y + 70), fill=fill, outline=INK)
        draw_text(draw, (x + 2, y + 2), str(space + 1), font(11), INK)
        if card:
            draw_text(draw, (x + 2, y + 16), t(f"{_P}card.{card}", locale)[:6], font(11),
                      INK, cell - 4)
            for i, seat in enumerate(figures.get(card, ())):
                style = seat_style(seat)
                draw.rectangle((x + 2 + 14 * i, y + 32, x + 14 + 14 * i, y + 46),
                               fill=style.rgb)
                draw_text(draw, (x + 8 + 14 * i, y + 39), style.letter, font(10, True),
                          style.ink, anchor="mm")
            if card in income:
                draw_text(draw, (x + 2, y + 52), f"+{income[card]}", font(12, True), INK)
    y += 80
    lines = [
        t("shipyard.render.bows", locale) + "  " + "  ".join(map(_ship, view.bow_display)),
        t("shipyard.render.middles", locale) + "  " + "  ".join(map(_ship, view.middle_display)),
        t("shipyard.render.sterns", locale) + "  " + "  ".join(map(_ship, view.stern_display)),
        t("shipyard.render.prices", locale),
        t("shipyard.render.rondels", locale, ring=t(f"{_P}item.{RING[view.ring]}", locale),
          circle=t(f"{_P}item.{CIRCLE[view.circle]}", locale), oval=view.oval + 1,
          exchange=view.exchange + 1,
          prices="/".join(map(str, EXCHANGE_PRICES[view.exchange]))),
        t("shipyard.render.decks", locale,
          sizes=", ".join(f"{k} {n}" for k, n in view.deck_sizes)),
    ]
    for line in lines:
        draw_text(draw, (12, y), line, small, INK, WIDTH - 24)
        y += 26
    for p in view.players:
        style = seat_style(p.seat)
        name = names[p.seat] if p.seat < len(names) else str(p.seat + 1)
        draw.rectangle((12, y, 30, y + 18), fill=style.rgb)
        draw_text(draw, (21, y + 9), style.letter, font(12, True), style.ink, anchor="mm")
        marker = " ◀" if p.seat == view.current else ""
        draw_text(draw, (38, y), t("shipyard.render.player", locale, name=name, score=p.score,
                                   money=p.money, ships=len(p.fleet)) + marker,
                  font(17, True), INK, WIDTH - 50)
        y += 26
        draw_text(draw, (38, y), t("shipyard.render.yard", locale) + "  " +
                  " | ".join(_ship(c) for c in p.yard), small, INK, WIDTH - 50)
        y += 24
        stock = ", ".join(f"{t(_P + 'item.' + k, locale)} {n}" for k, n in p.stock if n)
        draw_text(draw, (38, y), t("shipyard.render.stock", locale, stock=stock or "—",
                                   trains=len(p.trains), canals=len(p.canals),
                                   used=p.used_canals), small, INK, WIDTH - 50)
        y += 24
        staff = ", ".join(t(_P + "employee." + e, locale) for e in p.employees)
        draw_text(draw, (38, y), staff or "—", small, INK, WIDTH - 50)
        y += 30
    return png_bytes(image.crop((0, 0, WIDTH, y + 10)))


def render_summary(summary: ShipyardSummary, names: Sequence[str], locale: str = "en") -> bytes:
    """The final scores by source, above the final board."""
    board = Image.open(__import__("io").BytesIO(render_board(
        summary.board, names, t("shipyard.render.final", locale), locale)))
    head = 50 + 30 * len(summary.rows)
    image = Image.new("RGB", (WIDTH, head + board.height), PAPER)
    draw = drawing(image)
    y = 12
    for seat, total, ships, contracts, money, launched in summary.rows:
        name = names[seat] if seat < len(names) else str(seat + 1)
        mark = " ★" if seat in summary.winners else ""
        draw_text(draw, (12, y), t("shipyard.render.summary_row", locale, name=name, total=total,
                                   ships=ships, contracts=contracts, money=money,
                                   launched=launched) + mark, font(18, True), INK, WIDTH - 24)
        y += 30
    image.paste(board.convert("RGB"), (0, head))
    return png_bytes(image)
