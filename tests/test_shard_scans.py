"""Per-shard scans (issue 29 item 2): each session stores the part of its server id that
picks its shard (``shard_key``, backfilled by migration 7), and a process's clock,
reminder and vacation queries see only the rows of the shards it holds, reading an
index of those shards rather than the whole table. On SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tidebound_support import read_raw, write_raw

from bot.database import open_database, parse_target
from bot.migrations import MIGRATIONS
from bot.sharding import Shards, shard_key, shard_of
from bot.storage import SeatRow, Storage

HOST = SeatRow(0, "u-host", "Hana")
COUNT = 4
#: One server on each shard of 4 (shard = (id >> 22) % 4).
GUILDS = {shard: str(((1000 + shard) << 22) + 12345) for shard in range(COUNT)}


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as opened:
        yield opened


async def session_on(storage: Storage, shard: int, deadline: float | None,
                     channel: str) -> int:
    """An active session in a server of ``shard`` with a turn clock due at ``deadline``."""
    row = await storage.create_session(channel_id=channel, guild_id=GUILDS[shard],
                                       game="hagoth", options={}, host=HOST)
    await write_raw(storage, "UPDATE sessions SET status = 'active', deadline = ? WHERE id = ?",
                    (deadline, row.id))
    return row.id


def test_guild_ids_map_to_their_shards() -> None:
    for shard, guild in GUILDS.items():
        assert shard_of(guild, COUNT) == shard
    assert shard_key(None) == shard_key("") == shard_key("g1") == 0
    assert shard_key("9" * 19) == 0  # past a 64-bit snowflake: no server


async def test_a_process_sees_only_its_own_shards_deadlines(storage: Storage) -> None:
    """Issue 29 item 2: "a process never sees another shard's deadlines". The earliest
    clocks of all are on shards 0 and 3, and a claim of another process on shard 2; a
    process holding shards 1 and 2 of 4 sees its own earliest only."""
    await storage.index_shards(Shards(COUNT, (1, 2)))
    await session_on(storage, 0, 100.0, "c0")
    await session_on(storage, 3, 150.0, "c3")
    mine = await session_on(storage, 1, 500.0, "c1")
    claimed = await session_on(storage, 2, 300.0, "c2")
    await session_on(storage, 1, None, "c1-no-clock")
    held = Shards(COUNT, (1, 2))
    assert await storage.next_deadline(held) == 300.0
    # Another process claimed shard 2's clock until 900: the earliest is now shard 1's.
    await write_raw(storage, "UPDATE sessions SET clock_claimed_until = 900 WHERE id = ?",
                    (claimed,))
    assert await storage.next_deadline(held) == 500.0
    await write_raw(storage, "UPDATE sessions SET deadline = 1000 WHERE id = ?", (mine,))
    assert await storage.next_deadline(held) == 900.0  # the claim runs out first
    assert await storage.next_deadline(Shards(COUNT, (0,))) == 100.0
    assert await storage.next_deadline(Shards(COUNT, (3,))) == 150.0
    assert await storage.next_deadline() == 100.0  # one process holding every server
    assert await storage.next_deadline(Shards(COUNT, (0, 1, 2, 3))) == 100.0
    assert [i for i, _ in await storage.claim_due(2000.0, lease=10, shards=Shards(COUNT, (1,)))
            ] == [mine]


async def test_a_process_sees_only_its_own_shards_reminders_and_vacations(
        storage: Storage) -> None:
    """Issue 29 item 2: reminders and vacations of another shard's servers are neither
    sent, nor ended, nor waited for by this process."""
    on_0 = await session_on(storage, 0, None, "c0")
    on_1 = await session_on(storage, 1, None, "c1")
    for session_id, at in ((on_0, 10.0), (on_1, 20.0)):
        await write_raw(storage, "INSERT INTO reminders (session_id, seat, user_id, since, "
                        "remind_at) VALUES (?, 0, ?, 1, ?)", (session_id, f"u{session_id}", at))
    await storage.add_vacation(GUILDS[0], "u-away-0", 1.0, 30.0)
    await storage.add_vacation(GUILDS[1], "u-away-1", 1.0, 40.0)
    first, second = Shards(COUNT, (0,)), Shards(COUNT, (1, 2))
    assert [r.session_id for r in await storage.due_reminders(100.0, shards=first)] == [on_0]
    assert [r.session_id for r in await storage.due_reminders(100.0, shards=second)] == [on_1]
    assert await storage.next_reminder(5.0, first) == 10.0
    assert await storage.next_reminder(5.0, second) == 20.0
    assert await storage.next_reminder(5.0, Shards(COUNT, (3,))) is None
    assert await storage.next_reminder(5.0) == 10.0
    assert [v.guild_id for v in await storage.ended_vacations(100.0, first)] == [GUILDS[0]]
    assert [v.guild_id for v in await storage.ended_vacations(100.0, second)] == [GUILDS[1]]
    assert await storage.next_vacation_end(first) == 30.0
    assert await storage.next_vacation_end(second) == 40.0
    assert await storage.next_vacation_end(Shards(COUNT, (3,))) is None
    assert len(await storage.ended_vacations(100.0)) == 2


async def test_migration_7_backfills_the_shard_key(database: str) -> None:
    """Issue 29 item 2: "existing rows backfilled". Sessions stored before migration 7 get
    their server's shard key; no server, or an id that is no snowflake, is shard 0."""
    db = await open_database(parse_target(database))
    try:
        await db.migrate(MIGRATIONS[:6])
        guilds = [GUILDS[1], GUILDS[3], None, "", "g1", "9" * 19, "9223372036854775807"]
        async with db.transaction() as tx:
            for n, guild in enumerate(guilds):
                await tx.execute(
                    "INSERT INTO sessions (channel_id, guild_id, game, status, host_id, "
                    "created_at, updated_at) VALUES (?, ?, 'hagoth', 'active', 'h', 0, 0)",
                    (f"c{n}", guild))
    finally:
        await db.close()
    async with await Storage.open(database) as storage:
        rows = await read_raw(storage, "SELECT guild_id, shard_key FROM sessions ORDER BY id")
    assert [int(r[1]) for r in rows] == [shard_key(g) for g in guilds]
    assert [int(r[1]) % COUNT for r in rows[:2]] == [1, 3]


async def test_next_deadline_reads_the_index_of_its_shards(tmp_path: Path) -> None:
    """Issue 29 item 2: the clock query uses an index restricted to the process's shards,
    never a scan of the sessions table (SQLite's query plan; PostgreSQL's figure is in
    ``python -m bench --storage``'s scan line)."""
    path = tmp_path / "plan.db"
    async with await Storage.open(str(path)) as storage:
        await storage.index_shards(Shards(16, (4, 5, 6, 7)))
    sql_log: list[str] = []
    async with await Storage.open(str(path)) as storage:
        raw = storage._db._connection  # type: ignore[attr-defined]
        await raw.set_trace_callback(sql_log.append)
        await storage.next_deadline(Shards(16, (4, 5, 6, 7)))
        await raw.set_trace_callback(None)
    statement = next(s for s in sql_log if "MIN(due)" in s)
    with sqlite3.connect(path) as plain:
        plan = " | ".join(str(r[-1]) for r in plain.execute(f"EXPLAIN QUERY PLAN {statement}"))
    assert "sessions_clock_of_16" in plan and "sessions_clock_claimed" in plan, plan
    assert "SCAN sessions" not in plan, plan
