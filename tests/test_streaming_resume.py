"""Streaming resume (issue 29 item 3): after a restart, each bot move that was due is
handed to the front as soon as it is built, not after every other one is: the first
post goes out while the rest wait, and only a few built updates wait at any time."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from discord_standin import CHANNEL_ID, GUILD_ID, DiscordStandin, running_client
from discord_standin import text_channel_payload as channel_payload

from bot.app import RESUME_AHEAD, TideboundClient
from bot.config import Config
from bot.service import Person, SessionService, Update
from bot.storage import Storage
from games import get_ruleset

HOST = Person("u-host", "Hana")
HAGOTH = get_ruleset("hagoth")
GAMES = 8


async def games_with_a_bot_due(storage: Storage, channels: list[str]) -> list[int]:
    """One game per channel, each stopped (as by a crash) after the human's move and
    before the bot's reply: a bot is due in every one."""
    service = SessionService(storage, render=False)
    ids = []
    try:
        for channel in channels:
            opened = await service.new_game(channel, HOST, "hagoth", "target=10",
                                            guild_id=str(GUILD_ID))
            await service.add_bot(channel, HOST)
            update = await service.start(channel, HOST, seed=6)
            row = await storage.get(opened.session_id)
            assert row is not None and row.state is not None
            state = HAGOTH.load(json.loads(row.state))
            assert HAGOTH.actors(state) == {0}
            HAGOTH.play(state, 0, "act wood")
            assert await storage.commit_actions(
                opened.session_id, expected_version=update.version,
                state=json.dumps(HAGOTH.dump(state)), actions=[(0, "act wood")])
            ids.append(opened.session_id)
    finally:
        await service.close()
    assert sorted(await storage.bots_due_sessions()) == sorted(ids)
    return ids


async def test_resume_hands_out_each_update_before_building_the_next(db_path: str) -> None:
    """Issue 29 item 3: "the first update reaches the front before the last is built" —
    when the first update is handed out, every other game still has its bot due."""
    async with await Storage.open(db_path) as storage:
        ids = await games_with_a_bot_due(storage, [f"c-{n}" for n in range(GAMES)])
        service = SessionService(storage, render=False)
        try:
            still_due_at_each: list[int] = []
            handed: list[int] = []
            async for update in service.resume_each():
                handed.append(update.session_id)
                still_due_at_each.append(len(await storage.bots_due_sessions()))
            assert sorted(handed) == sorted(ids)
            assert still_due_at_each == list(range(GAMES - 1, -1, -1))
        finally:
            await service.close()


class RecordingClient(TideboundClient):
    """The real client, noting at each post how many games still have a bot due."""

    def __init__(self, config: Config) -> None:
        super().__init__(config, sync_commands=False)
        self.due_at_post: list[int] = []

    async def post_to_channel(self, update: Update) -> None:
        assert self.storage is not None
        self.due_at_post.append(len(await self.storage.bots_due_sessions()))
        await super().post_to_channel(update)


async def test_discord_front_posts_the_first_resumed_game_before_the_last_is_built(
        tmp_path: Path) -> None:
    """Issue 29 item 3, through the Discord stand-in: after a restart with 8 games due,
    the first board is posted while most games still wait for their bot, never more
    than RESUME_AHEAD built updates wait to be posted, and every game is posted once."""
    db = str(tmp_path / "resume.db")
    channel_ids = [CHANNEL_ID + 1 + n for n in range(GAMES)]
    async with await Storage.open(db) as storage:
        await games_with_a_bot_due(storage, [str(c) for c in channel_ids])
    async with DiscordStandin() as standin:
        for channel_id in channel_ids:
            standin.channels[channel_id] = channel_payload(channel_id, GUILD_ID)
        async with running_client(lambda: RecordingClient(Config(db_path=db)),
                                  standin) as client:
            for _ in range(600):
                if len(client.due_at_post) == GAMES and client._resume_task is not None \
                        and client._resume_task.done():
                    break
                await asyncio.sleep(0.05)
            due = client.due_at_post
        posted = [int(r.path.split("/")[-2]) for r in standin.requests
                  if r.method == "POST" and r.path.endswith("/messages")]
    assert sorted(posted) == channel_ids
    assert len(due) == GAMES and due[0] >= GAMES - 2, due  # the first, before the rest
    for posted_before, still_due in enumerate(due):
        built = GAMES - still_due
        assert built - posted_before <= RESUME_AHEAD + 1, due  # bounded look-ahead
