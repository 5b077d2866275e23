"""Haze Islands: the special actions and their use-or-pass windows, Trade, Revive and
New Dawn's adventure order (rulebook "Special Actions", "Trade", "Ghost Ship — Revive",
"Round End — 3. New Dawn"; issue 12 for the windows; RULES-NOTES.md "Special actions")."""

from __future__ import annotations

import json

import pytest
from test_haze_round_end import row_of_rum

from games.haze_islands import rules
from games.haze_islands.actions import (
    AttackShip,
    Dawn,
    Deploy,
    Done,
    Fate,
    Give,
    Pay,
    Revive,
    Skip,
    Top,
    Trade,
    Use,
)
from games.haze_islands.data import ADVENTURE_CARDS, MAP_CARDS
from games.haze_islands.scoring import icons
from games.haze_islands.state import (
    GHOST,
    PENDING_SKULL,
    PHASE_ROUND_END,
    PROMPT_DAWN,
    PROMPT_FATE,
    PROMPT_REVIVE,
    PROMPT_ROUND_END,
    SHIP,
    HazeState,
    LogEntry,
    dump_state,
)
from games.protocol import IllegalAction

NUMBER = {a.special: a.number for a in ADVENTURE_CARDS}


def grant(state: HazeState, seat: int, special: str) -> int:
    """Give ``seat`` the completed double adventure that grants ``special``."""
    number = NUMBER[special]
    state.players[seat].log.append(LogEntry("double", number - 1))
    return number


def end_round(state: HazeState) -> list:
    """Empty every map deck and end the current turn: the Round End begins."""
    for deck in state.decks:
        state.discard.extend(deck)
        deck.clear()
    events: list = []
    rules.end_turn(state, events)
    return events


def snapshot(state: HazeState) -> str:
    return json.dumps(dump_state(state), sort_keys=True)


def test_the_round_end_window_waits_for_holders_and_stop_doom_keeps_it_still() -> None:
    """Special Actions: "Use a Special Action ... during the Round End." Issue 12: before
    The Doom moves the holders get a use-or-pass window; "Stop The Doom from moving"."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 2, 1  # seat 1 is nearer
    stop = grant(state, 1, "stop_doom")
    end_round(state)
    assert state.phase == PHASE_ROUND_END and state.prompts[-1].kind == PROMPT_ROUND_END
    assert rules.actors(state) == frozenset({1})
    with pytest.raises(IllegalAction):  # the other seat has no decision here
        rules.apply(state, 0, Skip())
    rules.apply(state, 1, Use(stop))
    assert state.players[1].log[-1].used and icons(state.players[1]) == 1  # X side: 1 icon
    assert (state.doom_x, state.doom_y) == (0, 0) and state.round == 2  # did not move


def test_skipping_the_window_lets_the_doom_move() -> None:
    """A holder who skips changes nothing: The Doom moves as usual."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 2, 1
    grant(state, 1, "stop_doom")
    end_round(state)
    rules.apply(state, 1, Skip())
    assert (state.doom_x, state.doom_y) == (1, 0)


def test_invisible_ship_is_neither_target_nor_attacked() -> None:
    """"Become invisible to The Doom this turn"."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 2, 1
    state.doom_die = 4  # power 5: enough to reach seat 0 through seat 1's location
    invisible = grant(state, 1, "invisible")
    end_round(state)
    rules.apply(state, 1, Use(invisible))
    assert (state.doom_x, state.doom_y) == (2, 0)  # went after seat 0 instead
    assert state.players[1].supply == 3 and not state.players[1].invisible


def test_reduce_doom_lowers_the_die_and_the_round() -> None:
    """"Reduce The Doom dice (and round) by 1."""
    state = row_of_rum(2)
    state.round, state.doom_die = 3, 3
    reduce = grant(state, 0, "reduce_doom")
    state.players[1].x = 2
    end_round(state)
    rules.apply(state, 0, Use(reduce))
    # die 3 - 1 + 1 at the move; round 3 - 1, then New Dawn makes it 3 again
    assert state.doom_die == 3 and state.round == 3


def test_a_fate_against_you_opens_a_window_and_moving_away_makes_it_miss() -> None:
    """Issue 12: "before a Fate is revealed against you" the holder may use a special
    action; "Move your ship to any location" takes the ship out of the Attack."""
    state = row_of_rum(2)
    state.current = state.first = 0
    whirl = [c.id for c in MAP_CARDS if c.icon == "whirlpool"][:2]
    for card in whirl:
        for pile in (*state.decks, state.discard):
            if card in pile:
                pile.remove(card)
        state.players[0].hand.append(card)
    state.decks[0] += [c for c in range(30) if c not in whirl and c not in
                       [loc.card for loc in state.locations]][:0]
    state.decks[0].extend(state.discard[-3:])
    del state.discard[-3:]
    move = grant(state, 1, "move_ship")
    rules.apply(state, 0, AttackShip(1))
    rules.apply(state, 0, Pay(tuple(whirl)))
    assert state.prompts[-1].kind == PROMPT_FATE and rules.actors(state) == frozenset({1})
    rules.apply(state, 1, Use(move, squares=((2, 0),)))
    assert rules.actors(state) == frozenset({0})
    state.skulls[state.decks[0][-1]] = 0  # a kind Fate
    events = rules.apply(state, 0, Fate(0))
    assert any(e.key == "haze-islands.event.escaped" for e in events)
    assert state.players[1].supply == 3


def test_ignore_the_skull_turns_a_failed_fate_into_success() -> None:
    """"Ignore the Skull of Fate after revealing it."""
    state = rules.setup(1, 4, mode="solo")
    ignore = grant(state, 0, "ignore_skull")
    rules.apply(state, 0, Deploy())
    state.skulls[state.decks[0][-1]] = 0b1111
    rules.apply(state, 0, Fate(0))
    assert state.pending == PENDING_SKULL
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, Fate(1))
    assert snapshot(state) == before  # a refused move changes nothing
    rules.apply(state, 0, Use(ignore))
    assert state.players[0].deployed == [[0, 0]] and state.pending == ""


def test_a_doubled_spell_pays_two_icons() -> None:
    """"1 of your Whirlpool icons counts as 2": one Whirlpool card pays an Attack's
    2 Whirlpools."""
    state = row_of_rum(2)
    state.current = state.first = 0
    card = next(c.id for c in MAP_CARDS if c.icon == "whirlpool")
    for pile in (*state.decks, state.discard):
        if card in pile:
            pile.remove(card)
    state.players[0].hand.append(card)
    state.decks[0].extend(state.discard[-2:])
    del state.discard[-2:]
    assert AttackShip(1) not in rules.legal_actions(state, 0)
    boost = grant(state, 0, "double_whirlpool")
    rules.apply(state, 0, Use(boost))
    assert AttackShip(1) in rules.legal_actions(state, 0)
    rules.apply(state, 0, AttackShip(1))
    assert Pay((card,)) in rules.legal_actions(state, 0)
    rules.apply(state, 0, Pay((card,)))
    assert state.players[0].boost == [] and not state.players[0].hand


def test_revive_after_the_doom_sinks_another_ship() -> None:
    """Ghost Ship: "Immediately after The Doom has sunk another player's ship ... you may
    attempt to Revive". Revive: "Draw a random card from the discard pile and use it to
    Reveal Your Fate. If successful, place your ship upright."""
    state = row_of_rum(2)
    state.players[0].status = GHOST
    state.players[0].supply, state.players[0].boxed = 0, 3
    state.players[1].x, state.players[1].supply, state.players[1].boxed = 1, 0, 3
    state.doom_die = 3  # power 4: crosses 2, then 2 damage sink the ship
    end_round(state)
    assert state.players[1].status == GHOST
    assert state.prompts[-1].kind == PROMPT_REVIVE and rules.actors(state) == frozenset({0})
    state.skulls = [0] * 30  # no skull anywhere: the Revive succeeds
    rules.apply(state, 0, Revive(2))
    assert state.players[0].status == SHIP and state.round == 2


def test_no_ship_left_ends_the_game_after_a_failed_revive() -> None:
    """Game End "3) if there are no surviving player ships in play" is checked after the
    Revive attempts."""
    state = row_of_rum(2)
    state.players[0].status = GHOST
    state.players[0].supply, state.players[0].boxed = 0, 3
    state.players[1].x, state.players[1].supply, state.players[1].boxed = 1, 0, 3
    state.doom_die = 3  # power 4: crosses 2, then 2 damage sink the ship
    end_round(state)
    state.skulls = [0b1111] * 30
    rules.apply(state, 0, Revive(0))
    assert state.phase == "over" and state.reason == "no_ships"


def test_trade_swaps_one_card_each_in_coop_only() -> None:
    """Trade: "Cooperative Game Mode Only. Players with ships in the same location may swap
    1 card from their hands with each other."""
    state = row_of_rum(2, mode="coop")
    state.current = state.first = 0
    a, b = state.discard[0], state.discard[1]
    state.discard.remove(a)
    state.discard.remove(b)
    state.players[0].hand, state.players[1].hand = [a], [b]
    assert Trade(1, a) in rules.legal_actions(state, 0)
    rules.apply(state, 0, Trade(1, a))
    assert rules.actors(state) == frozenset({1})
    rules.apply(state, 1, Give(b))
    assert state.players[0].hand == [b] and state.players[1].hand == [a]
    assert state.current == 1  # the Trade was seat 0's action
    competitive = row_of_rum(2)
    competitive.current = competitive.first = 0
    competitive.players[0].hand = [competitive.discard.pop()]
    competitive.players[1].hand = [competitive.discard.pop()]
    with pytest.raises(IllegalAction):
        rules.apply(competitive, 0, Trade(1, competitive.players[0].hand[0]))


def test_new_dawn_asks_the_order_when_adventures_run_short() -> None:
    """New Dawn: "For each location without an adventure card, draw 1 adventure deck card
    ... Decide in advance in which order to add the adventure cards"."""
    state = row_of_rum(2)
    state.players[1].x = 2
    for loc in state.locations:
        loc.adventure, loc.side = None, ""
    state.adventure_deck = state.adventure_deck[:2]
    end_round(state)
    prompt = state.prompts[-1]
    assert prompt.kind == PROMPT_DAWN and rules.actors(state) == frozenset({state.first})
    seat = state.first
    rules.apply(state, seat, Dawn(2, 0))
    rules.apply(state, seat, Dawn(-1, 0))
    got = {(loc.x, loc.y) for loc in state.locations if loc.adventure is not None}
    assert got == {(2, 0), (-1, 0)} and not state.prompts and state.round == 2


def own_turn(players: int = 2, mode: str = "competitive") -> HazeState:
    """A row of Rum Islands; seat 0 to play, nothing pending."""
    state = row_of_rum(players, mode=mode)
    state.first = state.current = 0
    while len(state.decks[0]) < 6:
        state.decks[0].append(state.discard.pop())
    return state


def take_cards(state: HazeState, count: int) -> list[int]:
    return [state.discard.pop() for _ in range(count)]


def test_draw_from_an_opponent_then_discard_down_to_three() -> None:
    """"Draw 1 card from an opponent's hand." and the hand limit of 3 ("Discard down to
    3 cards"); the turn goes on after a special action (RULES-NOTES)."""
    state = own_turn()
    state.players[0].hand = take_cards(state, 3)
    state.players[1].hand = take_cards(state, 1)
    stolen = state.players[1].hand[0]
    number = grant(state, 0, "draw_opponent")
    rules.apply(state, 0, Use(number, 1))
    assert stolen in state.players[0].hand and state.players[1].hand == []
    assert state.prompts[-1].kind == "drop"
    rules.apply(state, 0, rules.legal_actions(state, 0)[0])
    assert len(state.players[0].hand) == 3 and not state.prompts and state.current == 0
    with pytest.raises(IllegalAction):  # the card is flipped: once only
        rules.apply(state, 0, Use(number, 1))


def test_look_at_and_reorder_the_deck() -> None:
    """"Look at and reorder your draw deck": the chosen cards go on top, first on top;
    the seat's own view then shows them, the public view does not."""
    from games.haze_islands import RULESET

    state = own_turn()
    number = grant(state, 0, "reorder_deck")
    bottom, second = state.decks[0][0], state.decks[0][1]
    rules.apply(state, 0, Use(number))
    rules.apply(state, 0, Top(bottom))
    rules.apply(state, 0, Top(second))
    rules.apply(state, 0, Done())
    assert state.decks[0][-1] == bottom and state.decks[0][-2] == second
    assert RULESET.view(state, 0).seen[:2] == (bottom + 1, second + 1)
    assert RULESET.view(state, None).seen == ()


def test_play_hand_cards_as_map_cards() -> None:
    """"Play cards from your hand as map cards": they go on top of one's map deck."""
    state = own_turn()
    state.players[0].hand = take_cards(state, 2)
    card = state.players[0].hand[0]
    number = grant(state, 0, "hand_as_map")
    rules.apply(state, 0, Use(number))
    rules.apply(state, 0, Top(card))
    rules.apply(state, 0, Done())
    assert state.decks[0][-1] == card and card not in state.players[0].hand


@pytest.mark.parametrize("special", ["move_pirate", "return_deployed", "return_discarded"])
def test_pirate_special_actions(special: str) -> None:
    """"Move 1 deployed pirate to any location", "Return 1 deployed pirate back to your
    supply", "Return 1 discarded pirate back to your supply"."""
    state = own_turn()
    player = state.players[0]
    player.supply, player.deployed, player.boxed = 1, [[0, 0]], 1
    number = grant(state, 0, special)
    if special == "move_pirate":
        rules.apply(state, 0, Use(number, squares=((0, 0), (1, 0))))
        assert player.deployed == [[1, 0]] and player.supply == 1
    elif special == "return_deployed":
        rules.apply(state, 0, Use(number, squares=((0, 0),)))
        assert player.deployed == [] and player.supply == 2
    else:
        rules.apply(state, 0, Use(number))
        assert player.boxed == 0 and player.supply == 2


def test_rotate_and_flip_an_adventure_card() -> None:
    """"Rotate 1 adventure card at any location" (double ↔ single) and "Flip over 1
    adventure card at any location" (front ↔ open sea)."""
    state = own_turn()
    rotate, flip = grant(state, 0, "rotate_adventure"), grant(state, 0, "flip_adventure")
    rules.apply(state, 0, Use(rotate, squares=((1, 0),)))
    assert state.locations[2].side == "single"
    rules.apply(state, 0, Use(flip, squares=((2, 0),)))
    assert state.locations[3].side == "sea"


def test_stop_an_adventure_card_from_activating_at_the_round_end() -> None:
    """"Stop 1 adventure card from activating": read as that card keeping its side
    through Night Falls and New Dawn (RULES-NOTES)."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 2, 1
    state.locations[0].side = "single"
    state.locations[3].side = "single"
    number = grant(state, 0, "stop_adventure")
    end_round(state)
    rules.apply(state, 0, Use(number, squares=((-1, 0),)))
    assert state.locations[0].side == "single" and state.locations[3].side == "sea"


def test_keep_your_spells_after_a_failed_attack() -> None:
    """"Keep your spells if you fail an Attack." — against "Whether your Attack was
    successful or unsuccessful, you lose those spells"."""
    state = own_turn()
    whirl = [c.id for c in MAP_CARDS if c.icon == "whirlpool"][:2]
    for card in whirl:
        for pile in (*state.decks, state.discard):
            if card in pile:
                pile.remove(card)
    state.players[0].hand = list(whirl)
    number = grant(state, 0, "keep_spells")
    rules.apply(state, 0, AttackShip(1))
    rules.apply(state, 0, Pay(tuple(whirl)))
    state.skulls[state.decks[0][-1]] = 0b1111
    rules.apply(state, 0, Fate(0))
    assert state.pending == PENDING_SKULL
    rules.apply(state, 0, Use(number))
    assert sorted(state.players[0].hand) == sorted(whirl)
    assert state.players[1].supply == 3 and state.current == 1


def test_a_ghost_ship_uses_no_special_action() -> None:
    """Ghost Ship: "You may no longer take Actions on your turn" (RULES-NOTES: no special
    actions either)."""
    state = own_turn()
    number = grant(state, 0, "return_discarded")
    state.players[0].status, state.players[0].boxed, state.players[0].supply = GHOST, 3, 0
    with pytest.raises(IllegalAction):
        rules.apply(state, 0, Use(number))
