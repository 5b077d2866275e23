"""A changed ``/settings reminders`` applies to the decision already waiting (issue 24
item 15), end to end through the real discord.py and the loopback stand-in: the setting
is read again when the reminder is due, ``off`` is never a ping, a longer delay waits
longer, and a user's shorter delay (or reminders switched back on) applies at once."""

from __future__ import annotations

import asyncio
import time

import discord
from discord_standin import (
    CHANNEL_ID,
    MEMBER_PERMISSIONS,
    DiscordStandin,
    running_client,
    slash,
    text_of,
)
from test_days_e2e import ephemeral, wake_reminders
from tidebound_support import Driver, factory, start_game


def posts_since(standin: DiscordStandin, start: int) -> list[str]:
    """Messages the bot posted (a channel or a DM) since ``start``."""
    return [text_of(r.json) for r in standin.requests[start:]
            if r.matches("POST", r"/channels/\d+/messages")]


async def set_reminders(driver: Driver, options: dict[str, str]) -> None:
    payload, _ = await driver.send(slash("settings", options, subcommand="reminders"))
    await ephemeral(driver, payload)


async def test_off_after_the_decision_was_handed_is_no_ping(standin: DiscordStandin,
                                                            db_path: str) -> None:
    """Issue 24 item 15: "a reminder in mode ``off`` arrives as a channel ping"."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await set_reminders(driver, {"mode": "channel", "after": "2h"})
        await start_game(driver, options="target=5", bots=1)
        await set_reminders(driver, {"mode": "off"})
        start = standin.mark()
        await wake_reminders(client, 2.1)
        await wake_reminders(client, 30)
        assert posts_since(standin, start) == [], "reminders are off: no ping, no DM"


async def test_a_longer_delay_applies_to_the_waiting_decision(standin: DiscordStandin,
                                                              db_path: str) -> None:
    """Issue 24 item 15: changing the delay applies to a decision already waiting."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await set_reminders(driver, {"mode": "channel", "after": "2h"})
        await start_game(driver, options="target=5", bots=1)
        await set_reminders(driver, {"mode": "channel", "after": "6h"})
        start = standin.mark()
        await wake_reminders(client, 2.1)
        assert posts_since(standin, start) == [], "not after 2h: the player chose 6h"
        await wake_reminders(client, 6.1)
        (post,) = posts_since(standin, start)
        assert "a move is waiting for you" in post


async def test_a_shorter_delay_and_switching_on_apply_at_once(standin: DiscordStandin,
                                                              db_path: str) -> None:
    """Issue 24 item 15: the default 8h shortened to 1h reminds after 1h; reminders
    switched off and on again remind the decision already waiting."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await set_reminders(driver, {"mode": "off"})
        await start_game(driver, options="target=5", bots=1)
        await set_reminders(driver, {"mode": "channel", "after": "1h"})
        # replanned just after the answer: wait for the reminder row to be there
        assert client.storage is not None
        for _ in range(200):
            if await client.storage.next_reminder(time.time()) is not None:
                break
            await asyncio.sleep(0.02)
        start = standin.mark()
        await wake_reminders(client, 1.1)
        (post,) = posts_since(standin, start)
        assert "a move is waiting for you" in post
        assert standin.requests[-1].route == f"/channels/{CHANNEL_ID}/messages"
        await wake_reminders(client, 30)
        assert len(posts_since(standin, start)) == 1, "one reminder per decision"


async def test_a_server_switched_off_is_no_ping_either(standin: DiscordStandin,
                                                       db_path: str) -> None:
    """Issue 24 item 15 for the server's default (``/settings reminders server:yes``,
    Manage Server): switched off after the decision was handed, no reminder comes."""
    manager = MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True).value
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash(
            "settings", {"mode": "channel", "after": "2h", "server": True},
            subcommand="reminders", permissions=manager))
        await ephemeral(driver, payload)
        await start_game(driver, options="target=5", bots=1)
        payload, _ = await driver.send(slash("settings", {"mode": "off", "server": True},
                                             subcommand="reminders", permissions=manager))
        await ephemeral(driver, payload)
        start = standin.mark()
        await wake_reminders(client, 2.1)
        await wake_reminders(client, 30)
        assert posts_since(standin, start) == []
