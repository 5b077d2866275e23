"""Play over days (issue 15) and the server's language (issue 14) end to end, through the
real discord.py and the loopback stand-in: /settings and who may change what, reminders
by DM (with a jump link), in the channel, and the fallback when DMs are closed, across a
restart; /vacation telling each game; /mygames."""

from __future__ import annotations

import asyncio
import re
import time

import discord
import pytest
from discord_standin import (
    CHANNEL_ID,
    GUILD_ID,
    MEMBER_PERMISSIONS,
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    running_client,
    slash,
    text_of,
)
from tidebound_support import Driver, factory, start_game

from bot.clocks import ClockBook

MANAGER = MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True).value
HOUR = 3600.0


async def ephemeral(driver: Driver, payload: dict) -> str:  # type: ignore[type-arg]
    """The text of an ephemeral answer: a direct reply, or a deferred one edited in."""
    token = re.escape(payload["token"])
    rec = await driver.standin.wait_for(
        lambda r: (r.matches("POST", f"/interactions/\\d+/{token}/callback")
                   and (r.json.get("data") or {}).get("content"))
        or r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original"), timeout=10)
    body = rec.json.get("data", rec.json) if "callback" in rec.path else rec.json
    return str(body.get("content"))


def channel_post(standin: DiscordStandin, start: int, channel: int = CHANNEL_ID):  # type: ignore[no-untyped-def]
    return standin.wait_for(
        lambda r: r.matches("POST", f"/channels/{channel}/messages$"), start=start, timeout=10)


async def test_server_language_needs_manage_server_and_reaches_public_posts(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 14 "Who sees which language": a public post follows the server's language
    (a /settings language override, by someone with Manage Server, kept in SQLite); the
    user's own ephemeral replies stay in their Discord locale. Issue 15 "Settings"."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("settings", {"language": "ru"},
                                             subcommand="language"))
        refusal = await ephemeral(driver, payload)
        assert "Manage Server" in refusal, refusal
        payload, _ = await driver.send(slash("settings", {"language": "ru"},
                                             subcommand="language", permissions=MANAGER))
        assert "Russian" in await ephemeral(driver, payload)

    async with running_client(factory(db_path), standin):  # kept across a restart
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new"))
        body = await driver.callback(payload)
        assert body["type"] == 4
        assert "открывает партию" in text_of(body["data"]), "the lobby is in Russian"
        labels = {c["label"] for row in body["data"]["components"] for c in row["components"]}
        assert "Сесть" in labels
        payload, _ = await driver.send(slash("settings", subcommand="show"))
        shown = await ephemeral(driver, payload)
        assert "Language of public posts: Russian" in shown, "ephemeral: the user's English"
        payload, _ = await driver.send(slash("settings", subcommand="show", locale="cs"))
        assert "Jazyk veřejných zpráv: ruština" in await ephemeral(driver, payload)


async def test_guild_locale_is_the_default_language(standin: DiscordStandin,
                                                    db_path: str) -> None:
    """Issue 14: without an override, ``interaction.guild_locale`` is the server's
    language; the game keeps it."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new",
                                             guild_locale="cs"))
        body = await driver.callback(payload)
        assert "otevírá" in text_of(body["data"]) or "hru" in text_of(body["data"])
        assert client.storage is not None
        row = await client.storage.open_session(str(CHANNEL_ID))
        assert row is not None and row.locale == "cs"


async def test_server_clock_default_reaches_new_games(standin: DiscordStandin,
                                                      db_path: str) -> None:
    """Issue 15 "Clock options": ``/settings clock`` is the default of new games."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("settings", {"clock": "3d"}, subcommand="clock"))
        assert "Manage Server" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", {"clock": "3d"}, subcommand="clock",
                                             permissions=MANAGER))
        assert "3d" in await ephemeral(driver, payload)
        session_id = await start_game(driver, options="target=5", bots=1)
        assert client.storage is not None
        row = await client.storage.get(session_id)
        assert row is not None and row.options.get("clock") == "3d"
        assert row.deadline is not None and row.deadline > time.time() + 71 * HOUR


async def last_post(client, session_id: int) -> str:  # type: ignore[no-untyped-def]
    """The board message the bot remembered (stored just after the post went out)."""
    for _ in range(100):
        row = await client.storage.get(session_id)
        if row is not None and row.last_post is not None:
            return str(row.last_post)
        await asyncio.sleep(0.02)
    raise AssertionError("the board post was not remembered")


async def wake_reminders(client, hours: float) -> None:  # type: ignore[no-untyped-def]
    later = time.time() + hours * HOUR
    client.service.now = lambda: later
    await client.days.tick()


async def test_reminder_by_dm_with_a_jump_link_after_a_restart(standin: DiscordStandin,
                                                             db_path: str) -> None:
    """Issue 15 "Reminders": after the set time (default 8h) one DM with a jump link to
    the board; kept in SQLite, so a restart in between still sends it, once."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id = await start_game(driver, options="target=5", bots=1)
        board = await last_post(client, session_id)

    async with running_client(factory(db_path), standin) as client:
        # alice's Discord is in Russian now: a DM is hers alone, so it is in Russian
        payload, _ = await driver.send(slash("settings", subcommand="show", locale="ru"))
        await ephemeral(driver, payload)
        start = standin.mark()
        await wake_reminders(client, 7.9)
        assert not [r for r in standin.requests[start:] if "/messages" in r.path]
        await wake_reminders(client, 8.1)
        opened = await standin.wait_for(lambda r: r.matches("POST", "/users/@me/channels$"),
                                        start=start, timeout=10)
        dm = int(opened.response["id"])
        post = await standin.wait_for(
            lambda r: r.matches("POST", f"/channels/{dm}/messages$"), start=start, timeout=10)
        link = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board}"
        assert link in text_of(post.json), text_of(post.json)
        assert "Вас ждёт ход" in text_of(post.json)
        sent = standin.mark()
        await wake_reminders(client, 30)
        assert not [r for r in standin.requests[sent:] if "/messages" in r.path], "only once"


async def test_closed_dms_fall_back_to_the_channel_and_say_so(standin: DiscordStandin,
                                                             db_path: str) -> None:
    """Issue 15: "If DMs are closed, fall back to the channel and say so"; the ping goes to
    that player alone."""
    standin.closed_dms.add(USER_ID)
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        await start_game(driver, options="target=5", bots=1)
        start = standin.mark()
        await wake_reminders(client, 9)
        post: RecordedRequest = await channel_post(standin, start)
        content = text_of(post.json)
        assert f"<@{USER_ID}>" in content and "could not send you a direct message" in content
        assert post.json["allowed_mentions"]["users"] == [USER_ID]


async def test_channel_reminders_after_a_chosen_time(standin: DiscordStandin,
                                                     db_path: str) -> None:
    """``/settings reminders channel after:2h`` (the user's own choice, no permission
    needed): a ping in the game's channel after two hours."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("settings", {"mode": "channel", "after": "2h"},
                                             subcommand="reminders"))
        assert "2h" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", {"mode": "off", "server": True},
                                             subcommand="reminders"))
        assert "Manage Server" in await ephemeral(driver, payload)
        await start_game(driver, options="target=5", bots=1)
        start = standin.mark()
        await wake_reminders(client, 2.1)
        post = await channel_post(standin, start)
        assert "a move is waiting for you" in text_of(post.json)


async def test_vacation_tells_each_game_and_resumes_the_clock(standin: DiscordStandin,
                                                             db_path: str) -> None:
    """Issue 15 "Vacation": /vacation on pauses the clocks of all your games and each game
    is told; /vacation off resumes them with the time that was left."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id = await start_game(driver, options="target=5 clock=24h", bots=1)
        assert client.storage is not None
        before = await client.storage.get(session_id)
        assert before is not None and before.deadline is not None
        # The server caps vacations (Manage Server): two days is more than it allows.
        payload, _ = await driver.send(slash("settings", {"days": 1}, subcommand="vacation"))
        assert "Manage Server" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", {"days": 2}, subcommand="vacation",
                                             permissions=MANAGER))
        assert "at most 2 days per 30 days" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("vacation", {"days": 3}, subcommand="on"))
        assert "2 days of vacation per 30 days" in await ephemeral(driver, payload)
        start = standin.mark()
        payload, _ = await driver.send(slash("vacation", {"days": 2}, subcommand="on"))
        assert "vacation until" in await ephemeral(driver, payload)
        told = await channel_post(standin, start)
        assert "is on vacation" in text_of(told.json)
        assert told.json["allowed_mentions"] == {"parse": []}, "telling is not a ping"
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is None
        book = ClockBook.loads(row.clocks)
        assert book is not None and any(c.paused for c in book.seats.values())

        payload, _ = await driver.send(slash("vacation", {"days": 1}, subcommand="on"))
        assert "already on vacation" in await ephemeral(driver, payload)
        start = standin.mark()
        payload, _ = await driver.send(slash("vacation", subcommand="off"))
        assert "Welcome back" in await ephemeral(driver, payload)
        back = await channel_post(standin, start)
        assert "back from vacation" in text_of(back.json)
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is not None
        assert abs(row.deadline - before.deadline) < 60, "the time left, not a fresh day"


async def test_mygames_lists_your_games_with_a_jump_link(standin: DiscordStandin,
                                                         db_path: str) -> None:
    """Issue 15 "/mygames": game, channel, whose turn, your deadline, a jump link."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("mygames"))
        assert "no game" in await ephemeral(driver, payload)
        session_id = await start_game(driver, options="target=5 clock=8h", bots=1)
        board = await last_post(client, session_id)
        payload, _ = await driver.send(slash("mygames"))
        text = await ephemeral(driver, payload)
        assert "Hagoth" in text and f"<#{CHANNEL_ID}>" in text
        assert f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board}" in text
        assert "your time runs out <t:" in text


async def test_ephemeral_texts_follow_the_readers_locale_in_a_russian_server(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 14 "Who sees which language": the board post follows the server (Russian
    here) while a user's autocomplete of their moves follows their own Discord locale."""
    driver = Driver(standin)
    cyrillic = re.compile("[а-яА-Я]")
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("settings", {"language": "ru"},
                                             subcommand="language", permissions=MANAGER))
        await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("game", {"game": "hagoth", "options": "target=5"},
                                             subcommand="new"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("game", subcommand="addbot"))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start"))
        post = await driver.public_post(payload, start)
        assert cyrillic.search(text_of(post.json)), "the board post is in Russian"
        for locale, russian in (("en-US", False), ("ru", True)):
            payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move",
                                                        locale=locale))
            body = await driver.callback(payload)
            names = " ".join(c["name"] for c in body["data"]["choices"])
            # a player's name is a name, not a text to translate: the bot seated in this
            # Russian server is "Бот 1" for every reader (a Skip card may name it)
            names = re.sub(r"Бот \d+", "", names)
            assert bool(cyrillic.search(names)) is russian, (locale, names)


@pytest.mark.parametrize("game", ["hagoth", "hexfolk", "lovci-pokladu", "shipyard"])
async def test_every_game_over_days(standin: DiscordStandin, db_path: str, game: str) -> None:
    """Issue 15 "Done when": every command works in every game — /mygames, /vacation and
    a takeover approved by the host, in each released game."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        session_id = await start_game(driver, game=game, options="clock=24h", bots=1)
        payload, _ = await driver.send(slash("mygames"))
        text = await ephemeral(driver, payload)
        assert f"<#{CHANNEL_ID}>" in text and "to play" in text
        start = standin.mark()
        payload, _ = await driver.send(slash("vacation", {"days": 1}, subcommand="on"))
        assert "vacation until" in await ephemeral(driver, payload)
        await channel_post(standin, start)
        assert client.storage is not None
        row = await client.storage.get(session_id)
        assert row is not None and row.deadline is None, "alice's clock is paused"
        payload, _ = await driver.send(slash("vacation", subcommand="off"))
        assert "Welcome back" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("game", {"seat": 2}, subcommand="takeover",
                                             user_id=OTHER_USER_ID))
        body = await driver.callback(payload)
        approve = next(c["custom_id"] for r in body["data"]["components"]
                       for c in r["components"] if c["custom_id"].endswith(":y"))
        payload, start = await driver.send(component(approve))
        await driver.public_post(payload, start)
        row = await client.storage.get(session_id)
        assert row is not None and row.seat_of(str(OTHER_USER_ID)) == 1
        payload, _ = await driver.send(slash("mygames", user_id=OTHER_USER_ID))
        assert f"<#{CHANNEL_ID}>" in await ephemeral(driver, payload)


async def test_the_hand_after_a_move_is_in_the_readers_language(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 15 (leftover) with issue 14 "Who sees which language": the hand image
    attached to a player's own reply right after their move is drawn in their Discord
    locale (Russian here), like /hand and the menus, while the game itself is English."""
    import io
    import json

    from PIL import Image
    from tidebound_support import read_session

    import renderers
    from games import get_ruleset

    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver, bots=1)
        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move", locale="ru"))
        choices = (await driver.callback(payload))["data"]["choices"]
        payload, start = await driver.send(slash("move", {"move": choices[0]["value"]},
                                                 locale="ru"))
        await driver.callback(payload)
        token = re.escape(payload["token"])
        reply = await standin.wait_for(
            lambda r: r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original")
            and bool(r.files), start=start, timeout=30)
        await driver.public_post(payload, start)
        row, _, _ = await read_session(db_path, session_id)
    hagoth = get_ruleset("hagoth")
    assert row.state is not None and row.locale == "en"
    view = hagoth.view(hagoth.load(json.loads(row.state)), row.seat_of(str(USER_ID)))
    names = [seat.name for seat in row.seats]
    russian = renderers.render_private("hagoth", view, names, "ru")
    english = renderers.render_private("hagoth", view, names, "en")
    assert russian is not None and russian != english
    attached = reply.files[0].data
    assert Image.open(io.BytesIO(attached)).tobytes() == \
        Image.open(io.BytesIO(russian)).tobytes()
