"""How often one human is asked to decide in a game against bots (issue 9 item 19).

Seat 0 is the "human", played by our bot as a stand-in; every other seat is a bot. A
*prompt* is a decision of seat 0 that the platform would put to the person: seat 0 is
among the actors and the game does not play the move for them
(:meth:`~games.protocol.Ruleset.forced_action`, issue 9 item 5). Every game of the
registry is measured the same way; ``python -m bench.prompts [games] [--game ID]`` runs it
alone.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass
from typing import Any

from games.protocol import Ruleset

from .stats import measured_rulesets

#: Moves after which a game is stopped and counted as unfinished.
CAP = 5000


@dataclass(frozen=True, slots=True)
class PromptStats:
    """Prompts per game for one human among bots at one player count."""

    players: int
    games: int
    median: float
    mean: float
    max: int
    median_moves: float
    unfinished: int


def play(ruleset: Ruleset[Any, Any], players: int, seed: int) -> tuple[int, int, bool]:
    """(prompts of seat 0, moves in all, finished) for one seeded game."""
    state = ruleset.setup(players, {}, seed)
    prompts = moves = 0
    while ruleset.result(state) is None and moves < CAP:
        for seat in sorted(ruleset.actors(state)):
            if ruleset.result(state) is not None or seat not in ruleset.actors(state):
                continue
            forced = ruleset.forced_action(state, seat) if seat == 0 else None
            if seat == 0 and forced is None:
                prompts += 1
            action = forced if forced is not None else ruleset.bot_action(state, seat)
            ruleset.apply_trusted(state, seat, action)
            moves += 1
    return prompts, moves, ruleset.result(state) is not None


def run_prompts(ruleset: Ruleset[Any, Any], players: int, *, games: int = 10,
                seed: int = 1) -> PromptStats:
    rows = [play(ruleset, players, seed + i) for i in range(games)]
    prompts = [r[0] for r in rows]
    return PromptStats(players, games, statistics.median(prompts), statistics.mean(prompts),
                       max(prompts), statistics.median(r[1] for r in rows),
                       sum(1 for r in rows if not r[2]))


def describe(ruleset: Ruleset[Any, Any], stats: PromptStats) -> str:
    return (f"[{ruleset.id}] one human among bots at {stats.players} players: prompts per "
            f"game median {stats.median:.0f}, mean {stats.mean:.0f}, max {stats.max} "
            f"({stats.games} games, median {stats.median_moves:.0f} moves in all, "
            f"{stats.unfinished} stopped at {CAP} moves)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.prompts")
    parser.add_argument("games", nargs="?", type=int, default=10)
    parser.add_argument("--game")
    args = parser.parse_args()
    for ruleset in measured_rulesets(args.game):
        for players in sorted({ruleset.min_players, ruleset.max_players}):
            print(describe(ruleset, run_prompts(ruleset, players, games=args.games)))


if __name__ == "__main__":
    main()
