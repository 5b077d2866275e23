"""Which render worker draws what (issue 10, "50 games moving at once").

Each worker keeps the per-board layers of the games it draws (Hexfolk keeps six islands):
a session's boards must always reach the same worker, and one game's sessions must be
spread evenly over the workers whatever their ids. With ``session id % workers`` the load
bench (games dealt in turn, so every fourth session is Hexfolk) put all twelve Hexfolk
games on one worker, and every Hexfolk board missed its island (about 7 ms each)."""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

import renderers
from bot.render_pool import RenderPool
from bot.service import Person, SessionService
from bot.storage import Storage
from games import get_ruleset

T = TypeVar("T")
HOST = Person("u-host", "Hana")


# -- placing keys ----------------------------------------------------------------------------
def test_a_key_keeps_its_worker_and_a_group_spreads_evenly() -> None:
    """Twelve sessions of one game whose ids are all odd (as in the load bench) go six
    to each of two workers; asked again, each key answers the worker it had."""
    pool = RenderPool(2)
    homes = {key: pool.home(key, group="hexfolk") for key in range(1, 25, 2)}
    assert Counter(homes.values()) == {0: 6, 1: 6}
    assert all(pool.home(key, group="hexfolk") == worker for key, worker in homes.items())


def test_each_group_is_balanced_on_its_own() -> None:
    """Two games dealt in turn: each game's sessions are split evenly, not only the sum."""
    pool = RenderPool(2)
    placed = [(game, pool.home(session, group=game))
              for session, game in enumerate(["hagoth", "lovci"] * 6, start=1)]
    assert Counter(placed) == {("hagoth", 0): 3, ("hagoth", 1): 3,
                               ("lovci", 0): 3, ("lovci", 1): 3}


def test_a_released_key_frees_its_place() -> None:
    """A finished game's key no longer counts: the next game takes its worker."""
    pool = RenderPool(2)
    assert [pool.home(key, group="g") for key in "abcd"] == [0, 1, 0, 1]
    pool.release("a")
    pool.release("c")
    pool.release("never seen")  # nothing to forget: no error
    # worker 0 holds nothing now, worker 1 two keys: the next two go to worker 0
    assert [pool.home(key, group="g") for key in "ef"] == [0, 0]
    assert pool.home("g", group="g") == 0  # a tie now: the lowest index


def test_idle_keys_are_forgotten_and_the_memory_is_bounded() -> None:
    """A key unused for ``home_idle_seconds`` stops counting; at most ``homes_kept`` keys
    are remembered (the least recently used go first)."""
    now = [0.0]
    pool = RenderPool(2, homes_kept=3, home_idle_seconds=60.0)
    pool.clock = lambda: now[0]
    assert [pool.home(key, group="g") for key in ("a", "b")] == [0, 1]
    now[0] = 30.0
    assert pool.home("b", group="g") == 1  # used again: b is fresh, a is not
    now[0] = 70.0
    assert pool.home("c", group="g") == 0  # a is forgotten, so worker 0 holds nothing
    pool.home("d", group="g")
    pool.home("e", group="g")
    assert len(pool._homes) == 3 and "b" not in pool._homes


def test_a_given_worker_index_wins_and_wraps() -> None:
    pool = RenderPool(2)
    assert pool._choose("key", None, worker=3) == 1
    assert pool._choose(None, None, worker=None) in (0, 1)


# -- what the service sends ---------------------------------------------------------------------
class RecordingPool(RenderPool):
    """A pool that draws nothing: it records (function, worker) and answers fake PNGs."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.calls: list[tuple[str, int, tuple[Any, ...]]] = []

    async def run(self, function: Callable[..., T], *args: Any, affinity: Any = None,
                  group: Any = None, worker: int | None = None) -> T:
        index = self._choose(affinity, group, worker)
        self.calls.append((function.__name__, index, args))
        return b"\x89PNG fake"  # type: ignore[return-value]

    def boards(self) -> list[tuple[str, int]]:
        """(game, worker) of every public board drawn."""
        return [(args[0], index) for name, index, args in self.calls
                if name == "render_public"]


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as opened:
        yield opened


async def _deal(service: SessionService, channel: str, game: str, seed: int = 1,
                bots: int = 1) -> int:
    update = await service.new_game(channel, HOST, game)
    for _ in range(bots):
        await service.add_bot(channel, HOST)
    started = await service.start(channel, HOST, seed=seed)
    assert update.session_id == started.session_id
    return started.session_id


async def test_sessions_of_one_game_are_drawn_on_every_worker(storage: Storage) -> None:
    """Hagoth and Lovci dealt in turn (Hagoth in sessions 1, 3, 5, 7): Hagoth's boards
    are drawn by both workers, each session always by the same one."""
    pool = RecordingPool(2)
    service = SessionService(storage, render_pool=pool)
    sessions = {await _deal(service, f"c-{n}", game): game
                for n, game in enumerate(["hagoth", "lovci-pokladu"] * 4)}
    assert sorted(s for s, g in sessions.items() if g == "hagoth") == [1, 3, 5, 7]
    first = {session: pool.home(("board", session)) for session in sessions}
    for n in range(8):  # every session's board again, drawn where it was first
        await service.status(f"c-{n}")
    by_session = [(session, index) for (_, index), session in zip(
        pool.boards()[8:], sessions, strict=True)]
    assert all(first[session] == index for session, index in by_session)
    assert Counter(pool.boards()[:8]) == {("hagoth", 0): 2, ("hagoth", 1): 2,
                                          ("lovci-pokladu", 0): 2, ("lovci-pokladu", 1): 2}


async def test_a_hand_is_drawn_beside_its_board_and_a_game_without_one_sends_none(
        storage: Storage) -> None:
    """Issue 10: one move and the three bots' replies after it draw one board (nobody sees
    a board between bot moves); the mover's hand goes to the worker beside the board's
    (both are drawn at once, and that worker keeps the hand image); Lovci pokladů has no
    private image, so nothing is sent to a worker for it, and the mover's note carries
    no image."""
    pool = RecordingPool(2)
    service = SessionService(storage, render_pool=pool)
    hagoth = await _deal(service, "c-h", "hagoth", bots=3)
    lovci = await _deal(service, "c-l", "lovci-pokladu")
    for channel in ("c-h", "c-l"):
        row, choices = await service.choices(channel, HOST)
        if not choices:
            continue
        pool.calls.clear()
        update = await service.move(channel, HOST, choices[0].notation)
        names = [name for name, _, _ in pool.calls]
        board = pool.home(("board", row.id))
        if row.id == hagoth:
            assert update.version - row.version >= 4  # the move and several bot actions after it
            assert names.count("render_public") == 1 and names.count("render_private") == 1
            hand_worker = next(i for name, i, _ in pool.calls if name == "render_private")
            assert hand_worker == (board + 1 + row.seat_of(HOST.user_id)) % 2
            assert update.private[HOST.user_id].image is not None
        else:
            assert row.id == lovci
            assert names == ["render_public"]
            assert update.private[HOST.user_id].image is None
    # and what the service leaves out is what the renderer would have answered
    note = await service.hand("c-l", HOST)
    assert note.image is None
    cached = service.sessions.cache.get(lovci)
    assert cached is not None
    view = get_ruleset("lovci-pokladu").view(cached.state, 0)
    assert renderers.render_private("lovci-pokladu", view, ["Hana", "Bot 1"]) is None


async def test_a_finished_or_abandoned_game_frees_its_worker_place(storage: Storage) -> None:
    """The pool forgets a game's key when it is abandoned (or ends), so that its place
    goes to the next game of that kind."""
    pool = RecordingPool(2)
    service = SessionService(storage, render_pool=pool)
    first = await _deal(service, "c-1", "hagoth")
    assert ("board", first) in pool._homes
    await service.abandon("c-1", HOST, can_manage=True)
    assert ("board", first) not in pool._homes


# -- the lean pipe (issue 29 item 6) --------------------------------------------------------------
async def test_calls_to_one_worker_are_answered_in_order_and_errors_cross_the_pipe() -> None:
    """Issue 29 item 6 ("hand images to the workers through a lean pipe"): several calls
    sent at once to one worker each get their own answer, in order; a renderer's
    exception is raised in the caller with the worker's traceback as its cause, and the
    worker draws on after it."""
    from tidebound_support import fail_drawing, sleep_then

    from bot.render_pool import RemoteTraceback

    pool = RenderPool(1)
    try:
        answers = await asyncio.gather(*(pool.run(sleep_then, 0.01 * (3 - n), n)
                                         for n in range(3)))
        assert answers == [0, 1, 2]
        big = await pool.run(bytes, 3_000_000)  # an answer far larger than a pipe's buffer
        assert big == bytes(3_000_000)
        with pytest.raises(ValueError, match="no such board") as raised:
            await pool.run(fail_drawing, "no such board")
        assert isinstance(raised.value.__cause__, RemoteTraceback)
        assert "fail_drawing" in str(raised.value.__cause__)
        assert await pool.run(abs, -5) == 5
    finally:
        await pool.aclose()


async def test_a_worker_keeps_the_memory_a_board_frees_for_the_next() -> None:
    """Issue 29 item 6 (CPU per move): glibc's defaults hand a board's freed megabytes
    back to the system, and the next board faults every page in again (some 600 faults,
    1.3-2 ms of a Haze Islands board). A worker keeps them: board after board of the
    same size costs next to no page faults there, where a process with the defaults
    (here, a fresh interpreter) faults thousands of times."""
    import subprocess
    import sys

    from tidebound_support import page_faults_of_boards

    if sys.platform != "linux":
        pytest.skip("glibc's allocator settings")
    probe = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
             "from tidebound_support import page_faults_of_boards as f; print(f())")
    default = int(subprocess.run([sys.executable, "-c", probe], check=True, text=True,
                                 capture_output=True).stdout)
    pool = RenderPool(1)
    try:
        kept = await pool.run(page_faults_of_boards)
    finally:
        await pool.aclose()
    assert default > 5_000, "the probe no longer frees and faults its pages by default"
    assert kept < default / 20


async def test_a_worker_dying_mid_drawing_is_replaced_and_the_call_tried_again(
        tmp_path: Path) -> None:
    """A worker killed while it draws (out of memory) fails its call with WorkerDied
    inside the pool, which starts a fresh worker and sends the call there once: the
    caller gets its answer."""
    from tidebound_support import exit_once

    pool = RenderPool(1)
    try:
        (first,) = [await pool.run(os.getpid)]
        assert await pool.run(exit_once, str(tmp_path / "died")) == "drawn"
        assert (tmp_path / "died").exists()
        assert pool.worker_pids() and pool.worker_pids() != [first]
    finally:
        await pool.aclose()


async def test_closing_cancels_waiting_calls_and_ends_the_workers() -> None:
    """Closing the pool while calls wait cancels them (nothing restarts a worker), and
    every worker process exits."""
    from tidebound_support import sleep_then

    pool = RenderPool(1)
    (pid,) = [await pool.run(os.getpid)]
    waiting = [asyncio.ensure_future(pool.run(sleep_then, 0.3, n)) for n in range(3)]
    await asyncio.sleep(0.05)  # the first is being drawn, two wait behind it
    await pool.aclose()
    outcomes = await asyncio.gather(*waiting, return_exceptions=True)
    assert all(isinstance(outcome, asyncio.CancelledError) for outcome in outcomes)
    assert not pool.started and pool.worker_pids() == []
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_pool_serves_one_event_loop_after_another() -> None:
    """The console runs one ``asyncio.run`` after another: a pool used again on a new
    event loop starts fresh workers there instead of writing to the old loop's pipes."""
    pool = RenderPool(1)

    async def pid() -> int:
        return await pool.run(os.getpid)

    try:
        first = asyncio.run(pid())
        second = asyncio.run(pid())
        assert first != second and pool.worker_pids() == [second]
    finally:
        pool.close()
    assert pool.worker_pids() == []


@pytest.mark.parametrize("idle_trim_seconds", [0.2, None])
async def test_an_idle_worker_gives_freed_memory_back(idle_trim_seconds: float | None) -> None:
    """Issue 29 (sizing): memory a worker's boards freed amid its heap stays resident
    (glibc trims only the heap's top), about 140 MB a worker after 1,000 moves of 512
    games. A worker idle for ``idle_trim_seconds`` after a call gives it back; with
    ``None`` it keeps it (which also shows the probe leaves such memory behind)."""
    import sys

    from tidebound_support import resident_mb, scatter_freed_memory

    if sys.platform != "linux":
        pytest.skip("glibc's allocator")
    pool = RenderPool(1, idle_trim_seconds=idle_trim_seconds)
    try:
        scattered = await pool.run(scatter_freed_memory, 120)
        await asyncio.sleep(1.0)
        later = await pool.run(resident_mb)
    finally:
        await pool.aclose()
    if idle_trim_seconds is None:
        assert later > scattered - 20
    else:
        assert later < scattered - 60


@pytest.mark.parametrize("ceiling_mb", [True, None])
async def test_a_worker_past_its_memory_ceiling_gives_freed_memory_back(
        ceiling_mb: bool | None) -> None:
    """Issue 29 (sizing): a busy worker never idles for the idle trim, and the memory its
    boards free amid the heap grew without end (590-610 MB a worker after 16,000 moves,
    about 110 MB of it in use). A worker resident past its ceiling after an answer gives
    that memory back at once; with no ceiling it keeps it."""
    import sys

    from tidebound_support import resident_mb, scatter_freed_memory

    if sys.platform != "linux":
        pytest.skip("glibc's allocator")
    probe = RenderPool(1, idle_trim_seconds=None, memory_ceiling_mb=None)
    try:
        empty = await probe.run(resident_mb)
    finally:
        await probe.aclose()
    # above an empty worker, below one holding 120 MB of freed blocks
    ceiling = empty + 60 if ceiling_mb else None
    pool = RenderPool(1, idle_trim_seconds=None, memory_ceiling_mb=ceiling)
    try:
        scattered = await pool.run(scatter_freed_memory, 120)
        pid = await pool.run(os.getpid)
        later = await pool.run(resident_mb)
        assert pool.worker_pids() == [pid]  # the same worker: a trim was enough
    finally:
        await pool.aclose()
    assert scattered > empty + 100
    if ceiling is None:
        assert later > scattered - 20
    else:
        assert later < ceiling


async def test_a_worker_whose_memory_in_use_passes_its_ceiling_retires() -> None:
    """Issue 29 (sizing): when a trim cannot bring a worker under its ceiling (the memory
    is in use, as caches that grew), the worker answers, ends, and the pool forks a
    fresh one for the next call, which is answered as usual."""
    import sys

    from tidebound_support import hold_memory, resident_mb

    if sys.platform != "linux":
        pytest.skip("/proc/self/statm")
    pool = RenderPool(1, idle_trim_seconds=None)
    try:
        empty = await pool.run(resident_mb)
        first = await pool.run(os.getpid)
        pool.memory_ceiling_mb = empty + 50  # workers forked from now on
        pool.close()
        held_in = await pool.run(os.getpid)
        held = await pool.run(hold_memory, 100)
        await asyncio.sleep(0.5)  # a call already waiting would be answered first
        after = await pool.run(os.getpid)
        fresh = await pool.run(resident_mb)
    finally:
        await pool.aclose()
    assert held_in != first
    assert held > empty + 90  # it answered with the memory held
    assert after != held_in  # then retired; a fresh worker answered the next call
    assert fresh < empty + 50
