"""Every interaction gets an answer, through real discord.py (issue 7, defect 3, item 6).

Random and tampered custom ids are answered and change nothing. A handler that fails
unexpectedly still answers ephemerally ("something went wrong; nothing was changed"),
and a move that was already stored is posted even when its board cannot be drawn or
its message cannot be built ("your move was saved; the board could not be drawn").
The token never shows in ``repr(Config)`` nor in the logs at DEBUG level.
"""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import pytest
from discord_standin import (
    FAKE_TOKEN,
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
from game_positions import LONG, RULESET_IDS
from tidebound_support import EPHEMERAL, Driver, factory, read_session, start_game

import renderers
from bot.app import create_bot
from bot.config import Config
from bot.discord_front import commands
from bot.service import SessionService

CUSTOM_IDS = 400 if LONG else 30


async def answer_of(standin: DiscordStandin, payload: dict[str, Any],
                    start: int) -> RecordedRequest:
    """The answer the user sees: the callback, or after a deferral its followup/edit."""
    callback = await standin.wait_for_callback(payload, timeout=10)
    if callback.json["type"] not in (5, 6):  # not deferred: the callback is the answer
        return callback
    token = re.escape(payload["token"])
    return await standin.wait_for(
        lambda r: r.matches("POST", f"/webhooks/\\d+/{token}")
        or r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original"),
        start=start, timeout=10)


def _content(rec: RecordedRequest) -> str:
    body = rec.json.get("data", rec.json) if "callback" in rec.path else rec.json
    return str(body.get("content") or "")


def random_custom_id(rng: random.Random, session_id: int, version: int) -> str:
    garbage = "".join(rng.choice("abcdefghij XYZ:0123456789-_²é🙂") for _ in range(
        rng.randrange(0, 30)))
    ver = rng.choice((version, version - 1, 0, 10**17, rng.randrange(1, 10**6)))
    sid = rng.choice((session_id, session_id + 1, 10**17))
    shapes = [
        garbage, "tb:" + garbage, f"tb:mv:{sid}:{ver}:{garbage or 'x'}",
        f"tb:mv:{session_id}:{version}:zz {garbage}", f"tb:ms:{sid}:{ver}:{rng.randrange(10)}",
        f"tb:pub:{sid}:{ver}:{garbage or 'accept'}", f"tb:lobby:join:{sid}",
        f"tb:lobby:start:{session_id}", f"tb:menu:{sid}", f"tb:hand:{sid}",
        f"tb:menu:{sid}:{garbage[:5]}", "tb:mv:" + "9" * 90, "x" * 100,
    ]
    return rng.choice(shapes)[:100]


@pytest.mark.parametrize("game", RULESET_IDS)
async def test_random_custom_ids_are_answered_and_change_nothing(
    standin: DiscordStandin, db_path: str, game: str
) -> None:
    """Issue 7: "Random custom ids through the Discord stand-in" — each gets an answer,
    and the game is exactly where it was."""
    driver = Driver(standin)
    rng = random.Random(game)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver, game=game, options="", bots=1)
        before, log_before, _ = await read_session(db_path, session_id)
        for _ in range(CUSTOM_IDS):
            custom_id = random_custom_id(rng, session_id, before.version)
            select = custom_id.startswith("tb:ms:") or rng.random() < 0.2
            values = [rng.choice(("zz", "", "act", "x" * 100))]
            payload = component(custom_id, 3 if select else 2, values if select else None,
                                user_id=rng.choice((USER_ID, OTHER_USER_ID)))
            start = standin.mark()
            await standin.deliver_interaction(payload)
            answer = await answer_of(standin, payload, start)
            assert answer.status < 400, f"{custom_id!r}: {answer}"
        after, log_after, replays = await read_session(db_path, session_id)
    assert (after.version, after.state, log_after) == (before.version, before.state,
                                                         log_before)
    assert replays


async def test_an_unexpected_failure_is_answered_and_the_game_goes_on(
    standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Issue 7, defect 3: "Any other exception in a handler must still get an ephemeral
    'something went wrong; nothing was changed' ... logged with the session id, and the
    game must go on." For commands, autocomplete and components alike."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver)
        before, _, _ = await read_session(db_path, session_id)

        def boom(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("a bug")

        with monkeypatch.context() as patch, caplog.at_level(logging.ERROR, "tidebound"):
            patch.setattr(SessionService, "move", boom)
            patch.setattr(SessionService, "choices", boom)
            patch.setattr(SessionService, "status", boom)
            for payload in (slash("move", {"move": "act wood"}),
                            slash("game", subcommand="status"),
                            component(f"tb:menu:{session_id}"),
                            component(f"tb:mv:{session_id}:{before.version}:act wood")):
                start = standin.mark()
                await standin.deliver_interaction(payload)
                answer = await answer_of(standin, payload, start)
                assert "Something went wrong" in _content(answer)
                assert "nothing was changed" in _content(answer)
                if "callback" not in answer.path and answer.method == "POST":
                    assert int(answer.json.get("flags") or 0) & EPHEMERAL
            payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
            choices = (await driver.callback(payload))["data"]["choices"]
            assert "Something went wrong" in choices[0]["name"]
        assert any(f"session {session_id}" in r.getMessage() for r in caplog.records)
        after, _, _ = await read_session(db_path, session_id)
        assert after.version == before.version

        # The game goes on.
        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
        move = (await driver.callback(payload))["data"]["choices"][0]["value"]
        payload, start = await driver.send(slash("move", {"move": move}))
        await driver.public_post(payload, start)
        assert (await read_session(db_path, session_id))[0].version > before.version


@pytest.mark.parametrize("broken", ["board image", "public message"])
async def test_a_stored_move_is_posted_even_when_its_message_fails(
    standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch, broken: str,
) -> None:
    """Issue 7, defect 3: "A move that was committed must always be posted, even when
    building its message fails", and the mover reads "your move was saved; the board
    could not be drawn"."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        session_id = await start_game(driver)
        before, _, _ = await read_session(db_path, session_id)
        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
        move = (await driver.callback(payload))["data"]["choices"][0]["value"]

        def boom(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("cannot draw")

        with monkeypatch.context() as patch:
            if broken == "board image":
                patch.setattr(renderers, "render_public", boom)
            else:
                patch.setattr(commands, "public_kwargs", boom)
            payload, start = await driver.send(slash("move", {"move": move}))
            post = await driver.public_post(payload, start)
            told = await standin.wait_for(
                lambda r: r.matches("PATCH", f"/webhooks/\\d+/{re.escape(payload['token'])}"
                                    "/messages/@original")
                and "saved" in text_of(r.json), start=start, timeout=10)
        assert "could not be drawn" in text_of(told.json)
        assert not post.files, "posted as plain text"
        assert text_of(post.json), "with what happened"
        after, _, replays = await read_session(db_path, session_id)
        assert after.version > before.version and replays


def test_the_token_is_in_neither_repr_nor_the_logs() -> None:
    """Issue 7, defect 4: "repr(Config) contains the token ... Make it impossible"."""
    config = Config.from_env({"DISCORD_TOKEN": "sekrit.token.value"})
    assert config.token == "sekrit.token.value"
    assert "sekrit" not in repr(config) and "sekrit" not in str(config)


async def test_no_log_line_at_debug_level_shows_the_token(
    standin: DiscordStandin, db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 7, defect 4: "a test that neither repr nor the logs at DEBUG level contain
    the token" — a whole login, a game and a restart, every logger at DEBUG."""
    driver = Driver(standin)
    config = Config(token=FAKE_TOKEN, db_path=db_path)
    with caplog.at_level(logging.DEBUG):
        async with running_client(lambda: create_bot(config), standin, token=FAKE_TOKEN):
            logging.getLogger("tidebound").debug("config: %r", config)
            await start_game(driver)
    assert caplog.records, "the logs were captured"
    for record in caplog.records:
        assert FAKE_TOKEN not in record.getMessage()
        assert FAKE_TOKEN not in (record.exc_text or "")
