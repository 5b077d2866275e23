"""Rendering in worker processes, so that drawing a board never holds the event loop.

Renderers take views, which are plain data, and return PNG bytes: both pickle, so a
pool of worker processes (one per core) draws while the event loop keeps answering.
Workers are forked from a fork server that has imported the renderers and drawn every
game once (:mod:`bot.render_warmup`), so a pool starts in milliseconds, each worker with
hot caches, and is safe to start from a process running threads (aiosqlite's). The pool
is created on the first render and must be closed (:meth:`RenderPool.close`) when the
service stops.

Each worker is reached through a lean pipe of its own (issue 29 item 6): a socket pair
whose parent end the event loop itself reads and writes. A call is one pickled frame
``(function, args)``; the worker answers its calls in order, each with one frame
``(ok, result or exception, remote traceback)``, which settles the oldest call waiting.
:class:`concurrent.futures.ProcessPoolExecutor`, used before, hands each call through
two threads and two queues of its own in the parent (a management thread and a queue
feeder), about twice the parent's CPU per call.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
import time
import traceback
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

T = TypeVar("T")

logger = logging.getLogger("tidebound.render")

#: Imported by the fork server before it forks a worker; the last one draws every game
#: once, so that each worker is forked with hot caches (:mod:`bot.render_warmup`).
PRELOAD = ["renderers", "renderers.hagoth", "renderers.hexfolk", "renderers.lovci_pokladu",
           "bot.render_pool", "bot.render_warmup"]

#: Affinity keys whose worker the pool remembers, at most (the least recently used go).
HOMES_KEPT = 4096
#: An affinity key unused this long (seconds) is forgotten: its game is idle or over, and
#: it no longer counts when the next key is placed (as the service's own cache).
HOME_IDLE_SECONDS = 15 * 60.0
#: Seconds :meth:`RenderPool.close` lets a worker finish the drawing under way.
CLOSE_WAIT_SECONDS = 10.0


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


#: glibc's ``mallopt`` parameters (``malloc.h``) and the values a worker sets.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
#: A block this large or larger is mapped on its own, and unmapped when freed.
MMAP_THRESHOLD_BYTES = 16 << 20
#: Free memory at the top of the heap is handed back to the system past this size.
TRIM_THRESHOLD_BYTES = 64 << 20


#: A worker that has drawn nothing for this many seconds hands the memory its boards
#: freed back to the system (:func:`give_back_freed_memory`): after 1,000 moves of 512
#: games each worker held about 140 MB so (of 319 MB resident). The first board after it
#: faults its pages in again, a millisecond or two, once; a busy worker never waits.
IDLE_TRIM_SECONDS = 20.0

#: A worker resident past this many MB after answering a call gives freed memory back at
#: once, busy or not (:func:`serve`). Freed memory amid the heap grows with the boards a
#: worker draws, while what it holds in use stays put: after 2,000, 4,000 and 16,000
#: moves of 512 games, 320-330, 380-390 and 590-610 MB resident, of which about 110 MB
#: in use (glibc's ``mallinfo2``), and a busy bot never idles for the idle trim. With
#: this ceiling the same 16,000 moves kept each worker between 160 MB and the ceiling
#: (``python -m bench.startup --moves 16000``: 628 MB for the whole bot), for about 4 % more
#: of the workers' CPU over 4,000 moves (a trim takes 10-40 ms; a ceiling of 256 MB,
#: trimming more often, cost about 8 %).
#: Should a trim leave the worker above it (its caches grew, not its freed memory), the
#: worker ends after that answer and the pool forks a fresh one for the next call.
MEMORY_CEILING_MB = 320.0
#: The lowest ceiling the configuration accepts: a fresh worker is about 70 MB resident
#: and a Hexfolk 8-player board draws through up to about 100 MB more, so a lower one
#: would retire workers board after board.
MIN_MEMORY_CEILING_MB = 200.0

_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux ``/proc/self/statm``); ``None``
    elsewhere. A few microseconds: a worker reads it after every call."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * _PAGE_BYTES / (1 << 20)


def give_back_freed_memory() -> bool:
    """In a worker: hand the memory glibc holds free back to the system (``malloc_trim``,
    which also releases free pages amid the heap, where :func:`keep_freed_memory`'s
    threshold never trims); ``False`` off glibc, where nothing is done."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (AttributeError, OSError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True


def keep_freed_memory() -> bool:
    """In a worker: let glibc's allocator keep the memory a board frees for the next
    board; whether the allocator took the settings (``False`` off glibc, e.g. musl or
    macOS, where nothing changes).

    A board allocates and frees several megabytes of images and buffers. By default
    glibc maps a block above its dynamic threshold on its own and unmaps it when freed,
    and trims the top of the heap as soon as 128 KB-ish lie free there, so the next
    board's images land on fresh pages and fault each one in: some 600 page faults a
    board, 1.3-2 ms of a Haze Islands board's 6 ms (issue 29 item 6). With fixed
    thresholds of 16 MB (map) and 64 MB (trim) the pages stay; a worker's resident size
    hardly changes (it held those pages at its peak anyway)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)
                and mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES))


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


class WorkerDied(RuntimeError):
    """A render worker ended (killed, out of memory) before answering a call."""


class RemoteTraceback(Exception):
    """The traceback of an exception raised in a worker: the ``__cause__`` of the
    exception a call raises, so that a log shows where in the worker it happened."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def _frame(data: bytes) -> bytes:
    """``data`` framed as :meth:`multiprocessing.connection.Connection.send_bytes` frames
    it (a signed 4-byte length; -1 and an 8-byte length past 2 GB), so that the worker
    reads it with ``recv_bytes``."""
    if len(data) > 0x7FFFFFFF:
        return struct.pack("!i", -1) + struct.pack("!Q", len(data)) + data
    return struct.pack("!i", len(data)) + data


def _take_frame(buffer: bytearray) -> bytes | None:
    """The first whole frame in ``buffer``, removed from it; ``None`` until one is in."""
    if len(buffer) < 4:
        return None
    (size,) = struct.unpack_from("!i", buffer)
    start = 4
    if size == -1:
        if len(buffer) < 12:
            return None
        (size,) = struct.unpack_from("!Q", buffer, 4)
        start = 12
    if len(buffer) < start + size:
        return None
    frame = bytes(buffer[start:start + size])
    del buffer[:start + size]
    return frame


def serve(connection: Connection, idle_trim_seconds: float | None = IDLE_TRIM_SECONDS,
          memory_ceiling_mb: float | None = MEMORY_CEILING_MB) -> None:
    """A render worker's life: answer each call read from ``connection``, in order,
    until the parent closes its end. An exception a call raises is its answer (with
    its traceback as text). Once no call has come for ``idle_trim_seconds`` after one
    was answered, the memory the calls freed goes back to the system (``None``: never);
    so it does at once after an answer that leaves the worker resident past
    ``memory_ceiling_mb`` (``None``: no ceiling). Only the pipe's end ends the worker,
    or a trim that leaves it still past the ceiling with no call waiting: the pool then
    forks a fresh worker for the next call (:meth:`RenderPool.run`)."""
    _ignore_interrupts()
    keep_freed_memory()
    freed_since_trim = False
    while True:
        try:
            if (freed_since_trim and idle_trim_seconds is not None
                    and not connection.poll(idle_trim_seconds)):
                give_back_freed_memory()
                freed_since_trim = False
            call = connection.recv_bytes()
        except (EOFError, OSError):
            return
        freed_since_trim = True
        try:
            function, args = pickle.loads(call)
            answer: tuple[bool, Any, str] = (True, function(*args), "")
        except Exception as error:  # the call's answer, as in a thread
            answer = (False, error, traceback.format_exc())
        try:
            data = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # a result or exception that does not pickle
            data = pickle.dumps((False, RuntimeError(
                f"the render worker's answer does not pickle: {error!r}"), answer[2]))
        try:
            connection.send_bytes(data)
        except OSError:
            return
        if memory_ceiling_mb is not None and _past(memory_ceiling_mb):
            give_back_freed_memory()
            freed_since_trim = False
            if _past(memory_ceiling_mb) and not connection.poll(0):
                logger.info("a render worker retires: %.0f MB resident after a trim, past "
                            "its %.0f MB ceiling", resident_mb() or 0.0, memory_ceiling_mb)
                return


def _past(ceiling_mb: float) -> bool:
    resident = resident_mb()
    return resident is not None and resident > ceiling_mb


class _Answers(asyncio.Protocol):
    """The parent's end of one worker's pipe, read by the event loop: each answer, once
    whole, settles the oldest call waiting (the worker answers in order); if the pipe
    ends, every call still waiting fails with :class:`WorkerDied`."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.ended = False
        #: The parent closed the pipe itself (:meth:`_Worker.hang_up`).
        self.hung_up = False
        self._buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while (frame := _take_frame(self._buffer)) is not None:
            self._settle(frame)

    def _settle(self, frame: bytes) -> None:
        if not self.waiting:  # pragma: no cover - the worker answers only what was asked
            logger.error("a render worker answered a call nobody made")
            return
        future = self.waiting.popleft()
        if future.done():  # its caller stopped waiting (cancelled)
            return
        try:
            ok, value, remote = pickle.loads(frame)
        except Exception as error:  # an answer that does not unpickle here
            future.set_exception(error)
            return
        if ok:
            future.set_result(value)
            return
        if remote:
            value.__cause__ = RemoteTraceback(remote)
        future.set_exception(value)

    def connection_lost(self, exc: Exception | None) -> None:
        self.ended = True
        if self.hung_up:
            self.cancel_waiting()
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(WorkerDied("a render worker ended before answering"))

    def cancel_waiting(self) -> None:
        while self.waiting:
            self.waiting.popleft().cancel()


class _Worker:
    """One render worker: its process and its pipe, set up on the event loop that first
    calls it (:meth:`ready`)."""

    def __init__(self, idle_trim_seconds: float | None = IDLE_TRIM_SECONDS,
                 memory_ceiling_mb: float | None = MEMORY_CEILING_MB) -> None:
        context = _context()
        ours, theirs = context.Pipe(duplex=True)
        self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=serve, args=(theirs, idle_trim_seconds, memory_ceiling_mb),
            name="tidebound-render",
            daemon=True)
        self.process.start()
        theirs.close()
        self.socket = socket.socket(fileno=os.dup(ours.fileno()))
        ours.close()
        self.loop = asyncio.get_running_loop()
        self.answers = _Answers()
        self._ready: asyncio.Task[Any] = self.loop.create_task(
            self.loop.create_unix_connection(lambda: self.answers, sock=self.socket))

    @property
    def alive(self) -> bool:
        return not self.answers.ended and self.process.is_alive()

    async def call(self, function: Callable[..., T], args: tuple[Any, ...]) -> T:
        """``function(*args)`` in this worker, after every call sent before it."""
        data = _frame(pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL))
        await asyncio.shield(self._ready)
        transport = self.answers.transport
        if self.answers.ended or transport is None or transport.is_closing():
            raise WorkerDied("a render worker ended before this call")
        future: asyncio.Future[T] = self.loop.create_future()
        self.answers.waiting.append(future)
        transport.write(data)
        return await future

    def hang_up(self) -> None:
        """End the pipe: the worker exits once the drawing under way is done, and every
        call still waiting is cancelled (the pool is closing; it is not a death). Safe
        to call from any thread, twice, or after the worker's event loop closed."""
        self.answers.hung_up = True
        with contextlib.suppress(OSError):  # already closed
            self.socket.shutdown(socket.SHUT_RDWR)  # the worker reads its end at once

        def close_here() -> None:
            self.answers.cancel_waiting()
            if self.answers.transport is not None:
                self.answers.transport.close()
            else:
                self._ready.cancel()
                self.socket.close()

        try:
            self.loop.call_soon_threadsafe(close_here)
        except RuntimeError:  # the loop is closed: nothing waits any more
            self.socket.close()

    def join(self) -> None:
        """Wait for the process to exit (after :meth:`hang_up`); end it if it will not."""
        self.process.join(CLOSE_WAIT_SECONDS)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join()


def _join_all(workers: list[_Worker]) -> None:
    for worker in workers:
        worker.join()


@dataclass(slots=True)
class _Home:
    """Where an affinity key's calls go, the group it was balanced in, and its last use."""

    worker: int
    group: Hashable
    used: float


class RenderPool:
    """A lazily started pool of ``workers`` processes (default: one per core).

    Each worker has its own pipe, so that a call can be sent to a chosen one: a call
    with an ``affinity`` key (the service passes the session's id for its public board)
    always goes to the same worker, whose per-board caches (the
    island layout of that game) then stay hot however many games are in play (issue 10:
    with 50 games, each worker kept about six islands and redrew the rest on nearly
    every board). A key seen for the first time goes to the worker holding the fewest
    live keys of its ``group`` (the service groups boards by game), so that each game's
    boards spread evenly over the workers: a key's number alone (``id % workers``) put
    every Hexfolk game of the load bench on one worker, whose six kept islands then
    missed on every Hexfolk board. A call without a key goes to the worker with the
    fewest calls under way."""

    def __init__(self, workers: int | None = None, *, homes_kept: int = HOMES_KEPT,
                 home_idle_seconds: float = HOME_IDLE_SECONDS,
                 idle_trim_seconds: float | None = IDLE_TRIM_SECONDS,
                 memory_ceiling_mb: float | None = MEMORY_CEILING_MB) -> None:
        self.workers = workers if workers and workers > 0 else cores()
        #: how long an idle worker waits before giving freed memory back (:func:`serve`)
        self.idle_trim_seconds = idle_trim_seconds
        #: a worker's resident MB past which it gives freed memory back at once, and
        #: retires if that is not enough (:func:`serve`; ``None``: no ceiling)
        self.memory_ceiling_mb = memory_ceiling_mb
        self._workers: list[_Worker | None] = [None] * self.workers
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
        return any(worker is not None for worker in self._workers)

    def _worker(self, index: int) -> _Worker:
        """Worker ``index``, started (forked from the fork server) if it is not running or
        was started on another event loop (a pool used again by a later ``asyncio.run``)."""
        worker = self._workers[index]
        if worker is not None and (not worker.alive
                                   or worker.loop is not asyncio.get_running_loop()):
            self._discard(index, worker)
            worker = None
        if worker is None:
            worker = self._workers[index] = _Worker(self.idle_trim_seconds,
                                                    self.memory_ceiling_mb)
        return worker

    def worker_pids(self) -> list[int]:
        """The process ids of the live workers (none before the pool started)."""
        return [worker.process.pid for worker in self._workers
                if worker is not None and worker.process.pid is not None
                and worker.process.is_alive()]

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
        ``args`` must pickle. A worker that died (or retired past its memory ceiling
        as the call was sent) is replaced once; an exception the call
        raises in the worker is raised here, its traceback there as its ``__cause__``."""
        index = self._choose(affinity, group, worker)
        self._busy[index] += 1
        try:
            chosen = self._worker(index)
            try:
                return await chosen.call(function, args)
            except WorkerDied:
                logger.warning("a render worker ended before answering (it died, or "
                               "retired past its memory ceiling); starting a fresh one")
                self._discard(index, chosen)
                return await self._worker(index).call(function, args)
        finally:
            self._busy[index] -= 1

    async def start(self) -> None:
        """Start every worker now (each forked from the warmed-up fork server), rather
        than at the first image: the bot starts them while its gateway connects, so the
        first board after ready (a resumed game's, issue 29 item 3) does not wait."""
        await asyncio.gather(*(self.run(os.getpid, worker=index)
                               for index in range(self.workers)))

    def _discard(self, index: int, worker: _Worker) -> None:
        """Forget ``worker`` (dead, or of another loop) if it is still worker ``index``."""
        if self._workers[index] is worker:
            self._workers[index] = None
            worker.hang_up()

    def close(self) -> None:
        """Stop the workers (waiting for each to finish the drawing under way and exit);
        calls still waiting are cancelled. The pool restarts if used again."""
        workers, self._workers = self._workers, [None] * self.workers
        for worker in workers:
            if worker is not None:
                worker.hang_up()
        for worker in workers:
            if worker is not None:
                worker.join()

    async def aclose(self) -> None:
        """:meth:`close` without blocking the event loop."""
        workers, self._workers = self._workers, [None] * self.workers
        for worker in workers:
            if worker is not None:
                worker.hang_up()
        running = [worker for worker in workers if worker is not None]
        if running:
            await asyncio.to_thread(_join_all, running)
