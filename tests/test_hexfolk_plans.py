"""Hexfolk's plans (issue 26 item 3): *roll at the start of my turn* (unless I hold a
knight), *answer offers by a rule*, *pass the special building phase* unless the hand
pays for something named, *discard on a seven by my order* (RULES-NOTES HX-D80 to
HX-D83). Positions come from seeded bot games, stopped at the phase each plan acts in."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.hexfolk import RULESET
from games.hexfolk.actions import Accept, Decline, Discard, End, Roll
from games.hexfolk.data import KNIGHT
from games.hexfolk.plans import (
    ANSWER_OFFERS,
    DISCARD_ORDER,
    PASS_SPECIAL,
    PLANS,
    ROLL_FIRST,
    discard_by,
)
from games.hexfolk.state import DISCARD, ROLL, SPECIAL, TRADE, HexfolkState
from games.hexfolk.state import Offer as OpenOffer
from games.plans import Decision, NotNow, Plan, Play, Stop, checked, plans_of
from games.protocol import IllegalAction


def decide(state: HexfolkState, seat: int, plan: Plan) -> Decision:
    return checked(RULESET, state, seat, PLANS.decide(state, seat, plan))


def reach(players: int, until: Callable[[HexfolkState], bool], seed: int = 3,
          steps: int = 4000) -> HexfolkState:
    """A seeded all-bot game played until ``until(state)``."""
    state = RULESET.setup(players, {}, seed)
    for _ in range(steps):
        if until(state):
            return state
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    raise AssertionError("the position was never reached")


def test_the_ruleset_offers_its_plans() -> None:
    """games/plans.py: a game offers plans through its ``plans`` attribute; each Hexfolk
    plan stands in its own slot (HX-D80), so a player may hold all four."""
    assert plans_of(RULESET) is PLANS
    kinds = PLANS.kinds()
    assert [k.name for k in kinds] == [ROLL_FIRST, ANSWER_OFFERS, PASS_SPECIAL, DISCARD_ORDER]
    assert len({k.slot_name for k in kinds}) == 4


def test_roll_plan_rolls_at_the_start_of_my_turn_and_stands() -> None:
    """Issue 26 item 3 "roll at the start of my turn"; HX-D80."""
    state = reach(4, lambda s: s.phase == ROLL and s.turn > 2)
    seat = state.current
    plan = PLANS.read(state, seat, ROLL_FIRST, {"knight": "always"})
    assert decide(state, seat, plan) == Play(Roll())
    assert isinstance(decide(state, (seat + 1) % 4, plan), NotNow), "not my turn: nothing"


def test_roll_plan_leaves_the_turn_to_a_player_holding_a_knight() -> None:
    """Issue 26 item 3 "(unless I hold a knight, if I say so)"; HX-D80."""
    state = reach(4, lambda s: s.phase == ROLL and s.turn > 2)
    seat = state.current
    state.players[seat].devs = [KNIGHT]
    state.players[seat].bought = []
    state.dev_played = False
    careful = PLANS.read(state, seat, ROLL_FIRST, {"knight": "unless_knight"})
    assert isinstance(decide(state, seat, careful), NotNow)
    assert decide(state, seat, PLANS.read(state, seat, ROLL_FIRST, {})) == Play(Roll())
    state.players[seat].bought = [KNIGHT]  # bought this turn: it cannot be played now
    assert decide(state, seat, careful) == Play(Roll())


def _offer(state: HexfolkState, give: list[int], get: list[int]) -> int:
    """Put an offer from the seat to move on the table; the first responder's seat."""
    state.phase = TRADE
    state.rolled = True
    state.offer = OpenOffer(give, get, [None] * len(state.players))
    return (state.current + 1) % len(state.players)


def test_offer_rule_declines_what_does_not_give_the_resource() -> None:
    """Issue 26 item 3 "decline unless it gives me ore"; HX-D81: an offer that does give
    it is asked as usual."""
    state = reach(4, lambda s: s.phase == ROLL and s.turn > 2)
    seat = _offer(state, [1, 0, 0, 0, 0], [0, 0, 0, 1, 0])  # wood for grain
    plan = PLANS.read(state, seat, ANSWER_OFFERS, {"want": "ore"})
    assert decide(state, seat, plan) == Play(Decline())
    state.offer = OpenOffer([0, 0, 0, 0, 1], [0, 0, 0, 1, 0], [None] * 4)  # ore for grain
    assert isinstance(decide(state, seat, plan), NotNow)
    assert isinstance(decide(state, state.current, plan), NotNow), "own offer: no answer"


def test_offer_rule_never_accepts_what_the_hand_cannot_pay() -> None:
    """HX-D81: ``answer=accept`` accepts an offer giving the resource only when the hand
    pays what it asks and it asks no more cards than it gives; otherwise the player is
    asked."""
    state = reach(4, lambda s: s.phase == ROLL and s.turn > 2)
    seat = _offer(state, [0, 0, 0, 0, 1], [0, 0, 0, 1, 0])  # 1 ore for 1 grain
    plan = PLANS.read(state, seat, ANSWER_OFFERS, {"want": "ore", "answer": "accept"})
    state.players[seat].hand = [0, 0, 0, 1, 0]
    assert decide(state, seat, plan) == Play(Accept())
    state.players[seat].hand = [3, 0, 0, 0, 0]  # no grain to pay with
    assert isinstance(decide(state, seat, plan), NotNow)
    state.players[seat].hand = [0, 0, 0, 3, 0]
    state.offer = OpenOffer([0, 0, 0, 0, 1], [0, 0, 0, 2, 0], [None] * 4)  # asks more
    assert isinstance(decide(state, seat, plan), NotNow)


def _sign_up(state: HexfolkState) -> bool:
    return state.phase == SPECIAL and state.special < 0 and bool(state.special_asked)


def test_pass_special_passes_the_sign_up_unless_the_hand_pays() -> None:
    """Issue 26 item 3 "pass the special building phase when I can afford nothing"
    (HX-D78's sign-up); HX-D82: ``unless`` names what keeps the player asked."""
    state = reach(6, _sign_up)
    seat = state.special_asked[0]
    plan = PLANS.read(state, seat, PASS_SPECIAL, {"unless": "city"})
    state.players[seat].hand = [1, 1, 1, 1, 0]  # a settlement, no city
    assert decide(state, seat, plan) == Play(End())
    state.players[seat].hand = [0, 0, 0, 2, 3]
    assert isinstance(decide(state, seat, plan), NotNow)
    anything = PLANS.read(state, seat, PASS_SPECIAL, {})
    state.players[seat].hand = [0, 0, 1, 0, 1]  # pays for nothing
    assert decide(state, seat, anything) == Play(End())
    assert isinstance(decide(state, state.current, anything), NotNow), "not asked"


def test_pass_special_is_refused_without_the_phase() -> None:
    """HX-D82: with fewer than five players there is no special building phase."""
    state = reach(4, lambda s: s.phase == ROLL)
    with pytest.raises(IllegalAction) as refused:
        PLANS.read(state, 0, PASS_SPECIAL, {"unless": "anything"})
    assert refused.value.key == "hexfolk-plans.refuse.no_special"


def test_discard_order_discards_the_exact_count_by_preference() -> None:
    """Issue 26 item 3 "discard on a seven by my order of preference"; HX-D83."""
    assert discard_by([2, 1, 3, 0, 4], 5, [2, 4, 0, 1, 3]) == (0, 0, 3, 0, 2)
    state = reach(4, lambda s: s.phase == DISCARD)
    seat = next(i for i, owed in enumerate(state.discards) if owed)
    plan = PLANS.read(state, seat, DISCARD_ORDER, {"order": "ore, wool"})
    decision = decide(state, seat, plan)
    assert isinstance(decision, Play) and isinstance(decision.action, Discard)
    hand, owed = state.players[seat].hand, state.discards[seat]
    assert sum(decision.action.cards) == owed
    expected = discard_by(hand, owed, [4, 2, 0, 1, 3])
    assert decision.action.cards == expected
    assert not decision.final, "the order stands for the next seven"


@pytest.mark.parametrize(("kind", "params", "key"), [
    (DISCARD_ORDER, {"order": "ore gold"}, "bad_resource"),
    (DISCARD_ORDER, {"order": "ore ore"}, "repeated"),
    (DISCARD_ORDER, {"order": ""}, "no_order"),
    (ANSWER_OFFERS, {"want": "gold"}, "bad_resource"),
    (ANSWER_OFFERS, {"want": "ore", "answer": "maybe"}, "bad_value"),
    (ROLL_FIRST, {"knight": "never"}, "bad_value"),
])
def test_bad_plans_are_refused_politely(kind: str, params: dict[str, str], key: str) -> None:
    """games/plans.py point 3: a plan that does not fit is refused with a key."""
    state = reach(4, lambda s: s.phase == ROLL)
    with pytest.raises(IllegalAction) as refused:
        PLANS.read(state, 0, kind, params)
    assert refused.value.key == "hexfolk-plans.refuse." + key


def test_every_plan_is_described_in_every_locale() -> None:
    """i18n: every plan text exists in en, ru and cs."""
    state = reach(6, lambda s: s.phase == ROLL)
    plans = PLANS.examples(state, 0)
    assert {p.kind for p in plans} == {ROLL_FIRST, ANSWER_OFFERS, PASS_SPECIAL, DISCARD_ORDER}
    for locale in ("en", "ru", "cs"):
        for plan in plans:
            text = PLANS.describe(state, 0, plan, locale)
            assert "hexfolk-plans." not in text, (locale, text)


def test_a_finished_game_stops_the_plans() -> None:
    state = reach(4, lambda s: s.phase == ROLL)
    plan = PLANS.read(state, 0, ROLL_FIRST, {})
    state.phase = "over"
    assert isinstance(PLANS.decide(state, 0, plan), Stop)
