"""The ``trades=off`` house option: no offers between players, bank trades as usual.

RULES-NOTES.md, Trading: "offers between players are neither listed nor accepted; the
bank and harbours trade as usual."
"""

from __future__ import annotations

import json
import random

import pytest

from games.hexfolk import RULESET
from games.hexfolk.actions import BankTrade, Offer
from games.protocol import IllegalAction


def _main_phase_with_cards(trades: bool):  # type: ignore[no-untyped-def]
    """A seeded game played by bots until the current player may trade with the bank."""
    state = RULESET.setup(4, {"trades": trades}, 3)
    rng = random.Random(3)
    for _ in range(5000):
        seat = min(RULESET.actors(state))
        legal = RULESET.legal_actions(state, seat)
        if any(isinstance(a, BankTrade) for a in legal):
            return state, seat, legal
        RULESET.apply(state, seat, rng.choice(legal))
    raise AssertionError("no bank trade came up")


def test_no_offers_listed_or_accepted_but_bank_trades_remain() -> None:
    state, seat, legal = _main_phase_with_cards(trades=False)
    assert not any(isinstance(a, Offer) for a in legal)
    assert any(isinstance(a, BankTrade) for a in legal)
    hand = state.players[seat].hand
    give = next(r for r in range(5) if hand[r])
    offer = Offer(tuple(int(r == give) for r in range(5)),
                  tuple(int(r == (give + 1) % 5) for r in range(5)))
    before = json.dumps(RULESET.dump(state), sort_keys=True)
    with pytest.raises(IllegalAction) as refusal:
        RULESET.apply(state, seat, offer)
    assert refusal.value.key == "hexfolk.illegal.no_player_trades"
    assert json.dumps(RULESET.dump(state), sort_keys=True) == before


def test_offers_are_listed_by_default_and_the_option_survives_json() -> None:
    _, _, legal = _main_phase_with_cards(trades=True)
    assert any(isinstance(a, Offer) for a in legal)
    off = RULESET.setup(3, {"trades": False}, 1)
    data = RULESET.dump(off)
    assert RULESET.load(data).player_trades is False
    del data["player_trades"]  # a game stored before the option existed: trades on
    assert RULESET.load(data).player_trades is True
