"""Lovci pokladů rules, one rule per test, on exact hand-built positions.

Docstrings cite the rulebook (``shared/rules/lovci-pokladu.md``), the component data
(``lovci-pokladu-data.md``) or a decision in ``games/lovci_pokladu/RULES-NOTES.md``.
Positions start from a seeded setup; :func:`position` then lays open sea everywhere
(face up) except the cards a test names, places the ships and hands the turn to seat 0.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games import get_ruleset
from games.lovci_pokladu import RULESET, bot, rules
from games.lovci_pokladu.actions import SailorMove
from games.lovci_pokladu.data import (
    ALL_TOKENS,
    CARD_TYPES,
    CENTRE,
    SQUARE_BY_NAME,
    TYPE_INDEX,
    exit_slots,
)
from games.lovci_pokladu.state import (
    HELD,
    LOST,
    OFF,
    ON_BOARD,
    ON_SHIP,
    PHASE_OVER,
    PHASE_PLAY,
    LovciState,
)
from games.protocol import IllegalAction


def sq(name: str) -> int:
    return SQUARE_BY_NAME[name.lower()]


def position(players: int = 2, cards: dict[str, tuple[str, int, bool]] | None = None,
             ships: tuple[int, ...] = (5, 25, 15, 35), hidden_treasure: bool = True) -> LovciState:
    """Open sea face up everywhere but ``cards`` (name -> (code, rotation, face_up));
    a face-down treasure on I5 keeps the game going unless ``hidden_treasure`` is off."""
    state = RULESET.setup(players, {}, 3)
    sea = TYPE_INDEX["sea"]
    state.cards = [sea] * 81
    state.rotation = [0] * 81
    state.face_up = [True] * 81
    state.spell_squares = {}
    if hidden_treasure:
        state.cards[sq("I5")] = TYPE_INDEX["treasure50"]
        state.face_up[sq("I5")] = False
    for name, (code, rot, up) in (cards or {}).items():
        state.cards[sq(name)] = TYPE_INDEX[code]
        state.rotation[sq(name)] = rot
        state.face_up[sq(name)] = up
    for i in range(players):
        state.ships[i].ring = ships[i]
    state.phase = PHASE_PLAY
    state.current = 0
    return state


def put(state: LovciState, sid: int, square: str, carry: int = 0) -> None:
    s = state.sailors[sid]
    s.state, s.square, s.ring, s.carry = ON_BOARD, sq(square), -1, carry


def play(state: LovciState, seat: int, text: str):  # type: ignore[no-untyped-def]
    action = RULESET.parse_action(text)
    assert action in RULESET.legal_actions(state, seat), (text, RULESET.legal_actions(state, seat))
    return RULESET.apply(state, seat, action)


def refused(state: LovciState, seat: int, text: str, key: str) -> None:
    before = json.dumps(RULESET.dump(state), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        RULESET.play(state, seat, text)
    assert info.value.key == key
    assert json.dumps(RULESET.dump(state), sort_keys=True) == before
    assert "{" not in info.value.message()


# -- components and setup ----------------------------------------------------------------
def test_components_match_the_data_file() -> None:
    """Data file: 81 cards with the listed counts; 41 tokens worth 7,200."""
    counts = {ct.code: ct.count for ct in CARD_TYPES}
    assert sum(counts.values()) == 81
    assert counts["sea"] == 23 and counts["dolphin"] == 4 and counts["treasure600"] == 2
    assert Counter(ALL_TOKENS) == {50: 12, 100: 9, 200: 9, 300: 9, 600: 2}
    assert sum(ALL_TOKENS) == 7200


def test_setup_deals_face_down_around_the_centre_rose() -> None:
    """Setup: cards face down, only the all-arrows wind rose face up in the centre; the
    deal and rotations come from the seed."""
    state = RULESET.setup(4, {}, 77)
    assert state.face_up.count(True) == 1 and state.face_up[CENTRE]
    assert CARD_TYPES[state.cards[CENTRE]].code == "rose8" and state.rotation[CENTRE] == 0
    assert Counter(state.cards) == Counter(
        i for i, ct in enumerate(CARD_TYPES) for _ in range(ct.count))
    assert RULESET.dump(RULESET.setup(4, {}, 77)) == RULESET.dump(state)
    assert RULESET.setup(4, {}, 78).cards != state.cards
    assert get_ruleset("lovci-pokladu") is RULESET


def test_ships_are_placed_on_the_players_side() -> None:
    """Setup: each ship beside a card of its player's side, not at a corner tip
    (RULES-NOTES: placed by the player's first action)."""
    state = RULESET.setup(2, {}, 1)
    seat = state.current
    other = 1 - seat
    legal = RULESET.legal_actions(state, seat)
    assert len(legal) == 9
    wrong = "start E9" if seat == 0 else "start E1"
    refused(state, seat, wrong, "lovci-pokladu.illegal.not_your_side")
    play(state, seat, "start E1" if seat == 0 else "start E9")
    play(state, other, "start C9" if other == 1 else "start C1")
    assert state.phase == PHASE_PLAY and state.current == seat


# -- movement ------------------------------------------------------------------------------
def test_ship_moves_and_corner_costs_two() -> None:
    """Ship movement: one position left or right; round a corner passes the tip (two)."""
    state = position()
    state.ships[0].ring = 9  # beside I1, south side
    play(state, 0, "ship right")
    assert state.ships[0].ring == 10 and RULESET.view(state, None).ships[0].tip
    state.current = 0
    play(state, 0, "ship right")
    assert state.ships[0].ring == 11  # beside I1, east side


def test_turn_moves_ship_or_one_sailor() -> None:
    """A turn moves either a ship or one sailor, never both: the turn passes after one."""
    state = position()
    play(state, 0, "sailor 1 to E1")
    assert state.current == 1
    assert state.sailors[0].state == ON_BOARD and state.sailors[0].square == sq("E1")


def test_disembark_only_straight() -> None:
    """A sailor enters the sea only from a ship, straight ahead, not diagonally."""
    state = position()
    refused(state, 0, "sailor 1 to D1", "lovci-pokladu.illegal.disembark")
    state.ships[0].ring = 10  # corner tip: no card straight ahead
    assert not any(type(a).__name__ == "SailorMove" for a in RULESET.legal_actions(state, 0))


def test_sailor_moves_one_square_any_direction() -> None:
    """Inside the field a sailor moves one square in any direction."""
    state = position()
    put(state, 0, "E5")
    state.cards[CENTRE] = TYPE_INDEX["sea"]
    targets = {a.square for a in RULESET.legal_actions(state, 0)
               if type(a).__name__ == "SailorMove" and a.num == 0}
    assert targets == {sq(n) for n in ("D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6")}
    refused(state, 0, "sailor 1 to E7", "lovci-pokladu.illegal.not_adjacent")


def test_entering_turns_the_card_over() -> None:
    """Before a move the card the sailor enters is turned over, and stays face up."""
    state = position(cards={"E2": ("turtle", 0, False)})
    put(state, 0, "E1")
    view = RULESET.view(state, None)
    assert view.cards[sq("E2")].kind is None and not view.cards[sq("E2")].face_up
    play(state, 0, "sailor 1 to E2")
    assert state.face_up[sq("E2")]


# -- cards ---------------------------------------------------------------------------------
def test_rose_single_arrow_moves_on_at_once() -> None:
    """Wind rose: the sailor continues in the arrow's direction (RULES-NOTES: at once)."""
    state = position(cards={"E2": ("rose1o", 1, True)})  # arrow north turned east
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to E2")
    assert state.sailors[0].square == sq("F2")


def test_rose_several_arrows_player_chooses() -> None:
    """Wind rose with several arrows: the player chooses one (``go``)."""
    state = position(cards={"E2": ("rose2o", 1, True)})  # east / west
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to E2")
    assert state.current == 0 and state.pending is not None
    refused(state, 0, "go E3", "lovci-pokladu.illegal.bad_go")
    play(state, 0, "go D2")
    assert state.sailors[0].square == sq("D2") and state.current == 1


def test_chain_turns_the_next_card() -> None:
    """A rose leading onto a face-down card turns it and applies it (chains)."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("turtle", 0, False)})
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to E2")
    assert state.face_up[sq("E3")] and state.sailors[0].square == sq("E3")
    assert state.sailors[0].delay == 1


def test_true_cycle_ends_on_the_card_before_the_repeat() -> None:
    """RULES-NOTES (loop guard): two roses pointing at each other would send the sailor
    E2 → E3 → E2 → E3 … forever; a step already made in this move (E2 → E3) is never
    made again, so the sailor stays on E2, where the repeat would begin."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("rose1o", 2, True)})
    put(state, 0, "E1")
    events = play(state, 0, "sailor 1 to E2")
    assert state.sailors[0].square == sq("E2") and state.current == 1
    assert events[-1].key == "lovci-pokladu.event.stuck"


def test_seahorse_knight_jump() -> None:
    """Seahorse: one forward and two to the side, or two and one (a knight's move)."""
    state = position(cards={"E5": ("seahorse", 0, True)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert sq("F7") in options and sq("G6") in options and sq("E6") not in options
    play(state, 0, "go F7")
    assert state.sailors[0].square == sq("F7")


def test_dolphin_one_or_two_squares() -> None:
    """Dolphin: one or two squares more in any direction."""
    state = position()
    state.cards[sq("E4")] = TYPE_INDEX["dolphin"]
    put(state, 0, "E3")
    play(state, 0, "sailor 1 to E4")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert {sq("E5"), sq("E6"), sq("G6"), sq("C4")} <= options
    # "in any direction": back to the square it came from, and two squares back
    assert {sq("E3"), sq("E2")} <= options and len(options) == 16


def test_starfish_two_back() -> None:
    """Starfish: two squares back along the arrival direction; a token is left on the
    last square before the starfish."""
    state = position(cards={"E5": ("starfish", 0, True)})
    state.tokens[sq("E4")] = [100]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5 with 100")
    assert state.sailors[0].square == sq("E3") and state.sailors[0].carry == 0
    assert state.tokens[sq("E4")] == [100]


def test_shark_loses_sailor_and_token() -> None:
    """Shark: the sailor and its token drop out of the game."""
    state = position(cards={"E5": ("shark", 0, True)})
    state.tokens[sq("E4")] = [300]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5 with 300")
    assert state.sailors[0].state == LOST and state.lost_tokens == [300]


def test_stingray_throws_off_in_tail_direction() -> None:
    """Stingray: thrown off the field in the tail's direction; the token stays on the
    square the sailor struck from; it walks back along the perimeter."""
    state = position(cards={"E5": ("stingray", 1, True)})  # tail south turned west
    state.tokens[sq("F5")] = [50]
    put(state, 0, "F5")
    play(state, 0, "sailor 1 to E5 with 50")
    s = state.sailors[0]
    assert s.state == OFF and s.ring == exit_slots(sq("E5"), 6)[0] == 35
    assert state.tokens[sq("F5")] == [50]
    state.current = 0
    play(state, 0, "sailor 1 right")
    assert state.sailors[0].ring == 36


def test_stingray_over_a_corner_offers_a_side() -> None:
    """Thrown over a corner card, the player chooses the side."""
    state = position(cards={"B2": ("stingray", 0, True)})  # tail south
    put(state, 0, "B3")
    # from B2 southwards the figure crosses B1, not a corner: single side
    play(state, 0, "sailor 1 to B2")
    assert state.sailors[0].ring == 2
    state = position(cards={"A2": ("stingray", 0, True)})
    put(state, 0, "B3")
    play(state, 0, "sailor 1 to A2")  # thrown south over A1, a corner card
    assert state.pending is not None and state.pending.kind == "side"
    play(state, 0, "side west")
    assert state.sailors[0].state == OFF and state.sailors[0].ring == 39


def test_walker_reaches_ship_and_ship_fetches() -> None:
    """To return, the sailor walks along the perimeter to its ship, or the ship comes."""
    state = position()
    s = state.sailors[0]
    s.state, s.ring = OFF, 7
    state.ships[0].ring = 5
    play(state, 0, "ship right")
    assert s.state == OFF
    state.current = 0
    play(state, 0, "ship right")
    assert s.state == ON_SHIP


def test_foreign_ship_takes_walker_prisoner() -> None:
    """A foreign ship blocking the walker takes it prisoner; it serves the new owner."""
    state = position()
    s = state.sailors[0]
    s.state, s.ring = OFF, 26  # its ship is at 5: the way home is +1 (19 positions)
    state.ships[1].ring = 27
    refused(state, 0, "sailor 1 right", "lovci-pokladu.illegal.ship_blocks")
    state.current = 1
    play(state, 1, "ship left")
    assert s.state == ON_SHIP and s.ship == 1 and rules.owner(state, 0) == 1


def test_turtle_delays_one_turn() -> None:
    """Turtle: that sailor may not move for one turn; a treasure may enter too."""
    state = position(cards={"E5": ("turtle", 0, True)})
    state.tokens[sq("E4")] = [200]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5 with 200")
    assert state.sailors[0].carry == 200
    state.current = 0  # seat 0's next turn
    refused(state, 0, "sailor 1 to E6 with 200", "lovci-pokladu.illegal.delayed")
    play(state, 0, "ship left")
    state.current = 0
    play(state, 0, "sailor 1 to E6 with 200")


def test_octopus_holds_until_own_sailor_frees() -> None:
    """Octopus: held until another own sailor enters; both then move on."""
    state = position(cards={"E5": ("octopus", 0, True)})
    put(state, 0, "E4")
    put(state, 1, "D4")
    play(state, 0, "sailor 1 to E5")
    assert state.sailors[0].state == HELD
    state.current = 0
    play(state, 0, "sailor 2 to E5")
    assert state.sailors[0].state == ON_BOARD and state.sailors[1].state == ON_BOARD


def test_octopus_foreign_liberator_takes_treasure() -> None:
    """Octopus: a foreign sailor frees the figure, which returns to its ship; its
    treasure belongs to the liberator."""
    state = position(cards={"E5": ("octopus", 0, True)})
    put(state, 0, "E5", carry=300)
    state.sailors[0].state = HELD
    put(state, 4, "E6")
    state.current = 1
    play(state, 1, "sailor 1 to E5")
    assert state.sailors[0].state == ON_SHIP and state.sailors[4].carry == 300
    assert state.sailors[4].state == ON_BOARD


def test_hurricane_back_to_ship() -> None:
    """Hurricane: back onto own ship; the token stays where the sailor came from."""
    state = position(cards={"E5": ("hurricane", 0, True)})
    state.tokens[sq("E4")] = [100]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5 with 100")
    assert state.sailors[0].state == ON_SHIP and state.tokens[sq("E4")] == [100]


def test_island_refuses_treasure() -> None:
    """Island: entered only without treasure."""
    state = position(cards={"E5": ("island", 0, True)})
    put(state, 0, "E4", carry=100)
    refused(state, 0, "sailor 1 to E5 with 100", "lovci-pokladu.illegal.carry_onto")
    play(state, 0, "sailor 1 to E5")
    assert state.tokens[sq("E4")] == [100]


def test_volcano_ship_only_turns() -> None:
    """Volcanoes: 1–3 turns in which the player must move only a ship."""
    state = position(cards={"E5": ("volcano2", 0, True)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    for _ in range(2):
        state.current = 0
        assert all(type(a).__name__ == "ShipMove" for a in RULESET.legal_actions(state, 0))
        refused(state, 0, "sailor 2 to E1", "lovci-pokladu.illegal.ship_only")
        play(state, 0, "ship left")
    state.current = 0
    play(state, 0, "sailor 1 to E6")


def test_last_sailor_volcano_skips_turns() -> None:
    """Tactical rule: the last sailor in play on a volcano makes its player skip turns."""
    state = position(cards={"E5": ("volcano3", 0, True)})
    for sid in (1, 2, 3):
        state.sailors[sid].state = LOST
    put(state, 0, "E4")
    events = play(state, 0, "sailor 1 to E5")
    assert state.players[0].skips == 3
    play(state, 1, "ship left")
    assert state.current == 1 and state.players[0].skips == 2
    assert any(e.key.endswith("volcano_last") for e in events)


def test_open_sea_and_treasure_tokens() -> None:
    """Treasure: the printed tokens are laid on the card when it is discovered; open sea
    does nothing."""
    state = position(cards={"E5": ("treasure300", 0, False)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    assert state.tokens[sq("E5")] == [300, 300, 300]


def test_carry_one_token_and_deliver() -> None:
    """Tokens are carried one at a time to the ship with the figure."""
    state = position()
    state.tokens[sq("E1")] = [300, 100]
    put(state, 0, "E1")
    state.sailors[1].state = ON_SHIP
    play(state, 0, "sailor 1 to ship r with 300")
    assert state.ships[0].treasure == [300] and state.tokens[sq("E1")] == [100]


def test_no_treasure_onto_face_down_card() -> None:
    """A carried token may not enter an unturned card: it is left behind."""
    state = position(cards={"E5": ("sea", 0, False)})
    put(state, 0, "E4", carry=50)
    refused(state, 0, "sailor 1 to E5 with 50", "lovci-pokladu.illegal.carry_onto")
    play(state, 0, "sailor 1 to E5")
    assert state.tokens[sq("E4")] == [50] and state.sailors[0].carry == 0


def test_neptune_any_square_not_in_discovery_turn() -> None:
    """Neptune: to any square, once, not in the turn of discovery."""
    state = position(cards={"E5": ("neptune", 0, False)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    assert state.spells["neptune"].holder == 0
    state.current = 0
    play(state, 0, "neptune to A9")
    assert state.sailors[0].square == sq("A9") and state.spells["neptune"].status == "used"


def test_neptune_captures_crewless_ship() -> None:
    """Neptune may take the sailor to an opponent's ship without crew."""
    state = position(cards={"E5": ("neptune", 0, True)})
    put(state, 0, "E5")
    state.spells["neptune"].holder, state.spells["neptune"].status = 0, "held"
    for sid in range(4, 8):
        state.sailors[sid].state = LOST
    play(state, 0, "neptune to ship g")
    assert state.ships[1].owner == 0 and state.players[1].out
    assert state.phase == PHASE_OVER and RULESET.result(state).winners == (0,)


def test_spell_lost_when_leaving() -> None:
    """A sailor leaving the special card before using it loses the spell."""
    state = position(cards={"E5": ("neptune", 0, True)})
    put(state, 0, "E5")
    state.spells["neptune"].holder, state.spells["neptune"].status = 0, "held"
    play(state, 0, "sailor 1 to E6")
    assert state.spells["neptune"].status == "lost"


def test_spell_passes_to_expelling_opponent() -> None:
    """An opponent expelling the sailor from the card takes over the spell."""
    state = position(cards={"E5": ("mermaid", 0, True)})
    put(state, 0, "E5")
    state.spells["mermaid"].holder, state.spells["mermaid"].status = 0, "held"
    put(state, 4, "E6")
    state.current = 1
    play(state, 1, "sailor 1 to E5")
    assert state.spells["mermaid"].holder == 4 and state.sailors[0].state == ON_SHIP


def test_mermaid_brings_a_treasure_now_or_later() -> None:
    """Mermaid: brings an unguarded treasure, now or in a later turn."""
    state = position(cards={"E5": ("mermaid", 0, False)})
    state.tokens[sq("A9")] = [600]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    assert state.pending is not None and state.pending.kind == "mermaid"
    play(state, 0, "later")
    state.current = 0
    play(state, 0, "mermaid A9 600")
    assert state.sailors[0].carry == 600 and sq("A9") not in state.tokens


def test_two_own_sailors_block_a_square() -> None:
    """Tactical rule: two sailors of one ship block the square to an opponent."""
    state = position()
    put(state, 4, "E5")
    put(state, 5, "E5")
    put(state, 0, "E4")
    refused(state, 0, "sailor 1 to E5", "lovci-pokladu.illegal.blocked")


def test_knock_back_and_seize_token() -> None:
    """Tactical rule: entering a lone enemy's square throws it onto its ship; its token
    stays on the square."""
    state = position()
    put(state, 4, "E5", carry=200)
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    assert state.sailors[4].state == ON_SHIP and state.tokens[sq("E5")] == [200]


def test_capture_crewless_ship_and_its_sailors() -> None:
    """A crewless ship is captured by an enemy entering it, with its treasure and its
    sailors at sea; the captured player drops out (RULES-NOTES)."""
    state = position(players=3, ships=(5, 25, 15))
    state.ships[1].ring = 25  # beside E9
    state.ships[1].treasure = [300]
    for sid in range(4, 8):
        put(state, sid, "A5")
    put(state, 0, "E9", carry=50)
    play(state, 0, "sailor 1 to ship g with 50")
    assert state.ships[1].owner == 0 and state.players[1].out
    assert rules.total(state, 0) == 350 and rules.owner(state, 5) == 0
    assert state.phase == PHASE_PLAY and state.current == 2


def test_end_when_one_player_seizes_every_ship() -> None:
    """End of Game: "...or when one player seizes all of the opponents' ships"; the
    treasure on the captured ship counts for the captor."""
    state = position(players=2)
    state.ships[1].ring = 25  # beside E9, left without crew
    state.ships[1].treasure = [200]
    for sid in range(4, 8):
        put(state, sid, "A5")
    put(state, 0, "E9")
    play(state, 0, "sailor 1 to ship g")
    assert state.phase == PHASE_OVER and state.reason == "ships"
    result = RULESET.result(state)
    assert result is not None and result.winners == (0,) and result.scores[0] == 200
    assert RULESET.actors(state) == frozenset()


def test_guarded_ship_cannot_be_captured() -> None:
    """A ship is safe only if guarded by at least one sailor."""
    state = position()
    state.ships[1].ring = 25
    put(state, 0, "E9")
    assert not any(getattr(a, "ship", None) == 1 for a in RULESET.legal_actions(state, 0))


def test_end_when_all_treasure_home() -> None:
    """End: all treasures discovered and carried to the ships; the highest total wins."""
    state = position(hidden_treasure=False)
    state.ships[1].treasure = [600]
    state.tokens[sq("E1")] = [50]
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to ship r with 50")
    assert state.phase == PHASE_OVER and state.reason == "treasure"
    assert RULESET.result(state).winners == (1,) and RULESET.result(state).scores == (50, 600)


def test_tie_shares_the_win() -> None:
    """RULES-NOTES: equal highest totals share the win."""
    state = position(hidden_treasure=False)
    state.ships[1].treasure = [50]
    state.tokens[sq("E1")] = [50]
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to ship r with 50")
    assert RULESET.result(state).winners == (0, 1)


def test_pass_only_when_nothing_else() -> None:
    """RULES-NOTES: ``pass`` only when no other move is legal."""
    state = position()
    refused(state, 0, "pass", "lovci-pokladu.illegal.cannot_pass")


# -- chains, prisoners and captured pieces --------------------------------------------------
def test_dolphin_leads_onto_a_face_down_card_which_is_turned_and_applied() -> None:
    """Dolphin: "the sailor continues one or two squares"; Basic rules: "before each move,
    the player turns over the next face-down card that the sailor is about to enter" — so
    a chain onto a face-down card turns it and carries out its effect (a turtle here)."""
    state = position(cards={"E4": ("dolphin", 0, True), "E6": ("turtle", 0, False)})
    put(state, 0, "E3")
    play(state, 0, "sailor 1 to E4")
    assert state.pending is not None and state.pending.kind == "go"
    events = play(state, 0, "go E6")
    assert state.face_up[sq("E6")] and state.sailors[0].square == sq("E6")
    assert state.sailors[0].delay == 1  # the turtle: it sits out its player's next turn
    assert any(e.key.endswith("event.turned") for e in events)
    assert any(e.key.endswith("event.turtle") for e in events)


def test_thrown_sailor_landing_beside_a_foreign_ship_is_taken_prisoner() -> None:
    """Stingray: "If another player's ship blocks the sailor's movement, that ship may
    take the sailor prisoner, and the sailor must serve its owner" (RULES-NOTES: landing
    on a foreign ship's position makes it a prisoner)."""
    state = position(cards={"E5": ("stingray", 1, True)})  # tail west: lands at 35
    state.ships[1].ring = 35
    put(state, 0, "F5")
    play(state, 0, "sailor 1 to E5")
    s = state.sailors[0]
    assert s.state == ON_SHIP and s.ship == 1 and rules.owner(state, 0) == 1
    assert state.sailors[0].colour == 0  # still a red figure, serving green


def test_thrown_sailor_blocked_by_a_foreign_ship_is_taken_prisoner() -> None:
    """Stingray: the thrown sailor walks back along the perimeter; "if another player's
    ship blocks the sailor's movement, that ship may take the sailor prisoner"."""
    state = position(cards={"E5": ("stingray", 1, True)})  # tail west: lands at 35
    state.ships[1].ring = 36
    put(state, 0, "F5")
    play(state, 0, "sailor 1 to E5")
    assert state.sailors[0].state == OFF and state.sailors[0].ring == 35
    state.current = 0
    refused(state, 0, "sailor 1 right", "lovci-pokladu.illegal.ship_blocks")
    state.current = 1
    play(state, 1, "ship left")
    assert state.sailors[0].state == ON_SHIP and rules.owner(state, 0) == 1
    state.current = 1
    # the prisoner now serves green: green moves it (as "r1"), red no longer can
    play(state, 1, "sailor r1 to A5")
    assert state.sailors[0].square == sq("A5") and state.current == 0
    assert not any(isinstance(a, SailorMove) and a.num == 0 and a.colour is None
                   for a in RULESET.legal_actions(state, 0))


def test_captured_ship_and_prisoner_move_for_the_capturer() -> None:
    """"The player who seized the ship continues in play with the captured ship and the
    captured sailors": after a capture the capturer moves the ship (``ship g``) and the
    ship's sailors at sea (``sailor g2``)."""
    state = position(players=3, ships=(5, 25, 15))
    for sid in (4, 6, 7):
        state.sailors[sid].state = "lost"
    put(state, 5, "A5")
    put(state, 0, "E9")
    play(state, 0, "sailor 1 to ship g")
    assert state.ships[1].owner == 0 and state.players[1].out
    state.current = 0
    play(state, 0, "ship g right")
    assert state.ships[1].ring == 26 and state.current == 2
    state.current = 0
    play(state, 0, "sailor g2 to A6")
    assert state.sailors[5].square == sq("A6") and rules.owner(state, 5) == 0


@pytest.mark.parametrize(("players", "seed"), [(2, 100), (3, 110), (4, 102)])
def test_bot_only_game_ends_by_the_rules(players: int, seed: int) -> None:
    """End of game: "when all the treasures have been discovered and carried to the
    ships, or when one player seizes all of the opponents' ships" — bots alone reach one
    of these endings well inside a turn bound, never the ``turn_limit`` house rule."""
    state = RULESET.setup(players, {"turn_limit": 3000}, seed)
    while RULESET.result(state) is None:
        (seat,) = RULESET.actors(state)
        RULESET.apply(state, seat, bot.choose(state, seat))
    assert state.reason in ("treasure", "ships", "stranded") and state.turn < 3000


# -- issue 8: stepping back, walking home, the octopus, the readings, the end ---------------
def test_all_arrows_rose_offers_all_eight_directions_back_included() -> None:
    """Wind rose: "On roses with yellow arrows in several directions, the player
    continues in one of those directions of their own choice" — all eight of the centre
    rose, the square the sailor came from included."""
    state = position(cards={"E5": ("rose8", 0, True)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert len(options) == 8 and sq("E4") in options
    play(state, 0, "go E4")
    assert state.sailors[0].square == sq("E4") and state.current == 1


def test_single_arrow_rose_pointing_back_sends_the_sailor_back() -> None:
    """Wind rose: "The sailor continues on their next move in the direction marked by
    the yellow arrow" — also when the arrow points back where the sailor came from."""
    state = position(cards={"E2": ("rose1o", 2, True)})  # arrow north turned south
    put(state, 0, "E3")
    play(state, 0, "sailor 1 to E2")
    assert state.sailors[0].square == sq("E1") and state.current == 1


def test_loop_guard_lets_a_chain_come_back_to_a_square() -> None:
    """RULES-NOTES (loop guard): only a repeated step ends a chain, not a square passed
    before. Starfish: "The sailor returns two squares back, in the direction from which
    they arrived": E1 → E2 (rose north) → E3 (starfish) → two back, onto E1 again."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("starfish", 0, True)})
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to E2")
    assert state.sailors[0].state == ON_BOARD and state.sailors[0].square == sq("E1")


def test_walking_back_only_toward_the_ship() -> None:
    """Stingray: the sailor returns "by moving one square at a time along the perimeter
    of the board toward the ship" — the shorter way; both ways when they are equal; the
    ship may still come to fetch it (RULES-NOTES)."""
    state = position()  # seat 0's ship at 5
    s = state.sailors[0]
    s.state, s.ring = OFF, 12
    walks = [a for a in RULESET.legal_actions(state, 0) if type(a).__name__ == "Walk"]
    assert [a.step for a in walks] == [-1]
    refused(state, 0, "sailor 1 right", "lovci-pokladu.illegal.walk_away")
    s.ring = 25  # 20 positions either way round
    walks = [a for a in RULESET.legal_actions(state, 0) if type(a).__name__ == "Walk"]
    assert sorted(a.step for a in walks) == [-1, 1]
    s.ring = 7
    play(state, 0, "ship right")
    state.current = 0
    play(state, 0, "ship right")
    assert s.state == ON_SHIP


def test_octopus_treasure_goes_to_an_own_liberator() -> None:
    """Octopus: "If the octopus captures a sailor carrying a treasure, the treasure
    belongs to the liberator" — also when the liberator is the captive's own player."""
    state = position(cards={"E5": ("octopus", 0, True)})
    put(state, 0, "E5", carry=300)
    state.sailors[0].state = HELD
    put(state, 1, "E4")
    play(state, 0, "sailor 2 to E5")
    assert state.sailors[1].carry == 300 and state.sailors[0].carry == 0
    assert state.sailors[0].state == ON_BOARD


def test_octopus_own_liberator_with_full_hands_leaves_the_captive_its_token() -> None:
    """RULES-NOTES: a liberator that already carries a token cannot take a second; the
    freed sailor (same player) keeps carrying the octopus's catch."""
    state = position(cards={"E5": ("octopus", 0, True)})
    put(state, 0, "E5", carry=300)
    state.sailors[0].state = HELD
    put(state, 1, "E4", carry=50)
    play(state, 0, "sailor 2 to E5 with 50")
    assert state.sailors[1].carry == 50 and state.sailors[0].carry == 300


def test_seahorse_offers_all_eight_knight_squares() -> None:
    """Seahorse: "one square forward and two squares to the side, or two squares forward
    and one square to the side"; RULES-NOTES reads "forward" as any way the card may lie
    (cards are dealt rotated), so all eight knight squares are offered."""
    state = position(cards={"E5": ("seahorse", 0, True)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert options == {sq(n) for n in ("F7", "G6", "G4", "F3", "D3", "C4", "C6", "D7")}


def test_dolphin_jumps_over_the_square_between() -> None:
    """Dolphin: "continues one or two squares … in any direction"; RULES-NOTES: a
    two-square move is a jump — the card between is not turned or entered, a shark or
    a sailor there does not matter."""
    state = position(cards={"E4": ("dolphin", 0, True), "E5": ("shark", 0, False)})
    put(state, 4, "E5")
    put(state, 0, "E3")
    play(state, 0, "sailor 1 to E4")
    play(state, 0, "go E6")
    assert state.sailors[0].square == sq("E6") and not state.face_up[sq("E5")]
    assert state.sailors[4].square == sq("E5") and state.sailors[4].state == ON_BOARD


def test_a_captured_ships_sailors_return_to_that_ship() -> None:
    """Tactical rule: a captured ship's sailors at sea "become captives" of the seizer;
    RULES-NOTES: a sailor belongs to a ship, not a player, so when knocked back it goes
    to that ship, whoever holds it now, however often it changed hands."""
    state = position(players=3, ships=(5, 25, 15))
    for sid in (4, 6, 7):
        state.sailors[sid].state = LOST
    put(state, 5, "A5")
    put(state, 0, "E9")
    play(state, 0, "sailor 1 to ship g")  # red seizes green's ship and g2
    put(state, 8, "A4")
    state.current = 2
    play(state, 2, "sailor 1 to A5")  # yellow knocks g2 back
    assert state.sailors[5].state == ON_SHIP and state.sailors[5].ship == 1
    assert rules.owner(state, 5) == 0


def test_two_sailors_of_one_player_from_two_ships_block_a_square() -> None:
    """Tactical rule: "A square occupied by two sailors from the same ship may not be
    occupied by an opponent"; RULES-NOTES: once a player holds two ships, the ships'
    crews are one player's — one sailor of each ship on a square blocks it too."""
    state = position(players=3, ships=(5, 25, 15))
    state.ships[1].owner = 2
    state.players[1].out = True
    put(state, 5, "E5")  # green's figure, now yellow's
    put(state, 8, "E5")  # yellow's own
    put(state, 0, "E4")
    refused(state, 0, "sailor 1 to E5", "lovci-pokladu.illegal.blocked")


def test_game_ends_when_no_sailor_can_move_again() -> None:
    """End of Game: the game ends when the treasures are carried to the ships; RULES-NOTES:
    when no sailor can ever move again (all lost, the last ones held by octopuses) no
    treasure can reach a ship, so the game ends with what was delivered."""
    state = position(cards={"E5": ("shark", 0, True), "C3": ("octopus", 0, True)})
    state.ships[0].treasure = [300]
    state.ships[1].treasure = [100]
    for sid in (1, 2, 3, 4, 5, 6):
        state.sailors[sid].state = LOST
    put(state, 7, "C3")
    state.sailors[7].state = HELD
    put(state, 0, "E4")
    events = play(state, 0, "sailor 1 to E5")
    assert state.phase == PHASE_OVER and state.reason == "stranded"
    assert events[-1].key == "lovci-pokladu.event.end_stranded"
    result = RULESET.result(state)
    assert result is not None and result.winners == (0,) and result.scores == (300, 100)


def test_a_player_with_no_sailor_left_sits_out() -> None:
    """RULES-NOTES: a player whose sailors are all lost can never carry treasure again;
    like the player whose last sailor is held by a volcano ("that player skips … turns")
    they skip their turns instead of being asked to move a ship; their treasure counts."""
    state = position(cards={"E5": ("shark", 0, True)})
    state.ships[1].treasure = [200]
    for sid in (5, 6, 7):
        state.sailors[sid].state = LOST
    put(state, 4, "E4")
    put(state, 0, "A1")
    state.current = 1
    events = play(state, 1, "sailor 1 to E5")
    assert "lovci-pokladu.event.no_crew" in [e.key for e in events]
    assert state.current == 0 and state.phase == PHASE_PLAY
    play(state, 0, "ship left")
    assert state.current == 0  # green is skipped
    assert rules.total(state, 1) == 200


def test_bot_does_not_repeat_a_known_death() -> None:
    """Shark: "The sailor has fallen victim to a shark and is lost"; issue 8 item 5: the
    bot never picks a move whose visible outcome (a face-up rose onto a face-up shark) is
    losing a sailor while a move it rates better exists — here it steps aside."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("shark", 0, True)})
    put(state, 0, "E1")
    for sid in (1, 2, 3):
        state.sailors[sid].state = LOST
    death = RULESET.parse_action("sailor 1 to E2")
    assert bot.visible_outcome(state, 0, death) == LOST
    assert bot.choose(state, 0) != death
    assert bot.score(state, 0, death) < min(
        bot.score(state, 0, a) for a in RULESET.legal_actions(state, 0) if a != death)


def test_bot_trial_move_never_looks_under_a_face_down_card() -> None:
    """The bot plays from public information: a chain reaching a face-down card has no
    visible outcome, whatever the card is."""
    for hidden in ("shark", "sea"):
        state = position(cards={"E2": ("rose1o", 0, True), "E3": (hidden, 0, False)})
        put(state, 0, "E1")
        assert bot.visible_outcome(state, 0, RULESET.parse_action("sailor 1 to E2")) is None


# -- statistics for the end-of-game summary (issue 18) -----------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 5)])
def test_statistics_add_up_to_the_game(players: int, seed: int) -> None:
    """Treasures: "The sailor must carry these tokens to the ship one at a time" — the
    delivered tokens of the summary add up to the treasure on the ships, the tokens found
    to the treasure cards turned, and the last round's totals are the final scores."""
    state = RULESET.setup(players, {}, seed)
    assert RULESET.summary_view(state) is None
    while RULESET.result(state) is None:
        (seat,) = RULESET.actors(state)
        assert RULESET.summary_view(state) is None  # nothing shown while the game runs
        RULESET.apply(state, seat, bot.choose(state, seat))
    summary = RULESET.summary_view(state)
    assert summary is not None
    values = summary.token_values
    delivered = sum(n * v for p in summary.players
                    for n, v in zip(p.delivered, values, strict=True))
    assert delivered == sum(sum(ship.treasure) for ship in state.ships)
    found = Counter()
    for p in summary.players:
        found.update({v: n for v, n in zip(values, p.found, strict=True)})
    turned = Counter(v for i, ct in enumerate(state.cards) if state.face_up[i]
                     for v in CARD_TYPES[ct].tokens)
    assert +found == +turned
    assert summary.rounds[-1] == tuple(p.total for p in summary.players)
    assert sum(p.turned for p in summary.players) == sum(state.face_up) - 1
    assert sum(p.knocks_given for p in summary.players) == sum(
        p.knocks_taken for p in summary.players)
    assert sum(p.sharks for p in summary.players) == sum(
        1 for s in state.sailors if s.state == LOST)
    assert json.loads(json.dumps(RULESET.dump(state))) == RULESET.dump(
        RULESET.load(RULESET.dump(state)))


def test_a_schema_1_state_loads_with_empty_statistics() -> None:
    """RULES-NOTES: states saved before the statistics (schema 1) still load."""
    state = position()
    data = RULESET.dump(state)
    old = {k: v for k, v in data.items() if k != "stats"}
    old["schema"] = 1
    old["pending"] = None
    loaded = RULESET.load(old)
    assert loaded.stats.turned == [0, 0] and loaded.stats.rounds == []
    assert RULESET.dump(loaded)["schema"] == 2


# -- what just happened (issue 9 item 14) ----------------------------------------------------
def test_own_ordinary_moves_are_narrated() -> None:
    """Basic Rules: players take turns "bringing their sailors into the playing field":
    an ordinary move is told too, not only what the cards do."""
    state = position()
    put(state, 0, "E2")
    state.tokens[sq("E2")] = [100]
    events = play(state, 0, "sailor 1 to E3 with 100")
    assert [e.text(["Ann", "Bot 1"]) for e in events] == [
        "Ann moved sailor r1 to E3 carrying 100."]
    events = play(state, 1, "sailor 1 to E9")
    assert events[0].text(["Ann", "Bot 1"]) == "Bot 1 moved sailor g1 to E9."


def test_a_ship_move_says_whose_ship() -> None:
    """Ship Movement: each player moves *their* ship: "Bot 1 moved its ship right"; a
    captured ship is named by its colour."""
    state = position(players=3, ships=(5, 25, 15))
    events = play(state, 0, "ship right")
    assert events[0].text(["Ann", "Bot 1", "Bot 2"]) == "Ann moved its ship right."
    state.ships[1].owner = 0
    state.current = 0
    events = play(state, 0, "ship g left")
    assert events[0].text(["Ann", "Bot 1", "Bot 2"]) == "Ann moved the Green ship left."


def test_leaving_a_spell_card_says_the_spell_is_lost() -> None:
    """Special Cards: "If the sailor leaves the special card before using it, the spell is
    irrevocably lost" — the move's label and its account say so."""
    state = position(cards={"E5": ("neptune", 0, True)})
    put(state, 0, "E5")
    state.spells["neptune"].holder, state.spells["neptune"].status = 0, "held"
    move = RULESET.parse_action("sailor 1 to E6")
    label = RULESET.describe_action(state, 0, move, ["Ann", "Bot 1"], "en")
    assert "spell is lost" in label and "Neptune" in label
    events = play(state, 0, "sailor 1 to E6")
    assert any(e.key == "lovci-pokladu.event.spell_lost" for e in events)


def test_bot_trial_moves_leave_the_game_untouched() -> None:
    """The bot is a pure function of the state: trying chains on a copy changes nothing."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("shark", 0, True),
                            "D2": ("rose2o", 1, True)})
    put(state, 0, "E1", carry=0)
    state.tokens[sq("E1")] = [200]
    before = json.dumps(RULESET.dump(state), sort_keys=True)
    for action in RULESET.legal_actions(state, 0):
        bot.score(state, 0, action)
    bot.choose(state, 0)
    assert json.dumps(RULESET.dump(state), sort_keys=True) == before


def test_going_ashore_is_listed_once_per_ship() -> None:
    """Issue 9 item 19: "Cut needless prompts ... moves that are equivalent". Four
    sailors aboard one ship going ashore onto the card in front of it ("A sailor may
    enter the sea only from a ship, and only in a straight (perpendicular) direction")
    are one move whichever goes: the menu lists it once, and every sailor may still be
    sent by typing its number."""
    state = position(ships=(5, 25))
    legal = RULESET.legal_actions(state, 0)
    ashore = [a for a in legal if isinstance(a, SailorMove)]
    assert len(ashore) == 4
    notations = [c.notation for c in RULESET.choices(state, 0)]
    assert notations == ["ship left", "ship right", "sailor 1 to E1"]
    play(state, 0, "sailor 3 to E1")
    assert state.sailors[2].square == sq("E1")


# -- issue 24 item 8 a: targets at the edge, blocked or already made; the starfish; ships --
def test_rose_at_the_edge_offers_only_arrows_onto_the_board_and_never_a_blocked_square() -> None:
    """LP-D50: a rose arrow pointing off the board offers nothing (a rose never puts a
    sailor into the sea, not even beside its own ship); a square held by two sailors of
    one opponent is not offered ("may not be occupied by an opponent"); the square the
    sailor came from is."""
    state = position(cards={"E9": ("rose4o", 0, True)})  # N (off the board), E, S, W
    put(state, 4, "F9")
    put(state, 5, "F9")  # two of green's sailors block F9
    put(state, 0, "E8")
    play(state, 0, "sailor 1 to E9")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert options == {sq("D9"), sq("E8")}


def test_dolphin_and_seahorse_at_the_edge_offer_only_squares_on_the_board() -> None:
    """LP-D50: a dolphin beside the edge offers the one square left in that direction,
    not the jump off the board; a seahorse in the corner has two knight squares."""
    state = position(cards={"E9": ("dolphin", 0, True)})
    put(state, 0, "E8")
    play(state, 0, "sailor 1 to E9")
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert options == {sq(n) for n in ("D9", "C9", "F9", "G9", "E8", "E7", "D8", "C7",
                                       "F8", "G7")}
    state = position(cards={"A1": ("seahorse", 0, True)})
    put(state, 0, "A2")
    play(state, 0, "sailor 1 to A1")
    assert {a.square for a in RULESET.legal_actions(state, 0)} == {sq("B3"), sq("C2")}


def test_a_carried_token_is_left_on_the_rose_before_a_face_down_card() -> None:
    """LP-D50 and the rule "A sailor carrying a treasure may not enter a card that has
    not yet been turned over with that treasure": a rose sending a carrier onto a
    face-down card leaves the token on the rose."""
    state = position(cards={"E5": ("rose1o", 0, True), "E6": ("sea", 0, False)})
    state.tokens[sq("E4")] = [200]
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5 with 200")
    assert state.sailors[0].square == sq("E6") and state.sailors[0].carry == 0
    assert state.tokens[sq("E5")] == [200] and state.face_up[sq("E6")]


def test_starfish_after_a_dolphin_jump_goes_two_squares_back() -> None:
    """Starfish: "The sailor returns two squares back, in the direction from which they
    arrived" (LP-D51): after the dolphin's two-square jump E4 → E6 that is E4, the
    dolphin, not four squares back (E2) as before."""
    state = position(cards={"E4": ("dolphin", 0, True), "E6": ("starfish", 0, True)})
    put(state, 0, "E3")
    play(state, 0, "sailor 1 to E4")
    play(state, 0, "go E6")
    assert state.sailors[0].square == sq("E4") and state.pending is not None
    # the dolphin offers its targets again, but never the step E4 → E6 already made
    options = {a.square for a in RULESET.legal_actions(state, 0)}
    assert sq("E6") not in options and sq("E5") in options


def test_starfish_after_a_neptune_flight_goes_two_squares_back_along_the_line() -> None:
    """Starfish: "two squares back, in the direction from which they arrived"; LP-D51:
    a Neptune flight along a column arrived from below, so two squares back (E3 → E6
    ends on E4; before, the sailor was sent to its ship)."""
    state = position(cards={"E3": ("neptune", 0, True), "E6": ("starfish", 0, True)})
    put(state, 0, "E3")
    state.spells["neptune"].holder, state.spells["neptune"].status = 0, "held"
    play(state, 0, "neptune to E6")
    assert state.sailors[0].state == ON_BOARD and state.sailors[0].square == sq("E4")


def test_starfish_after_a_seahorse_jump_goes_two_jumps_back() -> None:
    """LP-D51: a seahorse jump (1, 2) has no shorter whole-square step, so two squares
    back is two jumps back."""
    state = position(cards={"E5": ("seahorse", 0, True), "F7": ("starfish", 0, True)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    play(state, 0, "go F7")
    assert state.sailors[0].square == sq("D3")


def test_starfish_at_the_edge_sends_the_sailor_to_its_ship_and_leaves_the_token() -> None:
    """Starfish: "If the sailor carries a treasure, it is left on the last square before
    the starfish"; LP-D51: two squares back off the board send the sailor to its ship,
    also when it came straight from the ship."""
    state = position(cards={"E2": ("starfish", 0, True)})
    state.tokens[sq("E1")] = [100]
    put(state, 0, "E1")
    play(state, 0, "sailor 1 to E2 with 100")  # two back from E2 going north: off the board
    assert state.sailors[0].state == ON_SHIP and state.tokens[sq("E1")] == [100]
    state = position(cards={"E1": ("starfish", 0, True)})
    play(state, 0, "sailor 2 to E1")  # from the ship beside E1
    assert state.sailors[1].state == ON_SHIP


def test_starfish_turns_a_face_down_card_two_squares_back() -> None:
    """LP-D51: the square two back is entered like any other: a face-down card there is
    turned over and carried out."""
    state = position(cards={"E5": ("starfish", 0, True), "E3": ("turtle", 0, False)})
    put(state, 0, "E4")
    play(state, 0, "sailor 1 to E5")
    assert state.face_up[sq("E3")] and state.sailors[0].square == sq("E3")
    assert state.sailors[0].delay > 0


def test_a_prisoner_knocked_back_goes_to_the_ship_that_took_it() -> None:
    """Stingray: a prisoner "must serve its owner"; LP-D29: it belongs to the ship that
    took it, so when knocked back it is thrown onto that ship, not its old one."""
    state = position()
    s = state.sailors[0]
    s.state, s.ring = OFF, 26
    state.ships[1].ring = 27
    state.current = 1
    play(state, 1, "ship left")  # green takes r1 prisoner
    assert s.ship == 1 and rules.owner(state, 0) == 1
    put(state, 0, "E8")  # r1, now serving green, goes ashore
    put(state, 1, "E7")
    state.current = 0
    play(state, 0, "sailor 2 to E8")  # red knocks its old sailor back
    assert s.state == ON_SHIP and s.ship == 1 and rules.owner(state, 0) == 1


def test_the_account_tells_every_step_of_a_chain() -> None:
    """Issue 24 item 13: "a rose chain's middle step is not told". E1 → rose E2 (one arrow,
    no choice) → starfish E3 → two back onto E1: the account names E3 and E1 too, in
    every language, and a starfish that sends the sailor home says it is back aboard."""
    state = position(cards={"E2": ("rose1o", 0, True), "E3": ("starfish", 0, True)})
    put(state, 0, "E1")
    events = play(state, 0, "sailor 1 to E2")
    steps = [(e.params["from"], e.params["square"]) for e in events
             if e.key == "lovci-pokladu.event.carried_on"]
    assert steps == [("E2", "E3"), ("E3", "E1")]
    for locale in ("en", "ru", "cs"):
        account = " ".join(e.text(["Ann", "Bob"], locale) for e in events)
        assert "E2" in account and "E3" in account and account.count("E1") >= 1
    state = position(cards={"E2": ("starfish", 0, True)})
    put(state, 0, "E1")
    events = play(state, 0, "sailor 1 to E2")  # two back from E2 is off the board
    assert [e.key for e in events][-1] == "lovci-pokladu.event.back_aboard"
