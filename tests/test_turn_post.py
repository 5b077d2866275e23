"""The living turn post, watchers, group DMs and localized command names (issue 27 items
1, 4, 5, 6), through the real discord.py client and the loopback stand-in of Discord."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from discord_standin import (
    FLAG_COMPONENTS_V2,
    OTHER_USER_ID,
    TOKEN_LIFETIME,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    custom_ids,
    message_problems,
    new_snowflake,
    running_client,
    slash,
    text_of,
    walk_components,
)
from tidebound_support import (
    EPHEMERAL,
    Driver,
    commands_synced,
    factory,
    read_session,
    slow_board_edits,
    start_game,
)

from bot.discord_front.messages import public_kwargs
from bot.discord_front.translator import valid_name
from bot.discord_front.turn_post import MAX_COMPONENTS, MAX_DESCRIPTION, MAX_TEXT
from bot.service import Update
from bot.sessions import Loaded
from bot.storage import SeatRow, SessionRow, Storage
from bot.updates import seat_lines
from games import get_ruleset


def v2_payload(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The message body discord.py would send for ``public_kwargs``' V2 answer."""
    return {"flags": FLAG_COMPONENTS_V2, "components": kwargs["view"].to_components(),
            "attachments": [{"id": i, "filename": f.filename}
                            for i, f in enumerate(kwargs["files"])]}


async def status_post(driver: Driver, **fields: Any) -> Any:
    payload, start = await driver.send(slash("game", subcommand="status", **fields))
    await driver.callback(payload)
    return await driver.public_post(payload, start)


# -- item 1: one living board ------------------------------------------------------------

async def test_the_turn_post_is_one_components_v2_container(standin: DiscordStandin,
                                                            tmp_path: Path) -> None:
    """Issue 27 item 1: the board in a media gallery, the ping and the deadline as a
    Discord timestamp, the account, a line per seat, the restart-proof buttons; no
    ``content`` (the stand-in refuses a V2 body that breaks Discord's rules)."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin):
        session_id = await start_game(driver, options="clock=24h target=5", bots=1)
        post = next(r for r in reversed(standin.requests) if r.matches(
            "POST", r"/webhooks/\d+/[^/]+$") and not int(r.json.get("flags") or 0) & EPHEMERAL)
        body = post.json
        assert body["flags"] & FLAG_COMPONENTS_V2 and not body.get("content")
        assert message_problems(body, [f.filename for f in post.files]) == []
        [container] = body["components"]
        assert container["type"] == 17
        gallery = container["components"][0]
        assert gallery["type"] == 12
        assert gallery["items"][0]["media"]["url"] == "attachment://board.png"
        assert [f.filename for f in post.files] == ["board.png"]
        text = text_of(body)
        assert f"<@{USER_ID}>" in text and re.search(r"<t:\d+:R>", text)
        assert "Seats" in text and "alice" in text and "point" in text
        assert body["allowed_mentions"]["users"] == [str(USER_ID)] or \
            body["allowed_mentions"]["users"] == [USER_ID]
        ids = custom_ids(body)
        assert f"tb:menu:{session_id}" in ids and f"tb:hand:{session_id}" in ids


async def test_the_previous_turn_post_is_edited_down_to_a_link(standin: DiscordStandin,
                                                               tmp_path: Path) -> None:
    """Issue 27 item 1: when a new board goes up, the older one becomes one line linking
    to it (no image, no buttons); after a restart the stored last post is still found."""
    driver = Driver(standin)
    db = str(tmp_path / "t.db")
    async with running_client(factory(db), standin):
        await start_game(driver, options="target=5", bots=1)
        first = next(r for r in reversed(standin.requests) if r.matches(
            "POST", r"/webhooks/\d+/[^/]+$") and not int(r.json.get("flags") or 0) & EPHEMERAL)
        first_id = int(first.response["id"])
        start = standin.mark()
        second = await status_post(driver)
        second_id = int(second.response["id"])
        edit = await standin.wait_for(lambda r: r.matches(
            "PATCH", rf"/channels/\d+/messages/{first_id}"), start=start, timeout=10)
        assert edit.status == 200
        old = standin.messages[first_id]
        assert old["attachments"] == [] and custom_ids(old) == []
        assert f"/{second_id}" in text_of(old) and "goes on here" in text_of(old)
        assert custom_ids(standin.messages[second_id]), "the new board keeps its buttons"
        assert not any(r.matches("PATCH", rf"/webhooks/\d+/[^/]+/messages/{first_id}")
                       for r in standin.requests[start:]), \
            "in a server the bot edits through the channel, never an interaction's token"
    async with running_client(factory(db), standin):
        start = standin.mark()
        third = await status_post(driver)
        await standin.wait_for(lambda r: r.matches(
            "PATCH", rf"/channels/\d+/messages/{second_id}"), start=start, timeout=10)
        assert f"/{third.response['id']}" in text_of(standin.messages[second_id])


async def test_a_shutdown_lets_the_post_being_recorded_finish(
        standin: DiscordStandin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27 item 1 across a restart: the bot stops just as a board went out. The
    handler still records that post before the database closes, so the next board after
    the restart edits *that* one down (it once raced the shutdown and edited an older
    post, leaving two boards with live buttons)."""
    slow_board_edits(monkeypatch)
    driver = Driver(standin)
    db = str(tmp_path / "t.db")
    async with running_client(factory(db), standin):
        session_id = await start_game(driver, options="target=5", bots=1)
        second = await status_post(driver)  # leave at once: its handler is still running
    row, _, _ = await read_session(db, session_id)
    assert row.last_post == str(second.response["id"])
    async with running_client(factory(db), standin):
        start = standin.mark()
        third = await status_post(driver)
        await standin.wait_for(lambda r: r.matches(
            "PATCH", rf"/channels/\d+/messages/{second.response['id']}"), start=start,
            timeout=10)
        assert f"/{third.response['id']}" in text_of(standin.messages[int(second.response["id"])])


async def group_dm_game(driver: Driver) -> tuple[dict[str, Any], RecordedRequest]:
    """alice opens a Hagoth game in a group DM (a user-installed app, context 2), bob
    joins, alice starts it: where to send the next commands, and the first board."""
    here: dict[str, Any] = {"guild_id": None, "channel_id": new_snowflake(),
                            "private_channel": True}
    for command, fields, user in (("new", {"game": "hagoth", "options": "target=5"}, USER_ID),
                                  ("join", {}, OTHER_USER_ID), ("start", {}, USER_ID)):
        payload, start = await driver.send(slash("game", fields, subcommand=command,
                                                 user_id=user, **here))
        await driver.callback(payload)
    return here, await driver.public_post(payload, start)


async def move_in(driver: Driver, client: Any, here: dict[str, Any]) -> RecordedRequest:
    """Whoever must act plays their first legal move by ``/move`` there: its board."""
    row = await client.service.session_for_channel(str(here["channel_id"]))
    (actor,) = await client.service.actors_of(row.id)
    user = int(row.seats[actor].user_id)
    payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move", user_id=user,
                                                **here))
    choices = (await driver.callback(payload))["data"]["choices"]
    payload, start = await driver.send(slash("move", {"move": choices[0]["value"]},
                                             user_id=user, **here))
    await driver.callback(payload)
    return await driver.public_post(payload, start)


def webhook_edit(post: RecordedRequest) -> str:
    """The route that edits ``post`` (a followup) through its interaction's token."""
    return re.escape(post.route) + rf"/messages/{post.response['id']}"


def edited(post: RecordedRequest) -> Callable[[RecordedRequest], bool]:
    """Whether a request edits ``post`` through its interaction's token."""
    route = webhook_edit(post)
    return lambda request: request.matches("PATCH", route)


async def test_in_a_group_dm_the_previous_board_is_edited_through_its_interaction(
        standin: DiscordStandin, tmp_path: Path) -> None:
    """Issue 27 item 1 in a group DM: the app is no member (the channel refuses it,
    403), but each board answered an interaction whose token stays valid 15 minutes; two
    moves within them leave the older boards edited down to one line linking to the
    newer one, through each board's own interaction webhook, never the channel."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        here, first = await group_dm_game(driver)
        second = await move_in(driver, client, here)
        third = await move_in(driver, client, here)
        group = here["channel_id"]
        for older, newer in ((first, second), (second, third)):
            edit = await standin.wait_for(edited(older), timeout=10)
            assert edit.status == 200, edit.response
            old = standin.messages[int(older.response["id"])]
            assert old["attachments"] == [] and custom_ids(old) == []
            assert f"/@me/{group}/{newer.response['id']}" in text_of(old)
            assert "goes on here" in text_of(old)
        assert custom_ids(standin.messages[int(third.response["id"])]), "the live board"
        assert not any(r.route.startswith(f"/channels/{group}/messages/")
                       for r in standin.requests), "the channel is never asked to edit"


async def test_in_a_group_dm_a_board_older_than_15_minutes_is_left_alone(
        standin: DiscordStandin, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 27 item 1: once the interaction a board answered is 15 minutes old, its token
    is dead (Discord answers 401): the bot does not try it, logs at INFO, and the game goes
    on; a board still within its 15 minutes is edited down."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        here, first = await group_dm_game(driver)
        second = await move_in(driver, client, here)
        await standin.wait_for(edited(first), timeout=10)
        later = time.time() + TOKEN_LIFETIME + 60
        assert client.service is not None
        standin.now = client.service.now = lambda: later
        start = standin.mark()
        with caplog.at_level(logging.INFO, logger="tidebound.discord"):
            third = await move_in(driver, client, here)
            for _ in range(40):  # the edit would follow the post at once
                if "has expired" in caplog.text:
                    break
                await asyncio.sleep(0.05)
        assert f"previous turn post {second.response['id']} was not edited" in caplog.text
        assert not any(r.method == "PATCH" and r.route.endswith(
            f"/messages/{second.response['id']}") for r in standin.requests[start:])
        kept = standin.messages[int(second.response["id"])]
        assert custom_ids(kept) and kept["attachments"], "the older board stays as it was"
        assert custom_ids(standin.messages[int(third.response["id"])])
        row = await client.service.session_for_channel(str(here["channel_id"]))
        assert row is not None and row.status == "active"


def test_the_worst_turn_post_keeps_discords_limits() -> None:
    """Issue 27 item 1: eight seats with 32-character names, ten public buttons with the
    longest labels, many watchers, the longest account, in Russian: within 40 components
    and 4000 characters, and every rule the stand-in checks."""
    long = "Ж" * 32
    hexfolk = get_ruleset("hexfolk")
    row = SessionRow(id=7, channel_id="1", guild_id=None, game="hexfolk", options={},
                     status="active", host_id="u0", locale="ru", seed=0, state=None,
                     version=3, created_at=0.0, updated_at=0.0,
                     seats=[SeatRow(i, f"{long[:-1]}{i}", f"u{i}") for i in range(8)])
    seats = seat_lines(Loaded(row, hexfolk, hexfolk.setup(8, {}, 1)))
    assert len(seats) == 8 and all("карт в руке" in line for line in seats)
    update = Update(
        7, 3, "active", "Ход " * 600, b"\x89PNG fake", mentions=tuple(
            str(new_snowflake()) for _ in range(8)), game="hexfolk", deadline=time.time(),
        public_buttons=tuple((long * 3, f"trade {i}") for i in range(10)),
        locale="ru", seat_lines=seats, image_description="Д" * 5000,
        watchers=tuple((str(new_snowflake()), long, "mention" if i % 2 else "dm")
                       for i in range(40)))
    kwargs = public_kwargs(update)
    body = v2_payload(kwargs)
    assert message_problems(body, ["board.png"]) == []
    every = list(walk_components(body["components"]))
    assert len(every) <= MAX_COMPONENTS
    assert sum(len(c["content"]) for c in every if c["type"] == 10) <= MAX_TEXT
    gallery = next(c for c in every if c["type"] == 12)
    assert len(gallery["items"][0]["description"]) == MAX_DESCRIPTION
    # 10 public buttons + ours: Your moves, Your hand, Rules, Plans (Hexfolk offers plans)
    assert len([c for c in every if c["type"] == 2]) == 14


def test_the_stand_in_refuses_what_discord_refuses() -> None:
    """Issue 27 tests: the stand-in checks V2 flags, nesting and limits."""
    text = {"type": 10, "content": "x"}
    assert message_problems({"flags": FLAG_COMPONENTS_V2, "content": "hi",
                             "components": [text]})
    assert message_problems({"flags": FLAG_COMPONENTS_V2,
                             "components": [{"type": 17, "components": [text] * 40}]})
    assert message_problems({"flags": FLAG_COMPONENTS_V2,
                             "components": [{"type": 10, "content": "x" * 4001}]})
    assert message_problems({"flags": FLAG_COMPONENTS_V2, "components": [{"type": 12, "items": [
        {"media": {"url": "attachment://board.png"}}]}]}), "a file never uploaded"
    assert message_problems({"components": [text]}), "V2 components need the flag"
    nested = {"type": 17, "components": [{"type": 17, "components": [text]}]}
    assert message_problems({"flags": FLAG_COMPONENTS_V2, "components": [nested]}), \
        "no container in a container"
    assert message_problems({"flags": 0, "components": []}, was_v2=True, creating=False)
    assert not message_problems({"flags": FLAG_COMPONENTS_V2, "components": [
        {"type": 17, "components": [text, {"type": 1, "components": [
            {"type": 2, "style": 1, "label": "a", "custom_id": "a"}]}]}]})


# -- item 5: watchers ----------------------------------------------------------------------

async def test_watch_by_mention_then_dm_then_off(standin: DiscordStandin,
                                                 tmp_path: Path) -> None:
    """Issue 27 item 5: a watcher is mentioned in the turn post and listed on it, or told
    by DM (only a link to the public post); ``via:off`` stops it; a seated player need
    not watch; the watchers are stored."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        session_id = await start_game(driver, options="target=5", bots=1)
        payload, start = await driver.send(slash("game", {"via": "mention"},
                                                 subcommand="watch", user_id=OTHER_USER_ID))
        assert "watch this game" in await driver.ephemeral_text(payload, start)
        payload, start = await driver.send(slash("game", subcommand="watch"))
        assert "have a seat" in await driver.ephemeral_text(payload, start)
        assert client.storage is not None
        assert await client.storage.watchers(session_id) == [
            (str(OTHER_USER_ID), "bob", "mention")]

        post = await status_post(driver)
        assert f"Watching: <@{OTHER_USER_ID}>" in text_of(post.json)
        assert str(OTHER_USER_ID) in [str(u) for u in post.json["allowed_mentions"]["users"]]

        payload, start = await driver.send(slash("game", {"via": "dm"}, subcommand="watch",
                                                 user_id=OTHER_USER_ID))
        assert "by DM" in await driver.ephemeral_text(payload, start)
        start = standin.mark()
        post = await status_post(driver)
        assert "Watching: bob" in text_of(post.json)
        assert str(OTHER_USER_ID) not in [str(u) for u in
                                          post.json["allowed_mentions"].get("users", [])]
        dm = await standin.wait_for(lambda r: r.matches("POST", r"/channels/\d+/messages")
                                    and "A new turn" in text_of(r.json), start=start,
                                    timeout=10)
        assert f"/{post.response['id']}" in text_of(dm.json) and not dm.files

        payload, start = await driver.send(slash("game", {"via": "off"}, subcommand="watch",
                                                 user_id=OTHER_USER_ID))
        assert "no longer watch" in await driver.ephemeral_text(payload, start)
        assert await client.storage.watchers(session_id) == []
        post = await status_post(driver)
        assert "Watching" not in text_of(post.json)


# -- item 4: user installs, DMs and group DMs ---------------------------------------------

async def test_install_types_and_contexts_are_synced(standin: DiscordStandin,
                                                     tmp_path: Path) -> None:
    """Issue 27 item 4: installable by servers and users; /game and /move in servers, the
    bot's DM and group DMs; the server settings not in group DMs."""
    async with running_client(factory(str(tmp_path / "t.db")), standin):
        commands = {c["name"]: c for c in commands_synced(standin)}
    assert all(sorted(c["integration_types"]) == [0, 1] for c in commands.values())
    assert sorted(commands["game"]["contexts"]) == [0, 1, 2]
    assert sorted(commands["move"]["contexts"]) == [0, 1, 2]
    assert sorted(commands["settings"]["contexts"]) == [0, 1]


async def test_a_game_in_a_guild_a_dm_and_a_group_dm(standin: DiscordStandin,
                                                     tmp_path: Path) -> None:
    """Issue 27 item 4: /game works in a server channel, the bot's DM and a group DM; in a
    group DM the lobby says what does not work there, the answer to each command is the
    board, and a turn clock that runs out there (the bot cannot post) does not end the
    game: the player to act is told by DM."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin) as client:
        for where in ({}, {"guild_id": None, "channel_id": new_snowflake()}):
            payload, start = await driver.send(slash("game", {"game": "hagoth"},
                                                     subcommand="new", **where))
            assert "opened a game" in text_of((await driver.callback(payload))["data"])
        group = new_snowflake()
        here = {"guild_id": None, "channel_id": group, "private_channel": True}
        payload, start = await driver.send(slash(
            "game", {"game": "hagoth", "options": "clock=24h target=5"}, subcommand="new",
            **here))
        assert "opened a game" in text_of((await driver.callback(payload))["data"])
        note = await standin.wait_for_followup(payload, start=start)
        assert "group DM" in text_of(note.json)
        payload, start = await driver.send(slash("game", subcommand="addbot", **here))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start", **here))
        await driver.callback(payload)
        board = await driver.public_post(payload, start)
        assert board.json["flags"] & FLAG_COMPONENTS_V2 and f"<@{USER_ID}>" in text_of(
            board.json)
        board = await status_post(driver, **here)
        assert board.files, "the board answers the command"

        assert client.service is not None and client.storage is not None
        row = await client.service.session_for_channel(str(group))
        assert row is not None and row.guild_id is None
        start = standin.mark()
        later = time.time() + 24 * 3600 + 5
        client.service.now = lambda: later
        client.service.deadline_changed.set()
        told = await standin.wait_for(lambda r: r.matches("POST", r"/channels/\d+/messages")
                                      and "your move" in text_of(r.json), start=start,
                                      timeout=10)
        assert "/game status" in text_of(told.json)
        assert not any(r.matches("POST", rf"/channels/{group}/messages") and r.status == 200
                       for r in standin.requests[start:])
        row = await client.storage.get(row.id)
        assert row is not None and row.status == "active", "the game goes on"
        payload, start = await driver.send(slash("game", subcommand="status", **here))
        await driver.callback(payload)
        kept = await driver.public_post(payload, start)
        assert "time ran out" in text_of(kept.json), "the next command shows what happened"


# -- item 6: command names in Russian and Czech ------------------------------------------

async def test_every_command_and_option_name_is_localized_by_discords_rules(
        standin: DiscordStandin, tmp_path: Path) -> None:
    """Issue 27 item 6: every command, subcommand and option name has a Russian and a
    Czech name, lowercase, 1–32 letters, digits, - or _, unique within its level."""
    async with running_client(factory(str(tmp_path / "t.db")), standin):
        commands = commands_synced(standin)

    def check_level(items: list[dict[str, Any]], where: str) -> None:
        for locale in ("ru", "cs"):
            names = []
            for item in items:
                name = (item.get("name_localizations") or {}).get(locale)
                assert name, f"{where} {item['name']}: no {locale} name"
                assert valid_name(name) and re.fullmatch(r"[-_\w]{1,32}", name), name
                names.append(name)
            assert len(names) == len(set(names)), f"{where} ({locale}): {names}"
        for item in items:
            if item.get("options"):
                check_level(item["options"], f"{where} {item['name']}")

    check_level(commands, "/")
    assert valid_name("мои-игры") and not valid_name("Hra") and not valid_name("a b")


async def test_watchers_are_stored_on_both_databases(database: str) -> None:
    """Issue 27 item 5: the watchers table (migration 7) on SQLite and PostgreSQL: watch,
    change the way, unwatch; a deleted session takes its watchers along."""
    storage = await Storage.open(database)
    try:
        row = await storage.create_session(channel_id="9", guild_id=None, game="hagoth",
                                           options={}, host=SeatRow(0, "ann", "1"))
        await storage.watch(row.id, "2", "bob", "mention")
        await storage.watch(row.id, "3", "cid", "dm")
        await storage.watch(row.id, "2", "bob", "dm")
        assert await storage.watchers(row.id) == [("2", "bob", "dm"), ("3", "cid", "dm")]
        assert await storage.unwatch(row.id, "2") and not await storage.unwatch(row.id, "2")
        assert await storage.watchers(row.id) == [("3", "cid", "dm")]
        with pytest.raises(ValueError):
            await storage.watch(row.id, "4", "dan", "loudly")
    finally:
        await storage.close()


async def test_the_turn_post_has_rules_and_plans_buttons(standin: DiscordStandin,
                                                         tmp_path: Path) -> None:
    """Issue 27 item 1: the turn post's buttons are "Your moves, Your hand, Rules, and Plans
    once they exist": Rules on every board, answered privately with the game's rules;
    Plans where the game offers plans (Lovci pokladů does, Hagoth does not)."""
    driver = Driver(standin)
    async with running_client(factory(str(tmp_path / "t.db")), standin):
        session_id = await start_game(driver, options="target=5", bots=1)
        board = next(r for r in reversed(standin.requests) if r.matches(
            "POST", r"/webhooks/\d+/[^/]+$") and not int(r.json.get("flags") or 0) & EPHEMERAL)
        ids = custom_ids(board.json)
        assert f"tb:rules:{session_id}" in ids
        assert f"tb:plans:{session_id}" not in ids  # Hagoth offers no plans
        message = standin.messages[int(board.response["id"])]
        payload, _ = await driver.send(component(f"tb:rules:{session_id}", message=message))
        answer = await driver.callback(payload)
        assert answer["type"] == 4 and answer["data"]["flags"] & EPHEMERAL
        assert "Hagoth" in answer["data"]["content"]
    async with running_client(factory(str(tmp_path / "l.db")), standin):
        session_id = await start_game(driver, game="lovci-pokladu", options="", bots=1)
        board = next(r for r in reversed(standin.requests) if r.matches(
            "POST", r"/webhooks/\d+/[^/]+$") and not int(r.json.get("flags") or 0) & EPHEMERAL)
        assert f"tb:plans:{session_id}" in custom_ids(board.json)
