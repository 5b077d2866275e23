"""The Hexfolk bot proposes fair player trades before trading with the bank."""

from __future__ import annotations

from games.hexfolk import RULESET, bot, rules
from games.hexfolk.actions import Accept, BankTrade, Decline, End, Offer, Trade
from games.hexfolk.data import SETTLEMENT_COST
from games.hexfolk.state import MAIN, TRADE, HexfolkState
from tests.hexfolk_positions import road_to_a_free_site


def _position() -> HexfolkState:
    """Seat 0 right after its roll: a settlement, a road of two towards a free spot, and a
    hand one wool short of a settlement with four surplus ore; seat 2 holds wool."""
    s, b = road_to_a_free_site(turn=1)
    for seat, cards in ((0, [1, 1, 0, 1, 4]), (2, [0, 0, 2, 0, 0]), (3, [0, 0, 1, 0, 0])):
        for i, n in enumerate(cards):
            s.players[seat].hand[i] += n
            s.bank[i] -= n
    assert rules.settle_ok(s, 0, b)
    assert bot._target_cost(s, 0) == SETTLEMENT_COST
    return s


WANT_WOOL = Offer((0, 0, 0, 0, 2), (0, 0, 1, 0, 0))


def test_bot_offers_for_the_missing_card() -> None:
    s = _position()
    assert bot.choose(s, 0) == WANT_WOOL
    assert bot.choose(s, 0) == WANT_WOOL  # a pure function of the state


def test_bot_closes_with_the_accepting_player_with_fewest_points() -> None:
    s = _position()
    RULESET.apply(s, 0, bot.choose(s, 0))
    assert s.phase == TRADE
    RULESET.apply(s, 1, Decline())
    RULESET.apply(s, 2, Accept())
    RULESET.apply(s, 3, Accept())
    s.players[2].settlements = 2  # seat 2 now leads seat 3 on points
    assert bot.choose(s, 0) == Trade(3)
    RULESET.apply(s, 0, Trade(3))
    assert s.phase == MAIN and s.players[0].hand[2] == 1
    assert bot.choose(s, 0).__class__.__name__ == "Settle"


def test_bot_falls_back_to_the_bank_after_all_decline() -> None:
    s = _position()
    RULESET.apply(s, 0, bot.choose(s, 0))
    for p in (1, 2, 3):
        RULESET.apply(s, p, Decline())
    assert s.phase == MAIN and s.offers_made == 1
    choice = bot.choose(s, 0)
    assert not isinstance(choice, Offer)  # no re-offer of what was just declined
    assert choice == BankTrade(4, 2) or choice == End()


def test_bot_only_game_finishes() -> None:
    s = RULESET.setup(4, {}, 7)
    for _ in range(20000):
        if RULESET.result(s) is not None:
            break
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    assert RULESET.result(s) is not None
