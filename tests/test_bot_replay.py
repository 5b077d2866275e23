"""Seeded all-bot games replay move for move as before the turn-latency work.

Issue 10 (turn latency) asks for cheaper bot decisions, storage and views, never for
other moves: a bot is a pure function of the state, and a seeded game is replayed
from its log. Each game below is played by bots alone from a seed; the fingerprint
hashes every move (seat and notation, in order) and the final dumped state. The
expected values were recorded with the engines as they were before the optimisations
(main at 04fa0d8): a change that makes any bot choose another move, or any rule play
out differently, changes the fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from games import Ruleset, all_rulesets

#: (game, players, seed) -> fingerprint of the pre-optimisation engines.
EXPECTED = {
    # Hagoth: the same moves; the final state's statistics note a round per pass of the
    # table since issue 24 item 13 (HG-D28), so the dumped state differs on purpose.
    ("hagoth", 4, 1): "0f9fc8661676ceea",
    ("hagoth", 2, 2): "4b8b12fc025bd8cb",
    # Lovci's bot changed its moves on purpose after 04fa0d8 (issue 9 item 19, branch
    # lovci: ships wait where a carrier can come, chains judged from the move's start,
    # a lone last sailor goes ashore); recorded from that branch before it merged the
    # turn-latency work, which gave the same values after the merge. Changed again on
    # purpose (branch lovci-length): prey only beside a card a sailor can stop on, piles
    # on an octopus fetched, contested piles taken by a pair, corner berths beside an
    # enemy ship avoided, a pinned lone guard sails away (2-player seed 2 unchanged).
    # Changed again by a rule (issue 24 item 8 a, LP-D51): the starfish sends a sailor
    # two squares back after a dolphin's jump or a straight Neptune flight (with the old
    # step these two games give the old values; 4-player seed 1 meets no such starfish).
    ("lovci-pokladu", 4, 1): "4be286b4d7a0657f",
    ("lovci-pokladu", 4, 3): "77e3c612c4c302cc",
    ("lovci-pokladu", 2, 2): "a63e9b51991ef4ab",
    ("hexfolk", 8, 1): "7c7ab01dac41683d",
    ("hexfolk", 2, 2): "3beac49faac648bc",
    ("shipyard", 4, 1): "2d5ccbba7b2d5530",
    ("shipyard", 2, 2): "1ad41610b4914fe4",
    ("haze-islands", 3, 1): "8aa10c57c1197da1",
    ("haze-islands", 1, 2): "de53672f22c56690",
}

#: More moves than any of these games takes: a bot stuck in a loop fails, not hangs.
MAX_MOVES = 5000


def fingerprint(ruleset: Ruleset[Any, Any], players: int, seed: int) -> str:
    """Play a seeded game of bots to its end (the lowest acting seat moves first) and
    hash its moves and final state."""
    state = ruleset.setup(players, {}, seed)
    digest = hashlib.sha256()
    for _ in range(MAX_MOVES):
        if ruleset.result(state) is not None or not ruleset.actors(state):
            break
        seat = min(ruleset.actors(state))
        action = ruleset.bot_action(state, seat)
        digest.update(f"{seat}:{ruleset.format_action(action)};".encode())
        ruleset.apply(state, seat, action)
    else:
        pytest.fail(f"{ruleset.id}: no end after {MAX_MOVES} moves")
    digest.update(json.dumps(ruleset.dump(state), sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("game", "players", "seed"), sorted(EXPECTED))
def test_seeded_bot_game_replays_as_before(game: str, players: int, seed: int) -> None:
    ruleset = {r.id: r for r in all_rulesets()}[game]
    assert fingerprint(ruleset, players, seed) == EXPECTED[game, players, seed]
