"""Haze Islands, issue 24 ("Careful play, round 2"): each test cites the item it checks
and the rulebook line (/work/shared/rules/haze-islands.md) behind it."""

from __future__ import annotations

import pytest

from games.haze_islands import RULESET, rules
from games.haze_islands.actions import AttackDoom, Complete, Fate, Pay
from games.haze_islands.phrases import card_name
from games.options import InvalidOption
from games.protocol import Event
from tests.test_haze_rules import complete_state

NAMES = ("Ann", "Bo", "Cy")


def _post(events: list[Event], locale: str = "en") -> str:
    return "\n".join(e.text(NAMES, locale) for e in events)


def test_pay_post_names_the_spent_cards_as_the_log_does() -> None:
    """Issue 24 item 2: Spend, "Always reveal the cards you spend." The move's own post
    names the cards a Complete spends, in the same words as /game log and the clock's
    line (``describe_public``), in every locale."""
    state = complete_state(0, ["cutlass", "gold", "rum"])  # #1: Cutlass + Gold
    cutlass, gold, _rum = state.players[0].hand
    rules.apply(state, 0, Complete())
    rules.apply(state, 0, Fate(0))
    pay = Pay((gold, cutlass))
    for locale in ("en", "ru", "cs"):
        public = RULESET.describe_public(state, 0, pay, NAMES, locale)
        spent = f"{card_name(gold, locale)}, {card_name(cutlass, locale)}"
        assert spent in public, public
    label_en = RULESET.describe_public(state, 0, pay, NAMES, "en")
    post = _post(rules.apply(state, 0, pay))
    assert f"Ann spends {card_name(gold, 'en')}, {card_name(cutlass, 'en')}." in post
    assert label_en == f"Pay with {card_name(gold, 'en')}, {card_name(cutlass, 'en')}"


def test_attack_payment_post_names_the_spent_cards() -> None:
    """Issue 24 item 2: an Attack on The Doom spends first ("Spend the icons on the top
    Doom card. Then Reveal Your Fate"); the payment's post told nothing before."""
    state = complete_state(0, ["hurricane", "fireballs", "whirlpool"])
    state.doom_cards = [[0, 0], [1, 0], [2, 1]]  # Doom I face A: the three spells
    hand = tuple(state.players[0].hand)
    rules.apply(state, 0, AttackDoom())
    label = RULESET.describe_public(state, 0, Pay(hand), NAMES, "ru")
    post = _post(rules.apply(state, 0, Pay(hand)), "ru")
    spent = ", ".join(card_name(c, "ru") for c in hand)
    assert spent in post and spent in label, (post, label)


def test_one_player_competitive_is_refused_not_made_solo() -> None:
    """Issue 24 item 14: a 1-player game with ``mode=competitive`` silently became solo.
    Game Modes: "Solo: Defeat The Doom and score a minimum of 15 icons" is the one-player
    game; a mode typed in the lobby that does not fit the seats is refused with a clear
    error before the game starts. The default (``auto``) still plays solo alone."""
    for locale in ("en", "ru", "cs"):
        with pytest.raises(InvalidOption) as caught:
            RULESET.check_seats(1, {"mode": "competitive"})
        assert caught.value.key == "haze-islands.setup.mode_players"
        assert "1" in caught.value.message(locale)
    with pytest.raises(InvalidOption):
        RULESET.setup(1, {"mode": "competitive"}, 7)
    with pytest.raises(InvalidOption):
        RULESET.check_join(2, {"mode": "solo"})
    assert RULESET.setup(1, {}, 7).mode == "solo"
    assert RULESET.setup(1, {"mode": "auto"}, 7).mode == "solo"
    assert RULESET.setup(3, {"mode": "auto"}, 7).mode == "competitive"
    assert RULESET.setup(3, {"mode": "coop"}, 7).mode == "coop"
