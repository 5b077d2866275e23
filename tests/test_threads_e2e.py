"""A game in its own thread (issue 15 "Threads"), end to end through discord.py and the
stand-in: ``/game new … thread:yes`` opens a thread named after the game and its players;
a post to a thread Discord archived unarchives it first; the thread is archived when the
game ends."""

from __future__ import annotations

import time

from discord_standin import CHANNEL_ID, DiscordStandin, running_client, slash, text_of
from tidebound_support import Driver, factory


async def test_game_in_its_own_thread(standin: DiscordStandin, db_path: str) -> None:
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        start = standin.mark()
        payload, _ = await driver.send(slash(
            "game", {"game": "hagoth", "options": "target=5 clock=5m", "thread": True},
            subcommand="new"))
        created = await standin.wait_for(
            lambda r: r.matches("POST", f"/channels/{CHANNEL_ID}/threads$"), start=start,
            timeout=10)
        thread = int(created.response["id"])
        assert standin.channels[thread]["name"] == "Hagoth: Builder of Ships — alice"
        lobby = await standin.wait_for(
            lambda r: r.matches("POST", f"/channels/{thread}/messages$"), start=start,
            timeout=10)
        assert "opened a game" in text_of(lobby.json)
        told = await standin.wait_for(
            lambda r: r.matches("PATCH", r"/webhooks/\d+/[^/]+/messages/@original$")
            and f"<#{thread}>" in text_of(r.json), start=start, timeout=10)
        assert "own thread" in text_of(told.json)
        assert client.storage is not None
        row = await client.storage.open_session(str(thread))
        assert row is not None and await client.storage.open_session(str(CHANNEL_ID)) is None

        # Play in the thread: its name follows the players once the game starts.
        payload, _ = await driver.send(slash("game", subcommand="addbot", channel_id=thread))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start", channel_id=thread))
        await driver.public_post(payload, start)
        renamed = await standin.wait_for(
            lambda r: r.matches("PATCH", f"/channels/{thread}$") and "name" in r.json,
            start=start, timeout=10)
        assert renamed.json["name"] == "Hagoth: Builder of Ships — alice, Bot 1"

        # Discord archives the idle thread; the turn clock's post unarchives it first.
        await standin.archive(thread)
        later = time.time() + 3600
        assert client.service is not None
        client.service.now = lambda: later
        start = standin.mark()
        client.service.deadline_changed.set()
        posted = await standin.wait_for(
            lambda r: r.matches("POST", f"/channels/{thread}/messages$") and r.status == 200,
            start=start, timeout=10)
        assert "time ran out" in text_of(posted.json)
        assert not standin.channels[thread]["thread_metadata"]["archived"]
        assert not [r for r in standin.requests[start:]
                    if r.matches("POST", f"/channels/{thread}/messages$") and r.status != 200]

        # The game ends (abandoned here): its thread is archived.
        payload, start = await driver.send(slash("game", subcommand="abandon",
                                                 channel_id=thread))
        await driver.public_post(payload, start)
        await standin.wait_for(
            lambda r: r.matches("PATCH", f"/channels/{thread}$")
            and r.json.get("archived") is True, start=start, timeout=10)
        assert standin.channels[thread]["thread_metadata"]["archived"]


async def test_bad_options_open_no_thread(standin: DiscordStandin, db_path: str) -> None:
    """Bad input changes nothing: no thread is created for options that are refused."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, start = await driver.send(slash(
            "game", {"game": "hagoth", "options": "clock=forever", "thread": True},
            subcommand="new"))
        assert "clock" in await driver.ephemeral_text(payload, start)
        assert not [r for r in standin.requests[start:] if r.path.endswith("/threads")]
