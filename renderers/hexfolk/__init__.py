"""Pillow image of Hexfolk: the hex island with its numbers, harbours, robber and
pieces, a card per player, the bank, the last roll and any open trade offer.

:func:`render_board` draws a :class:`~games.hexfolk.view.HexfolkView` and never its
private fields (``hand``, ``devs``, ``vp``), so a public view and a seat's view give
the same picture; :func:`render_hand` draws a seat's own cards. Every word comes from
the translation layer (domain ``render_hexfolk``).

Colour is never the only cue: every terrain carries a resource icon, every piece the
seat's letter and shape, cities a dark ring that settlements lack.

Speed: nothing is supersampled at board size. Small antialiased sprites are drawn once
per size (a hex of each terrain, number tokens, harbour badges, resource icons, road
bars, city rings, hex letters, numbered spots); the sea, rim and piers once per board;
the island (hexes, icons, tokens, harbours, the desert's word) once per layout, hex size
and locale, from those sprites. A render copies the island, pastes the pieces and the
spots and draws the panels; texts reuse their rendered glyphs (``common.drawing``).

The package: :mod:`.layout` (sizes, colours, where the pieces and numbered spots go),
:mod:`.pieces` (the island and every sprite on it), :mod:`.text` (header, turn order,
player cards, bank, offer), :mod:`.legend`, :mod:`.summary` (the end-of-game image);
this module puts the board and the hand together.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import partial

from PIL import Image, ImageDraw

from games.hexfolk.board import get_board
from games.hexfolk.data import (
    CITY_COST,
    DEV_COST,
    DEV_ORDER,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
)
from games.hexfolk.maps import MAPS
from games.hexfolk.view import HexfolkView, PlayerView
from i18n import t
from renderers.common import (
    INK,
    MUTED,
    PALETTE,
    WHITE,
    KeptPalettes,
    draw_fitted,
    draw_token,
    draw_words,
    drawing,
    even_floor,
    fills,
    font,
    line_height,
    text_width,
    wrap_account,
)

from . import layout, legend, pieces, summary, text
from .layout import (
    _K,
    BACKGROUND,
    CARD_H,  # noqa: F401  (re-exported: the card height without two badge rows)
    DESERT_RGB,
    GAP,
    GOLD,
    HEADER_H,
    MARGIN,
    ORDER_H,
    PALE,
    PIER,
    RULE,
    SEA,
    SEA_EDGE,
    SIDE_W,
    SPOT_BG,
    TERRAIN,
    WIDTH,
    _Frame,
    _name,
    _style,
    hex_name_anchor,
    island_radius,
    piece_circles,
    spot_marks,
)
from .layout import _piece_sizes as _piece_sizes
from .legend import _draw_legend, _legend_height, legend_key
from .pieces import _draw_island as _draw_island
from .pieces import (
    _draw_pieces,
    _island,
    _paste,
    _Region,
    clear_board_caches,
    draw_island_band,
    island_bands,
    resource_icon,
    warm_pieces,
)
from .pieces import _harbour_badge as _harbour_badge
from .pieces import _harbour_spots as _harbour_spots
from .pieces import _hex_tile as _hex_tile
from .pieces import _hex_tile_split as _hex_tile_split
from .pieces import _name_tab as _name_tab
from .pieces import _number_token as _number_token
from .summary import _COLS as _COLS
from .summary import _ROW_H as _ROW_H
from .summary import expected_rolls, render_summary
from .text import (
    STATS_Y,
    _bank_height,
    _draw_bank,
    _draw_header,
    _draw_offer,
    _draw_order,
    _draw_player,
    _offer_height,
    acting_seat,
    card_fill,
    card_height,
    draw_stats,
    stats_text,
    turn_seats,
)
from .text import _roll_label as _roll_label

__all__ = ["BACKGROUND", "DESERT_RGB", "MARGIN", "PIER", "RULE", "SEA", "SEA_EDGE", "SPOT_BG",
           "TERRAIN", "clear_board_caches", "expected_rolls", "hand_key", "hex_name_anchor",
           "island_radius", "piece_circles", "render_board", "render_hand", "render_summary",
           "resource_icon", "spot_marks", "warm_up_pieces"]


def warm_up_pieces() -> None:
    """Make every seat colour's pieces at the hex size of every map (the render pool's
    fork server calls it: :mod:`bot.render_warmup`)."""
    warm_pieces(PALETTE, [m.board_id for m in MAPS])


#: The PNG palette of each map and set of seat colours, chosen from its first board and
#: every colour this module names (terrains, spots, chips, the gold banner...): it was
#: 7-10 ms CPU of an 8-player board to choose afresh for every move (issue 10).
_PALETTES = KeptPalettes(fills(vars(layout), [
    *(str(module.__file__) for module in (layout, pieces, text, legend)), __file__,
    str(summary.__file__)]))


def render_board(
    view: HexfolkView, names: Sequence[str], caption: str, locale: str = "en"
) -> bytes:
    """The public board as PNG bytes: header with the turn, phase and last roll, the
    caption (an already translated account of the last move, up to three lines), the
    island, a card per player, the bank and any open trade offer. ``view.hand``,
    ``view.devs`` and ``view.vp`` are never drawn."""
    board = get_board(view.board)
    inner = WIDTH - 2 * MARGIN
    r, side = island_radius(board)
    fr = _Frame(board, r)
    cap_face = font(19)
    lines = wrap_account(caption, cap_face, inner - 28, 3) if caption.strip() else []
    cap_h = line_height(cap_face) * len(lines) + 18 + GAP if lines else 0
    banner_h = 58 + GAP if view.winner is not None else 0
    top = HEADER_H + ORDER_H + GAP + banner_h + cap_h
    n = len(view.players)
    if side:
        panel_w = SIDE_W
        cols = 1
    else:
        panel_w = inner
        cols = 2
    rows = -(-n // cols)
    card_w = (panel_w - GAP * (cols - 1)) / cols
    card_h = card_height(view, card_w, locale)
    players_h = rows * card_h
    bank_w = (panel_w - GAP) * 0.42  # beside the offer when the panel is full width
    if side:
        extra_h = _bank_height() + _offer_height(view, panel_w)
    elif view.offer is not None:
        extra_h = max(_bank_height(), _offer_height(view, panel_w - bank_w - GAP))
    else:
        extra_h = _bank_height()
    legend_h = _legend_height(view)
    if side:
        board_x = MARGIN + (inner - SIDE_W - GAP - fr.w) / 2
        left_h = fr.h + GAP + legend_h
        right_h = players_h + extra_h
        height = top + max(left_h, right_h) + MARGIN
        panel_x, panel_y = WIDTH - MARGIN - SIDE_W, top
    else:
        board_x = MARGIN + (inner - fr.w) / 2
        panel_x, panel_y = MARGIN, top + fr.h + GAP + legend_h + GAP
        height = panel_y + players_h + extra_h + MARGIN
    key = (view.board, tuple(p.colour for p in view.players))
    # in parts (issue 29 item 6): the header and account in one image, then the island
    # with its pieces and each player's card as kept palette tiles (_board_in_parts)
    in_parts = not side and _PALETTES.kept(key) is not None
    # in parts, drawn straight into the kept palette's indices (common.palette_canvas)
    image = (_PALETTES.canvas(key, (WIDTH, top), BACKGROUND) if in_parts
             else Image.new("RGB", (WIDTH, round(height)), BACKGROUND))
    draw = drawing(image)
    _draw_header(image, draw, view, names, locale)
    if not in_parts:  # in parts, the turn order is a kept tile (_order_tile)
        _draw_order(image, draw, view, names, locale)
    y = HEADER_H + ORDER_H + GAP
    if view.winner is not None:
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + 58), radius=12, fill=GOLD, outline=INK, width=2
        )
        wx = MARGIN + 16
        if 0 <= view.winner < n:
            draw_token(image, (wx + 18, y + 29), 38, _style(view.players[view.winner]))
            wx += 46
            vp = view.players[view.winner].visible_vp
        else:
            vp = view.target
        draw_fitted(
            draw,
            (wx, y + 29),
            t(_K + "winner", locale, name=_name(names, view.winner), vp=vp),
            WIDTH - MARGIN - 16 - wx,
            26,
            INK,
            bold=True,
            anchor="lm",
        )
        y += 58 + GAP
    if lines:
        h = cap_h - GAP
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + h), radius=10, fill=WHITE, outline=RULE
        )
        ly = y + 9
        for line in lines:
            draw_words(draw, (MARGIN + 14, ly), line, cap_face, INK)
            ly += line_height(cap_face)
    if in_parts:
        return _board_in_parts(view, names, locale, key, image, round(height), r, top,
                               board_x, panel_y, card_w, card_h, bank_w)
    island = _island(view.board, view.terrain, view.tokens, view.harbours, r, locale)
    image.paste(island, (round(board_x), top))
    _draw_pieces(_Region(image, round(board_x), top, island.size), view, r)
    _draw_legend(image, draw, view, locale, board_x + 8, top + fr.h + 4, fr.w - 8)
    for i, player in enumerate(view.players):
        cx = panel_x + (i % cols) * (card_w + GAP)
        cy = panel_y + (i // cols) * card_h
        _draw_player(image, draw, view, player, names, locale, cx, cy, card_w, card_h)
    y = panel_y + players_h
    if side or view.offer is None:
        _draw_bank(image, draw, view, locale, panel_x, y, panel_w if side else min(panel_w, 640))
        y += _bank_height()
        if view.offer is not None:
            _draw_offer(image, draw, view, view.offer, names, locale, panel_x, y, panel_w)
    else:
        _draw_bank(image, draw, view, locale, panel_x, y, bank_w)
        _draw_offer(
            image,
            draw,
            view,
            view.offer,
            names,
            locale,
            panel_x + bank_w + GAP,
            y,
            panel_w - bank_w - GAP,
        )
    return _PALETTES.png(key, image)


def _board_in_parts(
    view: HexfolkView, names: Sequence[str], locale: str, key: Hashable,
    head: Image.Image, height: int, r: float, top: int, board_x: float, panel_y: float,
    card_w: float, card_h: float, bank_w: float,
) -> bytes:
    """The PNG of a board (one column of full width: not the side layout) whose header
    and account are drawn in ``head`` (down to the island's ``top``): the island with
    its pieces and numbered spots in bands, each a kept palette tile (drawn again only
    when a piece, the robber or a numbered spot in it changed: :func:`island_bands`),
    the legend on an image of its own, each player's card a kept tile (:func:`_card_part`), then
    the bank and any offer on another image. The same bytes as the board drawn whole."""
    fr = _Frame(get_board(view.board), r)
    base = _island(view.board, view.terrain, view.tokens, view.harbours, r, locale)
    layout = ("island", view.board, view.terrain, view.tokens, view.harbours, r, locale)
    bands = [((round(board_x), top + y), _PALETTES.tile(
        key, (*layout, y, ops), partial(draw_island_band, base, y, ops)))
        for y, ops in island_bands(view, r, base.size)]
    under = top + base.height
    oy = even_floor(under)  # the legend's image: under the island, moved by even rows
    size = (WIDTH, math.floor(panel_y) - oy)
    place = (board_x + 8, top + fr.h + 4 - oy, fr.w - 8)

    def draw_legend() -> Image.Image:
        # in RGB: its samples paste a token over a road, a blend over a blend (a palette
        # canvas blends over the palette's colours), and it is drawn once a game or so
        legend = Image.new("RGB", size, BACKGROUND)
        _draw_legend(legend, drawing(legend), view, locale, *place)
        return legend

    legend = _PALETTES.tile(key, ("legend", legend_key(view, locale), size, place),
                            draw_legend)
    parts: list[tuple[tuple[int, int], Image.Image]] = [
        ((0, 0), head), ((0, HEADER_H), _order_tile(key, view, names, locale)),
        ((0, oy), legend), *bands]
    for i, player in enumerate(view.players):
        cx = MARGIN + (i % 2) * (card_w + GAP)
        cy = panel_y + (i // 2) * card_h
        ox, oy = even_floor(cx), even_floor(cy)
        # the card without its stats line (the dice change a hand's count on most moves,
        # little else), then the stats line on a strip of its own over it
        frame = replace(player, hand_count=0, dev_count=0, knights=0, road_length=0)
        parts.append(((ox, oy), _PALETTES.tile(
            key, (*_card_part(view, frame, names, locale, cx - ox, cy - oy, card_w, card_h),
                  "no stats"),
            partial(_card_tile, key, view, player, names, locale, cx - ox, cy - oy, card_w,
                    card_h, stats=False))))
        parts.append(_stats_strip(key, view, player, locale, cx, cy, card_w))
    panel_w = WIDTH - 2 * MARGIN
    y = panel_y + -(-len(view.players) // 2) * card_h
    oy = even_floor(y)
    bottom = _PALETTES.canvas(key, (WIDTH, height - oy), BACKGROUND)
    draw = drawing(bottom)
    if view.offer is None:
        _draw_bank(bottom, draw, view, locale, MARGIN, y - oy, min(panel_w, 640))
    else:
        _draw_bank(bottom, draw, view, locale, MARGIN, y - oy, bank_w)
        _draw_offer(bottom, draw, view, view.offer, names, locale, MARGIN + bank_w + GAP,
                    y - oy, panel_w - bank_w - GAP)
    parts.append(((0, oy), bottom))
    return _PALETTES.compose(key, (WIDTH, height), BACKGROUND, parts)


def _order_tile(key: Hashable, view: HexfolkView, names: Sequence[str], locale: str
                ) -> Image.Image:
    """The turn order strip (rows ``HEADER_H`` to ``HEADER_H + ORDER_H``) as a kept tile:
    a game has as many as it has seats to act (and a last one for its end)."""
    seats = tuple((s.seat, s.style, s.name, s.current) for s in turn_seats(view, names))

    def strip() -> Image.Image:
        image = _PALETTES.canvas(key, (WIDTH, ORDER_H + 1), BACKGROUND)
        _draw_order(image, drawing(image), view, names, locale, top=0)
        return image

    return _PALETTES.tile(key, ("order", seats, view.first, len(view.players), locale), strip)


def _card_part(view: HexfolkView, player: PlayerView, names: Sequence[str], locale: str,
               x: float, y: float, w: float, card_h: float) -> tuple[object, ...]:
    """Everything :func:`_draw_player` draws a card from, where it starts in its tile
    included: the key of the card's kept tile."""
    is_current = player.seat == acting_seat(view) and view.winner is None
    return ("card", player, _name(names, player.seat), locale, is_current,
            view.winner == player.seat, view.target, x, y, w, card_h)


def _card_tile(key: Hashable, view: HexfolkView, player: PlayerView, names: Sequence[str],
               locale: str, x: float, y: float, w: float, card_h: float, stats: bool = True
               ) -> Image.Image:
    """A player's card on a tile of its own in the palette of the board ``key``, drawn
    at (``x``, ``y``) in it (without ``stats``, its stats line left out)."""
    tile = _PALETTES.canvas(key, (math.ceil(x + w) + 2, math.ceil(y + card_h - 8) + 2),
                            BACKGROUND)
    _draw_player(tile, drawing(tile), view, player, names, locale, x, y, w, card_h,
                 stats=stats)
    return tile


def _stats_strip(key: Hashable, view: HexfolkView, player: PlayerView, locale: str,
                 x: float, y: float, w: float) -> tuple[tuple[int, int], Image.Image]:
    """The stats line of the card at (``x``, ``y``) on a kept strip of the card's ground,
    and where it goes. The strip spans the rows between the seat's token (which ends 44
    rows below the card's top) and the pieces line (whose glyphs start 69 rows below),
    and stays clear of the card's border; on even offsets, as every part, so that the
    text lands on the same pixels as on the card drawn whole."""
    left, top = even_floor(x + 8), even_floor(y + STATS_Y - 10)
    right, bottom = math.floor(x + w - 8), even_floor(y + STATS_Y + 13)
    fill = card_fill(view, player)
    stats = stats_text(player, locale)

    def strip() -> Image.Image:
        image = _PALETTES.canvas(key, (right - left, bottom - top), fill)
        draw_stats(drawing(image), stats, x - left, y - top, w)
        return image

    return (left, top), _PALETTES.tile(
        key, ("stats", stats, fill, x - left, y - top, w, right - left, bottom - top), strip)


# -- the private hand ----------------------------------------------------------------------
PAYS_H = 38  #: the hand image's line saying what the cards pay for

#: What a hand can pay for, in the order the hand image names them.
BUILD_COSTS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("road", ROAD_COST), ("settlement", SETTLEMENT_COST), ("city", CITY_COST),
    ("dev", DEV_COST))


def pays_for(hand: Sequence[int]) -> list[str]:
    """The builds ``hand`` pays for (by cost alone: where is the board's business)."""
    return [name for name, cost in BUILD_COSTS
            if all(have >= need for have, need in zip(hand, cost, strict=False))]


def hand_key(view: HexfolkView) -> tuple[object, ...]:
    """Everything :func:`render_hand` draws from (the image is kept while it is equal)."""
    me = view.players[view.viewer] if view.viewer is not None and 0 <= view.viewer < len(
        view.players) else None
    return (view.viewer, None if me is None else (me.seat, me.colour), view.hand, view.devs,
            view.vp, view.target)


def render_hand(view: HexfolkView, names: Sequence[str], locale: str = "en") -> bytes:
    """The viewer's own resources (a count per resource) and development cards.

    In parts once the hands' palette is kept (issue 29 item 6; a hand changes by a card
    or two a move, as the dice pay): the header on an image of its own, each resource
    card a kept palette tile (keyed by its resource, count and locale), and what the hand
    pays for with the development cards below another (keyed by what they show). The
    same bytes as the hand drawn whole."""
    if view.hand is None or view.viewer is None:
        raise ValueError("render_hand needs a seat's view, not the public one")
    devs = Counter(view.devs or ())
    # the cards' size and gap (unpacked in one statement: fills() reads a tuple of three
    # numbers as a colour, and where it stands sets the order of the kept palette)
    card_w, card_h, gap = 208, 150, 14
    dev_rows = -(-max(1, len(devs)) // 5)
    cards_top = HEADER_H + GAP + 34
    below_top = cards_top + card_h + GAP
    height = below_top + PAYS_H + 40 + dev_rows * (110 + GAP) + MARGIN
    in_parts = _PALETTES.kept("hand") is not None
    image = Image.new("RGB", (WIDTH, cards_top if in_parts else height), BACKGROUND)
    draw = drawing(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=(38, 70, 100))
    x: float = MARGIN
    if 0 <= view.viewer < len(view.players):
        draw_token(image, (x + 18, HEADER_H / 2), 36, _style(view.players[view.viewer]))
        x += 46
    vp = view.vp if view.vp is not None else 0
    vp_text = t(_K + "hand.vp", locale, vp=vp, target=view.target)
    vp_face = font(20, bold=True)
    draw.text((WIDTH - MARGIN, HEADER_H / 2), vp_text, font=vp_face, fill=GOLD, anchor="rm")
    draw_fitted(
        draw,
        (x, HEADER_H / 2),
        t(_K + "hand.title", locale, name=_name(names, view.viewer)),
        WIDTH - MARGIN - x - text_width(vp_text, vp_face) - 20,
        24,
        WHITE,
        bold=True,
        anchor="lm",
    )
    draw.text(
        (MARGIN, HEADER_H + GAP + 4),
        t(_K + "hand.resources", locale, count=sum(view.hand)),
        font=font(19, bold=True),
        fill=INK,
    )
    counts = tuple(view.hand[:5])
    builds = tuple(pays_for(view.hand))
    shown_devs = tuple(sorted(devs.items(), key=lambda item: DEV_ORDER.get(item[0], 9)))
    x0 = MARGIN + (WIDTH - 2 * MARGIN - 5 * card_w - 4 * gap) / 2
    card_x = [x0 + res * (card_w + gap) for res in range(len(counts))]
    size = (card_w, card_h)
    if not in_parts:
        _draw_resource_cards(image, draw, [(res, count, card_x[res])
                                           for res, count in enumerate(counts)],
                             cards_top, size, locale)
        _draw_below_cards(draw, builds, shown_devs, locale, below_top, card_w, gap)
        return _PALETTES.png("hand", image)  # one palette for every hand: the same fills
    parts: list[tuple[tuple[int, int], Image.Image]] = [((0, 0), image)]
    oy = even_floor(cards_top)
    for res, count in enumerate(counts):
        ox = even_floor(card_x[res])
        parts.append(((ox, oy), _PALETTES.tile(
            "hand", ("resource card", res, count, locale, card_x[res] - ox, cards_top - oy,
                     size),
            partial(_resource_card_tile, res, count, locale, card_x[res] - ox,
                    cards_top - oy, size))))
    oy = even_floor(below_top)
    parts.append(((0, oy), _PALETTES.tile(
        "hand", ("below the cards", builds, shown_devs, locale, below_top - oy, height - oy,
                 card_w, gap),
        partial(_below_cards_tile, builds, shown_devs, locale, below_top - oy, height - oy,
                card_w, gap))))
    return _PALETTES.compose("hand", (WIDTH, height), BACKGROUND, parts)


def _draw_resource_cards(image: Image.Image, draw: ImageDraw.ImageDraw,
                         cards: Sequence[tuple[int, int, float]], y: float,
                         size: tuple[int, int], locale: str) -> None:
    """Resource cards of the hand image, each ``(resource, count, x)`` and of ``size``:
    its icon, how many and its name, pale and muted when there are none."""
    card_w, card_h = size
    for res, count, x in cards:
        draw.rounded_rectangle(
            (x, y, x + card_w, y + card_h),
            radius=12,
            fill=PALE[res] if count else (236, 234, 228),
            outline=TERRAIN[res] if count else RULE,
            width=4 if count else 2,
        )
        _paste(image, resource_icon(res, 58), (x + 44, y + 44))
        draw.text(
            (x + card_w - 18, y + 44),
            f"×{count}",
            font=font(38, bold=True),
            fill=INK if count else MUTED,
            anchor="rm",
        )
        draw_fitted(
            draw,
            (x + card_w / 2, y + card_h - 28),
            t(_K + f"resource.{RESOURCES[res]}", locale),
            card_w - 20,
            20,
            INK if count else MUTED,
            bold=True,
            anchor="mm",
        )


def _resource_card_tile(res: int, count: int, locale: str, x: float, y: float,
                        size: tuple[int, int]) -> Image.Image:
    """A resource card on a tile of its own, drawn at (``x``, ``y``) in it.

    (Each card is drawn by the loop of :func:`_draw_resource_cards`, as the whole hand
    draws them: the colours' order in the kept palette is the order :func:`fills` finds
    them in the source, and moving a colour out of that loop would reorder the palette.)"""
    tile = Image.new("RGB", (math.ceil(x + size[0]) + 2, math.ceil(y + size[1]) + 2),
                     BACKGROUND)
    _draw_resource_cards(tile, drawing(tile), [(res, count, x)], y, size, locale)
    return tile


def _draw_below_cards(draw: ImageDraw.ImageDraw, builds: Sequence[str],
                      devs: Sequence[tuple[str, int]], locale: str, y: float,
                      card_w: int, gap: int) -> None:
    """Under the resource cards, from ``y``: what the hand pays for (seen by its holder
    only: the board numbers every place the board allows, whatever the hand, HX-D57, so
    this line says which of them it pays for), then the development cards."""
    draw_fitted(
        draw,
        (MARGIN, y + PAYS_H / 2 - 4),
        t(_K + "hand.pays_for", locale, builds=" · ".join(
            t(_K + f"hand.build.{build}", locale) for build in builds))
        if builds else t(_K + "hand.pays_for_none", locale),
        WIDTH - 2 * MARGIN,
        19,
        INK if builds else MUTED,
        bold=bool(builds),
        anchor="lm",
    )
    y += PAYS_H
    draw.text(
        (MARGIN, y + 6),
        t(_K + "hand.devs", locale, count=sum(count for _, count in devs)),
        font=font(19, bold=True),
        fill=INK,
    )
    y += 40
    if not devs:
        draw.text((MARGIN, y + 20), t(_K + "hand.no_devs", locale), font=font(18), fill=MUTED)
    for i, (card, count) in enumerate(devs):
        x = MARGIN + (i % 5) * (card_w + gap)
        cy = y + (i // 5) * (110 + GAP)
        draw.rounded_rectangle(
            (x, cy, x + card_w, cy + 110),
            radius=12,
            fill=(232, 226, 246),
            outline=(110, 80, 160),
            width=3,
        )
        draw_fitted(
            draw,
            (x + card_w / 2, cy + 36),
            t(_K + f"dev.{card}", locale),
            card_w - 20,
            20,
            INK,
            bold=True,
            anchor="mm",
        )
        draw.text(
            (x + card_w / 2, cy + 76), f"×{count}", font=font(30, bold=True), fill=INK, anchor="mm"
        )


def _below_cards_tile(builds: Sequence[str], devs: Sequence[tuple[str, int]], locale: str,
                      y: float, height: int, card_w: int, gap: int) -> Image.Image:
    """:func:`_draw_below_cards` on a full-width tile of ``height`` rows, from ``y``."""
    tile = Image.new("RGB", (WIDTH, height), BACKGROUND)
    _draw_below_cards(drawing(tile), builds, devs, locale, y, card_w, gap)
    return tile
