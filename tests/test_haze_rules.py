"""Haze Islands setup and turn rules, each test citing the rulebook
(/work/shared/rules/haze-islands.md) or the data file (haze-islands-data.md)."""

from __future__ import annotations

import itertools
import json

import pytest

from games.haze_islands import rules
from games.haze_islands.actions import (
    AttackDoom,
    AttackShip,
    Complete,
    Deploy,
    Discard,
    Drop,
    Fate,
    GhostDiscard,
    Hijack,
    Keep,
    Pass,
    Pay,
    Plunder,
    Rotate,
    Sail,
    Scout,
    Steal,
    Take,
    Trade,
    Use,
    format_action,
    parse_action,
)
from games.haze_islands.data import (
    CURSED,
    DEAD_END,
    ISLAND,
    MAP_CARDS,
    OPEN_SEA,
    PIRATES_PER_PLAYER,
    E,
    N,
    S,
    W,
)
from games.haze_islands.state import (
    PHASE_PLAY,
    HazeState,
    Location,
    dump_state,
    load_state,
    location_at,
)
from games.protocol import IllegalAction, StateFormatError


def card_of(kind: str, icon: str | None = None) -> int:
    return next(c.id for c in MAP_CARDS if c.kind == kind and (icon is None or c.icon == icon))


def refused(state: HazeState, seat: int, action: object, key: str) -> None:
    before = json.dumps(dump_state(state), sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, seat, action)  # type: ignore[arg-type]
    assert caught.value.key == key
    assert json.dumps(dump_state(state), sort_keys=True) == before


def put(state: HazeState, x: int, y: int, card: int, rotation: int = 0,
        side: str = "double") -> Location:
    """Lay ``card`` at ``(x, y)``, taking it from wherever it is (test scaffolding)."""
    for pile in (*state.decks, state.discard):
        if card in pile:
            pile.remove(card)
    adventure = state.adventure_deck.pop()
    location = Location(x, y, card, rotation, adventure, side)
    state.locations.append(location)
    return location


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "coop"), (3, "friendly"),
                                          (3, "competitive"), (2, "competitive")])
def test_setup_follows_the_rulebook_steps(players: int, mode: str) -> None:
    """Setup 2: "Discard the 3 Cursed cards and the 9 Dead End cards, facedown, forming
    the discard pile." 5: "The first player discards 1 map deck card per other player,
    forming a facedown map deck for each of the other player(s)". 7: "Create a
    Location." 8–11: ship and 3 pirates each on the starting location, "The Doom die on
    the island card at the starting location, indicating 1"."""
    state = rules.setup(players, 7, mode=mode)
    assert sorted(state.discard) == sorted(c.id for c in MAP_CARDS if c.kind != ISLAND)
    assert state.current == state.first and state.phase == PHASE_PLAY and state.round == 1
    for seat in range(players):
        expected = 18 - (players - 1) - 1 if seat == state.first else 1
        assert len(state.decks[seat]) == expected
    assert all(MAP_CARDS[c].kind == ISLAND for d in state.decks for c in d)
    assert len(state.locations) == 1
    start = state.locations[0]
    assert (start.x, start.y, start.rotation, start.side) == (0, 0, 0, "double")
    assert start.adventure is not None and len(state.adventure_deck) == 17
    assert MAP_CARDS[start.card].kind != CURSED
    for player in state.players:
        assert (player.x, player.y, player.supply, player.boxed) == (0, 0, PIRATES_PER_PLAYER, 0)
        assert player.deployed == [] and player.hand == [] and player.log == []
    assert (state.doom_x, state.doom_y, state.doom_die) == (0, 0, 1)
    assert sorted(card for card, _face in state.doom_cards) == [0, 1, 2]
    assert state.rounds == 6


def test_first_player_is_the_highest_roll() -> None:
    """"Roll a die. The player with the highest roll is the first player." Ties roll
    again; every seat comes first for some seed."""
    firsts = set()
    for seed in range(60):
        state = rules.setup(3, seed, mode="competitive")
        last = state.first_rolls[-1]
        assert last[state.first] == max(last) and last.count(max(last)) == 1
        rows = state.first_rolls
        for earlier, later in itertools.pairwise(rows):
            # a tie for the highest roll: exactly the tied players roll again
            top = [seat for seat, roll in enumerate(earlier) if roll == max(earlier)]
            assert len(top) > 1
            assert [seat for seat, roll in enumerate(later) if roll] == top
        firsts.add(state.first)
    assert firsts == {0, 1, 2}


def test_skull_corners_are_fixed_per_card_at_setup() -> None:
    """"The skull corners of a card are fixed when the deck is made (seeded)": as many
    skull corners as the table says, the same for the same seed."""
    state = rules.setup(2, 11, mode="coop")
    for card in MAP_CARDS:
        assert bin(state.skulls[card.id]).count("1") == card.skulls
    assert rules.setup(2, 11, mode="coop").skulls == state.skulls
    assert any(rules.setup(2, seed, mode="coop").skulls != state.skulls for seed in range(3))


def test_short_game_is_three_rounds_for_three_players() -> None:
    """"3 players can play 3 rounds instead of 6."""
    assert rules.setup(3, 1, mode="friendly", short=True).rounds == 3
    with pytest.raises(IllegalAction):
        rules.setup(2, 1, mode="friendly", short=True)


def test_solo_is_one_player() -> None:
    """Game Modes: "Solo: Defeat The Doom..." — one player plays solo, several do not."""
    with pytest.raises(IllegalAction):
        rules.setup(1, 1, mode="coop")
    with pytest.raises(IllegalAction):
        rules.setup(2, 1, mode="solo")


def test_json_round_trip_and_corrupt_state_refused() -> None:
    state = rules.setup(3, 4, mode="competitive")
    data = dump_state(state)
    assert dump_state(load_state(json.loads(json.dumps(data)))) == data
    broken = json.loads(json.dumps(data))
    broken["discard"].pop()  # a map card goes missing
    with pytest.raises(StateFormatError):
        load_state(broken)
    with pytest.raises(StateFormatError):
        load_state({**data, "schema": 99})


# -- pass and discard ------------------------------------------------------------------------------
def test_first_player_may_not_pass() -> None:
    """"As the first player, you may not pass. Think quick. Everyone is waiting."""
    state = rules.setup(2, 3, mode="competitive")
    refused(state, state.first, Pass(), "haze-islands.illegal.first_may_not_pass")
    assert Pass() not in rules.legal_actions(state, state.first)


def test_next_player_may_pass_while_cards_can_still_come() -> None:
    """Next Player: "On your turn you must take 1 Action, pass, or discard 1 card"; "At
    the beginning of the round, you may have to pass a few times due to a lack of
    cards." Passing is refused once no card can reach the deck any more (RULES-NOTES)."""
    state = rules.setup(2, 3, mode="competitive")
    first = state.first
    other = 1 - first
    rules.apply(state, first, Discard())
    assert state.current == other
    rules.apply(state, other, Pass())
    assert state.current == first
    state.decks[first].clear()
    state.current = other
    refused(state, other, Pass(), "haze-islands.illegal.pass_stalls")


def test_discards_build_the_next_players_deck_and_the_last_players_the_pile() -> None:
    """"As you discard map cards, place them facedown to create either a map deck by the
    next player for them to draw from, or a discard pile if you are the last player."
    "Discard cards in order, always placing the cards on top"."""
    state = rules.setup(3, 5, mode="competitive")
    first = state.first
    second, third = (first + 1) % 3, (first + 2) % 3
    top = state.decks[first][-1]
    rules.apply(state, first, Discard())
    assert state.decks[second][-1] == top and len(state.decks[second]) == 2
    top = state.decks[second][-1]
    rules.apply(state, second, Discard())
    assert state.decks[third][-1] == top
    top = state.decks[third][-1]
    pile = len(state.discard)
    rules.apply(state, third, Discard())
    assert state.discard[-1] == top and len(state.discard) == pile + 1


def test_solo_discards_go_to_the_discard_pile() -> None:
    """Solo: "Discard map cards facedown in a discard pile nearby."""
    state = rules.setup(1, 5, mode="solo")
    top = state.decks[0][-1]
    rules.apply(state, 0, Discard())
    assert state.discard[-1] == top and state.current == 0


def test_an_empty_deck_waits_and_the_round_ends_when_all_decks_are_used() -> None:
    """"Once your map deck is depleted, you may have to wait for the other player(s)";
    "A round ends when all the map cards in all the map draw decks have been used or
    discarded to the discard pile."""
    state = rules.setup(2, 5, mode="coop")
    first, other = state.first, 1 - state.first
    state.discard.extend(state.decks[other])
    state.decks[other].clear()
    rules.apply(state, first, Discard())  # the card lands on the other deck
    rules.apply(state, other, Discard())  # and goes to the pile; the other deck is empty
    assert state.current == first
    rules.apply(state, first, Discard())
    assert state.current == other
    events = []
    while state.round == 1:
        assert any(state.decks)
        events = rules.apply(state, state.current, Discard())
    assert [e.key for e in events][1] == "haze-islands.event.round_over"
    assert state.round == 2 and state.phase == PHASE_PLAY  # the Round End ran by itself


def test_only_the_current_player_acts() -> None:
    state = rules.setup(3, 5, mode="competitive")
    other = (state.first + 1) % 3
    refused(state, other, Discard(), "platform.illegal.not_your_turn")


# -- scout -----------------------------------------------------------------------------------------
def test_scout_creates_an_oriented_location_and_does_not_move_the_ship() -> None:
    """Scout: "Create a Location in that direction. Orient the new location so that the
    bottom of the new map card is placed next to your current location." "Do not move
    your ship." Create a Location: "Draw 1 adventure deck card and 1 card from your map
    deck ... showing the double icon adventure."""
    state = rules.setup(1, 2, mode="solo")
    top = state.decks[0][-1]
    adventure = state.adventure_deck[-1]
    rules.apply(state, 0, Scout(E))
    new = location_at(state, 1, 0)
    assert new is not None and new.card == top and new.adventure == adventure
    assert new.side == "double" and new.rotation == E
    # its own S edge faces west, back to where it was scouted from
    assert (2 + new.rotation) % 4 == W
    assert (state.players[0].x, state.players[0].y) == (0, 0)


@pytest.mark.parametrize(("locale", "words"), [
    ("en", "scouts east"), ("ru", "разведывает на восток"), ("cs", "zkoumá směrem na východ")])
def test_the_account_of_a_scout_names_its_direction_in_words(locale: str, words: str) -> None:
    """The account of a Scout (and of a Sail) says the direction in the reader's language:
    it said "Bot 1 sails s" and "Бот 2 плывёт на s" (the notation letter)."""
    state = rules.setup(1, 2, mode="solo")
    events = rules.apply(state, 0, Scout(E))
    scouted = next(e for e in events if e.key == "haze-islands.event.scout")
    assert words in scouted.text(["Ann"], locale)
    state = rules.setup(1, 2, mode="solo")
    state.locations.clear()
    state.adventure_deck.append(0)
    dead_end = card_of(DEAD_END, "hurricane")  # E red
    put(state, 0, 0, dead_end)
    with pytest.raises(IllegalAction) as caught:
        rules.apply(state, 0, Scout(E))
    assert {"en": "east", "ru": "восток", "cs": "východ"}[locale] in caught.value.message(locale)


def test_the_account_of_a_fate_names_its_corner_in_words() -> None:
    """Reveal Your Fate's account says the corner as the menu does ("top right"); it
    said "reveals the ne corner"."""
    state = rules.setup(1, 3, mode="solo")
    rules.apply(state, 0, Deploy())
    events = rules.apply(state, 0, Fate(1))
    fate = next(e for e in events if e.key.startswith("haze-islands.event.fate_"))
    assert "top right corner" in fate.text(["Ann"], "en")
    assert " ne " not in fate.text(["Ann"], "en")


def test_scout_needs_a_gold_triangle_and_refuses_red_edges() -> None:
    """"You may Scout, from your current location, in any direction bearing a gold
    triangle"; at Dead End cards "you may not Scout or Sail towards the red diamond
    part"."""
    state = rules.setup(1, 2, mode="solo")
    state.locations.clear()
    state.adventure_deck.append(0)
    dead_end = card_of(DEAD_END, "hurricane")  # W gold, S gold, E red
    put(state, 0, 0, dead_end)
    refused(state, 0, Scout(E), "haze-islands.illegal.red_edge")
    # the N edge holds the adventure card: no triangle while it shows an adventure
    refused(state, 0, Scout(N), "haze-islands.illegal.no_triangle")
    assert rules.legal_actions(state, 0) == [Discard(), Scout(S), Scout(W)]


def test_scout_north_once_the_adventure_shows_open_sea() -> None:
    """Night Falls: "Adventure cards that have been flipped will allow players to Scout or
    Sail in one more direction (North)."""
    state = rules.setup(1, 2, mode="solo")
    state.locations[0].side = OPEN_SEA
    assert Scout(N) in rules.legal_actions(state, 0)


def test_scout_refused_towards_an_explored_location() -> None:
    """"... towards an unexplored location."""
    state = rules.setup(1, 2, mode="solo")
    rules.apply(state, 0, Scout(W))
    refused(state, 0, Scout(W), "haze-islands.illegal.explored")


def test_create_location_refused_when_the_adventure_deck_has_run_out() -> None:
    """"You may not Create a Location if the adventure deck has run out."""
    state = rules.setup(1, 2, mode="solo")
    state.adventure_deck.clear()
    refused(state, 0, Scout(E), "haze-islands.illegal.no_adventures")


# -- sail --------------------------------------------------------------------------------
def test_sail_discards_one_card_per_diamond_then_moves() -> None:
    """Sail: "discard 1 card from your map deck for every diamond between your current
    location and the location you are moving to. Then, move your ship"; "the diamonds of
    two touching cards add up to the Sail cost between them"."""
    state = rules.setup(1, 2, mode="solo")
    state.locations.clear()
    state.adventure_deck.append(0)
    jewels = [c.id for c in MAP_CARDS if c.icon == "jewels"]  # W 2 / S 1 / E 2
    put(state, 0, 0, jewels[0])
    put(state, 1, 0, jewels[1], rotation=W)  # its own N edge (the adventure) faces west
    refused(state, 0, Sail(E), "haze-islands.illegal.no_crossing")
    state.locations.pop()
    put(state, 1, 0, jewels[1], rotation=0)  # its own W edge (2 diamonds) faces west
    deck = list(state.decks[0])
    rules.apply(state, 0, Sail(E))
    assert (state.players[0].x, state.players[0].y) == (1, 0)
    assert state.decks[0] == deck[:-4]  # 2 + 2 diamonds
    assert state.discard[-4:] == deck[-4:][::-1]


def test_sail_needs_enough_cards() -> None:
    """"You may only take an action if there are enough cards in your map deck to take
    that action."""
    state = rules.setup(1, 2, mode="solo")
    rules.apply(state, 0, Scout(S))  # its own S edge (1) faces north: cost 1 + 1
    state.discard.extend(state.decks[0][:-1])
    del state.decks[0][:-1]
    refused(state, 0, Sail(S), "haze-islands.illegal.too_few_cards")


def test_sail_refused_across_red_diamonds_and_without_a_location() -> None:
    """"a player may not cross an edge with a red diamond on either side" (data file);
    "You may sail ... to an orthogonally adjacent location."""
    state = rules.setup(1, 2, mode="solo")
    refused(state, 0, Sail(E), "haze-islands.illegal.no_location")
    cursed = card_of(CURSED)  # W red, S gold, E red
    put(state, 1, 0, cursed)  # its red W edge faces the start
    refused(state, 0, Sail(E), "haze-islands.illegal.no_crossing")


def test_notation_round_trips() -> None:
    for action in (Pass(), Discard(), *(Scout(d) for d in (N, E, S, W)),
                   *(Sail(d) for d in (N, E, S, W))):
        assert parse_action(format_action(action)) == action
    assert parse_action("  SCOUT   e ") == Scout(E)
    with pytest.raises(IllegalAction):
        parse_action("scout up")


def test_notation_reads_numbers_as_the_platform_does() -> None:
    """Haze reads its numbers through games/notation.py (issue 12: the platform's
    guarantees): ASCII digits only, a minus sign only in coordinates, the ranges of the
    game (map cards 1–30, seats 1–3, adventures 1–18), and every refusal is the one polite
    ``platform.notation.unknown`` quoting what was typed."""
    assert parse_action("rotate 1,-2 90") == Rotate(1, -2, 1)
    assert parse_action("pay 12 @-1,2 5") == Pay((11, 4), ((-1, 2),))
    assert parse_action("use 5 @0,0 @1,0") == Use(5, -1, ((0, 0), (1, 0)))
    assert parse_action("use 1 2") == Use(1, 1)
    assert parse_action("keep 30 discard 1 2") == Keep(29, (0, 1))
    assert parse_action("trade 3 give 7") == Trade(2, 6)
    for text in ("rotate +1,2 90", "pay @1_0,2", "dawn 1", "dawn 1,2,3", "keep 31",
                 "drop 0", "attack 4", "hijack 0", "use 19", "use 1 4", "use 1 @0,0 @1,0 @2,0",
                 "rotate 1,2 45", "trade 1 take 2", "keep 1 discard", "take ３", "fate n",
                 "pay", "sail", "dawn 99999,1", "pay 1" + "0" * 4400):
        with pytest.raises(IllegalAction) as refused:
            parse_action(text)
        assert refused.value.key == "platform.notation.unknown", text
        assert refused.value.params["text"] == text[:80], text


def test_players_are_named_as_the_board_draws_them() -> None:
    """Issue 9, item 3 (a platform guarantee, issue 12): a player is typed by the colour
    or letter drawn on their tokens, or by their name; the log writes the colour, which
    a rename never changes. The seat numbers the first notation wrote are still read."""
    from games.haze_islands import RULESET

    state = RULESET.setup(3, {}, 1)
    names = ("Al", "Bo", "Bot 1")
    for word in ("green", "g", "G", "bo", "2"):
        assert RULESET.read_action(state, 0, f"attack {word}", names) == AttackShip(1)
    assert RULESET.read_action(state, 0, "hijack bot1", names) == Hijack(2)
    assert RULESET.read_action(state, 0, "trade y give 5", names) == Trade(2, 4)
    assert RULESET.read_action(state, 0, "use 1 red", names) == Use(1, 0)
    assert format_action(AttackShip(1)) == "attack green"
    assert format_action(Trade(2, 4)) == "trade yellow give 5"
    assert format_action(Use(1, 0)) == "use 1 red"
    assert RULESET.read_action(state, 0, "attack doom", ("Doom", "Bo", "Cy")) == AttackDoom()
    with pytest.raises(IllegalAction) as unknown:
        RULESET.read_action(state, 0, "attack zed", names)
    assert unknown.value.key == "platform.notation.player"
    assert "green/g" in unknown.value.params["known"]
    # ... and those are the colour and letter the board draws each seat's tokens with
    from games.haze_islands.actions import SEATS
    from renderers.common import seat_style

    for seat in range(3):
        style = seat_style(seat)
        assert SEATS[seat][:2] == (style.key, style.letter.lower())


# -- plunder -------------------------------------------------------------------------------------
def island_with_number(number: int) -> int:
    return next(c.id for c in MAP_CARDS if c.kind == ISLAND and c.plunder == number)


def plunder_state(number: int) -> HazeState:
    """Two players; the first player's ship on an Island with Plunder ``number``."""
    state = rules.setup(2, 9, mode="competitive")
    card = island_with_number(number)
    start = state.locations[0]
    if start.card != card:
        for pile in (*state.decks, state.discard):
            if card in pile:
                pile[pile.index(card)] = start.card
        start.card = card
    return state


def test_plunder_draws_the_number_keeps_one_and_discards_the_others_in_order() -> None:
    """Plunder: "Draw cards from your map deck equal to the number on your current
    location. Add 1 of these cards to your hand, and discard the others." "Choosing which
    cards you discard ... will benefit or hinder other players": the player orders them."""
    state = plunder_state(3)
    first, other = state.first, 1 - state.first
    deck = list(state.decks[first])
    drawn = deck[-3:][::-1]
    rules.apply(state, first, Plunder())
    assert state.drawn == drawn and state.decks[first] == deck[:-3]
    assert state.current == first  # the turn waits for the choice
    refused(state, first, Discard(), "haze-islands.illegal.choose_keep")
    refused(state, first, Keep(drawn[0], (drawn[1],)), "haze-islands.illegal.discard_all_others")
    keeps = [a for a in rules.legal_actions(state, first) if isinstance(a, Keep)]
    assert len(keeps) == 6  # 3 cards to keep × 2 orders of the others
    other_deck = list(state.decks[other])
    rules.apply(state, first, Keep(drawn[1], (drawn[2], drawn[0])))
    assert state.players[first].hand == [drawn[1]]
    assert state.decks[other] == [*other_deck, drawn[2], drawn[0]]  # the last one on top
    assert state.current == other and state.pending == ""


def test_plunder_refused_at_dead_end_and_cursed_cards() -> None:
    """"While at Cursed or Dead End map cards, you may not Plunder, Steal, or Deploy"."""
    for kind in (DEAD_END, CURSED):
        state = rules.setup(1, 2, mode="solo")
        state.locations[0].card, red = card_of(kind), state.locations[0].card
        state.discard[state.discard.index(card_of(kind))] = red
        refused(state, 0, Plunder(), "haze-islands.illegal.plunder_red")


def test_plunder_needs_enough_cards() -> None:
    """"You may only take an action if there are enough cards in your map deck"."""
    state = plunder_state(2)
    first = state.first
    state.discard.extend(state.decks[first][:-1])
    del state.decks[first][:-1]
    refused(state, first, Plunder(), "haze-islands.illegal.too_few_cards")


def test_plunder_discards_down_to_three() -> None:
    """Plunder: "Discard down to 3 cards." (the hand limit of 3)."""
    state = plunder_state(1)
    first = state.first
    hand = state.discard[:3]
    del state.discard[:3]
    state.players[first].hand = list(hand)
    top = state.decks[first][-1]
    rules.apply(state, first, Plunder())
    rules.apply(state, first, Keep(top))
    assert len(state.players[first].hand) == 4 and state.current == first
    refused(state, first, Pass(), "haze-islands.illegal.choose_drop")
    assert rules.legal_actions(state, first) == [Drop(c) for c in [*hand, top]]
    rules.apply(state, first, Drop(hand[0]))
    assert state.players[first].hand == [*hand[1:], top]
    assert state.decks[1 - first][-1] == hand[0] and state.current == 1 - first


def test_plunder_notation_round_trips() -> None:
    for action in (Plunder(), Keep(11), Keep(0, (29, 4)), Drop(7)):
        assert parse_action(format_action(action)) == action
    assert format_action(Keep(11, (4, 6))) == "keep 12 discard 5 7"
    for text in ("keep 0", "keep 31", "keep 3 discard", "drop", "drop 1 2"):
        with pytest.raises(IllegalAction):
            parse_action(text)


# -- reveal your fate and deploy ------------------------------------------------------------
def test_deploy_states_the_action_then_reveals_fate() -> None:
    """"Always state your action before drawing a card from your map deck." Deploy:
    "Reveal Your Fate. If successful, place 1 pirate token from your supply on the island
    card's icon at your current location." Fate: "Either way discard this map card as
    normal."""
    state = rules.setup(2, 9, mode="competitive")
    first, other = state.first, 1 - state.first
    top = state.decks[first][-1]
    clear = next(c for c in range(4) if not rules.skull_at(state, top, c))
    rules.apply(state, first, Deploy())
    assert state.pending == "fate" and state.current == first
    assert state.decks[first][-1] == top  # nothing is drawn before the corner is chosen
    assert rules.legal_actions(state, first) == [Fate(c) for c in range(4)]
    refused(state, first, Discard(), "haze-islands.illegal.choose_corner")
    rules.apply(state, first, Fate(clear))
    player = state.players[first]
    assert player.supply == 2 and player.deployed == [[0, 0]]
    assert state.decks[other][-1] == top and state.current == other


def test_the_skull_of_fate_ends_the_turn() -> None:
    """"If the Skull of Fate is revealed you are unsuccessful, your turn ends
    immediately."""
    for seed in range(20):
        state = rules.setup(2, seed, mode="competitive")
        first = state.first
        top = state.decks[first][-1]
        skulls = [c for c in range(4) if rules.skull_at(state, top, c)]
        if skulls:
            break
    rules.apply(state, first, Deploy())
    rules.apply(state, first, Fate(skulls[0]))
    assert state.players[first].supply == 3 and state.players[first].deployed == []
    assert state.current == 1 - first and state.decks[1 - first][-1] == top


def test_a_cursed_card_always_fails() -> None:
    """"Cursed cards will always fail you. Always.\""""
    for corner in range(4):
        state = rules.setup(1, 3, mode="solo")
        cursed = card_of(CURSED)
        state.discard.remove(cursed)
        state.decks[0].append(cursed)
        rules.apply(state, 0, Deploy())
        rules.apply(state, 0, Fate(corner))
        assert state.players[0].deployed == [] and state.discard[-1] == cursed


def test_deploy_refusals() -> None:
    """"While at Cursed or Dead End map cards, you may not ... Deploy pirates"; "You may
    Deploy if your current location does not have one of your pirate tokens.\""""
    state = rules.setup(1, 3, mode="solo")
    state.players[0].deployed = [[0, 0]]
    state.players[0].supply = 2
    refused(state, 0, Deploy(), "haze-islands.illegal.deployed_here")
    state.players[0].deployed = [[5, 5], [6, 6], [7, 7]]
    state.players[0].supply = 0
    refused(state, 0, Deploy(), "haze-islands.illegal.no_supply")
    state.locations[0].card, island = card_of(DEAD_END), state.locations[0].card
    state.discard[state.discard.index(card_of(DEAD_END))] = island
    refused(state, 0, Deploy(), "haze-islands.illegal.deploy_red")


def test_fate_notation() -> None:
    assert [format_action(Fate(c)) for c in range(4)] == ["fate nw", "fate ne", "fate se",
                                                          "fate sw"]
    assert parse_action("deploy") == Deploy() and parse_action("Fate SE") == Fate(2)


# -- steal ------------------------------------------------------------------------------------
def steal_state(seed: int = 9) -> tuple[HazeState, int, str]:
    state = rules.setup(2, seed, mode="competitive")
    first = state.first
    icon = MAP_CARDS[state.locations[0].card].icon
    return state, first, icon


def test_steal_discards_blind_then_takes_a_matching_card_and_reshuffles() -> None:
    """Steal: "Without looking at the other side, discard 1 card from your map deck.
    Then, look through your map deck to reveal and take any 1 card matching the icon on
    your location to your hand. Discard down to 3 cards and reshuffle your map deck."""
    for seed in range(40):
        state, first, icon = steal_state(seed)
        deck = state.decks[first]
        matching = [c for c in deck[:-1] if MAP_CARDS[c].icon == icon]
        if matching:
            break
    top = deck[-1]
    rest = sorted(deck[:-1])
    rules.apply(state, first, Steal())
    assert state.decks[1 - first][-1] == top and state.current == first
    assert rules.legal_actions(state, first) == [Take(c) for c in sorted(matching)]
    refused(state, first, Take(next(c for c in rest if c not in matching)),
            "haze-islands.illegal.not_stealable")
    rules.apply(state, first, Take(matching[0]))
    assert state.players[first].hand == [matching[0]]
    assert sorted(state.decks[first]) == [c for c in rest if c != matching[0]]
    assert state.current == 1 - first


def test_steal_without_a_match_ends_the_turn() -> None:
    """Steal: "If not found, your turn ends immediately."""
    state, first, icon = steal_state()
    deck = state.decks[first]
    for i, card in enumerate(deck[:-1]):
        if MAP_CARDS[card].icon == icon:  # swap it out of the deck for a pile card
            other = next(c for c in state.discard if MAP_CARDS[c].icon != icon)
            state.discard[state.discard.index(other)] = card
            deck[i] = other
    before = list(deck[:-1])
    rules.apply(state, first, Steal())
    assert state.players[first].hand == [] and state.current == 1 - first
    assert state.decks[first] == before  # not reshuffled: nothing was taken


def test_steal_refused_at_dead_end_and_cursed_cards() -> None:
    """"While at Cursed or Dead End map cards, you may not Plunder, Steal, or Deploy"."""
    state = rules.setup(1, 3, mode="solo")
    state.locations[0].card, island = card_of(CURSED), state.locations[0].card
    state.discard[state.discard.index(card_of(CURSED))] = island
    refused(state, 0, Steal(), "haze-islands.illegal.steal_red")
    assert parse_action("steal") == Steal() and parse_action(format_action(Take(29))) == Take(29)


# -- complete and spend ---------------------------------------------------------------------
def complete_state(adventure: int, hand_icons: list[str], *, side: str = "double",
                   seed: int = 9) -> HazeState:
    """Solo; the start location shows adventure ``adventure``; the hand holds a pile card
    of each of ``hand_icons``; the top deck card has a clear corner 0 (RULES scaffolding)."""
    state = rules.setup(1, seed, mode="solo")
    start = state.locations[0]
    state.adventure_deck.append(start.adventure)  # type: ignore[arg-type]
    state.adventure_deck.remove(adventure)
    start.adventure, start.side = adventure, side
    for icon in hand_icons:
        card = next(c for c in [*state.discard, *state.decks[0][:-1]]
                    if MAP_CARDS[c].icon == icon)
        (state.discard if card in state.discard else state.decks[0]).remove(card)
        state.players[0].hand.append(card)
    while rules.skull_at(state, state.decks[0][-1], 0):
        state.decks[0].insert(0, state.decks[0].pop())
    return state


def test_complete_reveals_fate_then_spends_and_takes_the_adventure() -> None:
    """Complete: "Reveal Your Fate. If successful, Spend spells, loot and crew that match
    the icons on the adventure card at your current location. Then, take the adventure
    card and add it to your Captain's Log." Spend: "Always reveal the cards you spend"
    (discarded as normal, in the player's order)."""
    state = complete_state(0, ["cutlass", "gold", "rum"])  # #1: Cutlass + Gold
    cutlass, gold, rum = state.players[0].hand
    rules.apply(state, 0, Complete())
    rules.apply(state, 0, Fate(0))
    assert state.pending == "pay"
    assert rules.legal_actions(state, 0) == [Pay((cutlass, gold)), Pay((gold, cutlass))]
    refused(state, 0, Pay((cutlass, rum)), "haze-islands.illegal.bad_payment")
    refused(state, 0, Pay((cutlass,)), "haze-islands.illegal.bad_payment")
    rules.apply(state, 0, Pay((gold, cutlass)))
    player = state.players[0]
    assert player.hand == [rum] and state.discard[-2:] == [gold, cutlass]
    assert [(e.kind, e.card) for e in player.log] == [("double", 0)]
    assert state.locations[0].adventure is None and state.locations[0].side == ""


def test_return_pirates_pay_with_their_locations_icon() -> None:
    """Return Pirates: "Return previously deployed pirate tokens, from anywhere on the
    board, back to your supply, to immediately Spend the icon on the pirate's location."
    A single adventure asks for 1 icon; "Any-spell requirements are paid by any one
    spell" is checked in the spend tests."""
    state = complete_state(4, [], side="single")  # #5 single: Rum
    deck = state.decks[0]
    if MAP_CARDS[state.locations[0].card].icon != "rum":
        rum_here = next(c for c in deck[:-1] if MAP_CARDS[c].icon == "rum")
        deck[deck.index(rum_here)] = state.locations[0].card
        state.locations[0].card = rum_here  # the start is a Rum island now
    refused(state, 0, Complete(), "haze-islands.illegal.cannot_pay")
    state.players[0].supply, state.players[0].deployed = 2, [[0, 0]]
    rules.apply(state, 0, Complete())
    rules.apply(state, 0, Fate(0))
    assert rules.legal_actions(state, 0) == [Pay((), ((0, 0),))]
    rules.apply(state, 0, Pay((), ((0, 0),)))
    assert state.players[0].supply == 3 and state.players[0].deployed == []
    assert [(e.kind, e.card) for e in state.players[0].log] == [("single", 4)]


def test_complete_refused_without_an_adventure_or_the_icons() -> None:
    """"You may only Complete your current location's adventure card." Spend: "You may
    only discard 1 card (that matches the icons you require) per icon you require."""
    state = complete_state(0, ["cutlass", "rum"])
    refused(state, 0, Complete(), "haze-islands.illegal.cannot_pay")
    state.locations[0].side = OPEN_SEA
    refused(state, 0, Complete(), "haze-islands.illegal.no_adventure_here")


def test_pay_notation() -> None:
    for action in (Complete(), Pay((11, 4)), Pay((), ((-1, 2), (0, 0))), Pay((3,), ((5, -6),))):
        assert parse_action(format_action(action)) == action
    assert format_action(Pay((11,), ((-1, 2),))) == "pay 12 @-1,2"
    for text in ("pay", "pay @1", "pay @a,b", "pay 31"):
        with pytest.raises(IllegalAction):
            parse_action(text)


# -- attack the doom ---------------------------------------------------------------------------
def doom_state(hand_icons: list[str]) -> HazeState:
    state = complete_state(0, hand_icons)
    state.doom_cards = [[0, 0], [1, 0], [2, 1]]  # Doom I face A: the three spells on top
    return state


def test_attack_the_doom_spends_first_then_reveals_fate() -> None:
    """Attack The Doom: "Spend the icons on the top Doom card. Then Reveal Your Fate. If you
    succeed, take the Doom card and add it to your Captain's Log." "When Attacking, you
    must Spend the spells first, then Reveal Your Fate. Whether your Attack was successful
    or unsuccessful, you lose those spells."""
    state = doom_state(["hurricane", "fireballs", "whirlpool"])
    hand = list(state.players[0].hand)
    rules.apply(state, 0, AttackDoom())
    assert state.pending == "pay" and len(rules.legal_actions(state, 0)) == 6  # orders
    rules.apply(state, 0, Pay(tuple(hand)))
    assert state.players[0].hand == [] and state.pending == "fate"
    rules.apply(state, 0, Fate(0))  # corner 0 of the top card is clear (scaffolding)
    assert [(e.kind, e.card, e.face) for e in state.players[0].log] == [("doom", 0, 0)]
    assert state.doom_cards == [[1, 0], [2, 1]]


def test_a_failed_attack_loses_the_spells() -> None:
    state = doom_state(["hurricane", "fireballs", "whirlpool"])
    top = state.decks[0][-1]
    skull = next((c for c in range(4) if rules.skull_at(state, top, c)), None)
    if skull is None:  # an Island with no skull: put a Cursed card on top instead
        cursed = card_of(CURSED)
        state.discard.remove(cursed)
        state.decks[0].append(cursed)
        skull = 0
    rules.apply(state, 0, AttackDoom())
    rules.apply(state, 0, rules.legal_actions(state, 0)[0])
    rules.apply(state, 0, Fate(skull))
    assert state.players[0].hand == [] and state.players[0].log == []
    assert len(state.doom_cards) == 3


def test_taking_the_last_doom_card_ends_the_game() -> None:
    """"The game immediately ends when the last Doom card is taken... and The Doom has met
    its doom." (Game End 2)."""
    state = doom_state(["hurricane", "fireballs", "whirlpool"])
    state.doom_cards = [[0, 0]]
    rules.apply(state, 0, AttackDoom())
    rules.apply(state, 0, rules.legal_actions(state, 0)[0])
    rules.apply(state, 0, Fate(0))
    assert state.phase == "over" and state.reason == "doom_defeated"
    assert rules.actors(state) == frozenset()


def test_attack_the_doom_only_at_its_location_and_with_the_icons() -> None:
    """"You may only Attack The Doom if in your current location."""
    state = doom_state(["hurricane", "fireballs"])
    refused(state, 0, AttackDoom(), "haze-islands.illegal.cannot_pay")
    state = doom_state(["hurricane", "fireballs", "whirlpool"])
    state.doom_x = 1
    refused(state, 0, AttackDoom(), "haze-islands.illegal.doom_elsewhere")
    assert parse_action(format_action(AttackDoom())) == AttackDoom()


# -- attack a ship -----------------------------------------------------------------------------
def duel_state(mode: str = "competitive") -> HazeState:
    """Two players at the start; the first holds 2 Fireballs and a Rum card."""
    state = rules.setup(2, 9, mode=mode)
    first = state.first
    fireballs = [c for c in state.discard if MAP_CARDS[c].icon == "fireballs"][:2]
    rum = next(c for c in state.decks[first][:-1] if MAP_CARDS[c].icon == "rum")
    for card in fireballs:
        state.discard.remove(card)
    state.decks[first].remove(rum)
    state.players[first].hand = [*fireballs, rum]
    while rules.skull_at(state, state.decks[first][-1], 0):
        state.decks[first].insert(0, state.decks[first].pop())
    return state


def test_attack_a_ship_spends_two_equal_spells_then_reveals_fate() -> None:
    """Attack: "Spend either 2 Whirlpools, or 2 Fireballs, or 2 Hurricanes. Then Reveal
    Your Fate. If successful, the target must Take 1 Damage." Take Damage: "Permanently
    discard 1 pirate token from your supply to the box, for each point of damage."""
    state = duel_state()
    first, other = state.first, 1 - state.first
    fireballs = state.players[first].hand[:2]
    rules.apply(state, first, AttackShip(other))
    assert rules.legal_actions(state, first) == [Pay(tuple(fireballs)),
                                                 Pay(tuple(fireballs[::-1]))]
    rules.apply(state, first, Pay(tuple(fireballs)))
    rules.apply(state, first, Fate(0))
    assert (state.players[other].supply, state.players[other].boxed) == (2, 1)
    assert len(state.players[first].hand) == 1 and state.current == other


def test_sunk_by_a_player_becomes_a_castaway() -> None:
    """"If you are Sunk by a player, you become a Castaway." Castaway: "Give all the cards
    in your hand to the player that sunk you (they must discard down to 3 cards). Place
    any 1 pirate token of your colour at your location ... Remove your ship token and all
    other pirate tokens of your colour from the game.\""""
    state = duel_state()
    first, other = state.first, 1 - state.first
    victim = state.players[other]
    victim.supply, victim.boxed, victim.deployed = 0, 2, [[0, 0]]
    loot = [c for c in state.decks[first][:-1] if MAP_CARDS[c].icon in ("gold", "jewels")][:3]
    for card in loot:
        state.decks[first].remove(card)
    victim.hand = list(loot)
    rules.apply(state, first, AttackShip(other))
    rules.apply(state, first, rules.legal_actions(state, first)[0])
    rules.apply(state, first, Fate(0))
    assert victim.status == "castaway" and victim.hand == [] and victim.deployed == []
    assert victim.supply == 0 and victim.boxed == 2
    attacker = state.players[first]
    assert len(attacker.hand) == 4 and state.pending == "hand_limit"  # 1 + 3 given
    rules.apply(state, first, Drop(attacker.hand[0]))
    assert state.current == other  # the castaway still takes turns
    refused(state, other, Sail(E), "haze-islands.illegal.no_ship")


def test_no_attacks_on_players_outside_competitive_mode() -> None:
    """Game Modes: "Friendly: Players may not Attack each other."; "Competitive: Players
    may Attack each other." (Cooperative: neither, RULES-NOTES.)"""
    for mode in ("friendly", "coop"):
        state = duel_state(mode)
        refused(state, state.first, AttackShip(1 - state.first),
                "haze-islands.illegal.no_attacks_in_mode")
    state = duel_state()
    state.players[1 - state.first].x = 5
    refused(state, state.first, AttackShip(1 - state.first),
            "haze-islands.illegal.target_elsewhere")
    assert parse_action("attack 2") == AttackShip(1)
    assert format_action(AttackShip(2)) == "attack yellow"


def test_a_castaway_hijacks_a_ship() -> None:
    """Hijack: "While in the same location as another player, Reveal Your Fate. If
    successful, Spend any 2 Crew icons. Your opponent becomes a Castaway. Place your ship
    at your current location and discard your pirate token to the box.\""""
    state = rules.setup(2, 9, mode="competitive")
    first, other = state.first, 1 - state.first
    crew = [c for c in state.decks[first][:-1] if MAP_CARDS[c].icon in ("cutlass", "compass")]
    cards = crew[:2]
    for card in cards:
        state.decks[first].remove(card)
    thief, owner = state.players[first], state.players[other]
    thief.status, thief.supply, thief.boxed, thief.hand = "castaway", 0, 2, list(cards)
    owner.hand = [state.decks[first].pop(0)]
    given = owner.hand[0]
    while rules.skull_at(state, state.decks[first][-1], 0):
        state.decks[first].insert(0, state.decks[first].pop())
    rules.apply(state, first, Hijack(other))
    rules.apply(state, first, Fate(0))
    assert state.pending == "pay"
    rules.apply(state, first, Pay(tuple(cards)))
    assert thief.status == "ship" and (thief.supply, thief.boxed) == (0, 3)
    assert owner.status == "castaway" and owner.hand == [] and owner.boxed == 2
    assert thief.hand == [given]
    state.current = other
    refused(state, other, Hijack(3), "haze-islands.illegal.bad_target")
    assert parse_action(format_action(Hijack(2))) == Hijack(2)


def test_only_a_castaway_hijacks() -> None:
    state = rules.setup(2, 9, mode="competitive")
    refused(state, state.first, Hijack(1 - state.first), "haze-islands.illegal.not_castaway")


# -- ghost ship -------------------------------------------------------------------------------
def test_a_ghost_ship_discards_its_deck_in_any_order_then_rotates_a_location() -> None:
    """Ghost Ship: "You may no longer take Actions on your turn. Instead, you must 1) look
    through your map deck and discard all the map cards in any order, and 2) rotate any 1
    location (both the map and adventure card) 90, 180, or 270 degrees."""
    state = rules.setup(2, 9, mode="competitive")
    first, other = state.first, 1 - state.first
    state.players[first].status = "ghost"
    deck = list(state.decks[first][:3])
    state.discard.extend(state.decks[first][3:])
    del state.decks[first][3:]
    refused(state, first, Scout(E), "haze-islands.illegal.ghost_discard")
    refused(state, first, Discard(), "haze-islands.illegal.ghost_discard")
    assert rules.legal_actions(state, first) == [GhostDiscard(c) for c in sorted(deck)]
    other_deck = list(state.decks[other])
    for card in (deck[0], deck[2], deck[1]):  # not the deck's order
        rules.apply(state, first, GhostDiscard(card))
    assert state.decks[other] == [*other_deck, deck[0], deck[2], deck[1]]
    assert state.pending == "rotate" and state.current == first
    assert len(rules.legal_actions(state, first)) == 3 * len(state.locations)
    side = state.locations[0].side
    rules.apply(state, first, Rotate(0, 0, 3))
    assert state.locations[0].rotation == 3 and state.locations[0].side == side
    assert state.current == other and state.pending == ""
    for action in (GhostDiscard(11), Rotate(-1, 2, 2)):
        assert parse_action(format_action(action)) == action
    assert format_action(Rotate(-1, 2, 2)) == "rotate -1,2 180"
