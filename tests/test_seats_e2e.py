"""Seats changing hands in a game in play (issue 15 "Seats"), end to end through discord.py
and the stand-in: ``/game takeover`` of a bot's seat with the host's approval (a button,
which still works after a restart), the host's ``/game kick``, and a player taking their
own seat back from the bot that replaced them, without approval."""

from __future__ import annotations

import re

from discord_standin import (
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    UserArg,
    component,
    custom_ids,
    running_client,
    slash,
    text_of,
)
from tidebound_support import Driver, factory, start_game

from bot.storage import Storage


async def seats_of(db_path: str, session_id: int) -> list[tuple[str | None, bool]]:
    async with await Storage.open(db_path) as storage:
        row = await storage.get(session_id)
        assert row is not None
        return [(s.user_id, s.is_bot) for s in row.seats]


async def test_takeover_kick_and_rejoin(standin: DiscordStandin, db_path: str) -> None:
    driver = Driver(standin)
    bob = str(OTHER_USER_ID)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver, options="target=5", bots=1)

        # Bob has no seat: he asks for the bot's seat 2; the host is asked (and pinged).
        payload, _ = await driver.send(slash("game", {"seat": 2}, subcommand="takeover",
                                             user_id=OTHER_USER_ID))
        body = await driver.callback(payload)
        assert body["type"] == 4 and "asks to take over seat 2" in text_of(body["data"])
        assert body["data"]["allowed_mentions"]["users"] == [USER_ID]
        ids = [c["custom_id"] for row in body["data"]["components"] for c in row["components"]]
        approve = next(i for i in ids if i.endswith(":y"))
        refuse_id = next(i for i in ids if i.endswith(":n"))

        # Only the host decides: bob's own click is refused, nothing changes.
        payload, start = await driver.send(component(approve, user_id=OTHER_USER_ID))
        assert "Only the host" in await driver.ephemeral_text(payload, start)
        assert (await seats_of(db_path, session_id))[1] == (None, True)

        # Asking for a human's seat is refused politely.
        payload, start = await driver.send(slash("game", {"seat": 1}, subcommand="takeover",
                                                 user_id=OTHER_USER_ID))
        assert "not a bot's" in await driver.ephemeral_text(payload, start)

        # The host refuses: the request message says so, the seat stays the bot's.
        payload, _ = await driver.send(component(refuse_id))
        body = await driver.callback(payload)
        assert body["type"] == 7 and "refused" in text_of(body["data"])
        assert (await seats_of(db_path, session_id))[1] == (None, True)

    # After a restart, the host approves the (old) request's button.
    async with running_client(factory(db_path), standin):
        payload, start = await driver.send(component(approve))
        assert (await driver.callback(payload))["type"] == 6
        post = await driver.public_post(payload, start)
        assert "takes over seat 2" in text_of(post.json)
        assert (await seats_of(db_path, session_id))[1] == (bob, False)

        # A second click on the old request changes nothing.
        payload, start = await driver.send(component(approve))
        assert "already has a seat" in await driver.ephemeral_text(payload, start)

        # Bob leaves: a bot plays his seat, remembering him; he takes it back at once,
        # without approval.
        payload, start = await driver.send(slash("game", subcommand="leave",
                                                 user_id=OTHER_USER_ID))
        await driver.public_post(payload, start)
        assert (await seats_of(db_path, session_id))[1] == (bob, True)
        payload, _ = await driver.send(slash("game", {"seat": 2}, subcommand="takeover",
                                             user_id=OTHER_USER_ID))
        body = await driver.callback(payload)
        assert body["type"] == 4 and "is back in seat 2" in text_of(body["data"])
        assert all("tb:take" not in c for c in custom_ids(body["data"])), "no approval asked"
        assert (await seats_of(db_path, session_id))[1] == (bob, False)

        # Only the host kicks; the host kicks bob: a bot plays his seat and does not
        # remember him, so coming back needs the host's approval again.
        payload, start = await driver.send(slash("game", {"player": UserArg(USER_ID)},
                                                 subcommand="kick", user_id=OTHER_USER_ID))
        assert "Only the host" in await driver.ephemeral_text(payload, start)
        payload, start = await driver.send(slash("game", {"player": UserArg(OTHER_USER_ID)},
                                                 subcommand="kick"))
        post = await driver.public_post(payload, start)
        assert re.search(r"removed \w+ from the game", text_of(post.json))
        assert (await seats_of(db_path, session_id))[1] == (None, True)
        payload, _ = await driver.send(slash("game", {"seat": 2}, subcommand="takeover",
                                             user_id=OTHER_USER_ID))
        body = await driver.callback(payload)
        assert "asks to take over seat 2" in text_of(body["data"])


async def test_lobby_kick_removes_the_seat(standin: DiscordStandin, db_path: str) -> None:
    """``/game kick`` in the lobby removes the seat (``/game remove`` does it by number)."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("game", subcommand="join", user_id=OTHER_USER_ID))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", {"player": UserArg(OTHER_USER_ID)},
                                                 subcommand="kick"))
        post = await driver.public_post(payload, start)
        assert "removed" in text_of(post.json).lower()
        payload, start = await driver.send(slash("game", {"seat": 1}, subcommand="takeover",
                                                 user_id=OTHER_USER_ID))
        assert "in play" in await driver.ephemeral_text(payload, start)
