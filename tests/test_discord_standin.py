"""Proves the Discord stand-in (tests/discord_standin.py) works with the real discord.py.

A tiny client with a ``/demo ping`` + ``/demo board`` group, an ``/echo text:`` command with
autocomplete and a persistent ``DynamicItem`` button is driven through the stand-in's gateway
and REST emulation; the assertions inspect the requests discord.py actually sent.
"""

from __future__ import annotations

import asyncio
import gc
import io
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord_standin import (
    APPLICATION_ID,
    BOT_USER_ID,
    CHANNEL_ID,
    GUILD_ID,
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    UserArg,
    autocomplete,
    component,
    rate_limited,
    running_client,
    server_error,
    slash,
)
from PIL import Image

BOARD_ID_TEMPLATE = r"demo:board:(?P<user_id>[0-9]+)"


def board_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (24, 16), (10, 90, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_ID_TEMPLATE):
    """Persistent button: defers, then sends the board as a PNG followup pinging one user."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Show board",
                style=discord.ButtonStyle.primary,
                custom_id=f"demo:board:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["user_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send(
            f"<@{self.user_id}>, the board:",
            file=discord.File(io.BytesIO(board_png()), filename="board.png"),
            # replied_user defaults to True and would be serialised too, so switch it off.
            allowed_mentions=discord.AllowedMentions(
                everyone=False,
                roles=False,
                replied_user=False,
                users=[discord.Object(self.user_id)],
            ),
        )


class DemoClient(discord.Client):
    """``/demo ping``, ``/demo board``, ``/echo text:`` (autocomplete) and the board button."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)

        demo = app_commands.Group(name="demo", description="Demo commands")

        @demo.command(name="ping", description="Answers pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

        @demo.command(name="board", description="Posts the board button")
        async def board(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(BoardButton(interaction.user.id))
            await interaction.response.send_message("Board ready", view=view)

        @demo.command(name="poke", description="Pokes a member")
        async def poke(interaction: discord.Interaction, target: discord.Member) -> None:
            await interaction.response.send_message(f"poked {target.display_name} {target.id}")

        self.tree.add_command(demo)

        @self.tree.command(name="echo", description="Echoes text")
        @app_commands.describe(text="What to echo")
        async def echo(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(text)

        @echo.autocomplete("text")
        async def echo_text(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            words = ("anchor", "archipelago", "beacon", "harbour")
            return [app_commands.Choice(name=w, value=w) for w in words if w.startswith(current)]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(BoardButton)


@pytest.fixture(autouse=True)
async def no_leaks() -> AsyncIterator[None]:
    """Fail if a test leaves tasks running or triggers loop errors (e.g. unclosed sessions)."""
    loop = asyncio.get_running_loop()
    problems: list[str] = []
    previous_handler = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, ctx: problems.append(str(ctx.get("message", ctx))))
    tasks_before = asyncio.all_tasks()
    try:
        yield
        gc.collect()
        await asyncio.sleep(0)
        leftover = [
            t
            for t in asyncio.all_tasks() - tasks_before
            if t is not asyncio.current_task() and not t.done()
        ]
        assert not leftover, f"leaked tasks: {leftover}"
        assert not problems, f"event loop errors: {problems}"
    finally:
        loop.set_exception_handler(previous_handler)


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandin]:
    async with DiscordStandin() as server:
        yield server


async def test_login_and_ready(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin) as client:
        assert client.is_ready()
        assert client.user is not None and client.user.id == BOT_USER_ID
        assert client.application_id == APPLICATION_ID
        guild = client.get_guild(GUILD_ID)
        assert guild is not None and not guild.unavailable
        channel = guild.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel) and channel.name == "general"
        assert guild.member_count == 3 and guild.me is not None

        routes = [(r.method, r.route) for r in standin.requests]
        assert routes[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
        assert standin.requests[0].headers["Authorization"] == "Bot standin.fake.bot-token"

        identify = next(f for f in standin.gateway_received if f["op"] == 2)
        assert identify["d"]["intents"] == discord.Intents.default().value
        # The first heartbeat is sent right after HELLO; the ACK gives a finite latency.
        for _ in range(100):
            if client.latency != float("inf"):
                break
            await asyncio.sleep(0.01)
        assert client.latency < 1.0
        assert standin.connected_clients == 1
    assert client.is_closed()
    assert standin.connected_clients == 0


async def test_tree_sync_round_trips_commands(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin) as client:
        synced = await client.tree.sync()
        put = await standin.wait_for_route("PUT", rf"/applications/{APPLICATION_ID}/commands")

    assert {c.name for c in synced} == {"demo", "echo"}
    assert {c.name: c.id for c in synced} == {
        "demo": standin.command_id("demo"),
        "echo": standin.command_id("echo"),
    }
    sent = {c["name"]: c for c in put.json}
    assert [(o["name"], o["type"]) for o in sent["demo"]["options"]] == [
        ("ping", 1),
        ("board", 1),
        ("poke", 1),
    ]
    (text_option,) = sent["echo"]["options"]
    assert text_option["name"] == "text" and text_option["autocomplete"] is True
    assert [c["id"] for c in put.response] == [str(c.id) for c in synced]


async def test_slash_subcommand_answers_ephemeral_pong(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin):
        payload = await standin.deliver_interaction(slash("demo", subcommand="ping"))
        callback = await standin.wait_for_callback(payload)

    assert callback.query == {"with_response": "1"}
    assert callback.json["type"] == 4
    assert callback.json["data"]["content"] == "pong"
    assert callback.json["data"]["flags"] == 64
    message = callback.response["resource"]["message"]
    assert message["content"] == "pong" and message["flags"] & 64
    assert callback.response["interaction"]["response_message_ephemeral"] is True


async def test_autocomplete_returns_choices(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin):
        payload = await standin.deliver_interaction(
            autocomplete("echo", {"text": "ar"}, focused="text")
        )
        callback = await standin.wait_for_callback(payload)
    assert callback.json == {
        "type": 8,
        "data": {"choices": [{"name": "archipelago", "value": "archipelago"}]},
    }


async def test_slash_with_string_option(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin):
        payload = await standin.deliver_interaction(slash("echo", {"text": "ahoy"}))
        callback = await standin.wait_for_callback(payload)
    assert callback.json["type"] == 4
    assert callback.json["data"]["content"] == "ahoy"


async def test_slash_with_user_option_resolves_member(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin):
        payload = await standin.deliver_interaction(
            slash("demo", {"target": UserArg(OTHER_USER_ID)}, subcommand="poke")
        )
        callback = await standin.wait_for_callback(payload)
    assert callback.json["data"]["content"] == f"poked bob {OTHER_USER_ID}"


def _assert_board_followup(followup: RecordedRequest, mentioned: int) -> None:
    assert followup.query["wait"] == "1"
    assert followup.json["content"] == f"<@{mentioned}>, the board:"
    assert followup.json["allowed_mentions"] == {"parse": [], "users": [mentioned]}
    assert followup.json["attachments"] == [{"id": 0, "filename": "board.png"}]
    (file,) = followup.files
    assert (file.field, file.filename) == ("files[0]", "board.png")
    with Image.open(io.BytesIO(file.data)) as image:
        assert image.format == "PNG" and image.size == (24, 16)


async def test_button_defers_then_sends_png_followup(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin):
        payload = await standin.deliver_interaction(component(f"demo:board:{OTHER_USER_ID}"))
        callback = await standin.wait_for_callback(payload)
        followup = await standin.wait_for_followup(payload)

    assert callback.json == {"type": 6}
    assert callback.index < followup.index
    _assert_board_followup(followup, OTHER_USER_ID)

    # The returned message carries a downloadable attachment served by the stand-in.
    (attachment,) = followup.response["attachments"]
    assert attachment["content_type"] == "image/png"
    async with aiohttp.ClientSession() as http, http.get(attachment["url"]) as resp:
        assert await resp.read() == followup.files[0].data


async def test_persistent_button_survives_restart(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin) as first:
        posted = await standin.deliver_interaction(slash("demo", subcommand="board"))
        callback = await standin.wait_for_callback(posted)
    assert first.is_closed()

    message = standin.messages[int(callback.response["resource"]["message"]["id"])]
    (row,) = message["components"]
    (button,) = row["components"]
    assert button["custom_id"] == f"demo:board:{USER_ID}"

    async with running_client(DemoClient, standin) as second:
        assert second is not first and standin.connected_clients == 1
        click = await standin.deliver_interaction(
            component(button["custom_id"], message=message, user_id=OTHER_USER_ID)
        )
        click_callback = await standin.wait_for_callback(click)
        followup = await standin.wait_for_followup(click)

    assert click_callback.json == {"type": 6}
    _assert_board_followup(followup, USER_ID)
    identifies = [f for f in standin.gateway_received if f["op"] == 2]
    assert len(identifies) == 2


async def test_gateway_reconnect_resumes_session(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin) as client:
        resumed = asyncio.create_task(client.wait_for("resumed", timeout=5))
        await standin.send_reconnect()
        await resumed
        assert [f["op"] for f in standin.gateway_received].count(6) == 1

        payload = await standin.deliver_interaction(slash("demo", subcommand="ping"))
        assert (await standin.wait_for_callback(payload)).json["type"] == 4


async def test_unknown_route_is_recorded_as_404(standin: DiscordStandin) -> None:
    async with running_client(DemoClient, standin) as client:
        with pytest.raises(discord.NotFound, match="no route for GET /api/v10/guilds"):
            await client.fetch_guild(GUILD_ID)
    rec = await standin.wait_for_route("GET", rf"/guilds/{GUILD_ID}")
    assert rec.status == 404


async def test_wrong_token_is_rejected(standin: DiscordStandin) -> None:
    with pytest.raises(discord.LoginFailure):
        async with running_client(DemoClient, standin, token="not-the-token"):
            pytest.fail("must not get here")
    assert standin.requests[0].status == 401


async def test_deliver_without_client_fails_loudly(standin: DiscordStandin) -> None:
    with pytest.raises(RuntimeError, match="no gateway client"):
        await standin.deliver_interaction(slash("demo", subcommand="ping"))


def test_payload_builders_shape() -> None:
    payload = slash("game", {"count": 3, "public": True, "who": "x"}, subcommand="admin start")
    (group,) = payload["data"]["options"]
    assert (group["name"], group["type"]) == ("admin", 2)
    (sub,) = group["options"]
    assert (sub["name"], sub["type"]) == ("start", 1)
    assert [(o["name"], o["type"]) for o in sub["options"]] == [
        ("count", 4),
        ("public", 5),
        ("who", 3),
    ]
    assert payload["member"]["permissions"].isdigit()
    assert slash("x")["id"] != slash("x")["id"]


# -- Discord saying no (issue 30 item 4): what discord.py makes of each answer -----------------

async def test_deleted_channel_is_unknown_channel(standin: DiscordStandin) -> None:
    """A deleted channel: CHANNEL_DELETE reaches the client (the cache forgets it), and a
    post or fetch is ``404 Unknown Channel (10003)``, as on Discord."""
    async with running_client(DemoClient, standin) as client:
        channel = client.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        await standin.delete_channel(CHANNEL_ID)
        for _ in range(100):
            if client.get_channel(CHANNEL_ID) is None:
                break
            await asyncio.sleep(0.01)
        assert client.get_channel(CHANNEL_ID) is None, "CHANNEL_DELETE was dispatched"
        with pytest.raises(discord.NotFound) as sent:
            await channel.send("hello")
        assert sent.value.code == 10003 and sent.value.status == 404
        with pytest.raises(discord.NotFound) as fetched:
            await client.fetch_channel(CHANNEL_ID)
        assert fetched.value.code == 10003


async def test_denied_permissions_are_missing_permissions(standin: DiscordStandin) -> None:
    """Without Attach Files a post with a file is ``403 (50013)`` and one without goes out;
    without Send Messages every post is refused; without Create Public Threads no thread;
    an interaction's ``app_permissions`` says so; ``allow`` gives them back."""
    async with running_client(DemoClient, standin) as client:
        channel = client.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        standin.deny(CHANNEL_ID, "attach_files", "create_public_threads")
        with pytest.raises(discord.Forbidden) as refused:
            await channel.send("board", file=discord.File(io.BytesIO(board_png()), "b.png"))
        assert refused.value.code == 50013 and refused.value.status == 403
        assert (await channel.send("text only")).content == "text only"
        with pytest.raises(discord.Forbidden) as thread:
            await channel.create_thread(name="x", type=discord.ChannelType.public_thread)
        assert thread.value.code == 50013
        standin.deny(CHANNEL_ID, "send_messages")
        with pytest.raises(discord.Forbidden):
            await channel.send("text only")
        permissions = discord.Permissions(standin.app_permissions(CHANNEL_ID))
        assert not permissions.send_messages and not permissions.attach_files
        assert permissions.view_channel
        standin.allow(CHANNEL_ID)
        await channel.send("back", file=discord.File(io.BytesIO(board_png()), "b.png"))


async def test_too_large_upload_is_40005(standin: DiscordStandin) -> None:
    """Files larger than the upload limit: ``413 Request entity too large (40005)``."""
    async with running_client(DemoClient, standin) as client:
        channel = client.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        standin.upload_limit = 100
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send("board", file=discord.File(io.BytesIO(b"x" * 101), "b.png"))
        assert refused.value.status == 413 and refused.value.code == 40005


@pytest.mark.parametrize("is_global", [False, True])
async def test_rate_limit_is_waited_out_and_sent_again(standin: DiscordStandin,
                                                       is_global: bool) -> None:
    """A 429 with ``retry_after`` (a route's bucket or the global limit): discord.py
    sleeps that long and sends the same request again, which goes out."""
    async with running_client(DemoClient, standin) as client:
        channel = client.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        standin.fail("POST", r"/channels/\d+/messages",
                     lambda: rate_limited(0.3, is_global=is_global))
        start = standin.mark()
        began = asyncio.get_running_loop().time()
        message = await channel.send("after the limit")
        assert asyncio.get_running_loop().time() - began >= 0.3
        assert message.content == "after the limit"
        statuses = [r.status for r in standin.requests[start:] if "/messages" in r.path]
        assert statuses == [429, 200]
        limited = standin.requests[start]
        assert limited.response["retry_after"] == 0.3
        assert limited.response["global"] is is_global


async def test_server_errors_retried_or_raised(standin: DiscordStandin) -> None:
    """A 502 is retried by discord.py (after a second) and the post goes out; a 503 is
    raised at once as :class:`discord.DiscordServerError`."""
    async with running_client(DemoClient, standin) as client:
        channel = client.get_channel(CHANNEL_ID)
        assert isinstance(channel, discord.TextChannel)
        standin.fail("POST", r"/channels/\d+/messages", lambda: server_error(502))
        assert (await channel.send("retried")).content == "retried"
        standin.fail("POST", r"/channels/\d+/messages", lambda: server_error(503))
        with pytest.raises(discord.DiscordServerError) as failed:
            await channel.send("lost?")
        assert failed.value.status == 503
