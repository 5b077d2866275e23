"""Shipyard end to end on the platform: the console and the real discord.py.

Issue 11, "Tests": "Console all-bot games with 2, 3 and 4 players" and "Through the
Discord stand-in: a 3-player game with one human, played to "Game over" through the move
menu and autocomplete. It includes a bonus action, a fitting decision and a confluence
choice." The human is :class:`shipyard_player.ScriptedHuman`, which reads the stored
game like a player reads the board and answers in notation; its seed is fixed so that
its game holds all three decisions (the test fails rather than skips otherwise).
"""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest
from discord_standin import (
    USER_ID,
    DiscordStandin,
    RecordedRequest,
    autocomplete,
    component,
    running_client,
    slash,
    text_of,
)
from shipyard_player import ScriptedHuman
from tidebound_support import (
    Driver,
    assert_pngs,
    console_args,
    console_bots_game,
    console_folder,
    factory,
    open_game,
    open_move_menu,
    play_click,
    png_of,
    read_session,
    stored_session,
)

from bot.__main__ import main
from bot.storage import FINISHED, Storage
from games import all_rulesets, get_ruleset

GAME = "shipyard"
#: A seed whose 3-player game gives the scripted human a bonus action, a fitting
#: decision and a confluence (found by playing it; the tests check all three).
HUMAN_SEED = 4


def test_shipyard_is_registered() -> None:
    ruleset = get_ruleset(GAME)
    assert ruleset in all_rulesets() and ruleset.id == GAME
    assert ruleset.rules_topics() and ruleset.has_hand


@pytest.mark.parametrize("players", [2, 3, 4])
def test_console_all_bots_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    players: int,
) -> None:
    out = console_bots_game(GAME, tmp_path, monkeypatch, capsys, players, players)
    assert "Game over: " in out and " wins" in out
    assert ">" not in out and "Traceback" not in out
    files = assert_pngs(console_folder(tmp_path, "shipyard"))
    assert any(f.name.endswith("-summary.png") for f in files), "the game summary image"
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and row.game == GAME and replays
    assert log_length == row.version - 1
    assert row.state is not None
    state = get_ruleset(GAME).load(json.loads(row.state))
    assert len({p.turns for p in state.players}) == 1, "everyone had as many turns"


class _HumanAtTheConsole(io.TextIOBase):
    """Standard input that answers each prompt with the scripted human's move, read
    from the stored game (as a player reads the board)."""

    def __init__(self, db: Path, human: ScriptedHuman) -> None:
        self.db, self.human = db, human
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:
        self.asked += 1
        if self.asked == 1:
            return "hand\n"  # the contracts, in words and as an image
        if self.asked > 400:
            return ""  # end of input: the test fails on the unfinished game
        with sqlite3.connect(self.db) as db:
            (text,) = db.execute("SELECT state FROM sessions WHERE id = 1").fetchone()
        state = get_ruleset(GAME).load(json.loads(text))
        return self.human.choose(state) + "\n"


def test_console_human_with_bonus_fitting_and_confluence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    human = ScriptedHuman()
    monkeypatch.setattr("sys.stdin", _HumanAtTheConsole(tmp_path / "console.db", human))
    args = console_args(GAME, tmp_path, "--players", "3", "--bots", "2", "--seed",
                        str(HUMAN_SEED))
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Game over: " in out and "Traceback" not in out
    assert "Sorry" not in out, "every scripted move was legal"
    assert human.seen == {"bonus", "fit", "confluence"}, human.seen
    assert any(m.startswith("bonus ") for m in human.moves)
    assert any(m.startswith("go ") for m in human.moves)
    files = assert_pngs(console_folder(tmp_path, "shipyard"))
    assert any(f.name.endswith("-hand-player1.png") for f in files), "the contracts image"
    assert "Your contracts (secret), green 3, blue 3: each ship" in out
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and replays and log_length == row.version - 1
    assert [(s.name, s.is_bot) for s in row.seats] == [
        ("Player 1", False), ("Bot 1", True), ("Bot 2", True)]


# -- Discord --------------------------------------------------------------------------
async def _menu(driver: Driver, board: dict[str, object], session_id: int
                ) -> dict[str, dict[str, object]]:
    """Open "Your moves": notation -> the click that plays it (moves behind a further
    sub-menu are left out: those are played through /move)."""
    menu, menu_message = await open_move_menu(driver, board, session_id)
    png_of(menu)  # the private contracts image comes with the menu
    clicks: dict[str, dict[str, object]] = {}
    for row in menu.json["components"]:
        for item in row["components"]:
            custom = item["custom_id"]
            if item["type"] == 2 and custom.startswith("tb:mv:"):
                clicks[custom.split(":", 4)[4]] = component(custom, message=menu_message)
            elif item["type"] == 3 and custom.startswith("tb:mv"):
                for option in item["options"]:
                    clicks[option["value"]] = component(custom, 3, [option["value"]],
                                                        message=menu_message)
    return clicks


async def _by_slash(driver: Driver, notation: str) -> RecordedRequest:
    payload, _ = await driver.send(autocomplete("move", {"move": notation}, "move"))
    body = await driver.callback(payload)
    assert body["type"] == 8
    offered = [c["value"] for c in body["data"]["choices"]]
    assert notation in offered, (notation, offered)
    payload, start = await driver.send(slash("move", {"move": notation}))
    assert (await driver.callback(payload))["type"] == 5
    return await driver.public_post(payload, start)


async def test_three_player_game_with_a_human_through_discord(
    standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: HUMAN_SEED)
    driver = Driver(standin)
    human = ScriptedHuman()
    ruleset = get_ruleset(GAME)
    async with running_client(factory(db_path), standin):
        session_id, post = await open_game(driver, game=GAME, options="", bots=2)
        by_menu = by_slash = 0
        for _ in range(400):
            if "Game over" in text_of(post.json):
                break
            board = standin.messages[int(post.response["id"])]
            async with await Storage.open(db_path) as storage:
                stored = await storage.get(session_id)
            assert stored is not None and stored.state is not None
            notation = human.choose(ruleset.load(json.loads(stored.state)))
            clicks = await _menu(driver, board, session_id)
            if notation in clicks and (by_menu <= by_slash or notation.startswith("go ")):
                post = await play_click(driver, clicks[notation])
                by_menu += 1
            else:
                post = await _by_slash(driver, notation)
                by_slash += 1
            png_of(post)
        content = text_of(post.json)
        assert "Game over" in content, content
        assert human.seen == {"bonus", "fit", "confluence"}, human.seen
        assert by_menu and by_slash, "both the move menu and /move autocomplete were used"
        # a finished game offers no moves, only its Rematch and replay (issue 16)
        assert [c["custom_id"].rsplit(":", 1)[0] for row in post.json["components"]
                for c in row["components"]] == ["tb:rematch", "tb:replay"]
    row, log_length, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and row.game == GAME and row.seed == HUMAN_SEED
    assert [(s.user_id, s.is_bot) for s in row.seats] == [
        (str(USER_ID), False), (None, True), (None, True)]
    assert log_length == row.version - 1 and replays
