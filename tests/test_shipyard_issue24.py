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


# -- item 6: the chosen action comes first -------------------------------------------
def test_a_bonus_before_the_chosen_action_never_spends_what_it_needs() -> None:
    """Issue 24 item 6; rulebook: "After receiving any income, you must perform your
    chosen action." Purchase Commodities costs 2; with 8 guilders a bonus Manufacture
    Equipment (6) may move its marker only the free sector, never the paid ones that
    would spend the 2 guilders the freight train needs."""
    from games.shipyard.actions import Bonus, Steps, TakeTrain
    s = _state()
    s.current, s.phase, s.step = 0, "act", {"card": "purchase"}
    s.players[0].money = 8
    assert Bonus("equipment") in RULESET.legal_actions(s, 0)
    RULESET.apply(s, 0, Bonus("equipment"))
    assert RULESET.legal_actions(s, 0) == [Steps(1)]
    RULESET.apply(s, 0, Steps(1))
    assert s.players[0].money == 2
    assert TakeTrain(0) in RULESET.legal_actions(s, 0)
    # with 7 guilders no bonus fits before the chosen action ... (a train costs 2)
    s = _state()
    s.current, s.phase, s.step = 0, "act", {"card": "purchase"}
    s.players[0].money = 7
    assert rules.needed_guilders(s, 0, "purchase") == 2
    assert not [a for a in RULESET.legal_actions(s, 0) if isinstance(a, Bonus)]
    # ... and after it 5 are left: still no bonus (it costs 6)
    RULESET.apply(s, 0, TakeTrain(0))
    assert s.players[0].money == 5 and not [
        a for a in RULESET.legal_actions(s, 0) if isinstance(a, Bonus)]


def test_income_counts_toward_being_able_to_perform_the_chosen_action() -> None:
    """Issue 24 item 8 (RULES-NOTES SY-D11): "3. Income" comes before "4. Perform
    Actions", so a card whose income pays for its action may be chosen: with 1 guilder,
    Purchase Commodities (2) behind two occupied cards pays 2 first."""
    from games.shipyard.actions import Take
    from games.shipyard.data import TRACK_SPACES
    s = _state()
    s.current = 0
    s.board["track"] = [None] * TRACK_SPACES
    for space, card in {22: "crew", 21: "build", 20: "purchase", 18: "equipment",
                        16: "canal", 14: "exchange", 12: "hire"}.items():
        s.board["track"][space] = card
    s.board["lead"] = "crew"
    s.board["figures"] = {"crew": [1], "build": [2]}
    s.players[0].money = 1
    assert rules.income(s, 0, "purchase") == (2, 0)
    assert Take("purchase") in RULESET.legal_actions(s, 0)
    RULESET.apply(s, 0, Take("purchase"))
    assert s.players[0].money == 3 and s.phase == "act"


# -- item 10: Shipyard numbers are the board's numbers ---------------------------------
def _placing(deck_card: int, yard: list[int | None]) -> ShipyardState:
    """Player 0 has bought ``deck_card`` in Build Ships and now places it."""
    s = _state()
    s.current, s.phase = 0, "act"
    s.players[0].yard = list(yard)
    s.step = {"card": "build", "sub": {"kind": "place", "card": deck_card, "bought": 0,
                                       "back": "build"}}
    return s


def test_a_placement_is_numbered_and_typed_by_its_slot() -> None:
    """Issue 24 item 10: "A placement list reads `1. Place it in slot 2 · 2. Place it in
    slot 3`; typing `2` meaning slot 2 puts the card in slot 3." The number shown for a
    placement is its slot's, typing it alone places the card there, and the account
    says where the card went."""
    from games.protocol import list_numbers
    from games.shipyard.actions import Slot
    s = _placing(MIDDLE_CARD, [BOW_CARD] + [None] * 8)
    legal = RULESET.legal_actions(s, 0)
    assert legal[0] == Slot(1)  # the first legal slot is slot 2
    numbered = list_numbers(RULESET.choices(s, 0))
    assert [(n, c.notation) for n, c in numbered] == [
        (a.slot + 1, f"slot {a.slot + 1}") for a in legal]
    assert RULESET.read_action(s, 0, "2") == Slot(1)
    events = RULESET.play(s, 0, "2")
    assert s.players[0].yard[1] == MIDDLE_CARD
    text = [e.text(["Ann", "Bob", "Cid"]) for e in events]
    assert any("slot 2" in line for line in text), text


def test_a_number_of_a_slot_that_cannot_take_the_card_is_refused() -> None:
    """Issue 24 item 10: a number is the board's slot, never another move: slot 1 of a
    yard with a bow there cannot take the middle, so typing 1 is refused (nothing
    changes)."""
    import pytest

    from games.protocol import IllegalAction
    s = _placing(MIDDLE_CARD, [BOW_CARD] + [None] * 8)
    with pytest.raises(IllegalAction):
        RULESET.play(s, 0, "1")
    assert s.players[0].yard[1] is None
