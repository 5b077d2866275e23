"""Random-legal playouts straight through the :class:`~games.protocol.Ruleset` protocol.

Each playout is a whole game at a given player count: set up with its own seed, then
until :meth:`~games.protocol.Ruleset.result` says the game is over, a seeded
:class:`random.Random` picks one of the :meth:`~games.protocol.Ruleset.actors` and one
of that seat's :meth:`~games.protocol.Ruleset.legal_actions`, which is applied through
the trusted fast path (:meth:`~games.protocol.Ruleset.apply_trusted`: it came from the
legal list). A *bot playout* lets :meth:`~games.protocol.Ruleset.bot_action` choose for
every seat instead: random-legal games of some games never end (a Lovci ship can
shuttle back and forth for ever), bot games do, so bot-played games per second are the
whole-game figure of every game.

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
#: A bot playout longer than this is stuck in a cycle: stop it (counted as unfinished).
MAX_ACTIONS_PER_BOT_PLAYOUT = 20_000


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
    ruleset: Ruleset[Any, Any], players: int, options: dict[str, Any], seed: int, *,
    bots: bool = False, uncounted: tuple[type, ...] = (),
) -> tuple[int, bool, int]:
    """Play one random-legal game (``bots``: every seat plays the bot); return (actions
    applied, whether it finished, how many of them are of the ``uncounted`` types: the
    comparison with Catanatron leaves out player-trade steps)."""
    rng = random.Random(seed)
    state = ruleset.setup(players, options, seed)
    cap = MAX_ACTIONS_PER_BOT_PLAYOUT if bots else MAX_ACTIONS_PER_PLAYOUT
    result, actors_of, legal_of = ruleset.result, ruleset.actors, ruleset.legal_actions
    apply, choose = ruleset.apply_trusted, ruleset.bot_action
    actions = skipped = 0
    while result(state) is None:
        if actions >= cap:
            return actions, False, skipped
        actors = actors_of(state)
        if not actors:
            raise RuntimeError(f"{ruleset.id}: no seat may act but the game has no result")
        seat = min(actors) if len(actors) == 1 else rng.choice(sorted(actors))
        if bots:
            action = choose(state, seat)
        else:
            legal = legal_of(state, seat)
            if not legal:
                raise RuntimeError(
                    f"{ruleset.id}: seat {seat} must act but has no legal action")
            action = rng.choice(legal)
        apply(state, seat, action)
        actions += 1
        skipped += isinstance(action, uncounted)
    return actions, True, skipped


def run_playouts(
    ruleset: Ruleset[Any, Any], players: int, *, seed: int, budget_s: float,
    max_playouts: int | None = None, options: dict[str, Any] | None = None,
    bots: bool = False,
) -> PlayoutStats:
    """Random playouts (game ``i`` seeded ``seed * 1_000_003 + i``) for ``budget_s`` seconds
    (``bots``: bot-played games instead; ``options``: default options unless given).

    At least one playout is always played; ``max_playouts`` caps the count.
    """
    options = default_options(ruleset) if options is None else options
    total = count = unfinished = 0
    start = time.perf_counter()
    while True:
        actions, finished, _ = playout(ruleset, players, options, seed * 1_000_003 + count,
                                    bots=bots)
        total += actions
        count += 1
        unfinished += not finished
        elapsed = time.perf_counter() - start
        if elapsed >= budget_s or (max_playouts is not None and count >= max_playouts):
            break
    return PlayoutStats(players, count, unfinished, total, elapsed)
