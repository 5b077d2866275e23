"""The Haze Islands board: the growing grid of location cards with their edges and
adventures, ships, pirates, The Doom with its route, and every player's board; drawn from
a :class:`~games.haze_islands.view.HazeView` only.

The map is scaled to the image width (1,200 px): a small map gets cells of 240 px, an
eight-card-wide one cells of 145 px. Words wrap rather than shrink below 14 px or get cut
(the Russian and Czech names are long), and a row of cards grows taller than it is wide
where its busiest card needs the room. Faces and fitting helpers are the shared ones of
:mod:`renderers.common`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import pairwise

from PIL import Image, ImageDraw, ImageFont

from games.haze_islands.data import CORNERS
from games.haze_islands.view import HazeSummary, HazeView, LocationView
from i18n import t

from .common import (
    MIN_TEXT,
    KeptPalettes,
    TurnSeat,
    draw_caption,
    draw_fitted,
    draw_text,
    draw_token,
    draw_turn_order,
    drawing,
    even_floor,
    fills,
    font,
    line_height,
    play_order,
    png_bytes,
    seat_style,
    text_width,
    wrap_account,
    wrap_text,
)

WIDTH = 1200
MARGIN = 20
SEA = (40, 92, 128)
INK = (25, 25, 35)
PAPER = (246, 241, 228)
LIGHT = (240, 244, 248)
GOLD = (214, 170, 40)
RED = (200, 40, 40)
CARD_FILL = {"island": (236, 214, 160), "dead_end": (178, 178, 178), "cursed": (150, 110, 170)}
SIDE_FILL = {"double": (255, 250, 235), "single": (250, 236, 210), "sea": (120, 170, 205)}
MAX_CELL = 240
NAVY = (28, 48, 68)
#: The title bar: the game's name and whose turn it is.
HEADER_H = 56
#: The sea strip above the map for the column numbers, and left of it for the row
#: numbers: the squares typed as ``@x,y`` (``rotate``, ``dawn``, ``pay``, ``use``).
COORD_TOP, COORD_LEFT = 26, 28
#: The sea right of the map when it is as wide as the image allows.
SEA_RIGHT = 8


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _icon(code: str, locale: str) -> str:
    return t(f"haze-islands.icon.{code}", locale)


def _grid(view: HazeView) -> tuple[int, int, int, int]:
    xs = [loc.x for loc in view.locations]
    ys = [loc.y for loc in view.locations]
    return min(xs), max(xs), min(ys), max(ys)


def _diamond(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, red: bool) -> None:
    draw.polygon(
        [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
        fill=RED if red else GOLD,
        outline=INK,
    )


@dataclass(frozen=True, slots=True)
class _Line:
    """One line of a card's text, placed relative to the card's top left corner."""

    x: float
    y: float
    text: str
    face: ImageFont.FreeTypeFont
    colour: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class _CardLayout:
    """Where the words of one location card go (relative to the card's top left)."""

    lines: tuple[_Line, ...]
    #: the adventure side's box (x0, y0, x1, y1) and its fill, if the card has one
    side_box: tuple[float, float, float, float] | None
    side_fill: tuple[int, int, int]
    bottom: float  #: the lowest pixel the words use


def _diamond_radius(cell: int) -> int:
    return max(6, cell // 22)


def _fitted_lines(text: str, width: float, size: int, bold: bool, min_size: int,
                  max_lines: int = 2) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """``text`` on one line at the largest size from ``size`` down to ``min_size`` that
    holds it; else word-wrapped at ``min_size`` onto up to ``max_lines`` lines (a long
    name is never cut to "Mapa pokla…"). A bold text with a word wider than ``width``
    even so falls back to the regular face (narrower by about a tenth), as the Shipyard
    board does in its narrow slots.

    The wrap is always worked out through :func:`~renderers.common.wrap_text`: its
    arguments are the box the text must fit (``min_size`` on ``max_lines`` lines), the
    same for every text drawn here, which the text-fit test measures in every language.
    The lines are then drawn as they are (they fit by construction)."""
    floor = font(min_size, bold)
    if bold and any(text_width(word, floor) > width for word in text.split()):
        bold, floor = False, font(min_size)
    wrapped = wrap_text(text, floor, width, max_lines)
    for candidate in range(size, min_size - 1, -1):
        face = font(candidate, bold)
        if text_width(text, face) <= width:
            return face, [text]
    return floor, wrapped
def _fits_lines(text: str, width: float, size: int, bold: bool, max_lines: int) -> bool:
    """Whether ``text`` wraps whole onto ``max_lines`` lines of ``width`` at ``size`` (the
    regular face standing in for the bold one as in :func:`_fitted_lines`)."""
    face = font(size, bold)
    if bold and any(text_width(word, face) > width for word in text.split()):
        face = font(size)
    lines, count = "", 1
    for word in text.split():
        candidate = f"{lines} {word}" if lines else word
        if text_width(candidate, face) <= width:
            lines = candidate
        elif text_width(word, face) <= width:
            lines, count = word, count + 1
        else:
            return False
    return count <= max_lines


@lru_cache(maxsize=1024)
def _card_layout(loc: LocationView, cell: int, locale: str) -> _CardLayout:
    """The words of a card ``cell`` pixels wide: its icon and Plunder value, number and
    kind, the adventure side with what Complete asks for, the revealed corners. Rows
    above the side box may run under the corner diamonds' columns (those sit at the
    middle of each edge); the side box keeps clear of the west and east diamonds.
    Kept per card as it is now (a card changes far less often than the board is drawn:
    working out its words was about 0.3 ms of every board, issue 29 item 6)."""
    card_w = cell - 6
    r = _diamond_radius(cell)
    top_pad = max(8, r + 2)
    mid_pad = 2 * r + 6
    size = max(MIN_TEXT, min(22, cell // 9))
    small = max(MIN_TEXT, size - 4)
    lines: list[_Line] = []
    y = 2.0 * r + 6

    def add(text: str, x: float, width: float, start: int, bold: bool, floor: int,
            max_lines: int = 2, colour: tuple[int, int, int] = INK) -> None:
        nonlocal y
        face, wrapped = _fitted_lines(text, width, start, bold, floor, max_lines)
        for line in wrapped:
            lines.append(_Line(x, y, line, face, colour))
            y += line_height(face, 1.2)

    title = _icon(loc.icon, locale)
    plunder = "" if loc.plunder is None else f" · {loc.plunder}"
    title_w = card_w - 2 * top_pad
    face, wrapped = _fitted_lines(title + plunder, title_w, size, True,
                                  max(MIN_TEXT, size - 4))
    if len(wrapped) > 1 and plunder:
        # the Plunder value stays with the name's last word, never alone on a line
        face = font(max(MIN_TEXT, size - 4), True)
        room = title_w - text_width(plunder, face)
        if all(text_width(word, face) <= room for word in title.split()):
            wrapped = wrap_text(title, face, room, 2)
            wrapped[-1] += plunder
        else:  # a word too long for that: the value gets a line of its own
            face, wrapped = _fitted_lines(title, title_w, size, True, max(MIN_TEXT, size - 4))
            wrapped.append(plunder.lstrip())
    for line in wrapped:
        lines.append(_Line(top_pad, y, line, face, INK))
        y += line_height(face, 1.2)
    add(f"#{loc.card} " + t(f"haze-islands.render.kind.{loc.kind}", locale), top_pad,
        card_w - 2 * top_pad, small, False, small)
    side_box = None
    if loc.side:
        y += 2
        box_top = y
        inner = card_w - 2 * mid_pad - 4
        y += 3
        side = t(f"haze-islands.side.{loc.side}", locale)
        if loc.adventure is not None:
            side = f"#{loc.adventure} {side}"
        add(side, mid_pad + 2, inner, small, False, small)
        if loc.stopped:  # a special action stopped it from activating at this Round End
            add(t("haze-islands.render.stopped", locale), mid_pad + 2, inner, small, True,
                small, colour=RED)
        if loc.requirement:
            need = " + ".join(_icon(i, locale) for i in loc.requirement)
            if text_width(need, font(small, True)) <= inner:
                add(need, mid_pad + 2, inner, small, True, small)
            else:  # one icon a line, each after the first led by its "+" where it fits
                for n, code in enumerate(loc.requirement):
                    name = _icon(code, locale)
                    if n and _fits_lines("+ " + name, inner, small, True, 2):
                        name = "+ " + name
                    add(name, mid_pad + 2, inner, small, True, small)
        y += 3
        side_box = (mid_pad, box_top, card_w - mid_pad, y)
        y += 4
    if loc.revealed:
        marks = " ".join(
            ("☠" if skull else "○") + t(f"haze-islands.corner_short.{CORNERS[c]}", locale)
            for c, skull in loc.revealed
        )
        add(marks, mid_pad, card_w - 2 * mid_pad, small, True, MIN_TEXT)
    return _CardLayout(tuple(lines), side_box, SIDE_FILL.get(loc.side, LIGHT), y)


def _token_size(cell: int) -> int:
    return max(22, cell // 6)


#: A piece on a card: (x of its centre from the row's left end, its row counted up from
#: the bottom row, "ship" / "castaway" / "ghost" / "pirate", the seat).
_Piece = tuple[float, int, str, int]


def _pieces(view: HazeView, loc: LocationView, cell: int) -> list[_Piece]:
    """The ships (then the pirates) on ``loc``, left to right along the card's bottom,
    in as many rows as the card's width needs (three ships and a crowd of pirates do not
    run into the next card); The Doom's die keeps the bottom right corner."""
    token = _token_size(cell)
    pad = 2 * _diamond_radius(cell) + 6
    room = cell - 6 - 2 * pad
    doom_room = room - (token + 10) if view.doom == (loc.x, loc.y) else room
    items = [(p.status, p.seat) for p in view.players
             if (p.x, p.y) == (loc.x, loc.y) and p.status in ("ship", "castaway", "ghost")]
    items += [("pirate", seat) for seat in loc.pirates]
    out: list[_Piece] = []
    x, row = 0.0, 0
    for status, seat in items:
        size = token // 2 if status == "pirate" else token
        if x > 0 and x + size > (doom_room if row == 0 else room):
            x, row = 0.0, row + 1
        out.append((x + size / 2, row, status, seat))
        x += size + (3 if status == "pirate" else 4)
    return out


def _piece_row_height(view: HazeView, loc: LocationView, cell: int) -> int:
    """Pixels from one row of pieces to the next (room for a Ghost Ship's cross)."""
    ghost = any(p.status == "ghost" and (p.x, p.y) == (loc.x, loc.y) for p in view.players)
    return _token_size(cell) + 6 + (MIN_TEXT + 2 if ghost else 0)


def _card_height(view: HazeView, cell: int, layouts: Sequence[_CardLayout]) -> int:
    """The height of every card of the map: square, or taller where the words of a card
    and the row of ships, pirates and The Doom below them need it (narrow cells of a
    wide map, long Russian and Czech names)."""
    bottom_pad = 2 * _diamond_radius(cell) + 6
    need = cell - 6
    # The Doom's route runs along the row of pieces: keep it clear of words on its cards
    route = {sq for path in (*view.doom_routes, view.doom_route) for sq in path}
    for loc, layout in zip(view.locations, layouts, strict=True):
        words = layout.bottom
        pieces = _pieces(view, loc, cell)
        rows = 1 + max((row for _, row, _, _ in pieces), default=-1)
        if rows or view.doom == (loc.x, loc.y) or (loc.x, loc.y) in route:
            words += 4 + max(1, rows) * _piece_row_height(view, loc, cell)
        need = max(need, round(words + bottom_pad))
    return need + 6


def _draw_edges(
    draw: ImageDraw.ImageDraw, loc: LocationView, box: tuple[int, int, int, int], cell: int
) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = _diamond_radius(cell)
    anchors = (
        (cx, y0 + r + 2, 1, 0),
        (x1 - r - 2, cy, 0, 1),
        (cx, y1 - r - 2, 1, 0),
        (x0 + r + 2, cy, 0, 1),
    )
    for (ax, ay, dx, dy), (diamonds, red, _triangle) in zip(anchors, loc.edges, strict=True):
        for i in range(diamonds):
            offset = (i - (diamonds - 1) / 2) * (2.4 * r)
            _diamond(draw, ax + dx * offset, ay + dy * offset, r, red)


def _route_anchor(box: tuple[int, int, int, int], cell: int) -> tuple[float, float]:
    """Where The Doom's route meets a card: the middle of its row of pieces (under the
    words and the adventure box, so the line never crosses them: issue 24 item 13)."""
    x0, _y0, x1, y1 = box
    token = _token_size(cell)
    pad = 2 * _diamond_radius(cell) + 6
    return (x0 + x1) / 2, y1 - pad - token // 2


def route_points(squares: Sequence[tuple[int, int]],
                 boxes: Mapping[tuple[int, int], tuple[int, int, int, int]],
                 cell: int) -> list[tuple[float, float]]:
    """The polyline of The Doom's route through ``squares`` (its own first). A step east
    or west runs along the cards' rows of pieces; a step north or south leaves the row
    of pieces for the gap beside the column, climbs there and comes back, so it never
    runs through a card's words or adventure box (issue 24 item 13). The gap is on the
    side the route comes back from: where the next step east or west leads away from,
    else the side the last one went to (it keeps one direction, never doubling back)."""
    known = [sq for sq in squares if sq in boxes]
    if not known:
        return []
    # it starts at The Doom's die, in the bottom right corner of its card
    x1 = boxes[known[0]][2]
    die = _token_size(cell) + 6
    points = [(x1 - 2 * _diamond_radius(cell) - 6 - die / 2,
               _route_anchor(boxes[known[0]], cell)[1])]
    steps = list(pairwise(known))
    for n, (here, there) in enumerate(steps):
        ay = points[-1][1]
        bx, by = _route_anchor(boxes[there], cell)
        if here[1] != there[1]:  # north or south: by a gap beside the column
            ahead = [b[0] - a[0] for a, b in steps[n + 1:] if a[1] == b[1]]
            behind = [b[0] - a[0] for a, b in steps[:n] if a[1] == b[1]]
            east = ahead[0] < 0 if ahead else (behind[-1] > 0 if behind else True)
            gap = boxes[here][2] + 3 if east else boxes[here][0] - 3
            points += [(gap, ay), (gap, by)]
        points.append((bx, by))
    return points


def _draw_card_ground(draw: ImageDraw.ImageDraw, loc: LocationView, layout: _CardLayout,
                      box: tuple[int, int, int, int], cell: int) -> None:
    """A card's fill, its edge diamonds and its adventure box: what The Doom's route is
    drawn over (the words go on top of the route)."""
    x0, y0 = box[0], box[1]
    draw.rectangle(box, fill=CARD_FILL.get(loc.kind, LIGHT), outline=INK, width=2)
    _draw_edges(draw, loc, box, cell)
    if layout.side_box is not None:
        bx0, by0, bx1, by1 = layout.side_box
        draw.rectangle((x0 + bx0, y0 + by0, x0 + bx1, y0 + by1), fill=layout.side_fill,
                       outline=INK)


def _draw_card_face(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HazeView,
    loc: LocationView,
    layout: _CardLayout,
    box: tuple[int, int, int, int],
    cell: int,
) -> None:
    """A card's words, then its ships, pirates and The Doom along its bottom."""
    x0, y0, x1, y1 = box
    for line in layout.lines:  # each fits its room (see _fitted_lines)
        draw.text((x0 + line.x, y0 + line.y), line.text, font=line.face, fill=line.colour)
    token = _token_size(cell)
    pad = 2 * _diamond_radius(cell) + 6
    by = y1 - pad - token // 2
    if view.doom == (loc.x, loc.y):
        d = token + 6
        draw.rectangle(
            (x1 - pad - d, by - d // 2, x1 - pad, by + d // 2),
            fill=(20, 20, 20),
            outline=RED,
            width=3,
        )
        draw_text(
            draw,
            (x1 - pad - d / 2, by),
            str(view.doom_die),
            font(max(18, d // 2), True),
            (255, 255, 255),
            anchor="mm",
        )
    step = _piece_row_height(view, loc, cell)
    left = x0 + pad
    for dx, row, status, seat in _pieces(view, loc, cell):
        cx, cy = left + dx, by - row * step
        if status == "pirate":
            draw_token(image, (cx, cy + token // 4), token // 2, seat_style(seat))
            continue
        draw_token(image, (cx, cy), token if status == "ship" else token * 3 // 4,
                   seat_style(seat))
        if status == "ghost":
            draw_text(draw, (cx, cy - token // 2 - 2), "✝", font(MIN_TEXT, True), INK,
                      anchor="md")


def _title(code: str, locale: str) -> str:
    """A title, or "no title" for a player who did not survive ("Surviving players earn
    Titles": issue 24 item 4)."""
    key = f"haze-islands.title.{code}" if code else "haze-islands.render.no_title"
    return t(key, locale)


def _outcome(mode: str, winners: Sequence[int], names: Sequence[str], locale: str) -> str:
    """How the game ended, for the final board's header and the summary: the winners by
    name, or win / loss in solo and cooperative games (issue 24 item 12)."""
    if mode == "solo":
        return t("haze-islands.render.solo_won" if winners else "haze-islands.render.solo_lost",
                 locale)
    if mode == "coop":
        return t("haze-islands.render.coop_won" if winners else "haze-islands.render.coop_lost",
                 locale)
    if not winners:
        return t("haze-islands.render.over_nobody", locale)
    return t("haze-islands.render.final", locale, winners=", ".join(
        _name(names, s) for s in winners), count=len(winners))


def _doom_target_text(view: HazeView, names: Sequence[str], locale: str) -> str:
    """Whom The Doom hunts: one ship, the ships tied for the coin toss, or "—"."""
    if len(view.doom_targets) > 1:
        return t("haze-islands.render.coin_toss", locale,
                 names=" / ".join(_name(names, s) for s in view.doom_targets))
    if view.doom_targets:
        return _name(names, view.doom_targets[0])
    return "—" if view.doom_target is None else _name(names, view.doom_target)


def _player_line(view: HazeView, seat: int, names: Sequence[str], locale: str) -> str:
    p = view.players[seat]
    status = t(f"haze-islands.render.status.{p.status}", locale)
    specials = ", ".join(f"#{n}" for n in p.specials) or "—"
    return t(
        "haze-islands.render.player",
        locale,
        name=_name(names, seat),
        status=status,
        supply=p.supply,
        deployed=p.deployed,
        hand=p.hand_count,
        deck=p.deck_count,
        icons=p.icons,
        title=_title(p.title, locale),
        specials=specials,
    )


def _map_cells(view: HazeView, locale: str
               ) -> tuple[int, int, int, list[_CardLayout]]:
    """The map's cell width, the row pitch, the map's height and each card's words:
    cells as wide as the image allows (at most :data:`MAX_CELL`), rows as tall as the
    busiest card needs."""
    minx, maxx, miny, maxy = _grid(view)
    cols, rows = maxx - minx + 1, maxy - miny + 1
    cell = min(MAX_CELL, (WIDTH - COORD_LEFT - SEA_RIGHT) // cols)
    layouts = [_card_layout(loc, cell, locale) for loc in view.locations]
    pitch = _card_height(view, cell, layouts)
    return cell, pitch, rows * pitch, layouts


#: The status lines under the turn order: their size and the size they may shrink to
#: before they wrap onto a second line.
STATUS_SIZE, STATUS_FLOOR = 18, 16


def _header_lines(view: HazeView, names: Sequence[str], locale: str
                  ) -> list[tuple[str, ImageFont.FreeTypeFont, tuple[int, int, int]]]:
    """The round and The Doom, the piles and the open prompt, each wrapped to two lines
    at most rather than shrunk below 16 px."""
    width = WIDTH - 2 * MARGIN
    target = _doom_target_text(view, names, locale)
    texts = [
        (t("haze-islands.render.status_round", locale, round=view.round,
           rounds=view.rounds, mode=t(f"haze-islands.mode.{view.mode}", locale),
           die=view.doom_die, power=view.doom_power, target=target), False, INK),
        (t("haze-islands.render.status_piles", locale, left=view.doom_left,
           need=" + ".join(_icon(i, locale) for i in view.doom_next) or "—",
           adventures=view.adventure_deck, discard=view.discard), False, INK),
    ]
    if view.prompt:
        waiting = ", ".join(_name(names, s) for s in view.prompt_seats)
        texts.append((t(f"haze-islands.render.prompt.{view.prompt}", locale,
                        players=waiting), True, RED))
    if view.may_act:
        texts.append((t("haze-islands.render.may_act", locale, players=", ".join(
            _name(names, s) for s in view.may_act)), False, INK))
    out: list[tuple[str, ImageFont.FreeTypeFont, tuple[int, int, int]]] = []
    for text, bold, colour in texts:
        face, wrapped = _fitted_lines(text, width, STATUS_SIZE, bold, STATUS_FLOOR)
        out.extend((line, face, colour) for line in wrapped)
    return out


def _player_rows(view: HazeView, names: Sequence[str], locale: str
                 ) -> list[tuple[ImageFont.FreeTypeFont, list[str]]]:
    """Each player's line (status, pirates, cards, icons, title, specials): 18 px down
    to 16 px, else on two lines."""
    return [_fitted_lines(_player_line(view, p.seat, names, locale),
                          WIDTH - 2 * MARGIN - 32, STATUS_SIZE, False, STATUS_FLOOR)
            for p in view.players]


def _draw_header(draw: ImageDraw.ImageDraw, view: HazeView, names: Sequence[str],
                 locale: str) -> None:
    """The title bar: the game's name, and who is to act (or that the game is over)."""
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=NAVY)
    used = draw_text(draw, (MARGIN, HEADER_H // 2), t("haze-islands.name", locale),
                     font(26, True), (255, 255, 255), anchor="lm")
    if view.phase == "over":
        status = _outcome(view.mode, view.winners, names, locale)
    else:
        status = t("haze-islands.render.to_play", locale,
                   names=", ".join(_name(names, s) for s in view.actors))
    draw_fitted(draw, (WIDTH - MARGIN, HEADER_H // 2), status, WIDTH - 3 * MARGIN - used,
                22, (255, 255, 255), bold=True, anchor="rm")


def _draw_coordinates(draw: ImageDraw.ImageDraw, grid: tuple[int, int, int, int],
                      left: int, top: int, cell: int, pitch: int) -> None:
    """Column numbers above the map and row numbers left of it, in ASCII (``-1``, not
    a typographic minus): what is drawn is what ``@x,y`` types (issue 9, "the number you
    see is the number you type"). North is up: the row number grows upwards."""
    minx, maxx, miny, maxy = grid
    face = font(16, True)
    for x in range(minx, maxx + 1):
        draw.text((left + (x - minx) * cell + cell / 2, top - COORD_TOP / 2 - 3), str(x),
                  font=face, fill=(255, 255, 255), anchor="mm")
    for y in range(miny, maxy + 1):
        draw.text((left - COORD_LEFT / 2, top + (maxy - y) * pitch + pitch / 2), str(y),
                  font=face, fill=(255, 255, 255), anchor="mm")


#: The PNG palette of each table size, chosen from its first board and every colour this
#: module names (card and side fills...; issue 10: choosing it afresh was a fifth of a
#: board's time). The map grows card by card, so the image size is not part of the key.
#: Its boards are written whole, not in kept row segments: of their three parts only the
#: map is a kept tile, and a move redraws most rows (seven eighths on a 3-player board),
#: so cutting them cost 0.2-0.5 ms a board more than it saved (issue 29 item 6).
_PALETTES = KeptPalettes(fills(globals()), reuse_rows=False)


def render_board(view: HazeView, names: Sequence[str], caption: str, locale: str = "en") -> bytes:
    """The public board: the account of the last moves, the turn order, the round and
    The Doom, the piles, any open prompt, the map and a line per player."""
    cell, pitch, map_h, layouts = _map_cells(view, locale)
    caption_face = font(19)
    caption_lines = (wrap_account(caption, caption_face, WIDTH - 2 * MARGIN - 28, 3)
                     if caption.strip() else [])
    caption_h = line_height(caption_face) * len(caption_lines) + 16 + 10 if caption_lines else 0
    status = _header_lines(view, names, locale)
    rows = _player_rows(view, names, locale)
    order_y = HEADER_H + MARGIN + caption_h + 14
    status_y = order_y + 30
    status_h = sum(line_height(face, 1.25) for _, face, _ in status)
    top = status_y + status_h + 16 + MARGIN + COORD_TOP
    rows_h = sum(max(34, line_height(face, 1.2) * len(lines) + 10) for face, lines in rows)
    legend_face = font(15)
    legend = wrap_text(t("haze-islands.render.coordinates", locale), legend_face,
                       WIDTH - 2 * MARGIN, 3)
    # the fate marks and The Doom's line explained (issue 24 item 13)
    legend += wrap_text(t("haze-islands.render.legend", locale), legend_face,
                        WIDTH - 2 * MARGIN, 3)
    legend_h = line_height(legend_face, 1.2) * len(legend) + 8
    height = top + map_h + legend_h + MARGIN + 32 + rows_h + MARGIN
    key = len(view.players)
    # in parts (issue 29 item 6): the map a kept tile while its cards, pieces and The
    # Doom stay (about two boards in three), the rest drawn around it
    sea_top, sea_end = top - 6 - COORD_TOP, top + map_h + 7  # the sea's rows
    in_parts = _PALETTES.kept(key) is not None
    # in parts, drawn straight into the kept palette's indices (common.palette_canvas)
    image = (_PALETTES.canvas(key, (WIDTH, sea_top), PAPER) if in_parts
             else Image.new("RGB", (WIDTH, height), PAPER))
    draw = drawing(image)
    _draw_header(draw, view, names, locale)
    if caption_lines:
        draw_caption(draw, caption_lines, HEADER_H + MARGIN, left=MARGIN,
                     right=WIDTH - MARGIN, accent=SEA)
    order = [
        TurnSeat(
            s,
            seat_style(s),
            _name(names, s),
            current=s in view.actors,
            out=view.players[s].status in ("ghost", "sunk"),
        )
        for s in play_order(view.first, len(view.players))
    ]
    draw_turn_order(image, draw, (MARGIN, order_y), WIDTH - 2 * MARGIN, order, locale,
                    size=24)
    y = status_y
    for line, face, colour in status:
        draw.text((MARGIN, y), line, font=face, fill=colour)
        y += line_height(face, 1.25)
    parts: list[tuple[tuple[int, int], Image.Image]] = []
    if in_parts:
        oy = even_floor(sea_top)  # moved by even rows, as every tile
        parts.append(((0, oy), _PALETTES.tile(
            key, ("map", locale, top - oy, cell, pitch, map_h, view.locations, view.doom,
                  view.doom_die, view.doom_route, view.doom_routes,
                  tuple((p.seat, p.x, p.y, p.status) for p in view.players)),
            partial(_map_tile, key, view, locale, top - oy, cell, pitch, map_h, layouts,
                    sea_end - oy))))
        parts.append(((0, 0), image))  # over the tile's spare row
        oy = even_floor(sea_end)
        bottom = _PALETTES.canvas(key, (WIDTH, height - oy), PAPER)
        _draw_below_map(bottom, view, names, locale, top - oy, map_h, legend, legend_face,
                        legend_h, rows)
        parts.insert(0, ((0, oy), bottom))  # under the tile, whose last row it starts on
        return _PALETTES.compose(key, (WIDTH, height), PAPER, parts)
    _draw_map(image, draw, view, top, cell, pitch, map_h, layouts)
    _draw_below_map(image, view, names, locale, top, map_h, legend, legend_face, legend_h,
                    rows)
    return _PALETTES.png(key, image)


def _map_tile(key: int, view: HazeView, locale: str, top: int, cell: int, pitch: int,
              map_h: int, layouts: Sequence[_CardLayout], height: int) -> Image.Image:
    """The map (its sea, coordinates, cards, The Doom's routes and the pieces) on a tile
    ``height`` rows high, drawn as on a board whose cards start at row ``top``, in the
    palette of the board ``key``."""
    tile = _PALETTES.canvas(key, (WIDTH, height), PAPER)
    _draw_map(tile, drawing(tile), view, top, cell, pitch, map_h, layouts)
    return tile


def _draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: HazeView, top: int,
              cell: int, pitch: int, map_h: int, layouts: Sequence[_CardLayout]) -> None:
    """The map from its sea's top (``top`` is where its cards start) to its sea's
    bottom (``top + map_h + 6``): the coordinates, the cards, The Doom's routes and the
    pieces; it reads the locations, The Doom and where each player's pieces are."""
    draw.rectangle((0, top - 6 - COORD_TOP, WIDTH, top + map_h + 6), fill=SEA)
    minx, maxx, miny, maxy = _grid(view)
    cols = maxx - minx + 1
    left = COORD_LEFT + (WIDTH - COORD_LEFT - SEA_RIGHT - cols * cell) // 2
    _draw_coordinates(draw, (minx, maxx, miny, maxy), left, top, cell, pitch)
    centres = {}
    cards = []
    for loc, layout in zip(view.locations, layouts, strict=True):
        x0 = left + (loc.x - minx) * cell
        y0 = top + (maxy - loc.y) * pitch
        box = (x0 + 3, y0 + 3, x0 + cell - 3, y0 + pitch - 3)
        centres[(loc.x, loc.y)] = (x0 + cell / 2, y0 + pitch / 2)
        _draw_card_ground(draw, loc, layout, box, cell)
        cards.append((loc, layout, box))
    routes = view.doom_routes or ((view.doom_route,) if view.doom_route else ())
    boxes = {(loc.x, loc.y): box for loc, _layout, box in cards}
    for route in routes:  # under the words and pieces, over the cards
        points = route_points([view.doom, *route], boxes, cell)
        draw.line(points, fill=RED, width=5, joint="curve")
        for square in route:
            if square in boxes:
                px, py = _route_anchor(boxes[square], cell)
                draw.ellipse((px - 7, py - 7, px + 7, py + 7), fill=RED)
    for loc, layout, box in cards:
        _draw_card_face(image, draw, view, loc, layout, box, cell)


def _draw_below_map(image: Image.Image, view: HazeView, names: Sequence[str], locale: str,
                    top: int, map_h: int, legend: Sequence[str],
                    legend_face: ImageFont.FreeTypeFont, legend_h: int,
                    rows: Sequence[tuple[ImageFont.FreeTypeFont, Sequence[str]]]) -> None:
    """The legend under the map (whose cards start at row ``top``) and a line per
    player."""
    draw = drawing(image)
    y = top + map_h + 12
    for line in legend:
        draw.text((MARGIN, y), line, font=legend_face, fill=INK)
        y += line_height(legend_face, 1.2)
    y = top + map_h + legend_h + MARGIN
    draw_text(draw, (MARGIN, y), t("haze-islands.render.players", locale), font(20, True), INK)
    y += 32
    for p, (face, lines) in zip(view.players, rows, strict=True):
        draw_token(image, (MARGIN + 12, y + 12), 24, seat_style(p.seat))
        for n, line in enumerate(lines):
            draw.text((MARGIN + 32, y + n * line_height(face, 1.2)), line, font=face,
                      fill=INK)
        y += max(34, line_height(face, 1.2) * len(lines) + 10)


def hand_key(view: HazeView) -> tuple[object, ...]:
    me = view.players[view.viewer] if view.viewer is not None else None
    return (
        view.viewer,
        view.hand,
        view.seen,
        view.drawn,
        view.steal,
        me.specials if me else (),
        me.deck_count if me else 0,
    )


def render_hand(view: HazeView, names: Sequence[str], locale: str = "en") -> bytes:
    """The viewer's hand, the known cards of its deck and its special actions."""
    assert view.viewer is not None and view.hand is not None
    me = view.players[view.viewer]
    from games.haze_islands.data import MAP_CARDS
    from games.haze_islands.specials import special_of

    def cards(numbers: Sequence[int]) -> str:
        return ", ".join(f"#{n} {_icon(MAP_CARDS[n - 1].icon, locale)}" for n in numbers) or "—"

    lines = [
        (t("haze-islands.render.hand", locale, cards=cards(view.hand)), True),
        (t("haze-islands.render.deck", locale, count=me.deck_count), False),
    ]
    if view.seen:
        lines.append((t("haze-islands.render.seen", locale, cards=cards(view.seen)), False))
    if view.drawn:
        lines.append((t("haze-islands.render.drawn", locale, cards=cards(view.drawn)), False))
    if view.steal:
        lines.append((t("haze-islands.render.steal", locale, cards=cards(view.steal)), False))
    lines.append((t("haze-islands.render.specials", locale), True))
    for entry in me.log:
        kind, number, used, _face = entry
        if kind != "double":
            continue
        state = t("haze-islands.render.used" if used else "haze-islands.render.ready", locale)
        lines.append(
            (
                f"#{number} {t('haze-islands.special.' + special_of(number), locale)} — {state}",
                False,
            )
        )
    width = 900
    # a long hand or Plunder draw wraps (at 18 px, up to three lines), never cut
    fitted = [_fitted_lines(text, width - 32, 20, bold, 18, 3) for text, bold in lines]
    height = 16 + sum(line_height(face, 1.25) * len(wrapped) + 7 for face, wrapped in fitted)
    image = Image.new("RGB", (width, height + 10), PAPER)
    draw = drawing(image)
    y = 14
    for face, wrapped in fitted:
        for line in wrapped:
            draw.text((16, y), line, font=face, fill=INK)
            y += line_height(face, 1.25)
        y += 7
    return png_bytes(image)


def render_summary(summary: HazeSummary, names: Sequence[str], locale: str = "en") -> bytes:
    """The end of the game: who won, each player's icons, Doom cards and title."""
    rows = summary.rows
    width = WIDTH
    image = Image.new("RGB", (width, 140 + 70 * len(rows)), PAPER)  # cropped at the end
    draw = drawing(image)
    draw_fitted(
        draw,
        (MARGIN, 16),
        _outcome(summary.board.mode, summary.winners, names, locale),
        width - 2 * MARGIN,
        28,
        INK,
        bold=True,
    )
    draw_fitted(
        draw,
        (MARGIN, 60),
        t(f"haze-islands.reason.{summary.reason}", locale),
        width - 2 * MARGIN,
        20,
        INK,
    )
    y = 100
    for seat, count, doom, pirates, title, survived in rows:
        draw_token(image, (MARGIN + 14, y + 14), 28, seat_style(seat))
        text = t(
            "haze-islands.render.summary_row",
            locale,
            name=_name(names, seat),
            icons=count,
            doom=doom,
            pirates=pirates,
            title=_title(title, locale),
            survived=t(
                "haze-islands.render.survived" if survived else "haze-islands.render.lost", locale
            ),
        )
        face, wrapped = _fitted_lines(text, width - 2 * MARGIN - 40, 22, False, 18)
        for n, line in enumerate(wrapped):
            draw.text((MARGIN + 40, y + n * line_height(face, 1.2)), line, font=face,
                      fill=INK)
        y += 44 + line_height(face, 1.2) * (len(wrapped) - 1)
    return png_bytes(image.crop((0, 0, width, y + 20)))
