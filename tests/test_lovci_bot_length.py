"""The Lovci pokladů bot ends games it can end (issue 9, item 19: "Fix the bot
behaviours that stretch games"). Each test is a position, trimmed from a seeded game
that ran to the 3,000-turn cap or far past the usual length, and checks the move that
now makes progress, citing the rule that makes the move possible.
"""

from __future__ import annotations

from test_lovci_rules import position, put, sq

from games.lovci_pokladu import RULESET, bot
from games.lovci_pokladu.actions import SailorMove, ShipMove
from games.lovci_pokladu.state import LovciState


def _crewless(state: LovciState, seat: int) -> None:
    """Every sailor of ``seat`` lost to a shark: its ship lies crewless for good."""
    for sid in range(4 * seat, 4 * seat + 4):
        state.sailors[sid].state = "lost"


def test_a_crewless_ship_beside_a_dolphin_does_not_keep_the_crew_aboard() -> None:
    """A crewless ship "may be captured by another player's entry" — a sailor steps
    aboard from the card beside it (RULES-NOTES), but the dolphin there "continues one
    or two squares" with anyone entering it, so nobody can stand on it to step aboard.
    The old bot counted that ship as prey reachable from the sea: every sailor going
    ashore elsewhere looked like a step away from it, and the bot shuttled three ships
    to the 3,000-turn cap (4-player vs-random seed 1000025). Now its crew goes ashore
    for the last treasure."""
    state = position(cards={"E9": ("dolphin", 0, True), "B8": ("treasure200", 0, True)},
                     ships=(28, 25), hidden_treasure=False)  # seat 0 beside B9
    _crewless(state, 1)
    state.tokens = {sq("B9"): [200]}
    assert isinstance(bot.choose(state, 0), SailorMove)


def test_a_crewless_ship_beside_a_starfish_draws_no_sailor() -> None:
    """Starfish: "The sailor returns two squares back" — nobody stops on it, so the
    crewless ship beside it cannot be boarded on foot. The old bot's sailors kept
    stepping at the starfish and bouncing back (vs-random seeds 1000004 and 1000037 ran
    to the cap so); now the sailor heads for the treasure on C5 instead."""
    state = position(cards={"E9": ("starfish", 0, True)},
                     ships=(5, 25), hidden_treasure=False)  # E9: beside seat 1's ship
    _crewless(state, 1)
    for sid in (1, 2, 3):
        state.sailors[sid].state = "lost"
    state.tokens = {sq("C5"): [100]}
    put(state, 0, "E6")
    move = bot.choose(state, 0)
    assert move in (SailorMove(0, None, sq(name), None, 0) for name in ("D5", "D6")), move


def test_a_pile_on_an_octopus_is_fetched() -> None:
    """Octopus: "A sailor captured by the octopus can be freed only by another of the
    player's own sailors" — the last token lay on an octopus, and the old bot's sailors
    stood round it for ever (4-player vs-random seed 1000025; "The game ends when all
    the treasures have been ... carried to the ships"). With a second sailor to free it,
    a sailor now steps on."""
    state = position(cards={"F5": ("octopus", 0, True)}, ships=(5, 25),
                     hidden_treasure=False)
    state.tokens = {sq("F5"): [200]}
    put(state, 0, "E5")
    put(state, 1, "E4")
    move = bot.choose(state, 0)
    assert isinstance(move, SailorMove) and move.square == sq("F5"), move


def test_two_sailors_make_a_contested_pile_theirs() -> None:
    """"A square occupied by two sailors from the same ship may not be occupied by an
    opponent." Three players' sailors ringed the last pile, each waiting because whoever
    stepped on alone could be knocked off (4-player seed 5 of bench.prompts: 300 turns
    and 737 prompts, the stall ended only by the bot's jitter past turn 1,000). A sailor
    another can join next turn now steps on; then the second joins it or the first
    carries a token off."""
    state = position(players=4, hidden_treasure=False)
    state.tokens = {sq("E5"): [50, 50, 50]}
    state.sailors[3].state = "lost"  # sailor 2 guards the ship
    put(state, 0, "D5")
    put(state, 1, "D4")
    put(state, 4, "F5")   # two opponents beside the pile: it is contested
    put(state, 8, "E6")
    move = bot.choose(state, 0)
    assert isinstance(move, SailorMove) and move.square == sq("E5"), move
    RULESET.apply(state, 0, move)
    state.current = 0
    nxt = bot.choose(state, 0)  # the second joins, or the first carries a token off
    assert isinstance(nxt, SailorMove) and (nxt.square == sq("E5") or nxt.token), nxt


def test_the_card_beside_an_enemy_ship_is_no_berth_round_the_corner() -> None:
    """"If an opponent enters a square occupied by one sailor, that sailor is thrown onto
    their own ship." The card beside a crewed enemy ship is no berth: its crew lands
    there at once. A corner card lies beside two ring positions, one on each side of
    the corner; the old bot compared ring positions, so with the enemy ship south of I1
    (ring 9) the east side of I1 (ring 11) still counted as a good berth — two ships
    lay there, both beside I1, and knocked each other's sailors off it for 800 turns
    (a 2-player game of bench.prompts while this was being fixed, 981 prompts). Now
    both sides of the corner count as far (:func:`bot._berth`)."""
    state = position(ships=(12, 9))
    assert bot._Maps(state, 0).enemy_berths == {9, 11}  # south and east of I1


def test_a_pinned_lone_guard_sails_away_from_the_raider() -> None:
    """"A treasure is safe only on the ship, and only if the ship is guarded by at least
    one sailor": the bot's last free sailor stays aboard while an enemy sailor could
    board within a few moves. With its other sailor held by an octopus ("can be freed
    only by another of the player's own sailors"), the guard is also the only one who
    can work, and the old bot shuffled its ship between two berths beside the raider
    for 400 turns (2-player seed 19 of bench.prompts, 581 prompts). Now the ship sails
    away from the raider, so the guard may go ashore."""
    state = position(cards={"H1": ("octopus", 0, True)}, ships=(37, 25))  # beside A3
    state.sailors[0].state = state.sailors[1].state = "lost"
    put(state, 2, "H1")
    state.sailors[2].state = "octopus"  # held; sailor 3 guards the ship
    put(state, 4, "B2")  # the raider
    maps = bot._Maps(state, 0)
    away, toward = ShipMove(-1, None), ShipMove(1, None)  # to A4, to A2
    assert bot.score(state, 0, away, maps) > bot.score(state, 0, toward, maps)
    assert bot.choose(state, 0) == away
