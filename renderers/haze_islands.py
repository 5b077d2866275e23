"""The Haze Islands board: the growing grid of location cards with their edges and
adventures, ships, pirates, The Doom with its route, and every player's board; drawn from
a :class:`~games.haze_islands.view.HazeView` only.

The map is scaled to the image width (1,200 px): a 2 × 2 map gets large cells, a 7 × 7
map cells of about 165 px, and no text is drawn below 14 px.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.haze_islands.data import CORNERS
from games.haze_islands.view import HazeSummary, HazeView, LocationView
from i18n import t

from .common import (
    MIN_TEXT,
    TurnSeat,
    draw_fitted,
    draw_text,
    draw_token,
    draw_turn_order,
    drawing,
    font,
    play_order,
    png_bytes,
    seat_style,
    text_width,
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


def _draw_edges(
    draw: ImageDraw.ImageDraw, loc: LocationView, box: tuple[int, int, int, int], cell: int
) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = max(6, cell // 22)
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


def _draw_location(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: HazeView,
    loc: LocationView,
    box: tuple[int, int, int, int],
    cell: int,
    names: Sequence[str],
    locale: str,
) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=CARD_FILL.get(loc.kind, LIGHT), outline=INK, width=2)
    _draw_edges(draw, loc, box, cell)
    pad = max(8, cell // 14) + 6
    inner = x1 - x0 - 2 * pad
    size = max(MIN_TEXT, min(22, cell // 9))
    y = y0 + pad
    title = _icon(loc.icon, locale)
    if loc.plunder is not None:
        title += f" · {loc.plunder}"
    draw_fitted(draw, (x0 + pad, y), title, inner, size, INK, bold=True)
    y += size + 4
    draw_fitted(
        draw,
        (x0 + pad, y),
        f"#{loc.card} " + t(f"haze-islands.render.kind.{loc.kind}", locale),
        inner,
        max(MIN_TEXT, size - 4),
        INK,
    )
    y += size + 2
    if loc.side:
        small = max(MIN_TEXT, size - 4)
        need = [" + ".join(_icon(i, locale) for i in loc.requirement)] if loc.requirement else []
        if need and text_width(need[0], font(small, True)) > inner:
            # two icons that do not fit one line: one a line
            need = [_icon(i, locale) + (" +" if n < len(loc.requirement) - 1 else "")
                    for n, i in enumerate(loc.requirement)]
        h = (small + 4) * (1 + len(need)) + 4
        draw.rectangle((x0 + pad - 2, y, x1 - pad + 2, y + h),
                       fill=SIDE_FILL.get(loc.side, LIGHT), outline=INK)
        side = t(f"haze-islands.side.{loc.side}", locale)
        if loc.adventure is not None:
            side = f"#{loc.adventure} {side}"
        if loc.stopped:
            side += " ⏸"
        draw_fitted(draw, (x0 + pad, y + 2), side, inner, small, INK)
        for n, line in enumerate(need):
            draw_fitted(draw, (x0 + pad, y + 2 + (small + 4) * (n + 1)), line, inner, small,
                        INK, bold=True)
        y += h + 4
    if loc.revealed:
        marks = " ".join(
            ("☠" if skull else "○") + t(f"haze-islands.corner_short.{CORNERS[c]}", locale)
            for c, skull in loc.revealed
        )
        draw_fitted(draw, (x0 + pad, y), marks, inner, MIN_TEXT, INK)
    # tokens along the bottom: ships (large), pirates (small), The Doom die
    token = max(22, cell // 6)
    bx = x0 + pad + token // 2
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
    for p in view.players:
        if (p.x, p.y) == (loc.x, loc.y) and p.status in ("ship", "castaway", "ghost"):
            style = seat_style(p.seat)
            draw_token(image, (bx, by), token if p.status == "ship" else token * 3 // 4, style)
            if p.status == "ghost":
                draw_text(
                    draw, (bx, by - token // 2 - 2), "✝", font(MIN_TEXT, True), INK, anchor="md"
                )
            bx += token + 4
    for seat in loc.pirates:
        draw_token(image, (bx, by + token // 4), token // 2, seat_style(seat))
        bx += token // 2 + 3


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
        title=t(f"haze-islands.title.{p.title}", locale),
        specials=specials,
    )


def _map_height(view: HazeView) -> tuple[int, int]:
    minx, maxx, miny, maxy = _grid(view)
    cols, rows = maxx - minx + 1, maxy - miny + 1
    cell = min(MAX_CELL, (WIDTH - 2 * MARGIN) // cols)
    return cell, rows * cell


def render_board(view: HazeView, names: Sequence[str], caption: str, locale: str = "en") -> bytes:
    cell, map_h = _map_height(view)
    header = 166
    footer = 60 + 34 * len(view.players)
    image = Image.new("RGB", (WIDTH, header + map_h + footer + 2 * MARGIN), PAPER)
    draw = drawing(image)
    draw_fitted(draw, (MARGIN, 12), caption, WIDTH - 2 * MARGIN, 26, INK, bold=True)
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
    draw_turn_order(image, draw, (MARGIN, 62), WIDTH - 2 * MARGIN, order, locale, size=24)
    target = "—" if view.doom_target is None else _name(names, view.doom_target)
    line = t("haze-islands.render.status_round", locale, round=view.round,
             rounds=view.rounds, mode=t(f"haze-islands.mode.{view.mode}", locale),
             die=view.doom_die, power=view.doom_power, target=target)
    draw_fitted(draw, (MARGIN, 88), line, WIDTH - 2 * MARGIN, 18, INK)
    piles = t("haze-islands.render.status_piles", locale, left=view.doom_left,
              need=" + ".join(_icon(i, locale) for i in view.doom_next) or "—",
              adventures=view.adventure_deck, discard=view.discard)
    draw_fitted(draw, (MARGIN, 112), piles, WIDTH - 2 * MARGIN, 18, INK)
    if view.prompt:
        waiting = ", ".join(_name(names, s) for s in view.prompt_seats)
        draw_fitted(
            draw,
            (MARGIN, 136),
            t(f"haze-islands.render.prompt.{view.prompt}", locale, players=waiting),
            WIDTH - 2 * MARGIN,
            18,
            RED,
            bold=True,
        )
    top = header + MARGIN
    draw.rectangle((0, top - 6, WIDTH, top + map_h + 6), fill=SEA)
    minx, maxx, _miny, maxy = _grid(view)
    cols = maxx - minx + 1
    left = (WIDTH - cols * cell) // 2
    centres = {}
    for loc in view.locations:
        x0 = left + (loc.x - minx) * cell
        y0 = top + (maxy - loc.y) * cell
        box = (x0 + 3, y0 + 3, x0 + cell - 3, y0 + cell - 3)
        centres[(loc.x, loc.y)] = (x0 + cell / 2, y0 + cell / 2)
        _draw_location(image, draw, view, loc, box, cell, names, locale)
    if view.doom_route:
        points = [centres[view.doom]] + [centres[sq] for sq in view.doom_route if sq in centres]
        draw.line(points, fill=RED, width=5)
        for px, py in points[1:]:
            draw.ellipse((px - 7, py - 7, px + 7, py + 7), fill=RED)
    y = top + map_h + MARGIN
    draw_text(draw, (MARGIN, y), t("haze-islands.render.players", locale), font(20, True), INK)
    y += 32
    for p in view.players:
        draw_token(image, (MARGIN + 12, y + 12), 24, seat_style(p.seat))
        draw_fitted(
            draw,
            (MARGIN + 32, y),
            _player_line(view, p.seat, names, locale),
            WIDTH - 2 * MARGIN - 32,
            18,
            INK,
        )
        y += 34
    return png_bytes(image)


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
    image = Image.new("RGB", (width, 30 + 32 * len(lines)), PAPER)
    draw = drawing(image)
    y = 14
    for text, bold in lines:
        draw_fitted(draw, (16, y), text, width - 32, 20, INK, bold=bold)
        y += 32
    return png_bytes(image)


def render_summary(summary: HazeSummary, names: Sequence[str], locale: str = "en") -> bytes:
    """The end of the game: who won, each player's icons, Doom cards and title."""
    rows = summary.rows
    width = WIDTH
    image = Image.new("RGB", (width, 140 + 44 * len(rows)), PAPER)
    draw = drawing(image)
    winners = ", ".join(_name(names, s) for s in summary.winners) or t(
        "haze-islands.render.nobody", locale
    )
    draw_fitted(
        draw,
        (MARGIN, 16),
        t("haze-islands.render.final", locale, winners=winners),
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
            title=t(f"haze-islands.title.{title}", locale),
            survived=t(
                "haze-islands.render.survived" if survived else "haze-islands.render.lost", locale
            ),
        )
        draw_fitted(draw, (MARGIN + 40, y), text, width - 2 * MARGIN - 40, 22, INK)
        y += 44
    return png_bytes(image)
