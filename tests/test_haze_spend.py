"""Haze Islands Spend rules in isolation."""

from __future__ import annotations

from games.haze_islands.data import ANY_SPELL
from games.haze_islands.spend import covers


def test_any_spell_is_paid_by_any_one_spell() -> None:
    """Attack: "One icon type on the cards represents any of the three spell icons"; data
    file: "Any-spell ... any one spell icon pays it"."""
    for spell in ("hurricane", "fireballs", "whirlpool"):
        assert covers(["map", spell], ("map", ANY_SPELL))
        assert covers([spell, "map"], ("map", ANY_SPELL))
    assert not covers(["map", "gold"], ("map", ANY_SPELL))


def test_one_payment_per_required_icon() -> None:
    """Spend: "You may only discard 1 card (that matches the icons you require) per icon
    you require."""
    assert covers(["cutlass", "cutlass"], ("cutlass", "cutlass"))
    assert not covers(["cutlass"], ("cutlass", "cutlass"))
    assert not covers(["cutlass", "cutlass", "gold"], ("cutlass", "cutlass"))


def test_can_pay_answers_as_the_list_of_every_payment() -> None:
    """Spend: whether an attack, a completion or a hijack "can be paid" (checked before it
    is stated, RULES-NOTES) is ``can_pay``, which tries each set of icons once; it must
    answer exactly as the full list of ways (cards in each order, pirates by square)
    does, at seeded positions of all-bot games, for every seat and every cost the rules
    name (the attack, the hijack, each adventure and Doom card), and as if each seat held
    a boost ("1 of your Hurricane icons count as 2")."""
    from game_positions import positions

    from games import get_ruleset
    from games.haze_islands.data import ADVENTURE_CARDS, DOOM_CARDS, FIREBALLS, HURRICANE
    from games.haze_islands.rules import ATTACK_COSTS, HIJACK_COSTS
    from games.haze_islands.spend import can_pay, payments

    costs = {*ATTACK_COSTS, *HIJACK_COSTS}
    for card in ADVENTURE_CARDS:
        costs.add((card.single,))
        costs.add(tuple(card.double))
    for doom in DOOM_CARDS:
        costs.update(doom.faces)
    ruleset = get_ruleset("haze-islands")
    asked = {True: 0, False: 0}
    boosts = 0  # costs only a boost makes payable
    for position in positions(ruleset, 60, max_depth=300):
        state = position.state
        boosted = ruleset.copy(state)
        for player in boosted.players:
            player.boost = [HURRICANE, FIREBALLS]
        for looked in (state, boosted):
            for seat in range(position.players):
                for need in costs:
                    answer = can_pay(looked, seat, need)
                    assert answer == bool(payments(looked, seat, need)), (position, need)
                    asked[answer] += 1
                    boosts += looked is boosted and answer and not payments(state, seat, need)
    assert asked[True] > 100 and asked[False] > 100  # both answers were put to the test
    assert boosts > 10  # and the boost's one source fewer
