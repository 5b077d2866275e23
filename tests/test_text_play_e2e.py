"""Play without seeing the image (issue 27 item 3), through the Discord stand-in.

For every title a whole game is played by a driver that reads only texts: the board
posts' alt texts (every upload must carry one, at most 1,024 characters, issue 27 item
2), the move menu's labels (``/move`` autocomplete), the accounts in the posts and
``/game status text:yes``. It never opens an image."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord_standin import (
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    running_client,
    slash,
)
from tidebound_support import EPHEMERAL, Driver, factory, open_game, read_session

from bot.storage import FINISHED
from renderers.describe import LIMIT

HUMAN = "alice"  # the stand-in's name for USER_ID

#: (game, lobby options, bots): small games that end in a few hundred moves.
GAMES = [
    ("hagoth", "target=5", 1),
    ("lovci-pokladu", "turn_limit=30", 1),
    ("hexfolk", "target=8 trades=no", 2),
    ("shipyard", "", 1),
    ("haze-islands", "mode=solo", 0),
]


def descriptions(post: RecordedRequest) -> dict[str, str]:
    """Each uploaded file's alt text by file name; every upload must have one that fits
    (issue 27 item 2)."""
    attachments = post.json.get("attachments") or []
    assert len(attachments) == len(post.files), "every file is listed with its metadata"
    out = {}
    for meta in attachments:
        text = meta.get("description")
        assert text and len(text) <= LIMIT, (meta, post.json.get("content"))
        out[str(meta["filename"])] = str(text)
    return out


async def choices_in_words(driver: Driver) -> list[dict[str, Any]]:
    """The human's moves as the menu words them (``/move`` autocomplete)."""
    payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
    body = await driver.callback(payload)
    assert body["type"] == 8
    choices: list[dict[str, Any]] = body["data"]["choices"]
    assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
    return choices


def choose(choices: list[dict[str, Any]], board: str, pick: random.Random) -> str:
    """A move read from the words only: while the alt text says what the human must do,
    a move whose label names a place or card the description names too is preferred
    (the listener follows the description), else any move on the menu."""
    named = [c for c in choices if any(
        word in board for word in re.findall(r"\b[A-Z]\d\b|@-?\d+,-?\d+", c["name"]))]
    return str(pick.choice(named or choices)["value"])


async def status_in_words(driver: Driver) -> str:
    """``/game status text:yes``: the whole position, only for the asker, in posts of
    at most 2,000 characters (or a text file)."""
    payload, start = await driver.send(slash("game", {"text": True}, subcommand="status"))
    body = await driver.callback(payload)
    assert body["type"] == 5 and body["data"]["flags"] & EPHEMERAL
    token = re.escape(payload["token"])
    first = await driver.standin.wait_for(
        lambda r: r.matches("PATCH", f"/webhooks/\\d+/{token}/messages/@original"),
        start=start, timeout=10)
    texts = [str(first.json.get("content"))]
    while True:  # the rest follows in followups, until a quiet moment
        try:
            rec = await driver.standin.wait_for(
                lambda r: r.matches("POST", f"/webhooks/\\d+/{token}$"),
                start=first.index + 1, timeout=1.5)
        except TimeoutError:
            break
        assert int(rec.json.get("flags") or 0) & EPHEMERAL
        texts.append(str(rec.json.get("content")))
        first = rec
    assert all(len(text) <= 2000 for text in texts)
    if first.files:  # a very long position comes as a text file
        return first.files[0].data.decode("utf-8")
    return "\n".join(texts)


async def test_map_gallery_is_described_in_the_readers_language(
        standin: DiscordStandin, db_path: str) -> None:
    """Issue 27 item 2: the map preview (``/maps``) carries its description, in the
    language of whoever asked."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        for locale, words in (("en-US", "The maps to choose from"), ("ru", "Карты на выбор")):
            payload, start = await driver.send(slash("maps", locale=locale))
            await driver.callback(payload)
            reply = await driver.standin.wait_for_followup(payload, start=start, timeout=60)
            assert descriptions(reply)["maps.png"].startswith(words)


@pytest.mark.parametrize(("game", "options", "bots"), GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_read_only_in_words(standin: DiscordStandin, db_path: str,
                                               game: str, options: str, bots: int) -> None:
    """Issue 27 item 3: "a test finishes a game of every title through the Discord
    stand-in reading only texts (descriptions, menus, accounts), never an image"; and
    item 2: every board, hand and summary carries its description."""
    driver = Driver(standin)
    pick = random.Random(27)
    async with running_client(factory(db_path), standin):
        session_id, post = await open_game(driver, game=game, options=options, bots=bots)
        payload, start = await driver.send(slash("game", subcommand="status"))
        await driver.callback(payload)  # /game status: its board described too
        shown = descriptions(await driver.public_post(payload, start))["board.png"]
        assert shown.startswith("To play: ")
        if game != "lovci-pokladu":  # /hand: the seat's own cards, described too, in
            # the reader's own language (a Russian reader in an English game)
            payload, start = await driver.send(slash("hand", locale="ru"))
            await driver.callback(payload)
            hand = await driver.standin.wait_for_followup(payload, start=start)
            assert int(hand.json.get("flags") or 0) & EPHEMERAL
            assert descriptions(hand)["private.png"].startswith("Ваш личный вид")
        moves = statuses = 0
        for _ in range(900):
            board = descriptions(post)["board.png"]
            content = str(post.json.get("content"))
            if "Game over" in content:
                break
            first = board.split("\n", 1)[0]
            assert first.startswith("To play: "), board  # whose turn, first
            if f"<@{USER_ID}>" in content:  # pinged: the alt text says it is the human
                assert HUMAN in first, board
            if moves % 40 == 0:
                whole = await status_in_words(driver)
                assert whole.startswith(first) and len(whole) >= len(board.rstrip("…"))
                statuses += 1
            notation = choose(await choices_in_words(driver), board, pick)
            payload, start = await driver.send(slash("move", {"move": notation}))
            assert (await driver.callback(payload))["type"] == 5
            post = await driver.public_post(payload, start)
            moves += 1
        final = descriptions(post)
        assert "Game over" in str(post.json.get("content")), post.json.get("content")
        assert set(final) == {"board.png", "summary.png"}, final  # the summary described
        assert moves > 3 and statuses >= 1
        if game == "hagoth":  # the replay (a GIF) and the history file are described too
            final_message = standin.messages[int(post.response["id"])]
            payload, start = await driver.send(component(f"tb:replay:{session_id}",
                                                         message=final_message))
            await driver.callback(payload)
            replay = await driver.standin.wait_for_followup(payload, start=start, timeout=300)
            assert descriptions(replay)[f"replay-{session_id}.gif"].startswith(
                "Animated replay")
            payload, start = await driver.send(slash("game", subcommand="history"))
            await driver.callback(payload)
            history = await driver.standin.wait_for_followup(payload, start=start, timeout=30)
            assert len(descriptions(history)) == 1

    row, _, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and replays
