"""Seeded and property-based Hagoth games, played to the end through the protocol.

After every action the whole state is checked against invariants recomputed
independently of the engine's own bookkeeping: every one of the 100 cards is somewhere
(draw pile, discard pile, hands, segments on designs) and the multiset is the printed
deck; the 50 wood tokens are in the stock, the stockpiles or on designs; each player's
VP equals the launch and arrival VP recomputed from the events and the data table; at
most two designs or ships per player; hands hold at most five cards.

Along the way: ``parse_action(format_action(a)) == a`` for every legal action,
``legal_actions`` equals ``rules.candidates`` filtered through ``rules.check`` (the fast
generator against the slow checker), random illegal moves and moves by seats that are
not to play are refused without touching the state, the JSON round trip is exact, and
the notation log replays to the identical final state.

Random-legal Hagoth games are long (around a thousand turns with four players), so most
games here let a policy take the bot's move half of the time and a random legal move
otherwise; a few are purely random. The file runs in well under a minute on two cores.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.hagoth import RULESET, rules
from games.hagoth.actions import Action
from games.hagoth.data import (
    BLUEPRINT_NEEDS,
    BLUEPRINTS,
    CARD_ORDER,
    CARDS,
    HAND_SIZE,
    SEGMENTS,
    TARGET_VP,
    WOOD_TOKENS,
    full_deck,
)
from games.hagoth.state import PHASE_OVER, PHASE_SWAP, Design, HagothState, Ship
from games.protocol import Event, IllegalAction

FULL_DECK = Counter(full_deck())
BLUEPRINT_BY_TERM = {f"hagoth.blueprint.{bp.code}": bp for bp in BLUEPRINTS}
CODES = [bp.code for bp in BLUEPRINTS]

Policy = Callable[[HagothState, int, list[Action], random.Random], Action]


# -- policies ------------------------------------------------------------------------------
def random_policy(state: HagothState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    return rng.choice(legal)


def bot_policy(state: HagothState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    action = RULESET.bot_action(state, seat)
    assert action in legal
    return action


def mixed_policy(state: HagothState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """The bot's move half of the time, a random legal move otherwise."""
    if rng.random() < 0.5:
        return bot_policy(state, seat, legal, rng)
    return rng.choice(legal)


# -- independent bookkeeping ------------------------------------------------------------------
@dataclass
class Ledger:
    """Launches, arrivals and their VP per seat, recomputed from the events alone."""

    players: int
    launch_vp: list[int] = field(default_factory=list)
    arrival_vp: list[int] = field(default_factory=list)
    launches: list[int] = field(default_factory=list)
    arrivals: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in ("launch_vp", "arrival_vp", "launches", "arrivals"):
            setattr(self, name, [0] * self.players)

    def record(self, seat: int, events: list[Event]) -> None:
        for event in events:
            if event.key == "hagoth.event.launch":
                assert event.seat == seat
                bp = BLUEPRINT_BY_TERM[event.params["blueprint"]]
                assert event.params["vp"] == bp.launch_vp
                self.launch_vp[seat] += bp.launch_vp
                self.launches[seat] += 1
            elif event.key == "hagoth.event.arrived":
                assert event.seat == seat
                bp = BLUEPRINT_BY_TERM[event.params["blueprint"]]
                assert event.params["vp"] == bp.arrival_vp
                self.arrival_vp[seat] += bp.arrival_vp
                self.arrivals[seat] += 1


def check_invariants(state: HagothState, ledger: Ledger) -> None:
    cards = Counter(state.deck) + Counter(state.discard)
    wood = state.stock
    assert 0 <= state.stock <= WOOD_TOKENS
    for seat, player in enumerate(state.players):
        assert len(player.hand) <= HAND_SIZE
        assert player.hand == sorted(player.hand, key=CARD_ORDER.__getitem__)
        assert len(player.berths) == 2  # at most two designs or ships, always
        assert player.wood >= 0 and player.skips >= 0
        cards.update(player.hand)
        wood += player.wood
        for held in player.berths:
            if isinstance(held, Design):
                counts = Counter(held.segments)
                needs = BLUEPRINT_NEEDS[held.blueprint]
                assert held.segments, "an empty design stays on the table"
                assert all(counts[seg] <= needs[seg] for seg in counts), held
                assert 0 <= held.wood < len(held.segments), held  # all wood: launched
                assert held.wood == 0 or held.complete, held
                cards.update(held.segments)
                wood += held.wood
            elif isinstance(held, Ship):
                assert 0 <= held.position < BLUEPRINTS[held.lane].lane_length, held
            else:
                assert held is None
        ships = sum(isinstance(held, Ship) for held in player.berths)
        assert player.launches - player.arrivals == ships
        assert (player.launches, player.arrivals) == (ledger.launches[seat],
                                                      ledger.arrivals[seat])
        assert (player.launch_vp, player.arrival_vp) == (ledger.launch_vp[seat],
                                                         ledger.arrival_vp[seat])
        assert player.vp == ledger.launch_vp[seat] + ledger.arrival_vp[seat]
    assert cards == FULL_DECK
    assert wood == WOOD_TOKENS
    assert state.phase != PHASE_SWAP or state.speed  # the swap step is the Speed variant's
    scores = [p.vp for p in state.players]
    if state.phase == PHASE_OVER:
        assert state.winner is not None and scores[state.winner] >= state.target
        assert all(v < state.target for i, v in enumerate(scores) if i != state.winner)
        assert RULESET.actors(state) == frozenset()
    else:
        assert state.winner is None and max(scores) < state.target
        assert RULESET.actors(state) == {state.current}


# -- the game driver -----------------------------------------------------------------------------
def snapshot(state: HagothState) -> str:
    return json.dumps(RULESET.dump(state), sort_keys=True)


def checked_candidates(state: HagothState, seat: int) -> list[Action]:
    out = []
    for action in rules.candidates(state, seat):
        try:
            rules.check(state, seat, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


def random_notation(rng: random.Random) -> str:
    """A notation from the whole grammar, with random (mostly wrong) arguments."""
    seg, seg2 = rng.choice(SEGMENTS), rng.choice(SEGMENTS)
    card, card2 = rng.choice(CARDS), rng.choice(CARDS)
    b1, b2 = rng.choice("12"), rng.choice("12")
    seat = f"p{rng.randint(1, 5)}"
    bp = rng.choice(CODES)
    return rng.choice([
        f"play {seg} {b1}", f"play {seg} {b1} {bp}", "play wood", f"play build1 {b1}",
        f"play build2 {b1}", f"play build2 {b1} {b2}", f"play build? {b1}", f"play sail {b1}",
        f"play skip {seat}", f"play remove {seat} {b1} {seg}", f"play delay {seat} {b1}",
        f"play destroy {seat} {b1}", f"discard {card}", "act wood", f"act build {b1}",
        f"act sail {b1}", "swap", f"swap {card}", f"swap {card} {card2}",
        f"move {seg2} {b1} {b2}", f"move {seg2} {b1} {b2} {bp}", f"redesign {b1} {bp}",
    ])


def assert_refused(state: HagothState, seat: int, action: Action) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        RULESET.apply(state, seat, action)
    assert snapshot(state) == before
    text = info.value.message()
    assert text != info.value.key and "{" not in text, text


def try_illegal_moves(state: HagothState, seat: int, legal: list[Action],
                      rng: random.Random) -> None:
    """Random notations that are not legal, and legal moves by seats not to play, change
    nothing; a notation the checker accepts must be listed (the generator misses none)."""
    for _ in range(3):
        action = RULESET.parse_action(random_notation(rng))
        if action in legal:
            continue
        assert_refused(state, seat, action)
    others = [s for s in range(len(state.players)) if s != seat] + [len(state.players), -1]
    assert_refused(state, rng.choice(others), rng.choice(legal))


@dataclass
class Played:
    state: HagothState
    log: list[tuple[int, str]]
    turns: int


def play_game(
    players: int,
    seed: int,
    policy: Policy,
    *,
    speed: bool = False,
    target: int = TARGET_VP,
    max_actions: int | None = None,
    deep_every: int = 1,
    probe_every: int = 25,
    roundtrip_every: int = 40,
) -> Played:
    """Play one game through the protocol, checking everything after every action."""
    rng = random.Random(seed * 7919 + players)
    state = RULESET.setup(players, {"speed": speed, "target": target}, seed)
    ledger = Ledger(players)
    check_invariants(state, ledger)
    log: list[tuple[int, str]] = []
    count = 0
    while RULESET.result(state) is None:
        if max_actions is not None and count >= max_actions:
            break
        (seat,) = RULESET.actors(state)
        legal = RULESET.legal_actions(state, seat)
        assert legal, "the player to move always has a legal move"
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert RULESET.parse_action(RULESET.format_action(action)) == action
        if count % deep_every == 0:
            assert checked_candidates(state, seat) == legal
            for other in range(players):
                if other != seat:
                    assert RULESET.legal_actions(state, other) == []
        if count % probe_every == 0:
            try_illegal_moves(state, seat, legal, rng)
        if count % roundtrip_every == 0:
            data = json.loads(json.dumps(RULESET.dump(state)))
            clone = RULESET.load(data)
            assert snapshot(clone) == snapshot(state)
            assert RULESET.legal_actions(clone, seat) == legal
            assert RULESET.view(state, None).hand is None
        action = policy(state, seat, legal, rng)
        turn, previous_turn_seat = state.turn, state.current
        events = RULESET.apply(state, seat, action)
        ledger.record(seat, events)
        log.append((seat, RULESET.format_action(action)))
        count += 1
        check_invariants(state, ledger)
        if state.turn != turn:  # the turn ended: the hand was drawn back to five
            hand = state.players[previous_turn_seat].hand
            assert len(hand) == HAND_SIZE or not (state.deck or state.discard)
            assert RULESET.turn_marker(state) == state.turn
    # the same seed and the same notation log replay to the identical final state
    replayed = RULESET.setup(players, {"speed": speed, "target": target}, seed)
    for seat, notation in log:
        RULESET.play(replayed, seat, notation)
    assert snapshot(replayed) == snapshot(state)
    if RULESET.result(state) is not None:
        for seat in range(players):
            assert RULESET.legal_actions(state, seat) == []
        assert_refused(state, state.current, RULESET.parse_action("act wood"))
    return Played(state, log, state.turn - 1)


def finished(played: Played) -> bool:
    result = RULESET.result(played.state)
    if result is None:
        return False
    assert result.winners == (played.state.winner,)
    assert result.scores == tuple(p.vp for p in played.state.players)
    return True


# -- seeded games ------------------------------------------------------------------------------
# Measured lengths of these games: 432, 787 and 1212 turns (1330, 2603 and 4445 actions);
# with the Speed variant 2-player seed 11 and 3-player seed 12 take about 400 and 760 turns.
@pytest.mark.parametrize(("players", "seed", "speed"),
                         [(2, 1, False), (3, 2, False), (4, 3, False), (2, 11, True),
                          (3, 12, True)])
def test_random_legal_games_keep_every_invariant(players: int, seed: int, speed: bool) -> None:
    """Purely random legal play to the end; the slow checker runs every 4th action."""
    played = play_game(players, seed, random_policy, speed=speed, deep_every=4,
                       probe_every=40, roundtrip_every=100)
    assert finished(played)


MIXED = [(players, seed, speed)
         for seed in range(6)
         for players in (2, 3, 4)
         for speed in (False, True)]


@pytest.mark.parametrize(("players", "seed", "speed"), MIXED)
def test_half_bot_games_keep_every_invariant(players: int, seed: int, speed: bool) -> None:
    """Half bot, half random legal play to the end, with and without the Speed variant."""
    played = play_game(players, 100 + seed, mixed_policy, speed=speed)
    assert finished(played)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_short_target_games(players: int) -> None:
    """The `target` house rule ends games early, at the moment the target is reached."""
    for seed in range(3):
        played = play_game(players, 500 + seed, mixed_policy, target=5)
        assert finished(played)
        assert played.state.players[played.state.winner].vp >= 5


# -- hypothesis ------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    players=st.integers(min_value=2, max_value=4),
    speed=st.booleans(),
    bot_share=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_game_prefixes(seed: int, players: int, speed: bool, bot_share: float) -> None:
    """Any seed, any player count: the first 120 actions keep every invariant."""

    def policy(state: HagothState, seat: int, legal: list[Action],
               rng: random.Random) -> Action:
        if rng.random() < bot_share:
            return bot_policy(state, seat, legal, rng)
        return rng.choice(legal)

    play_game(players, seed, policy, speed=speed, max_actions=120, probe_every=10,
              roundtrip_every=15)


# -- bots ------------------------------------------------------------------------------------
# Measured (seeds 900–905, bots in every seat): on average 138 turns with 2 players, 205
# with 3 and 294 with 4 (a "turn" is one player's turn; skipped turns are not counted).
BOT_TURN_LIMIT = 600


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_finish_games(players: int) -> None:
    """Bots in every seat finish the game well within a turn limit."""
    turns = []
    for seed in range(6):
        played = play_game(players, 900 + seed, bot_policy, deep_every=3, probe_every=30,
                           max_actions=4 * BOT_TURN_LIMIT)
        assert finished(played)
        assert played.turns <= BOT_TURN_LIMIT
        turns.append(played.turns)
    print(f"\nbots, {players} players: average {sum(turns) / len(turns):.0f} turns {turns}")


def test_bots_are_deterministic() -> None:
    """``bot_action`` is a function of the state: two runs of the same seed agree."""
    first = play_game(3, 4242, bot_policy, deep_every=50, probe_every=50)
    second = play_game(3, 4242, bot_policy, deep_every=50, probe_every=50)
    assert first.log == second.log


# Measured over these 20 three-player games (the bot's seat rotates): the bot won 20 of
# 20 against two random-legal opponents (a random seat would win about 1 in 3). Measured
# the same way with two players it won 20/20, with four players 19/20.
def test_bot_beats_random_play() -> None:
    """A bot seat beats two random-legal opponents most of the time (loose bound: 14/20)."""
    wins = 0
    for seed in range(20):
        bot_seat = seed % 3

        def policy(state: HagothState, seat: int, legal: list[Action], rng: random.Random,
                   bot_seat: int = bot_seat) -> Action:
            if seat == bot_seat:
                return bot_policy(state, seat, legal, rng)
            return rng.choice(legal)

        played = play_game(3, 7000 + seed, policy, deep_every=10, probe_every=50,
                           roundtrip_every=200)
        assert finished(played)
        wins += played.state.winner == bot_seat
    print(f"\nbot vs random-legal, 3 players: {wins}/20 wins")
    assert wins >= 14
