"""Crash safety: SIGKILL the bot at random moments, on a real SQLite file (issue 7, item 5).

``tests/crash_driver.py`` plays a game of every registered game through the session
service, acknowledging each move in a side file once ``act`` has returned (the move is
committed). It is killed with SIGKILL at random moments and started again each time.
Afterwards the database must pass ``PRAGMA integrity_check``, hold every acknowledged
move, replay every session from its seed and log to its stored state, and play on.

20 kills by default; ``pytest --kills N`` or ``TIDEBOUND_KILLS=N`` for more.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from bot.service import SessionService
from bot.storage import Storage

DRIVER = Path(__file__).with_name("crash_driver.py")


@pytest.fixture
def kills(request: pytest.FixtureRequest) -> int:
    option = request.config.getoption("--kills", default=None)
    return int(option or os.environ.get("TIDEBOUND_KILLS") or 20)


def _acks(path: Path) -> list[tuple[int, int, int, str]]:
    """The acknowledged moves (a line cut short by the kill was never acknowledged)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").split("\n")[:-1]:
        session, seq, seat, notation = line.split(" ", 3)
        out.append((int(session), int(seq), int(seat), notation))
    return out


def _wait_for_progress(acks: Path, size: int, deadline: float) -> None:
    while time.monotonic() < deadline and (not acks.exists() or acks.stat().st_size <= size):
        time.sleep(0.02)


async def _replays(db: Path) -> dict[int, bool]:
    async with await Storage.open(db) as storage:
        service = SessionService(storage, render=False)
        async with storage._db.execute(  # every session that has started
                "SELECT id FROM sessions WHERE state IS NOT NULL") as cursor:
            ids = [int(row[0]) for row in await cursor.fetchall()]
        return {session_id: await service.replay_check(session_id) for session_id in ids}


def test_killed_at_random_moments_no_acknowledged_move_is_lost(tmp_path: Path,
                                                               kills: int) -> None:
    """Issue 7: "A driver process plays all-bot games through the service on a real
    SQLite file. It is killed with SIGKILL at random moments ... and restarted each
    time. Check: PRAGMA integrity_check is ok; every acknowledged move is in the log;
    every session replays from its seed and log to its stored state; play continues." """
    db, acks = tmp_path / "crash.db", tmp_path / "acks.txt"
    rng = random.Random(kills)
    command = [sys.executable, str(DRIVER), str(db), str(acks)]
    for _ in range(kills):
        size = acks.stat().st_size if acks.exists() else 0
        driver = subprocess.Popen(command, stderr=subprocess.PIPE)
        # Kill at a random moment once moves flow (sometimes while still starting up).
        if rng.random() < 0.8:
            _wait_for_progress(acks, size, time.monotonic() + 10)
        time.sleep(rng.uniform(0, 0.4))
        if driver.poll() is not None:
            pytest.fail(f"the driver stopped by itself: {driver.stderr.read().decode()}")
        driver.send_signal(signal.SIGKILL)
        driver.wait()
        driver.stderr.close()

    acknowledged = _acks(acks)
    assert len(acknowledged) >= kills, "the driver made progress between the kills"
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        logged = {(s, q): (seat, n) for s, q, seat, n in
                  raw.execute("SELECT session_id, seq, seat, notation FROM actions")}
    lost = [a for a in acknowledged if logged.get((a[0], a[1])) != (a[2], a[3])]
    assert not lost, f"acknowledged moves missing from the log: {lost[:5]}"
    replays = asyncio.run(_replays(db))
    assert replays and all(replays.values()), f"sessions that do not replay: {replays}"

    # Play continues after the last kill.
    done = subprocess.run([*command, "--moves", "30"], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    assert len(_acks(acks)) == len(acknowledged) + 30
    assert all(asyncio.run(_replays(db)).values())
    print(f"{kills} kills, {len(acknowledged)} acknowledged moves, "
          f"{len(logged)} logged actions, {len(replays)} sessions replayed")


async def _logged(db: str) -> dict[tuple[int, int], tuple[int, str]]:
    async with await Storage.open(db) as storage, storage._db.execute(
            "SELECT session_id, seq, seat, notation FROM actions") as cursor:
        return {(int(s), int(q)): (int(seat), str(n))
                for s, q, seat, n in await cursor.fetchall()}


def test_killed_at_random_moments_on_postgresql(tmp_path: Path, kills: int) -> None:
    """Issue 17: the same crash test on a real PostgreSQL server (fewer kills: each
    restart opens a connection pool). A killed process's open transaction is rolled back
    by the server; every acknowledged move is in the log, every session replays, play
    continues."""
    import asyncpg
    from conftest import postgres_url_or_skip

    url = postgres_url_or_skip()
    acks = tmp_path / "acks.txt"
    rng = random.Random(kills)
    rounds = min(kills, 5)
    name = f"crash_{uuid.uuid4().hex[:12]}"

    async def run(sql: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(run(f"CREATE SCHEMA {name}"))
    db = f"{url}{'&' if '?' in url else '?'}search_path={name}"
    try:
        command = [sys.executable, str(DRIVER), db, str(acks)]
        for _ in range(rounds):
            size = acks.stat().st_size if acks.exists() else 0
            driver = subprocess.Popen(command, stderr=subprocess.PIPE)
            _wait_for_progress(acks, size, time.monotonic() + 20)
            time.sleep(rng.uniform(0, 0.4))
            if driver.poll() is not None:
                pytest.fail(f"the driver stopped by itself: {driver.stderr.read().decode()}")
            driver.send_signal(signal.SIGKILL)
            driver.wait()
            driver.stderr.close()
        acknowledged = _acks(acks)
        assert len(acknowledged) >= rounds, "the driver made progress between the kills"
        logged = asyncio.run(_logged(db))
        lost = [a for a in acknowledged if logged.get((a[0], a[1])) != (a[2], a[3])]
        assert not lost, f"acknowledged moves missing from the log: {lost[:5]}"
        replays = asyncio.run(_replays(db))  # type: ignore[arg-type]
        assert replays and all(replays.values()), f"sessions that do not replay: {replays}"
        done = subprocess.run([*command, "--moves", "20"], capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()
        assert len(_acks(acks)) == len(acknowledged) + 20
    finally:
        asyncio.run(run(f"DROP SCHEMA {name} CASCADE"))
