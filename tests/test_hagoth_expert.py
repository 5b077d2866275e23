"""The expert Hagoth bot (issue 28 item 1, "expert searches or plans ahead"): a value
function and a search of its own whole turn (games/hagoth/expert.py, RULES-NOTES
HG-D44). Its moves are legal, it takes a win the rules give it, and it never wastes a
turn the rules make empty (hagoth.md "Object and Scoring", "Building Ships";
hagoth-data.md "Stock")."""

from __future__ import annotations

from games.bot_levels import EXPERT, level_action
from games.hagoth import RULESET, bot, expert
from games.hagoth.actions import ActWood, PlaySail
from games.hagoth.data import BOW, BUILD1, HULL, MAST, SAIL, SAILS, STERN, WOOD
from games.hagoth.state import Design, Ship
from tests.test_hagoth_rules import design, position, ship


def test_expert_level_is_the_hagoth_turn_search() -> None:
    """The hook of games/bot_levels.py: Hagoth's expert level is expert.decide, not the
    shared playouts (which lost to the normal bot: HG-D44)."""
    state = RULESET.setup(4, {}, 5)
    seat = min(RULESET.actors(state))
    move = level_action(RULESET, state, seat, EXPERT)
    assert move == expert.decide(state, seat, bot.choose(state, seat))
    assert move == bot.expert_action(state, seat)


def test_every_expert_move_is_legal_through_whole_games() -> None:
    """Four experts play whole games to the end, every move legal (and the game ends:
    the expert never stalls it)."""
    for players, seed in ((4, 3), (2, 4)):
        state = RULESET.setup(players, {}, seed)
        for _ in range(4000):
            if RULESET.result(state) is not None:
                break
            seat = min(RULESET.actors(state))
            before = RULESET.dump(state)
            move = bot.expert_action(state, seat)
            assert RULESET.dump(state) == before  # the search works on copies
            assert move in RULESET.legal_actions(state, seat)
            RULESET.apply(state, seat, move)
        assert RULESET.result(state) is not None


def test_the_search_leaves_the_game_untouched_when_the_hand_runs_out() -> None:
    """Both piles empty (HG-D6): the expert holds one card, so any card it tries ends the
    turn, which passes over a seat owing a Skip (HG-D17). The search tries that on a
    copy: the real game still owes the Skip and is unchanged."""
    state = position(3, hands={0: [WOOD], 1: [BOW], 2: [STERN]}, deck=[], discard=[])
    state.players[1].skips = 1
    before = RULESET.dump(state)
    move = bot.expert_action(state, 0)
    assert move in RULESET.legal_actions(state, 0)
    assert RULESET.dump(state) == before


def test_the_expert_takes_the_sail_that_wins() -> None:
    """"The first player to accumulate 25 victory points wins": at 23 VP with a Fishing
    Boat one sail from the Land Northward (2 VP on arrival) and a Sail card in hand, the
    expert sails and wins now, whatever else the hand offers."""
    state = position(4, hands={0: [SAIL, BOW, STERN, BUILD1, WOOD]},
                     berths={0: (ship("fishing", 1), design("sloop", BOW, HULL))},
                     vp={0: 23, 1: 20, 2: 20, 3: 20})
    assert bot.expert_action(state, 0) == PlaySail(0)


def test_the_expert_never_goes_wooding_from_an_empty_stock() -> None:
    """Go Wooding "takes the rolled number from the stock, or what is left" (data file,
    "Stock"): with the stock empty it gains nothing and the turn is lost. An early
    version of the value function counted the hand twice (once per empty berth), kept
    its cards with the wood action turn after turn and stalled the game."""
    state = position(4, hands={0: [BOW, STERN, SAILS, MAST, SAIL]}, wood={0: 50}, stock=0)
    assert RULESET.legal_actions(state, 0).count(ActWood()) == 1
    assert bot.expert_action(state, 0) != ActWood()


def test_a_card_in_hand_counts_once_for_two_empty_berths() -> None:
    """A segment card is laid on one design (hagoth.md "Designing Ships"): a Bow and a
    Stern in hand add as much to two empty berths as to one (the bug that stalled the
    game counted them once per empty berth)."""
    state = position(4)
    player = state.players[0]

    def gain(berths: list[Design | Ship | None]) -> float:
        player.berths = berths
        return expert.progress(player, [BOW, STERN]) - expert.progress(player, [])

    one = gain([None, ship("canoe")])
    assert one > 0
    assert abs(gain([None, None]) - one) < 1e-9
