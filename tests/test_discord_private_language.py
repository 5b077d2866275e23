"""Private replies in the reader's own language (issue 24 item 16), end to end through
the real discord.py and the loopback stand-in: in a game whose public posts are in
Russian, ``/hint``, ``/game log``, the ``/game history`` file and the replay that only the
asker sees follow the asker's Discord locale (English or Czech here); the board post
stays in the game's language."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord_standin import (
    MEMBER_PERMISSIONS,
    DiscordStandin,
    RecordedRequest,
    running_client,
    slash,
    text_of,
)
from test_days_e2e import ephemeral
from tidebound_support import EPHEMERAL, Driver, factory

MANAGER = MEMBER_PERMISSIONS | discord.Permissions(manage_guild=True).value
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def words(text: str) -> str:
    """``text`` without the seated bots' names (a name is a name in every language)."""
    return re.sub(r"Бот \d+", "", text)


async def private(driver: Driver, payload: dict[str, Any], start: int) -> RecordedRequest:
    rec = await driver.standin.wait_for(
        lambda r: r.matches("POST", f"/webhooks/\\d+/{re.escape(payload['token'])}$"),
        start=start, timeout=30)
    assert int(rec.json.get("flags") or 0) & EPHEMERAL, "only the asker sees it"
    return rec


async def test_hint_and_log_follow_the_readers_locale(standin: DiscordStandin,
                                                      db_path: str) -> None:
    """Issue 24 item 16: "``/hint`` and ``/game log`` answer in the game's language;
    everything only you see is in your own"."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("settings", {"language": "ru"},
                                             subcommand="language", permissions=MANAGER))
        await ephemeral(driver, payload)
        payload, _ = await driver.send(slash(
            "game", {"game": "hagoth", "options": "target=5 hints=yes"}, subcommand="new"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("game", subcommand="addbot"))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start"))
        board = await driver.public_post(payload, start)
        assert CYRILLIC.search(words(text_of(board.json))), "the board is Russian"

        texts: dict[str, dict[str, str]] = {}
        for locale in ("en-US", "cs", "ru"):
            payload, start = await driver.send(slash("hint", locale=locale))
            hint = text_of((await private(driver, payload, start)).json)
            payload, start = await driver.send(slash("game", {"count": 5}, subcommand="log",
                                                     locale=locale))
            log = text_of((await private(driver, payload, start)).json)
            payload, start = await driver.send(slash("game", subcommand="history",
                                                     locale=locale))
            history = (await private(driver, payload, start)).files[0].data.decode()
            texts[locale] = {"hint": hint, "log": log, "history": history}
        for kind in ("hint", "log", "history"):
            assert not CYRILLIC.search(words(texts["en-US"][kind])), (kind, texts["en-US"])
            assert not CYRILLIC.search(words(texts["cs"][kind])), (kind, texts["cs"])
            assert CYRILLIC.search(words(texts["ru"][kind])), (kind, texts["ru"])
            assert texts["en-US"][kind] != texts["cs"][kind], kind
        assert "💡" in texts["en-US"]["hint"] and "Hagoth" in texts["en-US"]["log"]
