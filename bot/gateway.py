"""Logging in to Discord's gateway from several processes (issue 29 item 1).

Discord lets a bot start (IDENTIFY) at most ``max_concurrency`` sessions per 5 seconds,
one per bucket ``shard_id % max_concurrency``. discord.py spaces the shards of one
process; processes started together (a ``compose up``, a host reboot) would identify
at once. :class:`LoginQueue` makes every process take its turn: a shard identifies
while holding its bucket's lock (an advisory lock on PostgreSQL, shared by every
process; a lock of this process on SQLite, which one process uses), and the bucket
stays taken ``spacing`` seconds after, so two identifies of one bucket are always at
least that far apart, whichever process made them.

At start, :func:`ask_gateway` reads Discord's recommendation (``GET /gateway/bot``) and
:func:`check_shards` refuses to run with fewer shards than it recommends: past about
2,500 servers a shard is refused by Discord and the processes would restart in a loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("tidebound.gateway")

#: Seconds between two identifies of one bucket, as Discord asks.
IDENTIFY_SPACING = 5.0
#: Advisory lock keys of the login buckets: this number plus the bucket.
LOGIN_LOCK_BASE = 0x7469_6400


class TooFewShards(Exception):
    """This process runs fewer shards than Discord recommends for the bot."""

    def __init__(self, configured: int, recommended: int) -> None:
        super().__init__(f"{configured} shards, Discord recommends {recommended}")
        self.configured = configured
        self.recommended = recommended


@dataclass(frozen=True, slots=True)
class GatewayAdvice:
    """What ``GET /gateway/bot`` says: the shards Discord recommends, and how many
    sessions may identify at once (each in its own bucket)."""

    shards: int
    max_concurrency: int


async def ask_gateway(http: Any) -> GatewayAdvice:
    """Discord's advice, from a logged-in client's ``http``."""
    shards, _url, limit = await http.get_bot_gateway()
    concurrency = int((limit or {}).get("max_concurrency", 1) or 1)
    return GatewayAdvice(max(1, int(shards)), max(1, concurrency))


def check_shards(configured: int, advice: GatewayAdvice) -> None:
    """:class:`TooFewShards` when ``configured`` is below Discord's recommendation."""
    if configured < advice.shards:
        raise TooFewShards(configured, advice.shards)


class LoginQueue:
    """One login queue per bucket, shared by every process over one database."""

    def __init__(self, exclusive: Callable[[int], AbstractAsyncContextManager[None]], *,
                 max_concurrency: int = 1, spacing: float = IDENTIFY_SPACING) -> None:
        #: The database's lock by key (:meth:`bot.storage.Storage.exclusive`).
        self.exclusive = exclusive
        self.max_concurrency = max(1, max_concurrency)
        self.spacing = max(0.0, spacing)
        self._holds: set[asyncio.Task[None]] = set()

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    async def turn(self, shard_id: int) -> None:
        """Return once ``shard_id`` may identify; its bucket is then held for
        :attr:`spacing` seconds (in the background) before the next may."""
        entered: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        hold = asyncio.create_task(self._hold(self.bucket(shard_id), entered),
                                   name=f"tidebound-login-{shard_id}")
        self._holds.add(hold)
        hold.add_done_callback(self._holds.discard)
        try:
            await asyncio.shield(entered)
        except asyncio.CancelledError:
            hold.cancel()
            raise

    async def _hold(self, bucket: int, entered: asyncio.Future[None]) -> None:
        try:
            async with self.exclusive(LOGIN_LOCK_BASE + bucket):
                entered.set_result(None)
                await asyncio.sleep(self.spacing)
        except Exception as exc:
            if not entered.done():
                entered.set_exception(exc)
            else:
                log.warning("the login queue of bucket %s failed: %s", bucket, exc)
        finally:
            if not entered.done():  # cancelled while waiting: so is the shard's turn
                entered.cancel()

    async def close(self) -> None:
        """Let go of every bucket held (before the database closes)."""
        holds = list(self._holds)
        for hold in holds:
            hold.cancel()
        for hold in holds:
            with contextlib.suppress(asyncio.CancelledError):
                await hold
