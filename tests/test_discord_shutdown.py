"""Shutting the bot down (issue 24 item 17): ``close()`` may be called twice at once
(discord.py itself does, with ``reconnect=False``); the second call waits for the first
and returns, nothing hangs and nothing is closed twice."""

from __future__ import annotations

import asyncio

from discord_standin import DiscordStandin, running_client
from tidebound_support import factory


async def test_two_concurrent_closes_both_return(standin: DiscordStandin,
                                                 db_path: str) -> None:
    """Issue 24 item 17: "Two ``close()`` calls at once hang the second for ever"."""
    async with running_client(factory(db_path), standin) as client:
        first = asyncio.create_task(client.close())
        second = asyncio.create_task(client.close())
        done, pending = await asyncio.wait({first, second}, timeout=10)
        for task in pending:
            task.cancel()
        assert not pending, "a second close() at the same time never returned"
        for task in done:
            task.result()  # neither raised
        assert client.is_closed() and client.storage is None
        # a third, later close() returns at once too
        await asyncio.wait_for(client.close(), timeout=5)
