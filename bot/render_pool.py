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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")

logger = logging.getLogger("tidebound.render")

#: Imported by the fork server before it forks a worker; the last one draws every game
#: once, so that each worker is forked with hot caches (:mod:`bot.render_warmup`).
PRELOAD = ["renderers", "renderers.hagoth", "renderers.hexfolk", "renderers.lovci_pokladu",
           "bot.render_warmup"]


def cores() -> int:
    """The CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class RenderPool:
    """A lazily started process pool of ``workers`` processes (default: one per core)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers and workers > 0 else cores()
        self._executor: ProcessPoolExecutor | None = None

    @property
    def started(self) -> bool:
        return self._executor is not None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=_context())
        return self._executor

    def worker_pids(self) -> list[int]:
        """The process ids of the live workers (none before the pool started)."""
        executor = self._executor
        if executor is None:
            return []
        processes = getattr(executor, "_processes", None) or {}
        return [pid for pid, process in list(processes.items()) if process.is_alive()]

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker; ``function`` must be a module-level function
        and ``args`` must pickle. A pool whose worker died is replaced once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), function, *args)
        except BrokenProcessPool:
            logger.warning("a render worker died; starting a fresh pool")
            self._discard()
            return await loop.run_in_executor(self._pool(), function, *args)

    def _discard(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waiting for them to exit). The pool restarts if used again."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    async def aclose(self) -> None:
        """:meth:`close` without blocking the event loop."""
        if self._executor is not None:
            await asyncio.to_thread(self.close)
