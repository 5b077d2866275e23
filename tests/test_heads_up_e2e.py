""""You're next" (issue 26 item 5) end to end through the real discord.py and the
loopback stand-in: ``/settings reminders heads_up:on`` (off by default, per user), and a
silent DM to the player who acts after the one whose turn began, once per turn; plus
the rule of who gets it (:func:`bot.heads_up.heads_up_seat`)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from discord_standin import (
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    running_client,
    slash,
)
from tidebound_support import Driver, factory

from bot.heads_up import heads_up_seat
from bot.storage_rows import SessionRow

THIRD_USER_ID = 1_180_000_000_000_000_302
SILENT = 1 << 12  # Discord's SUPPRESS_NOTIFICATIONS message flag


async def ephemeral(driver: Driver, payload: dict) -> str:  # type: ignore[type-arg]
    token = re.escape(payload["token"])
    rec = await driver.standin.wait_for(
        lambda r: (r.matches("POST", f"/interactions/\\d+/{token}/callback")
                   and (r.json.get("data") or {}).get("content"))
        or r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original"), timeout=10)
    body = rec.json.get("data", rec.json) if "callback" in rec.path else rec.json
    return str(body.get("content"))


def dms_to(standin: DiscordStandin, user_id: int) -> list[RecordedRequest]:
    """The messages the bot sent to ``user_id``'s DM channel."""
    channels = {cid for cid, ch in standin.channels.items() if ch.get("type") == 1
                and any(int(r["id"]) == user_id for r in ch.get("recipients", []))}
    return [r for r in standin.requests if r.method == "POST" and any(
        r.path.endswith(f"/channels/{cid}/messages") for cid in channels)]


async def start_for_three(driver: Driver, client: Any, standin: DiscordStandin,
                          game: str) -> SessionRow:
    """A game of ``game`` for alice (the host), bob and carol, started and posted."""
    payload, _ = await driver.send(slash("game", {"game": game}, subcommand="new"))
    await driver.callback(payload)
    for user in (OTHER_USER_ID, THIRD_USER_ID):
        payload, _ = await driver.send(slash("game", subcommand="join", user_id=user))
        await driver.callback(payload)
    payload, start = await driver.send(slash("game", subcommand="start"))
    await driver.callback(payload)
    await driver.public_post(payload, start)
    assert client.storage is not None
    row: SessionRow | None = await client.storage.open_session(str(standin.channel_id))
    assert row is not None
    return row


async def play_the_first_move(driver: Driver, user: int) -> None:
    """``user`` plays the first move their ``/move`` autocomplete offers."""
    payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move", user_id=user))
    choices = (await driver.callback(payload))["data"]["choices"]
    payload, start = await driver.send(slash("move", {"move": choices[0]["value"]},
                                             user_id=user))
    await driver.callback(payload)
    await driver.public_post(payload, start)


def test_who_gets_the_heads_up() -> None:
    """Issue 26 item 5, defined: the seat the game names as next, when the only actor is
    pinged now; nobody when the game names nobody (not settled: never seat order), when
    several act at once, when the actor was not pinged (a turn going on, a bot), when the
    next seat is the mover, a bot, or the actor itself."""
    humans = {0, 1, 2}
    assert heads_up_seat({1}, [1], 2, humans) == 2
    assert heads_up_seat({2}, [2], 0, humans) == 0  # round the table
    assert heads_up_seat({1}, [1], 0, humans) == 0  # play runs back (Hexfolk founding)
    assert heads_up_seat({1}, [1], None, humans) is None  # not settled: no guess
    assert heads_up_seat({0, 1}, [0, 1], 2, humans) is None  # several at once
    assert heads_up_seat({1}, [], 2, humans) is None  # no new turn: no ping
    assert heads_up_seat({1}, [1], 2, {0, 1}) is None  # seat 2 is a bot
    assert heads_up_seat({1}, [1], 0, humans, mover=0) is None  # just moved: at the table
    assert heads_up_seat({0}, [0], 0, {0}) is None  # plays again


async def test_heads_up_on_one_silent_dm_a_turn_off_none(standin: DiscordStandin,
                                                         db_path: str) -> None:
    """Issue 26 item 5: carol switches heads_up on, bob on and then off, alice never:
    carol gets exactly one silent DM each time bob's turn begins (bob plays before her in
    Shipyard), bob and alice none; refused cleanly without a choice or with server."""
    standin.add_member(THIRD_USER_ID, "carol")
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("settings", {"heads_up": "on"},
                                             subcommand="reminders", user_id=THIRD_USER_ID))
        assert "is on" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", {"heads_up": "on"},
                                             subcommand="reminders", user_id=OTHER_USER_ID))
        await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", {"heads_up": "off"},
                                             subcommand="reminders", user_id=OTHER_USER_ID))
        assert "is off" in await ephemeral(driver, payload)
        payload, _ = await driver.send(slash("settings", subcommand="reminders"))
        assert "heads_up" in await ephemeral(driver, payload)  # nothing chosen: refused
        payload, _ = await driver.send(slash("settings", subcommand="show",
                                             user_id=THIRD_USER_ID))
        assert "“You're next” DMs: on" in await ephemeral(driver, payload)

        row = await start_for_three(driver, client, standin, "shipyard")
        assert client.service is not None
        users = {s.seat: int(s.user_id or 0) for s in row.seats}
        assert users == {0: USER_ID, 1: OTHER_USER_ID, 2: THIRD_USER_ID}

        starts = {0: 0, 1: 0, 2: 0}  # turns begun per seat (the actor changed)
        (actor,) = await client.service.actors_of(row.id)
        starts[actor] += 1
        for _ in range(40):
            if starts[1] >= 2:
                break
            await play_the_first_move(driver, users[actor])
            actors = await client.service.actors_of(row.id)
            if not actors:
                break  # over
            (now,) = actors
            if now != actor:
                starts[now] += 1
            actor = now
        assert starts[1] >= 1, starts
        for _ in range(100):  # the DMs go out right after each public post
            if len(dms_to(standin, THIRD_USER_ID)) >= starts[1]:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        to_carol = dms_to(standin, THIRD_USER_ID)
        assert len(to_carol) == starts[1], (starts, [r.json for r in to_carol])
        for dm in to_carol:
            assert "You're next" in dm.json["content"] and "bob" in dm.json["content"]
            assert int(dm.json.get("flags") or 0) & SILENT, "a quiet DM"
        assert not dms_to(standin, OTHER_USER_ID), "off: none"
        assert not dms_to(standin, USER_ID), "off by default"


async def test_heads_up_follows_hexfolk_founding_back(standin: DiscordStandin,
                                                      db_path: str) -> None:
    """Issue 26 item 5 (HX-D15): Hexfolk's founding goes 1, 2, 3 and back 3, 2, 1. When
    the second player begins their turn on the way back, the player after them is the
    *first* player, who gets the DM naming them; the third player, who just placed twice,
    gets none, and nobody is told "you're next" after the third player (they play again).
    Seat order (the old rule) told the first player too early, naming the third."""
    standin.add_member(THIRD_USER_ID, "carol")
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        for user in (USER_ID, OTHER_USER_ID, THIRD_USER_ID):
            payload, _ = await driver.send(slash("settings", {"heads_up": "on"},
                                                 subcommand="reminders", user_id=user))
            await ephemeral(driver, payload)
        row = await start_for_three(driver, client, standin, "hexfolk")
        assert client.service is not None
        users = {s.seat: int(s.user_id or 0) for s in row.seats}
        name = {s.seat: s.name for s in row.seats}
        (first,) = await client.service.actors_of(row.id)
        second, third = (first + 1) % 3, (first + 2) % 3
        turns = [first]  # whose turn, each time it changes hands
        for _ in range(40):
            if turns == [first, second, third, second, first]:
                break
            await play_the_first_move(driver, users[turns[-1]])
            (now,) = await client.service.actors_of(row.id)
            if now != turns[-1]:
                turns.append(now)
        assert turns == [first, second, third, second, first], turns
        for _ in range(100):  # the DMs go out right after each public post
            if dms_to(standin, users[first]):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        told = {seat: [dm.json["content"] for dm in dms_to(standin, users[seat])]
                for seat in (first, second, third)}
        assert len(told[first]) == 1 and name[second] in told[first][0], told
        assert name[third] not in told[first][0], told
        assert len(told[second]) == 1 and name[first] in told[second][0], told
        assert len(told[third]) == 1 and name[second] in told[third][0], told
