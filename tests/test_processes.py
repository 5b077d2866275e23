"""Several bot processes over one real PostgreSQL database (issue 17, "Correctness across
processes"; "Tests against a real PostgreSQL server": racing moves, racing the same
expired clock, a process killed with SIGKILL in the middle of a commit).

Each process is ``tests/pg_process_driver.py``: a real Storage and SessionService of its
own, lined up with the others through its stdin so that they act at the same moment.
Skipped, saying so in the run's summary, when no PostgreSQL test server is configured
(``TIDEBOUND_TEST_POSTGRES``, set by ``.ci/run``).
"""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import postgres_schema, postgres_url_or_skip

from bot.service import CLOCK_CLAIM_SECONDS, Person, ServiceError, SessionService
from bot.storage import Storage
from games import get_ruleset

DRIVER = Path(__file__).with_name("pg_process_driver.py")
HAGOTH = get_ruleset("hagoth")
HOST, GUEST = Person("u-host", "Hana"), Person("u-guest", "Gil")
#: No step of a driver may take longer than this (seconds): the tests stay fast.
STEP_TIMEOUT = 30.0


@pytest.fixture
async def shared_db() -> AsyncIterator[str]:
    """A fresh schema on the PostgreSQL test server, migrated, for several processes."""
    async with postgres_schema(postgres_url_or_skip()) as url:
        await (await Storage.open(url)).close()
        yield url


class Driver:
    """One driver process; ``expect`` reads its next line (never waiting forever)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)

    async def line(self) -> str:
        assert self.process.stdout is not None
        read = asyncio.get_running_loop().run_in_executor(None, self.process.stdout.readline)
        text = (await asyncio.wait_for(read, STEP_TIMEOUT)).strip()
        if not text:
            _, err = self.process.communicate(timeout=STEP_TIMEOUT)
            raise AssertionError(f"the driver ended without a word: {err[-3000:]}")
        return text

    async def expect(self, prefix: str) -> str:
        text = await self.line()
        assert text.startswith(prefix), text
        return text[len(prefix):].strip()

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(STEP_TIMEOUT)

    def finish(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(STEP_TIMEOUT)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


@contextmanager
def drivers(*commands: tuple[str, ...]) -> Iterator[list[Driver]]:
    started = [Driver(*command) for command in commands]
    try:
        yield started
    finally:
        for driver in started:
            driver.finish()


async def two_humans(storage: Storage, options: str = "target=10") -> int:
    service = SessionService(storage, render=False)
    try:
        opened = await service.new_game("chan-1", HOST, "hagoth", options)
        await service.join("chan-1", GUEST)
        await service.start("chan-1", HOST, seed=11)
    finally:
        await service.close()
    return opened.session_id


async def to_act(storage: Storage, session_id: int) -> tuple[int, int, list[str]]:
    """(version, the seat to act, its legal moves) as stored."""
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    state = HAGOTH.load(json.loads(row.state))
    (seat,) = HAGOTH.actors(state)
    moves = [HAGOTH.notate_action(state, a) for a in HAGOTH.legal_actions(state, seat)]
    return row.version, seat, moves


async def replays(storage: Storage, session_id: int) -> bool:
    service = SessionService(storage, render=False)
    try:
        return await service.replay_check(session_id)
    finally:
        await service.close()


async def test_two_processes_racing_moves_on_one_session_store_exactly_one(
        shared_db: str) -> None:
    """Issue 17: "racing moves on one session: exactly one applies". Both processes
    compute a different move from the same version and commit at the same moment, three
    rounds running; the versioned commit stores one, the other is told the board changed
    (``changed_meanwhile``: "try again") and nothing of its move is stored."""
    async with await Storage.open(shared_db) as storage:
        session_id = await two_humans(storage)
        with drivers(("move", shared_db, str(session_id)),
                     ("move", shared_db, str(session_id))) as pair:
            for _ in range(3):
                version, seat, moves = await to_act(storage, session_id)
                assert len(moves) >= 2
                first, second = moves[0], moves[-1]
                pair[0].send(f"{seat} {first}")
                pair[1].send(f"{seat} {second}")
                for driver in pair:
                    await driver.expect("ready")  # both computed from ``version``
                for driver in pair:
                    driver.send("go")
                outcomes = [await driver.line() for driver in pair]
                applied = [o for o in outcomes if o.startswith("applied")]
                refused = [o for o in outcomes if o.startswith("refused")]
                assert len(applied) == 1 and refused == [
                    "refused platform.service.changed_meanwhile"], outcomes
                log = await storage.action_log(session_id)
                row = await storage.get(session_id)
                assert row is not None
                assert row.version == int(applied[0].split()[1]) == version + 1
                assert log[-1].seq == version and log[-1].notation in (first, second)
                assert [e.seq for e in log] == list(range(1, row.version))  # none doubled
            for driver in pair:
                driver.send("quit")
        # What the losing player reads, in each language: the board changed, try again.
        refusal = ServiceError("platform.service.changed_meanwhile")
        for locale, words in (("en", "try again"), ("ru", "попробуйте ещё раз"),
                              ("cs", "zkuste to znovu")):
            assert words in refusal.message(locale)
        assert await replays(storage, session_id)


async def test_two_processes_racing_one_expired_clock_play_it_once(shared_db: str) -> None:
    """Issue 17: "racing the same expired clock: it is played once". Two processes run
    the turn clock at the same moment over a game whose clock ran out: the claim in the
    database gives it to one of them; the log grows by one timeout, once."""
    async with await Storage.open(shared_db) as storage:
        session_id = await two_humans(storage, "clock=1h target=10")
        row = await storage.get(session_id)
        assert row is not None and row.deadline is not None
        version, now = row.version, row.deadline + 1
        with drivers(("expire", shared_db, str(now)), ("expire", shared_db, str(now))) as pair:
            for driver in pair:
                await driver.expect("ready")
            for driver in pair:
                driver.send("go")
            played = [await driver.expect("played") for driver in pair]
        assert sorted(played) == ["", str(session_id)], played
        after = await storage.get(session_id)
        assert after is not None and after.version > version  # the overdue seat was played
        log = await storage.action_log(session_id)
        assert [e.seq for e in log] == list(range(1, after.version))
        assert after.deadline is not None and after.deadline > now  # a fresh clock runs
        assert await replays(storage, session_id)


async def test_a_claim_left_by_a_killed_process_runs_out_and_another_plays_it(
        shared_db: str) -> None:
    """A process killed while it holds a clock's claim does not stall that game: nobody
    plays it while the claim holds; once it runs out another process plays it, once."""
    async with await Storage.open(shared_db) as storage:
        session_id = await two_humans(storage, "clock=1h target=10")
        row = await storage.get(session_id)
        assert row is not None and row.deadline is not None
        now = row.deadline + 1
        with drivers(("expire", shared_db, str(now), "hold")) as (holder,):
            await holder.expect("ready")
            holder.send("go")
            assert await holder.expect("claimed") == str(session_id)
            holder.kill()
        service = SessionService(storage, render=False)
        try:
            assert await service.expire_due(now + 1) == []  # still claimed
            assert await storage.next_deadline() == pytest.approx(now + CLOCK_CLAIM_SECONDS)
            late = now + CLOCK_CLAIM_SECONDS + 1
            assert [u.session_id for u in await service.expire_due(late)] == [session_id]
            assert await service.expire_due(late) == []
        finally:
            await service.close()
        assert await replays(storage, session_id)


async def test_a_process_killed_in_the_middle_of_a_commit_loses_nothing_acknowledged(
        shared_db: str) -> None:
    """Issue 17: "a process killed with SIGKILL in the middle of a commit: nothing
    acknowledged is lost, and the other process carries on". The driver acknowledges
    each move once its commit returned; its fourth commit is stopped after its update,
    before COMMIT, and the process is killed there. The server rolls that transaction
    back (its row lock goes with it), every acknowledged move is stored, and a second
    process plays on from there at once."""
    async with await Storage.open(shared_db) as storage:
        session_id = await two_humans(storage)
        with drivers(("play", shared_db, str(session_id), "4")) as (victim,):
            acked = [int(await victim.expect("acked")) for _ in range(3)]
            await victim.expect("in-commit")
            victim.kill()
        row = await storage.get(session_id)
        assert row is not None and row.version == acked[-1]  # all acked, the cut one not
        log = await storage.action_log(session_id)
        assert [e.seq for e in log] == list(range(1, acked[-1]))
        started = time.monotonic()
        with drivers(("play", shared_db, str(session_id), "0")) as (survivor,):
            carried = [int(await survivor.expect("acked")) for _ in range(3)]
        assert carried == [acked[-1] + 1, acked[-1] + 2, acked[-1] + 3]
        assert time.monotonic() - started < STEP_TIMEOUT  # no lock left hanging
        assert await replays(storage, session_id)

