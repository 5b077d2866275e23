"""Many games moving at once through one :class:`~bot.service.SessionService`.

A real SQLite file, rendering on (the service's process pool, one worker per core):
``games`` sessions, each the next game in turn at its largest player count with one
human and bots, are driven at once by one coroutine each, in a closed loop, as fast as
the service answers. Each round a driver asks for the human's legal moves (the
autocomplete call, timed) and plays a seeded random one of them (the ``move`` call,
timed: the move, the bots' replies, the commit, the public and private renders). A
game that ends is replaced by a new one in its channel. Once every game is dealt and
``warmup_s`` more have passed, the figures are counted for ``budget_s``: moves/s (human
moves), move and autocomplete p50/p95, and the CPU time per move of the service and
its render workers (with the moves/s it would allow on idle cores, an estimate), and
the images sent to the render workers per move, by kind (a private image whose hand has
not changed is sent but not drawn again: the worker keeps it).

What it leaves out: Discord itself (HTTP, the gateway, uploading the images), and the
bench's own drivers run on the same event loop as the service (a random pick per move).
Autocomplete is asked as the ``/move`` handler asks it (``recheck=False``).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.render_pool import cores
from bot.service import Person, ServiceError, SessionService
from bot.storage import Storage
from games import all_rulesets

from .stats import HUMAN_NAME, percentile
from .turns import service_cpu_s

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class LoadStats:
    """What the load run measured."""

    games: int
    render: bool
    workers: int
    seconds: float
    moves: int
    moves_per_s: float
    move_p50_ms: float
    move_p95_ms: float
    autocomplete_p50_ms: float
    autocomplete_p95_ms: float
    autocompletes: int
    #: Moves refused (e.g. a trade answered meanwhile); they are retried, not counted.
    refused: int
    #: CPU time per counted move of this process and the render workers (``None``:
    #: unknown): what a move costs however busy the machine is.
    cpu_ms_per_move: float | None = None
    #: Images sent to the render workers per counted move, by renderer function
    #: (``render_public``, ``render_private``, ``render_summary``), game starts included.
    renders_per_move: dict[str, float] = field(default_factory=dict)

    @property
    def idle_moves_per_s(self) -> float | None:
        """The moves/s the CPU time per move allows on this machine's cores if nothing
        else ran (an estimate: it assumes the work spreads over every core)."""
        if not self.cpu_ms_per_move:
            return None
        return cores() * 1000 / self.cpu_ms_per_move


@dataclass(slots=True)
class _Tally:
    counting: bool = False
    started: int = 0
    moves: int = 0
    refused: int = 0
    move_ms: list[float] | None = None
    autocomplete_ms: list[float] | None = None
    renders: Counter[str] = field(default_factory=Counter)


def _count_renders(service: SessionService, tally: _Tally) -> None:
    """Count what the service sends to its render workers while ``tally`` counts."""
    pool = service.render_pool
    run = pool.run

    async def counted(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if tally.counting:
            tally.renders[function.__name__] += 1
        return await run(function, *args, **kwargs)

    pool.run = counted  # type: ignore[method-assign]


async def _start(service: SessionService, channel: str, person: Person, game: str,
                 players: int, seed: int) -> None:
    await service.new_game(channel, person, game)
    for _ in range(players - 1):
        await service.add_bot(channel, person)
    await service.start(channel, person, seed=seed)


async def _drive(service: SessionService, index: int, seed: int, tally: _Tally,
                 stop: asyncio.Event) -> None:
    rulesets = all_rulesets()
    ruleset = rulesets[index % len(rulesets)]
    channel, person = f"load-{index}", Person(f"load-human-{index}", HUMAN_NAME)
    rng = random.Random(seed * 1_000_003 + index)
    await _start(service, channel, person, ruleset.id, ruleset.max_players, rng.randrange(2**31))
    tally.started += 1
    assert tally.move_ms is not None and tally.autocomplete_ms is not None
    while not stop.is_set():
        started = time.perf_counter()
        try:
            _, choices = await service.choices(channel, person, recheck=False)
        except ServiceError:  # the game ended meanwhile
            choices = []
        asked = time.perf_counter()
        if not choices:  # bots only left, or the game is over: a new one
            with contextlib.suppress(ServiceError):  # unless it is over already
                await service.abandon(channel, person, can_manage=True)
            await _start(service, channel, person, ruleset.id, ruleset.max_players,
                         rng.randrange(2**31))
            continue
        try:
            update = await service.move(channel, person, rng.choice(choices).notation)
        except ServiceError:
            if tally.counting:
                tally.refused += 1
            continue
        done = time.perf_counter()
        if tally.counting:
            tally.autocomplete_ms.append((asked - started) * 1000)
            tally.move_ms.append((done - asked) * 1000)
            tally.moves += 1
        if update.finished:
            await _start(service, channel, person, ruleset.id, ruleset.max_players,
                         rng.randrange(2**31))


async def _run(games: int, seed: int, warmup_s: float, budget_s: float,
               directory: Path, render: bool) -> LoadStats:
    storage = await Storage.open(directory / "load.sqlite3")
    service = SessionService(storage, render=render)
    tally = _Tally(move_ms=[], autocomplete_ms=[])
    _count_renders(service, tally)
    stop = asyncio.Event()
    try:
        drivers = [asyncio.create_task(_drive(service, i, seed, tally, stop))
                   for i in range(games)]
        while tally.started < games:  # every game dealt (not timed), then a warm-up
            await asyncio.sleep(0.1)
        await asyncio.sleep(warmup_s)
        tally.counting = True
        started, started_cpu = time.perf_counter(), service_cpu_s(service)
        await asyncio.sleep(budget_s)
        tally.counting = False
        seconds = time.perf_counter() - started
        ended_cpu = service_cpu_s(service)
        cpu_s = (None if started_cpu is None or ended_cpu is None
                 else ended_cpu - started_cpu)
        stop.set()
        for result in await asyncio.gather(*drivers, return_exceptions=True):
            if isinstance(result, BaseException):
                raise result
    finally:
        await service.close()
        await storage.close()
    assert tally.move_ms is not None and tally.autocomplete_ms is not None
    if not tally.move_ms:
        raise RuntimeError("no move finished in the load run's budget")
    return LoadStats(
        games, render, service.render_pool.workers if render else 0, seconds, tally.moves,
        tally.moves / seconds,
        percentile(tally.move_ms, 0.5), percentile(tally.move_ms, 0.95),
        percentile(tally.autocomplete_ms, 0.5), percentile(tally.autocomplete_ms, 0.95),
        len(tally.autocomplete_ms), tally.refused,
        None if cpu_s is None or not tally.moves else cpu_s * 1000 / tally.moves,
        {name: count / tally.moves for name, count in sorted(tally.renders.items())})


def run_load(*, games: int = 50, seed: int = 1, warmup_s: float = 5.0,
             budget_s: float = 20.0, render: bool = True) -> LoadStats:
    """``games`` games moving at once for ``budget_s`` seconds (after ``warmup_s``);
    ``render=False`` measures the service without images (for comparison only)."""
    with tempfile.TemporaryDirectory(prefix="tidebound-load-") as directory:
        return asyncio.run(_run(games, seed, warmup_s, budget_s, Path(directory), render))


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} ms"


def _rate(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f}"


def report(stats: LoadStats) -> list[str]:
    """The load figures and their targets, one line each."""
    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    if not stats.render:
        return [f"load without images (not a target): {stats.moves_per_s:.1f} moves/s, "
                f"move p95 {stats.move_p95_ms:.0f} ms, autocomplete p95 "
                f"{stats.autocomplete_p95_ms:.1f} ms"]
    return [
        f"load: {stats.games} games at once, {stats.workers} render workers "
        f"({cores()} cores), {stats.seconds:.1f} s: {stats.moves} moves, "
        f"{stats.refused} refused",
        f"  moves/s >= 60: {stats.moves_per_s:.1f}  {verdict(stats.moves_per_s >= 60)}",
        f"  CPU per move (service and render workers): {_ms(stats.cpu_ms_per_move)}; "
        f"moves/s it allows on {cores()} idle cores: {_rate(stats.idle_moves_per_s)} "
        f"(an estimate, not a target)",
        f"  move p95 < 1000 ms: {stats.move_p95_ms:.0f} ms (p50 {stats.move_p50_ms:.0f})  "
        f"{verdict(stats.move_p95_ms < 1000)}",
        f"  autocomplete p95 < 100 ms: {stats.autocomplete_p95_ms:.1f} ms "
        f"(p50 {stats.autocomplete_p50_ms:.1f}, {stats.autocompletes} calls)  "
        f"{verdict(stats.autocomplete_p95_ms < 100)}",
        "  images sent to the render workers per move: " + (", ".join(
            f"{name.removeprefix('render_')} {count:.2f}"
            for name, count in stats.renders_per_move.items()) or "none"),
    ]


if __name__ == "__main__":
    import json
    import sys
    from dataclasses import asdict

    quick = "--quick" in sys.argv
    figures = run_load(warmup_s=2.0 if quick else 5.0, budget_s=8.0 if quick else 20.0,
                       render="--no-render" not in sys.argv)
    print("\n".join(report(figures)))
    print(json.dumps({k: round(v, 2) if isinstance(v, float) else v
                      for k, v in asdict(figures).items()}))
