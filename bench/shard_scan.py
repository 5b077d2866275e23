"""``python -m bench.shard_scan``: the turn clock's query at 100,000 sessions (issue 29
item 2), on PostgreSQL (and SQLite).

A fresh database holds ``sessions`` sessions, every one in play with a turn clock
running (the worst case: every row is a clock), on servers spread over 16 shards, and
a few clocks claimed by another process. Timed: ``next_deadline`` for a process holding
4 of the 16 shards (the target: p50 <= 5 ms at 100,000 sessions), for one process
holding every server, and the query as it was before issue 29 (a scan of every clock,
the shard picked by parsing each row's server id), ``runs`` times each after a warm-up.

The PostgreSQL server is ``--postgres URL`` (or ``TIDEBOUND_BENCH_POSTGRES`` /
``TIDEBOUND_TEST_POSTGRES``); without one, a throw-away cluster (see
:mod:`bench.storage`).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from bot.sharding import Shards, shard_key
from bot.storage import Storage

from .stats import percentile
from .storage import fresh_schema, postgres_server

SESSIONS = 100_000
COUNT, HELD = 16, (4, 5, 6, 7)
TARGET_MS = 5.0
#: ``next_deadline`` as it was before issue 29: every clock read, each row's shard parsed.
BEFORE = ("SELECT MIN(MAX(deadline, COALESCE(clock_claimed_until, 0))) FROM sessions "
          "WHERE status = 'active' AND deadline IS NOT NULL AND "
          "((COALESCE(CAST(NULLIF(guild_id, '') AS INTEGER), 0) >> 22) % ?) IN (?, ?, ?, ?)")


async def fill(storage: Storage, sessions: int, seed: int) -> None:
    rng = random.Random(seed)
    now = time.time()
    rows = []
    for n in range(sessions):
        guild = str(rng.randrange(1 << 40, 1 << 60))
        claimed = now + 60 if n % 2000 == 0 else None
        rows.append((f"c{n}", guild, "active", "h", now + rng.uniform(60, 86_400 * 3),
                     claimed, shard_key(guild), now, now))
    async with storage._transaction() as db:
        await db.executemany(
            "INSERT INTO sessions (channel_id, guild_id, game, status, host_id, deadline, "
            "clock_claimed_until, shard_key, created_at, updated_at) "
            "VALUES (?, ?, 'hagoth', ?, ?, ?, ?, ?, ?, ?)", rows)
    await storage.index_shards(Shards(COUNT, HELD))
    async with storage._transaction() as db:
        await db.execute("ANALYZE")


async def measure(db: str, sessions: int, runs: int, seed: int) -> dict[str, float]:
    async with await Storage.open(db) as storage:
        await fill(storage, sessions, seed)
        held = Shards(COUNT, HELD)

        async def before() -> None:
            async with storage._db.execute(BEFORE, (COUNT, *HELD)) as cursor:
                await cursor.fetchone()

        figures: dict[str, float] = {}
        for name, call in (("4 of 16 shards", lambda: storage.next_deadline(held)),
                           ("every shard", lambda: storage.next_deadline(None)),
                           ("before (4 of 16)", before)):
            for _ in range(5):
                await call()
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                await call()
                times.append((time.perf_counter() - start) * 1000)
            figures[name] = percentile(times, 0.5)
        return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.shard_scan")
    parser.add_argument("--sessions", type=int, default=SESSIONS)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", default=None)
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args(argv)
    results: list[tuple[str, dict[str, float]]] = []
    with postgres_server(args.postgres) as (url, _), fresh_schema(url) if url else (
            tempfile.TemporaryDirectory()) as where:
        if url:
            results.append(("PostgreSQL", asyncio.run(
                measure(str(where), args.sessions, args.runs, args.seed))))
    if not args.no_sqlite:
        with tempfile.TemporaryDirectory() as directory:
            results.append(("SQLite", asyncio.run(measure(
                str(Path(directory) / "scan.db"), args.sessions, args.runs, args.seed))))
    print(f"next_deadline p50 at {args.sessions:,} sessions in play (target for 4 of 16 "
          f"shards: <= {TARGET_MS:g} ms)")
    for backend, figures in results:
        line = ", ".join(f"{name} {ms:.2f} ms" for name, ms in figures.items())
        verdict = "met" if figures["4 of 16 shards"] <= TARGET_MS else "NOT met"
        print(f"  {backend}: {line} ({verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
