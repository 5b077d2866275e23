"""Ships sharing one sea slot (RULES-NOTES: "Several ships may share a position"): up to one
per player, four at most. Each must stay readable: nothing drawn in a slot covers anything
else drawn there, and nothing leaves the slot's berth, which never reaches a card or
another slot. Checked on the renderer's layout (:func:`renderers.lovci_pokladu.slot_layout`),
not on pixels; a few renders make sure the drawing follows it."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import pytest

from games import get_ruleset
from games.lovci_pokladu.data import RING, SLOT_SQUARE
from games.lovci_pokladu.view import LovciView, SailorView, ShipView
from renderers import lovci_pokladu as L
from renderers import render_public
from renderers.common import MIN_TEXT, font, text_width

RULES = get_ruleset("lovci-pokladu")
COLOURS = ("red", "green", "yellow", "blue")
#: 41 tokens make 7,200: no ship can hold more
TOTALS = (7200, 2550, 6950, 800)

Box = tuple[float, float, float, float]


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def inside(inner: Box, outer: Box, margin: float = 0.0) -> bool:
    return (inner[0] >= outer[0] + margin - 0.01 and inner[1] >= outer[1] + margin - 0.01
            and inner[2] <= outer[2] - margin + 0.01 and inner[3] <= outer[3] - margin + 0.01)


def ship(i: int, pos: int, total: int) -> ShipView:
    side, k = divmod(pos, 10)
    return ShipView(i, COLOURS[i], i, pos, side, k == 0, None if k == 0 else SLOT_SQUARE[pos],
                    0, (), total)


def sailor(colour: int, n: int, ship_no: int, state: str = "ship", ring: int | None = None,
           carrying: int | None = None) -> SailorView:
    return SailorView(4 * colour + n, f"{COLOURS[colour][0]}{n + 1}", COLOURS[colour], ship_no,
                      ship_no, state, None, ring, carrying, 0, colour != ship_no, None)


def crews_for(k: int, crews: Sequence[tuple[int, int]]) -> dict[int, list[SailorView]]:
    """Ship ``i`` carries ``own`` of its own sailors and ``taken`` prisoners of another
    colour (the next colour round the table)."""
    out: dict[int, list[SailorView]] = {}
    for i in range(k):
        own, taken = crews[i % len(crews)]
        other = (i + 1) % 4
        out[i] = [sailor(i, n, i) for n in range(own)] + [
            sailor(other, n, i) for n in range(taken)]
    return out


#: (own, prisoners) aboard: empty, one, a full crew of four, three with a prisoner
CREWS = ((0, 0), (1, 0), (4, 0), (3, 1), (4, 1))


def check(layout: L.SlotLayout, pos: int) -> None:
    board = (0.0, 0.0, float(L.WIDTH), float(L.BOARD_H))
    grid = (float(L.GX), float(L.GY), float(L.GX + L.GRID), float(L.GY + L.GRID))  # the cards
    assert inside(layout.berth, board), "the berth leaves the board"
    assert not overlap(layout.berth, grid), "the berth reaches the cards"
    for other in range(RING):
        if other != pos:
            assert not overlap(layout.berth, L._slot_box(other)), f"the berth reaches slot {other}"
    for a, b in itertools.combinations(layout.items, 2):
        assert not overlap(a.box, b.box), f"{a.kind} {a.index} covers {b.kind} {b.index}"
    for item in layout.items:
        if item.kind == L.FULL:  # a ship alone keeps its full picture within the slot
            assert inside(item.box, layout.slot)
        else:  # clear of the dashed mark of a side choice along the berth's edge
            assert inside(item.box, layout.berth, L.BERTH_INSET)
        for part in item.parts:
            assert inside(part, item.box)
        for a, b in itertools.combinations(item.parts, 2):
            assert not overlap(a, b)


@pytest.mark.parametrize("pos", range(RING))
@pytest.mark.parametrize("k", [2, 3, 4])
def test_ships_sharing_a_slot_never_cover_each_other(pos: int, k: int) -> None:
    ships = [ship(i, pos, TOTALS[i]) for i in range(k)]
    for crews in itertools.product(CREWS, repeat=2):
        layout = L.slot_layout(pos, ships, crews_for(k, crews))
        assert {item.index for item in layout.items} == set(range(k))
        check(layout, pos)


@pytest.mark.parametrize("pos", [0, 5, 10, 15, 20, 25, 30, 35])
@pytest.mark.parametrize("own", [0, 1, 2, 3, 4])
def test_a_ship_alone_stays_in_its_slot(pos: int, own: int) -> None:
    layout = L.slot_layout(pos, [ship(0, pos, 7200)], crews_for(1, [(own, 0)]))
    assert layout.berth == layout.slot
    check(layout, pos)


@pytest.mark.parametrize("pos", [0, 5, 15, 25, 35])
@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_swimmer_beside_ships_is_not_covered(pos: int, k: int) -> None:
    """Never by the rules (a sailor landing on a ship goes aboard), but a hand-made view
    must not hide it either."""
    ships = [ship(i, pos, TOTALS[i]) for i in range(k)]
    swimmer = sailor(3, 3, 3, state="off", ring=pos, carrying=300)
    layout = L.slot_layout(pos, ships, crews_for(k, [(4, 0)]), [swimmer])
    assert {(item.kind, item.index) for item in layout.items} >= {(L.SWIM, 15)}
    check(layout, pos)


@pytest.mark.parametrize("total", [0, 50, 800, 2550, 6950, 7200])
def test_every_possible_total_fits_a_compact_hull_in_readable_text(total: int) -> None:
    layout = L.slot_layout(5, [ship(0, 5, total), ship(1, 5, total)], crews_for(2, [(4, 0)]))
    for item in layout.items:
        hull = item.parts[0]
        assert text_width(str(total), font(MIN_TEXT, True)) <= hull[2] - hull[0] - 2


def shared_view(players: int, pos: int, k: int) -> LovciView:
    """A real view with ``k`` ships at ``pos``, each with its four sailors aboard."""
    view = RULES.view(RULES.setup(players, {}, 3), None)
    assert isinstance(view, LovciView)
    side, kk = divmod(pos, 10)
    ships = tuple(
        dataclasses.replace(s, ring=pos, side=side, tip=kk == 0,
                            beside=None if kk == 0 else SLOT_SQUARE[pos], crew=4,
                            total=TOTALS[s.ship], treasure=(600,)) if s.ship < k else s
        for s in view.ships)
    return dataclasses.replace(view, ships=tuple(
        dataclasses.replace(s, ring=[20, 28, 32, 8][s.ship]) if s.ring < 0 else s
        for s in ships), phase="play")


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
@pytest.mark.parametrize(("players", "pos"), [(2, 5), (4, 15), (4, 30)])
def test_boards_with_shared_slots_render(players: int, pos: int, locale: str) -> None:
    view = shared_view(players, pos, players)
    layouts = L._sea_layouts(view)
    assert len(layouts[pos].items) == players
    assert render_public("lovci-pokladu", view, ["Ann", "Bořivoj", "Дмитрий", "Jo"][:players],
                         "", locale).startswith(b"\x89PNG")
