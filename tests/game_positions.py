"""Seeded positions of every registered game, for the fuzz and hidden-information tests.

Positions come from all-bot games at several player counts, sampled at random depths,
so they cover the opening, the middle game and (sometimes) the end.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games import Ruleset, all_rulesets

#: How many positions per game the tests look at; ``TIDEBOUND_LONG=1`` looks at more.
LONG = os.environ.get("TIDEBOUND_LONG", "") not in ("", "0")

RULESETS = all_rulesets()
RULESET_IDS = [ruleset.id for ruleset in RULESETS]


@dataclass
class Position:
    state: Any
    players: int
    seed: int
    depth: int


def player_counts(ruleset: Ruleset) -> list[int]:
    """Up to four player counts of ``ruleset``, the smallest and the largest included."""
    counts = sorted({ruleset.min_players, ruleset.min_players + 1, ruleset.max_players,
                     (ruleset.min_players + ruleset.max_players) // 2})
    return [n for n in counts if ruleset.min_players <= n <= ruleset.max_players]


def positions(ruleset: Ruleset, count: int, *, seed: int = 0,
              per_game: int = 4, max_depth: int = 160) -> Iterator[Position]:
    """``count`` positions: ``per_game`` from each seeded all-bot game, at random depths."""
    chooser = random.Random(f"{ruleset.id}:{seed}")
    counts = player_counts(ruleset)
    made = 0
    game = 0
    while made < count:
        players = counts[game % len(counts)]
        game_seed = chooser.randrange(1 << 40)
        depths = sorted(chooser.randrange(max_depth) for _ in range(per_game))
        state = ruleset.setup(players, {}, game_seed)
        depth = 0
        for wanted in depths:
            while depth < wanted and ruleset.result(state) is None:
                actor = min(ruleset.actors(state))
                ruleset.apply(state, actor, ruleset.bot_action(state, actor))
                depth += 1
            yield Position(ruleset.load(ruleset.dump(state)), players, game_seed, depth)
            made += 1
            if made >= count:
                return
        game += 1
