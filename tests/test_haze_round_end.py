"""The Haze Islands Round End: Night Falls, The Doom Moves, New Dawn, and the game end
after it (rulebook "Round End" and "Game End")."""

from __future__ import annotations

import pytest

from games.haze_islands import actions, rules
from games.haze_islands.data import MAP_CARDS, OPEN_SEA, E, N, W
from games.haze_islands.round_end import (
    doom_moves,
    doom_power,
    doom_target,
    new_dawn,
    night_falls,
    round_end,
)
from games.haze_islands.state import (
    GHOST,
    PHASE_OVER,
    SUNK,
    HazeState,
    Location,
    LogEntry,
)

RUM = [c.id for c in MAP_CARDS if c.icon == "rum"]  # W 1 / S 1 / E 1


def row_of_rum(players: int, *, mode: str = "competitive", seed: int = 1) -> HazeState:
    """Locations (-1, 0), (0, 0), (1, 0), (2, 0), each a Rum Island at rotation 0, so 2
    diamonds between neighbours; the Doom and every ship at (0, 0)."""
    state = rules.setup(players, seed, mode=mode)
    cards = RUM + [c.id for c in MAP_CARDS if c.icon == "cutlass"][:1]  # 1 / 1 / 1 too
    for pile in (*state.decks, state.discard):
        for i, card in enumerate(pile):
            if card in cards:
                pile[i] = state.locations[0].card
                state.locations[0].card = card
    state.locations.clear()
    adventures = iter(range(18))
    state.adventure_deck = [a for a in range(18) if a >= 4]
    for x, card in zip((-1, 0, 1, 2), cards, strict=True):
        state.locations.append(Location(x, 0, card, 0, next(adventures), "double"))
    return state


def test_night_falls_turns_single_adventures_to_open_sea() -> None:
    """Night Falls: "Flip over all the adventure cards showing a single icon adventure
    ... showing a sea without any icons." Then the N edge opens for Scouting."""
    state = row_of_rum(1, mode="solo")
    state.locations[1].side = "single"
    night_falls(state, [])
    assert [loc.side for loc in state.locations] == ["double", OPEN_SEA, "double", "double"]
    state.players[0].x = 0
    assert rules.edge_towards(state.locations[1], N).triangle


def test_the_doom_power_rises_by_one_and_by_two_in_the_short_game() -> None:
    """"Increase The Doom's power by 1." Short Game: "The Doom increases by 2 instead of
    1 at the Round End."""
    state = row_of_rum(2)
    doom_moves(state, [])
    assert state.doom_die == 2
    short = rules.setup(3, 1, mode="friendly", short=True)
    doom_moves(short, [])
    assert short.doom_die == 3


def test_the_final_round_counts_as_seven() -> None:
    """"On the 6th and final round The Doom's power will count as 7."""
    state = row_of_rum(2)
    state.round = 6
    state.doom_die = 5
    state.players[0].x = 2  # 4 diamonds away
    state.players[1].x = -1  # 2 diamonds away: the target
    events: list = []
    doom_moves(state, events)
    assert doom_power(state) == 7
    # crosses 2, attacks for 7 - 2 = 5: 3 pirates and then sunk
    assert state.players[1].status == GHOST and state.players[0].status == "ship"


def test_the_doom_targets_the_nearest_ship_by_diamonds() -> None:
    """"Establish which player's ship (not Castaway) is the easiest for The Doom to
    reach. This is based on the lowest number of diamonds possible"."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 2, -1
    assert doom_target(state) == 1
    state.players[1].status = "castaway"
    assert doom_target(state) == 0


def test_ties_go_to_the_most_icons_then_to_the_die() -> None:
    """"If the player ships are equally close to The Doom, choose the player with the most
    icons in their Captain's Log. If still tied, flip a doblon (coin) or roll a die."""
    state = row_of_rum(2)
    state.players[0].x, state.players[1].x = 1, -1
    state.players[0].log.append(LogEntry("single", 5))
    assert doom_target(state) == 0
    chosen = set()
    for seed in range(30):
        tied = row_of_rum(2, seed=seed)
        tied.players[0].x, tied.players[1].x = 1, -1
        chosen.add(doom_target(tied))
    assert chosen == {0, 1}


def test_the_doom_moves_while_its_power_allows_and_attacks_with_what_is_left() -> None:
    """"move The Doom die along its route towards the nearest player ... 1) while The Doom
    has enough power to move, or 2) until The Doom has reached a player's ship." "All
    players Take Damage equal to The Doom's power after movement. In other words, the die
    value minus 1 for every diamond crossed." "Do not reduce the value of The Doom die"."""
    state = row_of_rum(1, mode="solo")
    state.players[0].x = 2  # 6 diamonds away
    state.doom_die = 2  # power 3 after the rise: 2 diamonds crossed, the next 2 too many
    doom_moves(state, [])
    assert (state.doom_x, state.doom_y) == (1, 0) and state.doom_die == 3
    assert state.players[0].supply == 3  # not reached: no attack
    near = row_of_rum(2)
    near.players[0].x, near.players[1].x = 1, 1
    near.doom_die = 4  # power 5: crosses 2, attacks both for 3, in turn order
    doom_moves(near, [])
    assert (near.doom_x, near.doom_y) == (1, 0)
    assert [(p.supply, p.boxed, p.status) for p in near.players] == [(0, 3, "ship")] * 2


def test_the_doom_stops_at_the_first_ship_on_its_route() -> None:
    """"... or 2) until The Doom has reached a player's ship": a ship on the route stops
    it there."""
    state = row_of_rum(2)
    state.players[0].x = 1
    state.players[1].x = 2
    state.doom_die = 5
    doom_moves(state, [])
    assert (state.doom_x, state.doom_y) == (1, 0)
    assert state.players[0].supply == 0 and state.players[1].supply == 3


def test_the_doom_crosses_red_diamonds() -> None:
    """"The Doom, however, may move through these red and gold diamonds as normal."""
    state = row_of_rum(1, mode="solo")
    cursed = next(c.id for c in MAP_CARDS if c.kind == "cursed")  # red W and E
    state.discard[state.discard.index(cursed)] = state.locations[2].card
    state.locations[2].card = cursed
    state.players[0].x = 2
    assert rules.sail_cost(state, 1, 0, E) is None  # players may not cross
    state.doom_die = 6
    doom_moves(state, [])
    assert (state.doom_x, state.doom_y) == (2, 0)


def test_sunk_in_solo_loses_and_by_the_doom_is_a_ghost_ship() -> None:
    """Take Damage: "If you have no pirate tokens in your supply to discard you are Sunk:
    ... If you are Sunk by The Doom, you become a Ghost Ship. Solo Game: If you are Sunk
    you lose." Ghost Ship: "Discard all the cards in your hand. ... Discard all your
    pirate tokens." Game End "3) if there are no surviving player ships in play"."""
    solo = row_of_rum(1, mode="solo")
    solo.players[0].supply = 0
    solo.players[0].boxed = 3
    round_end(solo, [])
    assert solo.players[0].status == SUNK and solo.phase == PHASE_OVER
    duo = row_of_rum(2)
    duo.players[0].x = 2  # 4 diamonds away; seat 1 sits with The Doom (power 2)
    duo.players[1].supply = 1
    duo.players[1].boxed = 1
    duo.players[1].deployed = [[5, 5]]
    duo.players[1].hand = [duo.discard.pop()]
    card = duo.players[1].hand[0]
    round_end(duo, [])
    ghost = duo.players[1]
    assert ghost.status == GHOST and ghost.hand == [] and ghost.deployed == []
    assert ghost.supply == 0 and ghost.boxed == 3 and duo.phase != PHASE_OVER
    assert any(card in d for d in duo.decks)  # discarded, then reshuffled at New Dawn


def test_new_dawn() -> None:
    """New Dawn: "Rotate all the adventure cards showing a double icon adventure ... to
    show the single icon adventure." "For each location without an adventure card, draw 1
    adventure deck card". "The second player becomes the first player. Shuffle the map
    discard pile and place it facedown by the first player ... The (new) first player
    discards 1 map deck card per other player". The Dead End and Cursed cards join the map
    deck from round two."""
    state = rules.setup(3, 4, mode="competitive")
    first = state.first
    state.locations[0].adventure = None
    state.locations[0].side = ""
    rules.apply(state, first, actions.Scout(W))
    state.locations[1].side = "single"
    for deck in state.decks:
        state.discard.extend(deck)
        deck.clear()
    new_dawn(state, [])
    assert state.first == state.current == (first + 1) % 3 and state.round == 2
    assert state.locations[0].side == "double" and state.locations[0].adventure is not None
    assert state.locations[1].side == "single"
    assert state.discard == []
    assert [len(d) for d in state.decks][state.first] == 30 - 2 - 2
    assert all(len(state.decks[(state.first + k) % 3]) == 1 for k in (1, 2))
    in_decks = {c for d in state.decks for c in d}
    assert all(c in in_decks for c in (c.id for c in MAP_CARDS if c.kind != "island"))


def test_the_game_ends_after_the_doom_moves_in_the_last_round() -> None:
    """Game End: "1) at the end of round 6 right after The Doom Moves"."""
    state = row_of_rum(2)
    state.round = 6
    state.players[0].x, state.players[1].x = 2, -1
    state.doom_die = 1  # counts as 7 anyway
    round_end(state, [])
    assert state.phase == PHASE_OVER and state.reason == "rounds" and state.round == 6


@pytest.mark.parametrize("seed", range(3))
def test_whole_games_reach_an_end(seed: int) -> None:
    state = rules.setup(1, seed, mode="solo")
    while state.phase != PHASE_OVER:
        rules.apply(state, 0, rules.legal_actions(state, 0)[0])
    assert state.round <= 6
