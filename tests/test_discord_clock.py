"""The turn clock through the real discord.py client and the loopback stand-in of Discord:
when a deadline passes, the client's clock task plays for the player and posts to the
channel (``POST /channels/{id}/messages``), pinging whoever must act next."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from discord_standin import USER_ID, DiscordStandin, running_client, text_of
from tidebound_support import Driver, expire, factory, read_session, slow_board_edits, start_game


async def test_expired_deadline_posts_to_the_channel(standin: DiscordStandin,
                                                     tmp_path: Path) -> None:
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "tidebound.db")), standin) as client:
        session_id = await start_game(driver, options="clock=24h target=5", bots=1)
        started = next(r for r in reversed(standin.requests)
                       if isinstance(r.json, dict) and "<t:" in text_of(r.json))
        assert re.search(r"<t:\d+:R>", text_of(started.json)), "a Discord timestamp"
        assert client.service is not None and client.storage is not None
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is not None
        assert row.deadline > time.time() + 23 * 3600

        # The day is over (as if the bot had slept through it): the service's injected
        # clock jumps a day ahead, and the clock task is woken.
        start = standin.mark()
        later = time.time() + 24 * 3600 + 5
        client.service.now = lambda: later
        client.service.deadline_changed.set()
        post = await standin.wait_for(
            lambda r: r.matches("POST", r"/channels/\d+/messages$"), start=start, timeout=10)
        content = text_of(post.json)
        assert "time ran out" in content and "played for them" in content
        assert f"<@{USER_ID}>" in content, "the next player is pinged"
        assert post.json["allowed_mentions"]["users"] == [USER_ID]
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is not None and row.deadline > later


async def test_a_shutdown_lets_the_clocks_post_be_recorded(
        standin: DiscordStandin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 1 across a restart, for a move the clock played: the bot stops while
    the clock is posting it. The clock finishes that post and records it as the last
    post before the database closes (it used to be cancelled there), so the next board
    edits the right one down."""
    slow_board_edits(monkeypatch)
    driver = Driver(standin)
    db = str(tmp_path / "tidebound.db")
    async with running_client(factory(db), standin) as client:
        session_id = await start_game(driver, options="clock=24h target=5", bots=1)
        start = standin.mark()
        expire(client)
        post = await standin.wait_for(
            lambda r: r.matches("POST", r"/channels/\d+/messages$"), start=start, timeout=10)
        # leave at once: the clock is still editing the older board down
    row, _, _ = await read_session(db, session_id)
    assert row.last_post == str(post.response["id"])
