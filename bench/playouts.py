"""Random-legal playouts straight through the :class:`~games.protocol.Ruleset` protocol.

Each playout is a whole game at a given player count: set up with its own seed, then
until :meth:`~games.protocol.Ruleset.result` says the game is over, a seeded
:class:`random.Random` picks one of the :meth:`~games.protocol.Ruleset.actors` and one
of that seat's :meth:`~games.protocol.Ruleset.legal_actions`, which is applied.

Playouts are started until a time budget has passed; the playout in progress when it
runs out is finished, so every playout counted is a whole game. The sequence of games
is fixed by the seed; only how many of them fit in the budget depends on the machine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from games import Ruleset

from .stats import default_options

#: A playout longer than this is a rules bug (a game that never ends): stop it there.
MAX_ACTIONS_PER_PLAYOUT = 200_000


@dataclass(frozen=True, slots=True)
class PlayoutStats:
    """What the playouts measured."""

    players: int
    playouts: int
    #: Playouts stopped at :data:`MAX_ACTIONS_PER_PLAYOUT` without a result (a bug sign).
    unfinished: int
    actions: int
    seconds: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def playouts_per_s(self) -> float:
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    @property
    def avg_actions(self) -> float:
        return self.actions / self.playouts if self.playouts else 0.0


def playout(
    ruleset: Ruleset[Any, Any], players: int, options: dict[str, Any], seed: int
) -> tuple[int, bool]:
    """Play one random-legal game; return (actions applied, whether it finished)."""
    rng = random.Random(seed)
    state = ruleset.setup(players, options, seed)
    actions = 0
    while ruleset.result(state) is None:
        if actions >= MAX_ACTIONS_PER_PLAYOUT:
            return actions, False
        actors = sorted(ruleset.actors(state))
        if not actors:
            raise RuntimeError(f"{ruleset.id}: no seat may act but the game has no result")
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        legal = ruleset.legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"{ruleset.id}: seat {seat} must act but has no legal action")
        ruleset.apply(state, seat, rng.choice(legal))
        actions += 1
    return actions, True


def run_playouts(
    ruleset: Ruleset[Any, Any], players: int, *, seed: int, budget_s: float,
    max_playouts: int | None = None,
) -> PlayoutStats:
    """Random playouts (game ``i`` seeded ``seed * 1_000_003 + i``) for ``budget_s`` seconds.

    At least one playout is always played; ``max_playouts`` caps the count.
    """
    options = default_options(ruleset)
    total = count = unfinished = 0
    start = time.perf_counter()
    while True:
        actions, finished = playout(ruleset, players, options, seed * 1_000_003 + count)
        total += actions
        count += 1
        unfinished += not finished
        elapsed = time.perf_counter() - start
        if elapsed >= budget_s or (max_playouts is not None and count >= max_playouts):
            break
    return PlayoutStats(players, count, unfinished, total, elapsed)
