"""Pillow image of Lovci pokladů: the 9 × 9 square of cards, the sea around it, the
ships, sailors and coins, and a panel per player.

:func:`render_board` draws a :class:`~games.lovci_pokladu.view.LovciView` and nothing
else (the game has no private hand). A face-down card carries no data in the view, so
every face-down card looks the same. Every word comes from the translation layer
(domain ``render_lovci``).

Speed: the board layer (sea ring, coordinates, every card face down) is drawn once per
locale, each turned card's face once per (code, arrows, tail, locale), each sailor,
ship and coin once per size; a render pastes these and draws the few dynamic marks.

The package: :mod:`.layout` (sizes, colours, squares and the slots of the sea),
:mod:`.pieces` (cards, sailors, ships, coins and the board with them), :mod:`.text`
(title bar, turn order, status, player panels), :mod:`.legend`; this module puts the
board together. The summary is :mod:`renderers.lovci_summary`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from PIL import Image

from games.lovci_pokladu.view import LovciView
from renderers.common import (
    KeptPalettes,
    draw_caption,
    even_floor,
    exact_drawing,
    fills,
    font,
    line_height,
    wrap_account,
)

# the end-of-game summary lives in its own module; the renderer registry looks it up here
from renderers.lovci_summary import render_summary

from . import layout, legend, pieces, text
from .layout import (
    BACKGROUND,
    BERTH_INSET,
    BOARD_H,
    FULL,
    GAP,
    GRID,
    GX,
    GY,
    HEADER_H,
    LEGEND_H,
    MARGIN,
    NAVY,
    ORDER_H,
    STATUS_H,
    SWIM,
    TINTS,
    WIDTH,
    SlotLayout,
    slot_layout,
)
from .layout import _sea_layouts as _sea_layouts
from .layout import _slot_box as _slot_box
from .legend import _legend_layer
from .pieces import _draw_board, board_in_parts, board_parts
from .pieces import _face_image as _face_image
from .text import (
    _draw_header,
    _draw_order,
    _draw_players,
    _draw_status,
    _players_height,
    player_boxes,
    player_part,
    player_tile,
)

__all__ = ["BERTH_INSET", "BOARD_H", "FULL", "GRID", "GX", "GY", "SWIM", "TINTS", "WIDTH",
           "SlotLayout", "render_board", "render_summary", "slot_layout"]


#: The PNG palette of each set of seat colours, chosen from its first board and every
#: colour this module names (tints, the highlight of the last move...; issue 10:
#: choosing it afresh was a fifth of a board's time). Its boards are written whole, not
#: in kept row segments: a move changes most rows of the square of cards (about three
#: quarters of a 4-player board's rows were compressed again), so cutting a board's
#: hundred parts into segments cost more (0.4-0.6 ms of 7) than it saved.
_PALETTES = KeptPalettes(fills(vars(layout), [
    *(str(module.__file__) for module in (layout, pieces, text, legend)), __file__]),
    reuse_rows=False)


def render_board(view: LovciView, names: Sequence[str], caption: str, locale: str = "en") -> bytes:
    """The public board as PNG bytes: players, caption, the square of cards and the sea.

    ``names[seat]`` is each seat's display name and ``caption`` an already translated
    account of the last move (wrapped to three lines). Squares listed in the optional
    ``view.last_squares`` are outlined as the last move.
    """
    inner = WIDTH - 2 * MARGIN
    lines = wrap_account(caption, font(19), inner - 32, 3) if caption.strip() else []
    caption_h = line_height(font(19)) * len(lines) + 16 + GAP if lines else 0
    status_top = HEADER_H + ORDER_H
    players_top = status_top + STATUS_H
    players_h = _players_height(view, locale)
    caption_top = players_top + players_h + GAP
    board_top = caption_top + caption_h
    legend_top = board_top + BOARD_H - MARGIN + 4
    height = legend_top + LEGEND_H + 6

    key = tuple(p.colour for p in view.players)
    # in parts (issue 29 item 6): the top (header, players, account) in one image, the
    # board's sea around the grid in four, each square of the grid a kept palette tile
    in_parts = _PALETTES.kept(key) is not None and board_in_parts(view)
    # the players' boxes as tiles, except at the end: the winner's gold band then runs
    # down onto the boxes' first row, between and beside them
    boxes = in_parts and view.phase != "over"
    # in parts, drawn straight into the kept palette's indices (common.palette_canvas)
    image = (_PALETTES.canvas(key, (WIDTH, players_top if boxes else board_top), BACKGROUND)
             if in_parts else Image.new("RGB", (WIDTH, height), BACKGROUND))
    if not in_parts:
        image.paste(_draw_board(view, locale), (0, board_top))
        image.paste(_legend_layer(locale), (0, legend_top))
    draw = exact_drawing(image)
    _draw_header(draw, view, locale)
    _draw_order(image, draw, view, names, locale)
    _draw_status(image, draw, view, names, locale, status_top)
    if not boxes:
        _draw_players(image, draw, view, names, locale, players_top, players_h)
        if lines:
            draw_caption(draw, lines, caption_top, left=MARGIN, right=WIDTH - MARGIN,
                         accent=NAVY)
    if not in_parts:
        return _PALETTES.png(key, image)
    # each player's box a kept tile (it changes when that player's crew, treasure or
    # turn does), the account on an image of its own; a box's tile may start a row
    # above it (on an even row), so the top goes over the tiles
    parts: list[tuple[tuple[int, int], Image.Image]] = []
    for player, name, (x0, y0, x1, y1) in (player_boxes(view, names, players_top, players_h)
                                           if boxes else ()):
        ox, oy = even_floor(x0), even_floor(y0)
        box = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
        parts.append(((ox, oy), _PALETTES.tile(
            key, player_part(view, player, name, box, locale),
            partial(player_tile, view, player, name, box, locale,
                    partial(_PALETTES.canvas, key)))))
    parts.append(((0, 0), image))
    if lines and boxes:
        oy = even_floor(caption_top)
        account = _PALETTES.canvas(key, (WIDTH, board_top - oy), BACKGROUND)
        draw_caption(exact_drawing(account), lines, caption_top - oy, left=MARGIN,
                     right=WIDTH - MARGIN, accent=NAVY)
        parts.append(((0, oy), account))
    parts += [((x, board_top + y), part) for (x, y), part in board_parts(
        view, locale, lambda part, draw: _PALETTES.tile(key, part, draw))]
    parts.append(((0, legend_top), _PALETTES.tile(
        key, ("legend", locale), lambda: _legend_layer(locale))))
    return _PALETTES.compose(key, (WIDTH, height), BACKGROUND, parts)
