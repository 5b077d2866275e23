"""Shipyard, issue 24 (careful play, round 2): each test cites the rule or the report
item it checks and fails on the code before the fix."""

from __future__ import annotations

from games.shipyard import RULESET, rules
from games.shipyard import yard as yd
from games.shipyard.data import BOW, MIDDLE, SHIP_CARDS, STERN
from games.shipyard.state import ShipyardState

BOW_CARD = next(i for i, c in enumerate(SHIP_CARDS) if c.deck == BOW)
MIDDLE_CARD = next(i for i, c in enumerate(SHIP_CARDS) if c.deck == MIDDLE)
STERN_CARD = next(i for i, c in enumerate(SHIP_CARDS) if c.deck == STERN)


def _state(n: int = 3, seed: int = 4) -> ShipyardState:
    return RULESET.setup(n, {}, seed)


# -- item 5: the fill rule ----------------------------------------------------------
def test_a_bow_or_stern_that_fills_the_last_slot_and_completes_a_ship_is_legal() -> None:
    """Issue 24 item 5; data file: "you may not fill every slot unless that completes a
    ship", and the rulebook: "A ship must leave the Shipyard on the turn on which it is
    completed". Bow, middle, _, middle, stern, bow, middle, middle, stern: a bow in slot
    3 completes the ship 3–5 and fills every slot; once that ship has left, slot 3 is
    free for the first ship's stern."""
    b, m, s = BOW_CARD, MIDDLE_CARD, STERN_CARD
    yard: list[int | None] = [b, m, None, m, s, b, m, m, s]
    assert yd.legal_slots(yard, BOW) == [2]
    assert yd.legal_slots(yard, STERN) == [2]
    assert yd.legal_slots(yard, MIDDLE) == [2]
    # a stern in slot 4 of bow, middle, middle, _, middle, stern, ...: completes 1–4
    yard = [b, m, m, None, m, s, b, m, s]
    assert yd.legal_slots(yard, STERN) == [3]
    # and the last chance offers it too (it completes a ship)
    assert yd.completing_slots(yard, STERN) == [3]


def test_filling_the_last_slot_without_completing_a_ship_stays_illegal() -> None:
    """Data file: "you may not fill every slot unless that completes a ship": with the
    ship 4–9 complete (it leaves only in step 5), a middle in slot 3 would fill the yard
    and complete nothing."""
    b, m, s = BOW_CARD, MIDDLE_CARD, STERN_CARD
    yard: list[int | None] = [b, m, None, b, m, m, m, m, s]
    assert yd.legal_slots(yard, MIDDLE) == []
    assert yd.legal_slots(yard, BOW) == [] and yd.legal_slots(yard, STERN) == [2]


# -- item 7: the stern points where the ship may not go --------------------------------
def test_a_canal_attached_behind_the_stern_is_not_a_way_back() -> None:
    """Issue 24 item 7; rulebook: "At each space, the figure's stern should indicate where
    it came from. You cannot move the figure back into a space that it just left" and "it
    is the stern which points the direction in which your ship can not go". The figure
    sailed west to east from the straight canal at 0,0 (now gone) onto the one at 1,0.
    A straight canal on 0,0 turned the other way round joins the figure's west edge
    with its other space: that is still behind the stern."""
    from games.shipyard import canals as cn
    system = cn.grid([[1, 0, 1, 0]])
    figure, came_from = (1, 0, 0), (0, 0, 2)
    spots = cn.placements(system, 6, figure, came_from)
    assert not [spot for spot in spots if spot[:2] == (0, 0)]
    # even when such a canal lies there, the figure does not sail back onto it
    system[(0, 0)] = (6, 2)
    assert cn.forward(system, figure, came_from) == [(1, 0, 1)]
    assert cn.reachable_cells(system, figure, came_from) == {(1, 0)}
