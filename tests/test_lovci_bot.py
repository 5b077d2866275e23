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
from games.lovci_pokladu.actions import Go, SailorMove, ShipMove


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


def _alone(state, keep: tuple[int, ...]) -> None:  # type: ignore[no-untyped-def]
    """Seat 0 keeps only the sailors ``keep`` (the others lost to sharks)."""
    for sid in range(4):
        if sid not in keep:
            state.sailors[sid].state = "lost"


def test_a_card_behind_a_wall_of_roses_is_reached_by_sea() -> None:
    """Wind rose: "The sailor continues on their next move in the direction marked by
    the yellow arrow" — a sailor cannot stop on a rose, so a face-down card ringed by
    roses that point away is reached only from a ship: "A sailor may enter the sea only
    from a ship". The old bot counted the roses as a path, guarded its ship with one
    sailor and walked in circles until the turn cap; now the sailor on the board boards
    the guarded ship (a second sailor aboard) and the ship sails toward the card."""
    east = ("rose1o", 1, True)  # one arrow, turned to point east
    cards = {name: east for name in ("A4", "B4", "B5", "B6", "A6")}
    cards["A5"] = ("treasure300", 0, False)
    state = position(cards=cards, ships=(5, 25), hidden_treasure=False)
    _alone(state, keep=(0, 1))  # sailor 0 guards the ship
    put(state, 1, "E1")  # beside the ship
    board = SailorMove(1, None, -1, 0, 0)
    assert bot.choose(state, 0) == board
    RULESET.apply(state, 0, board)
    state.current = 0
    # ring 5 -> 35 (beside A5): ten moves to the left, thirty to the right
    assert bot.choose(state, 0) == ShipMove(-1, None)


def test_a_volcano_on_the_only_way_is_crossed() -> None:
    """Volcanoes "delay the sailor by one to three turns" — a delay, not a wall. When the
    last face-down card can be reached only over a volcano (sharks all round it
    otherwise), the old bot counted the volcano twice (in the distance and as a danger)
    and never stepped on it; now the sailor walks over it."""
    cards = {name: ("shark", 0, True) for name in ("H4", "H6", "I4", "I6")}
    cards["H5"] = ("volcano3", 0, True)
    state = position(cards=cards, ships=(5, 25))  # I5: the face-down treasure
    _alone(state, keep=(0, 1))
    put(state, 1, "G5")
    assert bot.choose(state, 0) == SailorMove(1, None, sq("H5"), None, 0)


def test_ships_side_by_side_do_not_trade_knocks() -> None:
    """"If an opponent enters a square occupied by one sailor, that sailor is thrown onto
    their own ship" — from two ships lying at one berth each crew knocked the other's
    sailor off the card beside them, turn after turn (a 2-player seed played 2,419 turns
    so; this is its position, trimmed). The card beside a crewed enemy ship is no berth:
    the bot sails off instead of landing there to knock."""
    state = position(cards={"G1": ("treasure50", 0, True), "F1": ("rose1o", 0, True),
                            "H1": ("octopus", 0, True), "H2": ("rose1o", 0, True),
                            "G4": ("treasure100", 0, False)},
                     ships=(7, 7), hidden_treasure=False)  # both ships beside G1
    state.sailors[3].state = state.sailors[7].state = "lost"
    put(state, 2, "G2", carry=50)
    state.tokens = {sq("G2"): [50, 50]}
    put(state, 4, "G1")  # the enemy's sailor, just landed from its ship
    move = bot.choose(state, 0)
    assert isinstance(move, ShipMove), move


def test_a_ship_does_not_wait_beside_a_dolphin_for_a_carrier() -> None:
    """Dolphin: "The sailor continues one or two squares ... in any direction" — a
    sailor carrying a token never stands on it, so it cannot board from there. With its
    ship beside the dolphin on A1 and the carrier on A2, the old bot waited there
    (counting A1 as the berth) while the carrier wandered (a 2-player seed ran to 2,845
    turns); now the ship sails round the corner to lie beside A2 (ring 38, three moves
    to the left)."""
    cards = {name: ("island", 0, True) for name in ("A3", "B1", "B2", "B3", "C1", "C3")}
    cards["A1"] = ("dolphin", 0, True)  # islands take no token: A2 is boarded directly
    state = position(cards=cards, ships=(1, 25), hidden_treasure=False)
    _alone(state, keep=(0, 1))
    put(state, 0, "A2", carry=300)
    state.tokens = {sq("E5"): [100]}  # the game is not over with the carried token
    assert bot.choose(state, 0) == ShipMove(-1, None)


def test_a_ship_does_not_wait_where_a_rose_would_carry_the_carrier_past() -> None:
    """Wind rose: "The sailor continues on their next move in the direction marked by
    the yellow arrow" — a carrier cannot walk across a rose to a berth. The carrier on A3
    can reach no card beside the ship at B1 (islands take no token, and the rose on C2
    sends it north to C3), so the treasure comes aboard only if the ship sails round the
    corner to A3. The old bot measured the ship's way to the carrier as if the rose were
    open sea (A3, B3, C2, B1): it kept the ship at B1 and walked the carrier toward the
    rose, or let it wait on A3 for a ship that never came (a 2-player seed ran 740 moves
    so, to 1,332 in all). Now the ship sails left, round the corner (ring 2 to 37)."""
    cards = {name: ("island", 0, True) for name in ("A2", "B2", "C1")}
    cards["C2"] = ("rose1o", 0, True)  # one arrow, pointing at C3
    state = position(cards=cards, ships=(2, 25), hidden_treasure=False)
    _alone(state, keep=(0, 1))  # sailor 1 guards the ship
    put(state, 0, "A3", carry=100)
    state.tokens = {sq("E5"): [100]}  # the game is not over with the carried token
    assert bot.choose(state, 0) == ShipMove(-1, None)


def test_a_chain_back_to_where_the_move_began_is_a_null_move() -> None:
    """Seahorse: "one square forward and two squares to the side ... (like a knight in
    chess)"; starfish: "The sailor returns two squares back, in the direction from which
    they arrived". From E4 over the seahorses on D3 and C5, the starfish on A6 sends
    the sailor two jumps back — onto E4, where the move began; so does the seahorse's
    own jump C5 to E4. The move is one turn that changes nothing: the old bot judged
    the choice on C5 from C5 (E4 is nearer the face-down card on I5) and took that way
    every turn, for 230 moves of a 2-player seed. Now the choice is judged from where
    the move began, and the sailor ends somewhere new."""
    cards = {"D3": ("seahorse", 0, True), "C5": ("seahorse", 0, True),
             "A6": ("starfish", 0, True)}
    state = position(cards=cards, ships=(5, 25))
    _alone(state, keep=(0, 1))
    put(state, 1, "E4")
    RULESET.apply(state, 0, SailorMove(1, None, sq("D3"), None, 0))
    RULESET.apply(state, 0, Go(sq("C5"), 0))
    assert state.pending is not None and state.sailors[1].square == sq("C5")
    move = bot.choose(state, 0)
    RULESET.apply(state, 0, move)
    assert state.sailors[1].square != sq("E4"), move


def test_two_lone_guards_go_ashore_and_the_game_ends() -> None:
    """End of game: "The game ends when all the treasures have been discovered and
    carried to the ships, or when one player seizes all of the opponents' ships" — a
    game with one sailor left per player can still end so: the rulebook has no other
    end, so the bot must make progress. "A treasure is safe only on the ship, and only
    if the ship is guarded by at least one sailor": the old bot kept its last sailor
    aboard whenever any enemy sailor was in the game, so two lone guards shuttled
    their ships (1,704 moves here, ended only by the bot's stall jitter). Now the last
    sailor goes ashore while no raider could board its ship within a few moves, and
    the two remaining tokens are home within 40 moves."""
    state = position(ships=(5, 25), hidden_treasure=False)
    for sid in (1, 2, 3, 5, 6, 7):
        state.sailors[sid].state = "lost"
    state.tokens = {sq("E5"): [300], sq("C3"): [100]}
    assert bot.choose(state, 0) == SailorMove(0, None, sq("E1"), None, 0)
    moves = 0
    while RULESET.result(state) is None and moves < 40:
        (seat,) = RULESET.actors(state)
        RULESET.apply(state, seat, bot.choose(state, seat))
        moves += 1
    assert state.reason == "treasure"


def test_a_lone_guard_stays_aboard_with_a_raider_near() -> None:
    """"If a player's ship is left without a crew, it may be captured by another
    player's entry, together with all the treasures already delivered to it": with an
    enemy sailor two squares from the card beside its ship, the last sailor stays."""
    state = position(ships=(5, 25), hidden_treasure=False)
    for sid in (1, 2, 3, 5, 6, 7):
        state.sailors[sid].state = "lost"
    state.tokens = {sq("E5"): [300], sq("C3"): [100]}
    put(state, 4, "E3")
    assert not isinstance(bot.choose(state, 0), SailorMove)
