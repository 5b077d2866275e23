"""``python -m bench --replay``: how long the animated replay of a long game takes, and
how large it is (issue 16: under Discord's 8 MB, "fast enough").

For every game (or ``--game``), bot-only games at the largest player count are played
from consecutive seeds; the longest (most turns, hence most frames) is animated exactly
as the service does it (:func:`bot.replay.animate`: replayed in a render worker, frames
drawn by all workers side by side, the GIF assembled in one), timed from the call to the
GIF bytes. The figures depend on the machine and what else runs on it: say so with them.

Measured on the shared 2-core machine (about 9 other sessions, load average 8–13, so
wall clock is several times the CPU time), ``--quick`` (one game each, largest table):

* before the size estimate and the 200-turn cap: Hagoth 4 players, 742 moves, 300 frames
  shrunk to 519 px, 346 s, 7.54 MB; Lovci 4 players, 739 moves, 300 frames at 562 px,
  380 s, 7.51 MB;
* after: Hagoth 4 players, 742 moves, 200 frames at 720 px, 188 s, 7.20 MB; Hexfolk
  8 players, 984 moves, 200 frames at 535 px, 266 s, 7.12 MB; Shipyard 4 players,
  354 moves, 69 frames at 720 px, 21 s, 1.07 MB (a quieter minute).

A short game (Hagoth, 2 players, target 5: 39 moves, 24 frames) takes about 28 s in
one process under the same load, 0.75 MB. Every result stayed under the 8 MB limit.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.render_pool import RenderPool
from bot.replay import animate
from games import Ruleset
from renderers.animation import MAX_BYTES

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")
MAX_MOVES = 6000


@dataclass(frozen=True, slots=True)
class ReplayStats:
    game: str
    players: int
    seed: int
    moves: int
    frames: int
    seconds: float
    size: int
    width: int
    workers: int

    def line(self) -> str:
        verdict = "ok" if self.size <= MAX_BYTES else "OVER 8 MB"
        return (f"{self.game:14} {self.players} players, seed {self.seed}: {self.moves} moves, "
                f"{self.frames} frames ({self.width} px) in {self.seconds:.1f} s with "
                f"{self.workers} workers = {self.seconds / max(1, self.frames) * 1000:.0f} ms "
                f"a frame; {self.size / 1024 / 1024:.2f} MB [{verdict}]")


def longest_game(ruleset: Ruleset, players: int, seeds: Sequence[int]
                 ) -> tuple[int, list[tuple[int, str]]]:
    """The seed and log of the bot-only game with the most turns among ``seeds``."""
    best: tuple[int, int, list[tuple[int, str]]] = (-1, 0, [])
    for seed in seeds:
        state = ruleset.setup(players, {}, seed)
        log: list[tuple[int, str]] = []
        turns = 0
        while ruleset.result(state) is None and len(log) < MAX_MOVES:
            seat = min(ruleset.actors(state))
            action = ruleset.bot_action(state, seat)
            log.append((seat, ruleset.notate_action(state, action)))
            marker = ruleset.turn_marker(state)
            ruleset.apply(state, seat, action)
            turns += ruleset.turn_marker(state) != marker
        if turns > best[0]:
            best = (turns, seed, log)
    return best[1], best[2]


async def _animate(ruleset: Ruleset, players: int, seed: int, log: list[tuple[int, str]],
                   workers: int) -> tuple[bytes, float]:
    pool = RenderPool(workers)
    try:
        await pool.run(len, "")  # start the workers before the clock starts
        started = time.perf_counter()
        gif = await animate(pool, ruleset.id, players, {}, seed, log, NAMES[:players])
        return gif, time.perf_counter() - started
    finally:
        await pool.aclose()


def run_replay(ruleset: Ruleset, seed: int, games: int = 3, workers: int = 0) -> ReplayStats:
    players = ruleset.max_players
    chosen, log = longest_game(ruleset, players, range(seed, seed + games))
    gif, seconds = asyncio.run(_animate(ruleset, players, chosen, log, workers))
    with Image.open(io.BytesIO(gif)) as image:
        frames, width = image.n_frames, image.width
    return ReplayStats(ruleset.id, players, chosen, len(log), frames, seconds, len(gif), width,
                       RenderPool(workers).workers)
