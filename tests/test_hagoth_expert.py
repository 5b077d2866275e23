"""The expert Hagoth bot (issue 28 item 1, "expert searches or plans ahead"): a value
function and a search of its own whole turn (games/hagoth/expert.py, RULES-NOTES
HG-D44). Its moves are legal, it takes a win the rules give it, and it never wastes a
turn the rules make empty (hagoth.md "Object and Scoring", "Building Ships";
hagoth-data.md "Stock")."""

from __future__ import annotations

import math

from games.bot_levels import EXPERT, level_action
from games.hagoth import RULESET, bot, expert
from games.hagoth.actions import ActWood, PlayAttack, PlaySail
from games.hagoth.data import (
    ATTACK_CARDS,
    BOW,
    BUILD1,
    HULL,
    MAST,
    REMOVE,
    SAIL,
    SAILS,
    SKIP,
    STERN,
    WOOD,
)
from games.hagoth.rules import legal_actions
from games.hagoth.state import Design, HagothState, Ship
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


def test_the_expert_foresees_whom_a_normal_rival_attacks() -> None:
    """The expert's rival model (HG-D44) aims each attack card where the normal bot's own
    rule does: over positions of whole games, for every rival and attack card it can play
    (hagoth.md "Playing Cards": Skip, Remove, Delay, Destroy), the target the expert
    foresees is the one the normal bot picks among its legal attacks."""
    state = RULESET.setup(4, {}, 21)
    checked = 0
    for step in range(600):
        if RULESET.result(state) is not None:
            break
        seat = min(RULESET.actors(state))
        if step % 5 == 0:
            aimed = expert._aimed(state)
            for attacker in range(4):
                trial = RULESET.load(RULESET.dump(state))
                trial.current, trial.phase = attacker, "start"
                for card in ATTACK_CARDS:
                    trial.players[attacker].hand = [card]
                    plays = [a for a in legal_actions(trial, attacker)
                             if isinstance(a, PlayAttack)]
                    if not plays:
                        continue
                    pick = max(range(len(plays)),
                               key=lambda i: (bot.attack_value(trial, attacker, plays[i]), -i))
                    assert _aimed_by(state, attacker, card, aimed) == plays[pick].target
                    checked += 1
        RULESET.apply(state, seat, bot.choose(state, seat))
    assert checked > 300


def _aimed_by(state: HagothState, attacker: int, card: str,
              aimed: list[dict[str, tuple[float, int | None]]]) -> int:
    """The seat ``attacker`` hits with ``card``, as the expert's model reads it."""
    vps = [p.vp for p in state.players]
    best_other = max(vp for i, vp in enumerate(vps) if i != attacker)
    target, best = -1, -math.inf
    for victim, bases in enumerate(aimed):
        if victim != attacker and card in bases:
            score = bases[card][0] + ((2.0 if vps[victim] == best_other else 0.0)
                                      + vps[victim] / 10)
            if score > best:
                target, best = victim, score
    return target


def test_leading_on_points_draws_the_skips() -> None:
    """The normal bot plays Skip ("Skip the next turn of one opponent", hagoth.md) on the
    opponent leading on points (games/hagoth/bot.py), so the expert counts the Skips
    against itself while it leads (from the leader's seat, while it is second): a
    lost turn (HG-D17, HG-D44)."""
    odds = dict.fromkeys(ATTACK_CARDS, 0.0)
    odds[SKIP] = 1.0
    leading = position(4, vp={0: 10, 1: 8, 2: 8, 3: 8})
    behind = position(4, vp={0: 8, 1: 10, 2: 9, 3: 9})
    assert expert.exposure(leading, 0, [], 0, 0.0, odds) == 3 * expert.SKIP_COST
    assert expert.exposure(behind, 0, [], 0, 0.0, odds) == 0.0


def test_a_design_with_wood_cannot_draw_a_remove() -> None:
    """Remove takes a segment "as long as no part of it has been built out of wood"
    (hagoth.md): the same complete Sloop, bare, is the Remove the rivals aim at the
    leader; with one wood on it the expert foresees no Remove at all."""
    odds = dict.fromkeys(ATTACK_CARDS, 0.0)
    odds[REMOVE] = 1.0
    vp = {0: 10, 1: 8, 2: 8, 3: 8}
    bare = position(4, berths={0: (design("sloop"), None)}, vp=vp, wood={0: 3})
    built = position(4, berths={0: (design("sloop", wood=1), None)}, vp=vp, wood={0: 2})
    worth = expert.progress(bare.players[0], [])
    assert expert.exposure(bare, 0, [], 0, worth, odds) > 0
    assert expert.exposure(built, 0, [], 0, worth, odds) == 0.0
