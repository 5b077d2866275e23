"""Lovci pokladů end to end on the platform: the console client and the real discord.py.

The console part runs ``python -m bot console lovci-pokladu`` in-process (as
``tests/test_console.py`` does for Hagoth); the Discord part drives the bot built by
:func:`bot.app.create_bot` through the loopback stand-in (as ``tests/test_discord_e2e.py``
does). Games use the ``turn_limit`` house rule so that they are sure to end.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from discord_standin import (
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    running_client,
    slash,
    text_of,
)
from PIL import Image
from tidebound_support import (
    Driver,
    assert_pngs,
    check_pings,
    commands_synced,
    console_args,
    console_bots_game,
    console_folder,
    factory,
    first_click,
    offered_games,
    open_game,
    open_move_menu,
    play_click,
    png_of,
    read_session,
    stored_session,
)

from bot.__main__ import main
from bot.storage import FINISHED, SessionRow
from games import get_ruleset

GAME = "lovci-pokladu"


# -- console --------------------------------------------------------------------------


def assert_public_view_hides_face_down_cards(row: SessionRow) -> None:
    """The public board is rendered from ``view(state, None)``: no face-down identity."""
    ruleset = get_ruleset(GAME)
    assert row.state is not None
    view = ruleset.view(ruleset.load(json.loads(row.state)), None)
    face_down = [c for c in view.cards if not c.face_up]
    assert face_down, "a 60-turn game leaves cards face down"
    for card in face_down:
        assert (card.code, card.kind, card.rotation, card.arrows, card.tail, card.level) == (
            None, None, None, None, None, None), card


@pytest.mark.parametrize("players", [2, 3, 4])
def test_console_all_bots_finish_with_a_turn_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    players: int,
) -> None:
    out = console_bots_game(GAME, tmp_path, monkeypatch, capsys, players, players,
                            "turn_limit=60")
    assert "Game over: " in out and " wins! Scores: Bot 1 " in out
    assert f"Bot {players} " in out.split("Game over: ", 1)[1]
    assert ">" not in out  # no prompt
    assert "Traceback" not in out and "stuck" not in out
    # the board, then the end-of-game summary (issue 18)
    folder = console_folder(tmp_path, "lovci-pokladu")
    assert [f.name for f in assert_pngs(folder)] == ["0001.png", "0002-summary.png"]
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and row.game == GAME and row.seed == players
    assert row.options["turn_limit"] == 60
    assert [s.name for s in row.seats] == [f"Bot {i}" for i in range(1, players + 1)]
    assert log_length == row.version - 1 > 20 and replays
    assert_public_view_hides_face_down_cards(row)


def test_console_human_against_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pick = random.Random(3)
    script = ["help", "moves", "1", "99", "fly away", "status", "moves",
              *(pick.choice("1234563") for _ in range(200)), "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args(GAME, tmp_path, "--players", "3", "--bots", "2", "--seed", "5",
                   "--options", "turn_limit=60")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "The game of Lovci pokladů (Treasure Hunters) begins!" in out
    assert "Player 1 (lovci-pokladu) > " in out
    assert "  1. Place my ship beside A1   [start A1]" in out  # moves, before the start
    assert "Player 1 placed their ship beside A1." in out
    assert "There is no move 99: choose from 1 to" in out
    assert "Sorry, that didn't work: I can't read the move “fly away”." in out
    assert "Game over: " in out and "Bye" not in out  # long before the script ends
    files = assert_pngs(console_folder(tmp_path, "lovci-pokladu"))
    assert len(files) > 10 and files[0].name == "0001.png"
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert [(s.name, s.user_id, s.is_bot) for s in row.seats] == [
        ("Player 1", "console-1", False), ("Bot 1", None, True), ("Bot 2", None, True)]
    assert row.status == FINISHED and log_length == row.version - 1 > 20 and replays
    assert_public_view_hides_face_down_cards(row)


# -- Discord --------------------------------------------------------------------------


async def move_by_autocomplete(driver: Driver, pick: random.Random) -> RecordedRequest:
    """Ask autocomplete for the legal moves, play one of them, return the public post."""
    payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
    body = await driver.callback(payload)
    assert body["type"] == 8
    choices = body["data"]["choices"]
    assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
    assert all(c["value"] != "?" for c in choices), choices  # not an error
    payload, start = await driver.send(slash("move", {"move": pick.choice(choices)["value"]}))
    assert (await driver.callback(payload))["type"] == 5
    return await driver.public_post(payload, start)


async def move_by_menu(driver: Driver, board: dict[str, Any], session_id: int
                       ) -> RecordedRequest:
    """Open the board's "Your moves" menu and click its first move."""
    menu, menu_message = await open_move_menu(driver, board, session_id)
    return await play_click(driver, first_click(menu, menu_message))


async def test_lovci_is_offered_by_the_synced_commands(
    standin: DiscordStandin, db_path: str
) -> None:
    async with running_client(factory(db_path), standin):
        choices, rules_games = offered_games(commands_synced(standin))
    assert {"hagoth", GAME} <= {c["value"] for c in choices}
    assert any("Lovci" in c["name"] for c in choices)
    assert GAME in rules_games


@pytest.mark.parametrize("bots", [1, 2, 3])
async def test_whole_game_against_bots_through_discord(
    standin: DiscordStandin, db_path: str, bots: int
) -> None:
    """Issue 3: a whole 2-, 3- and 4-player game through Discord, bots included."""
    driver = Driver(standin)
    pick = random.Random(7)
    async with running_client(factory(db_path), standin):
        # The lobby's options autocomplete knows Lovci pokladů's house rule.
        payload, _ = await driver.send(autocomplete(
            "game", {"game": GAME, "options": ""}, "options", subcommand="new"))
        body = await driver.callback(payload)
        assert body["type"] == 8
        assert any("turn_limit" in c["value"] for c in body["data"]["choices"])

        session_id, post = await open_game(driver, game=GAME, options="turn_limit=40",
                                           bots=bots)
        assert "Lovci pokladů" in text_of(post.json)
        pinged = check_pings(post)

        # The first move through the board's "Your moves" button menu.
        board = standin.messages[int(post.response["id"])]
        post = await move_by_menu(driver, board, session_id)
        png_of(post)

        moves = 1
        for _ in range(300):
            content = text_of(post.json)
            if "Game over" in content:
                break
            pinged = check_pings(post) or pinged
            assert post.json.get("components"), "a running game offers its buttons"
            post = await move_by_autocomplete(driver, pick)
            png_of(post)
            moves += 1
        content = text_of(post.json)
        assert "Game over" in content, content
        assert moves > 5 and pinged
        assert post.json["allowed_mentions"] == {"parse": []}, "nobody is pinged at the end"
        # a finished game offers no moves, only its Rematch and replay (issue 16)
        assert [c["custom_id"].rsplit(":", 1)[0] for row in post.json["components"]
                for c in row["components"]] == ["tb:rematch", "tb:replay"]
        assert len(post.files) == 2, "the final post carries the board and the summary"
        summary = Image.open(io.BytesIO(post.files[1].data))
        assert summary.format == "PNG" and summary.width == 1200

        # The finished game is over for /move too.
        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
        body = await driver.callback(payload)
        assert body["type"] == 8 and body["data"]["choices"][0]["value"] == "?"

    row, log_length, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and row.game == GAME and row.options["turn_limit"] == 40
    assert [(s.user_id, s.is_bot) for s in row.seats] == [
        (str(USER_ID), False), *[(None, True)] * bots]
    assert log_length == row.version - 1 and replays
