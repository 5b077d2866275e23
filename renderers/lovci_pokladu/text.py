"""The words of the Lovci pokladů board: the title bar, the turn order, the shared
status, the player panels, and the small labelled chips and pills they use.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from games.lovci_pokladu.view import LovciView, PlayerView
from i18n import t
from renderers.common import (
    INK,
    MUTED,
    RGB,
    WHITE,
    TurnSeat,
    draw_fitted,
    draw_text,
    draw_title_with_note,
    draw_token,
    draw_turn_order,
    ellipsize,
    exact_drawing,
    font,
    play_order,
    text_width,
)

from .layout import (
    _K,
    ALERT,
    BACKGROUND,
    CHIP,
    CURRENT_BG,
    GAP,
    GOLD,
    GOLD_DARK,
    HEADER_H,
    MARGIN,
    NAVY,
    ORDER_H,
    PLAYERS_H,
    RULE,
    STATUS_H,
    WIDTH,
    Box,
    _player_style,
)
from .pieces import _coin_image, _paste


def _chip(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    text: str,
    size: int = 16,
    fill: RGB = CHIP,
    ink: RGB = INK,
    bold: bool = False,
) -> float:
    """A rounded chip with its top-left corner at ``(x, y)``; returns its width."""
    face = font(size, bold)
    h = size + 12
    w = text_width(text, face) + 20
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h / 2, fill=fill)
    draw.text((x + 10, y + h / 2), text, font=face, fill=ink, anchor="lm")
    return w


def _chip_width(text: str, size: int = 16, bold: bool = False) -> float:
    return text_width(text, font(size, bold)) + 20


# -- header, status, players, caption, legend -----------------------------------------------
def _draw_header(draw: ImageDraw.ImageDraw, view: LovciView, locale: str) -> None:
    """Title bar: the game's name, shared facts as chips, and the turn number."""
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=NAVY)
    # Every turn is one move; counted over all players, so say "move", not "turn".
    turn = t("render.common.moves", locale, turn=view.turn)
    right: float = WIDTH - MARGIN
    right -= draw_text(draw, (right, HEADER_H / 2), turn, font(22, bold=True), WHITE, anchor="rm")
    title = t(_K + "title", locale)
    title_w = min(text_width(title, font(24, bold=True)), 260.0)
    chips = _status_chips(view, locale)
    widths = [_chip_width(text, 15) for text, _ in chips]
    # Drop chips that do not fit (the lost coins first: the least needed).
    while chips and sum(widths) + 8 * len(widths) > right - 20 - MARGIN - title_w - 20:
        chips.pop()
        widths.pop()
    x = right - 20 - sum(widths) - 8 * max(0, len(widths) - 1)
    for (text, fill), w in zip(chips, widths, strict=True):
        _chip(draw, x, HEADER_H / 2 - 13.5, text, 15, fill=fill)
        x += w + 8
    draw_fitted(draw, (MARGIN, HEADER_H / 2), title, title_w + 1, 24, WHITE, bold=True, anchor="lm")


def _draw_order(image: Image.Image, draw: ImageDraw.ImageDraw, view: LovciView,
                names: Sequence[str], locale: str) -> None:
    """Who moves after whom, from the seat that moved first; the seat to move is lit."""
    draw.rectangle((0, HEADER_H, WIDTH, HEADER_H + ORDER_H), fill=(226, 234, 242))
    order = [TurnSeat(p.seat, _player_style(p), names[p.seat] if p.seat < len(names) else None,
                      current=view.phase != "over" and p.seat == view.current, out=p.out)
             for p in (view.players[s] for s in play_order(view.first, len(view.players)))]
    draw_turn_order(image, draw, (MARGIN, HEADER_H + ORDER_H / 2), WIDTH - 2 * MARGIN, order,
                    locale, first_known=0 <= view.first < len(view.players))


def _status_chips(view: LovciView, locale: str) -> list[tuple[str, RGB]]:
    """Facts shared by all: the spells, coins still out on the cards, coins eaten."""
    chips: list[tuple[str, RGB]] = []
    for spell, status in view.spells:
        text = t(f"{_K}spell_status.{status}", locale, spell=t(f"{_K}spell.{spell}", locale))
        chips.append((text, (226, 214, 250) if status == "held" else CHIP))
    lying = [v for _, tokens in view.tokens for v in tokens]
    carried = [s.carrying for s in view.sailors if s.carrying]
    if lying or carried:
        chips.append(
            (
                t(
                    _K + "on_board",
                    locale,
                    total=sum(lying) + sum(carried),
                    count=len(lying) + len(carried),
                ),
                (255, 236, 160),
            )
        )
    if view.lost_tokens:
        chips.append(
            (
                t(
                    _K + "lost_tokens",
                    locale,
                    total=sum(view.lost_tokens),
                    count=len(view.lost_tokens),
                ),
                (250, 214, 208),
            )
        )
    return chips


def _draw_status(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LovciView,
    names: Sequence[str],
    locale: str,
    top: int,
) -> None:
    """Whose turn it is and what they are choosing, or who won."""
    cy = top + STATUS_H / 2
    right = WIDTH - MARGIN
    if view.phase == "over":
        draw.rectangle((0, top, WIDTH, top + STATUS_H), fill=GOLD)
        winners = [names[w] if w < len(names) else "?" for w in view.winners]
        if winners:
            style = _player_style(view.players[view.winners[0]])
            draw_token(image, (MARGIN + 22, cy), 40, style)
            key = "winner" if len(winners) == 1 else "winners"
            text = t(_K + key, locale, name=winners[0], names=", ".join(winners))
        else:
            text = t(_K + "game_over", locale)
        draw_fitted(
            draw, (MARGIN + 52, cy), text, right - MARGIN - 52, 30, INK, bold=True, anchor="lm"
        )
    elif view.players:
        player = view.players[view.current]
        draw_token(image, (MARGIN + 22, cy), 40, _player_style(player))
        name = ellipsize(
            names[view.current] if view.current < len(names) else "?", font(28, True), 420
        )
        key = "to_place" if view.phase == "start" else "to_play"
        note = t(f"{_K}pending.{view.pending.kind}", locale) if view.pending is not None else ""
        draw_title_with_note(draw, (MARGIN + 52, cy), t(_K + key, locale, name=name), note,
                             right - MARGIN - 52, size=28, note_size=18, min_size=20,
                             note_max=340.0)


def _player_chips(view: LovciView, player: PlayerView, locale: str) -> list[tuple[str, RGB, bool]]:
    chips: list[tuple[str, RGB, bool]] = []
    ships = [s for s in view.ships if s.owner == player.seat]
    if player.out:
        pass
    elif not ships:
        chips.append((t(_K + "no_ship", locale), CHIP, False))
    elif all(s.ring < 0 for s in ships):
        chips.append((t(_K + "not_placed", locale), CHIP, False))
    else:
        crew = sum(s.crew for s in ships)
        if crew:
            chips.append((t(_K + "crew", locale, count=crew), CHIP, False))
        else:
            chips.append((t(_K + "unguarded", locale), ALERT, True))
    mine = [s for s in view.sailors if s.owner == player.seat and s.state != "lost"]
    if not player.out:
        chips.append((t(_K + "sailors", locale, count=len(mine)), CHIP, False))
    prisoners = sum(1 for s in mine if s.prisoner)
    if prisoners:
        chips.append((t(_K + "prisoners", locale, count=prisoners), CHIP, False))
    if player.ship_only:
        chips.append((t(_K + "ship_only", locale, count=player.ship_only), ALERT, True))
    if player.skips:
        chips.append((t(_K + "skips", locale, count=player.skips), ALERT, True))
    return chips


def player_part(view: LovciView, player: PlayerView, name: str, box: Box, locale: str
                ) -> tuple[object, ...]:
    """Everything :func:`_draw_player` draws a player's box from (its chips worked out):
    the key of the box's kept tile (issue 29 item 6)."""
    over = view.phase == "over"
    return ("player", _player_style(player), player.out, player.total, name, box, locale,
            over and player.seat in view.winners, not over and view.current == player.seat,
            tuple(_player_chips(view, player, locale)))


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LovciView,
    player: PlayerView,
    name: str,
    box: Box,
    locale: str,
) -> None:
    """One player's box: token, name, tag, treasure delivered, crew and constraints
    (drawn from what :func:`player_part` lists, nothing else)."""
    x0, y0, x1, y1 = box
    style = _player_style(player)
    over = view.phase == "over"
    is_winner = over and player.seat in view.winners
    is_current = not over and view.current == player.seat
    background = CURRENT_BG if is_current or is_winner else WHITE
    border, bw = (NAVY, 5) if is_current else (GOLD_DARK, 5) if is_winner else (RULE, 2)
    draw.rectangle(
        box, fill=(236, 236, 236) if player.out else background, outline=border, width=bw
    )
    draw.rectangle((x0 + bw, y0 + bw, x0 + bw + 8, y1 - bw), fill=style.rgb)
    left = x0 + bw + 16
    draw_token(image, (left + 17, y0 + 26), 34, style)
    tag = ""
    fill = NAVY
    if player.out:
        tag, fill = t(_K + "out_tag", locale), ALERT
    elif is_winner:
        tag, fill = t(_K + "winner_tag", locale), GOLD
    elif is_current:
        tag = t(_K + "to_play_tag", locale)
    tag_w = _chip_width(tag, 14, True) if tag else 0.0
    if tag:
        _chip(
            draw,
            x1 - bw - 8 - tag_w,
            y0 + 14,
            tag,
            14,
            fill=fill,
            ink=INK if fill == GOLD else WHITE,
            bold=True,
        )
    draw_fitted(
        draw,
        (left + 42, y0 + 26),
        name,
        x1 - left - 58 - tag_w,
        21,
        INK,
        bold=True,
        anchor="lm",
        min_size=15,
    )
    coin = _coin_image(28)
    _paste(image, coin, (left + 14, y0 + 66))
    total = f"{player.total:,}".replace(",", "\u2009")
    used = draw_text(
        draw,
        (left + 36, y0 + 66),
        total,
        font(30, bold=True),
        MUTED if player.out else INK,
        anchor="lm",
    )
    del used
    rows = _chip_rows(_player_chips(view, player, locale), x1 - bw - 6 - left)
    for r, row in enumerate(rows):
        x = float(left)
        for text, chip_fill, bold in row:
            x += _chip(draw, x, y0 + 86 + r * CHIP_ROW, text, 14, fill=chip_fill,
                       ink=WHITE if chip_fill == ALERT else INK, bold=bold) + 5


#: Height of one row of a player's chips; a player box grows by it per extra row.
CHIP_ROW = 30

Chip = tuple[str, RGB, bool]


def _chip_rows(chips: list[Chip], width: float) -> list[list[Chip]]:
    """``chips`` in rows no wider than ``width``, the alerts (a volcano, skipped turns)
    first: a chip that does not fit goes to the next row, never away (the longer Russian
    and Czech chips dropped "Ship only" off a four-player board)."""
    ordered = sorted(chips, key=lambda chip: chip[1] != ALERT)
    rows: list[list[Chip]] = [[]]
    used = 0.0
    for chip in ordered:
        w = _chip_width(chip[0], 14, chip[2]) + 5
        if rows[-1] and used + w - 5 > width:
            rows.append([])
            used = 0.0
        rows[-1].append(chip)
        used += w
    return rows


def _players_height(view: LovciView, locale: str) -> int:
    """The height of the player boxes: room for the most rows of chips any player has."""
    width = _player_width(len(view.players)) - 2 * 5 - 16 - 6
    most = max((len(_chip_rows(_player_chips(view, p, locale), width))
                for p in view.players), default=1)
    extra = max(1, most) - 1
    return PLAYERS_H + CHIP_ROW * extra + (4 if extra else 0)  # clear of a 5 px frame


def _player_width(players: int) -> float:
    n = max(1, players)
    return (WIDTH - 2 * MARGIN - (n - 1) * GAP) / n


def _draw_players(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: LovciView,
    names: Sequence[str],
    locale: str,
    top: int,
    height: int,
) -> None:
    for player, name, box in player_boxes(view, names, top, height):
        _draw_player(image, draw, view, player, name, box, locale)


def player_boxes(view: LovciView, names: Sequence[str], top: int, height: int
                 ) -> list[tuple[PlayerView, str, Box]]:
    """Each player, the name shown and the box :func:`_draw_players` draws it in."""
    width = _player_width(len(view.players))
    boxes: list[tuple[PlayerView, str, Box]] = []
    for i, player in enumerate(view.players):
        x0 = MARGIN + i * (width + GAP)
        name = names[player.seat] if player.seat < len(names) else "?"
        boxes.append((player, name, (x0, top, x0 + width, top + height)))
    return boxes


def player_tile(view: LovciView, player: PlayerView, name: str, box: Box, locale: str,
                canvas: Callable[[tuple[int, int], RGB], Image.Image]) -> Image.Image:
    """A player's box on a tile of its own, drawn at ``box`` (already moved to the
    tile: by an even number of pixels, so that half pixels round as on the board), on
    the board's background, 2 pixels wider and higher than the box's far edges: on the
    image ``canvas(size, fill)`` gives (the board's palette canvas)."""
    tile = canvas((math.ceil(box[2]) + 2, math.ceil(box[3]) + 2), BACKGROUND)
    _draw_player(tile, exact_drawing(tile), view, player, name, box, locale)
    return tile
