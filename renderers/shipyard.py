"""Pillow images of Shipyard, drawn from a :class:`~games.shipyard.view.ShipyardView` only.

One public image, 1,200 px wide, in two parts:

* **the board**: the action track (every card in play order from the lead, its space,
  the figures on it and the income a free card pays now), the ship display with its row
  prices, the freight trains and canals for rent, the equipment ring, the crew circle,
  the exchange hexagon, the employee oval with its marker, and the decks left;
* **the shipyards**, one panel per player: the 9 slots with the ships in progress,
  equipment and crew in stock, trains and employees, the canal system drawn as a map
  (each space's official, the ship figure and the side it came from) and the launched
  fleet.

:func:`render_hand` draws a seat's own government contracts as cards; the board never
looks at them (the view it is given is public). Every word comes from the translation
layer; fonts are the shared :func:`renderers.common.font` faces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from games.shipyard.data import (
    BLUE,
    CANAL_PRICES,
    CANALS,
    CIRCLE,
    EDGE_STEP,
    EMPLOYEES,
    EXCHANGE_PRICES,
    GREEN,
    RING,
    ROW_PRICES,
    TRAIN_PRICE,
    TRAINS,
    canal_edges,
    ship_card,
)
from games.shipyard.view import PlayerView, ShipyardView
from i18n import DEFAULT_LOCALE, Plural, catalogue, t

from .common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    KeptPalettes,
    TurnSeat,
    draw_fitted,
    draw_text,
    draw_token,
    draw_turn_order,
    draw_words,
    drawing,
    ellipsize,
    font,
    line_height,
    play_order,
    seat_style,
    text_width,
    wrap_account,
    wrap_text,
)

_P = "shipyard."
_R = "shipyard.render."
WIDTH = 1200
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
PAPER: RGB = (244, 239, 226)
PANEL: RGB = (252, 249, 241)
NAVY: RGB = (28, 48, 84)
RULE: RGB = (196, 186, 164)
WATER: RGB = (96, 156, 214)
LAND: RGB = (206, 196, 160)
HIGHLIGHT: RGB = (255, 222, 120)
DECK_FILL: dict[str, RGB] = {"bow": (233, 205, 170), "middle": (238, 226, 200),
                             "stern": (200, 214, 226)}
MOUNT_FILL: dict[str, RGB] = {"S": (255, 255, 255), "P": (214, 226, 240),
                              "K": (240, 226, 180), "C": (225, 200, 200)}
SAFETY_FILL: dict[str, RGB] = {"L": (255, 236, 150), "B": (200, 236, 206),
                               "R": (255, 205, 190)}
OFFICIAL_FILL: dict[str, RGB] = {
    "military": (200, 70, 60), "commercial": (230, 160, 40), "lantern": (250, 215, 70),
    "lifeboat": (70, 160, 90), "lifebuoy": (235, 120, 110), "riband": (40, 80, 190)}
COMMODITY_FILL: dict[str, RGB] = {"coal": (60, 60, 60), "steel": (150, 160, 176),
                                  "timber": (160, 110, 60)}
CARD_FILL: dict[str, RGB] = {
    "build": (222, 190, 150), "canal": (170, 206, 236), "purchase": (210, 210, 200),
    "exchange": (200, 230, 200), "equipment": (226, 200, 170), "crew": (190, 226, 190),
    "hire": (214, 196, 232), "subsidy": (250, 230, 150)}


def _t(key: str, locale: str, **params: object) -> str:
    """:func:`i18n.t` with small whole numbers passed as plain digits (no grouping is
    ever needed for them, and number formatting is the slow part of a message), except
    the count a plural table chooses its form by: "1 поезд", "5 поездов"."""
    message = catalogue(locale).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    counted = message.by if isinstance(message, Plural) else None
    return t(key, locale, **{k: str(v) if isinstance(v, int) and k != counted else v
                             for k, v in params.items()})


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else f"#{seat + 1}"


def _box(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB,
         outline: RGB = RULE, radius: int = 8, width: int = 1) -> None:
    """A framed box; rounded only when large (rounded corners are slow to draw and
    invisible on a chip)."""
    if radius >= 10:
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    else:
        draw.rectangle(box, fill=fill, outline=outline, width=width)


def _section(draw: ImageDraw.ImageDraw, y: float, title: str, note: str = "",
             width: float = INNER) -> float:
    """A section heading, its note kept within ``width``; returns the y below it."""
    used = draw_text(draw, (MARGIN, y), title, font(20, bold=True), NAVY)
    if note:
        room = width - used - 14
        face = font(15) if text_width(note, font(15)) <= room else font(14)
        draw_text(draw, (MARGIN + used + 14, y + 4), note, face, MUTED, room)
    return y + 30


# -- small glyphs: a feature chip, a ship card, a canal tile ----------------------------
def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, letter: str, fill: RGB,
          size: int = 22) -> float:
    """A letter in a rounded square (a mount, a cabin, a safety feature)."""
    draw.rectangle((x, y, x + size, y + size), fill=fill, outline=INK)
    draw.text((x + size / 2, y + size / 2 + 1), letter, font=font(14, bold=True), fill=INK,
              anchor="mm")
    return size + 3


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, value: int, r: int = 17) -> None:
    """A price as a coin."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(236, 196, 72), outline=INK, width=2)
    draw.text((cx, cy + 1), str(value), font=font(18, bold=True), fill=INK, anchor="mm")


def _features(card: int) -> list[tuple[str, RGB]]:
    kind = ship_card(card)
    out = [(m, MOUNT_FILL[m]) for m in kind.mounts]
    out += [("c", WHITE)] * kind.cabins
    out += [(s.lower(), SAFETY_FILL[s]) for s in kind.safety]
    return out


def _ship_card(image: Image.Image, box: tuple[float, float, float, float],
               card: int | None, locale: str) -> None:
    """Ship card ``card`` (``None``: an empty place) filling ``box``, pasted from
    :func:`_ship_tile`."""
    x0, y0, x1, y1 = (round(v) for v in box)
    image.paste(_ship_tile(card, x1 - x0, y1 - y0, locale), (x0, y0))


@lru_cache(maxsize=512)
def _ship_tile(card: int | None, w: int, h: int, locale: str) -> Image.Image:
    """A ship card of ``w`` × ``h`` px, drawn once per card, size and locale: the board
    shows about 30 of them, the same from one move to the next (a static layer)."""
    tile = Image.new("RGB", (w + 1, h + 1), PAPER)
    draw = drawing(tile)
    box = (0, 0, w, h)
    x0, y0, x1 = 0, 0, w
    if card is None:
        _box(draw, box, PAPER, RULE, 6)
        return tile
    kind = ship_card(card)
    _box(draw, box, DECK_FILL[kind.deck], INK, 6)
    head = t(f"{_P}deck.{kind.deck}", locale)
    # a narrow yard slot takes the regular face in every language ("Середина")
    face = font(14, bold=x1 - x0 - 10 >= 84)
    draw_text(draw, (x0 + 6, y0 + 3), head, face, INK, x1 - x0 - 10)
    features = _features(card)
    if not features:
        draw_text(draw, (x0 + 6, y0 + 24), t(_R + "blank", locale), font(14), MUTED,
                  x1 - x0 - 10)
        return tile
    x, y = float(x0 + 5), float(y0 + 22)
    for letter, fill in features:
        if x + 22 > x1 - 3:
            x, y = x0 + 5, y + 25
        x += _chip(draw, x, y, letter, fill)
    return tile


def _space_points(cx: float, cy: float, tile: float, cid: int, rot: int
                  ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Centres of a canal's three spaces and the midpoints of its connector edges
    (space 0's, space 2's, then the fork's)."""
    a, b, c = canal_edges(cid, rot)
    off = tile * 0.32
    edge = tile * 0.5

    def towards(e: int, d: float) -> tuple[float, float]:
        dx, dy = EDGE_STEP[e]
        return cx + dx * d, cy + dy * d
    spaces = [towards(a, off), (cx, cy), towards(b, off)]
    ends = [towards(a, edge), towards(b, edge)] + ([towards(c, edge)] if c is not None else [])
    return spaces, ends


def _official_letter(official: str | None, locale: str) -> str:
    return t(f"{_R}official_short.{official}", locale) if official else ""


def _canal_tile(image: Image.Image, cx: float, cy: float, tile: float, cid: int,
                rot: int, locale: str) -> list[tuple[float, float]]:
    """Draw canal ``cid`` centred at ``cx, cy`` (pasted from :func:`_canal_image`);
    returns its space centres."""
    size = int(tile)
    x0, y0 = round(cx - size / 2), round(cy - size / 2)
    image.paste(_canal_image(cid, rot, size, locale), (x0, y0))
    spaces, _ = _space_points(x0 + size / 2, y0 + size / 2, size, cid, rot)
    return spaces


@lru_cache(maxsize=512)
def _canal_image(cid: int, rot: int, size: int, locale: str) -> Image.Image:
    """Canal ``cid`` turned ``rot`` on a square of ``size`` px, drawn once per canal,
    turn, size and locale (a static layer: the officials' letters never change)."""
    image = Image.new("RGB", (size + 1, size + 1), LAND)
    draw = drawing(image)
    tile = float(size)
    cx = cy = half = tile / 2
    draw.rectangle((cx - half, cy - half, cx + half, cy + half), fill=LAND, outline=INK)
    spaces, ends = _space_points(cx, cy, tile, cid, rot)
    width = max(6, int(tile * 0.22))
    draw.line([ends[0], spaces[0], spaces[1], spaces[2], ends[1]], fill=WATER, width=width,
              joint="curve")
    if len(ends) == 3:
        draw.line([spaces[1], ends[2]], fill=WATER, width=width)
    r = max(10, tile * 0.15)
    for k, (sx, sy) in enumerate(spaces):
        official = CANALS[cid].officials[k]
        fill = OFFICIAL_FILL.get(official or "", WHITE)
        draw.ellipse((sx - r, sy - r, sx + r, sy + r), fill=fill, outline=INK)
        ink = WHITE if official in ("military", "riband", "lifeboat") else INK
        draw.text((sx, sy + 1), _official_letter(official, locale), font=font(14, bold=True),
                  fill=ink, anchor="mm")
    return image


# -- the board ------------------------------------------------------------------------
def _header(draw: ImageDraw.ImageDraw, view: ShipyardView, names: Sequence[str],
            locale: str) -> None:
    draw.rectangle((0, 0, WIDTH, 56), fill=NAVY)
    draw_text(draw, (MARGIN, 28), t(_P + "name", locale), font(26, bold=True), WHITE,
              anchor="lm")
    status = header_status(view, names, locale)
    note = _t(_R + "countdown", locale, countdown=view.countdown, turn=view.turn)
    right = float(WIDTH - MARGIN)
    right -= draw_text(draw, (right, 28), note, font(17), (210, 220, 236), 420, anchor="rm")
    draw_fitted(draw, (MARGIN + 190, 28), status, right - MARGIN - 210, 22, WHITE,
                bold=True, anchor="lm")


def header_status(view: ShipyardView, names: Sequence[str], locale: str) -> str:
    """The board's headline: whose turn and what they do, or at the end who won (issue
    24 item 12: not only "Game over"); tied winners share the win."""
    if view.phase == "over" and view.winners:
        who = t(_R + "and", locale).join(_name(names, seat) for seat in view.winners)
        return _t(_R + "over_won", locale, winners=who, count=len(view.winners))
    if view.phase == "over":
        return t(_R + "over", locale)
    return _t(_R + f"phase.{view.phase}", locale, name=_name(names, view.current))


def _track_order(view: ShipyardView) -> list[tuple[int, str]]:
    """(space, card) from the lead card backwards."""
    n = len(view.track)
    lead = view.track.index(view.lead)
    out = []
    for back in range(n):
        space = (lead - back) % n
        card = view.track[space]
        if card is not None:
            out.append((space, card))
    return out


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw, view: ShipyardView,
                top: float, locale: str) -> float:
    note = t(_R + ("ending_ships" if view.ending == "ships" else "track_note"), locale)
    y = _section(draw, top, t(_R + "track", locale), note)
    # the 23 spaces as a strip; the starting space is the last
    n = len(view.track)
    cell = INNER / n
    for space, card in enumerate(view.track):
        x = MARGIN + space * cell
        fill = CARD_FILL[card] if card else PANEL
        outline = INK if card == view.lead else RULE
        draw.rectangle((x + 1, y, x + cell - 1, y + 26), fill=fill, outline=outline,
                       width=3 if card == view.lead else 1)
        draw.text((x + cell / 2, y + 13), str(space + 1), font=font(14, bold=space == n - 1),
                  fill=INK, anchor="mm")
    y += 34
    figures = dict(view.figures)
    income = dict(view.income)
    order = _track_order(view)
    w = (INNER - 6 * (len(order) - 1)) / len(order)
    h = 106
    for i, (space, card) in enumerate(order):
        x = MARGIN + i * (w + 6)
        lead = card == view.lead
        _box(draw, (x, y, x + w, y + h), CARD_FILL[card], INK, 8, 3 if lead else 1)
        tag = _t(_R + ("lead" if lead else "space"), locale, space=space + 1)
        draw_text(draw, (x + 8, y + 6), tag, font(14, bold=lead), INK if lead else MUTED,
                  w - 14)
        for k, line in enumerate(wrap_text(t(f"{_P}card.{card}", locale),
                                           font(16, bold=True), w - 14, 2)):
            draw.text((x + 8, y + 26 + k * 20), line, font=font(16, bold=True), fill=INK)
        seats = figures.get(card, ())
        for k, seat in enumerate(seats):
            draw_token(image, (x + 20 + k * 30, y + h - 22), 26,
                       seat_style(seat, view.players[seat].colour))
        if card in income:
            label = _t(_R + "income", locale, income=income[card])
            lw = text_width(label, font(15, bold=True)) + 12
            _box(draw, (x + w - lw - 6, y + h - 34, x + w - 6, y + h - 8), HIGHLIGHT, INK, 6)
            draw.text((x + w - lw / 2 - 6, y + h - 21), label, font=font(15, bold=True),
                      fill=INK, anchor="mm")
    return y + h + 14


def _draw_display(image: Image.Image, draw: ImageDraw.ImageDraw, view: ShipyardView,
                  top: float, locale: str) -> float:
    sizes = dict(view.deck_sizes)
    note = _t(_R + "decks", locale, bows=sizes["bows"], middles=sizes["middles"],
             sterns=sizes["sterns"])
    # the note stays in the left column: the freight trains' heading stands right of it
    y = _section(draw, top, t(_R + "display", locale), note, width=60 + 4 * 148)
    columns = [("b", view.bow_display), ("m", view.middle_display[:5]),
               ("m", view.middle_display[5:]), ("s", view.stern_display)]
    label_w = 60
    col_w = 142
    row_h = 60
    heads = ("b", "m1", "m2", "s")
    for c, head in enumerate(heads):
        x = MARGIN + label_w + c * (col_w + 8)
        draw_text(draw, (x + 4, y), t(_R + f"column.{head}", locale), font(15, bold=True),
                  INK, col_w)
    y += 22
    for row in range(5):
        ry = y + row * (row_h + 6)
        _coin(draw, MARGIN + 26, ry + row_h / 2, ROW_PRICES[row])
        for c, (column, cards) in enumerate(columns):
            x = MARGIN + label_w + c * (col_w + 6)
            card = cards[row] if row < len(cards) else None
            _ship_card(image, (x, ry, x + col_w, ry + row_h), card, locale)
            if card is not None:
                number = row + 1 + (5 if c == 2 else 0)
                draw.text((x + col_w - 6, ry + 4), f"{column}{number}", font=font(14),
                          fill=MUTED, anchor="ra")
    return y + 5 * (row_h + 6)


def _draw_trains_canals(image: Image.Image, draw: ImageDraw.ImageDraw, view: ShipyardView,
                        x0: float, top: float, locale: str) -> float:
    width = WIDTH - MARGIN - x0
    draw_text(draw, (x0, top), _t(_R + "trains", locale, price=TRAIN_PRICE),
              font(18, bold=True), NAVY, width)
    y = top + 26
    slot_w = (width - 4 * 6) / 5
    for i, train in enumerate(view.train_display):
        x = x0 + i * (slot_w + 6)
        _box(draw, (x, y, x + slot_w, y + 54), PANEL, INK, 6)
        draw.text((x + 6, y + 4), str(i + 1), font=font(14, bold=True), fill=MUTED)
        if train is None:
            continue
        for k, commodity in enumerate(TRAINS[train]):
            cx = x + 14 + k * (slot_w - 28) / 2
            draw.ellipse((cx - 11, y + 24, cx + 11, y + 46), fill=COMMODITY_FILL[commodity],
                         outline=INK)
            draw.text((cx, y + 35), t(f"{_R}commodity_short.{commodity}", locale),
                      font=font(14, bold=True), fill=WHITE, anchor="mm")
    y += 66
    draw_text(draw, (x0, y), t(_R + "canals", locale), font(18, bold=True), NAVY, width)
    y += 26
    tile = min(72.0, slot_w - 14)
    for i, cid in enumerate(view.canal_display):
        x = x0 + i * (slot_w + 6)
        _box(draw, (x, y, x + slot_w, y + tile + 30), PANEL, INK, 6)
        draw.text((x + 6, y + 4), _t(_R + "canal_slot", locale, slot=i + 1,
                                    price=CANAL_PRICES[i]), font=font(14, bold=True),
                  fill=INK)
        if cid is not None:
            _canal_tile(image, x + slot_w / 2, y + 24 + tile / 2, tile, cid, 0, locale)
    return y + tile + 40


def _ring(draw: ImageDraw.ImageDraw, x0: float, y: float, width: float, title: str,
          labels: Sequence[str], marker: int) -> float:
    """A rondel as a row of sectors, clockwise, the marker's sector highlighted."""
    draw_text(draw, (x0, y), title, font(16, bold=True), NAVY, width)
    y += 22
    w = (width - 4 * (len(labels) - 1)) / len(labels)
    for i, label in enumerate(labels):
        x = x0 + i * (w + 4)
        here = i == marker
        _box(draw, (x, y, x + w, y + 30), HIGHLIGHT if here else PANEL, INK if here else RULE,
             6, 2 if here else 1)
        # the marker's label is shown by its box, not a bolder face ("smokestack" fits)
        draw_fitted(draw, (x + w / 2, y + 15), label, w - 8, 15, INK, anchor="mm")
    return y + 38


def _draw_rondels(draw: ImageDraw.ImageDraw, view: ShipyardView, x0: float, top: float,
                  locale: str) -> float:
    width = WIDTH - MARGIN - x0
    y = _ring(draw, x0, top, width, t(_R + "ring", locale),
              [t(f"{_P}item.{i}", locale) for i in RING], view.ring)
    y = _ring(draw, x0, y, width, t(_R + "circle", locale),
              [t(f"{_P}item.{i}", locale) for i in CIRCLE], view.circle)
    y = _ring(draw, x0, y, width, t(_R + "exchange", locale),
              ["/".join(map(str, p)) for p in EXCHANGE_PRICES], view.exchange)
    return y


def _employee_short(kind: str, locale: str) -> str:
    return t(f"{_R}employee_short.{kind}", locale)


_EMPLOYEE_H = 40  #: an employee's box in the oval: two lines of 14 px
#: Text sizes an employee's name may take, largest first (a long name gets smaller).
_EMPLOYEE_SIZES = (14, 13, 12, 11)


@lru_cache(maxsize=256)
def _employee_tile(kind: str, copies: int, w: int, locale: str) -> Image.Image:
    """One employee's box in the oval, ``w`` px wide: its short name on up to two lines and,
    right-aligned on the last, "×2" for two copies and "+N" for an extra cost (the name's
    last line is cut to leave them room). Drawn once per employee, width and locale."""
    tile = Image.new("RGB", (w + 1, _EMPLOYEE_H + 1), WHITE)
    draw = drawing(tile)
    _box(draw, (0, 0, w, _EMPLOYEE_H), WHITE, RULE, 5)
    extra = EMPLOYEES[kind].extra_cost
    tail = " ".join(part for part in ("×2" if copies > 1 else "",
                                      f"+{extra}" if extra else "") if part)
    lines, size = employee_lines(kind, tail, w, locale)
    for j, line in enumerate(lines):
        draw.text((4, 3 + j * 17), line, font=font(size), fill=INK)
    if tail:
        draw.text((w - 4, _EMPLOYEE_H - 3), tail, font=font(size, bold=True), fill=NAVY,
                  anchor="rd")
    return tile


def employee_lines(kind: str, tail: str, w: int, locale: str) -> tuple[list[str], int]:
    """An employee's short name in a box ``w`` px wide as at most two lines, and the text
    size: the largest size at which the whole name fits with ``tail`` ("×2 +1") beside
    the second line (issue 24 item 13: Russian names were cut, "Строитель: крепле…");
    only a name too long even at the smallest size is cut."""
    name = _employee_short(kind, locale)
    for size in _EMPLOYEE_SIZES:
        tail_w = text_width(tail, font(size, bold=True)) + 6 if tail else 0.0
        lines = wrap_text(name, font(size), w - 10, 3)
        if len(lines) == 1 or (len(lines) == 2 and text_width(lines[1], font(size))
                               <= w - 10 - tail_w):
            return lines, size
    lines = lines[:2]
    lines[-1] = ellipsize(lines[-1], font(size), w - 10 - tail_w)
    return lines, size


def _draw_oval(image: Image.Image, draw: ImageDraw.ImageDraw, view: ShipyardView,
               top: float, locale: str) -> float:
    y = _section(draw, top, t(_R + "oval", locale), t(_R + "oval_note", locale))
    stops = len(view.employees)
    w = (INNER - 6 * (stops - 1)) / stops
    h = 28 + 3 * (_EMPLOYEE_H + 4)
    for i, stop in enumerate(view.employees):
        x = MARGIN + i * (w + 6)
        here = i == view.oval
        _box(draw, (x, y, x + w, y + h), HIGHLIGHT if here else PANEL, INK if here else RULE,
             8, 3 if here else 1)
        draw.text((x + 8, y + 5), _t(_R + "stop", locale, stop=i + 1),
                  font=font(14, bold=True), fill=INK)
        for k, (kind, copies) in enumerate(stop):
            ey = y + 26 + k * (_EMPLOYEE_H + 4)
            image.paste(_employee_tile(kind, copies, int(w - 8), locale),
                        (round(x + 4), round(ey)))
    return y + h + 10


# -- the shipyards ------------------------------------------------------------------------
def _canal_map(image: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerView,
               box: tuple[float, float, float, float], locale: str) -> None:
    x0, y0, x1, y1 = box
    _box(draw, box, (228, 238, 246), RULE, 8)
    if p.renting is not None:
        # the rented canal, unturned, beside the map while the player chooses where it
        # goes (issue 24 item 11): the dashed squares are the places it may go
        inset = 64
        _canal_tile(image, x0 + 8 + inset / 2, y0 + 26 + inset / 2, inset, p.renting, 0,
                    locale)
        draw_text(draw, (x0 + 8, y0 + 6), t(_R + "renting", locale), font(13, bold=True),
                  NAVY, x1 - x0 - 16)
        x0 += inset + 12
    if not p.canals and not p.attach_spots:
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), t(_R + "no_canal", locale),
                  font(15), MUTED, x1 - x0 - 16, anchor="mm")
        return
    xs = [c[0] for c in p.canals] + [s[0] for s in p.attach_spots]
    ys = [c[1] for c in p.canals] + [s[1] for s in p.attach_spots]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    tile = float(int(min(84.0, (x1 - x0 - 16) / cols, (y1 - y0 - 16) / rows)))
    ox = (x0 + x1) / 2 - (cols * tile) / 2
    oy = (y0 + y1) / 2 - (rows * tile) / 2
    for sx, sy in p.attach_spots:
        cx = ox + (sx - min(xs) + 0.5) * tile
        cy = oy + (sy - min(ys) + 0.5) * tile
        half = tile / 2 - 3
        _dashed_square(draw, cx - half, cy - half, cx + half, cy + half)
        draw.text((cx, cy), f"{sx},{sy}", font=font(max(11, int(tile * 0.2)), bold=True),
                  fill=NAVY, anchor="mm")
    centres: dict[tuple[int, int, int], tuple[float, float]] = {}
    for x, y, cid, rot in p.canals:
        cx = ox + (x - min(xs) + 0.5) * tile
        cy = oy + (y - min(ys) + 0.5) * tile
        for k, point in enumerate(_canal_tile(image, cx, cy, tile, cid, rot, locale)):
            centres[(x, y, k)] = point
    if p.figure is not None and p.figure in centres:
        fx, fy = centres[p.figure]
        style = seat_style(p.seat, p.colour)
        if p.came_from is not None:
            if p.came_from in centres:
                bx, by = centres[p.came_from]
            else:  # the canal it came from is used up: point back the way it came
                bx = fx + (p.came_from[0] - p.figure[0]) * tile * 0.5
                by = fy + (p.came_from[1] - p.figure[1]) * tile * 0.5
            angle = math.atan2(fy - by, fx - bx)
            tail = (fx - math.cos(angle) * tile * 0.32, fy - math.sin(angle) * tile * 0.32)
            draw.line([tail, (fx, fy)], fill=INK, width=5)
            draw.ellipse((tail[0] - 5, tail[1] - 5, tail[0] + 5, tail[1] + 5), fill=INK)
        draw_token(image, (fx, fy), max(22, int(tile * 0.34)), style)


def _dashed_square(draw: ImageDraw.ImageDraw, x0: float, y0: float, x1: float,
                   y1: float, dash: float = 7) -> None:
    """A square outlined in dashes: a place a canal may be attached."""
    for (ax, ay), (bx, by) in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)),
                               ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0))):
        length = math.hypot(bx - ax, by - ay)
        steps = max(1, int(length // (2 * dash)))
        for k in range(steps):
            f0, f1 = 2 * k * dash / length, min(1.0, (2 * k + 1) * dash / length)
            draw.line([(ax + (bx - ax) * f0, ay + (by - ay) * f0),
                       (ax + (bx - ax) * f1, ay + (by - ay) * f1)], fill=NAVY, width=2)


def _stock_text(p: PlayerView, locale: str) -> str:
    parts = [f"{t(_P + 'item.' + k, locale)} {n}" for k, n in p.stock if n]
    return ", ".join(parts) or t(_R + "none", locale)


_SLOT_W = 88
#: the width left of the canal map: the 9 slots side by side
_LEFT_W = 9 * (_SLOT_W + 4) - 4
_TEXT_STEP = 19  #: baseline step of the 15 px stock and employee lines
_FLEET_STEP = 32  #: height of one row of fleet chips
_PANEL_HEAD = 140  #: from the panel's top to its first text line (name row and slots)


#: what :func:`_player_lines` returns
_PlayerLines = tuple[list[str], str, float, list[tuple[str, float, int]]]


def _player_lines(p: PlayerView, locale: str) -> _PlayerLines:
    """What a shipyard panel writes below its slots: the wrapped stock and employee lines,
    the fleet label and its width, and each launched ship's chip as (text, x from the
    panel's text edge, row): the chips follow the label on its row, then wrap."""
    stock = _t(_R + "stock", locale, stock=_stock_text(p, locale))
    staff = ", ".join(t(f"{_P}employee.{e}", locale) for e in p.employees) or \
        t(_R + "none", locale)
    lines = [*wrap_text(stock, font(15), _LEFT_W, 2),
             *wrap_text(_t(_R + "employees", locale, staff=staff), font(15), _LEFT_W, 2)]
    label = t(_R + "fleet", locale)
    start = text_width(label, font(15, bold=True)) + 12
    chips: list[tuple[str, float, int]] = []
    x, row = start, 0
    for i, (cards, speed, points) in enumerate(p.fleet):
        text = _t(_R + "ship", locale, number=i + 1, cards=cards, speed=speed, points=points)
        w = text_width(text, font(15)) + 14
        if x + w > _LEFT_W and x > 0:
            x, row = 0.0, row + 1
        chips.append((text, x, row))
        x += w + 4
    return lines, label, start, chips


def _player_height(layout: _PlayerLines) -> int:
    """The height of a panel of ``layout`` (:func:`_player_lines`): the name row and
    slots, then its text lines and fleet; at least the height the canal map needs."""
    lines, _, _, chips = layout
    rows = 1 + (chips[-1][2] if chips else 0)
    return max(224, _PANEL_HEAD + len(lines) * _TEXT_STEP + 4 + rows * _FLEET_STEP + 4)


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: ShipyardView,
                 p: PlayerView, layout: _PlayerLines, names: Sequence[str], top: float,
                 locale: str) -> float:
    h = _player_height(layout)
    current = p.seat == view.current and view.phase != "over"
    # square corners: four rounded panels of this size cost a tenth of the drawing
    _box(draw, (MARGIN, top, WIDTH - MARGIN, top + h), (255, 249, 222) if current else PANEL,
         INK if current else RULE, 8, 3 if current else 1)
    style = seat_style(p.seat, p.colour)
    draw_token(image, (MARGIN + 24, top + 24), 30, style)
    name = ellipsize(_name(names, p.seat), font(20, bold=True), 330)
    used = draw_text(draw, (MARGIN + 46, top + 24), name, font(20, bold=True), INK,
                     anchor="lm")
    facts = " · ".join(_t(_R + "fact_" + what, locale, count=count) for what, count in (
        ("points", p.score), ("guilders", p.money), ("trains", len(p.trains)),
        ("ships", len(p.fleet)), ("used", p.used_canals), ("contracts", p.contracts)))
    draw_text(draw, (MARGIN + 60 + used, top + 24), facts, font(16), INK,
              WIDTH - 2 * MARGIN - used - 80, anchor="lm")
    # the 9 slots, and the canal map to their right over the panel's height
    y = top + 44
    for slot, card in enumerate(p.yard):
        x = MARGIN + 12 + slot * (_SLOT_W + 4)
        draw.text((x + _SLOT_W / 2, y), str(slot + 1), font=font(14, bold=True), fill=MUTED,
                  anchor="ma")
        _ship_card(image, (x, y + 16, x + _SLOT_W, y + 90), card, locale)
    map_box = (MARGIN + 12 + _LEFT_W + 12, top + 42, WIDTH - MARGIN - 12, top + h - 10)
    _canal_map(image, draw, p, map_box, locale)
    # below the slots: stock, employees, then the launched fleet after its label
    lines, label, start, chips = layout
    y = top + _PANEL_HEAD
    for line in lines:
        draw.text((MARGIN + 12, y), line, font=font(15), fill=INK)
        y += _TEXT_STEP
    y += 4
    left = float(MARGIN + 12)
    draw_text(draw, (left, y + 14), label, font(15, bold=True), NAVY, _LEFT_W, anchor="lm")
    if not chips:
        draw_text(draw, (left + start, y + 14), t(_R + "none", locale), font(15), MUTED,
                  anchor="lm")
    for text, chip_x, row in chips:
        cy = y + row * _FLEET_STEP
        w = text_width(text, font(15)) + 14
        _box(draw, (left + chip_x, cy, left + chip_x + w, cy + 28), WHITE, RULE, 6)
        draw.text((left + chip_x + 7, cy + 14), text, font=font(15), fill=INK, anchor="lm")
    return top + h + 10


def _legend(draw: ImageDraw.ImageDraw, top: float, locale: str) -> float:
    lines = wrap_text(t(_R + "legend", locale), font(15), INNER, 3)
    for k, line in enumerate(lines):
        draw.text((MARGIN, top + k * 20), line, font=font(15), fill=MUTED)
    return top + len(lines) * 20 + 8


#: (players, caption lines, locale) -> the height of the board above the shipyards, found
#: by the first render of that shape (that part's layout depends on nothing else); the
#: shipyards' panels are measured before drawing, so later renders need no crop.
_HEIGHTS: dict[tuple[int, int, str], int] = {}

#: Shipyard's board is the largest image of any game (1,200 × 2,000 px and more): its
#: palette is chosen from every third pixel each way (as good here, four times faster)...
_PALETTE_STEP = 3
#: ... once per set of seat colours, from the first board drawn with them and a swatch
#: of every fill this module paints (the colours never change from one move to the next,
#: so a later board's new fills, e.g. a first launched ship, are in the palette too)
_SWATCH: tuple[RGB, ...] = (
    PAPER, PANEL, NAVY, RULE, WATER, LAND, HIGHLIGHT, INK, MUTED, WHITE,
    (255, 249, 222), (228, 238, 246), (236, 196, 72), (210, 220, 236), (246, 196, 48),
    (255, 236, 170),
    *DECK_FILL.values(), *MOUNT_FILL.values(), *SAFETY_FILL.values(),
    *OFFICIAL_FILL.values(), *COMMODITY_FILL.values(), *CARD_FILL.values())
_PALETTES = KeptPalettes(_SWATCH, _PALETTE_STEP)


def render_board(view: ShipyardView, names: Sequence[str], caption: str,
                 locale: str = "en") -> bytes:
    """The public board as PNG bytes: the header and the account, the track, the display,
    trains, canals and rondels, the oval, then each player's shipyard.

    The first board of a set of seat colours (or of a new shape: players, account lines,
    locale) is drawn whole; later ones in parts (issue 29 item 6): everything above the
    shipyards in one image and each shipyard as a palette tile kept while its inputs stay
    the same (:func:`_player_part`), so that an unchanged shipyard is neither drawn nor
    mapped onto the palette again."""
    face = font(18)
    lines = wrap_account(caption, face, INNER, 3) if caption.strip() else []
    shape = (len(view.players), len(lines), locale)
    board = _HEIGHTS.get(shape)
    layouts = [_player_lines(p, locale) for p in view.players]
    yards = sum(_player_height(layout) + 10 for layout in layouts)
    key = tuple(p.colour for p in view.players)
    if board is not None and _PALETTES.kept(key) is not None:
        return _board_in_parts(view, names, lines, locale, board, layouts, yards, key)
    image = Image.new("RGB", (WIDTH, (board or 1500) + yards + 6), PAPER)
    y = _draw_top(image, view, names, lines, locale)
    if board is None:
        _HEIGHTS[shape] = board = int(y)
        image = image.crop((0, 0, WIDTH, board + yards + 6))
    draw = drawing(image)
    y = float(board)
    for p, layout in zip(view.players, layouts, strict=True):
        y = _draw_player(image, draw, view, p, layout, names, y, locale)
    return _PALETTES.png(key, image)


def _draw_top(image: Image.Image, view: ShipyardView, names: Sequence[str],
              lines: Sequence[str], locale: str) -> float:
    """Everything above the players' shipyards, down to their section's title; returns
    where the shipyards start."""
    face = font(18)
    draw = drawing(image)
    _header(draw, view, names, locale)
    y = 66.0
    if lines:
        for line in lines:  # the account: new lines every move, made of the same words
            draw_words(draw, (MARGIN, y), line, face, INK)
            y += line_height(face)
        y += 4
    order = [TurnSeat(seat, seat_style(seat, view.players[seat].colour), _name(names, seat),
                      current=seat == view.current and view.phase != "over")
             for seat in play_order(view.start_player, len(view.players))]
    draw_turn_order(image, draw, (MARGIN, y + 16), INNER, order, locale, size=26)
    y += 42
    y = _draw_track(image, draw, view, y, locale)
    right_x = MARGIN + 60 + 4 * 148 + 14
    bottom_left = _draw_display(image, draw, view, y, locale)
    bottom_right = _draw_trains_canals(image, draw, view, right_x, y, locale)
    bottom_right = _draw_rondels(draw, view, right_x, bottom_right, locale)
    y = max(bottom_left, bottom_right) + 8
    y = _draw_oval(image, draw, view, y, locale)
    y = _legend(draw, y, locale)
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=2)
    return _section(draw, y + 8, t(_R + "shipyards", locale))


def _board_in_parts(view: ShipyardView, names: Sequence[str], lines: Sequence[str],
                    locale: str, board: int, layouts: Sequence[_PlayerLines], yards: int,
                    key: tuple[str, ...]) -> bytes:
    """:func:`render_board` of a board whose palette and height above the shipyards are
    known: the top drawn alone (:func:`_draw_top`), each shipyard a kept tile."""
    top = _PALETTES.canvas(key, (WIDTH, board), PAPER)  # drawn in the palette's indices
    _draw_top(top, view, names, lines, locale)
    parts: list[tuple[tuple[int, int], Image.Image]] = [((0, 0), top)]
    y = board
    for p, layout in zip(view.players, layouts, strict=True):
        odd = y % 2
        parts.append(((0, y - odd), _PALETTES.tile(
            key, _player_part(view, p, layout, names, locale, odd),
            partial(_player_tile, view, p, layout, names, locale, odd))))
        y += _player_height(layout) + 10
    return _PALETTES.compose(key, (WIDTH, board + yards + 6), PAPER, parts)


def _player_part(view: ShipyardView, p: PlayerView, layout: _PlayerLines,
                 names: Sequence[str], locale: str, odd: int) -> tuple[object, ...]:
    """Everything :func:`_draw_player` draws from: the key of its kept tile (``layout``
    follows from the player and the locale)."""
    current = p.seat == view.current and view.phase != "over"
    return ("shipyard", p, _name(names, p.seat), locale, current, odd)


def _player_tile(view: ShipyardView, p: PlayerView, layout: _PlayerLines,
                 names: Sequence[str], locale: str, odd: int) -> Image.Image:
    """A player's shipyard on its own, the full width of the board, drawn ``odd`` (0 or
    1) rows down as on a board where it starts on an odd row (moved by an even number of
    rows, every half-pixel position rounds as it does there)."""
    # in RGB, mapped: its ships paste a token over a space's antialiased disc, a blend
    # over a blend, which a palette canvas would blend over the disc's palette colour
    tile = Image.new("RGB", (WIDTH, _player_height(layout) + 1 + odd), PAPER)
    _draw_player(tile, drawing(tile), view, p, layout, names, float(odd), locale)
    return tile


# -- the private image: the seat's own contracts ---------------------------------------
CONTRACT_W, CONTRACT_H = 270, 170


def hand_key(view: ShipyardView) -> tuple[object, ...]:
    """What :func:`render_hand` draws from: the seat and its contracts."""
    return (view.viewer, view.green, view.blue)


def _contract_card(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, index: int,
                   locale: str) -> None:
    fill = (206, 234, 206) if colour == "green" else (204, 220, 244)
    edge = (40, 120, 60) if colour == "green" else (40, 80, 170)
    _box(draw, (x, y, x + CONTRACT_W, y + CONTRACT_H), fill, edge, 12, 3)
    title = t(_R + f"contract_title.{colour}", locale)
    draw_text(draw, (x + 14, y + 12), title, font(16, bold=True), edge, CONTRACT_W - 28)
    code = (GREEN if colour == "green" else BLUE)[index].code
    text = t(f"{_P}contract_{colour}.{code}", locale)
    for k, line in enumerate(wrap_text(text, font(18, bold=True), CONTRACT_W - 28, 5)):
        draw.text((x + 14, y + 42 + k * 24), line, font=font(18, bold=True), fill=INK)


def render_hand(view: ShipyardView, names: Sequence[str], locale: str = "en") -> bytes:
    """The viewer's government contracts, green then blue, drawn as cards."""
    green, blue = view.green or (), view.blue or ()
    cards = [("green", i) for i in green] + [("blue", i) for i in blue]
    per_row = 3
    rows = max(1, math.ceil(len(cards) / per_row))
    width = per_row * CONTRACT_W + (per_row + 1) * 16
    image = Image.new("RGB", (width, 64 + rows * (CONTRACT_H + 16)), PAPER)
    draw = drawing(image)
    seat = view.viewer if view.viewer is not None else 0
    title = _t(_R + "hand_title", locale, name=_name(names, seat))
    draw_fitted(draw, (16, 30), title, width - 32, 22, INK, bold=True, anchor="lm")
    if not cards:
        draw_text(draw, (16, 80), t(_R + "none", locale), font(18), MUTED)
    for k, (colour, index) in enumerate(cards):
        x = 16 + (k % per_row) * (CONTRACT_W + 16)
        y = 60 + (k // per_row) * (CONTRACT_H + 16)
        _contract_card(draw, x, y, colour, index, locale)
    return _PALETTES.png("hand", image)  # one palette for every hand: the same fills
