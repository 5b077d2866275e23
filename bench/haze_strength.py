"""Haze Islands bot strength per mode, at fixed seeds (bench/strength.py's pattern).

* competitive 3p: one bot seat (rotating through the seats) against two seeded
  random-legal players; a *win* is a sole win.
* solo: one bot; a win is the solo result ("Defeat The Doom and score 15 icons").
* coop 2p / 3p: bots in every seat; a win is the cooperative result (The Doom defeated,
  everybody survived).

Also tallied: how often the bot seat ended as a Ghost Ship, and how many games saw The
Doom defeated. ``python -m bench.haze_strength --games 100``.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from games.haze_islands import RULESET
from games.haze_islands.state import GHOST

MAX_ACTIONS = 5000


@dataclass(slots=True)
class ModeStats:
    games: int = 0
    wins: int = 0
    ghosts: int = 0
    doom_defeated: int = 0
    caps: int = 0


def play(mode: str, players: int, seed: int, bot_seats: frozenset[int]
         ) -> tuple[tuple[int, ...], bool, bool, bool]:
    """(winners, bot seat ghost, doom defeated, capped) of one game."""
    ruleset = RULESET
    rng = random.Random(seed)
    state = ruleset.setup(players, {"mode": mode}, seed)
    actions = 0
    while (result := ruleset.result(state)) is None:
        if actions >= MAX_ACTIONS:
            return (), False, False, True
        actors = sorted(ruleset.actors(state))
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        if seat in bot_seats:
            action = ruleset.bot_action(state, seat)
        else:
            action = rng.choice(ruleset.legal_actions(state, seat))
        ruleset.apply_trusted(state, seat, action)
        actions += 1
    ghost = any(state.players[s].status == GHOST for s in bot_seats)
    return tuple(result.winners), ghost, not state.doom_cards, False


def measure(mode: str, players: int, games: int, seed: int = 0) -> ModeStats:
    stats = ModeStats()
    for i in range(games):
        game_seed = seed * 1_000_003 + i
        if mode == "competitive":
            seat = i % players
            bots = frozenset({seat})
        else:
            bots = frozenset(range(players))
        winners, ghost, defeated, capped = play(mode, players, game_seed, bots)
        stats.games += 1
        if mode == "competitive":
            stats.wins += winners == (seat,)
        else:
            stats.wins += bool(winners)
        stats.ghosts += ghost
        stats.doom_defeated += defeated
        stats.caps += capped
    return stats


CASES = (("competitive", 3), ("solo", 1), ("coop", 2), ("coop", 3))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mode", default="")
    args = parser.parse_args()
    for mode, players in CASES:
        if args.mode and args.mode != mode:
            continue
        start = time.process_time()
        s = measure(mode, players, args.games, args.seed)
        print(f"{mode} {players}p: wins {s.wins}/{s.games}, bot ghost {s.ghosts}, "
              f"doom defeated {s.doom_defeated}, capped {s.caps} "
              f"({time.process_time() - start:.1f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
