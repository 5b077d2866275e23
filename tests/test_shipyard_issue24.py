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


# -- item 11: no blind or destructive choices -----------------------------------------
def _play_to(seed: int, n: int, done: object) -> tuple[ShipyardState, int]:
    """Play bot moves from a fresh game until ``done(state, seat)`` holds."""
    s = _state(n, seed)
    for _ in range(20_000):
        seat = min(RULESET.actors(s))
        if done(s, seat):  # type: ignore[operator]
            return s, seat
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    raise AssertionError("never reached")


def _attaching(s: ShipyardState, seat: int) -> bool:
    return (s.step.get("sub") or {}).get("kind") == "attach" and bool(s.players[seat].canals)


def test_a_rented_canal_is_shown_while_the_player_chooses_where_it_goes() -> None:
    """Issue 24 item 11: "Show a rented canal in the player's area while they choose its
    orientation": the public view carries the rented canal and the squares it may go
    on, and each choice names the officials in the order the ship meets them."""
    from games.shipyard.actions import Attach
    from games.shipyard.data import CANALS
    s, seat = _play_to(7, 4, _attaching)
    cid = s.step["sub"]["canal"]
    view = RULESET.view(s, None)
    me = view.players[seat]
    legal = [a for a in RULESET.legal_actions(s, seat) if isinstance(a, Attach)]
    assert me.renting == cid
    assert set(me.attach_spots) == {(a.x, a.y) for a in legal}
    assert all(p.renting is None for p in view.players if p.seat != seat)
    names = [RULESET.describe_action(s, seat, a) for a in legal]
    officials = [o for o in CANALS[cid].officials]
    from i18n import t
    words = [t(f"shipyard.official.{o or 'none'}", "en") for o in officials]
    for label in names:
        order = [w for w in label.split(": ", 1)[1].split(" → ")]
        assert sorted(order) == sorted(words), label
        assert order in (words, words[::-1]), label


def test_the_attach_label_starts_with_the_space_the_ship_enters() -> None:
    """Issue 24 item 11: "say in each choice which officials come first": a straight
    canal attached east of the figure's canal, joined at its space 1 (turned 0), is
    entered at space 1; turned round (2) it is entered at space 3."""
    from games.shipyard.actions import Attach
    from i18n import t
    s = _state()
    p = s.players[0]
    p.canals = [[0, 0, 1, 0]]  # straight, west to east
    p.figure, p.came_from = [0, 0, 0], None
    s.current, s.phase = 0, "act"
    s.step = {"card": "canal", "sub": {"kind": "attach", "canal": 12}}  # M, L, R
    m, lantern, r = (t(f"shipyard.official.{o}", "en") for o in ("military", "lantern",
                                                                  "lifebuoy"))
    assert RULESET.describe_action(s, 0, Attach(1, 0, 0)).endswith(f"{m} → {lantern} → {r}")
    assert RULESET.describe_action(s, 0, Attach(1, 0, 2)).endswith(f"{r} → {lantern} → {m}")


def test_a_placement_that_completes_a_failing_ship_warns() -> None:
    """Issue 24 item 11: "Warn on the placement that completes a ship that will fail (no
    captain, canal too short)"; rulebook "Requirements For Scoring": a captain, and a
    canal long enough for the ship's speed (at least 1)."""
    from games.shipyard.actions import Slot
    s = _placing(STERN_CARD, [BOW_CARD, MIDDLE_CARD] + [None] * 7)
    p = s.players[0]
    assert "no captain" in RULESET.describe_action(s, 0, Slot(2))
    assert "fails" not in RULESET.describe_action(s, 0, Slot(3))  # completes nothing
    p.stock["captain"] = 1
    assert "canal too short" in RULESET.describe_action(s, 0, Slot(2))
    p.canals = [[0, 0, 1, 0]]
    p.figure = [0, 0, 0]
    assert RULESET.describe_action(s, 0, Slot(2)) == "Place it in slot 3"


def test_a_failing_set_sail_is_never_played_as_a_forced_move() -> None:
    """Issue 24 item 11: "A move that destroys something (a failing "Set sail") is never
    played as a forced move: the player confirms it." Rulebook: a ship that fails the
    requirements "is removed from the game"."""
    from games.shipyard.actions import SetSail, Slot, Stop
    s = _placing(STERN_CARD, [BOW_CARD, MIDDLE_CARD] + [None] * 7)
    s.players[0].money = 0  # no more cards, no bonus action
    RULESET.apply(s, 0, Slot(2))
    if Stop() in RULESET.legal_actions(s, 0):
        RULESET.apply(s, 0, Stop())
    assert s.phase == "cruise" and RULESET.legal_actions(s, 0) == [SetSail()]
    assert RULESET.forced_action(s, 0) is None
    # with a captain and a canal the same lone "Set sail" scores: it may be played
    s.players[0].stock["captain"] = 0
    s.step["cruise"]["items"]["captain"] = 1
    s.players[0].canals = [[0, 0, 1, 0]]
    s.players[0].figure = [0, 0, 0]
    assert RULESET.forced_action(s, 0) == SetSail()


def test_rondel_moves_say_what_they_get() -> None:
    """Issue 24 item 11: "Equipment and crew moves say what you get ("Move 2 → captain
    (costs 1)")"; data file: the crew circle is Captain → Soldier → Captain →
    Businessman clockwise, one sector free, up to 2 more at 1 guilder each."""
    from games.shipyard.actions import Steps
    s = _state()
    s.current, s.phase, s.step = 0, "act", {"card": "crew"}
    s.board["circle"] = 0  # on a captain
    assert RULESET.describe_action(s, 0, Steps(1)) == "Move 1 → soldier (costs 0)"
    assert RULESET.describe_action(s, 0, Steps(2)) == "Move 2 → captain (costs 1)"
    s.step = {"card": "equipment"}
    s.board["ring"] = 4  # on cannon; next clockwise: sail
    assert RULESET.describe_action(s, 0, Steps(1)) == "Move 1 → sail (costs 0)"


# -- item 12: the final board names the winner ----------------------------------------
def test_the_final_board_names_the_winner() -> None:
    """Issue 24 item 12: "Every final board names the winner (Shipyard ... say only "Game
    over")"; rulebook "Winning": most points, ties to the most guilders."""
    from renderers.shipyard import header_status
    s = _state(2, 5)
    while RULESET.result(s) is None:
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    view = RULESET.view(s, None)
    names = ["Ann", "Bob"]
    winner = names[rules.winners(s)[0]]
    for locale in ("en", "ru", "cs"):
        assert winner in header_status(view, names, locale), locale


# -- item 13: Russian text is cut in the employee panel --------------------------------
def test_no_employee_name_is_cut_in_the_oval() -> None:
    """Issue 24 item 13: "Russian text is cut in ... Shipyard's employee panel". Every
    employee, with the widest tail ("×2 +2") in the 4-player oval's box, shows its whole
    name in en, ru and cs."""
    from games.shipyard.data import EMPLOYEES
    from renderers.shipyard import INNER, employee_lines
    w = int((INNER - 6 * 7) / 8 - 8)
    for locale in ("en", "ru", "cs"):
        for kind in EMPLOYEES:
            lines, _ = employee_lines(kind, "×2 +2", w, locale)
            assert not any("…" in line for line in lines), (locale, kind, lines)


# -- item 9: damaged states that load and then crash ----------------------------------
def _midgame(n: int = 3, seed: int = 2, moves: int = 160) -> ShipyardState:
    s = _state(n, seed)
    for _ in range(moves):
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    return s


#: (what is damaged, where in the dumped state, the damaged value): each of these
#: loaded, passed ``check_state`` and crashed later (a hand, the oval, a cruise, ...).
DAMAGE: list[tuple[str, tuple[object, ...], object]] = [
    ("a green contract out of range", ("players", 0, "green", 0), 999),
    ("a blue contract that is no number", ("players", 1, "blue", 0), "x"),
    ("an employee that does not exist", ("board", "employees", 2, 0, 0), -1),
    ("a canal for rent that is no card", ("board", "canal_display", 1), 2.5),
    ("a freight train out of range", ("board", "train_display", 2), 999),
    ("the oval marker as text", ("board", "oval"), "x"),
    ("a lead card off the track", ("board", "lead"), 10**6),
    ("the exchange marker as a list", ("board", "exchange"), []),
    ("the countdown as a mapping", ("countdown",), {}),
    ("the turn as text", ("turn",), "x"),
    ("ship points as a list", ("players", 0, "ship_points"), []),
    ("a launched ship's cards", ("players", 0, "fleet", 0, "cards", 0), None),
    ("a launched ship's crane count", ("players", 0, "fleet", 0, "items", "crane"), None),
    ("the ship figure off its canals", ("players", 0, "figure", 0), 50),
]


def _damaged(path: tuple[object, ...], value: object) -> dict[str, object]:
    s = _midgame()
    while not s.players[0].fleet or s.players[0].figure is None:
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    data = RULESET.dump(s)
    where: object = data
    for key in path[:-1]:
        where = where[key]  # type: ignore[index]
    where[path[-1]] = value  # type: ignore[index]
    return data


def test_damaged_states_are_refused_on_load() -> None:
    """Issue 24 item 9: "Some corrupted rows pass `check_state` and crash later
    (... Shipyard `data.py` and `__init__.py` ...). `check_state` must refuse them."
    Each row of DAMAGE is a real state with one part damaged."""
    import pytest

    from games.protocol import StateFormatError
    for what, path, value in DAMAGE:
        data = _damaged(path, value)
        with pytest.raises(StateFormatError):
            RULESET.check_state(RULESET.load(data), 3)
            raise AssertionError(what)


def test_a_damaged_state_that_passes_the_check_never_crashes_a_move() -> None:
    """Issue 24 item 9: whatever ``check_state`` lets through can be played: 400 random
    damages of real 2-, 3- and 4-player states (one value replaced by a number out of
    range, text, nothing, a list, ...); every state accepted answers every move, label,
    bot move, hand and view."""
    import copy
    import random

    from games.protocol import StateFormatError
    rng = random.Random(24)
    pool = []
    for n in (2, 3, 4):
        s = _state(n, n)
        for k in range(400):
            if RULESET.result(s) is not None:
                break
            seat = min(RULESET.actors(s))
            if k % 40 == 0:
                pool.append((n, RULESET.dump(s)))
            RULESET.apply(s, seat, RULESET.bot_action(s, seat))

    def leaves(obj: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        if isinstance(obj, dict):
            return [p for k, v in obj.items() for p in leaves(v, (*path, k))]
        if isinstance(obj, list) and obj:
            return [p for i, v in enumerate(obj) for p in leaves(v, (*path, i))]
        return [path]

    accepted = 0
    for _ in range(400):
        n, original = rng.choice(pool)
        data = copy.deepcopy(original)
        path = rng.choice(leaves(data))
        where: object = data
        for key in path[:-1]:
            where = where[key]  # type: ignore[index]
        where[path[-1]] = rng.choice([-1, 999, "x", None, [], {}, 2.5, True])  # type: ignore[index]
        try:
            state = RULESET.load(data)
            RULESET.check_state(state, n)
        except StateFormatError:
            continue
        accepted += 1
        for seat in RULESET.actors(state):
            for action in RULESET.legal_actions(state, seat):
                RULESET.describe_action(state, seat, action)
                RULESET.apply(RULESET.load(RULESET.dump(state)), seat, action)
            RULESET.bot_action(state, seat)
            RULESET.choices(state, seat)
            RULESET.forced_action(state, seat)
        for seat in range(n):
            RULESET.hand_text(state, seat)
            RULESET.view(state, seat)
        RULESET.view(state, None)
        RULESET.summary_view(state)
    assert accepted > 20  # damage that changes nothing that matters is still accepted


# -- item 8: decisions written down (they guard what RULES-NOTES says) -----------------
def test_rent_canal_with_nowhere_to_attach_cannot_be_chosen() -> None:
    """RULES-NOTES SY-D21 (issue 24 item 8): a face-up canal that fits nowhere is not
    offered, and with none that fits Rent Canal cannot be performed, so it is not
    offered ("You must be able to perform the chosen action")."""
    from games.shipyard import canals as cn
    from games.shipyard.actions import RentCanal
    s = _state()
    p = s.players[0]
    p.canals = [[0, 0, 1, 0]]
    p.figure, p.came_from = [0, 0, 2], [0, 0, 1]  # sailing east
    p.money = 20
    s.current, s.phase, s.step = 0, "act", {"card": "canal"}
    offered = [a.slot for a in RULESET.legal_actions(s, 0) if isinstance(a, RentCanal)]
    fits = [i for i, cid in enumerate(s.board["canal_display"]) if cid is not None
            and cn.placements(cn.grid(p.canals), cid, (0, 0, 2), (0, 0, 1))]
    assert offered == fits and fits
    # with a canal system that takes none of them, Rent Canal cannot be performed
    s.board["canal_display"] = [None] * 5
    assert not rules.can_perform(s, 0, "canal")


def test_contracts_use_the_speed_at_launch_and_blank_middles_count() -> None:
    """RULES-NOTES SY-D50 and SY-D51 (issue 24 item 8): green "speed ≥6" reads the speed
    the ship sailed at (an architect hired later changes nothing); a blank middle is a
    middle for blue "middle cards in the fleet" and a card for "length ≥5"."""
    from games.shipyard.data import BLANK, ITEMS
    p = _state().players[0]
    items = dict.fromkeys(ITEMS, 0)
    ship = {"cards": [BOW_CARD, BLANK[MIDDLE], BLANK[MIDDLE], MIDDLE_CARD, STERN_CARD],
            "items": items, "speed": 6, "points": 10}
    p.fleet = [ship]
    assert rules.green_points("speed6", ship) == 1
    p.employees = ["architect-steam"]
    assert rules.green_points("speed6", {**ship, "speed": 5}) == 0  # stays as launched
    assert rules.blue_value("middles", p) == 3
    assert rules.green_points("long5", ship) == 1


def test_canal_and_figure_choices_name_their_officials() -> None:
    """Issue 24 item 11 ("no blind ... choices"): renting a canal names its officials
    (spaces 1 to 3), and putting the figure on the first canal names the official of
    that space."""
    from games.shipyard.actions import FigureAt, RentCanal
    from games.shipyard.data import CANALS
    from i18n import t
    s = _state()
    s.current, s.phase, s.step = 0, "act", {"card": "canal"}
    cid = s.board["canal_display"][0]
    label = RULESET.describe_action(s, 0, RentCanal(0))
    names = [t(f"shipyard.official.{o or 'none'}", "en") for o in CANALS[cid].officials]
    assert ", ".join(names) in label
    s.players[0].canals = [[0, 0, cid, 0]]
    s.step = {"card": "canal", "sub": {"kind": "figure"}}
    assert RULESET.describe_action(s, 0, FigureAt(1)).endswith(f"({names[1]})")


def test_the_account_says_where_a_canal_and_the_figure_went() -> None:
    """Issue 24 items 10 and 11 (found playing in the console): attaching a canal and
    putting the ship figure down were silent in the account; now each says where."""
    from games.shipyard.actions import Attach, FigureAt
    s = _state()
    s.current, s.phase = 0, "act"
    cid = s.board["canal_display"][0]
    s.step = {"card": "canal", "sub": {"kind": "attach", "canal": cid}}
    names = ["Ann", "Bob", "Cid"]
    lines = [e.text(names) for e in RULESET.apply(s, 0, Attach(0, 0, 1))]
    assert any("0,0" in line for line in lines), lines
    lines = [e.text(names) for e in RULESET.apply(s, 0, FigureAt(2))]
    assert any("space 3" in line for line in lines), lines
