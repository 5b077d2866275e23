"""The bench's ``typical`` Lovci pokladů plans (issue 26 item 1, the 4-seat plans target;
``bench/typical_plans.py``, the bench docstring): the standing orders the bench sets for
the bot that stands in for a person, in the same sitting as a decision the person makes
anyway, and only to carry on with what they began.

Positions: :func:`test_lovci_rules.position` (open sea face up everywhere but the named
cards and a face-down treasure on I5; seat 0's ship beside E1)."""

from __future__ import annotations

from test_lovci_rules import position, put, sq

from bench.lovci_waits import FLOOR, move_kind
from bench.typical_plans import lovci
from games.lovci_pokladu import bot as lovci_bot
from games.lovci_pokladu.actions import Go, SailorMove
from games.lovci_pokladu.plans import CARRY_HOME, PLANS, WALK_TO


def test_after_a_rose_choice_the_sailor_walks_on() -> None:
    """Choosing where a rose (dolphin, seahorse) sends a sailor is the person's decision;
    in that sitting they say where it walks on from there (before, no plan was set after
    a choice, so the next step was a wait of its own: a fifth of the 4-seat waits in a
    3-game trace)."""
    state = position()
    put(state, 0, "E5")  # where the rose sent it
    put(state, 1, "A1")  # two more sailors far off: the bot goes on with this one
    put(state, 2, "A2")
    plan = lovci(PLANS, state, 0, Go(sq("E5")))
    assert plan is not None and plan.kind == WALK_TO
    assert plan.params["sailor"] == 0 and plan.params["start"] == sq("E5")
    # the same walk as after stepping there itself
    assert plan == lovci(PLANS, state, 0, SailorMove(0, None, sq("E5")))


def test_no_walk_when_the_next_move_is_with_another_piece() -> None:
    """The bench's person sets a walk only for the piece they go on moving: where the
    bot's own next choice (as if the others passed) moves another piece, it sets none
    (before, it walked this piece by its best moves anyway, a stale order that kept a
    2-seat quick game circling a rose for 600 waits, seed 3)."""
    state = position()
    put(state, 0, "E5")
    assert lovci_bot.choose(state, 0) != SailorMove(0, None, sq("F5"))
    assert lovci(PLANS, state, 0, Go(sq("E5"))) is None


def test_a_choice_that_sent_the_sailor_on_sets_nothing() -> None:
    """When the chosen square sent the sailor further (another card's effect), the bench
    does not guess which sailor went where: no plan."""
    state = position()
    put(state, 0, "E6")
    assert lovci(PLANS, state, 0, Go(sq("E5"))) is None


def test_a_carrier_with_no_way_home_walks_where_it_is_heading() -> None:
    """A token the sailor cannot carry home (here the card beside the ship is a dolphin,
    LP-D57) is still walked where the person is heading with it (*walk to*); before, no
    plan at all was set."""
    state = position(cards={"E1": ("dolphin", 0, True)})
    put(state, 0, "E5", carry=300)
    plan = lovci(PLANS, state, 0, SailorMove(0, None, sq("E5"), None, 300))
    assert plan is not None and plan.kind == WALK_TO


def test_a_carrier_is_sent_home_up_to_a_face_down_card() -> None:
    """When every way home crosses a face-down card, *carry home* walks the token up to
    it (LP-D57)."""
    state = position(cards={f"{col}{row}": ("sea", 0, False)
                            for col in "ABCDEFGHI" for row in "23"})
    put(state, 0, "E5", carry=300)
    plan = lovci(PLANS, state, 0, SailorMove(0, None, sq("E5"), None, 300))
    assert plan is not None and plan.kind == CARRY_HOME
    assert plan.params["route"][0] == sq("E4")


def test_the_waits_bench_sorts_moves_by_what_the_rules_leave_to_the_player() -> None:
    """bench.lovci_waits: the floor of the 4-seat target is the moves no plan may make
    (issue 26 item 3: a walk stops before a face-down card, before a square an opponent
    can reach, and a rose's choice is the player's); the rest a plan could make."""
    state = position(cards={"E6": ("rose4o", 0, True), "E4": ("sea", 0, False)})
    put(state, 0, "E5")
    put(state, 4, "G3")  # seat 1's sailor reaches F2 to H4
    assert move_kind(state, 0, SailorMove(0, None, sq("E4"))) == "turn a card"
    assert move_kind(state, 0, SailorMove(0, None, sq("E6"))) == \
        "onto a card that offers a choice"
    assert move_kind(state, 0, SailorMove(0, None, sq("F4"))) == \
        "onto a square an opponent can reach"
    assert move_kind(state, 0, SailorMove(0, None, sq("D5"))) == "plain step"
    assert {"turn a card", "onto a card that offers a choice",
            "onto a square an opponent can reach"} <= FLOOR and "plain step" not in FLOOR
