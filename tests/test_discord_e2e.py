"""End to end through the real discord.py library and a loopback stand-in of Discord.

The bot built by :func:`bot.app.create_bot` logs in to ``tests/discord_standin.py``,
syncs its commands and receives INTERACTION_CREATE payloads over the gateway; the
tests assert on the HTTP requests discord.py sends back (issue #2, section 8).
"""

from __future__ import annotations

import re
from typing import Any

from discord_standin import (
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    custom_ids,
    running_client,
    slash,
    text_of,
)
from tidebound_support import (
    EPHEMERAL,
    Driver,
    commands_synced,
    factory,
    first_click,
    open_move_menu,
    play_click,
    png_of,
    start_game,
)

NAME_RE = re.compile(r"^[-_a-z0-9]{1,32}$")
#: Discord's rule for localized names: letters of any language, digits, - and _.
LOCALIZED_NAME_RE = re.compile(r"^[-_\w]{1,32}$")


def check_limits(command: dict[str, Any], depth: int = 0) -> None:
    assert NAME_RE.match(command["name"]), command["name"]
    assert 1 <= len(command["description"]) <= 100, command["description"]
    # Issue 14: localized names and descriptions obey the same rules in every locale.
    for text in (command.get("name_localizations") or {}).values():
        assert LOCALIZED_NAME_RE.match(text) and text == text.lower(), text
    for text in (command.get("description_localizations") or {}).values():
        assert 1 <= len(text) <= 100, text
    options = command.get("options") or []
    assert len(options) <= 25
    for option in options:
        assert len(option.get("choices") or []) <= 25
        check_limits(option, depth + 1)


async def test_command_tree_respects_discord_limits(standin: DiscordStandin, db_path: str) -> None:
    """Section 8: names 1–32 lowercase, descriptions 1–100, ≤ 25 options/choices/subcommands."""
    async with running_client(factory(db_path), standin):
        commands = commands_synced(standin)
    names = {c["name"] for c in commands}
    assert {"game", "hand", "move", "rules"} <= names
    game = next(c for c in commands if c["name"] == "game")
    assert {o["name"] for o in game["options"]} >= {
        "new", "join", "leave", "addbot", "start", "status", "abandon"}
    for command in commands:
        check_limits(command)
    localized = {loc for c in commands for loc in c.get("description_localizations") or {}}
    assert {"ru", "cs"} <= localized  # the Russian and Czech catalogues reach Discord
    move = next(c for c in commands if c["name"] == "move")
    assert move["options"][0]["autocomplete"] is True


async def play_by_autocomplete(driver: Driver, user_id: int = USER_ID) -> RecordedRequest:
    """Ask autocomplete for the legal moves, play the first, return the public post."""
    payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move", user_id=user_id))
    body = await driver.callback(payload)
    assert body["type"] == 8
    choices = body["data"]["choices"]
    assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
    payload, start = await driver.send(slash("move", {"move": choices[0]["value"]},
                                             user_id=user_id))
    assert (await driver.callback(payload))["type"] == 5
    return await driver.public_post(payload, start)


async def test_whole_game_with_bots_and_a_restart(standin: DiscordStandin, db_path: str) -> None:
    """Section 5/8: a short game against two bots, restarted in the middle, to the end."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver)
        post = None
        for _ in range(3):
            post = await play_by_autocomplete(driver)
    assert post is not None
    last_board = standin.messages[int(post.response["id"])]

    # Restart: a new client on the same database; the old board's buttons still work.
    async with running_client(factory(db_path), standin):
        menu, menu_message = await open_move_menu(driver, last_board, session_id)
        post = await play_click(driver, first_click(menu, menu_message))
        png_of(post)

        for _ in range(400):
            content = text_of(post.json)
            if "Game over" in content:
                break
            mentions = post.json["allowed_mentions"]
            assert mentions.get("users", []) in ([], [USER_ID]) and not mentions.get("parse")
            if mentions.get("users"):
                assert f"<@{USER_ID}>" in content
            post = await play_by_autocomplete(driver)
            png_of(post)
        assert "Game over" in text_of(post.json)
        assert post.json["allowed_mentions"] == {"parse": []}, "nobody is pinged at the end"
        # a finished game offers no moves, only its Rematch and replay (issue 16)
        assert [c["custom_id"].rsplit(":", 1)[0] for row in post.json["components"]
                for c in row["components"]] == ["tb:rematch", "tb:replay"]
        # issue 18: the final Hagoth post carries the board and the summary image
        assert [f.filename for f in post.files][-1] == "summary.png"
        assert len(post.files) == 2 and png_of(post).width > 100


async def test_bad_inputs_get_clear_ephemeral_messages(
    standin: DiscordStandin, db_path: str
) -> None:
    """Section 5: stale click, unparsable custom_id, out of turn, illegal move, no game."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        # No game in the channel yet.
        payload, start = await driver.send(slash("move", {"move": "act wood"}))
        assert "no game" in (await driver.ephemeral_text(payload, start)).lower()

        payload, start = await driver.send(
            slash("game", {"game": "hagoth"}, subcommand="new"))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="join",
                                                 user_id=OTHER_USER_ID))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start",
                                                 user_id=OTHER_USER_ID))
        assert "host" in (await driver.ephemeral_text(payload, start)).lower()
        payload, start = await driver.send(slash("game", subcommand="start"))
        post = await driver.public_post(payload, start)
        content = text_of(post.json)
        mover = USER_ID if f"<@{USER_ID}>" in content else OTHER_USER_ID
        waiter = OTHER_USER_ID if mover == USER_ID else USER_ID
        assert post.json["allowed_mentions"]["users"] == [mover]

        # Out of turn.
        payload, start = await driver.send(slash("move", {"move": "act wood"}, user_id=waiter))
        assert "not your turn" in (await driver.ephemeral_text(payload, start)).lower()
        # Notation that does not parse, and a legal-looking but illegal move.
        payload, start = await driver.send(slash("move", {"move": "fly away"}, user_id=mover))
        assert "can't read" in (await driver.ephemeral_text(payload, start))
        payload, start = await driver.send(slash("move", {"move": "act sail 1"}, user_id=mover))
        assert "no ship" in (await driver.ephemeral_text(payload, start))

        board = standin.messages[int(post.response["id"])]
        session_id = int(custom_ids(post.json)[0].rsplit(":", 1)[1])
        # A stale move button (version 0 never exists after start).
        payload, start = await driver.send(
            component(f"tb:mv:{session_id}:0:act wood", user_id=mover))
        assert "changed" in (await driver.ephemeral_text(payload, start))
        # A tampered custom_id.
        payload, start = await driver.send(component("tb:mv:not-a-number", user_id=mover))
        assert "recognise" in (await driver.ephemeral_text(payload, start))
        # A game that does not exist.
        payload, start = await driver.send(component("tb:menu:987654", user_id=mover))
        assert "no longer exists" in (await driver.ephemeral_text(payload, start))
        # Nothing changed: the mover can still play, the first version is still current.
        payload, start = await driver.send(component(f"tb:menu:{session_id}", message=board,
                                                     user_id=mover))
        menu = await standin.wait_for_followup(payload, start=start)
        assert ":1:" in str(menu.json["components"])


async def test_lobby_buttons_hand_rules_and_abandon(standin: DiscordStandin, db_path: str) -> None:
    """Section 5: lobby buttons, /hand is ephemeral with a PNG, /rules, /game abandon rights."""
    import discord

    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("game", {"game": "hagoth"}, subcommand="new"))
        body = await driver.callback(payload)
        lobby = body["data"]
        join = next(c["custom_id"] for row in lobby["components"] for c in row["components"]
                    if ":join:" in c["custom_id"])
        message = standin.messages[int(body["resource"]["message"]["id"])] if body.get(
            "resource") else None
        # Bob joins by clicking the lobby's Join button: the lobby message is updated in place.
        payload, _ = await driver.send(component(join, user_id=OTHER_USER_ID, message=message))
        body = await driver.callback(payload)
        assert body["type"] == 7 and "bob" in text_of(body["data"])

        payload, start = await driver.send(slash("hand"))
        assert "hasn't started" in (await driver.ephemeral_text(payload, start))
        payload, start = await driver.send(slash("game", subcommand="start"))
        await driver.public_post(payload, start)

        payload, start = await driver.send(slash("hand", user_id=OTHER_USER_ID))
        assert (await driver.callback(payload))["data"]["flags"] & EPHEMERAL
        hand = await standin.wait_for_followup(payload, start=start)
        png_of(hand)

        payload, _ = await driver.send(slash("rules", {"game": "hagoth", "topic": "attacks"}))
        body = await driver.callback(payload)
        assert body["data"]["flags"] & EPHEMERAL and "Delay" in text_of(body["data"])

        payload, start = await driver.send(slash("game", subcommand="abandon",
                                                 user_id=OTHER_USER_ID))
        assert "Manage Channels" in (await driver.ephemeral_text(payload, start))
        manager = discord.Permissions(manage_channels=True).value
        payload, start = await driver.send(slash("game", subcommand="abandon",
                                                 user_id=OTHER_USER_ID, permissions=manager))
        post = await driver.public_post(payload, start)
        assert "abandoned" in text_of(post.json) and not post.json.get("components")
