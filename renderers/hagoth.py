"""Pillow images of Hagoth: the public board and a player's private hand.

Both functions draw a :class:`~games.hagoth.view.HagothView` and nothing else.
:func:`render_board` never looks at ``view.hand``; :func:`render_hand` draws the
viewer's own hand and a reminder of their berths. Every word comes from the
translation layer; the lane background is drawn once per locale and reused.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import cache, partial

from PIL import Image, ImageDraw

from games.hagoth.data import (
    ATTACK_CARDS,
    BLUEPRINTS,
    BUILD_CARDS,
    SAIL,
    SEGMENTS,
    WOOD,
    WOOD_TOKENS,
    Blueprint,
)
from games.hagoth.view import DesignView, HagothView, PlayerView, ShipView
from i18n import has, t
from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    KeptPalettes,
    SeatStyle,
    TurnSeat,
    dashed_rectangle,
    draw_caption,
    draw_fitted,
    draw_text,
    draw_title_with_note,
    draw_token,
    draw_turn_order,
    drawing,
    ellipsize,
    even_floor,
    fills,
    fit_font,
    font,
    line_height,
    play_order,
    readable_ink,
    seat_style,
    text_width,
    wrap_account,
    wrap_text,
)

# -- geometry ---------------------------------------------------------------------------
WIDTH = 1200
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
GAP = 12

HEADER_H = 56
STATUS_H = 72
LANE_HEAD_H = 36
LANE_H = 72
LANE_GAP = 6
LANES_H = LANE_HEAD_H + len(BLUEPRINTS) * (LANE_H + LANE_GAP)
PANEL_H = 188
BERTH_H = 80
#: Width of the numbered tab at the left of each berth, and the gap after it.
BERTH_TAB_W, BERTH_TAB_GAP = 42, 6
CARD_W, CARD_H = 212, 272
#: Widest a display name may be in the status line before it is cut short.
NAME_MAX = 440

# Lane columns: label | harbour | sea spaces | land.
LABEL_X0, LABEL_X1 = MARGIN, MARGIN + 214
HARBOUR_X0, HARBOUR_X1 = LABEL_X1 + 8, LABEL_X1 + 160
LAND_X0, LAND_X1 = WIDTH - MARGIN - 152, WIDTH - MARGIN
SEA_X0, SEA_X1 = HARBOUR_X1 + 10, LAND_X0 - 10

# Player panel columns: statistics | berths.
STATS_W = 352
BERTHS_X0 = MARGIN + STATS_W + 16

# -- colours ----------------------------------------------------------------------------
BACKGROUND: RGB = (246, 242, 232)
NAVY: RGB = (28, 48, 68)
FAINT: RGB = (150, 150, 150)
RULE: RGB = (200, 194, 180)
SEA: RGB = (205, 228, 240)
SEA_DEEP: RGB = (120, 165, 195)
HARBOUR: RGB = (238, 222, 186)
LAND: RGB = (196, 224, 170)
WOOD_FILL: RGB = (214, 160, 100)
WOOD_DARK: RGB = (122, 78, 36)
GOLD: RGB = (246, 196, 48)
CURRENT_BG: RGB = (255, 249, 222)
COMPLETE: RGB = (0, 122, 78)
ALERT: RGB = (190, 30, 30)
CHIP: RGB = (232, 228, 218)
BERTH_TAB: RGB = (222, 230, 240)
BLUEPRINT_BG: RGB = (226, 238, 250)
BLUEPRINT_GRID: RGB = (196, 216, 238)

#: Band colour of each hand card category (``render.hagoth.category.<key>`` names it).
CATEGORIES: dict[str, RGB] = {
    "segment": (30, 84, 150),
    "wood": (150, 96, 30),
    "build": (80, 80, 80),
    "sail": (0, 128, 140),
    "attack": (178, 34, 34),
}


# -- small shared pieces ------------------------------------------------------------------
def _style(player: PlayerView) -> SeatStyle:
    """The colour, letter and shape of ``player``'s tokens."""
    return seat_style(player.seat, player.colour)


def _card_name(code: str, locale: str, short: bool = False) -> str:
    """A card's translated name; ``short`` prefers the abbreviated form if there is one."""
    if short and has(f"hagoth.card_short.{code}", locale):
        return t(f"hagoth.card_short.{code}", locale)
    return t(f"hagoth.card.{code}", locale)


def _category(code: str) -> str:
    """The hand category of a card: segment, wood, build, sail or attack."""
    if code in SEGMENTS:
        return "segment"
    if code == WOOD:
        return "wood"
    if code in BUILD_CARDS:
        return "build"
    if code == SAIL:
        return "sail"
    if code in ATTACK_CARDS:
        return "attack"
    raise ValueError(f"unknown Hagoth card {code!r}")


def _log_icon(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A wood log, ``size`` pixels wide, with its top-left corner at ``(x, y)``."""
    h = size * 0.55
    draw.rounded_rectangle(
        (x, y, x + size, y + h), radius=h / 2, fill=WOOD_FILL, outline=WOOD_DARK, width=2
    )
    draw.ellipse(
        (x + size - h, y, x + size, y + h), fill=(236, 200, 150), outline=WOOD_DARK, width=2
    )
    draw.ellipse(
        (x + size - h * 0.68, y + h * 0.32, x + size - h * 0.32, y + h * 0.68),
        outline=WOOD_DARK,
        width=1,
    )


def _cards_icon(draw: ImageDraw.ImageDraw, x: float, y: float, size: int) -> None:
    """A small fanned stack of cards with its top-left corner at ``(x, y)``."""
    w, h = size * 0.62, size * 0.86
    for dx in (0, size * 0.19, size * 0.38):
        draw.rounded_rectangle(
            (x + dx, y, x + dx + w, y + h), radius=3, fill=WHITE, outline=INK, width=2
        )


def _chip(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    size: int = 17,
    fill: RGB = CHIP,
    icon: str | None = None,
    bold: bool = False,
) -> float:
    """A rounded label at ``(x, y)`` with an optional ``wood``/``cards`` icon; its width."""
    face = font(size, bold)
    h = size + 14
    icon_w = round(size * 1.4) if icon else 0
    w = icon_w + text_width(text, face) + 20
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h / 2, fill=fill)
    if icon == "wood":
        _log_icon(draw, x + 10, y + h / 2 - size * 0.33, round(size * 1.2))
    elif icon == "cards":
        _cards_icon(draw, x + 10, y + h / 2 - size * 0.43, size)
    draw.text((x + 10 + icon_w, y + h / 2), text, font=face, fill=readable_ink(fill), anchor="lm")
    return w


def _chip_width(text: str, size: int = 17, icon: bool = False, bold: bool = False) -> float:
    """The width :func:`_chip` will take for the same arguments."""
    return (round(size * 1.4) if icon else 0) + text_width(text, font(size, bold)) + 20


def _check(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    """A tick mark in a ``size`` box at ``(x, y)``."""
    draw.line(
        [(x, y + size * 0.55), (x + size * 0.38, y + size * 0.9), (x + size, y + size * 0.1)],
        fill=fill,
        width=max(2, round(size / 5)),
        joint="curve",
    )


def _token_grid(
    box: tuple[float, float, float, float], count: int, max_size: int
) -> tuple[int, list[tuple[float, float]]]:
    """Token size and centres to set ``count`` tokens side by side (in rows if need be)."""
    x0, y0, x1, y1 = box
    best_size, best_cols = 0, count
    for rows in range(1, count + 1):
        cols = math.ceil(count / rows)
        size = int(min(max_size, (x1 - x0) / cols - 3, (y1 - y0) / rows - 3))
        if size > best_size:
            best_size, best_cols = size, cols
    cols = best_cols
    rows = math.ceil(count / cols)
    step = best_size + 3
    centres = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        cx = (x0 + x1) / 2 + (col - (in_row - 1) / 2) * step
        cy = (y0 + y1) / 2 + (row - (rows - 1) / 2) * step
        centres.append((cx, cy))
    return best_size, centres


# -- lanes ----------------------------------------------------------------------------
def _lane_top(lane: int) -> int:
    """The top of ``lane``'s row within the lanes layer."""
    return LANE_HEAD_H + lane * (LANE_H + LANE_GAP)


def _space_boxes(bp: Blueprint, top: float) -> list[tuple[float, float, float, float]]:
    """Boxes of every position of ``bp``'s lane: harbour, sea spaces, Land Northward."""
    y0, y1 = top + 4, top + LANE_H - 4
    boxes = [(HARBOUR_X0 + 56.0, y0, float(HARBOUR_X1 - 6), y1)]
    at_sea = bp.lane_length - 1
    if at_sea:
        pitch = (SEA_X1 - SEA_X0) / at_sea
        width = min(132.0, pitch - 14)
        for i in range(at_sea):
            cx = SEA_X0 + pitch * (i + 0.5)
            boxes.append((cx - width / 2, y0 + 4, cx + width / 2, y1 - 4))
    boxes.append((float(LAND_X0 + 6), y0, LAND_X1 - 56.0, y1))
    return boxes


@cache
def _lanes_layer(locale: str) -> Image.Image:
    """The five lanes without ships, drawn once per locale (cached; do not modify it)."""
    layer = Image.new("RGB", (WIDTH, LANES_H), BACKGROUND)
    draw = drawing(layer)
    head = font(18, bold=True)
    mid = LANE_HEAD_H / 2
    draw_text(
        draw,
        (LABEL_X0, mid),
        t("render.hagoth.lanes", locale),
        head,
        NAVY,
        LABEL_X1 - LABEL_X0,
        "lm",
    )
    draw_fitted(
        draw,
        ((HARBOUR_X0 + HARBOUR_X1) / 2, mid),
        t("render.hagoth.harbour", locale),
        HARBOUR_X1 - HARBOUR_X0 + 60,
        18,
        NAVY,
        bold=True,
        anchor="mm",
    )
    draw_fitted(
        draw,
        ((LAND_X0 + LAND_X1) / 2, mid),
        t("render.hagoth.land", locale),
        LAND_X1 - LAND_X0 + 20,
        18,
        NAVY,
        bold=True,
        anchor="mm",
    )
    arrow_y = mid
    draw.line((SEA_X0 + 60, arrow_y, SEA_X1 - 60, arrow_y), fill=SEA_DEEP, width=3)
    draw.polygon(
        [(SEA_X1 - 60, arrow_y - 8), (SEA_X1 - 44, arrow_y), (SEA_X1 - 60, arrow_y + 8)],
        fill=SEA_DEEP,
    )
    bonus = font(24, bold=True)
    for bp in BLUEPRINTS:
        top = _lane_top(bp.index)
        bottom = top + LANE_H
        name = t(f"hagoth.blueprint.{bp.code}", locale)
        draw_fitted(draw, (LABEL_X0, top + 12), name, LABEL_X1 - LABEL_X0, 20, INK, bold=True)
        draw_text(
            draw,
            (LABEL_X0, top + 42),
            t("render.hagoth.lane_length", locale, count=bp.lane_length),
            font(16),
            MUTED,
            LABEL_X1 - LABEL_X0,
        )
        # Sea band from harbour to land, with a track through the spaces.
        draw.rectangle((HARBOUR_X0, top, LAND_X1, bottom), fill=SEA)
        cy = top + LANE_H / 2
        draw.line((HARBOUR_X1, cy, LAND_X0, cy), fill=SEA_DEEP, width=3)
        draw.polygon(
            [(LAND_X0 - 14, cy - 9), (LAND_X0 - 1, cy), (LAND_X0 - 14, cy + 9)], fill=SEA_DEEP
        )
        draw.rounded_rectangle(
            (HARBOUR_X0, top, HARBOUR_X1, bottom),
            radius=10,
            fill=HARBOUR,
            outline=WOOD_DARK,
            width=2,
        )
        draw.rounded_rectangle(
            (LAND_X0, top, LAND_X1, bottom), radius=10, fill=LAND, outline=(70, 120, 50), width=2
        )
        draw.text(
            (HARBOUR_X0 + 28, cy),
            t("render.hagoth.bonus", locale, vp=bp.launch_vp),
            font=bonus,
            fill=WOOD_DARK,
            anchor="mm",
        )
        draw.text(
            (LAND_X1 - 28, cy),
            t("render.hagoth.bonus", locale, vp=bp.arrival_vp),
            font=bonus,
            fill=(40, 90, 30),
            anchor="mm",
        )
        for number, box in enumerate(_space_boxes(bp, top)[1:-1], start=1):
            draw.rounded_rectangle(box, radius=8, fill=(232, 244, 250), outline=SEA_DEEP, width=2)
            draw.text((box[0] + 6, box[1] + 3), str(number), font=font(14), fill=MUTED)
    return layer


def _ships_at(view: HagothView) -> tuple[tuple[tuple[int, int], tuple[SeatStyle, ...]], ...]:
    """((lane, position), the styles of the ships there) for every space with ships, in
    the order :func:`_draw_ships` draws them: all the lanes' drawing depends on."""
    at: dict[tuple[int, int], list[SeatStyle]] = {}
    for player in view.players:
        for berth in player.berths:
            if isinstance(berth, ShipView):
                bp = BLUEPRINTS[berth.lane]
                position = max(0, min(berth.position, bp.lane_length))
                at.setdefault((berth.lane, position), []).append(_style(player))
    return tuple((space, tuple(styles)) for space, styles in at.items())


def _lanes_tile(key: Hashable, view: HagothView, locale: str, odd: int) -> Image.Image:
    """The lanes with their ships on a tile of their own, drawn ``odd`` (0 or 1) rows
    down, as on a board whose lanes start on an odd row (moved by an even number of rows,
    every half-pixel position rounds as on the board), in the palette of the board
    ``key``."""
    tile = _PALETTES.canvas(key, (WIDTH, LANES_H + odd), BACKGROUND)
    tile.paste(_lanes_layer(locale), (0, odd))
    _draw_ships(tile, view, odd)
    return tile


def _draw_ships(image: Image.Image, view: HagothView, top: int) -> None:
    """Every ship token on its lane position; tokens sharing a space sit side by side."""
    for (lane, position), styles in _ships_at(view):
        x0, y0, x1, y1 = _space_boxes(BLUEPRINTS[lane], top + _lane_top(lane))[position]
        # Leave the space's number in its top-left corner visible.
        size, centres = _token_grid((x0 + 14, y0, x1 - 2, y1), len(styles), 46)
        for style, centre in zip(styles, centres, strict=True):
            draw_token(image, centre, size, style)


# -- berths -----------------------------------------------------------------------------
def _draw_berth_tab(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], number: int, locale: str
) -> None:
    """The tab naming a berth by the number moves and commands use for it (1 or 2)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(
        (x0, y0 + 2, x1, y1 - 2), radius=8, fill=BERTH_TAB, outline=NAVY, width=2
    )
    cx = (x0 + x1) / 2
    draw_fitted(
        draw,
        (cx, y0 + 18),
        t("render.hagoth.berth_tab", locale),
        x1 - x0 - 6,
        13,
        NAVY,
        bold=True,
        anchor="mm",
        min_size=9,
    )
    draw.text(
        (cx, (y0 + y1) / 2 + 10), str(number), font=font(30, bold=True), fill=NAVY, anchor="mm"
    )


def _draw_berth(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    number: int,
    berth: DesignView | ShipView | None,
    style: SeatStyle,
    locale: str,
) -> None:
    """Berth ``number`` in ``box``: its numbered tab, then a design, a ship, or nothing."""
    x0, y0, x1, y1 = box
    _draw_berth_tab(draw, (x0, y0, x0 + BERTH_TAB_W, y1), number, locale)
    x0 += BERTH_TAB_W + BERTH_TAB_GAP
    box = (x0, y0, x1, y1)
    if berth is None:
        dashed_rectangle(draw, (x0, y0 + 4, x1, y1 - 4), FAINT, width=2)
        draw.text(
            ((x0 + x1) / 2, (y0 + y1) / 2),
            t("render.hagoth.berth_empty", locale),
            font=font(17),
            fill=MUTED,
            anchor="mm",
        )
        return
    bp = BLUEPRINTS[berth.blueprint if isinstance(berth, DesignView) else berth.lane]
    name = t(f"hagoth.blueprint.{bp.code}", locale)
    if isinstance(berth, ShipView):
        _draw_sailing(image, draw, box, berth, bp, name, style, locale)
    else:
        _draw_design(draw, box, berth, bp, name, locale)


def _draw_sailing(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    ship: ShipView,
    bp: Blueprint,
    name: str,
    style: SeatStyle,
    locale: str,
) -> None:
    """A launched ship: its lane and a small track of how far it has sailed."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0 + 2, x1, y1 - 2), radius=8, fill=SEA, outline=SEA_DEEP, width=2)
    title = t("render.hagoth.sailing", locale, ship=name)
    draw_fitted(draw, (x0 + 12, y0 + 12), title, (x1 - x0) * 0.5, 18, INK, bold=True)
    position = max(0, min(ship.position, bp.lane_length))
    draw_text(
        draw,
        (x0 + 12, y0 + 42),
        t("render.hagoth.sailed", locale, position=position, length=bp.lane_length),
        font(17),
        INK,
        (x1 - x0) * 0.5,
    )
    # Mini track: harbour, each space, land; the token sits on its position.
    tx0, tx1, cy = x0 + (x1 - x0) * 0.55, x1 - 28, (y0 + y1) / 2
    step = (tx1 - tx0) / bp.lane_length
    draw.line((tx0, cy, tx1, cy), fill=SEA_DEEP, width=3)
    for i in range(bp.lane_length + 1):
        cx = tx0 + i * step
        fill = HARBOUR if i == 0 else LAND if i == bp.lane_length else WHITE
        draw.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=fill, outline=SEA_DEEP, width=2)
    draw_token(image, (tx0 + position * step, cy), 40, style)


def _design_slots(design: DesignView, bp: Blueprint) -> list[tuple[str, str]]:
    """``(segment, state)`` per card slot in printed order; state is built/held/missing."""
    held = Counter(design.segments)
    slots: list[tuple[str, str]] = []
    placed = 0
    for segment in bp.segments:
        if held[segment] > 0:
            held[segment] -= 1
            slots.append((segment, "built" if placed < design.wood else "held"))
            placed += 1
        else:
            slots.append((segment, "missing"))
    # Cards that the blueprint does not need (never expected) are still shown.
    for segment in design.segments:
        if held[segment] > 0:
            held[segment] -= 1
            slots.append((segment, "held"))
    return slots


def _draw_design(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    design: DesignView,
    bp: Blueprint,
    name: str,
    locale: str,
) -> None:
    """A design: blueprint name, progress, and its segment cards (built ones in wood)."""
    x0, y0, x1, y1 = box
    slots = _design_slots(design, bp)
    missing = sum(state == "missing" for _, state in slots)
    # Status chip on the right: complete, or how many cards are missing.
    if design.complete:
        label = t("render.hagoth.complete", locale)
        w = _chip_width(label, 16, bold=True) + 20
        draw.rounded_rectangle((x1 - w, y0, x1, y0 + 28), radius=14, fill=COMPLETE)
        _check(draw, x1 - w + 10, y0 + 8, 13, WHITE)
        draw.text((x1 - w + 30, y0 + 14), label, font=font(16, bold=True), fill=WHITE, anchor="lm")
    else:
        label = t("render.hagoth.missing", locale, count=missing)
        w = _chip_width(label, 16)
        _chip(draw, x1 - w, y0, label, 16)
    used = draw_fitted(draw, (x0, y0 + 4), name, (x1 - x0 - w) * 0.6, 19, INK, bold=True)
    built = t("render.hagoth.built", locale, built=design.wood, total=bp.size)
    draw_text(draw, (x0 + used + 14, y0 + 6), built, font(17), MUTED, x1 - w - x0 - used - 24)
    # The cards.
    top, bottom = y0 + 34, y1 - 2
    gap = 6
    width = min(112.0, (x1 - x0 - gap * (len(slots) - 1)) / max(1, len(slots)))
    for i, (segment, state) in enumerate(slots):
        cx0 = x0 + i * (width + gap)
        card = (cx0, top, cx0 + width, bottom)
        label = _card_name(segment, locale, short=True)
        if state == "missing":
            dashed_rectangle(draw, card, FAINT, width=2, dash=6)
            ink = MUTED
        elif state == "built":
            draw.rounded_rectangle(card, radius=6, fill=WOOD_FILL, outline=WOOD_DARK, width=2)
            for gy in (top + 7, bottom - 7):  # wood grain
                draw.line((cx0 + 6, gy, cx0 + width - 6, gy), fill=WOOD_DARK, width=1)
            ink = INK
        else:
            draw.rounded_rectangle(card, radius=6, fill=WHITE, outline=INK, width=2)
            ink = INK
        draw_fitted(
            draw,
            ((card[0] + card[2]) / 2, (top + bottom) / 2),
            label,
            width - 6,
            16,
            ink,
            bold=state != "missing",
            anchor="mm",
        )


# -- the board --------------------------------------------------------------------------
def _round_text(view: HagothView, locale: str) -> str:
    """The round (every seat's turn once, from the one who went first); games saved
    before the first seat was recorded count turns instead."""
    if 0 <= view.first < len(view.players) and view.round > 0:
        return t("render.hagoth.round", locale, round=view.round)
    return t("render.hagoth.turn", locale, turn=view.turn)


ORDER_H = 44  #: the turn-order strip under the status line


def _draw_order(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: HagothView, names: Sequence[str],
    locale: str, top: int,
) -> None:
    """Who plays after whom, from the seat that went first; the seat to play is lit."""
    draw.rectangle((0, top, WIDTH, top + ORDER_H), fill=(226, 234, 242))
    order = [TurnSeat(p.seat, _style(p), names[p.seat] if p.seat < len(names) else None,
                      current=view.winner is None and p.seat == view.current)
             for p in (view.players[s] for s in play_order(view.first, len(view.players)))]
    draw_turn_order(image, draw, (MARGIN, top + ORDER_H / 2), INNER, order, locale,
                    first_known=0 <= view.first < len(view.players), size=26)


def _draw_header(draw: ImageDraw.ImageDraw, view: HagothView, locale: str) -> None:
    """The title bar: the game's name, the Speed variant if on, and the round."""
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=NAVY)
    right: float = WIDTH - MARGIN
    turn = _round_text(view, locale)
    right -= draw_text(draw, (right, HEADER_H / 2), turn, font(22, bold=True), WHITE, anchor="rm")
    if view.speed:
        label = t("render.hagoth.speed", locale)
        w = _chip_width(label, 16, bold=True)
        right -= w + 16
        _chip(draw, right, HEADER_H / 2 - 15, label, 16, fill=GOLD, bold=True)
    draw_fitted(
        draw,
        (MARGIN, HEADER_H / 2),
        t("hagoth.name", locale),
        right - MARGIN - 24,
        24,
        WHITE,
        bold=True,
        anchor="lm",
    )


def _draw_status(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HagothView,
    names: Sequence[str],
    locale: str,
    top: int,
) -> None:
    """Whose turn it is (or the winner banner) and the shared stock, deck and discard."""
    chips = [
        (t("render.hagoth.stock", locale, count=view.stock, total=WOOD_TOKENS), "wood"),
        (t("render.hagoth.deck", locale, count=view.deck_count), "cards"),
        (t("render.hagoth.discard", locale, count=view.discard_count), None),
    ]
    cy = top + STATUS_H / 2
    x = WIDTH - MARGIN - sum(_chip_width(text, 17, icon is not None) + 8 for text, icon in chips)
    left_limit = x - 16
    if view.winner is not None:
        player = view.players[view.winner]
        draw.rectangle((0, top, WIDTH, top + STATUS_H), fill=GOLD)
        draw.line((0, top + STATUS_H - 1, WIDTH, top + STATUS_H - 1), fill=WOOD_DARK, width=2)
        draw_token(image, (MARGIN + 26, cy), 52, _style(player))
        name = ellipsize(names[view.winner], font(36, bold=True), NAME_MAX)
        text = t("render.hagoth.winner", locale, name=name)
        used = draw_fitted(
            draw,
            (MARGIN + 64, cy),
            text,
            left_limit - MARGIN - 200,
            36,
            INK,
            bold=True,
            anchor="lm",
            min_size=24,
        )
        score = t("render.hagoth.winner_score", locale, vp=player.vp)
        draw_text(
            draw,
            (MARGIN + 80 + used, cy),
            score,
            font(24, bold=True),
            INK,
            left_limit - MARGIN - 80 - used,
            "lm",
        )
    else:
        player = view.players[view.current]
        draw_token(image, (MARGIN + 24, cy), 46, _style(player))
        name = ellipsize(names[view.current], font(32, bold=True), NAME_MAX)
        text = t("render.hagoth.to_play", locale, name=name)
        # The note says half of the turn is already played.
        note = t("render.hagoth.first_card_played", locale) if view.cards_played else ""
        draw_title_with_note(draw, (MARGIN + 58, cy), text, note, left_limit - MARGIN - 58,
                             size=32, note_size=16, min_size=24)
    fill = WHITE if view.winner is None else CHIP
    for text, icon in chips:
        x += _chip(draw, x, cy - 15, text, 17, fill=fill, icon=icon) + 8


def _draw_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HagothView,
    player: PlayerView,
    name: str,
    locale: str,
    top: int,
    berths: bool = True,
) -> None:
    """One player's panel: name, token, VP bar, wood, cards, skips and both berths
    (without ``berths``, their places left blank: :func:`_berth_parts` fills them)."""
    style = _style(player)
    x0, x1, bottom = MARGIN, WIDTH - MARGIN, top + PANEL_H
    is_winner = view.winner == player.seat
    is_current = view.winner is None and view.current == player.seat
    background = CURRENT_BG if is_current or is_winner else WHITE
    border, border_w = (NAVY, 5) if is_current else (WOOD_DARK, 5) if is_winner else (RULE, 2)
    draw.rectangle((x0, top, x1, bottom), fill=background, outline=border, width=border_w)
    draw.rectangle(
        (x0 + border_w, top + border_w, x0 + border_w + 10, bottom - border_w), fill=style.rgb
    )
    sx = x0 + 28
    draw_token(image, (sx + 20, top + 34), 40, style)
    draw_fitted(
        draw, (sx + 50, top + 14), name, x0 + STATS_W - sx - 50, 24, INK, bold=True, min_size=18
    )
    # Tag for the current player or the winner, beside the colour name.
    tag_w = 0.0
    if is_current or is_winner:
        key = "render.hagoth.winner_tag" if is_winner else "render.hagoth.to_play_tag"
        tag = t(key, locale)
        tag_w = _chip_width(tag, 15, bold=True)
        _chip(
            draw,
            x0 + STATS_W - tag_w,
            top + 44,
            tag,
            15,
            fill=GOLD if is_winner else NAVY,
            bold=True,
        )
    draw_text(
        draw,
        (sx + 50, top + 46),
        t(f"hagoth.colour.{player.colour}", locale),
        font(16),
        MUTED,
        x0 + STATS_W - sx - 60 - tag_w,
    )
    # Victory points: a big number, the target, and a bar toward it.
    big = font(42, bold=True)
    baseline = top + 108
    used = draw_text(draw, (sx, baseline), str(player.vp), big, INK, anchor="ls")
    draw_text(
        draw,
        (sx + used + 8, baseline),
        t("render.hagoth.vp_of", locale, target=view.target),
        font(20),
        MUTED,
        STATS_W - used - 40,
        "ls",
    )
    bar = (sx, top + 118, x0 + STATS_W, top + 134)
    draw.rectangle(bar, fill=(226, 222, 212))
    share = min(1.0, player.vp / view.target) if view.target else 0.0
    if share:
        draw.rectangle((bar[0], bar[1], bar[0] + (bar[2] - bar[0]) * share, bar[3]), fill=style.rgb)
    draw.rectangle(bar, outline=INK, width=2)
    # Stockpiled wood, cards in hand, pending skips.
    x = float(sx)
    for text, fill, icon in _panel_chips(player, locale):
        x += _chip(draw, x, top + 146, text, 16, fill=fill, icon=icon, bold=fill == ALERT) + 6
    if berths:
        for i, box in enumerate(_panel_berth_boxes(top)):
            _draw_berth(image, draw, box, i + 1, player.berths[i], style, locale)


def _panel_chips(player: PlayerView, locale: str) -> list[tuple[str, RGB, str | None]]:
    """The chips under a panel's points: (text, fill, icon) of its stockpiled wood, its
    cards in hand and its pending skips."""
    chips: list[tuple[str, RGB, str | None]] = [
        (t("render.hagoth.wood", locale, count=player.wood), CHIP, "wood"),
        (t("render.hagoth.cards", locale, count=player.hand_count), CHIP, "cards"),
    ]
    if player.skips:
        chips.append((t("render.hagoth.skips", locale, count=player.skips), ALERT, None))
    return chips


def _chips_reach_berths(player: PlayerView, locale: str) -> bool:
    """Whether a panel's row of chips reaches into the place of its second berth (long
    words, as Russian's with a skip chip: the berth's tab is then drawn over the chip,
    and the berth cannot be a tile of its own on the plain panel)."""
    end = MARGIN + 28 + sum(_chip_width(text, 16, icon is not None, fill == ALERT) + 6
                            for text, fill, icon in _panel_chips(player, locale))
    return end >= BERTHS_X0 - 2


def _panel_berth_boxes(top: int) -> tuple[tuple[int, int, int, int], ...]:
    """Where a panel starting at ``top`` draws its two berths."""
    return tuple((BERTHS_X0, top + 12 + i * (BERTH_H + 6), WIDTH - MARGIN - 14,
                  top + 12 + i * (BERTH_H + 6) + BERTH_H) for i in range(2))


def _berth_parts(key: Hashable, player: PlayerView, boxes: Sequence[tuple[int, int, int, int]],
                 background: RGB, locale: str) -> list[tuple[tuple[int, int], Image.Image]]:
    """A player's berths drawn in ``boxes`` on ``background``, as kept palette tiles of
    the board (or hand) ``key``, each with its top left corner (issue 29 item 6): a berth
    changes only when a card is built into it or its ship sails, while the panel around
    it changes on nearly every move, and drawing a design was a quarter of a board's CPU.
    Each tile is the berth's box and 2 pixels more right and down (all the berth draws:
    its outlines end on the box's far edges), drawn moved by an even number of pixels
    (so that half pixels round as on the board) on the plain ``background`` that is
    there on the board before the berth is drawn."""
    style = _style(player)
    parts: list[tuple[tuple[int, int], Image.Image]] = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        ox, oy = even_floor(x0), even_floor(y0)
        local = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
        parts.append(((ox, oy), _PALETTES.tile(
            key, ("berth", i + 1, player.berths[i], style, locale, background, local),
            partial(_berth_tile, key, local, i + 1, player.berths[i], style, background, locale))))
    return parts


def _berth_tile(key: Hashable, box: tuple[int, int, int, int], number: int,
                berth: DesignView | ShipView | None, style: SeatStyle, background: RGB,
                locale: str) -> Image.Image:
    """One berth on a tile of its own (see :func:`_berth_parts`), in the palette of the
    board ``key``."""
    tile = _PALETTES.canvas(key, (box[2] + 2, box[3] + 2), background)
    _draw_berth(tile, drawing(tile), box, number, berth, style, locale)
    return tile


#: The PNG palette of each set of seat colours, chosen from its first board and every
#: colour this module names (issue 10: choosing it afresh was a fifth of a board's time).
_PALETTES = KeptPalettes(fills(globals()))


def render_board(view: HagothView, names: Sequence[str], caption: str, locale: str = "en") -> bytes:
    """The public board as PNG bytes: lanes, ships, every player's panel, the caption.

    ``names[seat]`` is each seat's display name and ``caption`` an already translated
    account of the last move (wrapped to three lines). ``view.hand`` is never read.

    The first board of a set of seat colours is drawn whole and chooses their palette;
    later ones are drawn in parts (issue 29 item 6): the top (header, account, lanes and
    ships) in one image, and each player's panel as a palette tile kept while the
    panel's inputs stay the same (:func:`_panel_part`), so a panel that did not change
    since the last move is neither drawn nor mapped onto the palette again.
    """
    lines = wrap_account(caption, font(19), INNER - 32, 3) if caption.strip() else []
    caption_h = line_height(font(19)) * len(lines) + 16 + GAP if lines else 0
    status_top = HEADER_H
    caption_top = status_top + STATUS_H + ORDER_H + GAP
    lanes_top = caption_top + caption_h
    panels_top = lanes_top + LANES_H + GAP
    height = panels_top + len(view.players) * (PANEL_H + GAP) + MARGIN - GAP
    key = tuple(p.colour for p in view.players)
    whole = _PALETTES.kept(key) is None

    # in parts, drawn straight into the kept palette's indices (common.palette_canvas)
    image = (Image.new("RGB", (WIDTH, height), BACKGROUND) if whole
             else _PALETTES.canvas(key, (WIDTH, lanes_top), BACKGROUND))
    if whole:
        image.paste(_lanes_layer(locale), (0, lanes_top))
    draw = drawing(image)
    _draw_header(draw, view, locale)
    _draw_status(image, draw, view, names, locale, status_top)
    _draw_order(image, draw, view, names, locale, status_top + STATUS_H)
    if lines:
        draw_caption(draw, lines, caption_top, left=MARGIN, right=WIDTH - MARGIN, accent=NAVY)
    if whole:
        _draw_ships(image, view, lanes_top)
        for i, player in enumerate(view.players):
            _draw_panel(image, draw, view, player, names[player.seat], locale,
                        panels_top + i * (PANEL_H + GAP))
        return _PALETTES.png(key, image)
    # the lanes with their ships: a kept tile while no ship sails (issue 29 item 6)
    odd = lanes_top % 2
    parts = [((0, 0), image), ((0, lanes_top - odd), _PALETTES.tile(
        key, ("lanes", locale, _ships_at(view), odd),
        partial(_lanes_tile, key, view, locale, odd)))]
    for i, player in enumerate(view.players):
        name = names[player.seat]
        top = panels_top + i * (PANEL_H + GAP)
        # a panel's berths are tiles of their own, unless its chips reach under them
        berths = _chips_reach_berths(player, locale)
        parts.append(((0, top - top % 2), _PALETTES.tile(
            key, _panel_part(view, player, name, locale, top % 2, berths),
            partial(_panel_tile, key, view, player, name, locale, top % 2, berths))))
        if not berths:
            lit = view.winner == player.seat or (view.winner is None
                                                 and view.current == player.seat)
            parts += _berth_parts(key, player, _panel_berth_boxes(top),
                                  CURRENT_BG if lit else WHITE, locale)
    return _PALETTES.compose(key, (WIDTH, height), BACKGROUND, parts)


def _panel_part(view: HagothView, player: PlayerView, name: str, locale: str, odd: int,
                berths: bool) -> tuple[object, ...]:
    """Everything :func:`_draw_panel` draws from (its berths left out unless ``berths``:
    they are tiles of their own): the key of its kept tile."""
    is_winner = view.winner == player.seat
    is_current = view.winner is None and view.current == player.seat
    return ("panel", player if berths else replace(player, berths=()), name, locale,
            is_current, is_winner, view.target, odd)


def _panel_tile(key: Hashable, view: HagothView, player: PlayerView, name: str, locale: str,
                odd: int, berths: bool) -> Image.Image:
    """A player's panel on its own, the full width of the board and one panel high (its
    bottom edge included), as :func:`_draw_panel` draws it on the board. Drawn ``odd``
    (0 or 1) rows down, as on a board whose panel starts on an odd row: moved by an even
    number of rows, every half-pixel position rounds as on the board (Python's
    ``round`` and Pillow's both send halves to a neighbour that depends on parity)."""
    tile = _PALETTES.canvas(key, (WIDTH, PANEL_H + 1 + odd), BACKGROUND)
    _draw_panel(tile, drawing(tile), view, player, name, locale, odd, berths=berths)
    return tile


# -- the hand -----------------------------------------------------------------------------
def _draw_card(draw: ImageDraw.ImageDraw, x: float, y: float, code: str, locale: str) -> None:
    """One hand card: a category band, its name, and what it does or which ships use it."""
    category = _category(code)
    band = CATEGORIES[category]
    x1, y1 = x + CARD_W, y + CARD_H
    segment = category == "segment"
    draw.rounded_rectangle(
        (x, y, x1, y1), radius=14, fill=BLUEPRINT_BG if segment else WHITE, outline=INK, width=3
    )
    if segment:  # blueprint paper: a faint grid marks segment cards apart from actions
        for gx in range(round(x) + 20, round(x1) - 8, 20):
            draw.line((gx, y + 52, gx, y1 - 10), fill=BLUEPRINT_GRID, width=1)
        for gy in range(round(y) + 64, round(y1) - 8, 20):
            draw.line((x + 8, gy, x1 - 8, gy), fill=BLUEPRINT_GRID, width=1)
    draw.rounded_rectangle(
        (x, y, x1, y + 46), radius=14, fill=band, corners=(True, True, False, False)
    )
    draw_fitted(
        draw,
        ((x + x1) / 2, y + 23),
        t(f"render.hagoth.category.{category}", locale),
        CARD_W - 24,
        18,
        readable_ink(band),
        bold=True,
        anchor="mm",
    )
    name_face = fit_font(_card_name(code, locale), CARD_W - 24, 26, bold=True, min_size=20)
    name_lines = wrap_text(_card_name(code, locale), name_face, CARD_W - 24, 2)
    step = line_height(name_face, 1.2)
    ny = y + 96 - step * (len(name_lines) - 1) / 2
    for i, line in enumerate(name_lines):
        draw.text(((x + x1) / 2, ny + i * step), line, font=name_face, fill=INK, anchor="mm")
    if segment:
        users = [
            t(f"hagoth.blueprint.{bp.code}", locale) for bp in BLUEPRINTS if code in bp.segments
        ]
        text = (
            t("render.hagoth.all_ships", locale)
            if len(users) == len(BLUEPRINTS)
            else t("render.hagoth.used_by", locale, ships=", ".join(users))
        )
    else:
        text = t(f"render.hagoth.hint.{code}", locale)
    hint = font(16)
    for i, line in enumerate(wrap_text(text, hint, CARD_W - 28, 5)):
        draw.text((x + 14, y + 146 + i * line_height(hint, 1.25)), line, font=hint, fill=INK)


def hand_key(view: HagothView) -> tuple[object, ...]:
    """Everything :func:`render_hand` draws from (the image is kept while it is equal)."""
    me = view.players[view.viewer] if view.viewer is not None and 0 <= view.viewer < len(
        view.players) else None
    return (view.viewer, me, view.hand, view.target, view.speed)


def render_hand(view: HagothView, names: Sequence[str], locale: str = "en") -> bytes:
    """The viewer's private hand as PNG bytes, with a reminder of their two berths.

    Raises :class:`ValueError` for a view without a hand (the public view).
    """
    if view.hand is None or view.viewer is None:
        raise ValueError("render_hand needs a seat's view with a hand, not the public view")
    player = view.players[view.viewer]
    style = _style(player)
    per_row = 5
    rows = max(1, math.ceil(len(view.hand) / per_row))
    cards_top = HEADER_H + 20
    berths_top = cards_top + rows * (CARD_H + GAP) + 16
    height = berths_top + 36 + 2 * (BERTH_H + 8) + MARGIN

    # in parts (issue 29 item 6): the header alone, each card a kept palette tile (a hand
    # changes by a card or two a move), the berths on an image of their own
    in_parts = bool(view.hand) and _PALETTES.kept("hand") is not None
    image = Image.new("RGB", (WIDTH, cards_top if in_parts else height), BACKGROUND)
    draw = drawing(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=NAVY)
    draw_token(image, (MARGIN + 20, HEADER_H / 2), 40, style)
    stats = t(
        "render.hagoth.hand_stats", locale, vp=player.vp, wood=player.wood, skips=player.skips
    )
    stats_w = draw_text(
        draw, (WIDTH - MARGIN, HEADER_H / 2), stats, font(19), WHITE, INNER * 0.4, "rm"
    )
    draw_fitted(
        draw,
        (MARGIN + 52, HEADER_H / 2),
        t(
            "render.hagoth.hand_title",
            locale,
            name=ellipsize(names[view.viewer], font(26, bold=True), NAME_MAX),
        ),
        INNER - 72 - stats_w,
        26,
        WHITE,
        bold=True,
        anchor="lm",
    )
    if in_parts:
        return _hand_in_parts(view.hand, player, style, locale, image, cards_top, berths_top,
                              height)
    if not view.hand:
        draw.text(
            (WIDTH / 2, cards_top + CARD_H / 2),
            t("render.hagoth.hand_empty", locale),
            font=font(24),
            fill=MUTED,
            anchor="mm",
        )
    for code, (x, y) in zip(view.hand, _card_places(len(view.hand), cards_top), strict=True):
        _draw_card(draw, x, y, code, locale)
    _draw_berths_reminder(image, draw, player, style, locale, berths_top)
    return _PALETTES.png("hand", image)  # one palette for every hand: the same fills


def _card_places(cards: int, top: int) -> list[tuple[float, float]]:
    """Where the hand image draws each of ``cards`` cards: rows of up to five, centred."""
    per_row = 5
    places: list[tuple[float, float]] = []
    for i in range(cards):
        row, col = divmod(i, per_row)
        in_row = min(per_row, cards - row * per_row)
        x0 = (WIDTH - in_row * CARD_W - (in_row - 1) * 18) / 2
        places.append((x0 + col * (CARD_W + 18), top + row * (CARD_H + GAP)))
    return places


def _draw_berths_reminder(image: Image.Image, draw: ImageDraw.ImageDraw, player: PlayerView,
                          style: SeatStyle, locale: str, top: int, berths: bool = True
                          ) -> None:
    """The hand image's rule, title and the player's two berths, from ``top`` (without
    ``berths``, their places left blank: :func:`_berth_parts` fills them)."""
    draw.line((MARGIN, top - 8, WIDTH - MARGIN, top - 8), fill=RULE, width=2)
    draw_text(draw, (MARGIN, top), t("render.hagoth.your_berths", locale),
              font(20, bold=True), NAVY, INNER)
    if berths:
        for i, box in enumerate(_hand_berth_boxes(top)):
            _draw_berth(image, draw, box, i + 1, player.berths[i], style, locale)


def _hand_berth_boxes(top: int) -> tuple[tuple[int, int, int, int], ...]:
    """Where the hand image draws the two berths of a reminder starting at ``top``."""
    return tuple((MARGIN, top + 36 + i * (BERTH_H + 8), WIDTH - MARGIN,
                  top + 36 + i * (BERTH_H + 8) + BERTH_H) for i in range(2))


def _hand_in_parts(hand: Sequence[str], player: PlayerView, style: SeatStyle, locale: str,
                   head: Image.Image, cards_top: int, berths_top: int, height: int) -> bytes:
    """The PNG of a hand whose header is drawn in ``head``: each card a kept palette tile
    (keyed by the card, the locale and where it starts in its tile), the berths on an
    image of their own. The same bytes as the hand drawn whole."""
    parts: list[tuple[tuple[int, int], Image.Image]] = [((0, 0), head)]
    for code, (x, y) in zip(hand, _card_places(len(hand), cards_top), strict=True):
        ox, oy = even_floor(x), even_floor(y)
        parts.append(((ox, oy), _PALETTES.tile(
            "hand", ("card", code, locale, x - ox, y - oy),
            partial(_card_tile, code, locale, x - ox, y - oy))))
    oy = even_floor(berths_top - 12)  # under the last row of cards, above the rule
    bottom = Image.new("RGB", (WIDTH, height - oy), BACKGROUND)
    _draw_berths_reminder(bottom, drawing(bottom), player, style, locale, berths_top - oy,
                          berths=False)
    parts.append(((0, oy), bottom))
    parts += _berth_parts("hand", player, _hand_berth_boxes(berths_top), BACKGROUND, locale)
    return _PALETTES.compose("hand", (WIDTH, height), BACKGROUND, parts)


def _card_tile(code: str, locale: str, x: float, y: float) -> Image.Image:
    """One hand card on a tile of its own, drawn at (``x``, ``y``) in it."""
    tile = Image.new("RGB", (math.ceil(x) + CARD_W + 2, math.ceil(y) + CARD_H + 2), BACKGROUND)
    _draw_card(drawing(tile), x, y, code, locale)
    return tile
