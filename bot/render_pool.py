"""Rendering in worker processes, so that drawing a board never holds the event loop.

Renderers take views, which are plain data, and return PNG bytes: both pickle, so a
:class:`concurrent.futures.ProcessPoolExecutor` (one worker per core) draws while the
event loop keeps answering. Workers are forked from a fork server that has imported
the renderers and drawn every game once (:mod:`bot.render_warmup`), so a pool starts in
milliseconds, each worker with hot caches, and is safe to start from a
process running threads (aiosqlite's). The pool is created on the first render and
must be closed (:meth:`RenderPool.close`) when the service stops.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

logger = logging.getLogger("tidebound.render")

#: Imported by the fork server before it forks a worker; the last one draws every game
#: once, so that each worker is forked with hot caches (:mod:`bot.render_warmup`).
PRELOAD = ["renderers", "renderers.hagoth", "renderers.hexfolk", "renderers.lovci_pokladu",
           "bot.render_warmup"]

#: Affinity keys whose worker the pool remembers, at most (the least recently used go).
HOMES_KEPT = 4096
#: An affinity key unused this long (seconds) is forgotten: its game is idle or over, and
#: it no longer counts when the next key is placed (as the service's own cache).
HOME_IDLE_SECONDS = 15 * 60.0


def cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    """In a worker: ignore Ctrl-C. The terminal sends SIGINT to every process of the
    console's group; the parent alone decides what happens (it closes the pool), instead
    of each idle worker printing a KeyboardInterrupt traceback (issue 24 item 14)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


@dataclass(slots=True)
class _Home:
    """Where an affinity key's calls go, the group it was balanced in, and its last use."""

    worker: int
    group: Hashable
    used: float


class RenderPool:
    """A lazily started pool of ``workers`` processes (default: one per core).

    Each worker is its own single-process executor, so that a call can be sent to a
    chosen one: a call with an ``affinity`` key (the service passes the session's id
    for its public board) always goes to the same worker, whose per-board caches (the
    island layout of that game) then stay hot however many games are in play (issue 10:
    with 50 games, each worker kept about six islands and redrew the rest on nearly
    every board). A key seen for the first time goes to the worker holding the fewest
    live keys of its ``group`` (the service groups boards by game), so that each game's
    boards spread evenly over the workers: a key's number alone (``id % workers``) put
    every Hexfolk game of the load bench on one worker, whose six kept islands then
    missed on every Hexfolk board. A call without a key goes to the worker with the
    fewest calls under way."""

    def __init__(self, workers: int | None = None, *, homes_kept: int = HOMES_KEPT,
                 home_idle_seconds: float = HOME_IDLE_SECONDS) -> None:
        self.workers = workers if workers and workers > 0 else cores()
        self._executors: list[ProcessPoolExecutor | None] = [None] * self.workers
        self._busy = [0] * self.workers
        #: affinity key -> its worker, least recently used first.
        self._homes: OrderedDict[Hashable, _Home] = OrderedDict()
        #: (group, worker) -> how many remembered keys of that group the worker holds.
        self._placed: Counter[tuple[Hashable, int]] = Counter()
        #: worker -> how many remembered keys of any group it holds.
        self._held: Counter[int] = Counter()
        self._homes_kept = max(1, homes_kept)
        self._home_idle_seconds = home_idle_seconds
        #: The clock that ages keys (tests may replace it).
        self.clock: Callable[[], float] = time.monotonic

    @property
    def started(self) -> bool:
        return any(executor is not None for executor in self._executors)

    def _executor(self, index: int) -> ProcessPoolExecutor:
        executor = self._executors[index]
        if executor is None:
            executor = self._executors[index] = ProcessPoolExecutor(
                1, mp_context=_context(), initializer=_ignore_interrupts)
        return executor

    def worker_pids(self) -> list[int]:
        """The process ids of the live workers (none before the pool started)."""
        pids = []
        for executor in self._executors:
            processes = getattr(executor, "_processes", None) or {}
            pids += [pid for pid, process in list(processes.items()) if process.is_alive()]
        return pids

    def home(self, key: Hashable, group: Hashable = None) -> int:
        """The worker that draws for affinity ``key``: the same one on every call while
        the key is remembered; a new key goes to the worker with the fewest remembered
        keys of ``group`` (then the fewest keys of any group, then the lowest index)."""
        now = self.clock()
        home = self._homes.get(key)
        if home is not None:
            home.used = now
            self._homes.move_to_end(key)
            return home.worker
        self._forget_idle(now)
        worker = min(range(self.workers), key=lambda index: (
            self._placed[(group, index)], self._held[index], index))
        self._homes[key] = _Home(worker, group, now)
        self._placed[(group, worker)] += 1
        self._held[worker] += 1
        while len(self._homes) > self._homes_kept:
            self._drop(next(iter(self._homes)))
        return worker

    def release(self, key: Hashable) -> None:
        """Forget ``key`` (its game is over): it no longer counts when keys are placed."""
        if key in self._homes:
            self._drop(key)

    def _drop(self, key: Hashable) -> None:
        home = self._homes.pop(key)
        self._placed[(home.group, home.worker)] -= 1
        self._held[home.worker] -= 1

    def _forget_idle(self, now: float) -> None:
        while self._homes:
            key, oldest = next(iter(self._homes.items()))
            if now - oldest.used <= self._home_idle_seconds:
                break
            self._drop(key)

    def _choose(self, affinity: Hashable | None, group: Hashable, worker: int | None) -> int:
        if worker is not None:
            return worker % self.workers
        if affinity is not None:
            return self.home(affinity, group)
        return min(range(self.workers), key=self._busy.__getitem__)

    async def run(self, function: Callable[..., T], *args: Any,
                  affinity: Hashable | None = None, group: Hashable = None,
                  worker: int | None = None) -> T:
        """``function(*args)`` in a worker: the given ``worker`` (an index, taken modulo
        the pool's size), else the :meth:`home` of ``affinity`` (placed within ``group``),
        else the least busy one. ``function`` must be a module-level function and
        ``args`` must pickle. A worker that died is replaced once."""
        loop = asyncio.get_running_loop()
        index = self._choose(affinity, group, worker)
        self._busy[index] += 1
        try:
            try:
                return await loop.run_in_executor(self._executor(index), function, *args)
            except BrokenProcessPool:
                logger.warning("a render worker died; starting a fresh one")
                self._discard(index)
                return await loop.run_in_executor(self._executor(index), function, *args)
        finally:
            self._busy[index] -= 1

    async def start(self) -> None:
        """Start every worker now (each forked from the warmed-up fork server), rather
        than at the first image: the bot starts them while its gateway connects, so the
        first board after ready (a resumed game's, issue 29 item 3) does not wait."""
        await asyncio.gather(*(self.run(os.getpid, worker=index)
                               for index in range(self.workers)))

    def _discard(self, index: int) -> None:
        executor, self._executors[index] = self._executors[index], None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waiting for them to exit). The pool restarts if used again."""
        executors, self._executors = self._executors, [None] * self.workers
        for executor in executors:
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)

    async def aclose(self) -> None:
        """:meth:`close` without blocking the event loop."""
        if self.started:
            await asyncio.to_thread(self.close)
