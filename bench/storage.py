"""``python -m bench --storage``: SQLite in one process against PostgreSQL used by 1 and by
4 processes (issue 17), 200 concurrent sessions of mixed games, rendering off.

Each configuration runs in fresh worker processes (``python -m bench.storage --worker``)
over a fresh database: a SQLite file, or a new schema on a PostgreSQL server. The
sessions are split evenly between the workers; in each, every session is driven by its
own coroutine in a closed loop, as in :mod:`bench.load` (the same drivers: each game in
turn at its largest player count, one human and bots; a finished game is replaced). Once
every worker has dealt its games it is told to go, warms up for ``warmup_s``, then counts
for ``budget_s``: human moves and the time of each ``move`` call (the move, the bots'
replies, the versioned commit). Figures: moves/s summed over the workers, turn p50/p95
over every move of every worker, moves refused (a commit lost to a concurrent change,
retried by the driver, not counted as moves).

The PostgreSQL server is ``--postgres URL`` (or ``TIDEBOUND_BENCH_POSTGRES`` /
``TIDEBOUND_TEST_POSTGRES``); without one a throw-away cluster is started with
``.ci/postgres.sh`` (fsync off, as for the tests) and stopped afterwards. Without any,
only SQLite is measured and the report says why.

What it leaves out: Discord, images, and the network (the server is on loopback, on
the same cores as the workers: on a small machine the processes compete with their own
database for CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from bot.render_pool import cores

from .stats import percentile

ROOT = Path(__file__).resolve().parent.parent
POSTGRES_SCRIPT = ROOT / ".ci" / "postgres.sh"
SESSIONS = 200


@dataclass(frozen=True, slots=True)
class StorageRun:
    """One configuration's figures."""

    backend: str
    processes: int
    sessions: int
    seconds: float
    moves: int
    refused: int
    moves_per_s: float
    turn_p50_ms: float
    turn_p95_ms: float


# -- a worker ------------------------------------------------------------------------------
async def _work(db: str, first: int, count: int, seed: int, warmup_s: float,
                budget_s: float) -> dict[str, object]:
    from bot.service import SessionService
    from bot.storage import Storage

    from .load import _drive, _Tally

    storage = await Storage.open(db, pool_size=10)
    service = SessionService(storage, render=False)
    tally = _Tally(move_ms=[], autocomplete_ms=[])
    stop = asyncio.Event()
    try:
        drivers = [asyncio.create_task(_drive(service, first + i, seed, tally, stop))
                   for i in range(count)]
        while tally.started < count:
            await asyncio.sleep(0.05)
            for task in drivers:
                if task.done() and task.exception() is not None:
                    raise task.exception()  # type: ignore[misc]
        print("dealt", flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.readline)  # "go"
        await asyncio.sleep(warmup_s)
        tally.counting = True
        started = time.perf_counter()
        await asyncio.sleep(budget_s)
        tally.counting = False
        seconds = time.perf_counter() - started
        stop.set()
        for result in await asyncio.gather(*drivers, return_exceptions=True):
            if isinstance(result, BaseException):
                raise result
    finally:
        await service.close()
        await storage.close()
    return {"seconds": seconds, "moves": tally.moves, "refused": tally.refused,
            "move_ms": tally.move_ms}


def _run_configuration(backend: str, db: str, processes: int, sessions: int, seed: int,
                       warmup_s: float, budget_s: float) -> StorageRun:
    per = sessions // processes
    workers = [subprocess.Popen(
        [sys.executable, "-m", "bench.storage", "--worker", db, str(p * per), str(per),
         str(seed), str(warmup_s), str(budget_s)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        for p in range(processes)]
    try:
        for worker in workers:
            assert worker.stdout is not None
            line = worker.stdout.readline().strip()
            if line != "dealt":
                raise RuntimeError(f"a {backend} worker failed before dealing: {line!r}")
        for worker in workers:
            assert worker.stdin is not None
            worker.stdin.write("go\n")
            worker.stdin.flush()
        results = []
        for worker in workers:
            out, _ = worker.communicate(timeout=warmup_s + budget_s + 300)
            if worker.returncode != 0:
                raise RuntimeError(f"a {backend} worker exited with {worker.returncode}")
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
    move_ms = [ms for r in results for ms in r["move_ms"]]
    moves = sum(int(r["moves"]) for r in results)
    seconds = max(float(r["seconds"]) for r in results)
    if not move_ms:
        raise RuntimeError(f"no move finished in the {backend} run's budget")
    return StorageRun(backend, processes, sessions, seconds, moves,
                      sum(int(r["refused"]) for r in results), moves / seconds,
                      percentile(move_ms, 0.5), percentile(move_ms, 0.95))


# -- the PostgreSQL server --------------------------------------------------------------------
@contextmanager
def postgres_server(url: str | None) -> Iterator[tuple[str | None, str]]:
    """(a server URL or ``None``, where it came from): the given one, or a throw-away
    cluster started for the benchmark and stopped afterwards."""
    url = url or os.environ.get("TIDEBOUND_BENCH_POSTGRES") or os.environ.get(
        "TIDEBOUND_TEST_POSTGRES")
    if url:
        yield url, "given"
        return
    with tempfile.TemporaryDirectory(prefix="tidebound-bench-pg-") as directory:
        started = subprocess.run(["bash", str(POSTGRES_SCRIPT), "start", directory],
                                 capture_output=True, text=True, check=False)
        if started.returncode != 0:
            yield None, started.stderr.strip().splitlines()[-1] if started.stderr else "?"
            return
        try:
            yield started.stdout.strip(), "a throw-away cluster (fsync off)"
        finally:
            subprocess.run(["bash", str(POSTGRES_SCRIPT), "stop", directory],
                           capture_output=True, check=False)


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    import asyncpg

    name = f"bench_{uuid.uuid4().hex[:12]}"

    async def run(sql: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(run(f"CREATE SCHEMA {name}"))
    try:
        yield f"{url}{'&' if '?' in url else '?'}search_path={name}"
    finally:
        with suppress(Exception):
            asyncio.run(run(f"DROP SCHEMA {name} CASCADE"))


async def migrate_once(db: str) -> None:
    """Create the schema before the workers start (rather than all of them at once)."""
    from bot.storage import Storage

    await (await Storage.open(db)).close()


def run_storage(*, sessions: int = SESSIONS, seed: int = 1, warmup_s: float = 5.0,
                budget_s: float = 20.0, postgres: str | None = None,
                ) -> tuple[list[StorageRun], str]:
    """The three configurations; their figures and a note on the PostgreSQL server."""
    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    runs: list[StorageRun] = []
    with tempfile.TemporaryDirectory(prefix="tidebound-bench-sqlite-") as directory:
        say(f"[storage] SQLite, 1 process, {sessions} sessions ...")
        runs.append(_run_configuration("sqlite", str(Path(directory) / "bench.db"), 1,
                                       sessions, seed, warmup_s, budget_s))
    with postgres_server(postgres) as (url, origin):
        if url is None:
            return runs, f"PostgreSQL not measured: {origin}"
        for processes in (1, 4):
            say(f"[storage] PostgreSQL, {processes} process(es), {sessions} sessions ...")
            with fresh_schema(url) as scoped:
                asyncio.run(migrate_once(scoped))
                runs.append(_run_configuration("postgresql", scoped, processes, sessions,
                                               seed, warmup_s, budget_s))
    return runs, f"PostgreSQL server: {origin}, on this machine"


def report(runs: list[StorageRun], note: str) -> list[str]:
    load = os.getloadavg()
    lines = [f"storage: {runs[0].sessions} concurrent sessions of mixed games, rendering off; "
             f"{cores()} cores, load average {load[0]:.1f} at the end (a shared machine: "
             "other work was running); " + note]
    for run in runs:
        lines.append(
            f"  {run.backend:<10} {run.processes} process{'es' if run.processes > 1 else '  '}:"
            f" {run.moves_per_s:7.1f} moves/s, turn p50 {run.turn_p50_ms:6.1f} ms, "
            f"p95 {run.turn_p95_ms:6.1f} ms ({run.moves} moves in {run.seconds:.1f} s, "
            f"{run.refused} refused)")
    return lines


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        db, first, count, seed, warmup_s, budget_s = argv[1:7]
        result = asyncio.run(_work(db, int(first), int(count), int(seed), float(warmup_s),
                                   float(budget_s)))
        print(json.dumps(result))
        return 0
    parser = argparse.ArgumentParser(prog="python -m bench.storage")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--postgres", metavar="URL")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    runs, note = run_storage(seed=args.seed, postgres=args.postgres,
                             warmup_s=2.0 if args.quick else 5.0,
                             budget_s=8.0 if args.quick else 20.0)
    print("\n".join(report(runs, note)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
