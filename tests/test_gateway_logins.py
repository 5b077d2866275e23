"""Gateway logins across processes (issue 29 item 1): every process's shards identify in
one queue per ``max_concurrency`` bucket (an advisory lock on PostgreSQL), spaced as
Discord asks (5 s; 0.2 s here through ``TIDEBOUND_IDENTIFY_SPACING``'s setting), and a
process refuses, with one clear line, to run with fewer shards than Discord recommends
(``GET /gateway/bot``). Through the loopback Discord stand-in and the real PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from conftest import postgres_schema, postgres_url_or_skip
from discord_standin import FAKE_TOKEN, DiscordStandin

from bot.app import TideboundClient, create_bot, run
from bot.config import Config
from bot.gateway import GatewayAdvice, TooFewShards, check_shards
from bot.sharding import Shards
from bot.storage import Storage

SPACING = 0.2
#: Timers and the event loop's clock are not exact to the microsecond.
SLACK = 0.02


@contextlib.asynccontextmanager
async def started_together(standin: DiscordStandin, configs: Sequence[Config]
                           ) -> AsyncIterator[list[TideboundClient]]:
    """Clients (as processes) logged in, then connected at the same moment; yielded once
    every one is ready."""
    clients = [create_bot(config, sync_commands=False) for config in configs]
    tasks: list[asyncio.Task[None]] = []
    with standin.patched():
        try:
            for client in clients:
                await client.login(FAKE_TOKEN)
            tasks = [asyncio.create_task(client.connect()) for client in clients]
            await asyncio.wait_for(asyncio.gather(*(c.wait_until_ready() for c in clients)),
                                   timeout=30)
            yield clients
        finally:
            for client in clients:
                await client.close()
            for task in tasks:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(task, timeout=5)


def gaps_by_bucket(standin: DiscordStandin, concurrency: int) -> dict[int, list[float]]:
    """The times between consecutive identifies of each bucket."""
    times: dict[int, list[float]] = {}
    for at, shard in standin.identified:
        assert shard is not None
        times.setdefault(shard[0] % concurrency, []).append(at)
    return {bucket: [b - a for a, b in zip(sorted(ts), sorted(ts)[1:], strict=False)]
            for bucket, ts in times.items()}


def configs_over(db: str, count: int, halves: Sequence[tuple[int, ...]]) -> list[Config]:
    return [Config(db_path=db, shards=Shards(count, ids), identify_spacing=SPACING,
                   render_workers=1) for ids in halves]


async def test_two_processes_identify_in_one_queue_on_postgres() -> None:
    """Issue 29 item 1: "processes started together identify at once, past Discord's
    max_concurrency". Two processes of 2 shards each, started at the same moment over one
    PostgreSQL with max_concurrency 1: the four identifies come one at a time, each at
    least the spacing after the one before, whichever process made it."""
    async with DiscordStandin(max_concurrency=1) as standin, \
            postgres_schema(postgres_url_or_skip()) as url:
        await (await Storage.open(url)).close()  # migrated once, before both start
        async with started_together(standin, configs_over(url, 4, [(0, 1), (2, 3)])):
            assert len(standin.identified) == 4
        gaps = gaps_by_bucket(standin, 1)[0]
        assert len(gaps) == 3 and min(gaps) >= SPACING - SLACK, gaps


async def test_buckets_of_max_concurrency_log_in_side_by_side_on_postgres() -> None:
    """Issue 29 item 1: one queue *per bucket* (shard_id % max_concurrency): with
    max_concurrency 2, identifies of one bucket are spaced, those of two buckets need not
    wait for each other."""
    async with DiscordStandin(max_concurrency=2) as standin, \
            postgres_schema(postgres_url_or_skip()) as url:
        await (await Storage.open(url)).close()
        async with started_together(standin, configs_over(url, 4, [(0, 1), (2, 3)])):
            assert len(standin.identified) == 4
    gaps = gaps_by_bucket(standin, 2)
    assert sorted(gaps) == [0, 1]
    assert all(len(g) == 1 and g[0] >= SPACING - SLACK for g in gaps.values()), gaps
    times = sorted(at for at, _ in standin.identified)
    assert min(b - a for a, b in itertools.pairwise(times)) < SPACING


async def test_one_process_on_sqlite_spaces_its_own_shards(tmp_path: Path) -> None:
    """On SQLite (one process) the queue is the process's own: its shards still identify
    the spacing apart."""
    async with DiscordStandin() as standin:
        config = configs_over(str(tmp_path / "one.db"), 3, [(0, 1, 2)])
        async with started_together(standin, config):
            assert len(standin.identified) == 3
    gaps = gaps_by_bucket(standin, 1)[0]
    assert min(gaps) >= SPACING - SLACK, gaps


def test_too_few_shards_is_refused() -> None:
    check_shards(4, GatewayAdvice(4, 1))
    check_shards(8, GatewayAdvice(4, 1))
    with pytest.raises(TooFewShards) as refused:
        check_shards(2, GatewayAdvice(5, 1))
    assert (refused.value.configured, refused.value.recommended) == (2, 5)


@pytest.mark.parametrize("shard_count", ["", "4"])
async def test_run_refuses_fewer_shards_than_discord_recommends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        shard_count: str) -> None:
    """Issue 29 item 1: "compare the shard count with Discord's recommendation and refuse,
    with one clear line, to run with too few shards" — unsharded, or 4 of the 8 shards
    Discord recommends: exit 2, one line naming both numbers, no traceback, no session."""
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("TIDEBOUND_DB", str(tmp_path / "refused.db"))
    monkeypatch.setenv("TIDEBOUND_SHARD_COUNT", shard_count)
    monkeypatch.delenv("TIDEBOUND_SHARD_IDS", raising=False)
    loggers = [logging.getLogger(), logging.getLogger("discord")]
    handlers = [list(logger.handlers) for logger in loggers]
    try:
        async with DiscordStandin(recommended_shards=8) as standin:
            with standin.patched():
                code = await asyncio.to_thread(run)
            assert standin.identified == []  # never reached the gateway
    finally:
        for logger, kept in zip(loggers, handlers, strict=True):
            logger.handlers[:] = kept  # discord.py's run() adds one on this stderr
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    line = next(x for x in err if "TIDEBOUND_SHARD_COUNT" in x)
    configured = shard_count or "1"
    assert "8" in line and configured in line, err
    assert not any("Traceback" in x or "TooFewShards" in x for x in err), err
