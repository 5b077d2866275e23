"""Seeded random Haze Islands games over what is built so far, from setup to the end of
the game (Round Ends included), checking after every action:

- all 30 map cards, 18 adventure cards and 3 Doom cards are accounted for, once each;
- pirates in supply + deployed + in the box (+ the one a Castaway is) = 3 per player;
- every refused action (an illegal candidate, or any action by a seat not to play) leaves
  the state byte-identical;
- the notation of every legal action round-trips, so does the JSON of the state;
- and at the end the notation log replays to the identical state.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.haze_islands import rules
from games.haze_islands.actions import format_action, parse_action
from games.haze_islands.data import ADVENTURE_CARDS, DOOM_CARDS, MAP_CARDS, PIRATES_PER_PLAYER
from games.haze_islands.state import HazeState, dump_state, load_state
from games.protocol import IllegalAction


def snapshot(state: HazeState) -> str:
    return json.dumps(dump_state(state), sort_keys=True)


def check_accounting(state: HazeState) -> None:
    map_cards = Counter(
        [c for deck in state.decks for c in deck] + state.discard
        + [loc.card for loc in state.locations] + [c for p in state.players for c in p.hand]
        + state.drawn)
    assert map_cards == Counter(range(len(MAP_CARDS)))
    adventures = Counter(
        state.adventure_deck
        + [loc.adventure for loc in state.locations if loc.adventure is not None]
        + [e.card for p in state.players for e in p.log if e.kind != "doom"])
    assert adventures == Counter(range(len(ADVENTURE_CARDS)))
    doom = Counter([card for card, _face in state.doom_cards]
                   + [e.card for p in state.players for e in p.log if e.kind == "doom"])
    assert doom == Counter(range(len(DOOM_CARDS)))
    for player in state.players:
        castaway = 1 if player.status == "castaway" else 0  # the token that is the castaway
        assert (player.supply + len(player.deployed) + player.boxed + castaway
                == PIRATES_PER_PLAYER)
    squares = [(loc.x, loc.y) for loc in state.locations]
    assert len(set(squares)) == len(squares)


#: Actions a "bold" random player takes whenever it can, so that attacks, castaways and
#: hijacks (rare under uniformly random play) are exercised too.
BOLD = ("hijack", "attack", "complete", "use", "trade", "give", "revive", "plunder", "steal",
        "pay", "keep", "take")


def pick(legal: list, rng: random.Random, bold: bool):  # type: ignore[no-untyped-def]
    if bold:
        for verb in BOLD:
            preferred = [a for a in legal if format_action(a).startswith(verb)]
            if preferred:
                return rng.choice(preferred)
    return rng.choice(legal)


def play_random_game(players: int, mode: str, seed: int, *, short: bool = False,
                     bold: bool = False) -> tuple[HazeState, list[tuple[int, str]]]:
    rng = random.Random(seed)
    state = rules.setup(players, seed, mode=mode, short=short)
    log: list[tuple[int, str]] = []
    check_accounting(state)
    while rules.actors(state):
        acting = sorted(rules.actors(state))
        seat = rng.choice(acting)
        legal = rules.legal_actions(state, seat)
        assert legal, "a player to act always has a legal action"
        for action in legal:
            assert parse_action(format_action(action)) == action
        before = snapshot(state)
        for candidate in rules.candidates(state, seat):
            if candidate not in legal:
                with pytest.raises(IllegalAction):
                    rules.apply(state, seat, candidate)
                assert snapshot(state) == before
        for other in range(players):
            if other not in acting:
                with pytest.raises(IllegalAction):
                    rules.apply(state, other, rng.choice(legal))
                assert snapshot(state) == before
        assert dump_state(load_state(json.loads(before))) == json.loads(before)
        action = pick(legal, rng, bold)
        rules.apply(state, seat, action)
        log.append((seat, format_action(action)))
        check_accounting(state)
    return state, log


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "coop"), (2, "friendly"),
                                          (3, "competitive"), (3, "coop")])
@pytest.mark.parametrize("seed", range(8))
def test_random_games_keep_every_invariant_and_replay(players: int, mode: str,
                                                      seed: int) -> None:
    state, log = play_random_game(players, mode, seed, bold=seed % 2 == 1)
    if state.reason != "doom_defeated":  # otherwise the game ended after a Round End
        assert not any(state.decks) and state.phase == "over"
    replay = rules.setup(players, seed, mode=mode)
    for seat, notation in log:
        rules.apply(replay, seat, parse_action(notation))
    assert snapshot(replay) == snapshot(state)


def test_random_short_games() -> None:
    for seed in range(4):
        state, _log = play_random_game(3, "friendly", seed, short=True)
        assert state.rounds == 3
