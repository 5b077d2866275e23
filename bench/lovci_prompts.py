"""How many prompts one human gets in a Lovci pokladů game against bots.

Seat 0 is the "human", played by a proxy: ``bot`` (our bot) or ``random`` (a uniformly
random legal move). Every other seat is a bot. A prompt is a turn of seat 0 with more
than one legal move (a single legal move is played for the player by the platform).
Random proxies practically never bring treasure home, so their games are capped at
``cap`` moves (reported). Usage: ``python -m bench.lovci_prompts [games] [players]``.
"""

from __future__ import annotations

import random
import statistics
import sys

from games.lovci_pokladu import RULESET, bot


def play(seed: int, players: int, proxy: str, cap: int = 3000) -> tuple[int, int, str]:
    """(prompts of seat 0, moves in all, how it ended) for one seeded game."""
    state = RULESET.setup(players, {}, seed)
    rng = random.Random(seed)
    prompts = moves = 0
    while RULESET.result(state) is None and moves < cap:
        seat = next(iter(RULESET.actors(state)))
        legal = RULESET.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            prompts += 1
            action = rng.choice(legal) if proxy == "random" else bot.choose(state, seat)
        else:
            action = legal[0] if len(legal) == 1 else bot.choose(state, seat)
        RULESET.apply(state, seat, action)
        moves += 1
    result = RULESET.result(state)
    return prompts, moves, "cap" if result is None else result.reason_key.rsplit(".", 1)[1]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for players in [int(sys.argv[2])] if len(sys.argv) > 2 else [2, 4]:
        for proxy in ("bot", "random"):
            rows = [play(seed, players, proxy) for seed in range(games)]
            prompts = [r[0] for r in rows]
            ends: dict[str, int] = {}
            for r in rows:
                ends[r[2]] = ends.get(r[2], 0) + 1
            print(f"{players} players, human={proxy:6}: prompts median "
                  f"{statistics.median(prompts):.0f} mean {statistics.mean(prompts):.0f} "
                  f"max {max(prompts)}; moves median "
                  f"{statistics.median(r[1] for r in rows):.0f}; endings {ends}")


if __name__ == "__main__":
    main()
