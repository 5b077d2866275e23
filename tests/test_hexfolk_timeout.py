"""What the turn clock plays for a late Hexfolk player (issue 4: "when it passes, the
game does what the rules need to go on (end the turn; for pending discards and robber
moves, a choice made for the player)"), case by case as RULES-NOTES.md "The turn clock"
lists them (issue 8 item 7), and what the table reads about it (item 12)."""

from __future__ import annotations

from games import get_ruleset
from games.hexfolk import rules
from games.hexfolk.actions import Accept, Discard, Offer, Road, RoadBuilding, Robber
from games.hexfolk.data import ROADS_CARD
from games.hexfolk.state import MAIN, ROADS, ROBBER, ROLL, SPECIAL, HexfolkState

R = get_ruleset("hexfolk")


def _to_first_roll(seed: int):  # type: ignore[no-untyped-def]
    state = R.setup(4, {}, seed)
    while True:
        seat = min(R.actors(state))
        if "roll" in {R.format_action(a) for a in R.legal_actions(state, seat)}:
            return state, seat
        R.apply(state, seat, R.bot_action(state, seat))


def test_a_late_player_rolls_then_ends_the_turn_without_building() -> None:
    state, seat = _to_first_roll(5)
    assert [R.format_action(a) for a in R.timeout_actions(state, seat)] == ["roll"]
    pieces = R.dump(state)["players"][seat]
    for _ in range(20):  # discards and the robber may come first after a seven
        actors = R.actors(state)
        if seat not in actors:
            break
        for late in sorted(actors):
            for action in R.timeout_actions(state, late):
                R.apply(state, late, action)
    assert seat not in R.actors(state) or R.result(state) is not None
    after = R.dump(state)["players"][seat]
    for key in ("roads", "settlements", "cities"):
        if key in pieces:
            assert after[key] == pieces[key], "nothing is built in a late player's name"


def test_pending_discards_are_chosen_for_the_player() -> None:
    state = R.setup(4, {}, 3)
    for _ in range(20_000):  # bots play until a seven makes somebody discard
        assert R.result(state) is None, "no discard happened in a whole game"
        owing = [s for s in sorted(R.actors(state)) if any(
            R.format_action(a).startswith("discard") for a in R.legal_actions(state, s))]
        if owing:
            action = R.timeout_actions(state, owing[0])[0]
            assert R.format_action(action).startswith("discard")
            R.apply(state, owing[0], action)  # a legal choice, made for the player
            return
        seat = min(R.actors(state))
        R.apply(state, seat, R.bot_action(state, seat))
    raise AssertionError("no discard within the action budget")


# -- every case of RULES-NOTES.md "The turn clock" ---------------------------------------------


def _main(players: int = 4) -> HexfolkState:
    """Seat 0 after its roll, with a settlement on corner 20 (founding skipped)."""
    state = R.setup(players, {}, 1)
    state.phase, state.current, state.first, state.turn, state.rolled = MAIN, 0, 0, 1, True
    state.corner_owner[20], state.corner_level[20] = 0, 1
    state.players[0].settlements = 1
    return state


def _give(state: HexfolkState, seat: int, cards: list[int]) -> None:
    for i, n in enumerate(cards):
        state.players[seat].hand[i] += n
        state.bank[i] -= n


def _time_out(state: HexfolkState, seat: int) -> list[str]:
    """What the clock plays for ``seat`` until its turn is over (as the service does)."""
    played: list[str] = []
    marker = R.turn_marker(state)
    for _ in range(10):
        if seat not in R.actors(state) or R.turn_marker(state) != marker:
            break
        for action in R.timeout_actions(state, seat):
            played.append(R.format_action(action))
            R.apply(state, seat, action)
    return played


def test_road_building_half_played_loses_the_second_road() -> None:
    """RULES-NOTES "The turn clock": nothing is built in a late player's name, so the
    clock ends the turn and the Road building card's road not yet placed is lost."""
    state = _main()
    state.players[0].devs = [ROADS_CARD]
    R.apply(state, 0, RoadBuilding())
    R.apply(state, 0, next(a for a in R.legal_actions(state, 0) if isinstance(a, Road)))
    assert state.phase == ROADS and state.free_roads == 1
    assert _time_out(state, 0) == ["end"]
    assert state.players[0].roads == 1 and state.current == 1 and state.free_roads == 0


def test_an_accepted_offer_is_not_confirmed_for_a_late_offerer() -> None:
    """RULES-NOTES "The turn clock": nothing is traded in a late player's name — an offer
    accepted but not confirmed closes without a trade, and the turn ends."""
    state = _main()
    _give(state, 0, [0, 0, 0, 0, 1])
    _give(state, 1, [0, 0, 1, 0, 0])
    R.apply(state, 0, Offer((0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    R.apply(state, 1, Accept())
    hands = [list(p.hand) for p in state.players]
    assert _time_out(state, 0) == ["end"]
    assert [p.hand for p in state.players] == hands and state.current == 1


def test_a_late_responder_declines() -> None:
    """RULES-NOTES "The turn clock": a late answer to an offer is "no"."""
    state = _main()
    _give(state, 0, [0, 0, 0, 0, 1])
    _give(state, 2, [0, 0, 1, 0, 0])
    R.apply(state, 0, Offer((0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    assert _time_out(state, 2) == ["decline"]
    assert state.offer is not None and state.offer.responses[2] == "decline"


def test_a_late_special_builder_passes() -> None:
    """RULES-NOTES "The turn clock": in the special building phase the clock passes for
    the player, building nothing, even with the cards for a settlement in hand — late at
    its sign-up (issue 26 item 2) or late once signed up."""
    for signed_up in (False, True):
        state = _main(5)
        state.corner_owner[30], state.corner_level[30] = 2, 1
        state.players[2].settlements = 1
        _give(state, 2, [3, 3, 3, 3, 3])
        R.apply(state, 0, R.parse_action("end"))
        assert state.phase == SPECIAL and state.special == -1 and 2 in R.actors(state)
        for seat in sorted(R.actors(state) - {2}):
            R.apply(state, seat, R.parse_action("end"))
        if signed_up:
            R.apply(state, 2, R.parse_action("build"))
            assert state.phase == SPECIAL and state.special == 2
        assert _time_out(state, 2) == ["end"]
        assert state.players[2].hand == [3, 3, 3, 3, 3] and state.players[2].roads == 0
        assert state.phase == ROLL and state.current == 1


def test_a_late_roller_moves_the_robber_as_the_rules_require() -> None:
    """RULES-NOTES "The turn clock": the robber must move after a seven, so the bot picks
    the hex (and victim) for the late player; no building follows."""
    state = _main()
    state.phase = ROBBER
    (action,) = R.timeout_actions(state, 0)
    assert isinstance(action, Robber)
    assert _time_out(state, 0)[0].startswith("robber") and state.players[0].roads == 0


def test_the_public_timeout_text_of_a_discard_does_not_show_the_hand() -> None:
    """Issue 8 item 12: the clock's message says no more than the move's own account
    ("discards 4 cards"): two different hidden hands of the same size read the same."""
    texts = []
    for hand in ([4, 4, 0, 0, 0], [0, 0, 2, 2, 4]):
        state = _main()
        _give(state, 1, hand)
        state.phase, state.discards = rules.DISCARD, [0, 4, 0, 0]
        (action,) = R.timeout_actions(state, 1)
        assert isinstance(action, Discard) and sum(action.cards) == 4
        account = [e.text(["A", "B", "C", "D"]) for e in R.apply(
            R.load(R.dump(state)), 1, action)]
        texts.append((R.describe_public(state, 1, action, ["A", "B", "C", "D"]), account))
        assert R.describe_action(state, 1, action) != texts[-1][0]  # the private label names them
    assert texts[0] == texts[1]
    assert "4" in texts[0][0]
