"""Issue 16 end to end through real discord.py and the loopback stand-in: /hint, /game log,
/game history, /game undo, the final post's "Watch the replay" and Rematch buttons,
confirming a rematch seat, /stats and /leaderboard."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from discord_standin import (
    OTHER_USER_ID,
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    UserArg,
    component,
    running_client,
    slash,
    text_of,
)
from PIL import Image
from tidebound_support import EPHEMERAL, Driver, factory, png_of

from bot.app import TideboundClient
from bot.service import Person
from games import get_ruleset
from renderers.animation import MAX_BYTES

HAGOTH = get_ruleset("hagoth")
NAMES = {USER_ID: "alice", OTHER_USER_ID: "bob"}


async def followup(driver: Driver, payload: dict[str, Any], start: int,
                   timeout: float = 60) -> RecordedRequest:
    """The (ephemeral) followup message an interaction produced."""
    return await driver.standin.wait_for(
        lambda r: r.matches("POST", f"/webhooks/\\d+/{re.escape(payload['token'])}$"),
        start=start, timeout=timeout)


async def to_act(client: TideboundClient, session_id: int) -> tuple[int, Any]:
    """The user id whose turn it is, and the state."""
    assert client.service is not None
    row = await client.service.storage.get(session_id)
    assert row is not None and row.state is not None
    state = HAGOTH.load(json.loads(row.state))
    seat = min(HAGOTH.actors(state))
    return int(row.seats[seat].user_id or 0), state


async def play(driver: Driver, user_id: int, notation: str) -> RecordedRequest:
    payload, start = await driver.send(slash("move", {"move": notation}, user_id=user_id))
    assert (await driver.callback(payload))["type"] == 5
    return await driver.public_post(payload, start)


async def test_memory_of_a_game_in_discord(standin: DiscordStandin, db_path: str) -> None:
    """Issue 16, "Everything end to end through the Discord stand-in"."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin) as client:
        payload, _ = await driver.send(slash("game", {"game": "hagoth",
                                                      "options": "target=5 hints=yes"},
                                             subcommand="new"))
        body = await driver.callback(payload)
        assert "hints=yes" in text_of(body["data"])
        session_id = int(body["data"]["components"][0]["components"][0]["custom_id"]
                         .rsplit(":", 1)[1])
        payload, _ = await driver.send(slash("game", subcommand="join", user_id=OTHER_USER_ID))
        await driver.callback(payload)
        payload, start = await driver.send(slash("game", subcommand="start"))
        await driver.callback(payload)
        await driver.public_post(payload, start)

        # /hint: only for the player to act, only to them
        mover, state = await to_act(client, session_id)
        waiting = OTHER_USER_ID if mover == USER_ID else USER_ID
        payload, start = await driver.send(slash("hint", user_id=mover))
        hint = await followup(driver, payload, start)
        assert int(hint.json.get("flags") or 0) & EPHEMERAL and "💡" in text_of(hint.json)
        payload, start = await driver.send(slash("hint", user_id=waiting))
        assert "not your turn" in text_of((await followup(driver, payload, start)).json)

        # a move, then /game undo by the other player: refused, to them only
        await play(driver, mover, HAGOTH.notate_action(state, HAGOTH.bot_action(state, 0 if
                   mover == USER_ID else 1)))
        payload, start = await driver.send(slash("game", subcommand="undo",
                                                 user_id=waiting))
        assert (await driver.callback(payload))["type"] == 5

        # a free rearrangement, taken back with /game undo: posted for everybody
        from games.hagoth.actions import MoveSegment

        assert client.service is not None
        channel = str(payload["channel_id"])
        for _ in range(300):
            user, state = await to_act(client, session_id)
            seat = min(HAGOTH.actors(state))
            free = [a for a in HAGOTH.legal_actions(state, seat) if isinstance(a, MoveSegment)]
            if free:
                break
            await client.service.move(channel, _person(user), HAGOTH.notate_action(
                state, HAGOTH.bot_action(state, seat)))
        assert free, "no rearrangement came up"
        await play(driver, user, HAGOTH.notate_action(state, free[0]))
        payload, start = await driver.send(slash("game", subcommand="undo", user_id=user))
        assert (await driver.callback(payload))["type"] == 5
        undone = await driver.public_post(payload, start)
        assert f"{NAMES[user]} takes back" in text_of(undone.json)
        png_of(undone)

        # /game log and /game history while in play: public words, no seed
        payload, start = await driver.send(slash("game", {"count": 5}, subcommand="log"))
        log = await followup(driver, payload, start)
        assert int(log.json.get("flags") or 0) & EPHEMERAL and "1. [" in text_of(log.json)
        payload, start = await driver.send(slash("game", subcommand="history"))
        history = await followup(driver, payload, start)
        text = history.files[0].data.decode()
        assert history.files[0].filename.endswith(".txt") and "seed = -" in text

        # play to the end: quickly through the service, the last move through Discord
        final = None
        for _ in range(2000):
            user, state = await to_act(client, session_id)
            seat = min(HAGOTH.actors(state))
            action = HAGOTH.bot_action(state, seat)
            trial = HAGOTH.load(HAGOTH.dump(state))
            HAGOTH.apply(trial, seat, action)
            notation = HAGOTH.notate_action(state, action)
            if HAGOTH.result(trial) is not None:
                final = await play(driver, user, notation)
                break
            await client.service.move(channel, _person(user), notation)
        assert final is not None and "Game over" in text_of(final.json)
        png_of(final)
        buttons = [c["custom_id"] for row in final.json["components"]
                   for c in row["components"]]
        assert buttons == [f"tb:rematch:{session_id}", f"tb:replay:{session_id}"]
        final_message = standin.messages[int(final.response["id"])]

        # Watch the replay: an animated GIF of the public boards, under 8 MB
        payload, start = await driver.send(component(f"tb:replay:{session_id}",
                                                     message=final_message))
        gif_post = await followup(driver, payload, start, timeout=300)  # a whole game drawn
        gif = gif_post.files[0]
        assert gif.filename.endswith(".gif") and len(gif.data) <= MAX_BYTES
        with Image.open(io.BytesIO(gif.data)) as image:
            assert image.format == "GIF" and image.n_frames > 5

        # the history of the finished game has its seed and replays
        payload, start = await driver.send(slash("game", subcommand="history"))
        text = (await followup(driver, payload, start)).files[0].data.decode()
        assert "seed = -" not in text and "result = " in text

        # Rematch: the same seats, the other player confirms with Join
        payload, start = await driver.send(component(f"tb:rematch:{session_id}",
                                                     message=final_message,
                                                     user_id=OTHER_USER_ID))
        lobby = (await driver.callback(payload))["data"]
        assert "rematch" in lobby["content"] and "to confirm" in lobby["content"]
        join = lobby["components"][0]["components"][0]["custom_id"]
        assert join.startswith("tb:lobby:join:") and join != f"tb:lobby:join:{session_id}"
        payload, start = await driver.send(component(join, user_id=USER_ID))
        confirmed = (await driver.callback(payload))["data"]["content"]
        assert "alice confirms" in confirmed and "to confirm" not in confirmed

        # /stats and /leaderboard of this server
        payload, start = await driver.send(slash("stats", {"player": UserArg(OTHER_USER_ID)}))
        stats = (await driver.callback(payload))["data"]["content"]
        assert "bob" in stats and "1 game among humans" in stats
        payload, start = await driver.send(slash("leaderboard", {"game": "hagoth"}))
        board = (await driver.callback(payload))["data"]["content"]
        assert "Leaderboard" in board and "alice" in board and "bob" in board


def _person(user_id: int) -> Person:
    return Person(str(user_id), NAMES[user_id])
