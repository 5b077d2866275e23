"""Shipyard rules tests; each cites the rulebook or the data file it checks."""

from __future__ import annotations

import pytest

from games.errors import IllegalAction
from games.shipyard import RULESET, rules
from games.shipyard import yard as yd
from games.shipyard.actions import Fit, Go, SetSail
from games.shipyard.data import (
    ACTIONS,
    BOW,
    BUILD,
    ITEMS,
    MIDDLE,
    SHIP_CARDS,
    START_SPACE,
    STERN,
    TRACK_SPACES,
)
from games.shipyard.state import PHASE_CRUISE, ShipyardState


def _card(deck: str, mounts: tuple[str, ...], cabins: int = 0) -> int:
    return next(i for i, c in enumerate(SHIP_CARDS)
                if c.deck == deck and c.mounts == mounts and c.cabins == cabins)


def _track(state: ShipyardState, layout: dict[int, str], lead: str) -> None:
    state.board["track"] = [None] * TRACK_SPACES
    for space, card in layout.items():
        state.board["track"][space] = card
    state.board["lead"] = lead
    state.board["figures"] = {}


def test_setup_as_listed() -> None:
    """Setup: "Deal the top 10 cards from the deck of middles ... top 5 cards from the
    deck of bows ... sterns"; "Each player receives ... One Freight Train ... Six
    guilders ... 3 green contracts and 3 blue contracts"; "The Receive Subsidy Action
    Card is only used in a four-player game"; "The countdown marker is placed on the
    space ... corresponding to the number of players"; second employee deck "For a
    three- or four-player game"."""
    for n in (2, 3, 4):
        s = RULESET.setup(n, {}, n)
        b = s.board
        assert (len(b["bow_display"]), len(b["middle_display"]), len(b["stern_display"])) \
            == (5, 10, 5)
        assert (len(b["bows"]), len(b["middles1"]), len(b["middles2"]), len(b["sterns"])) \
            == (15, 30, 24, 15)
        assert len(b["train_display"]) == 5 and len(b["canal_display"]) == 5
        assert all(p.money == 6 and len(p.trains) == 1 for p in s.players)
        assert all(len(p.green) == 3 and len(p.blue) == 3 for p in s.players)
        assert ("subsidy" in b["track"]) == (n == 4)
        assert b["track"][START_SPACE] == BUILD and b["lead"] == BUILD
        assert s.countdown == n and b["exchange"] == 0
        assert {len(stack) for stop in b["employees"] for stack in stop} == {1 if n == 2 else 2}


def test_the_rulebooks_income_example() -> None:
    """Income: "If you choose the Rent Canal, Purchase Commodities, or Manufacture
    Equipment actions, you will gain 2 guilders, because two of the cards ahead of them
    are occupied ... only 1 (2) empty spaces between it and the next card. Purchase
    Commodities (three empty spaces) would give you a bonus of 1 guilder." """
    s = RULESET.setup(3, {}, 1)
    _track(s, {22: "crew", 21: "build", 20: "hire", 19: "exchange", 17: "equipment",
               14: "canal", 10: "purchase"}, lead="crew")
    s.board["figures"] = {"build": [1], "hire": [2]}
    assert rules.income(s, 0, "equipment") == (2, 0)  # 1 empty space ahead
    assert rules.income(s, 0, "canal") == (2, 0)  # 2 empty spaces
    assert rules.income(s, 0, "purchase") == (2, 1)  # 3 empty spaces: bonus 1
    assert rules.income(s, 0, "exchange") == (2, 0)
    # "You do not get the empty space bonus if any figures are on cards behind yours."
    s.board["figures"]["purchase"] = [1]
    assert rules.income(s, 0, "canal") == (2, 0)
    s.board["track"][14], s.board["track"][13] = None, "canal"
    assert rules.income(s, 0, "canal")[1] == 0
    # "If you place your figure on a card that is ahead of all the other figures, you
    # get no income."
    assert rules.income(s, 0, "crew") == (0, 0)


def test_two_player_income_counts_occupied_cards_not_figures() -> None:
    """"In a two-player game ... You get 1 guilder per occupied card ahead of yours, not
    1 guilder per figure. A card counts as occupied whether it is your figures on it or
    your opponent's." """
    s = RULESET.setup(2, {}, 1)
    _track(s, {22: "crew", 21: "build", 20: "hire", 19: "exchange", 18: "canal"}, "crew")
    s.board["figures"] = {"build": [0, 0], "hire": [1]}
    assert rules.income(s, 0, "canal")[0] == 2


def test_two_player_advance_moves_the_two_figure_card() -> None:
    """"you advance the card that you chose two turns ago: pick up the card marked by
    two figures and move it into the first empty space ... Place one of the figures
    next to the figure that remained on an Action Card." """
    s = RULESET.setup(2, {}, 1)
    _track(s, {22: "crew", 21: "build", 20: "hire", 19: "exchange", 18: "canal",
               17: "equipment", 16: "purchase"}, "crew")
    s.board["figures"] = {"build": [0, 0], "hire": [0], "exchange": [1, 1]}
    s.current = 0
    rules._begin_turn(s, [])
    assert s.board["lead"] == "build" and s.board["track"][0] == "build"
    assert s.board["figures"]["hire"] == [0, 0] and "build" not in s.board["figures"]
    assert s.step["moved"] == "build"


def test_falling_behind_keeps_a_space_ahead_of_the_lead() -> None:
    """"There should always be at least 1 empty space immediately ahead of the lead
    Action Card. If the new lead card is placed right behind the last card, move the
    last card ahead one space. (If that space is occupied, move the card there ahead
    one space as well, etc)." """
    s = RULESET.setup(3, {}, 1)
    _track(s, {20: "crew", 22: "build", 0: "hire", 1: "exchange", 3: "canal",
               5: "equipment", 7: "purchase"}, "crew")
    s.board["figures"] = {"build": [0]}
    s.current = 0
    rules._begin_turn(s, [])  # build moves to space 22 (index 21), right behind "build"?
    track = s.board["track"]
    lead = track.index(s.board["lead"])
    assert track[(lead + 1) % TRACK_SPACES] is None
    assert sorted(c for c in track if c) == sorted(c for c in ACTIONS if c != "subsidy")


def test_falling_behind_pushes_a_chain() -> None:
    """The same rule when the card ahead of the last one is occupied too ("etc")."""
    s = RULESET.setup(3, {}, 1)
    _track(s, {10: "crew", 12: "build", 13: "hire", 14: "exchange", 16: "canal",
               18: "equipment", 20: "purchase"}, "crew")
    s.board["figures"] = {"canal": [0]}
    s.current = 0
    rules._begin_turn(s, [])
    track = s.board["track"]
    assert track[11] == "canal" and track[12] is None
    assert (track[13], track[14], track[15]) == ("build", "hire", "exchange")


def test_the_lead_card_moves_one_space_ahead() -> None:
    """"Special Case: It is possible that your figure was already sitting on the lead
    Action Card. Even in this case, you need to move the card. Just move it one space
    ahead." And "When a player moves the lead card into the starting space" a lap ends."""
    s = RULESET.setup(3, {}, 1)
    _track(s, {21: "build", 16: "crew", 15: "hire", 14: "exchange", 13: "canal",
               12: "equipment", 11: "purchase"}, "build")
    s.board["figures"] = {"build": [0]}
    s.current = 0
    rules._begin_turn(s, [])
    assert s.board["track"][22] == "build" and s.step.get("lap")


def test_both_speed_formulas() -> None:
    """"A ship with at least one smokestack and one propeller has a base speed of 4. For
    each additional smokestack, propeller, or sail, its speed is increased by 1." / "A
    ship with no smokestack or no propeller has a base speed of 1. For each sail or
    propeller, its speed is increased by 1. For each pair of smokestacks ... by 1." """
    def items(**kw: int) -> dict[str, int]:
        return {**dict.fromkeys(ITEMS, 0), **kw}
    assert rules.speed(None, items(smokestack=1, propeller=1)) == 4
    assert rules.speed(None, items(smokestack=2, propeller=2, sail=1)) == 7
    assert rules.speed(None, items()) == 1
    assert rules.speed(None, items(sail=2, propeller=1)) == 4
    assert rules.speed(None, items(smokestack=3)) == 2
    assert rules.speed(None, items(smokestack=1, sail=1)) == 2


def test_placement_rules() -> None:
    """Data file: "no stern or middle in the leftmost slot of a ship, no bow or middle in
    the rightmost slot; a bow and a stern may not be placed so that no middle could fit
    between them; you may not fill every slot unless that completes a ship." """
    bow, mid, stern = (_card(BOW, ("S",)), _card(MIDDLE, (), 2), _card(STERN, ("C",)))
    empty: list[int | None] = [None] * 9
    assert 0 not in yd.legal_slots(empty, MIDDLE) and 0 not in yd.legal_slots(empty, STERN)
    assert 8 not in yd.legal_slots(empty, BOW) and 8 not in yd.legal_slots(empty, MIDDLE)
    one = [bow] + [None] * 8
    assert 1 not in yd.legal_slots(one, STERN) and 2 in yd.legal_slots(one, STERN)
    full = [bow] + [mid] * 7 + [None]
    assert yd.legal_slots(full, MIDDLE) == [] and yd.legal_slots(full, STERN) == [8]
    assert yd.completed_ships([bow, mid, stern] + [None] * 6) == [(0, 2)]


def _cruise_state() -> ShipyardState:
    s = RULESET.setup(3, {}, 5)
    s.current = 0
    p = s.players[0]
    p.yard = [None] * 9
    p.yard[0] = _card(BOW, ("S",))
    p.yard[1] = next(i for i, c in enumerate(SHIP_CARDS)
                     if c.deck == MIDDLE and c.mounts == ("P",) and c.cabins == 1)
    p.yard[2] = next(i for i, c in enumerate(SHIP_CARDS)
                     if c.deck == STERN and c.mounts == ("P",) and c.safety == ("L",))
    for card in p.yard[:3]:
        for name in ("bows", "middles1", "middles2", "sterns"):
            if card in s.board[name]:
                s.board[name].remove(card)
    # confluence 23 (Riband, Commercial, Lifeboat) at 0,0: W - fork(S) - E
    # straight 10 (Lifebuoy, Riband, -) at 1,0 west to east; straight 4 at 0,1 north-south
    p.canals = [[0, 0, 23, 0], [1, 0, 10, 0], [0, 1, 4, 1]]
    for cid in (23, 10, 4):
        if cid in s.board["canals"]:
            s.board["canals"].remove(cid)
    p.figure, p.came_from = [0, 0, 0], None
    for item in ("captain", "smokestack", "propeller"):
        rules._take_item(s, p, item)
    s.phase = PHASE_CRUISE
    s.step = {"cruise": {}}
    rules._settle(s, [])
    return s


def test_a_cruise_through_a_confluence_with_two_blue_ribands_and_a_detached_canal() -> None:
    """"When the figure comes to a confluence, you can choose to advance it along any
    channel except the one your figure just sailed through"; "If your route lands on
    more than one Blue Riband space, only the last one counts"; "the Canal that it just
    left is removed"; "If removing a used Canal causes other Canals to not be attached
    anymore, then those are removed. They do not count as Canals that you have used"."""
    s = _cruise_state()
    p = s.players[0]
    for item in ("captain", "smokestack", "propeller"):
        RULESET.apply(s, 0, Fit(item))
    assert rules.speed(p, s.step["cruise"]["items"]) == 4
    RULESET.apply(s, 0, SetSail())
    # the figure moved onto the fork (a Blue Riband after 1 space) and must choose
    assert p.figure == [0, 0, 1]
    choices = RULESET.legal_actions(s, 0)
    assert set(choices) == {Go(0, 0, 2), Go(0, 1, 0)}
    before = p.score
    RULESET.apply(s, 0, Go(0, 1, 0))
    # then lifebuoy (0 lifebuoys), Blue Riband after 3 spaces, then an empty space
    assert p.figure == [0, 1, 2] and p.came_from == [0, 1, 1]
    ship = p.fleet[-1]
    # crew 1 + speed 4 + lifebuoy official 0 + the last Blue Riband (3 spaces) = 8
    assert ship["points"] == 8 and p.score - before == 8
    assert p.used_canals == [23]
    assert s.board["canal_discard"] == [10]  # detached, not "used"
    assert [c[2] for c in p.canals] == [4]


def test_a_ship_without_a_captain_is_removed_and_scores_nothing() -> None:
    """"A ship that fails to meet one or both of these requirements scores no points ...
    it is removed from the game. It will not count toward your Government Contract"."""
    s = _cruise_state()
    p = s.players[0]
    cards = [c for c in p.yard if c is not None]
    RULESET.apply(s, 0, Fit("smokestack"))
    RULESET.apply(s, 0, SetSail())
    assert p.fleet == [] and p.score == 0
    assert sorted(s.board["removed_ships"]) == sorted(cards)
    assert all(c is None for c in p.yard)


def test_a_ship_faster_than_its_canal_fails() -> None:
    """"Your Canal System must be long enough to allow your ship to move forward at full
    speed." The canal system above is at most 5 spaces long from the figure."""
    s = _cruise_state()
    p = s.players[0]
    items = {**dict.fromkeys(ITEMS, 0), "captain": 1}
    assert rules.requirements_met(p, {**items, "sail": 4})
    assert not rules.requirements_met(p, {**items, "sail": 5})


def test_contract_scoring() -> None:
    """Data file, green contracts "per launched ship", blue "fleet thresholds; the
    highest row reached pays"; "Some Employee Cards (traders) give bonus points"."""
    s = RULESET.setup(2, {}, 3)
    p = s.players[0]
    base = dict.fromkeys(ITEMS, 0)
    long_ship = [_card(BOW, ("S",))] + [_card(MIDDLE, (), 2)] * 3 + [_card(STERN, ("C",))]
    p.fleet = [
        {"cards": long_ship, "items": {**base, "captain": 1, "cannon": 2}, "speed": 1,
         "points": 0},
        {"cards": long_ship[:3], "items": {**base, "captain": 2}, "speed": 6, "points": 0},
    ]
    codes = {g.code: i for i, g in enumerate(rules.GREEN)}
    blue = {b.code: i for i, b in enumerate(rules.BLUE)}
    expected = {"cannons2": 3, "long5": 3, "short3": 2, "speed6": 3, "no_equipment": 3,
                "crew3": 0}
    for code, points in expected.items():
        p.green, p.blue = [codes[code]], []
        assert rules.contract_points(p) == points, code
    p.green = []
    p.money = 12
    p.blue = [blue["guilders"]]
    assert rules.contract_points(p) == 5
    p.blue = [blue["captains"]]
    assert rules.contract_points(p) == 0
    p.blue = [blue["middles"]]
    assert rules.contract_points(p) == 0
    p.blue = [blue["two_fastest"]]
    assert rules.contract_points(p) == 0  # 6 + 1 = 7 < 10
    p.employees = ["trader1-coal", "trader2-coal"]
    assert rules.trader_points(p) == 3


def _play_until(state: ShipyardState, done: object) -> None:
    for _ in range(5000):
        if done(state) or RULESET.result(state) is not None:  # type: ignore[operator]
            return
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))


def test_contract_discards_by_player_count() -> None:
    """"In a 4-player game ... When the countdown marker reaches 2 ... you must give up
    two of each." "In a 3-player game ... give up one of each at the end of the first
    and second laps." "In a 2-player game ... At the end of the first lap ... give up
    two of each." """
    for n, wanted in ((4, {3: 3, 2: 1, 1: 1}), (3, {2: 2, 1: 1}), (2, {1: 1})):
        s = RULESET.setup(n, {}, n)
        for countdown, held in sorted(wanted.items(), reverse=True):
            s.countdown = countdown + 1
            s.step = {"lap": True}
            rules._end_turn(s, [])
            assert s.countdown == countdown
            _play_until(s, lambda st: st.phase != "discard")
            assert all(len(p.green) == held and len(p.blue) == held
                       for p in s.players), (n, countdown)
            assert all(len(p.given_up) == 6 - 2 * held for p in s.players)


def test_the_public_view_does_not_depend_on_contracts_or_decks() -> None:
    """Issue 11: "the public view ... byte-identical whatever contracts are dealt";
    contracts "seen only by their owner"."""
    from games.rng import GameRng
    rng = GameRng(3)
    s = RULESET.setup(4, {}, 9)
    _play_until(s, lambda st: st.turn > 20)
    for other in RULESET.hidden_variants(s, None, rng):
        assert repr(RULESET.view(other, None)) == repr(RULESET.view(s, None))
    for seat in range(4):
        for other in RULESET.hidden_variants(s, seat, rng):
            assert repr(RULESET.view(other, seat)) == repr(RULESET.view(s, seat))
            assert RULESET.bot_action(other, seat) == RULESET.bot_action(s, seat) \
                if seat in RULESET.actors(s) else True
    assert RULESET.view(s, None).green is None
    assert RULESET.view(s, 1).green == tuple(s.players[1].green)


def _act(card: str, n: int = 3) -> ShipyardState:
    """Player 0 to perform ``card`` (its figure on it) in step 4."""
    s = RULESET.setup(n, {}, 4)
    s.current = 0
    s.phase = "act"
    s.step = {"card": card}
    return s


def test_bonus_action_before_never_the_chosen_card_and_paid_first() -> None:
    """"The only action you cannot choose as a bonus is the one you chose in step 2";
    "It is not possible to use guilders gained from your bonus action to help pay for
    itself"; "You cannot buy more than one bonus action"."""
    from games.shipyard.actions import Bonus, Steps
    s = _act("crew")
    s.players[0].money = 6
    legal = RULESET.legal_actions(s, 0)
    assert Bonus("crew") not in legal and Bonus("build") in legal
    RULESET.apply(s, 0, Bonus("equipment"))
    assert s.players[0].money == 0
    RULESET.apply(s, 0, Steps(1))
    assert not any(isinstance(a, Bonus) for a in RULESET.legal_actions(s, 0))
    RULESET.apply(s, 0, Steps(1))  # the chosen action, after the bonus
    assert s.phase != "act"


def test_manufacture_with_engineer_and_paid_steps() -> None:
    """Data file: "Move the marker 1 sector free, up to 2 more for 1 guilder each; take
    one of the equipment shown; engineers add theirs." """
    from games.shipyard.actions import Steps
    s = _act("equipment")
    p = s.players[0]
    p.employees = ["engineer-cannon"]
    s.board["ring"] = 0  # sail
    assert Steps(4) not in RULESET.legal_actions(s, 0)
    RULESET.apply(s, 0, Steps(3))  # sail -> smokestack -> propeller -> crane
    assert p.money == 4 and p.stock["crane"] == 1 and p.stock["cannon"] == 1


def test_exchange_never_takes_the_same_item_twice() -> None:
    """Data file: "for each commodity on it, sell it at the price the marker now shows,
    or swap it for one item from that commodity's table; never the same item twice in
    one exchange; discard the train"."""
    from games.shipyard.actions import Sell, Swap, UseTrain
    s = _act("exchange")
    p = s.players[0]
    p.trains = [4]  # coal, coal, steel
    p.employees = ["trader1-steel"]
    RULESET.apply(s, 0, UseTrain(0))
    assert s.board["exchange"] == 1  # P2: coal 2, steel 3, timber 1
    RULESET.apply(s, 0, Swap("smokestack"))
    assert Swap("smokestack") not in RULESET.legal_actions(s, 0)
    RULESET.apply(s, 0, Swap("propeller"))
    RULESET.apply(s, 0, Sell())
    assert p.money == 6 + 3 + 1  # steel at 3, +1 for the level-1 steel trader
    assert p.trains == [] and 4 in s.board["train_discard"]


def test_hire_employee_never_a_duplicate() -> None:
    """Data file: "take one employee at the stop where the marker ends and pay its extra
    cost; never an exact duplicate of one you hold"."""
    from games.shipyard.actions import Hire, Steps
    s = _act("hire")
    p = s.players[0]
    s.board["oval"] = 0
    s.board["employees"][1] = [["builder-cabin-1", "builder-cabin-1"], ["trader2-coal"] * 2]
    p.employees = []
    RULESET.apply(s, 0, Steps(1))
    assert RULESET.legal_actions(s, 0) == [Hire(0)]  # trader II needs trader I
    RULESET.apply(s, 0, Hire(0))
    assert p.employees == ["builder-cabin-1"] and p.money == 5
    assert s.board["employees"][1][0] == ["builder-cabin-1"]
    assert not rules.hireable(p, "builder-cabin-1")


def test_early_end_plays_on_to_equal_turns() -> None:
    """"If the last bow, stern, or middle Ship Card is turned up, the game ends early";
    "keep playing until everyone has had the same number of turns"; then the final
    action and the last chance; "Ties go to the player with the most guilders"."""
    s = RULESET.setup(3, {}, 8)
    s.board["sterns"] = s.board["sterns"][:1]
    _play_until(s, lambda st: st.ending == "ships")
    assert s.ending == "ships"
    _play_until(s, lambda st: st.phase in ("final", "over"))
    assert len({p.turns for p in s.players}) == 1
    _play_until(s, lambda st: False)
    result = RULESET.result(s)
    assert result is not None
    best = max((p.score, p.money) for p in s.players)
    assert all((s.players[w].score, s.players[w].money) == best for w in result.winners)


def test_a_contract_given_up_is_never_named_in_public() -> None:
    """Rulebook: "Do not even reveal those that you discard": the public label of the
    move (the turn clock's message) says only how many of each colour; the player's own
    menu names the contracts kept (2 and 4 players keep one of each)."""
    from games.shipyard.actions import GiveUp
    from i18n import t
    s = RULESET.setup(2, {}, 5)
    p = s.players[0]
    move = GiveUp((0, 2), (1, 2))
    public = RULESET.describe_public(s, 0, move, ["Ann", "Bob"], "en")
    assert public == "Give up contracts (green: 2, blue: 2)"
    private = RULESET.describe_action(s, 0, move, ["Ann", "Bob"], "en")
    kept = [t(f"shipyard.contract_green.{rules.GREEN[p.green[1]].code}", "en"),
            t(f"shipyard.contract_blue.{rules.BLUE[p.blue[0]].code}", "en")]
    assert private == "Keep: " + " · ".join(kept)
    given = [t(f"shipyard.contract_green.{rules.GREEN[p.green[i]].code}", "en") for i in (0, 2)]
    assert not any(name in public for name in kept + given)


def test_contracts_are_given_up_at_once_in_one_secret_choice_each() -> None:
    """Issue 26 item 2; rulebook "Government Contracts And The Countdown": at the end of
    the first lap of a 2-player game both players "must give up two of each", and "Do not
    even reveal those that you discard". Both are asked at the same time; each gives up
    all four in one choice, in either order; the account says only how many."""
    from games.shipyard.actions import GiveUp
    s = RULESET.setup(2, {}, 5)
    s.countdown, s.step = 2, {"lap": True}
    rules._end_turn(s, [])
    assert s.phase == "discard" and RULESET.actors(s) == frozenset({0, 1})
    legal = RULESET.legal_actions(s, 1)
    assert len(legal) == 9 and all(len(a.green) == len(a.blue) == 2 for a in legal)
    assert RULESET.parse_action("discard green 1 3 blue 2 3") == GiveUp((0, 2), (1, 2))
    green, blue = list(s.players[1].green), list(s.players[1].blue)
    events = RULESET.apply(s, 1, GiveUp((0, 2), (1, 2)))  # the second player first
    assert s.players[1].green == [green[1]] and s.players[1].blue == [blue[0]]
    assert RULESET.actors(s) == frozenset({0}), "one choice: player 2 is done"
    from i18n import t
    told = [t(e.key, "en", player="Bob", **e.params) for e in events]
    assert "Bob gives up contracts (green: 2, blue: 2)." in told
    with pytest.raises(IllegalAction):
        RULESET.apply(s, 0, GiveUp((0,), (0,)))  # two of each are owed, not one
    RULESET.apply(s, 0, RULESET.bot_action(s, 0))
    assert s.phase != "discard" and all(len(p.green) == len(p.blue) == 1 for p in s.players)


def test_rules_topics_read_in_every_language() -> None:
    """`/rules shipyard <topic>`: every topic has its own text in en, ru and cs."""
    topics = RULESET.rules_topics()
    assert {"overview", "turn", "income", "cruise", "end", "contracts", "notation"} <= set(
        topics)
    for locale in ("en", "ru", "cs"):
        texts = [RULESET.rules_text(topic, None, locale) for topic in topics]
        assert all(not text.startswith("shipyard.rules.") for text in texts), locale
        assert len(set(texts)) == len(texts)
    assert "Blue Riband" in RULESET.rules_text("cruise")
    assert "Голубая лента" in RULESET.rules_text("cruise", None, "ru")
    assert "Modrá stuha" in RULESET.rules_text("cruise", None, "cs")
