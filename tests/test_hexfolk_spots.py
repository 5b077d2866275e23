"""Numbered spots: while a player must choose a place (founding settlement or road, the
robber, the Road building card's roads, building in a normal turn), the public view lists
the legal places numbered 1..N, the image marks them and the move labels start with the
same numbers."""

from __future__ import annotations

import dataclasses
import os
import re

from games.hexfolk import RULESET
from games.hexfolk.actions import Road, Robber, Settle
from games.hexfolk.board import get_board
from games.hexfolk.labels import MAX_LABEL, numbered
from games.hexfolk.rules import legal_actions, robber_hexes
from games.hexfolk.state import FOUND_ROAD, MAIN, ROBBER, SETTLE
from games.hexfolk.view import HexfolkView
from renderers.hexfolk import render_board

NAMES = ("Alice", "Bob", "Cy", "Dee")
LABEL = re.compile(r"^(\d+) — \S")


def _play(state, actions: int):
    for _ in range(actions):
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return state


def founding(actions: int = 2):
    """A founding position: settlement phase with ``actions`` bot moves already made."""
    state = _play(RULESET.setup(4, {}, 7), actions)
    assert state.phase == SETTLE
    return state


def robber_state():
    for seed in range(40):
        state = RULESET.setup(3, {}, seed)
        for _ in range(400):
            if state.phase == ROBBER or RULESET.result(state) is not None:
                break
            _play(state, 1)
        if state.phase == ROBBER:
            return state
    raise AssertionError("no robber phase reached")


def view_of(state, seat=None) -> HexfolkView:
    view = RULESET.view(state, seat)
    assert isinstance(view, HexfolkView)
    return view


def test_founding_spots_are_the_legal_corners_numbered_in_order() -> None:
    state = founding()
    view = view_of(state)
    legal = sorted(a.corner for a in legal_actions(state, state.current)
                   if isinstance(a, Settle))
    assert [i for _, _, i in view.spots] == legal
    assert [n for n, _, _ in view.spots] == list(range(1, len(legal) + 1))
    assert {k for _, k, _ in view.spots} == {"corner"}
    # Taken corners and their neighbours are not offered.
    assert len(legal) < get_board(state.board).corners


def test_spots_are_public_and_the_same_for_every_viewer() -> None:
    state = founding()
    assert view_of(state).spots == view_of(state, 0).spots == view_of(state, 3).spots


def test_founding_labels_start_with_the_spot_number() -> None:
    state = founding()
    view = view_of(state)
    number = {i: n for n, _, i in view.spots}
    choices = RULESET.choices(state, state.current, NAMES)
    assert len(choices) == len(view.spots)
    for choice in choices:
        action = RULESET.read_action(state, state.current, choice.notation)
        assert isinstance(action, Settle)
        m = LABEL.match(choice.label)
        assert m, choice.label
        assert int(m.group(1)) == number[action.corner]
        assert len(choice.label) <= MAX_LABEL
    assert choices[0].label.startswith("1 — Settle ")
    # The plain label (narration of a timed-out turn, …) carries no number.
    first = RULESET.read_action(state, state.current, choices[0].notation)
    plain = RULESET.describe_action(state, state.current, first, NAMES)
    assert plain.startswith("Settle ") and choices[0].label == "1 — " + plain


def test_founding_road_spots_are_the_edges_by_the_new_settlement() -> None:
    state = _play(RULESET.setup(4, {}, 7), 1)
    seat = state.current
    assert state.phase == FOUND_ROAD
    view = view_of(state)
    legal = sorted(a.edge for a in legal_actions(state, seat) if isinstance(a, Road))
    assert view.spots == tuple((n, "edge", e) for n, e in enumerate(legal, 1))
    for choice in RULESET.choices(state, seat, NAMES):
        assert LABEL.match(choice.label), choice.label


def test_long_labels_keep_the_number_and_fit() -> None:
    state = founding()
    for c in RULESET.choices(state, state.current, NAMES, "en"):
        assert len(c.label) <= MAX_LABEL and LABEL.match(c.label)
    n, _, corner = view_of(state).spots[-1]
    long = numbered(state, Settle(corner), "Settle " + "x" * 200)
    assert len(long) == MAX_LABEL and long.startswith(f"{n} — Settle x")
    assert long.endswith("…")
    assert numbered(state, Road(0), "Road somewhere") == "Road somewhere"


def test_robber_spots_are_the_legal_hexes() -> None:
    state = robber_state()
    view = view_of(state)
    hexes = sorted(robber_hexes(state, state.current))
    assert view.spots == tuple((n, "hex", h) for n, h in enumerate(hexes, 1))
    assert state.robber not in [h for _, _, h in view.spots]
    number = {h: n for n, _, h in view.spots}
    for choice in RULESET.choices(state, state.current, NAMES):
        action = RULESET.read_action(state, state.current, choice.notation)
        assert isinstance(action, Robber)
        assert choice.label.startswith(f"{number[action.hex]} — ")


def test_normal_turn_marks_building_places_by_the_board_alone() -> None:
    """Issue 4: "while a player must choose a spot (settlement, road, city, robber), the
    image marks only the legal spots with short numbers". In a normal turn the marks are
    every place the player could build on, whatever their hand — the public image must
    not tell which cards they hold — and every affordable build move carries its number."""
    state = RULESET.setup(4, {}, 7)
    while state.phase != MAIN:
        _play(state, 1)
    seat = state.current
    marked = view_of(state).spots
    assert marked and [n for n, _, _ in marked] == list(range(1, len(marked) + 1))
    places = {(kind, i) for _, kind, i in marked}
    hand = list(state.players[seat].hand)
    state.players[seat].hand = [0, 0, 0, 0, 0]
    assert view_of(state).spots == marked, "the marks do not depend on the hand"
    state.players[seat].hand = [9, 9, 9, 9, 9]
    assert view_of(state).spots == marked
    for choice in RULESET.choices(state, seat, NAMES):
        action = RULESET.read_action(state, state.current, choice.notation)
        if isinstance(action, (Settle, Road)):
            place = ("corner", action.corner) if isinstance(action, Settle) else (
                "edge", action.edge)
            assert place in places and LABEL.match(choice.label), choice.label
    state.players[seat].hand = hand


def test_a_number_alone_is_the_move_onto_the_place_the_board_numbers() -> None:
    """Issue 9, item 1: "A number typed while the board shows numbers means the board's
    number ... Never apply a move the player cannot have meant." A number alone names
    the move onto the place drawn with it: the numbered menu move where there is one;
    otherwise (a place drawn whatever the hand, that the hand cannot pay for) the build
    there, which the rules then refuse with their reason, and nothing changes."""
    from games.hexfolk.actions import City
    from games.protocol import IllegalAction

    state = RULESET.setup(4, {}, 7)
    while state.phase != MAIN:
        _play(state, 1)
    seat = state.current
    state.players[seat].hand = [0, 0, 0, 0, 0]  # nothing affordable: every spot refused
    marked = view_of(state).spots
    own = {c for c in range(len(state.corner_owner))
           if state.corner_owner[c] == seat and state.corner_level[c] == 1}
    assert own and any(i in own for _, kind, i in marked if kind == "corner")
    for number, kind, place in marked:
        action = RULESET.read_action(state, seat, f" {number} ", NAMES)
        expected = (Road(place) if kind == "edge" else City(place) if place in own
                    else Settle(place))
        assert action == expected
        before = RULESET.dump(state)
        try:
            RULESET.apply(state, seat, action)
        except IllegalAction as refused:
            assert "afford" in refused.message()
        else:
            raise AssertionError(f"{action} was played with an empty hand")
        assert RULESET.dump(state) == before
    with_cards = RULESET.setup(4, {}, 7)
    while with_cards.phase != MAIN:
        _play(with_cards, 1)
    with_cards.players[seat].hand = [9, 9, 9, 9, 9]
    for choice in RULESET.choices(with_cards, seat, NAMES):
        if choice.number is not None:
            assert RULESET.read_action(with_cards, seat, str(choice.number),
                                       NAMES) == RULESET.read_action(
                with_cards, seat, choice.notation, NAMES)
    highest = max(n for n, _, _ in marked)
    try:
        RULESET.read_action(state, seat, str(highest + 1), NAMES)
    except IllegalAction:
        pass
    else:
        raise AssertionError("a number the board does not draw was read")


def test_robber_number_alone_is_that_hex() -> None:
    """The robber's hex number alone moves it there (robbing the one player there), as
    the menu's line with that number does."""
    from games.protocol import IllegalAction

    state = robber_state()
    choices = RULESET.choices(state, state.current, NAMES)
    numbers = [c.number for c in choices if c.number is not None]
    for choice in choices:
        if choice.number is None:
            continue
        alone = RULESET.read_action(state, state.current, str(choice.number), NAMES)
        if numbers.count(choice.number) == 1:
            assert alone == RULESET.read_action(state, state.current, choice.notation, NAMES)
        else:  # two players to rob there: the rules ask whom, nothing is played
            assert isinstance(alone, Robber) and alone.victim is None
            try:
                RULESET.apply(RULESET.load(RULESET.dump(state)), state.current, alone)
            except IllegalAction:
                pass
            else:
                raise AssertionError("robbed a player nobody chose")


def test_the_image_marks_the_spots() -> None:
    view = view_of(founding())
    assert view.spots
    with_spots = render_board(view, NAMES, "")
    without = render_board(dataclasses.replace(view, spots=()), NAMES, "")
    assert with_spots != without
    robber = view_of(robber_state())
    assert render_board(robber, NAMES, "") != render_board(
        dataclasses.replace(robber, spots=()), NAMES, "")
    out = os.environ.get("HEXFOLK_SPOTS_PNG", "/tmp/render-hexfolk/spots.png")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as f:
        f.write(with_spots)
    with open(os.path.join(os.path.dirname(out), "spots-robber.png"), "wb") as f:
        f.write(render_board(robber, NAMES, ""))


def test_city_places_are_numbered_whatever_the_hand_and_the_hand_image_says_what_it_pays_for(
        monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 24 item 13 ("Hexfolk numbers city places the player cannot afford"), decided in
    HX-D57: the public board numbers the city places whatever the hand (numbering by the
    hand would show the table the cards), the menu lists only what the hand pays for, and
    the player's own hand image now says what their cards pay for."""
    import renderers
    import renderers.hexfolk as rh
    from i18n import t

    state = _play(RULESET.setup(3, {}, 7), 60)
    while not (state.phase == MAIN and 1 in state.corner_level
               and state.corner_owner[state.corner_level.index(1)] == state.current):
        _play(state, 1)
    seat = state.current
    state.players[seat].hand = [1, 1, 0, 2, 3]  # a road and a city
    rich = RULESET.view(state, None).spots
    state.players[seat].hand = [0, 0, 1, 0, 0]  # nothing
    poor = RULESET.view(state, None).spots
    assert rich == poor and any(kind == "corner" for _, kind, _ in poor)
    assert not any(c.notation.startswith("city") for c in RULESET.choices(state, seat))
    assert rh.pays_for([1, 1, 0, 2, 3]) == ["road", "city"]
    assert rh.pays_for([1, 1, 1, 1, 0]) == ["road", "settlement"]
    assert rh.pays_for([0, 0, 1, 1, 1]) == ["dev"] and rh.pays_for([0, 0, 1, 0, 0]) == []
    drawn: list[str] = []
    fitted = rh.draw_fitted

    def record(draw, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(text)
        return fitted(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(rh, "draw_fitted", record)
    for locale in ("en", "ru", "cs"):
        state.players[seat].hand = [1, 1, 0, 2, 3]
        renderers.render_private("hexfolk", RULESET.view(state, seat), NAMES[:3], locale)
        builds = " · ".join(t(f"render_hexfolk.hexfolk.hand.build.{b}", locale)
                            for b in ("road", "city"))
        assert t("render_hexfolk.hexfolk.hand.pays_for", locale, builds=builds) in drawn
        state.players[seat].hand = [0, 0, 1, 0, 0]
        renderers.render_private("hexfolk", RULESET.view(state, seat), NAMES[:3], locale)
        assert t("render_hexfolk.hexfolk.hand.pays_for_none", locale) in drawn
