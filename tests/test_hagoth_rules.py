"""Hagoth rules, one rule per test, on exact hand-built positions.

Every docstring names the rule it checks: a line of the rulebook
(``shared/rules/hagoth.md``), of the component data (``shared/rules/hagoth-data.md``)
or a decision recorded in ``games/hagoth/RULES-NOTES.md``.

Positions are built by :func:`position`, which keeps the 100 cards accounted for
(whatever the test does not place goes to the draw pile, or to the discard pile when
the test fixes the draw pile) and the 50 wood tokens too, unless a test says otherwise.
Moves are played in notation; a legal move must also be listed by ``legal_actions``,
and every refusal must leave the state JSON byte-identical and explain itself in English.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from games.hagoth import RULESET
from games.hagoth.data import (
    BLUEPRINT_BY_CODE,
    CARD_ORDER,
    DECK_COUNTS,
    DECK_SIZE,
    DIE_SIDES,
    TARGET_VP,
    WOOD_TOKENS,
    full_deck,
)
from games.hagoth.state import (
    PHASE_OVER,
    PHASE_SECOND,
    PHASE_START,
    PHASE_SWAP,
    Design,
    HagothState,
    Ship,
)
from games.options import InvalidOption, resolve_options
from games.protocol import Event, IllegalAction
from games.rng import GameRng

FILLER = ("wood", "sail", "build1", "build2", "mast")


# -- building positions ------------------------------------------------------------
def design(code: str, *segments: str, wood: int = 0) -> Design:
    """A design of blueprint ``code`` holding ``segments`` (all of them if none given)."""
    bp = BLUEPRINT_BY_CODE[code]
    made = Design(bp.index, [])
    for seg in segments or bp.segments:
        made.add(seg)
    made.wood = wood
    return made


def ship(code: str, position: int = 0) -> Ship:
    return Ship(BLUEPRINT_BY_CODE[code].index, position)


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    berths: Mapping[int, Sequence[Design | Ship | None]] | None = None,
    wood: Mapping[int, int] | None = None,
    vp: Mapping[int, int] | None = None,
    stock: int | None = None,
    deck_top: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    current: int = 0,
    speed: bool = False,
    target: int = TARGET_VP,
    seed: int = 11,
) -> HagothState:
    """An exact position. ``deck_top``/``deck`` list cards in the order they are drawn.

    Cards not placed anywhere go to the bottom of the draw pile; if ``deck`` is given they
    go to the discard pile instead; if ``discard`` is given as well they leave the game.
    The stock holds the wood nobody has, unless ``stock`` is given.
    """
    state = RULESET.setup(players, {"speed": speed, "target": target}, seed)
    hands, berths, wood, vp = hands or {}, berths or {}, wood or {}, vp or {}
    placed: Counter[str] = Counter()
    for seat, player in enumerate(state.players):
        player.hand = list(hands.get(seat, FILLER))
        player.sort_hand()
        player.berths = list(berths.get(seat, (None, None)))
        assert len(player.berths) == 2
        player.wood = wood.get(seat, 0)
        player.vp = vp.get(seat, 0)
        placed.update(player.hand)
        for held in player.berths:
            if isinstance(held, Design):
                placed.update(held.segments)
    placed.update(deck_top)
    placed.update(deck or ())
    placed.update(discard or ())
    assert not placed - Counter(full_deck()), "position uses cards the deck does not have"
    rest = sorted((Counter(full_deck()) - placed).elements(), key=CARD_ORDER.__getitem__)
    if deck is None:
        state.deck = rest + list(reversed(deck_top))
        state.discard = list(discard or ())
    else:
        state.deck = list(reversed([*deck_top, *deck]))
        state.discard = list(discard) if discard is not None else rest
    on_designs = sum(
        held.wood for p in state.players for held in p.berths if isinstance(held, Design)
    )
    stockpiles = sum(p.wood for p in state.players)
    state.stock = WOOD_TOKENS - on_designs - stockpiles if stock is None else stock
    state.current = current
    state.phase = PHASE_START
    return state


def rig_rolls(state: HagothState, *rolls: int) -> None:
    """Give the state a random stream whose next die rolls are ``rolls``."""
    for seed in itertools.count():
        probe = GameRng(seed)
        if all(probe.roll(DIE_SIDES) == roll for roll in rolls):
            state.rng = GameRng(seed)
            return


def snapshot(state: HagothState) -> str:
    return json.dumps(RULESET.dump(state), sort_keys=True)


def play(state: HagothState, seat: int, notation: str) -> list[Event]:
    """Play a move that must be legal (and listed by ``legal_actions``)."""
    action = RULESET.parse_action(notation)
    assert action in RULESET.legal_actions(state, seat), f"{notation!r} is not listed"
    return RULESET.play(state, seat, notation)


def assert_readable(error: IllegalAction) -> str:
    """The refusal reads as an English sentence, never as its catalogue key."""
    text = error.message()
    assert text != error.key
    assert not text.startswith(("hagoth.", "platform."))
    assert "{" not in text and "}" not in text, text  # every placeholder filled
    assert " " in text and text.rstrip().endswith((".", "!")), text
    assert str(error) == text
    return text


def refuse(state: HagothState, seat: int, notation: str, key: str) -> IllegalAction:
    """The move is refused with ``key``, is not listed, and changes nothing."""
    before = snapshot(state)
    try:
        action = RULESET.parse_action(notation)
    except IllegalAction:
        action = None
    if action is not None and 0 <= seat < len(state.players):
        assert action not in RULESET.legal_actions(state, seat), f"{notation!r} is listed"
    with pytest.raises(IllegalAction) as info:
        RULESET.play(state, seat, notation)
    assert info.value.key == key, info.value.key
    assert snapshot(state) == before
    assert_readable(info.value)
    return info.value


def keys(events: list[Event]) -> list[str]:
    return [event.key for event in events]


def param(events: list[Event], key: str, name: str) -> object:
    return next(e.params[name] for e in events if e.key == key)


def cards_in_play(state: HagothState) -> Counter[str]:
    total = Counter(state.deck) + Counter(state.discard)
    for player in state.players:
        total.update(player.hand)
        for held in player.berths:
            if isinstance(held, Design):
                total.update(held.segments)
    return total


# -- setup ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_cards_each_from_a_100_card_deck(players: int) -> None:
    """Setup: "Each player is dealt five cards and the remaining deck becomes the draw
    pile"; components "100 Playing Cards" and "50 Wood Tokens"; data: 2–4 players and
    the deck table (8 Bow … 3 Destroy)."""
    state = RULESET.setup(players, {}, 2024)
    assert len(state.players) == players
    for player in state.players:
        assert len(player.hand) == 5
        assert player.berths == [None, None]
        assert (player.wood, player.vp, player.skips) == (0, 0, 0)
    assert len(state.deck) == DECK_SIZE - 5 * players
    assert state.discard == []
    assert cards_in_play(state) == Counter(DECK_COUNTS) == Counter(full_deck())
    assert sum(DECK_COUNTS.values()) == 100
    assert state.stock == WOOD_TOKENS == 50
    assert state.phase == PHASE_START and state.turn == 1
    assert state.target == 25 and state.speed is False
    assert RULESET.actors(state) == {state.current}
    assert RULESET.result(state) is None
    # the draw pile is shuffled, not the printed order
    assert state.deck != full_deck()[: len(state.deck)]


def test_first_player_is_drawn_at_random_and_varies_with_the_seed() -> None:
    """Setup: "To choose first player, shake all victory point markers together and drop
    one at random"; RULES-NOTES: the first player is drawn with the seeded RNG."""
    for players in (2, 3, 4):
        firsts = Counter(RULESET.setup(players, {}, seed).current for seed in range(80))
        assert set(firsts) == set(range(players)), firsts
    # the same seed gives the same game
    assert snapshot(RULESET.setup(3, {}, 99)) == snapshot(RULESET.setup(3, {}, 99))
    assert snapshot(RULESET.setup(3, {}, 99)) != snapshot(RULESET.setup(3, {}, 100))


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_setup_refuses_other_numbers_of_players(players: int) -> None:
    """Data file: "Published facts: 2–4 players"."""
    with pytest.raises(ValueError):
        RULESET.setup(players, {}, 1)
    assert (RULESET.min_players, RULESET.max_players) == (2, 4)


# -- options -------------------------------------------------------------------------
def test_options_default_to_the_rulebook_game() -> None:
    """Rulebook: "The first player to accumulate 25 victory points wins"; RULES-NOTES
    "Our additions": `speed=yes` turns on the Speed variant (off by default)."""
    resolved = resolve_options(RULESET.name_key, RULESET.options, {})
    assert resolved == {"speed": False, "target": 25, "length": "standard"}
    state = RULESET.setup(2, resolved, 5)
    assert (state.speed, state.target) == (False, 25)


def test_options_are_coerced_and_reach_the_game() -> None:
    """RULES-NOTES: "the `target` lobby option lowers it as a house rule"; `speed=yes`
    turns on the rulebook's Speed variant."""
    resolved = resolve_options(
        RULESET.name_key, RULESET.options, {"speed": "yes", "TARGET": " 10 "}
    )
    assert resolved == {"speed": True, "target": 10, "length": "standard"}
    state = RULESET.setup(3, resolved, 5)
    assert (state.speed, state.target) == (True, 10)


@pytest.mark.parametrize(
    ("given", "key", "words"),
    [
        ({"speed": "maybe"}, "platform.option.invalid_bool", ["speed", "maybe", "yes or no"]),
        ({"target": "99"}, "platform.option.invalid_int", ["target", "5", "25", "99"]),
        ({"target": "ten"}, "platform.option.invalid_int", ["target", "ten"]),
        ({"target": "4"}, "platform.option.invalid_int", ["target", "4"]),
        ({"colour": "red"}, "platform.option.unknown",
         ["colour", "Hagoth: Builder of Ships", "speed, target"]),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(
    given: dict[str, str], key: str, words: list[str]
) -> None:
    """Lobby options are validated (``games.options``): a bad value or an unknown name
    is refused, and the message says what is allowed."""
    with pytest.raises(InvalidOption) as info:
        resolve_options(RULESET.name_key, RULESET.options, given)
    assert info.value.key == key
    text = assert_readable(info.value)
    for word in words:
        assert word in text, (word, text)


# -- turn structure --------------------------------------------------------------------
def test_play_two_cards_then_draw_back_to_five_at_turn_end() -> None:
    """Rulebook: "Selecting two cards from his or her hand, a player may …"; "At the end of
    a turn, a player must draw two cards, bringing the total back to five". RULES-NOTES:
    "Play two cards" is played as two steps; drawing happens at the end of the turn."""
    state = position(3, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     deck_top=["hull", "mast", "keel"])
    deck_before = len(state.deck)
    events = play(state, 0, "play bow 1 canoe")
    assert keys(events) == ["hagoth.event.new_design"]
    assert state.phase == PHASE_SECOND and state.current == 0
    assert len(state.players[0].hand) == 4  # no draw between the two cards
    assert len(state.deck) == deck_before
    play(state, 0, "play stern 1")
    assert state.players[0].berths[0] == design("canoe")
    assert state.current == 1 and state.phase == PHASE_START and state.turn == 2
    assert state.players[0].hand == ["hull", "mast", "wood", "sail", "skip"]
    assert len(state.deck) == deck_before - 2
    refuse(state, 0, "play sail 1", "platform.illegal.not_your_turn")


@pytest.mark.parametrize(
    ("first", "second", "discarded"),
    [
        ("play wood", "discard skip", ["wood", "skip"]),
        ("discard skip", "play wood", ["skip", "wood"]),
        ("discard skip", "discard sail", ["skip", "sail"]),  # the publisher's erratum
    ],
)
def test_play_and_discard_combinations(first: str, second: str, discarded: list[str]) -> None:
    """Rulebook: "Play one card and discard the other"; data file erratum: "a player may
    instead discard two cards and draw two". RULES-NOTES: all four combinations are legal
    (play + play is tested above)."""
    state = position(2, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     deck_top=["hull", "mast"])
    rig_rolls(state, 2)
    play(state, 0, first)
    assert state.phase == PHASE_SECOND and len(state.players[0].hand) == 4
    play(state, 0, second)
    assert state.discard == discarded
    assert state.current == 1 and state.phase == PHASE_START
    hand = state.players[0].hand
    assert len(hand) == 5 and Counter(hand)["hull"] == 1 and Counter(hand)["mast"] == 1
    assert cards_in_play(state) == Counter(full_deck())


@pytest.mark.parametrize(
    ("notation", "berths", "wood"),
    [
        ("act wood", (None, None), 0),
        ("act build 1", (design("canoe"), None), 2),
        ("act sail 1", (ship("sloop"), None), 0),
    ],
)
def test_an_action_without_cards_ends_the_turn_and_keeps_the_hand(
    notation: str, berths: tuple[Design | Ship | None, ...], wood: int
) -> None:
    """Rulebook "Perform an Action": "A player may opt to play no cards and choose one of
    three actions: Go Wooding, Build one segment …, Sail a ship token one space"; "At the
    end of the turn no cards may be discarded"."""
    state = position(3, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={0: berths}, wood={0: wood})
    rig_rolls(state, 3)
    hand, deck, discard = list(state.players[0].hand), list(state.deck), list(state.discard)
    play(state, 0, notation)
    assert state.players[0].hand == hand
    assert (state.deck, state.discard) == (deck, discard)
    assert state.current == 1 and state.phase == PHASE_START and state.turn == 2
    held = state.players[0].berths[0]
    if notation == "act wood":
        assert state.players[0].wood == 3
    elif notation == "act build 1":
        assert isinstance(held, Design) and held.wood == 1 and state.players[0].wood == 1
    else:
        assert held == ship("sloop", 1)


def test_no_card_step_after_an_action() -> None:
    """Rulebook: "a player may Play Two Cards or Perform One Action" — not both: after the
    action the turn is over (RULES-NOTES: an action instead of cards)."""
    state = position(3, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={0: (ship("sloop"), None)})
    play(state, 0, "act sail 1")
    for notation in ("play sail 1", "discard skip", "act sail 1", "play bow 2 canoe"):
        refuse(state, 0, notation, "platform.illegal.not_your_turn")


def test_no_card_step_after_an_action_in_the_speed_variant() -> None:
    """Speed variant: "When opting to take an action rather than play two cards, players
    may choose to discard up to two cards and replace them" — a swap, never a card play
    or a second action (RULES-NOTES: the Speed step comes right after the action)."""
    state = position(3, speed=True, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={0: (ship("sloop"), None)})
    play(state, 0, "act sail 1")
    assert state.phase == PHASE_SWAP and state.current == 0
    for notation in ("play sail 1", "discard skip", "act sail 1", "act wood", "play wood"):
        refuse(state, 0, notation, "hagoth.illegal.must_swap")


def test_no_action_after_a_card_step() -> None:
    """Rulebook: a turn is "Play Two Cards" *or* "Perform One Action"; once a card is played
    or discarded the actions without cards are closed (RULES-NOTES: two card steps or
    one action)."""
    state = position(2, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={0: (design("canoe"), ship("sloop"))}, wood={0: 3})
    play(state, 0, "discard skip")
    for notation in ("act wood", "act build 1", "act sail 2"):
        refuse(state, 0, notation, "hagoth.illegal.action_after_card")
    assert not any(type(a).__name__.startswith("Act")
                   for a in RULESET.legal_actions(state, 0))
    play(state, 0, "play sail 2")  # the second step is still a card
    assert state.current == 1


def test_a_card_that_would_do_nothing_can_only_be_discarded() -> None:
    """RULES-NOTES: "A card must do something to be played. A Sail card needs one of your
    ships; a Build card needs wood and a complete design; an attack needs a target it can
    affect. Otherwise the card can only be discarded.\""""
    state = position(2, hands={0: ["sail", "build1", "delay", "destroy", "remove"]},
                     berths={0: (design("sloop", "bow"), None)}, wood={0: 0})
    refuse(state, 0, "play sail 1", "hagoth.illegal.no_ship")
    refuse(state, 0, "play build1 1", "hagoth.illegal.nothing_to_build")
    refuse(state, 0, "play delay p2 1", "hagoth.illegal.target_no_ship")
    refuse(state, 0, "play destroy p2 1", "hagoth.illegal.target_no_design")
    refuse(state, 0, "play remove p2 1 bow", "hagoth.illegal.target_no_design")
    notations = {RULESET.format_action(a) for a in RULESET.legal_actions(state, 0)}
    assert {"discard sail", "discard build1", "discard delay", "discard destroy",
            "discard remove", "act wood"} <= notations
    assert not any(n.startswith("play") for n in notations)


def test_cards_not_in_hand_are_refused() -> None:
    """Rulebook: "Selecting two cards from his or her hand" — only held cards are played."""
    state = position(2, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={0: (ship("canoe"), None)})
    refuse(state, 0, "discard hull", "hagoth.illegal.not_in_hand")
    refuse(state, 0, "play hull 1 sloop", "hagoth.illegal.not_in_hand")
    refuse(state, 0, "play build1 1", "hagoth.illegal.not_in_hand")
    refuse(state, 0, "play delay p2 1", "hagoth.illegal.not_in_hand")


# -- designs -----------------------------------------------------------------------------
def test_starting_a_design_and_adding_segments() -> None:
    """Rulebook "Designing Ships": "Ship segment cards can be arranged to complete five
    different blueprints"; data: a design "is complete when it holds exactly that
    blueprint's segments"."""
    state = position(2, hands={0: ["bow", "stern", "hull", "sails", "skip"]},
                     deck_top=["mast", "keel", "stern", "wood"])
    events = play(state, 0, "play bow 1 fishing")
    assert param(events, "hagoth.event.new_design", "blueprint") == "hagoth.blueprint.fishing"
    play(state, 0, "play hull 1")
    assert state.players[0].berths == [design("fishing", "bow", "hull"), None]
    assert not state.players[0].berths[0].complete
    state.current = 0  # p2's turn is not the point here
    play(state, 0, "play sails 1")
    play(state, 0, "play stern 1")
    held = state.players[0].berths[0]
    assert held == design("fishing") and held.complete and held.unbuilt == 4


def test_new_designs_go_in_the_first_free_berth() -> None:
    """RULES-NOTES: "A new design always goes in the first free berth"."""
    state = position(2, hands={0: ["bow", "stern", "hull", "sails", "skip"]},
                     berths={0: (None, ship("canoe"))})
    refuse(state, 0, "play bow 2 canoe", "hagoth.illegal.berth_taken")
    state.players[0].berths = [None, None]
    refuse(state, 0, "play bow 2 canoe", "hagoth.illegal.use_first_berth")
    play(state, 0, "play bow 1 canoe")


@pytest.mark.parametrize(
    ("held", "notation"),
    [
        (design("canoe", "bow"), "play keel 1"),  # a Canoe has no Keel
        (design("canoe", "bow"), "play bow 1"),  # nor a second Bow
        (design("great", "hull", "hull", "bow"), "play hull 1"),  # a third Hull
        (design("fishing", "sails"), "play sails 1"),  # a second Sail on a Fishing Boat
        (None, "play keel 1 canoe"),  # a new Canoe cannot start with a Keel
        (None, "play cabin 1 sloop"),
    ],
)
def test_a_segment_needs_room_in_its_blueprint(held: Design | None, notation: str) -> None:
    """Data: blueprint segment lists (Canoe = Bow, Stern; Great Ship = … Hull, Hull …);
    RULES-NOTES: "A segment can only be laid where that blueprint still has a place for
    it, so a design never holds extra segments"."""
    state = position(2, hands={0: ["keel", "bow", "hull", "sails", "cabin"]},
                     berths={0: (held, None)})
    refuse(state, 0, notation, "hagoth.illegal.no_room")


def test_at_most_two_designs_or_ships() -> None:
    """Rulebook: "no player may produce more than two ships at any one time"; "No single
    player may sail more than two ships at any one time". Data: "A player has at most two
    designs or ships (in building or sailing) at a time"."""
    for berths in [(design("canoe", "bow"), design("fishing", "hull")),
                   (design("sloop", "mast"), ship("canoe")),
                   (ship("sloop", 1), ship("great", 2))]:
        state = position(2, hands={0: ["cabin", "keel", "stern", "mast", "sails"]},
                         berths={0: berths})
        for notation in ("play cabin 1 great", "play keel 2 merchant", "play stern 1 canoe"):
            refuse(state, 0, notation, "hagoth.illegal.berth_taken")
        new_designs = [a for a in RULESET.legal_actions(state, 0)
                       if getattr(a, "blueprint", None) is not None
                       and type(a).__name__ == "PlaySegment"]
        assert new_designs == []


def test_moving_segments_between_designs() -> None:
    """Rulebook: a segment "may be rearranged within the design, or moved back and forth
    between two designs, even if it leaves one design empty"; RULES-NOTES: "an emptied
    design leaves the table and frees its berth; the segment may start a new design in
    an empty berth". Rearranging is free: no card, the turn goes on."""
    state = position(2, hands={0: ["wood", "sail", "skip", "delay", "build1"]},
                     berths={0: (design("sloop", "bow", "hull"), design("fishing", "sails"))})
    hand = list(state.players[0].hand)
    play(state, 0, "move hull 1 2")
    assert state.players[0].berths == [design("sloop", "bow"),
                                       design("fishing", "hull", "sails")]
    play(state, 0, "move bow 1 2")  # empties berth 1: that design leaves the table
    assert state.players[0].berths == [None, design("fishing", "bow", "hull", "sails")]
    play(state, 0, "move hull 2 1 sloop")  # a move may start a new design
    assert state.players[0].berths == [design("sloop", "hull"),
                                       design("fishing", "bow", "sails")]
    assert state.players[0].hand == hand
    assert (state.current, state.phase, state.turn) == (0, PHASE_START, 1)
    play(state, 0, "discard skip")
    play(state, 0, "move hull 1 2")  # still free after the first card step
    assert state.phase == PHASE_SECOND
    refuse(state, 0, "move hull 2 1 canoe", "hagoth.illegal.no_room")  # a Canoe has no Hull
    refuse(state, 0, "move bow 2 1", "hagoth.illegal.no_design")
    refuse(state, 0, "move keel 2 1 great", "hagoth.illegal.segment_missing")


def test_moving_needs_room_in_the_other_design() -> None:
    """Data: a design "holds exactly that blueprint's segments" at most; RULES-NOTES:
    "move an unbuilt segment between your two designs" only where it fits."""
    state = position(2, hands={0: FILLER},
                     berths={0: (design("canoe", "bow"), design("fishing", "bow", "hull"))})
    refuse(state, 0, "move bow 1 2", "hagoth.illegal.no_room")
    refuse(state, 0, "move hull 2 1", "hagoth.illegal.no_room")
    state.players[0].berths[1] = ship("sloop")
    refuse(state, 0, "move bow 1 2", "hagoth.illegal.no_design")
    refuse(state, 0, "move bow 1 2 sloop", "hagoth.illegal.berth_taken")


def test_redesign_reassigns_a_blueprint_that_fits() -> None:
    """RULES-NOTES: "re-assign a design to another blueprint that has room for all of its
    segments"; rulebook: segments "can be arranged to complete five different blueprints"."""
    state = position(2, hands={0: FILLER}, berths={0: (design("canoe"), None)})
    play(state, 0, "redesign 1 great")
    assert state.players[0].berths[0] == design("great", "bow", "stern")
    assert not state.players[0].berths[0].complete
    refuse(state, 0, "redesign 1 great", "hagoth.illegal.same_blueprint")
    play(state, 0, "redesign 1 canoe")
    assert state.players[0].berths[0].complete
    state.players[0].berths[1] = design("great", "hull", "hull", "sails", "sails")
    for code in ("canoe", "fishing", "sloop", "merchant"):
        refuse(state, 0, f"redesign 2 {code}", "hagoth.illegal.does_not_fit")
    refuse(state, 0, "redesign 1 canoe", "hagoth.illegal.same_blueprint")
    assert (state.current, state.phase) == (0, PHASE_START)


def test_no_rearranging_once_wood_is_on_a_design() -> None:
    """RULES-NOTES: "Once any wood is on a design, its segments stay where they are and
    its blueprint is fixed"."""
    state = position(2, hands={0: FILLER}, wood={0: 1},
                     berths={0: (design("canoe", wood=1), design("fishing", "bow", "hull"))})
    refuse(state, 0, "move bow 1 2", "hagoth.illegal.rearrange_built")
    refuse(state, 0, "redesign 1 fishing", "hagoth.illegal.rearrange_built")
    state.players[0].berths = [design("canoe", "stern"), design("fishing", wood=2)]
    refuse(state, 0, "move stern 1 2", "hagoth.illegal.rearrange_built")  # into a built one
    play(state, 0, "redesign 1 sloop")  # the unbuilt one may still change


# -- wood ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("notation", "roll", "stock", "got"),
    [
        ("play wood", 3, 50, 3),
        ("act wood", 4, 50, 4),
        ("play wood", 4, 2, 2),  # a short stock: take what is left
        ("act wood", 3, 1, 1),
        ("play wood", 2, 0, 0),  # an empty stock yields nothing
        ("act wood", 1, 0, 0),
    ],
)
def test_go_wooding_rolls_the_die_and_takes_from_the_stock(
    notation: str, roll: int, stock: int, got: int
) -> None:
    """Rulebook: Go Wooding: "Roll the four-sided die and collect the number of wood tokens
    listed at the top peak"; data: "Go Wooding takes the rolled number from the stock, or
    what is left if the stock has fewer"; RULES-NOTES: "Go Wooding is always playable
    (with an empty stock it yields nothing)"."""
    state = position(2, hands={0: ["wood", "sail", "skip", "bow", "stern"]},
                     wood={0: 2}, stock=stock)
    rig_rolls(state, roll)
    events = play(state, 0, notation)
    key = "hagoth.event.wood_card" if notation == "play wood" else "hagoth.event.wood_action"
    assert (param(events, key, "roll"), param(events, key, "got")) == (roll, got)
    assert state.players[0].wood == 2 + got
    assert state.stock == stock - got
    if notation == "play wood":
        assert state.discard[-1] == "wood" and "wood" not in state.players[0].hand


def test_the_die_is_fair_and_four_sided() -> None:
    """Data: "A four-sided die; the number at the top peak is 1, 2, 3 or 4, equally likely"."""
    rolls: Counter[int] = Counter()
    state = position(2, hands={0: ["wood", "sail", "skip", "bow", "stern"]})
    for seed in range(2000):
        state.rng, state.current, state.stock = GameRng(seed), 0, WOOD_TOKENS
        events = RULESET.play(state, 0, "act wood")
        rolls[param(events, "hagoth.event.wood_action", "roll")] += 1
    assert set(rolls) == {1, 2, 3, 4}
    assert all(400 <= count <= 600 for count in rolls.values()), rolls


# -- building ------------------------------------------------------------------------------
def test_build_1_and_build_2_split_between_two_designs() -> None:
    """Rulebook Build: "1 Build one blueprint segment out of wood. 2 Build two blueprint
    segments"; RULES-NOTES: "split between your two designs as you choose"."""
    state = position(2, hands={0: ["build1", "build2", "build2", "sail", "skip"]},
                     wood={0: 5}, berths={0: (design("sloop"), design("fishing"))},
                     deck_top=["build2", "hull"])
    play(state, 0, "play build2 1 2")
    assert [b.wood for b in state.players[0].berths] == [1, 1]
    assert state.players[0].wood == 3
    play(state, 0, "play build2 1 1")
    assert [b.wood for b in state.players[0].berths] == [3, 1]
    assert state.players[0].wood == 1
    state.current = 0
    refuse(state, 0, "play build2 1 2", "hagoth.illegal.build_count")  # only one wood left
    play(state, 0, "play build1 2")
    assert [b.wood for b in state.players[0].berths] == [3, 2]
    assert state.players[0].wood == 0


def test_build_2_builds_fewer_when_wood_or_segments_are_short() -> None:
    """RULES-NOTES: "if your wood or unbuilt segments allow fewer, the card builds as many
    as it can (at least one is needed to play it)"."""
    state = position(2, hands={0: ["build2", "build2", "sail", "skip", "wood"]},
                     wood={0: 1}, berths={0: (design("sloop"), design("fishing"))})
    legal = {RULESET.format_action(a) for a in RULESET.legal_actions(state, 0)}
    assert {"play build2 1", "play build2 2"} <= legal
    assert not {"play build2 1 1", "play build2 1 2", "play build2 2 2"} & legal
    refuse(state, 0, "play build2 1 1", "hagoth.illegal.build_count")
    play(state, 0, "play build2 2")
    assert [b.wood for b in state.players[0].berths] == [0, 1]
    assert state.players[0].wood == 0
    # plenty of wood, one segment left to build
    state = position(2, hands={0: ["build2", "sail", "skip", "wood", "bow"]},
                     wood={0: 4}, berths={0: (design("canoe", wood=1), None)})
    refuse(state, 0, "play build2 1 1", "hagoth.illegal.build_count")
    events = play(state, 0, "play build2 1")
    assert keys(events).count("hagoth.event.built") == 1
    assert state.players[0].wood == 3
    # one segment left on one design, a whole Sloop on the other: two wood, but only one
    # of them can go on the first design
    state = position(2, hands={0: ["build2", "sail", "skip", "wood", "bow"]},
                     wood={0: 4}, berths={0: (design("canoe", wood=1), design("sloop"))})
    legal = {RULESET.format_action(a) for a in RULESET.legal_actions(state, 0)}
    assert {"play build2 1 2", "play build2 2 2"} <= legal
    refuse(state, 0, "play build2 1 1", "hagoth.illegal.build_count")
    play(state, 0, "play build2 1 2")
    assert state.players[0].berths == [ship("canoe"), design("sloop", wood=1)]


@pytest.mark.parametrize(
    ("roll", "wood", "first", "built", "left"),
    [
        (3, 5, "2", [1, 2], 2),  # fills berth 2 first (it launches), then berth 1
        (4, 5, "1", [4, 0], 1),  # berth 1 first
        (4, 2, "1", [2, 0], 0),  # limited by wood
        (1, 5, "2", [0, 1], 4),
    ],
)
def test_build_die_rolls_and_builds_as_far_as_wood_allows(
    roll: int, wood: int, first: str, built: list[int], left: int
) -> None:
    """Rulebook Build ?: "Roll the four-sided die and build the number of blueprint segments
    indicated by the top peak, provided enough wood has been stockpiled"; RULES-NOTES:
    "filling the design you name first and then the other complete design"."""
    state = position(2, hands={0: ["build?", "sail", "skip", "wood", "bow"]}, wood={0: wood},
                     berths={0: (design("merchant"), design("fishing", wood=2))})
    rig_rolls(state, roll)
    events = play(state, 0, f"play build? {first}")
    assert param(events, "hagoth.event.build_die", "roll") == roll
    assert param(events, "hagoth.event.build_die", "count") == sum(built)
    merchant, second = state.players[0].berths
    assert isinstance(merchant, Design) and merchant.wood == built[0]
    if built[1] >= 2:  # the Fishing Boat got its last two: launched
        assert second == ship("fishing")
        assert "hagoth.event.launch" in keys(events)
    else:
        assert isinstance(second, Design) and second.wood == 2 + built[1]
    assert state.players[0].wood == left


def test_only_complete_designs_are_built() -> None:
    """Rulebook: "Once a ship's blueprint is complete, the player may build the ship";
    "Build one segment of a completed blueprint using previously stockpiled wood"."""
    state = position(2, hands={0: ["build1", "build2", "build?", "sail", "skip"]}, wood={0: 4},
                     berths={0: (design("sloop", "bow", "hull"), design("canoe"))})
    refuse(state, 0, "act build 1", "hagoth.illegal.incomplete")
    refuse(state, 0, "play build1 1", "hagoth.illegal.incomplete")
    refuse(state, 0, "play build2 1 2", "hagoth.illegal.incomplete")
    refuse(state, 0, "play build? 1", "hagoth.illegal.incomplete")
    state.players[0].berths[1] = design("canoe", "bow")
    refuse(state, 0, "play build1 2", "hagoth.illegal.nothing_to_build")
    refuse(state, 0, "act build 2", "hagoth.illegal.incomplete")
    refuse(state, 0, "act sail 2", "hagoth.illegal.no_ship")


def test_building_needs_stockpiled_wood() -> None:
    """Rulebook: "Build one segment of a completed blueprint using previously stockpiled
    wood"; "players must first collect wood by taking the Go Wooding action"."""
    state = position(2, hands={0: ["build1", "build2", "sail", "skip", "wood"]},
                     berths={0: (design("canoe"), None)})
    refuse(state, 0, "act build 1", "hagoth.illegal.no_wood")
    refuse(state, 0, "play build1 1", "hagoth.illegal.nothing_to_build")
    rig_rolls(state, 1)
    play(state, 0, "play wood")  # wood for immediate use with a build card
    play(state, 0, "play build1 1")
    assert state.players[0].berths[0].wood == 1


def test_launch_scores_at_once_and_clears_the_blueprint() -> None:
    """Rulebook "Launching Ships": "the player's ship token is immediately lowered into the
    Bountiful Harbor …; The player immediately advances the number of victory points …
    its entire blueprint is placed in the discard pile, and its wood tokens returned to
    stock". Data: Fishing Boat: 2 VP at launch."""
    state = position(2, hands={0: ["build2", "sail", "skip", "wood", "bow"]}, wood={0: 3},
                     berths={0: (design("fishing", wood=2), None)})
    stock = state.stock
    events = play(state, 0, "play build2 1 1")
    assert keys(events) == ["hagoth.event.play_build", "hagoth.event.built",
                            "hagoth.event.built", "hagoth.event.launch"]
    assert param(events, "hagoth.event.launch", "vp") == 2
    player = state.players[0]
    assert player.berths == [ship("fishing", 0), None]
    assert (player.vp, player.launch_vp, player.launches) == (2, 2, 1)
    assert player.wood == 1
    assert state.stock == stock + 4
    assert Counter(state.discard) == Counter(["build2", "bow", "hull", "sails", "stern"])
    assert state.phase == PHASE_SECOND  # the launch does not end the turn
    play(state, 0, "play sail 1")  # and the new ship may sail at once
    assert player.berths[0] == ship("fishing", 1)
    assert cards_in_play(state) == Counter(full_deck())


@pytest.mark.parametrize(("code", "vp"), [("canoe", 1), ("sloop", 3), ("great", 5)])
def test_launch_vp_per_blueprint(code: str, vp: int) -> None:
    """Data table "VP at launch": Canoe 1, Sloop 3, Great Ship 5; rulebook hint: "The
    largest ship is worth 5 points at launch"."""
    size = BLUEPRINT_BY_CODE[code].size
    state = position(2, hands={0: FILLER}, wood={0: 1},
                     berths={0: (None, design(code, wood=size - 1))})
    play(state, 0, "act build 2")
    assert state.players[0].vp == vp
    assert state.players[0].berths[1] == ship(code)


# -- sailing -------------------------------------------------------------------------------
def test_two_sail_cards_move_one_ship_twice() -> None:
    """Rulebook: "If two Sail cards are played, the movements may be used on one ship token
    or split between two"."""
    state = position(2, hands={0: ["sail", "sail", "skip", "wood", "bow"]},
                     berths={0: (ship("great", 1), ship("sloop"))})
    play(state, 0, "play sail 1")
    play(state, 0, "play sail 1")
    assert state.players[0].berths == [ship("great", 3), ship("sloop", 0)]


def test_two_sail_cards_move_two_ships_once() -> None:
    """Rulebook: "the movements may be used on one ship token or split between two"."""
    state = position(2, hands={0: ["sail", "sail", "skip", "wood", "bow"]},
                     berths={0: (ship("great", 1), ship("sloop"))})
    play(state, 0, "play sail 2")
    play(state, 0, "play sail 1")
    assert state.players[0].berths == [ship("great", 2), ship("sloop", 1)]


@pytest.mark.parametrize(("code", "vp"), [("fishing", 2), ("merchant", 4), ("great", 6)])
def test_arrival_scores_and_frees_the_berth(code: str, vp: int) -> None:
    """Rulebook: "When a ship completes a voyage to the Land Northward, the player advances
    the number of victory points indicated in the final harbor"; data "VP on arrival"
    (Great Ship 6); RULES-NOTES: "its token returns to its owner, freeing the berth"."""
    bp = BLUEPRINT_BY_CODE[code]
    state = position(2, hands={0: ["sail", "sail", "skip", "wood", "bow"]},
                     berths={0: (ship(code, bp.lane_length - 2), None)}, vp={0: 3})
    events = play(state, 0, "play sail 1")
    assert param(events, "hagoth.event.sailed", "position") == bp.lane_length - 1
    assert state.players[0].vp == 3
    events = play(state, 0, "play sail 1")
    assert param(events, "hagoth.event.arrived", "vp") == vp
    player = state.players[0]
    assert player.berths == [None, None]
    assert (player.vp, player.arrival_vp, player.arrivals) == (3 + vp, vp, 1)


def test_a_canoe_arrives_with_one_sail() -> None:
    """Rulebook hint: the smallest ship "completes the journey in a single sail" and is
    worth "only 1 additional point upon arrival"; data: Canoe lane length 1."""
    state = position(2, hands={0: FILLER}, berths={0: (ship("canoe"), None)})
    events = play(state, 0, "act sail 1")
    assert "hagoth.event.arrived" in keys(events)
    assert state.players[0].berths == [None, None]
    assert state.players[0].vp == 1
    refuse(state, 1, "act sail 1", "hagoth.illegal.no_ship")


# -- attacks -------------------------------------------------------------------------------
def test_skip_costs_the_opponent_their_next_turn() -> None:
    """Rulebook Skip: "Skip the next turn of one opponent"; RULES-NOTES: "A lost turn passes
    straight to the next player; the skipped player does not draw"."""
    state = position(3, hands={0: ["skip", "sail", "wood", "bow", "stern"],
                               1: ["bow", "stern", "hull"]})
    events = play(state, 0, "play skip p2")
    assert param(events, "hagoth.event.skip", "target_seat") == 1
    assert state.players[1].skips == 1
    events = play(state, 0, "discard sail")
    assert "hagoth.event.skipped" in keys(events)
    assert state.current == 2
    assert state.players[1].skips == 0
    assert state.players[1].hand == ["bow", "stern", "hull"]  # no draw for a lost turn
    play(state, 2, "act wood")
    assert state.current == 0


def test_skips_stack() -> None:
    """RULES-NOTES: "Skip adds one lost turn to an opponent; Skips stack (two Skips, two
    lost turns)"."""
    state = position(3, hands={0: ["skip", "skip", "wood", "bow", "stern"]})
    play(state, 0, "play skip p2")
    play(state, 0, "play skip p2")
    assert state.players[1].skips == 1 and state.current == 2
    order = []
    for _ in range(4):
        order.append(state.current)
        play(state, state.current, "act wood")
    assert order == [2, 0, 2, 0]
    assert state.current == 1 and state.players[1].skips == 0


def test_skip_in_a_two_player_game_gives_the_same_player_another_turn() -> None:
    """Rulebook Skip: "Skip the next turn of one opponent" — with two players the next turn
    is the skipper's own (RULES-NOTES: a lost turn passes straight to the next player)."""
    state = position(2, hands={0: ["skip", "sail", "wood", "bow", "stern"]},
                     deck_top=["hull", "mast"])
    play(state, 0, "play skip p2")
    play(state, 0, "discard sail")
    assert state.current == 0 and state.phase == PHASE_START and state.turn == 2
    assert len(state.players[0].hand) == 5  # drew at the end of the first turn
    play(state, 0, "act wood")
    assert state.current == 1


def test_skip_targets_an_opponent() -> None:
    """Rulebook: "Skip the next turn of one opponent" — not yourself, not an empty seat."""
    state = position(3, hands={0: ["skip", "sail", "wood", "bow", "stern"]})
    refuse(state, 0, "play skip p1", "hagoth.illegal.bad_target")
    refuse(state, 0, "play skip p4", "hagoth.illegal.bad_target")


def test_remove_discards_a_segment_of_an_unbuilt_design() -> None:
    """Rulebook Remove: "Remove and discard any segment from an opponent's blueprint as long
    as no part of it has been built out of wood"."""
    state = position(2, hands={0: ["remove", "remove", "wood", "bow", "stern"]},
                     berths={1: (design("sloop", "bow", "hull"), design("canoe", wood=1))},
                     wood={1: 1})
    refuse(state, 0, "play remove p2 2 bow", "hagoth.illegal.remove_built")
    refuse(state, 0, "play remove p2 1 mast", "hagoth.illegal.remove_missing")
    refuse(state, 0, "play remove p1 1 bow", "hagoth.illegal.bad_target")
    play(state, 0, "play remove p2 1 hull")
    assert state.players[1].berths[0] == design("sloop", "bow")
    assert state.discard == ["remove", "hull"]
    assert cards_in_play(state) == Counter(full_deck())


def test_a_design_emptied_by_remove_leaves_the_table() -> None:
    """RULES-NOTES: "Remove discards one segment … (a design emptied this way leaves the
    table)"."""
    state = position(2, hands={0: ["remove", "sail", "wood", "bow", "stern"]},
                     berths={1: (design("canoe", "stern"), ship("sloop"))})
    play(state, 0, "play remove p2 1 stern")
    assert state.players[1].berths == [None, ship("sloop")]
    refuse(state, 0, "play remove p2 2 stern", "hagoth.illegal.not_in_hand")


def test_delay_pushes_a_ship_back_but_not_past_the_harbour() -> None:
    """Rulebook Delay: "Push one opponent's ship back one space in the shipping lane, no
    further than Bountiful Harbor"."""
    state = position(2, hands={0: ["delay", "delay", "wood", "bow", "stern"]},
                     berths={1: (ship("sloop", 1), ship("great", 0))})
    refuse(state, 0, "play delay p2 2", "hagoth.illegal.in_harbour")
    play(state, 0, "play delay p2 1")
    assert state.players[1].berths[0] == ship("sloop", 0)
    refuse(state, 0, "play delay p2 1", "hagoth.illegal.in_harbour")
    state.players[1].berths[1] = design("canoe")
    refuse(state, 0, "play delay p2 2", "hagoth.illegal.target_no_ship")


def test_destroy_takes_wood_off_a_partially_built_design() -> None:
    """Rulebook Destroy: "Remove one wood token from an opponent's partially built
    blueprint. Return to stock"."""
    state = position(2, hands={0: ["destroy", "destroy", "wood", "bow", "stern"]},
                     berths={1: (design("sloop", wood=2), design("canoe"))})
    stock = state.stock
    refuse(state, 0, "play destroy p2 2", "hagoth.illegal.destroy_unbuilt")
    play(state, 0, "play destroy p2 1")
    assert state.players[1].berths[0] == design("sloop", wood=1)
    assert state.stock == stock + 1
    state.players[1].berths[1] = ship("canoe")
    refuse(state, 0, "play destroy p2 2", "hagoth.illegal.target_no_design")


# -- the draw pile -----------------------------------------------------------------------------
def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    """Rulebook: "When the draw pile is exhausted, the discard pile is turned over and
    shuffled. Cards may never be drawn from the discard pile" (until then)."""
    state = position(2, hands={0: ["skip", "sail", "wood", "bow", "stern"]}, deck=["keel"])
    assert len(state.deck) == 1 and len(state.discard) > 50
    play(state, 0, "discard skip")
    assert state.deck == ["keel"]  # nothing drawn yet
    events = play(state, 0, "discard sail")
    assert "hagoth.event.reshuffle" in keys(events)
    assert "keel" in state.players[0].hand and len(state.players[0].hand) == 5
    assert state.discard == []
    assert cards_in_play(state) == Counter(full_deck())


def test_the_reshuffled_pile_is_really_shuffled() -> None:
    """Rulebook: "the discard pile is turned over and shuffled" — not just turned over
    (RULES-NOTES: shuffled with the game's seeded RNG, so a replay draws the same cards)."""
    orders = set()
    for seed in range(3):
        state = position(2, hands={0: ["skip", "sail", "wood", "bow", "stern"]}, deck=[])
        state.rng = GameRng(seed)
        pile = [*state.discard, "skip", "sail"]
        play(state, 0, "discard skip")
        play(state, 0, "discard sail")
        drawn_and_left = state.deck + sorted(state.players[0].hand)  # order of the new pile
        assert Counter(state.deck) + Counter(state.players[0].hand) - Counter(
            ["wood", "bow", "stern"]) == Counter(pile)
        assert state.deck not in (pile[: len(state.deck)], pile[::-1][: len(state.deck)],
                                  pile[2:], pile[:-2])
        orders.add(tuple(drawn_and_left))
    assert len(orders) == 3  # the shuffle depends on the seed


def test_the_reshuffle_waits_until_a_card_must_be_drawn() -> None:
    """Rulebook: "When the draw pile is exhausted, the discard pile is turned over and
    shuffled." RULES-NOTES (issue 8 item 10): the pile counts as exhausted when a card
    must be drawn and none is left — not the moment its last card is taken. So the cards
    discarded in between (here the whole next turn's) go into the new pile too."""
    state = position(2, hands={0: ["skip", "sail", "wood", "bow", "stern"],
                               1: ["skip", "sail", "wood", "bow", "stern"]},
                     deck=["keel", "cabin"], discard=["hull"])
    events = play(state, 0, "discard skip")
    events += play(state, 0, "discard sail")
    assert "hagoth.event.reshuffle" not in keys(events)
    assert state.deck == [] and sorted(state.discard) == ["hull", "sail", "skip"]
    assert RULESET.view(state, None).deck_count == 0  # the table sees the empty pile
    events = play(state, 1, "discard skip")
    assert "hagoth.event.reshuffle" not in keys(events)  # nothing drawn yet
    events = play(state, 1, "discard sail")
    assert keys(events).count("hagoth.event.reshuffle") == 1
    # the new pile held the first turn's discards and this turn's: 5 cards, 2 drawn
    assert len(state.deck) == 3 and state.discard == []
    assert Counter(state.deck) + Counter(state.players[1].hand) == Counter(
        ["hull", "sail", "skip", "sail", "skip", "wood", "bow", "stern"])


def test_deck_and_discard_both_empty_leave_a_short_hand() -> None:
    """RULES-NOTES: "If both are empty the player simply draws fewer cards and plays with a
    short hand; a player with one card left plays (or discards) it and the turn ends; a
    player with none can still take an action without cards"."""
    state = position(2, hands={0: ["bow", "stern", "sail", "wood", "skip"], 1: ["hull"]},
                     deck=[], discard=[])
    play(state, 0, "play bow 1 canoe")
    events = play(state, 0, "play stern 1")
    assert "hagoth.event.no_cards" in keys(events)
    assert len(state.players[0].hand) == 3 and state.current == 1
    play(state, 1, "play hull 1 sloop")  # the one card ends the turn
    assert state.current == 0 and state.players[1].hand == []
    play(state, 0, "discard skip")
    play(state, 0, "discard sail")  # they come straight back: reshuffled and drawn
    assert sorted(state.players[0].hand) == ["sail", "skip", "wood"]
    assert RULESET.format_action(RULESET.legal_actions(state, 1)[0]) == "act wood"
    assert all(not RULESET.format_action(a).startswith(("play", "discard"))
               for a in RULESET.legal_actions(state, 1))
    refuse(state, 1, "discard hull", "hagoth.illegal.not_in_hand")
    play(state, 1, "act wood")
    assert state.current == 0 and state.players[1].hand == []


# -- winning -------------------------------------------------------------------------------
def test_reaching_the_target_ends_the_game_at_once() -> None:
    """Rulebook: "The first player to accumulate 25 victory points wins the game!"; RULES-NOTES:
    "The game ends the moment a player reaches the target … (the rest of a Build card is
    not used)"."""
    state = position(3, hands={0: ["build2", "sail", "wood", "bow", "stern"]}, wood={0: 3},
                     berths={0: (design("canoe", wood=1), design("canoe"))}, vp={0: 24, 1: 20})
    events = play(state, 0, "play build2 1 2")
    assert keys(events)[-1] == "hagoth.event.win"
    assert state.phase == PHASE_OVER and state.winner == 0
    assert state.players[0].vp == 25
    assert state.players[0].berths[1] == design("canoe")  # the second wood was never placed
    assert state.players[0].wood == 2
    assert len(state.players[0].hand) == 4  # no draw either
    result = RULESET.result(state)
    assert result is not None and result.winners == (0,) and result.scores == (25, 20, 0)
    assert RULESET.actors(state) == frozenset()
    for seat in range(3):
        assert RULESET.legal_actions(state, seat) == []
    for seat, notation in [(0, "play sail 1"), (0, "discard wood"), (0, "act wood"),
                           (1, "act wood"), (0, "move bow 2 1"), (7, "act wood")]:
        refuse(state, seat, notation, "hagoth.illegal.game_over")


def test_a_lower_target_and_an_arrival_win() -> None:
    """RULES-NOTES: "the `target` lobby option lowers it as a house rule for short games";
    rulebook: VP are also gained "at the end of each successful voyage"."""
    state = position(2, hands={0: FILLER}, target=10, vp={0: 8},
                     berths={0: (ship("fishing", 1), None)})
    play(state, 0, "act sail 1")
    assert state.winner == 0 and state.players[0].vp == 10
    assert RULESET.result(state).scores == (10, 0)
    refuse(state, 1, "act wood", "hagoth.illegal.game_over")


# -- decisions the rulebook leaves open (RULES-NOTES, issue 8 item 11) ------------------------
def test_two_segment_cards_may_go_to_two_designs() -> None:
    """Rulebook "Play Two Cards": "Begin a new ship design or add to an existing
    blueprint", and a segment "may be … moved back and forth between two designs".
    RULES-NOTES: each card of the two is its own step, so the two segments of one turn
    may go to two different designs (one new, one existing, or two new)."""
    state = position(2, hands={0: ["bow", "hull", "sail", "wood", "skip"]},
                     berths={0: (design("sloop", "bow"), None)})
    play(state, 0, "play hull 1")
    play(state, 0, "play bow 2 canoe")
    assert state.players[0].berths == [design("sloop", "bow", "hull"),
                                       design("canoe", "bow")]
    state = position(2, hands={0: ["bow", "stern", "sail", "wood", "skip"]})
    play(state, 0, "play bow 1 canoe")
    play(state, 0, "play stern 2 sloop")
    assert state.players[0].berths == [design("canoe", "bow"), design("sloop", "stern")]


def test_two_attack_cards_may_hit_two_opponents() -> None:
    """Rulebook: "Attack an opponent" is one of the plays, and two cards are played.
    RULES-NOTES: each card picks its own target, so two attacks in one turn may hit the
    same opponent or two different ones."""
    from games.hagoth.actions import PlayAttack

    state = position(3, hands={0: ["skip", "delay", "wood", "bow", "stern"]},
                     berths={2: (ship("sloop", 2), None)})
    RULESET.apply(state, 0, PlayAttack("skip", 1))
    assert PlayAttack("delay", 2, 0) in RULESET.legal_actions(state, 0)
    RULESET.apply(state, 0, PlayAttack("delay", 2, 0))
    assert state.players[1].skips == 0 and state.current == 2  # seat 1 lost its turn
    assert state.players[2].berths[0] == ship("sloop", 1)


def test_speed_cycling_with_an_empty_wood_stock_is_allowed() -> None:
    """Variants, Speed: "When opting to take an action rather than play two cards,
    players may choose to discard up to two cards and replace them from the draw pile …
    depleting general stock more quickly." RULES-NOTES: Go Wooding stays an action with
    an empty stock (it yields nothing), so the swap after it is allowed: a player may
    cycle two cards a turn even when no wood is left. Intended: the rulebook ties the
    swap to taking an action, not to what the action yields."""
    state = position(2, speed=True, stock=0,
                     hands={0: ["skip", "sail", "wood", "bow", "stern"]},
                     deck_top=["keel", "cabin"])
    events = play(state, 0, "act wood")
    assert param(events, "hagoth.event.wood_action", "got") == 0 and state.stock == 0
    assert state.phase == PHASE_SWAP
    play(state, 0, "swap skip sail")
    assert state.players[0].hand == ["bow", "stern", "keel", "cabin", "wood"]


def test_the_public_text_of_a_timed_out_swap_does_not_name_the_cards() -> None:
    """Issue 8 item 12: "The timeout message must say no more than the move would say";
    the swap's own account says only "discarded 2 card(s) and drew again". Two different
    hidden hands give the same public text."""
    texts = []
    for hand in (["skip", "sail", "wood", "bow", "stern"],
                 ["hull", "mast", "keel", "build1", "cabin"]):
        state = position(2, speed=True, hands={0: hand})
        play(state, 0, "act wood")
        swap = RULESET.parse_action(f"swap {hand[0]} {hand[1]}")
        public = RULESET.describe_public(state, 0, swap, ["Ann", "Bo"])
        assert RULESET.describe_action(state, 0, swap, ["Ann", "Bo"]) != public
        account = [e.text(["Ann", "Bo"]) for e in RULESET.apply(state, 0, swap)
                   if e.key == "hagoth.event.swap"]
        texts.append((public, account))
    assert texts[0] == texts[1] and "2" in texts[0][0]
    for word in ("Skip", "Sail", "Hull", "Mast"):
        assert word not in texts[0][0]


# -- the Speed variant -----------------------------------------------------------------------
def test_speed_variant_discards_up_to_two_and_redraws() -> None:
    """Variants, Speed: "When opting to take an action rather than play two cards, players
    may choose to discard up to two cards and replace them from the draw pile"."""
    state = position(2, speed=True, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     deck_top=["keel", "cabin"])
    play(state, 0, "act wood")
    assert state.phase == PHASE_SWAP and state.current == 0
    legal = {RULESET.format_action(a) for a in RULESET.legal_actions(state, 0)}
    assert {"swap", "swap bow", "swap sail skip", "swap bow stern"} <= legal
    assert all(n.startswith("swap") for n in legal)
    refuse(state, 0, "swap bow bow", "hagoth.illegal.not_in_hand_many")
    refuse(state, 0, "swap hull", "hagoth.illegal.not_in_hand_many")
    refuse(state, 0, "swap bow stern sail", "platform.notation.unknown")
    events = play(state, 0, "swap skip sail")
    assert param(events, "hagoth.event.swap", "count") == 2
    assert state.discard == ["sail", "skip"]
    assert state.players[0].hand == ["bow", "stern", "keel", "cabin", "wood"]
    assert state.current == 1 and state.phase == PHASE_START


def test_speed_variant_may_keep_the_hand() -> None:
    """Variants, Speed: players "may choose" to discard — keeping the hand is allowed; and
    the step follows only an action, never two played cards."""
    state = position(2, speed=True, hands={0: ["bow", "stern", "sail", "skip", "wood"]},
                     berths={1: (ship("canoe"), None)})
    hand = list(state.players[0].hand)
    play(state, 0, "act wood")
    play(state, 0, "swap")
    assert state.players[0].hand == hand and state.current == 1
    play(state, 1, "discard wood")
    play(state, 1, "discard sail")
    assert state.current == 0 and state.phase == PHASE_START


def test_swapping_without_the_speed_variant_is_refused() -> None:
    """Rulebook "Perform an Action": "At the end of the turn no cards may be discarded";
    swapping belongs to the Speed variant only."""
    state = position(2, hands={0: ["bow", "stern", "sail", "skip", "wood"]})
    refuse(state, 0, "swap", "hagoth.illegal.swap_now")
    refuse(state, 0, "swap bow", "hagoth.illegal.swap_now")
    play(state, 0, "act wood")
    assert state.current == 1


# -- who may move ------------------------------------------------------------------------------
def test_moves_out_of_turn_or_by_no_seat_are_refused() -> None:
    """Rulebook: "Play will proceed clockwise from first player" — only the current player
    acts; a seat that is not in the game never does."""
    state = position(3, hands={0: ["bow", "stern", "sail", "skip", "wood"]})
    assert RULESET.actors(state) == {0}
    assert RULESET.legal_actions(state, 1) == []
    error = refuse(state, 1, "act wood", "platform.illegal.not_your_turn")
    assert error.params["current_seat"] == 0
    refuse(state, 2, "discard wood", "platform.illegal.not_your_turn")
    refuse(state, 3, "act wood", "platform.illegal.no_seat")
    refuse(state, -1, "act wood", "platform.illegal.no_seat")
    play(state, 0, "act wood")
    assert state.current == 1  # clockwise


@pytest.mark.parametrize(
    "notation",
    ["", "fly", "play", "play bow", "play bow 3", "play bow 1 raft", "play build1 1 2",
     "play wood 1", "play skip", "play skip p9", "act", "act build", "discard",
     "discard anchor", "move bow 1", "redesign 1", "play remove p2 1",
     "play remove p2 1 anchor", "swap a b"],
)
def test_unreadable_notation_is_refused(notation: str) -> None:
    """actions.py notation: one line per action; anything else is refused with a message
    that tells the player how to see their moves."""
    state = position(2)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULESET.play(state, 0, notation)
    # An unknown player gets its own refusal, naming the players (issue 9, item 3).
    assert info.value.key in ("platform.notation.unknown", "platform.notation.player")
    assert snapshot(state) == before
    assert "moves" in assert_readable(info.value)


def test_notation_is_case_and_space_insensitive() -> None:
    """actions.py: "Read notation (case and extra spaces don't matter)"."""
    state = position(2, hands={0: ["bow", "stern", "sail", "skip", "wood"]})
    assert RULESET.parse_action("  PLAY   Bow 1  Canoe ") == RULESET.parse_action(
        "play bow 1 canoe")
    RULESET.play(state, 0, "Play BOW 1 canoe")
    assert state.players[0].berths[0] == design("canoe", "bow")


def test_two_designs_of_one_blueprint_are_told_apart_in_the_menu() -> None:
    """Issue 24 (played as a new player): with two Sloops on the table, "Play Remove:
    Bot 1's Sail (Sloop)" was listed twice for two different berths; each label now says
    which berth, so every listed move reads differently."""
    from games.hagoth.state import Design

    state = RULESET.setup(2, {}, 7)
    state.players[1].berths = [Design(2, ["bow", "sails"]), Design(2, ["sails"])]
    state.players[0].hand = ["remove", "wood", "build1", "hull", "sail"]
    state.current = 0
    for locale in ("en", "ru", "cs"):
        labels = [c.label for c in RULESET.choices(state, 0, ["Ann", "Bot 1"], locale)]
        assert len(labels) == len(set(labels)), labels
