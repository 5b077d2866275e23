"""Player names shown literally in everything the bot posts (issue 27 item 2), through the
real discord.py client and the loopback stand-in of Discord.

A display name such as ``**x**``, ``_y_``, ``~~z~~``, ``# h``, ``> q``, ```c```,
``[l](http://a)`` or ``<@123>`` must never format a post nor show a mention: the lobby,
the seat lines, whose turn it is, the account of a move, the watcher list, the one-line
summary an older board keeps, and the result all hold it escaped.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from discord_standin import (
    OTHER_USER_ID,
    DiscordStandin,
    autocomplete,
    custom_ids,
    new_snowflake,
    running_client,
    slash,
    text_of,
)
from tidebound_support import EPHEMERAL, Driver, factory

from bot.discord_front.markup import Names, escape_name
from bot.discord_front.messages import public_kwargs
from bot.service import Update
from i18n import t

#: Issue 27 item 2: the names the brief lists, in two tables of four (Hagoth seats at
#: most four); each table's watchers bear the other table's names.
MARKUP = ["**x**", "_y_", "~~z~~", "# h", "> q", "`c`", "[l](http://a)", "<@123>"]
TABLES = [MARKUP[:4], MARKUP[4:]]
#: How each is written so that Discord shows it literally: a backslash before each
#: markdown character (a heading, a quote, a masked link, a mention broken by one).
ESCAPED = {"**x**": r"\*\*x\*\*", "_y_": r"\_y\_", "~~z~~": r"\~\~z\~\~", "# h": r"\# h",
           "> q": r"\> q", "`c`": r"\`c\`", "[l](http://a)": r"\[l](http://a)",
           "<@123>": r"\<@123>"}


def test_the_escaped_forms() -> None:
    """Issue 27 item 2: each name escaped as Discord needs it (a line start assumed);
    a name without markdown stays as it is; ``@everyone`` and a real mention are broken."""
    assert {name: escape_name(name) for name in MARKUP} == ESCAPED
    assert escape_name("Bot 2 (expert)") == "Bot 2 (expert)"
    assert escape_name("1. a") == r"1\. a"
    assert "@everyone" not in escape_name("@everyone")
    assert escape_name("<@1180000000000000300>").startswith("\\<@")


def named(payload: dict[str, Any], name: str) -> dict[str, Any]:
    """``payload`` from a user whose display name is ``name``."""
    user = (payload.get("member") or {}).get("user") or payload["user"]
    user["global_name"] = name
    return payload


def unescaped(text: str, name: str) -> bool:
    """Whether ``name`` stands in ``text`` as it is, without the backslash that makes
    Discord show it literally (escaped, ``# h`` still reads ``\\# h``)."""
    escaped = ESCAPED[name]
    return re.search(rf"(?<!\\){re.escape(name)}", text.replace(escaped, "")) is not None


def posted_texts(standin: DiscordStandin, start: int = 0) -> list[str]:
    """The words of every message the bot sent or edited since ``start``."""
    texts = []
    for request in standin.requests[start:]:
        body = request.json if isinstance(request.json, dict) else {}
        if "callback" in request.route:
            body = body.get("data") or {}
        if text := text_of(body):
            texts.append(text)
    return texts


@pytest.mark.parametrize("names", TABLES, ids=["table-1", "table-2"])
async def test_names_with_markdown_show_literally_everywhere(
        standin: DiscordStandin, tmp_path: Path, names: list[str]) -> None:
    """Issue 27 item 2: four players and four watchers named in markdown play Hagoth: the
    lobby, the board (seat lines, whose turn, watchers), a move's account and the line an
    older board keeps hold every name escaped and none unescaped; pings stay as they were
    (only the player to act)."""
    driver = Driver(standin)
    watchers = [name for name in MARKUP if name not in names]
    users = {name: new_snowflake() for name in MARKUP}
    channel = new_snowflake()
    standin.channels[channel] = {**standin.channels[standin.channel_id], "id": str(channel)}

    async def send(command: str, fields: dict[str, Any], name: str, **where: Any) -> Any:
        payload, start = await driver.send(named(slash(
            command, fields, user_id=users[name], channel_id=channel, **where), name))
        await driver.callback(payload)
        return payload, start

    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        await send("game", {"game": "hagoth", "options": "target=5"}, names[0],
                   subcommand="new")
        for name in names[1:]:
            await send("game", {}, name, subcommand="join")
        for name in watchers:
            await send("game", {"via": "dm"}, name, subcommand="watch")
        payload, start = await send("game", {}, names[0], subcommand="start")
        first = await driver.public_post(payload, start)
        payload, start = await send("game", {}, names[1], subcommand="status")
        board = await driver.public_post(payload, start)

        assert client.service is not None
        row = await client.service.session_for_channel(str(channel))
        assert row is not None
        (actor,) = await client.service.actors_of(row.id)
        mover = row.seats[actor].name
        payload, _ = await driver.send(named(autocomplete(
            "move", {"move": ""}, "move", user_id=users[mover], channel_id=channel), mover))
        choices = (await driver.callback(payload))["data"]["choices"]
        payload, start = await send("move", {"move": choices[0]["value"]}, mover)
        moved = await driver.public_post(payload, start)
        await standin.wait_for(lambda r: r.matches(
            "PATCH", rf"/channels/{channel}/messages/{board.response['id']}"), timeout=10)

        texts = posted_texts(standin)
        board_text = text_of(board.json)
        for name in names:  # the seat lines and whose turn
            assert ESCAPED[name] in board_text, (name, board_text)
        for name in watchers:  # the watcher list
            assert ESCAPED[name] in board_text, (name, board_text)
        assert ESCAPED[mover] in text_of(moved.json), "the account of the move"
        older = text_of(standin.messages[int(board.response["id"])])
        assert "goes on here" in older and not custom_ids(
            standin.messages[int(board.response["id"])])
        lobby = [text for text in texts if "Hagoth" in text and names[-1] in text.replace(
            "\\", "")]
        assert lobby and all(ESCAPED[names[-1]] in text for text in lobby)
        for text in texts:
            for name in MARKUP:
                assert not unescaped(text, name), (name, text)
        for post in (first, board, moved):  # allowed_mentions as before: only who acts
            mentions = post.json["allowed_mentions"]
            assert not mentions.get("parse") and not mentions.get("roles")
            assert {str(u) for u in mentions.get("users", [])} <= {
                str(users[name]) for name in names}
            assert not int(post.json.get("flags") or 0) & EPHEMERAL


async def test_the_result_and_a_refusal_show_names_literally(
        standin: DiscordStandin, tmp_path: Path) -> None:
    """Issue 27 item 2: the post that ends a game names its winners escaped (the result),
    and so does a refusal naming a player ("Seat 1 is **x**'s, not a bot's")."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        for command, fields in (("new", {"game": "hagoth", "options": "target=5"}),
                                ("addbot", {}), ("start", {})):
            payload, start = await driver.send(named(slash("game", fields,
                                                           subcommand=command), "**x**"))
            await driver.callback(payload)
        await driver.public_post(payload, start)
        payload, _ = await driver.send(named(slash(
            "game", {"seat": 1}, subcommand="takeover", user_id=OTHER_USER_ID), "_y_"))
        refusal = text_of((await driver.callback(payload))["data"])
        assert "not a bot" in refusal and ESCAPED["**x**"] in refusal
        assert not unescaped(refusal, "**x**")

        assert client.service is not None
        row = await client.service.session_for_channel(str(standin.channel_id))
        assert row is not None
        result = t("platform.game.over", "en", winners="**x**", scores="**x** 5, Bot 2 3")
        update = Update(row.id, row.version, "finished", f"**x** wins.\n{result}",
                        game="hagoth")
        content = public_kwargs(await Names(client).shown(update))["content"]
        assert ESCAPED["**x**"] in content and not unescaped(content, "**x**")
