"""Turn latency end to end through :class:`~bot.service.SessionService`.

A real SQLite file in a temporary directory, rendering on: the human ``bench-human``
opens a lobby (with the given lobby options, e.g. Hexfolk's ``map=great-land``, and
public posts in the given language), fills the other seats with bots and starts with
the seed. Each time
the human must act, their move is the one the bot would make for that seat (from the
state the service stored), and the :meth:`~bot.service.SessionService.move` call is
timed: the human's move, the bots' replies, the SQLite commit and the public and
private PNG renders. Picking the move (and reading the legal choices) is not timed.

Beside the wall clock, each move's **CPU time** is taken: this process's (the service,
SQLite's thread) plus the render workers' (``/proc/<pid>/schedstat`` on Linux; ``None``
elsewhere). On a machine shared with other work, waiting for a core inflates the wall
clock many times over, the CPU time much less: it is what the move costs.

The **worst position** is the one a player meets at its worst: the board with the most
overlays (numbered spots; for a map that grows, Haze Islands', the most locations; for a
game with neither, the most legal moves of the seat to act next) after a move, at the
biggest table. Its turn latency is reported on its own:
the slowest of the moves whose board carried that many overlays, and its CPU time.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import turns as bot_turns
from bot.service import Person, SessionService, Update
from bot.storage import Storage
from games import Ruleset

from .stats import HUMAN_ID, HUMAN_NAME, KB, percentile

CHANNEL = "bench-channel"


@dataclass(frozen=True, slots=True)
class TurnStats:
    """What the turn-latency run measured."""

    players: int
    turns: int
    finished: bool
    p50_ms: float
    p95_ms: float
    max_ms: float
    #: The largest public board PNG sent during the run.
    max_png_bytes: int
    #: CPU p50 / p95 of a move: this process and the render workers (``None``: unknown).
    cpu_p50_ms: float | None = None
    cpu_p95_ms: float | None = None
    #: The worst position: overlays on its board, and the slowest such move (wall, CPU).
    worst_overlays: int = 0
    worst_ms: float = 0.0
    worst_cpu_ms: float | None = None
    #: The CPU p50 of a move split (issue 29 item 6): this process (the service, the
    #: bots' replies, SQLite, handing views to the pool) and the render workers (drawing
    #: and encoding the images). Each is its own median, so they need not add up.
    service_cpu_p50_ms: float | None = None
    render_cpu_p50_ms: float | None = None
    #: The CPU p50 of the bots' thinking in a move (their ``level_action`` calls, part of
    #: the service's share), and of a move without it: the platform's CPU per move, what
    #: issue 29 item 6 sets its target on (see :func:`_bots_thinking`).
    bots_cpu_p50_ms: float | None = None
    platform_cpu_p50_ms: float | None = None

    @property
    def max_png_kb(self) -> float:
        return self.max_png_bytes / KB


async def _human_move(service: SessionService, ruleset: Ruleset[Any, Any],
                      person: Person, channel: str = CHANNEL) -> str:
    """The notation the bot would play for the human's seat now (checked to be legal: a
    menu may list one of several equivalent moves, Lovci's sailors going ashore from one
    ship, and the player may still type any of them)."""
    row, choices = await service.choices(channel, person)
    if not choices:
        raise RuntimeError(f"{ruleset.id}: the human has no move but the game is on")
    seat = row.seat_of(person.user_id)
    stored = await service.storage.get(row.id)  # a private copy: the service's cache is untouched
    assert seat is not None and stored is not None and stored.state is not None
    state = ruleset.load(json.loads(stored.state))
    action = ruleset.bot_action(state, seat)
    if action not in ruleset.legal_actions(state, seat):
        raise RuntimeError(f"{ruleset.id}: bot move {action!r} is not legal")
    return ruleset.notate_action(state, action)


def _worker_cpu_s(service: SessionService) -> float | None:
    """CPU seconds the render workers have used so far (``None`` where unknown)."""
    total = 0.0
    for pid in service.render_pool.worker_pids():
        try:
            with open(f"/proc/{pid}/schedstat") as handle:
                total += int(handle.read().split()[0]) / 1e9
        except (OSError, ValueError, IndexError):
            return None
    return total


def service_cpu_s(service: SessionService) -> float | None:
    """CPU seconds used so far by this process and the service's render workers."""
    split = _split_cpu_s(service)
    return None if split is None else sum(split)


def _split_cpu_s(service: SessionService) -> tuple[float, float] | None:
    """CPU seconds used so far by this process and by the render workers."""
    workers = _worker_cpu_s(service)
    return None if workers is None else (time.process_time(), workers)


@contextmanager
def _bots_thinking() -> Iterator[list[float]]:
    """While in the block, the CPU seconds of every bot's choice of a move
    (:func:`games.bot_levels.level_action`, as :mod:`bot.turns` calls it) are added to
    the list yielded (its one item).

    Issue 29 item 6's target is the platform's CPU per move: drawing, encoding, storing,
    handing images to the workers. A bench move is a human's move among bots, and the
    bots' replies think in the same call (Lovci pokladů's three bots about 5 ms of a
    25 ms move); that thinking is each bot's own move, the same whatever the platform
    does, absent from a table of humans, and held to the bots' own targets. So the move's
    CPU is reported whole and without it (``platform_cpu_p50_ms``)."""
    spent = [0.0]
    original = bot_turns.level_action

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()  # a thread of its own for the expert's search
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.thread_time() - started

    bot_turns.level_action = timed  # type: ignore[assignment]
    try:
        yield spent
    finally:
        bot_turns.level_action = original


async def _overlays(service: SessionService, ruleset: Ruleset[Any, Any], session_id: int
                    ) -> int:
    """The overlays on the public board now: numbered spots; for a map that grows as it
    is played (a view's ``locations``: Haze Islands, whose issue 12 sets its targets "at
    the largest map reached"), its locations; or else the legal moves of the seat to act."""
    stored = await service.storage.get(session_id)
    if stored is None or stored.state is None:
        return 0
    state = ruleset.load(json.loads(stored.state))
    view = ruleset.view(state, None)
    spots = getattr(view, "spots", None)
    if spots is not None:
        return len(spots)
    grown = getattr(view, "locations", None)
    if grown is not None:
        return len(grown)
    actors = ruleset.actors(state)
    return len(ruleset.legal_actions(state, min(actors))) if actors else 0


#: The channel of the unmeasured game a steady-state run plays first (``warm_up_seed``).
WARM_UP_CHANNEL = "bench-warm-up"


async def _start(service: SessionService, ruleset: Ruleset[Any, Any], players: int, seed: int,
                 options: Mapping[str, Any], locale: str, person: Person, channel: str
                 ) -> Update:
    typed = " ".join(f"{name}={value}" for name, value in sorted(options.items()))
    await service.new_game(channel, person, ruleset.id, typed, locale=locale)
    for _ in range(players - 1):
        await service.add_bot(channel, person)
    return await service.start(channel, person, seed=seed)


async def _run(ruleset: Ruleset[Any, Any], players: int, seed: int, max_turns: int | None,
               directory: Path, options: Mapping[str, Any], locale: str,
               warm_up_seed: int | None = None) -> TurnStats:
    storage = await Storage.open(directory / "bench.sqlite3")
    service = SessionService(storage)
    try:
        person = Person(HUMAN_ID, HUMAN_NAME)
        if warm_up_seed is not None:  # the steady state: workers that drew a game before
            update = await _start(service, ruleset, players, warm_up_seed, options, locale,
                                  person, WARM_UP_CHANNEL)
            while not update.finished:
                notation = await _human_move(service, ruleset, person, WARM_UP_CHANNEL)
                update = await service.move(WARM_UP_CHANNEL, person, notation)
        update = await _start(service, ruleset, players, seed, options, locale, person,
                              CHANNEL)
        timings: list[float] = []
        cpu: list[float | None] = []
        split: list[tuple[float, float]] = []
        thinking: list[float] = []
        overlays: list[int] = []
        max_png = len(update.image or b"")
        while not update.finished and (max_turns is None or len(timings) < max_turns):
            notation = await _human_move(service, ruleset, person)
            start, start_cpu = time.perf_counter(), _split_cpu_s(service)
            with _bots_thinking() as spent:
                update = await service.move(CHANNEL, person, notation)
            timings.append((time.perf_counter() - start) * 1000)
            end_cpu = _split_cpu_s(service)
            thinking.append(spent[0] * 1000)
            if start_cpu is None or end_cpu is None:
                cpu.append(None)
            else:
                moved = ((end_cpu[0] - start_cpu[0]) * 1000, (end_cpu[1] - start_cpu[1]) * 1000)
                split.append(moved)
                cpu.append(sum(moved))
            overlays.append(await _overlays(service, ruleset, update.session_id))
            max_png = max(max_png, len(update.image or b""))
    finally:
        await service.close()
        await storage.close()
    if not timings:
        raise RuntimeError(f"{ruleset.id}: the game ended before the human moved")
    known = [c for c in cpu if c is not None]
    whole = len(split) == len(cpu)
    most = max(overlays)
    worst = max((i for i, n in enumerate(overlays) if n == most), key=timings.__getitem__)
    return TurnStats(players, len(timings), update.finished, percentile(timings, 0.5),
                     percentile(timings, 0.95), max(timings), max_png,
                     cpu_p50_ms=percentile(known, 0.5) if len(known) == len(cpu) else None,
                     cpu_p95_ms=percentile(known, 0.95) if len(known) == len(cpu) else None,
                     worst_overlays=most, worst_ms=timings[worst], worst_cpu_ms=cpu[worst],
                     service_cpu_p50_ms=percentile([m for m, _ in split], 0.5)
                     if whole else None,
                     render_cpu_p50_ms=percentile([w for _, w in split], 0.5)
                     if whole else None,
                     bots_cpu_p50_ms=percentile(thinking, 0.5),
                     platform_cpu_p50_ms=percentile(
                         [m + w - bots for (m, w), bots in zip(split, thinking, strict=True)],
                         0.5) if whole else None)


def run_turns(ruleset: Ruleset[Any, Any], players: int, *, seed: int,
              max_turns: int | None, options: Mapping[str, Any] | None = None,
              locale: str = "en", warm_up_seed: int | None = None) -> TurnStats:
    """Play one seeded game (or ``max_turns`` human moves) and time every human move;
    ``options``: lobby options over the defaults, ``locale``: the game's language.

    By default the game is the first the service and its fresh render workers see, as
    after a restart: every sprite, text and tile is made for the first time in it. With
    ``warm_up_seed``, a whole game of that seed at the same table is played first
    through the same service, unmeasured: the **steady state** of a bot that has been
    running (its workers' shared sprites and texts made, but not this game's island,
    tiles or palette), what a machine's capacity in moves a second depends on."""
    with tempfile.TemporaryDirectory(prefix="tidebound-bench-") as directory:
        return asyncio.run(_run(ruleset, players, seed, max_turns, Path(directory),
                                options or {}, locale, warm_up_seed))
