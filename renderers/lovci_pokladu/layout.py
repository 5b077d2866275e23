"""Where everything of the Lovci pokladů board goes: sizes, colours, the squares, the
slots of the sea and how ships and sailors share a slot (:func:`slot_layout`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.lovci_pokladu.data import RING, SIZE, SLOT_SQUARE
from games.lovci_pokladu.view import LovciView, PlayerView, SailorView, ShipView
from renderers.common import (
    MIN_TEXT,
    RGB,
    SeatStyle,
    font,
    seat_style,
    text_width,
)

#: Prefix of every message key of this renderer (file ``render_lovci.toml``, table ``lovci``).
_K = "render_lovci.lovci."

Point = tuple[float, float]
Box = tuple[float, float, float, float]

# -- geometry ---------------------------------------------------------------------------
WIDTH = 1200
MARGIN = 18
GAP = 10
HEADER_H = 52
ORDER_H = 44  #: the turn-order strip under the title bar (renderers.common.draw_turn_order)
STATUS_H = 60
PLAYERS_H = 116
LEGEND_H = 40
#: Coordinate strip, sea ring depth and card cell, in pixels.
COORD = 30
RING_D = 102
CELL = 100
GRID = SIZE * CELL
BOARD_H = 2 * (MARGIN + COORD + RING_D) + GRID
#: Top-left corner of the 9 × 9 grid within the board layer.
GX = GY = MARGIN + COORD + RING_D
CARD_INSET = 2
#: Sizes of figures: a sailor on a card, one aboard a ship, one in the sea; a ship.
SAILOR = 46
CREW = 28
SWIMMER = 40
SHIP_W, SHIP_H = 92, 66
ICON = 68
#: Width of the name under a card's picture (4 px inside the card's edge each side).
LABEL_W = CELL - 8
SS = 4  # supersampling factor for antialiased pictures

# -- colours ----------------------------------------------------------------------------
BACKGROUND: RGB = (246, 242, 232)
NAVY: RGB = (28, 48, 68)
RULE: RGB = (200, 194, 180)
CHIP: RGB = (232, 228, 218)
CURRENT_BG: RGB = (255, 249, 222)
ALERT: RGB = (190, 30, 30)
GOLD: RGB = (246, 196, 48)
GOLD_DARK: RGB = (150, 105, 10)
EMPTIED: RGB = (240, 234, 214)  #: a treasure card whose coins are all gone
SEA: RGB = (172, 210, 234)
SEA_LINE: RGB = (140, 186, 216)
SEA_TIP: RGB = (154, 196, 224)
GRID_BG: RGB = (22, 38, 58)
BACK: RGB = (38, 74, 116)
BACK_LINE: RGB = (74, 114, 160)
BACK_TEXT: RGB = (132, 168, 208)
HIGHLIGHT: RGB = (222, 0, 140)
OCTOPUS_RING: RGB = (128, 50, 160)

#: Tint of a turned card by kind, so that families read at a glance.
TINTS: dict[str, RGB] = {
    "rose": (226, 238, 250),
    "seahorse": (226, 238, 250),
    "dolphin": (226, 238, 250),
    "starfish": (250, 232, 222),
    "shark": (248, 222, 222),
    "stingray": (248, 222, 222),
    "hurricane": (248, 222, 222),
    "turtle": (232, 244, 218),
    "volcano": (246, 228, 214),
    "octopus": (238, 226, 246),
    "island": (246, 236, 204),
    "treasure": (252, 242, 196),
    "neptune": (230, 230, 250),
    "mermaid": (230, 230, 250),
    "sea": (240, 246, 250),
}


# -- small helpers ------------------------------------------------------------------------
def _style_of(colour: str) -> SeatStyle:
    """The palette style (colour, letter, shape) of a figure or ship colour."""
    return seat_style(0, colour)


def _player_style(player: PlayerView) -> SeatStyle:
    return seat_style(player.seat, player.colour)


# -- the static board layer -----------------------------------------------------------------
def _cell_xy(sq: int) -> Point:
    """Top-left corner of square ``sq`` within the board layer (row 1 at the bottom)."""
    col, row = sq % SIZE, sq // SIZE
    return (GX + col * CELL, GY + (SIZE - 1 - row) * CELL)


def _slot_box(pos: int) -> Box:
    """The area of the sea beside ring position ``pos`` (a corner square at the tips)."""
    side, k = divmod(pos % RING, 10)
    g1 = GX + GRID
    if k == 0:  # corner tips: SW, SE, NE, NW
        x0, y0 = ((GX - RING_D, g1), (g1, g1), (g1, GY - RING_D), (GX - RING_D, GY - RING_D))[side]
        return (x0, y0, x0 + RING_D, y0 + RING_D)
    x, y = _cell_xy(SLOT_SQUARE[pos])
    match side:
        case 0:
            return (x, g1, x + CELL, g1 + RING_D)
        case 1:
            return (g1, y, g1 + RING_D, y + CELL)
        case 2:
            return (x, GY - RING_D, x + CELL, GY)
        case _:
            return (GX - RING_D, y, GX, y + CELL)


# -- ships sharing a sea slot ------------------------------------------------------------------
# Several ships may share a ring position (up to one per player: a player who captures a
# ship holds two). A slot is 100 x 102 px, room for one full ship only, so ships sharing
# one are drawn as compact tiles: the owner's token on a small sail (TALL, or beside the
# hull: WIDE), the total on the hull in at least MIN_TEXT px, and the crew below, one
# figure per colour with "×n". The tiles are packed in a grid inside the slot; when they
# need more room the slot's berth grows outward over the coordinate strip (the same
# letter or number is printed on the far side of the board), never over a card or
# another slot.
#: Room kept free along a berth's edge: the dashed mark of a side choice is drawn there.
BERTH_INSET = 7
#: How far a berth may grow outward (to 2 px from the image's edge).
BERTH_GROW = COORD + MARGIN - 2
TILE_GAP = 2
TOKEN_S = 18  #: owner's token on a compact ship
HULL_W, HULL_H = 42, 20
TALL_W = HULL_W  #: compact ship, token on a sail above the hull
SAIL_H = 20
WIDE_W = TOKEN_S + 4 + 44  #: compact ship, token beside the hull
WIDE_HULL_W = 44
GROUP_FIG = 18  #: a crew group's figure
CREW_LINE = GROUP_FIG + 1
#: A swimmer's cell in a slot that also holds a ship (never by the rules: it would be
#: aboard or a prisoner): the figure with a carried coin's value under it.
SWIM_ITEM_W, SWIM_ITEM_H = 42, 44
SWIM_FIG = 26

TALL, WIDE, FULL, SWIM = "tall", "wide", "full", "swim"


@dataclass(frozen=True, slots=True)
class CrewGroup:
    colour: str
    count: int
    number: int  #: the sailor's number when ``count`` is 1 (drawn in its figure)
    spell: bool
    #: colours of other sailors counted in ``count`` (a crew merged onto one line when its
    #: groups would need more room than the slot has): a pip each on the figure
    also: tuple[str, ...] = ()


def _count_text(count: int) -> str:
    return f"×{count}" if count < 10 else str(count)  # "12" fits a tile where "×12" does not


@dataclass(frozen=True, slots=True)
class SeaItem:
    """One thing drawn in a sea slot: a ship (``FULL``, ``TALL`` or ``WIDE``) or a
    swimming sailor (``SWIM``), and the box it covers."""

    kind: str
    index: int  #: ``ShipView.ship`` or ``SailorView.sailor``
    box: Box
    crew_lines: tuple[tuple[CrewGroup, ...], ...] = ()
    #: boxes of the texts and figures drawn inside ``box`` (hull total, crew groups)
    parts: tuple[Box, ...] = ()


@dataclass(frozen=True, slots=True)
class SlotLayout:
    pos: int
    slot: Box  #: :func:`_slot_box`
    berth: Box  #: the slot, grown outward if its ships need the room
    items: tuple[SeaItem, ...]


def _group_width(group: CrewGroup) -> float:
    if group.count == 1:
        return GROUP_FIG
    return GROUP_FIG + 1 + text_width(_count_text(group.count), font(MIN_TEXT, True))


def _crew_groups(crew: Sequence[SailorView]) -> list[CrewGroup]:
    """Crew aboard by colour, in the order they come (own colour first as a rule)."""
    groups: dict[str, list[SailorView]] = {}
    for sailor in crew:
        groups.setdefault(sailor.colour, []).append(sailor)
    return [
        CrewGroup(colour, len(members), members[0].sailor % 4 + 1,
                  any(m.spell for m in members))
        for colour, members in groups.items()
    ]


def _merged(groups: Sequence[CrewGroup]) -> list[CrewGroup]:
    """The whole crew as one group: the first colour's figure, the count of all, and a
    pip for each other colour aboard."""
    if len(groups) <= 1:
        return list(groups)
    first = groups[0]
    return [CrewGroup(first.colour, sum(g.count for g in groups), 0,
                      any(g.spell for g in groups), tuple(g.colour for g in groups[1:]))]


def _crew_lines(groups: Sequence[CrewGroup], width: float) -> tuple[tuple[CrewGroup, ...], ...]:
    lines: list[list[CrewGroup]] = []
    used = 0.0
    for group in groups:
        w = _group_width(group)
        if lines and used + 3 + w <= width:
            lines[-1].append(group)
            used += 3 + w
        else:
            lines.append([group])
            used = w
    return tuple(tuple(line) for line in lines)


#: Most sailors a full ship shows as figures in one row under its hull (more: a tile).
FULL_CREW = 4


def _full_crew(n: int) -> tuple[int, int]:
    """Crew figures per row and their size under a full ship: one row as wide as the
    ship at most (four of CREW px would reach into the next slot)."""
    return FULL_CREW, CREW if n < FULL_CREW else 22


def _full_ship_size(n: int) -> tuple[float, float]:
    per_row, crew_size = _full_crew(n)
    return float(SHIP_W), float(SHIP_H + math.ceil(n / per_row) * (crew_size + 2))


def _tile_size(kind: str, lines: int) -> tuple[float, float]:
    crew_h = lines * CREW_LINE + (1 if lines else 0)
    if kind == TALL:
        return float(TALL_W), float(SAIL_H + HULL_H + crew_h)
    return float(WIDE_W), float(HULL_H + crew_h)


def _outward(pos: int) -> tuple[int, int]:
    """Directions (dx, dy) in which the berth at ``pos`` may grow: away from the cards."""
    side, k = divmod(pos % RING, 10)
    if k == 0:  # corner tips SW, SE, NE, NW
        return ((-1, 1), (1, 1), (1, -1), (-1, -1))[side]
    return ((0, 1), (1, 0), (0, -1), (-1, 0))[side]


def _grow(box: Box, out: tuple[int, int], gx: float, gy: float) -> Box:
    x0, y0, x1, y1 = box
    dx, dy = out
    return (x0 - gx if dx < 0 else x0, y0 - gy if dy < 0 else y0,
            x1 + gx if dx > 0 else x1, y1 + gy if dy > 0 else y1)


def _grid(sizes: Sequence[tuple[float, float]], cols: int) -> tuple[float, float, list[Point]]:
    """Row-major grid of cells as wide as the widest item: total size and each item's
    top-left offset (items centred in their cell)."""
    cell_w = max(w for w, _ in sizes)
    rows = [sizes[i:i + cols] for i in range(0, len(sizes), cols)]
    heights = [max(h for _, h in row) for row in rows]
    width = cell_w * min(cols, len(sizes)) + TILE_GAP * (min(cols, len(sizes)) - 1)
    height = sum(heights) + TILE_GAP * (len(rows) - 1)
    offsets: list[Point] = []
    y = 0.0
    for row, h in zip(rows, heights, strict=True):
        row_w = cell_w * len(row) + TILE_GAP * (len(row) - 1)
        x = (width - row_w) / 2
        for w, ih in row:
            offsets.append((x + (cell_w - w) / 2, y + (h - ih) / 2))
            x += cell_w + TILE_GAP
        y += h + TILE_GAP
    return width, height, offsets


def slot_layout(
    pos: int,
    ships: Sequence[ShipView],
    crews: Mapping[int, Sequence[SailorView]],
    swimmers: Sequence[SailorView] = (),
) -> SlotLayout:
    """Where the ships (and any swimmer) at ring position ``pos`` are drawn.

    One ship alone keeps the full picture; ships sharing the slot (or a ship with a
    swimmer beside it) become compact tiles in a grid, the arrangement that needs the
    least growth of the berth (TALL tiles first when equal). The items never overlap and
    stay :data:`BERTH_INSET` inside the berth."""
    slot = _slot_box(pos)
    out = _outward(pos)
    if len(ships) == 1 and not swimmers and len(crews.get(ships[0].ship, ())) <= FULL_CREW:
        w, h = _full_ship_size(len(crews.get(ships[0].ship, ())))
        cx, cy = (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        return SlotLayout(pos, slot, slot, (SeaItem(FULL, ships[0].ship, box),))
    inner_w = slot[2] - slot[0] - 2 * BERTH_INSET
    inner_h = slot[3] - slot[1] - 2 * BERTH_INSET
    groups = {ship.ship: _crew_groups(crews.get(ship.ship, ())) for ship in ships}
    merged = {ship: _merged(g) for ship, g in groups.items()}
    best: tuple[tuple[float, ...], str, bool, int] | None = None
    # each colour on its own first; merged crews only when that cannot fit
    for merge in (False, True):
        for order, kind in enumerate((TALL, WIDE)):
            width = TALL_W if kind == TALL else WIDE_W
            crews_of = merged if merge else groups
            sizes = [_tile_size(kind, len(_crew_lines(crews_of[s.ship], width))) for s in ships]
            sizes += [(SWIM_ITEM_W, SWIM_ITEM_H)] * len(swimmers)
            for cols in range(1, len(sizes) + 1):
                gw, gh, _ = _grid(sizes, cols)
                need_x = max(0.0, gw - inner_w) if out[0] else max(0.0, gw - inner_w) * 1e3
                need_y = max(0.0, gh - inner_h) if out[1] else max(0.0, gh - inner_h) * 1e3
                misfit = max(0.0, need_x - BERTH_GROW) + max(0.0, need_y - BERTH_GROW)
                key = (misfit, float(merge), need_x + need_y, float(order))
                if best is None or key < best[0]:
                    best = (key, kind, merge, cols)
    assert best is not None
    _, kind, merge, cols = best
    width = TALL_W if kind == TALL else WIDE_W
    lines = [_crew_lines((merged if merge else groups)[s.ship], width) for s in ships]
    sizes = [_tile_size(kind, len(ln)) for ln in lines]
    sizes += [(SWIM_ITEM_W, SWIM_ITEM_H)] * len(swimmers)
    gw, gh, offsets = _grid(sizes, cols)
    berth = _grow(slot, out, math.ceil(max(0.0, gw - inner_w)), math.ceil(max(0.0, gh - inner_h)))
    # the grid sits centred in the berth, so a grown berth keeps it beside its card
    ox = (berth[0] + berth[2] - gw) / 2
    oy = (berth[1] + berth[3] - gh) / 2
    items: list[SeaItem] = []
    for i, (dx, dy) in enumerate(offsets):
        w, h = sizes[i]
        box = (ox + dx, oy + dy, ox + dx + w, oy + dy + h)
        if i < len(ships):
            items.append(SeaItem(kind, ships[i].ship, box, lines[i], _tile_parts(kind, box,
                                                                                  lines[i])))
        else:
            items.append(SeaItem(SWIM, swimmers[i - len(ships)].sailor, box))
    return SlotLayout(pos, slot, berth, tuple(items))


def _tile_parts(kind: str, box: Box, lines: Sequence[Sequence[CrewGroup]]) -> tuple[Box, ...]:
    """The hull's box, then each crew group's box, of a compact ship in ``box``."""
    x0, y0, x1, _ = box
    if kind == TALL:
        hull = (x0, y0 + SAIL_H, x1, y0 + SAIL_H + HULL_H)
    else:
        hull = (x1 - WIDE_HULL_W, y0, x1, y0 + HULL_H)
    parts = [hull]
    cx = (x0 + x1) / 2
    y = y0 + (SAIL_H if kind == TALL else 0) + HULL_H + 1
    for line in lines:
        line_w = sum(_group_width(g) for g in line) + 3 * (len(line) - 1)
        x = cx - line_w / 2
        for group in line:
            w = _group_width(group)
            parts.append((x, y, x + w, y + GROUP_FIG))
            x += w + 3
        y += CREW_LINE
    return tuple(parts)


def _sea_layouts(view: LovciView) -> dict[int, SlotLayout]:
    """The layout of every ring position that holds a ship."""
    ships_at: dict[int, list[ShipView]] = {}
    for ship in view.ships:
        if ship.ring >= 0:
            ships_at.setdefault(ship.ring % RING, []).append(ship)
    swimmers: dict[int, list[SailorView]] = {}
    aboard: dict[int, list[SailorView]] = {}
    for sailor in view.sailors:
        if sailor.state == "off" and sailor.ring is not None:
            swimmers.setdefault(sailor.ring % RING, []).append(sailor)
        elif sailor.state == "ship":
            aboard.setdefault(sailor.ship, []).append(sailor)
    return {pos: slot_layout(pos, ships, aboard, swimmers.get(pos, ()))
            for pos, ships in ships_at.items()}
