"""The words of the Hexfolk board: the header with the round, phase and last roll, the
turn order, a card per player, the bank and an open trade offer.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.hexfolk.view import HexfolkView, OfferView, PlayerView
from i18n import t
from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    TurnSeat,
    draw_fitted,
    draw_text,
    draw_token,
    draw_turn_order,
    draw_words,
    ellipsize,
    fit_font,
    font,
    play_order,
    text_width,
)

from .layout import (
    _K,
    ALERT,
    CARD_H,
    CHIP,
    CURRENT_BG,
    GOLD,
    HEADER_H,
    MARGIN,
    ORDER_H,
    RULE,
    WIDTH,
    _name,
    _style,
)
from .pieces import _die, _paste, resource_icon

# -- panels --------------------------------------------------------------------------------
#: Where a player's card puts its badges (Longest road, Largest army, discarding), below
#: the pieces line.
BADGE_TOP = 90
BADGE_SIZE, BADGE_MIN, BADGE_GAP = 15, 11, 6  #: badge text size, the least it shrinks to
BADGE_TWO_ROWS, BADGE_ROW = 13, 26  #: badges on two rows: their size, the row's height


def _pill(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    fill: RGB,
    ink: RGB = INK,
    size: int = 15,
) -> float:
    """A rounded label with its left edge at ``x``, top at ``y``; returns its right edge."""
    face = font(size, bold=True)
    w = text_width(text, face) + 16
    draw.rounded_rectangle(
        (x, y, x + w, y + size + 10), radius=(size + 10) / 2, fill=fill, outline=INK, width=1
    )
    draw.text((x + w / 2, y + (size + 10) / 2), text, font=face, fill=ink, anchor="mm")
    return x + w


def _round_text(view: HexfolkView, locale: str) -> str:
    """The header's counter: the round of play (every seat's turn once), or "Founding"."""
    if view.round <= 0 and view.winner is None:
        return t(_K + "founding", locale)
    return t(_K + "round", locale, round=max(1, view.round))


def _roll_label(view: HexfolkView, names: Sequence[str], locale: str) -> str:
    """"Last roll: Bot 3" — whose roll the dice show (while the next player is still to
    roll, the dice are the previous player's)."""
    if not 0 <= view.dice_by < len(view.players):
        return t(_K + "roll", locale)
    name = ellipsize(_name(names, view.dice_by), font(16), 150)
    return t(_K + "last_roll", locale, name=name)


def acting_seat(view: HexfolkView) -> int:
    """The seat the board marks as playing: the one building in the special building
    phase, none (-1) during its sign-up, when everyone asked answers at once (issue 26
    item 2), else the seat whose turn it is."""
    if view.phase == "special":
        return view.special
    return view.current


def _phase_text(view: HexfolkView, names: Sequence[str], locale: str) -> str:
    if view.winner is not None:
        return t(_K + "phase.over", locale)
    if view.phase == "special" and view.special < 0:  # the sign-up: everyone asked at once
        return t(_K + "phase.special_sign_up", locale)
    return t(_K + f"phase.{view.phase}", locale, name=_name(names, acting_seat(view)))


def _draw_header(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    names: Sequence[str],
    locale: str,
) -> None:
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=(38, 70, 100))
    title = t(_K + "title", locale)
    x: float = MARGIN
    x += draw_text(draw, (x, 12), title, font(24, bold=True), WHITE)
    x += 14
    x += draw_text(draw, (x, 16), _round_text(view, locale), font(19), (220, 230, 240))
    x += 20
    dice_w = 0
    if view.dice:
        size = 40
        label = _roll_label(view, names, locale)
        total = f"= {sum(view.dice)}"
        lab_face, sum_face = font(16), font(22, bold=True)
        dice_w = (
            text_width(label, lab_face)
            + 10
            + len(view.dice) * (size + 8)
            + text_width(total, sum_face)
            + 4
        )
        dx: float = WIDTH - MARGIN - dice_w
        draw.text((dx, HEADER_H / 2), label, font=lab_face, fill=(220, 230, 240), anchor="lm")
        dx += text_width(label, lab_face) + 10
        for v in view.dice:
            _die(draw, dx, (HEADER_H - size) / 2, size, v)
            dx += size + 8
        draw.text(
            (dx + 2, HEADER_H / 2),
            total,
            font=sum_face,
            fill=GOLD if sum(view.dice) == 7 else WHITE,
            anchor="lm",
        )
    # Whose turn and the phase, with the token of the acting seat.
    seat = acting_seat(view)
    avail = WIDTH - MARGIN - dice_w - x - 10
    if 0 <= seat < len(view.players) and view.winner is None:
        draw_token(image, (x + 15, HEADER_H / 2), 30, _style(view.players[seat]))
        x += 36
        avail -= 36
    draw_fitted(
        draw,
        (x, HEADER_H / 2),
        _phase_text(view, names, locale),
        avail,
        19,
        WHITE,
        bold=True,
        anchor="lm",
    )


def _draw_order(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: HexfolkView, names: Sequence[str],
    locale: str, top: int = HEADER_H,
) -> None:
    """Who plays after whom, from the seat that founded first; the seat to act is lit.
    The strip fills rows ``top`` to ``top + ORDER_H`` (both included) and nothing else."""
    draw.rectangle((0, top, WIDTH, top + ORDER_H), fill=(226, 234, 242))
    draw_turn_order(image, draw, (MARGIN, top + ORDER_H / 2), WIDTH - 2 * MARGIN,
                    turn_seats(view, names), locale,
                    first_known=0 <= view.first < len(view.players), size=26)


def turn_seats(view: HexfolkView, names: Sequence[str]) -> list[TurnSeat]:
    """The turn order strip's seats, from the seat that founded first."""
    acting = acting_seat(view)
    return [TurnSeat(seat, _style(view.players[seat]), _name(names, seat),
                     current=seat == acting and view.winner is None)
            for seat in play_order(view.first, len(view.players))]


def _chip(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    res: int,
    text: str,
    size: int = 26,
) -> float:
    """A resource icon followed by ``text``; returns the right edge."""
    _paste(image, resource_icon(res, size), (x + size / 2, y + size / 2))
    face = font(17, bold=True)
    draw.text((x + size + 4, y + size / 2), text, font=face, fill=INK, anchor="lm")
    return x + size + 4 + text_width(text, face)


def card_fill(view: HexfolkView, player: PlayerView) -> tuple[int, int, int]:
    """The ground of a player's card: gold for the winner, pale for the seat to act."""
    if view.winner == player.seat:
        return (255, 236, 170)
    return CURRENT_BG if player.seat == acting_seat(view) and view.winner is None else WHITE


def stats_text(player: PlayerView, locale: str) -> str:
    """A card's stats line: cards in hand, development cards, knights, route."""
    return t(_K + "stats", locale, hand=player.hand_count, devs=player.dev_count,
             knights=player.knights, road=player.road_length)


#: Where a card's stats line is drawn (its middle), below the card's top.
STATS_Y = 56


def draw_stats(draw: ImageDraw.ImageDraw, stats: str, x: float, y: float, w: float) -> None:
    """The stats line of the card at (``x``, ``y``), ``w`` wide, shrunk (and if need be
    cut) to fit as :func:`~renderers.common.draw_fitted` does, drawn word by word: the
    counts change on most moves, the words do not."""
    face = fit_font(stats, w - 24, 16)
    draw_words(draw, (x + 12, y + STATS_Y), ellipsize(stats, face, w - 24), face, INK,
               anchor="lm")


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    player: PlayerView,
    names: Sequence[str],
    locale: str,
    x: float,
    y: float,
    w: float,
    card_h: float = CARD_H,
    stats: bool = True,
) -> None:
    """One player's card at (``x``, ``y``): colour, name, points toward the target, the
    stats line (cards, development cards, knights, route: left out without ``stats``,
    for :func:`draw_stats` to draw on a strip of its own), pieces and badges."""
    seat = player.seat
    acting = acting_seat(view)
    is_current = seat == acting and view.winner is None
    is_winner = view.winner == seat
    fill = card_fill(view, player)
    draw.rounded_rectangle(
        (x, y, x + w, y + card_h - 8),
        radius=10,
        fill=fill,
        outline=INK if (is_current or is_winner) else RULE,
        width=3 if (is_current or is_winner) else 1,
    )
    style = _style(player)
    draw_token(image, (x + 26, y + 26), 36, style)
    # VP toward the target, right-aligned.
    vp_face = font(24, bold=True)
    vp = f"{player.visible_vp}/{view.target}"
    vp_w = text_width(vp, vp_face)
    label = t(_K + "vp", locale)
    lab_w = text_width(label, font(15))
    draw.text((x + w - 12, y + 27), label, font=font(15), fill=MUTED, anchor="rm")
    draw.text((x + w - 16 - lab_w, y + 27), vp, font=vp_face, fill=INK, anchor="rm")
    tag = ""
    if is_winner:
        tag = t(_K + "winner_tag", locale)
    elif is_current:
        tag = t(_K + "to_play_tag", locale)
    name_x = x + 52
    name_w = w - 52 - vp_w - lab_w - 30
    if tag:
        tag_face = font(14, bold=True)
        tag_w = text_width(tag, tag_face) + 12
        name_w -= tag_w + 6
    used = draw_fitted(
        draw,
        (name_x, y + 27),
        _name(names, seat),
        name_w,
        19,
        INK,
        bold=True,
        anchor="lm",
        min_size=16,
    )
    if tag:
        tx = name_x + used + 8
        draw.rounded_rectangle((tx, y + 17, tx + tag_w, y + 37), radius=6, fill=INK)
        draw.text((tx + tag_w / 2, y + 27), tag, font=tag_face, fill=WHITE, anchor="mm")
    if stats:
        draw_stats(draw, stats_text(player, locale), x, y, w)
    # the pieces line is always drawn: a badge below never hides it (issue 24 item 13)
    draw_fitted(
        draw,
        (x + 12, y + 78),
        t(
            _K + "pieces",
            locale,
            roads=player.roads,
            settlements=player.settlements,
            cities=player.cities,
        ),
        w - 24,
        14,
        MUTED,
        anchor="lm",
    )
    size, rows = badge_rows(_badges(player, locale), w - 24)
    for row, badges in enumerate(rows):
        bx = x + 12
        for text, fill, ink in badges:
            bx = _pill(draw, bx, y + BADGE_TOP + row * BADGE_ROW, text, fill, ink, size)
            bx += BADGE_GAP


Badge = tuple[str, RGB, RGB]


def _badges(player: PlayerView, locale: str) -> list[Badge]:
    """A player's badges: the awards held and a discard owed."""
    badges: list[Badge] = []
    if player.longest:
        badges.append((t(_K + "longest", locale), GOLD, INK))
    if player.army:
        badges.append((t(_K + "army", locale), GOLD, INK))
    if player.discard_owed > 0:
        badges.append((t(_K + "discarding", locale, count=player.discard_owed), ALERT, WHITE))
    return badges


def badge_rows(badges: list[Badge], width: float) -> tuple[int, list[list[Badge]]]:
    """The text size and rows of ``badges`` within ``width``: one row, shrunk from 15 px
    down to 11 px; when even that is too wide, two rows at 13 px (never cut)."""
    for size in range(BADGE_SIZE, BADGE_MIN - 1, -1):
        if _badges_width(badges, size) <= width:
            return size, [badges] if badges else []
    rows: list[list[Badge]] = [[]]
    for badge in badges:
        if rows[-1] and _badges_width([*rows[-1], badge], BADGE_TWO_ROWS) > width:
            rows.append([])
        rows[-1].append(badge)
    return BADGE_TWO_ROWS, rows


def card_height(view: HexfolkView, card_w: float, locale: str) -> float:
    """Every card's height in this picture: a row taller when some card's badges need two."""
    two = any(len(badge_rows(_badges(p, locale), card_w - 24)[1]) > 1 for p in view.players)
    return CARD_H + BADGE_ROW if two else CARD_H


def _badges_width(badges: Sequence[Badge], size: int) -> float:
    """The width of a row of badges (pills) drawn at ``size``."""
    face = font(size, bold=True)
    return sum(text_width(text, face) + 16 for text, _, _ in badges) + BADGE_GAP * max(
        0, len(badges) - 1)


def _bank_height() -> int:
    return 88


def _draw_bank(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    draw.rounded_rectangle(
        (x, y, x + w, y + _bank_height() - 8), radius=10, fill=CHIP, outline=RULE
    )
    draw.text((x + 12, y + 8), t(_K + "bank", locale), font=font(16, bold=True), fill=INK)
    draw.text(
        (x + w - 12, y + 8),
        t(_K + "deck", locale, count=view.deck_count),
        font=font(16),
        fill=INK,
        anchor="ra",
    )
    step = (w - 24) / 5
    for res, count in enumerate(view.bank[:5]):
        _chip(image, draw, x + 12 + res * step, y + 40, res, str(count), 28)


def _resources_text(vec: Sequence[int], locale: str) -> list[tuple[int, int]]:
    return [(res, n) for res, n in enumerate(vec) if n]


def _draw_vector(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    vec: Sequence[int],
    locale: str,
) -> float:
    """Resource chips ``n×icon``; returns the right edge."""
    items = _resources_text(vec, locale)
    if not items:
        draw.text((x, y + 13), t(_K + "nothing", locale), font=font(16), fill=MUTED, anchor="lm")
        return x + text_width(t(_K + "nothing", locale), font(16))
    for res, n in items:
        x = _chip(image, draw, x, y, res, f"×{n}") + 10
    return x


def _is_counter(resp: object) -> bool:
    return isinstance(resp, tuple) and len(resp) == 2


def _offer_height(view: HexfolkView, w: float) -> int:
    """Height of the offer box ``w`` wide: a row per answer, two for a counter-offer
    when the box is narrow."""
    if view.offer is None:
        return 0
    rows = 0
    for seat, resp in enumerate(view.offer.responses):
        if seat != view.offer.offerer and seat < len(view.players):
            rows += 2 if _is_counter(resp) and w < 600 else 1
    return 84 + 32 * rows


def _draw_offer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HexfolkView,
    offer: OfferView,
    names: Sequence[str],
    locale: str,
    x: float,
    y: float,
    w: float,
) -> None:
    h = _offer_height(view, w) - 8
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=WHITE, outline=INK, width=2)
    who = _name(names, offer.offerer)
    if 0 <= offer.offerer < len(view.players):
        draw_token(image, (x + 22, y + 20), 26, _style(view.players[offer.offerer]))
    draw_fitted(
        draw,
        (x + 42, y + 20),
        t(_K + "offer", locale, name=who),
        w - 54,
        17,
        INK,
        bold=True,
        anchor="lm",
    )
    cx = x + 12
    cx = _draw_vector(image, draw, cx, y + 40, offer.give, locale) + 4
    arrow = t(_K + "for", locale)
    draw.text((cx, y + 53), arrow, font=font(16, bold=True), fill=MUTED, anchor="lm")
    cx += text_width(arrow, font(16, bold=True)) + 10
    _draw_vector(image, draw, cx, y + 40, offer.get, locale)
    ry = y + 80
    for seat, resp in enumerate(offer.responses):
        if seat == offer.offerer or seat >= len(view.players):
            continue
        draw_token(image, (x + 22, ry + 13), 22, _style(view.players[seat]))
        name = _name(names, seat)
        nx = x + 40
        used = draw_fitted(
            draw, (nx, ry + 13), name, min(180, w * 0.45), 15, INK, bold=True, anchor="lm"
        )
        sx = nx + used + 12
        if resp == "accept":
            _pill(draw, sx, ry + 1, t(_K + "accepts", locale), (170, 220, 170))
        elif resp == "decline":
            _pill(draw, sx, ry + 1, t(_K + "declines", locale), (236, 200, 200))
        elif isinstance(resp, tuple) and len(resp) == 2:
            sx = _pill(draw, sx, ry + 1, t(_K + "counters", locale), (200, 220, 240)) + 8
            if w < 600:  # the counter-offer goes on its own line
                ry += 32
                sx = x + 40
            give, get = resp
            sx = _draw_vector(image, draw, sx, ry, give, locale) + 2
            draw.text((sx, ry + 13), arrow, font=font(15, bold=True), fill=MUTED, anchor="lm")
            sx += text_width(arrow, font(15, bold=True)) + 8
            _draw_vector(image, draw, sx, ry, get, locale)
        else:
            draw.text(
                (sx, ry + 13), t(_K + "waiting", locale), font=font(15), fill=MUTED, anchor="lm"
            )
        ry += 32
