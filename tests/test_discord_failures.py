"""What the bot does when Discord says no (issue 30 item 4), through the real discord.py
against the loopback stand-in answering as Discord does (status codes, Discord's JSON
error codes, ``retry_after``): a channel deleted under a game, an image upload refused,
the bot lacking Send Messages, Attach Files or Create Public Threads, 429 rate limits
and 5xx errors. Each ends in a clear message or a retry, the game in storage is unchanged
or correctly advanced, and no post is lost (see :mod:`bot.discord_front.delivery`)."""

from __future__ import annotations

import asyncio
import inspect
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from discord_standin import (
    CHANNEL_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    rate_limited,
    running_client,
    server_error,
    slash,
    text_of,
)
from tidebound_support import (
    DAY,
    EPHEMERAL,
    Driver,
    expire,
    factory,
    leave_bot_due,
    read_session,
    slow_board_edits,
    start_game,
)

from bot.app import TideboundClient

MESSAGES = rf"/channels/{CHANNEL_ID}/messages"


async def eventually(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Poll ``check`` (a function, or a coroutine function) until it returns something
    true; what it returned last."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if inspect.isawaitable(value):
            value = await value
        if value or time.monotonic() > deadline:
            return value
        await asyncio.sleep(0.02)


def posts(standin: DiscordStandin, start: int, status: int | None = 200
          ) -> list[RecordedRequest]:
    return [r for r in standin.requests[start:] if r.matches("POST", MESSAGES)
            and (status is None or r.status == status)]


async def clock_game(driver: Driver, client: TideboundClient) -> tuple[int, int]:
    """A Hagoth game of alice and a bot with a day's clock: (session, its version)."""
    session_id = await start_game(driver, options="clock=24h target=5", bots=1)
    assert client.storage is not None
    row = await client.storage.get(session_id)
    assert row is not None and row.deadline is not None
    return session_id, row.version


async def advanced(client: TideboundClient, session_id: int, version: int) -> bool:
    assert client.storage is not None
    row = await client.storage.get(session_id)
    return row is not None and row.version > version


# -- a channel deleted under a game ------------------------------------------------------------

async def test_channel_deleted_under_a_clock_expiry_ends_the_game(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 30 item 4: "a channel deleted under a game (a clock … posting to it)". The
    move the clock played is kept (the log replays), and the game ends as abandoned:
    nobody can play in a deleted channel, so no clock, bot or reminder runs on."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id, version = await clock_game(driver, client)
        await standin.delete_channel(CHANNEL_ID)
        expire(client)
        assert client.storage is not None

        async def ended() -> bool:
            row = await client.storage.get(session_id)  # type: ignore[union-attr]
            return row is not None and row.status == "abandoned"

        assert await eventually(ended), "the game in a deleted channel is still in play"
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is None and row.version > version
        assert await client.storage.due_reminders(time.time() + 30 * DAY) == []
    _, _, replays = await read_session(db_path, session_id)
    assert replays, "the stored game is intact"


async def test_channel_deleted_while_the_bot_was_down(standin: DiscordStandin,
                                                       db_path: str) -> None:
    """Issue 30 item 4: the channel went while the bot was offline; after the restart the
    clock's post finds it gone (404 Unknown Channel) and the game ends, once."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id, _ = await clock_game(driver, client)
    await standin.delete_channel(CHANNEL_ID)
    async with running_client(factory(db_path), standin) as client:
        expire(client)

        async def ended() -> bool:
            row = await client.storage.get(session_id)  # type: ignore[union-attr]
            return row is not None and row.status == "abandoned"

        assert await eventually(ended)
        start = standin.mark()
        expire(client, days=3)
        await asyncio.sleep(0.3)
        assert posts(standin, start, status=None) == [], "no more tries at a deleted channel"


# -- an image upload that fails ------------------------------------------------------------------

async def test_too_large_image_posts_the_text_and_says_why(standin: DiscordStandin,
                                                           db_path: str) -> None:
    """Issue 30 item 4: "an image upload that fails" (413 Request entity too large,
    40005): the update goes out as text with its ping, saying the board could not be
    attached and where to see it; the game advanced once."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id, version = await clock_game(driver, client)
        standin.upload_limit = 1000
        start = standin.mark()
        expire(client)
        (post,) = await eventually(lambda: posts(standin, start))
        content = text_of(post.json)
        assert "time ran out" in content and f"<@{USER_ID}>" in content
        assert post.json["allowed_mentions"]["users"] == [USER_ID]
        assert "too large" in content and "/game status" in content, content
        assert not post.files
        assert [r.status for r in posts(standin, start, status=None)] == [413, 200]
        assert await advanced(client, session_id, version)


async def test_without_attach_files_the_text_says_so(standin: DiscordStandin,
                                                     db_path: str) -> None:
    """Issue 30 item 4: "the bot lacking … Attach Files": the post goes out without its
    image and names the missing permission."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await clock_game(driver, client)
        standin.deny(CHANNEL_ID, "attach_files")
        start = standin.mark()
        expire(client)
        (post,) = await eventually(lambda: posts(standin, start))
        assert "Attach Files" in text_of(post.json), text_of(post.json)
        assert "time ran out" in text_of(post.json) and not post.files


async def test_move_whose_image_is_refused_says_why(standin: DiscordStandin,
                                                    db_path: str) -> None:
    """The same refusal of a move's own board (an interaction followup, 40005): the text
    is posted with the reason, the mover is told their move was saved."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        await start_game(driver, options="target=5", bots=1)
        standin.upload_limit = 1000
        payload, start = await driver.send(slash("game", subcommand="status"))
        token = re.escape(payload["token"])
        post = await standin.wait_for(
            lambda r: r.matches("POST", f"/webhooks/\\d+/{token}$") and r.status == 200,
            start=start)
        assert "too large" in text_of(post.json) and not post.files
        assert "To play: alice" in text_of(post.json)


# -- the bot lacking Send Messages or Create Public Threads ------------------------------------

async def test_without_send_messages_the_post_is_kept_and_sent_later(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 30 item 4: "the bot lacking Send Messages": the clock's post is refused
    (403 Missing Permissions); it is kept, and goes out in full once the permission is
    back (the next time the clock task looks)."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id, version = await clock_game(driver, client)
        standin.deny(CHANNEL_ID, "send_messages")
        start = standin.mark()
        expire(client)
        # refused with its image, then as text alone: so it is Send Messages, not the image
        await eventually(lambda: len(posts(standin, start, status=403)) == 2)
        assert await advanced(client, session_id, version)
        assert posts(standin, start) == []
        standin.allow(CHANNEL_ID)
        client.service.deadline_changed.set()  # type: ignore[union-attr]
        (post,) = await eventually(lambda: posts(standin, start))
        assert "time ran out" in text_of(post.json) and post.files, "the full post"


async def test_without_send_messages_the_next_command_shows_what_was_kept(
        standin: DiscordStandin, db_path: str) -> None:
    """An interaction's answer needs no Send Messages: the next /game status in that
    channel first shows the posts that could not go out, then the board."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await clock_game(driver, client)
        standin.deny(CHANNEL_ID, "send_messages")
        start = standin.mark()
        expire(client)
        await eventually(lambda: posts(standin, start, status=403))
        payload, start = await driver.send(slash("game", subcommand="status"))
        token = re.escape(payload["token"])

        def public() -> list[RecordedRequest]:
            return [r for r in standin.requests[start:]
                    if r.matches("POST", f"/webhooks/\\d+/{token}$") and r.status == 200
                    and not int(r.json.get("flags") or 0) & EPHEMERAL]

        await eventually(lambda: len(public()) >= 2)
        kept, status = public()
        assert "so this was played for them" in text_of(kept.json), "kept first"
        assert kept.files, "in full, with its board"
        assert status.files


async def test_without_create_threads_a_thread_game_is_refused_clearly(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 30 item 4: "the bot lacking … Create Threads": ``/game new thread:yes`` says
    which permission is missing, and no game is opened."""
    driver = Driver(standin)
    standin.deny(CHANNEL_ID, "create_public_threads")
    async with running_client(factory(db_path), standin) as client:
        payload, start = await driver.send(slash(
            "game", {"game": "hagoth", "thread": True}, subcommand="new",
            app_permissions=standin.app_permissions(CHANNEL_ID)))
        text = await driver.ephemeral_text(payload, start)
        assert "Create Public Threads" in text, text
        assert client.storage is not None
        assert await client.storage.open_session(str(CHANNEL_ID)) is None
        assert not [c for c in standin.channels.values() if "thread_metadata" in c]


# -- 429 and 5xx -----------------------------------------------------------------------------

async def test_rate_limited_post_goes_out_after_retry_after(standin: DiscordStandin,
                                                            db_path: str) -> None:
    """Issue 30 item 4: "429 rate limits with ``retry_after``" (a route's bucket, then the
    global limit): discord.py waits and sends again; one post, the game advanced once.
    (This already worked; the test pins it.)"""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id, version = await clock_game(driver, client)
        standin.fail("POST", MESSAGES, lambda: rate_limited(0.3))
        standin.fail("POST", MESSAGES, lambda: rate_limited(0.2, is_global=True))
        start = standin.mark()
        expire(client)
        (post,) = await eventually(lambda: posts(standin, start))
        assert "time ran out" in text_of(post.json) and post.files
        assert [r.status for r in posts(standin, start, status=None)] == [429, 429, 200]
        assert client.storage is not None
        row = await client.storage.get(session_id)
        assert row is not None and row.version > version


async def test_server_errors_are_retried_and_the_post_kept(standin: DiscordStandin,
                                                           db_path: str) -> None:
    """Issue 30 item 4: "5xx errors": a 502 is retried by discord.py at once (pinned); a
    503 (raised at once) keeps the post, which goes out in full on the next look."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await clock_game(driver, client)
        standin.fail("POST", MESSAGES, lambda: server_error(502))
        start = standin.mark()
        expire(client)
        (post,) = await eventually(lambda: posts(standin, start))
        assert post.files and "time ran out" in text_of(post.json)

        standin.fail("POST", MESSAGES, lambda: server_error(503), times=2)
        start = standin.mark()
        expire(client, days=2.1)
        await eventually(lambda: posts(standin, start, status=503))
        await asyncio.sleep(0.2)
        assert posts(standin, start) == [], "no bare text instead of the board"
        client.service.deadline_changed.set()  # type: ignore[union-attr]
        await eventually(lambda: len(posts(standin, start, status=503)) == 2)
        client.service.deadline_changed.set()  # type: ignore[union-attr]
        (post,) = await eventually(lambda: posts(standin, start))
        assert post.files and "time ran out" in text_of(post.json)


async def test_new_game_warns_the_host_of_missing_permissions(standin: DiscordStandin,
                                                              db_path: str) -> None:
    """Issue 30 item 4: "the bot lacking Send Messages, Attach Files": ``/game new`` in
    such a channel opens the lobby (an interaction's answer needs neither) and tells the
    host, privately and in their language, what is missing and what it means."""
    driver = Driver(standin)
    standin.deny(CHANNEL_ID, "send_messages", "attach_files")
    async with running_client(factory(db_path), standin) as client:
        payload, start = await driver.send(slash(
            "game", {"game": "hagoth"}, subcommand="new", locale="cs",
            app_permissions=standin.app_permissions(CHANNEL_ID)))
        assert (await driver.callback(payload))["type"] == 4, "the lobby is open"
        warning = await driver.ephemeral_text(payload, start)
        assert "„Posílat zprávy“" in warning and "„Přikládat soubory“" in warning, warning
        assert client.storage is not None
        assert await client.storage.open_session(str(CHANNEL_ID)) is not None
        standin.allow(CHANNEL_ID)
        payload, start = await driver.send(slash("game", {"game": "hagoth"},
                                                 subcommand="new"))
        await driver.callback(payload)  # refused: a game is open here; no warning
        await asyncio.sleep(0.2)
        assert not [r for r in standin.requests[start:]
                    if r.matches("POST", f"/webhooks/\\d+/{re.escape(payload['token'])}$")]


async def test_channel_deleted_under_a_reminder_ends_the_game(standin: DiscordStandin,
                                                              db_path: str) -> None:
    """Issue 30 item 4 and issue 15: a reminder in the channel of a deleted channel ends
    the game like the clock's post does, instead of failing at every decision."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("settings", {"mode": "channel", "after": "1h"},
                                             subcommand="reminders"))
        await driver.callback(payload)
        session_id = await start_game(driver, options="target=5", bots=1)
        await standin.delete_channel(CHANNEL_ID)
        later = time.time() + 2 * 3600
        assert client.service is not None and client.storage is not None
        client.service.now = lambda: later
        await client.days.tick()
        row = await client.storage.get(session_id)
        assert row is not None and row.status == "abandoned"


async def test_channel_deleted_under_a_bot_move_after_a_restart(standin: DiscordStandin,
                                                                db_path: str) -> None:
    """Issue 30 item 4: "a channel deleted under a game (… a bot move posting to it)":
    the bot stopped between a human move and the bot's answer (``bots_due``); while it
    was down the channel was deleted. After the restart the bot moves, its post finds the
    channel gone, and the game ends as abandoned with the bot's move stored."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id = await start_game(driver, options="target=5", bots=1)
        logged = await leave_bot_due(client, session_id)
    await standin.delete_channel(CHANNEL_ID)
    async with running_client(factory(db_path), standin) as client:

        async def ended() -> bool:
            row = await client.storage.get(session_id)  # type: ignore[union-attr]
            return row is not None and row.status == "abandoned"

        assert await eventually(ended), "the bot's post found no channel"
    _, moves, replays = await read_session(db_path, session_id)
    assert moves > logged and replays, "the bot's move is stored, the game intact"


async def test_a_shutdown_lets_a_resumed_bot_post_be_recorded(
        standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 1 across two restarts: a bot's move that was due when the bot
    stopped is posted after the restart, and the bot stops again while that board is
    going out. The resumed post is finished and recorded as the last post before the
    database closes (it used to be cancelled there)."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id = await start_game(driver, options="target=5", bots=1)
        await leave_bot_due(client, session_id)
    slow_board_edits(monkeypatch)
    start = standin.mark()
    async with running_client(factory(db_path), standin):
        post = await standin.wait_for(
            lambda r: r.matches("POST", r"/channels/\d+/messages$"), start=start, timeout=10)
        # leave at once: the resumed post is still editing the older board down
    row, _, _ = await read_session(db_path, session_id)
    assert row.last_post == str(post.response["id"])
