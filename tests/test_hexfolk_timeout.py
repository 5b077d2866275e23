"""What the turn clock plays for a late Hexfolk player (issue 4: "when it passes, the
game does what the rules need to go on (end the turn; for pending discards and robber
moves, a choice made for the player)")."""

from __future__ import annotations

from games import get_ruleset

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
