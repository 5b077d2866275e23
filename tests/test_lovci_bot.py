"""The Lovci pokladů bot does not stretch games (issue 9, item 19: "Fix the bot
behaviours that stretch games, such as moving a ship back and forth").

Each test is a position in which the bot used to idle — shuffle a ship, step onto a
rose that only sends the sailor back, or leave a treasure lying for ever — and checks
the move it makes now, citing the rule that makes the move worth making.
"""

from __future__ import annotations

import pytest
from test_lovci_rules import position, put, sq

from games.lovci_pokladu import RULESET, bot
from games.lovci_pokladu.actions import SailorMove


def test_a_carrier_takes_the_rose_that_sends_it_home() -> None:
    """Wind rose: "The sailor continues ... in the direction marked by the yellow arrow"
    — carrying its token (RULES-NOTES: the chain moves the sailor on in the same turn).
    Behind an island wall, the one way home for the treasure is the rose on E2 pointing
    at E1, beside the ship: the bot carries the token onto it, instead of counting the
    treasure as unreachable and shuffling its ship."""
    cards = {f"{c}2": ("island", 0, True) for c in "ABCDFGHI"}
    cards["E2"] = ("rose1o", 2, True)  # one arrow, turned to point north, at E1
    state = position(cards=cards, ships=(5, 25), hidden_treasure=False)
    put(state, 0, "E3", carry=300)
    for sid in (1, 2, 3):
        state.sailors[sid].state = "lost"
    move = bot.choose(state, 0)
    assert move == SailorMove(0, None, sq("E2"), None, 300)
    RULESET.apply(state, 0, move)
    assert state.sailors[0].square == sq("E1") and state.sailors[0].carry == 300


def test_a_rose_pointing_back_is_a_null_move() -> None:
    """A single-arrow rose pointing back "sends the sailor back" (RULES-NOTES): the move
    changes nothing but the turn. Two bots trading such moves played for ever; it is now
    worth less than an honest step toward the face-down card."""
    state = position(cards={"F7": ("rose1d", 2, True)}, ships=(5, 25))  # arrow at E6
    put(state, 0, "E6")
    back = SailorMove(0, None, sq("F7"), None, 0)
    assert back in RULESET.legal_actions(state, 0)
    assert bot.score(state, 0, back) == bot._NULL_MOVE
    assert bot.choose(state, 0) != back


def test_a_treasure_on_a_volcano_is_fetched() -> None:
    """Volcanoes "delay the sailor by one to three turns" — a price worth paying when the
    last treasure lies there: "The game ends when all the treasures have been ... carried
    to the ships", so a pile nobody fetches keeps the game going for ever."""
    state = position(cards={"C4": ("volcano2", 0, True)}, ships=(5, 25),
                     hidden_treasure=False)
    state.tokens = {sq("C4"): [200]}
    put(state, 0, "C3")
    put(state, 4, "H8")
    assert bot.choose(state, 0) == SailorMove(0, None, sq("C4"), None, 0)


@pytest.mark.parametrize("seed", [509, 510, 512])
def test_bots_alone_finish_a_two_player_game_briskly(seed: int) -> None:
    """End of game: "when all the treasures have been discovered and carried to the
    ships". Two bots took 1,550 to over 2,700 turns on these seeds (shuttling ships, idling on
    roses, leaving a pile on a volcano); a two-player game now ends by the rules within
    1,000 turns — still long for 41 tokens carried one at a time, but no stall."""
    state = RULESET.setup(2, {}, seed)
    while RULESET.result(state) is None and state.turn < 1000:
        (seat,) = RULESET.actors(state)
        RULESET.apply(state, seat, bot.choose(state, seat))
    assert RULESET.result(state) is not None, f"still playing at turn {state.turn}"
    assert state.reason in ("treasure", "ships", "stranded")
