"""Every Shipyard action and employee kind not covered in test_shipyard_rules.py, each
citing the data file's "The actions" / "Employees" or the rulebook."""

from __future__ import annotations

from games.shipyard import RULESET, rules
from games.shipyard.actions import (
    Attach,
    Bonus,
    Buy,
    EndActions,
    FigureAt,
    Fit,
    Pass,
    RentCanal,
    Slot,
    Steps,
    Stop,
    Subsidy,
    Take,
    TakeTrain,
)
from games.shipyard.data import CANALS, EDGE_STEP, ITEMS, SHIP_CARDS, ship_card
from games.shipyard.state import ShipyardState


def _act(card: str, n: int = 3, seed: int = 4) -> ShipyardState:
    """Player 0 to perform ``card`` (its figure on it) in step 4."""
    s = RULESET.setup(n, {}, seed)
    s.current = 0
    s.phase = "act"
    s.step = {"card": card}
    return s


def _card(deck: str, mounts: tuple[str, ...] = (), cabins: int = 0) -> int:
    return next(i for i, c in enumerate(SHIP_CARDS)
                if c.deck == deck and c.mounts == mounts and c.cabins == cabins)


def test_build_ships_takes_up_to_three_cards_priced_by_row_and_slides_the_column() -> None:
    """Data file: "Build Ships: take 1 to 3 cards from the display, pay each by its row,
    place each at once in your shipyard following the placement rules, refill"; "Price
    by row, top to bottom: 2, 2, 1, 1, 0"; "Taking a card slides the column down and
    fills the top from that deck"."""
    s = _act("build")
    p = s.players[0]
    p.money = 10
    column = list(s.board["bow_display"])
    top = s.board["bows"][-1]
    RULESET.apply(s, 0, Buy("b", 2))  # row 3 costs 1
    assert p.money == 9
    assert s.board["bow_display"] == [top, column[0], column[1], column[3], column[4]]
    assert all(isinstance(a, Slot) for a in RULESET.legal_actions(s, 0))
    RULESET.apply(s, 0, Slot(0))
    assert ship_card(p.yard[0]).deck == "bow"
    RULESET.apply(s, 0, Buy("m", 5))  # the second middle column, row 1: 2 guilders
    assert p.money == 7
    RULESET.apply(s, 0, Slot(1))
    assert Stop() in RULESET.legal_actions(s, 0)
    RULESET.apply(s, 0, Buy("s", 4))  # row 5 is free
    RULESET.apply(s, 0, Slot(2))
    assert p.money == 7 and s.step.get("main_done"), "three cards end the action"
    assert p.ledger["ships"] == -3


def test_rent_canal_first_canal_then_attach_by_connectors() -> None:
    """Data file: "Rent Canal: take 1 of the 5 face-up canals, paying 2 for slot 1, 1 for
    slots 2–3, 0 for slots 4–5; attach it with matching connectors to your canal system
    (your first canal: put your ship figure on any of its spaces); refill"."""
    s = _act("canal")
    p = s.players[0]
    assert [a for a in RULESET.legal_actions(s, 0) if isinstance(a, RentCanal)] == [
        RentCanal(i) for i in range(5)]
    first = s.board["canal_display"][1]
    RULESET.apply(s, 0, RentCanal(1))
    assert p.money == 5
    assert RULESET.legal_actions(s, 0) == [Attach(0, 0, r) for r in range(4)]
    RULESET.apply(s, 0, Attach(0, 0, 0))
    assert RULESET.legal_actions(s, 0) == [FigureAt(0), FigureAt(1), FigureAt(2)]
    RULESET.apply(s, 0, FigureAt(1))
    assert p.canals == [[0, 0, first, 0]] and p.figure == [0, 0, 1]
    # a second canal joins only where connectors meet (and plain edge meets plain edge)
    s.current, s.phase, s.step = 0, "act", {"card": "canal"}
    second = s.board["canal_display"][4]
    RULESET.apply(s, 0, RentCanal(4))
    assert p.money == 5
    g = rules.cn.grid(p.canals)
    attaches = RULESET.legal_actions(s, 0)
    assert attaches and all((a.x, a.y) != (0, 0) for a in attaches)  # type: ignore[union-attr]
    for attach in attaches:
        assert isinstance(attach, Attach)
        trial = {**g, (attach.x, attach.y): (second, attach.rotation)}
        mine = rules.cn._edge_nodes(second, attach.rotation)
        for edge, (dx, dy) in enumerate(EDGE_STEP):
            other = trial.get((attach.x + dx, attach.y + dy))
            if other is not None:
                assert (edge in mine) == ((edge + 2) % 4 in rules.cn._edge_nodes(*other))
    assert CANALS[second].kind in ("straight", "bend", "confluence")


def test_purchase_commodities_costs_two_and_refills() -> None:
    """Data file: "Purchase Commodities: take 1 of the 5 face-up freight trains, pay its
    price (2), refill"."""
    s = _act("purchase")
    p = s.players[0]
    train = s.board["train_display"][3]
    RULESET.apply(s, 0, TakeTrain(3))
    assert p.trains == [0, train] and p.money == 4
    assert all(t is not None for t in s.board["train_display"])


def test_recruit_crew_with_a_recruiter_and_a_foreman() -> None:
    """Data file: "Recruit Crew: green circle of 4 sectors, clockwise Captain → Soldier →
    Captain → Businessman; same movement; take one crew member shown; recruiters add
    theirs"; "Foreman ... +1 free extra step on that rondel"."""
    s = _act("crew")
    p = s.players[0]
    p.employees = ["recruiter-soldier", "foreman-circle"]
    s.board["circle"] = 0  # captain
    legal = RULESET.legal_actions(s, 0)
    assert Steps(4) in legal and Steps(5) not in legal  # 1 + 2 paid + 1 foreman
    RULESET.apply(s, 0, Steps(2))  # soldier -> captain: two steps, both free
    assert p.money == 6 and p.stock["captain"] == 1 and p.stock["soldier"] == 1


def test_receive_subsidy_only_with_four_players() -> None:
    """Rulebook: "The Receive Subsidy Action Card is only used in a four-player game";
    data file: "Receive Subsidy (4 players only): take 2 guilders"."""
    s = _act("subsidy", n=4)
    RULESET.apply(s, 0, Subsidy())
    assert s.players[0].money == 8 and s.players[0].ledger == {"subsidy": 2}
    assert "subsidy" not in RULESET.setup(3, {}, 1).board["track"]


def test_bonus_action_after_the_chosen_action_and_only_once() -> None:
    """Rulebook: "You may perform your bonus action either before or after your required
    action ... it is possible to use guilders gained from your required action to pay for
    your bonus action, if your bonus action is performed second"."""
    s = _act("subsidy", n=4)
    p = s.players[0]
    p.money = 4
    assert not any(isinstance(a, Bonus) for a in RULESET.legal_actions(s, 0))
    RULESET.apply(s, 0, Subsidy())  # 6 now
    legal = RULESET.legal_actions(s, 0)
    assert Bonus("crew") in legal and Bonus("subsidy") not in legal and EndActions() in legal
    RULESET.apply(s, 0, Bonus("crew"))
    RULESET.apply(s, 0, Steps(1))
    assert p.money == 0 and s.phase != "act"


def _fitting(employees: list[str]) -> ShipyardState:
    """A completed bow (S) + middle (2 cabins) + stern (C) with pieces in the yard."""
    s = RULESET.setup(3, {}, 2)
    s.current = 0
    p = s.players[0]
    p.yard = [_card("bow", ("S",)), _card("middle", (), 2), _card("stern", ("C",))] + [None] * 6
    p.employees = employees
    for item in ("captain", "captain", "captain", "captain", "cannon", "cannon", "sail"):
        rules._take_item(s, p, item)
    s.phase, s.step = "cruise", {"cruise": {}}
    rules._settle(s, [])
    return s


def _fits(s: ShipyardState) -> set[str]:
    return {a.item for a in RULESET.legal_actions(s, 0) if isinstance(a, Fit)}


def test_fitting_cabins_mounts_and_builders() -> None:
    """Rulebook: "Every ship must have a captain. He does not need a cabin. If you put
    additional captains on your ship, they become officers, and each one of them needs
    his own cabin. Each piece of Equipment must have a mounting point"; data file,
    builders: "each completed ship may carry 1 crew without a cabin (or 1 equipment
    without a mount)"."""
    for employees, captains, cannons in (([], 3, 1), (["builder-cabin-1"], 4, 1),
                                         (["builder-mount-1"], 3, 2)):
        s = _fitting(employees)
        for _ in range(captains):
            assert "captain" in _fits(s)
            RULESET.apply(s, 0, Fit("captain"))
        assert "captain" not in _fits(s), employees  # cabins (and builders) are full
        for _ in range(cannons):
            RULESET.apply(s, 0, Fit("cannon"))
        assert "cannon" not in _fits(s), employees
        assert "sail" in _fits(s), "the S mount takes a sail"
        items = s.step["cruise"]["items"]
        assert items["captain"] == captains and items["cannon"] == cannons
        assert s.players[0].stock["captain"] == 4 - captains, "unused pieces stay"


def test_naval_architects_add_speed() -> None:
    """Data file: "Naval architect | Steam, Sail, Screw | +1 speed to ships with ≥1
    smokestack / ≥2 sails / ≥2 propellers"."""
    s = RULESET.setup(2, {}, 1)
    p = s.players[0]
    items = dict.fromkeys(ITEMS, 0)
    p.employees = ["architect-steam", "architect-sail", "architect-screw"]
    assert rules.speed(p, {**items, "smokestack": 1}) == 1 + 1
    assert rules.speed(p, {**items, "sail": 2}) == 3 + 1
    assert rules.speed(p, {**items, "propeller": 2, "smokestack": 1}) == 5 + 1 + 1
    assert rules.speed(p, {**items, "sail": 1}) == 2


def test_final_action_is_any_card_without_income_or_bonus_then_the_last_chance() -> None:
    """Rulebook "Final Action": "You can choose from any of them, regardless of whose
    figures are on them ... It is not possible to buy a bonus action"; "Complete a Ship":
    one card, "If you can not complete a ship with only one card, then you simply pass"."""
    s = RULESET.setup(3, {}, 6)
    s.countdown = 1
    s.step = {"lap": True}
    for p in s.players:
        p.green, p.blue = p.green[:1], p.blue[:1]
        p.money = 20
    p = s.players[s.start_player]
    rules._end_turn(s, [])  # the last lap ends: the final sequence begins
    assert s.phase == "final" and s.current == s.start_player
    takes = RULESET.legal_actions(s, s.current)
    cards = {a.card for a in takes if isinstance(a, Take)}
    assert "build" in cards and "equipment" in cards  # occupied or not
    money = p.money
    RULESET.apply(s, s.current, Take("equipment"))
    assert p.money == money, "no income on the final action"
    assert not any(isinstance(a, Bonus) for a in RULESET.legal_actions(s, s.current))
    RULESET.apply(s, s.current, Steps(1))
    while s.phase not in ("last_ship", "over"):
        assert s.step.get("final") or s.phase == "cruise"
        RULESET.apply(s, s.current, RULESET.bot_action(s, s.current))
    while s.phase != "over":
        seat = s.current
        legal = RULESET.legal_actions(s, seat)
        if s.phase == "last_ship" and not s.step.get("sub"):
            assert Pass() in legal
            for a in legal:  # only cards that complete a ship are offered
                if isinstance(a, Buy):
                    deck = ship_card(rules.display_card(s, a.column, a.row)).deck
                    assert rules.yd.completing_slots(s.players[seat].yard, deck)
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    assert RULESET.result(s) is not None
