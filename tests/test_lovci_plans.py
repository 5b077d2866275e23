"""Lovci pokladů's plans (issue 26 item 3), on hand-built positions: *walk to* and
*carry home* take one step a turn by the route shown, stop where the player has something
to decide (RULES-NOTES LP-D52 to LP-D58), and are refused cleanly when they do not fit.

Positions: :func:`test_lovci_rules.position` (open sea face up everywhere but the named
cards; ships of seat 0 beside E1 (ring 5), of seat 1 beside E9 (ring 25)).
"""

from __future__ import annotations

import json

import pytest
from test_lovci_rules import position, put, sq

from games.lovci_pokladu import RULESET
from games.lovci_pokladu.actions import SailorMove, ShipMove
from games.lovci_pokladu.data import NAMES
from games.lovci_pokladu.plans import CARRY_HOME, PLANS, WALK_TO, opponent_reach
from games.lovci_pokladu.state import ON_SHIP, LovciState
from games.plans import NotNow, Play, Stop, checked, plans_of
from games.protocol import IllegalAction


def decide(state: LovciState, seat: int, plan):  # type: ignore[no-untyped-def]
    return checked(RULESET, state, seat, PLANS.decide(state, seat, plan))


def walk(state: LovciState, seat: int, plan, turns: int = 20) -> list[str]:  # type: ignore[no-untyped-def]
    """Play the plan turn after turn (the other seat moves its ship back and forth);
    the squares the sailor stepped to, then the stop's reason."""
    out: list[str] = []
    for _ in range(turns):
        decision = decide(state, seat, plan)
        if isinstance(decision, Stop):
            return [*out, decision.reason_key.rsplit(".", 1)[-1]]
        assert isinstance(decision, Play), decision
        RULESET.apply(state, seat, decision.action)
        action = decision.action
        out.append("ship" if isinstance(action, ShipMove) else (
            f"ship {action.ship}" if action.ship is not None else
            NAMES[action.square]))
        if decision.final:
            return [*out, "final:" + decision.done_key.rsplit(".", 1)[-1]]
        other = 1 - seat
        RULESET.apply(state, other, ShipMove(1 if state.turn % 4 < 2 else -1))
    return out


def test_the_ruleset_offers_its_plans() -> None:
    """games/plans.py: a game offers plans through its ``plans`` attribute."""
    assert plans_of(RULESET) is PLANS
    assert [k.name for k in PLANS.kinds()] == [WALK_TO, CARRY_HOME]
    assert {k.slot_name for k in PLANS.kinds()} == {"walk"}, "one walking plan at a time"


def test_walk_to_goes_one_step_a_turn_by_the_route_shown() -> None:
    """Issue 26 item 3 "walk to … step by step, one step per turn, by the route shown"."""
    state = position()
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    assert plan.params["route"] == [sq("E4"), sq("E5"), sq("E6"), sq("E7")]
    assert "E4 → E5 → E6 → E7" in PLANS.describe(state, 0, plan)
    assert walk(state, 0, plan) == ["E4", "E5", "E6", "E7", "final:arrived"]
    assert state.sailors[0].square == sq("E7")


def test_walk_from_the_ship_lands_first() -> None:
    """A sailor aboard walks ashore onto the card beside its ship first (the rulebook's
    "enter the sea only from a ship, straight")."""
    state = position()
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "2", "square": "E3"})
    assert plan.params["route"][0] == sq("E1")
    assert walk(state, 0, plan) == ["E1", "E2", "E3", "final:arrived"]


def test_walk_stops_before_a_face_down_card() -> None:
    """Issue 26 item 3 "it stops before a face-down card": turning it is the player's
    decision; a face-down target is walked up to, never turned (LP-D54)."""
    state = position(cards={"E5": ("shark", 0, False)})
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E5"})
    assert walk(state, 0, plan) == ["E4", "beside_card"]
    assert not state.face_up[sq("E5")] and state.sailors[0].square == sq("E4")
    # a wall of face-down cards in the way: the route crosses one and stops before it
    state = position(cards={f"{c}5": ("sea", 0, False) for c in "ABCDEFGH"})
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    assert walk(state, 0, plan) == ["E4", "face_down"]


def test_walk_stops_before_a_square_an_opponent_can_reach() -> None:
    """Issue 26 item 3 "before a square an opponent can reach" (LP-D55): a sailor of seat
    1 on G6 reaches F5, F6 and F7 next turn, so the walk up the F file stops on F4."""
    state = position()
    put(state, 0, "F2")
    put(state, 4, "G6")  # seat 1's first sailor
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "F8"})
    assert walk(state, 0, plan) == ["F3", "F4", "reachable"]


def test_a_step_that_makes_two_of_mine_is_out_of_reach() -> None:
    """LP-D55 exact: stepping onto a square where another of my sailors stands makes two
    of mine there, which no opponent may enter (the rulebook's tactical rules), so the
    walk goes on onto F5 beside seat 1's sailor and stops only before F6."""
    state = position()
    put(state, 0, "F2")
    put(state, 1, "F5")  # my second sailor
    put(state, 4, "G6")  # seat 1's first sailor reaches F5, F6 and F7
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "F8"})
    assert walk(state, 0, plan) == ["F3", "F4", "F5", "reachable"]


def test_walk_is_cancelled_when_a_card_on_the_route_is_turned() -> None:
    """Issue 26 item 3 "when a card on the route is turned": the route relied on it."""
    state = position(cards={f"{c}5": ("sea", 0, False) for c in "ABCDEFGH"})
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    assert isinstance(decide(state, 0, plan), Play)
    state.face_up[sq("E5")] = True  # another player turned it
    stop = decide(state, 0, plan)
    assert isinstance(stop, Stop) and not stop.done
    assert stop.reason_key.endswith("card_turned")


def test_walk_ends_on_a_rose_that_offers_a_choice() -> None:
    """Issue 26 item 3 "when a rose, dolphin or seahorse offers a choice": the route never
    crosses one (LP-D53); walking *to* one is the last step, and the choice is the
    player's."""
    state = position(cards={"E5": ("dolphin", 0, True)})
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    assert sq("E5") not in plan.params["route"]
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E5"})
    assert walk(state, 0, plan) == ["E4", "E5", "final:arrived"]
    assert state.pending is not None and state.current == 0, "the player chooses"


def test_plan_waits_while_another_player_moves() -> None:
    """A plan plays only when its seat is to move, and with nothing pending."""
    state = position()
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    state.current = 1
    assert isinstance(decide(state, 0, plan), NotNow)


def test_walk_is_cancelled_when_the_sailor_is_knocked_off_the_route() -> None:
    """The position the plan relies on changed: the sailor is back aboard."""
    state = position()
    put(state, 0, "E3")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "E7"})
    put(state, 4, "E2")
    state.current = 1
    RULESET.apply(state, 1, SailorMove(0, None, sq("E3")))
    assert state.sailors[0].state == ON_SHIP
    stop = decide(state, 0, plan)
    assert isinstance(stop, Stop) and stop.reason_key.endswith("left_route")


def test_walk_stops_before_an_opponent_standing_on_the_route() -> None:
    """Knocking a sailor off is the player's decision, never the plan's (LP-D56)."""
    state = position()
    put(state, 0, "B4")
    put(state, 4, "B5")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "B8"})
    assert plan.params["route"][0] == sq("B5")
    assert walk(state, 0, plan) == ["occupied"]
    assert state.sailors[4].square == sq("B5"), "nobody was knocked off"


def test_carry_home_walks_the_token_to_the_ship_and_boards() -> None:
    """Issue 26 item 3 "Carry home: the sailor carrying a token walks it to the ship"."""
    state = position()
    put(state, 0, "E4", carry=300)
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    assert plan.params["route"] == [sq("E3"), sq("E2"), sq("E1")]
    assert walk(state, 0, plan) == ["E3", "E2", "E1", "ship 0", "final:delivered"]
    assert state.ships[0].treasure == [300] and state.sailors[0].carry == 0


def test_carry_home_avoids_cards_a_token_cannot_cross() -> None:
    """A carrier crosses no face-down card and no island (the rulebook: a treasure may
    not enter an unturned card; an island only without a treasure)."""
    state = position(cards={"E3": ("island", 0, True), "D3": ("sea", 0, False)})
    put(state, 0, "E4", carry=100)
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    assert sq("E3") not in plan.params["route"] and sq("D3") not in plan.params["route"]


def test_carry_home_refuses_a_rose_dolphin_or_seahorse_beside_the_ship() -> None:
    """LP-D57: the last step before boarding is onto the card beside the ship; a dolphin
    (rose, seahorse) there sends the sailor on, never aboard, so there is no way home
    (before, the plan stepped onto it, its player chose where the dolphin sent the sailor,
    and the plan stepped back: a loop of waits)."""
    for code in ("dolphin", "rose1o", "seahorse"):
        state = position(cards={"E1": (code, 0, True)})
        put(state, 0, "E3", carry=100)
        with pytest.raises(IllegalAction) as info:
            PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
        assert info.value.key.endswith("no_way_home"), code
    state = position(cards={"E1": ("dolphin", 0, True)})
    put(state, 0, "E1", carry=100)  # standing on it already: one step aboard
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    assert walk(state, 0, plan) == ["ship 0", "final:delivered"]


def test_carry_home_walks_up_to_a_face_down_card_on_the_only_way() -> None:
    """LP-D57: when every way home crosses a face-down card, carry home still walks the
    token as far as the face-up cards go and stops before the card (a token may not enter
    it: what then is the player's); before, the plan was refused and every step asked."""
    state = position(cards={f"{col}2": ("sea", 0, False) for col in "ABCDEFGHI"})
    put(state, 0, "E4", carry=300)
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    assert plan.params["route"] == [sq("E3"), sq("E2"), sq("E1")]
    assert plan.params["watch"] == [sq("E2")]
    assert walk(state, 0, plan) == ["E3", "face_down_carrying"]
    assert state.sailors[0].carry == 300
    with pytest.raises(IllegalAction) as info:  # beside it, the next step is the player's
        PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    assert info.value.key.endswith("face_down_first")
    # the card is turned (by anyone): the route it relied on is cancelled
    put(state, 0, "E4", carry=300)
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    state.face_up[sq("E2")] = True
    stop = decide(state, 0, plan)
    assert isinstance(stop, Stop) and stop.reason_key.endswith("card_turned")


def test_carry_home_is_cancelled_when_the_ship_sails_away() -> None:
    """The route led to the ship where it was: moved, the plan no longer fits."""
    state = position()
    put(state, 0, "E4", carry=300)
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    RULESET.apply(state, 0, ShipMove(1))
    stop = decide(state, 0, plan)
    assert isinstance(stop, Stop) and stop.reason_key.endswith("ship_moved")


def test_ship_sails_to_the_berth_beside_an_edge_square() -> None:
    """Issue 26 item 3 "a sailor (or the ship) goes step by step toward a square"."""
    state = position()
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "ship", "square": "H1"})
    assert plan.params["route"] == [6, 7, 8]
    assert walk(state, 0, plan) == ["ship", "ship", "ship", "final:arrived"]
    assert state.ships[0].ring == 8


@pytest.mark.parametrize(("kind", "params", "key"), [
    (WALK_TO, {"piece": "5", "square": "E5"}, "no_piece"),
    (WALK_TO, {"piece": "g1", "square": "E5"}, "not_yours"),
    (WALK_TO, {"piece": "1", "square": "Z9"}, "no_square"),
    (WALK_TO, {"piece": "ship", "square": "E5"}, "not_edge"),
    (WALK_TO, {"piece": "1", "square": "E3"}, "no_route"),
    (CARRY_HOME, {"piece": "1"}, "not_carrying"),
])
def test_plans_that_do_not_fit_are_refused(kind: str, params: dict[str, str], key: str) -> None:
    """Issue 26 "refused cleanly when they do not fit the game state": a polite key in
    every locale, and the state untouched."""
    state = position()
    put(state, 0, "E3")
    before = json.dumps(RULESET.dump(state), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        PLANS.read(state, 0, kind, params)
    assert info.value.key.endswith(key), info.value.key
    for locale in ("en", "ru", "cs"):
        assert "{" not in info.value.message(locale) and info.value.key not in \
            info.value.message(locale)
    assert json.dumps(RULESET.dump(state), sort_keys=True) == before


def test_no_plan_before_the_ships_are_placed() -> None:
    state = RULESET.setup(2, {}, 1)
    with pytest.raises(IllegalAction):
        PLANS.read(state, state.current, WALK_TO, {"piece": "ship", "square": "E1"})


def test_carry_home_from_a_treasure_picks_up_the_best_token() -> None:
    """LP-D57: a sailor standing on tokens with empty hands takes the most valuable one
    along with its first step, and is cancelled if someone took it first."""
    state = position()
    put(state, 0, "E4")
    state.tokens[sq("E4")] = [300, 100]
    plan = PLANS.read(state, 0, CARRY_HOME, {"piece": "1"})
    first = decide(state, 0, plan)
    assert isinstance(first, Play) and first.action == SailorMove(0, None, sq("E3"), None, 300)
    state.tokens[sq("E4")] = [100]  # an opponent's sailor took the 300
    stop = decide(state, 0, plan)
    assert isinstance(stop, Stop) and stop.reason_key.endswith("token_gone")
    state.tokens[sq("E4")] = [300, 100]
    assert walk(state, 0, plan) == ["E3", "E2", "E1", "ship 0", "final:delivered"]
    assert state.ships[0].treasure == [300] and state.tokens[sq("E4")] == [100]


def test_an_opponent_who_sits_out_reaches_nothing() -> None:
    """LP-D55: "can reach" means in their next move: a sailor delayed by a turtle or a
    volcano, or a player who may move only ships, reaches no square."""
    state = position()
    put(state, 0, "F2")
    put(state, 4, "G6")
    plan = PLANS.read(state, 0, WALK_TO, {"piece": "1", "square": "F8"})
    state.sailors[4].delay = 9  # a volcano: it sits out the turns the walk takes
    assert walk(state, 0, plan, turns=3) == ["F3", "F4", "F5"]
    state = position()
    put(state, 0, "F2")
    put(state, 4, "G6")
    state.players[1].ship_only = 2
    assert sq("F5") not in opponent_reach(state, 0)
    state.players[1].ship_only = 0
    assert sq("F5") in opponent_reach(state, 0)
