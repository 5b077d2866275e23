"""Hexfolk end to end on the platform: the console, the real discord.py, and replays.

The console part runs ``python -m bot console hexfolk`` in-process with bots only; the
Discord part drives the bot built by :func:`bot.app.create_bot` through the loopback
stand-in (as ``tests/test_lovci_e2e.py`` does), with a fixed seed so that the human's
hoarding meets a seven and must discard; the last part plays the same seeded bot game in
two processes with different ``PYTHONHASHSEED`` values and compares the results.
Games use ``target=8`` so that they end sooner.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
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
    text_of,
)
from PIL import Image
from tidebound_support import (
    Driver,
    assert_pngs,
    check_pings,
    commands_synced,
    console_bots_game,
    console_folder,
    factory,
    offered_games,
    open_game,
    open_move_menu,
    play_click,
    png_of,
    read_session,
    start_game,
    stored_session,
)

from bot.storage import FINISHED, Storage
from games import all_rulesets, get_ruleset

GAME = "hexfolk"
ROOT = Path(__file__).resolve().parent.parent

# -- console --------------------------------------------------------------------------


def test_hexfolk_is_registered() -> None:
    ruleset = get_ruleset(GAME)
    assert ruleset in all_rulesets() and ruleset.id == GAME
    assert get_ruleset(" HexFolk ") is ruleset


@pytest.mark.parametrize(("players", "seed"), [(3, 3), (4, 4), (6, 6), (8, 8)])
def test_console_all_bots_finish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    players: int, seed: int,
) -> None:
    out = console_bots_game(GAME, tmp_path, monkeypatch, capsys, players, seed, "target=8")
    assert "Game over: " in out and " wins!" in out
    assert ">" not in out  # no prompt
    assert "Traceback" not in out and "stuck" not in out
    files = assert_pngs(console_folder(tmp_path, "hexfolk"))
    assert any(f.name.endswith("-summary.png") for f in files), "the game summary image"
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and row.game == GAME and row.seed == seed
    assert row.options["target"] == 8
    assert [s.name for s in row.seats] == [f"Bot {i}" for i in range(1, players + 1)]
    assert log_length == row.version - 1 > 4 * players and replays
    ruleset = get_ruleset(GAME)
    assert row.state is not None
    result = ruleset.result(ruleset.load(json.loads(row.state)))
    assert result is not None and max(result.scores) >= 8
    assert result.scores[result.winners[0]] == max(result.scores)


# -- Discord --------------------------------------------------------------------------

#: The game's seed: the human below, hoarding its cards, holds more than seven when a
#: seven is rolled (checked by the test, which fails rather than skips otherwise).
DISCORD_SEED = 7


def pick(notations: list[str], banked: bool) -> str:
    """The human's plan: discard when it must, roll, one bank trade, never build."""
    discards = [n for n in notations if n.startswith("discard")]
    if discards:
        return discards[0]
    if "roll" in notations:
        return "roll"
    banks = [n for n in notations if n.startswith("bank ")]
    if banks and not banked:
        return banks[0]
    for plain in ("decline", "end"):
        if plain in notations:
            return plain
    return notations[0]  # founding, the robber


async def open_menu(driver: Driver, board: dict[str, Any], session_id: int
                    ) -> tuple[dict[str, dict[str, Any]], RecordedRequest]:
    """Open the board's "Your moves" menu: notation -> the click that plays it."""
    menu, menu_message = await open_move_menu(driver, board, session_id)
    png_of(menu)  # the private hand image comes with the menu
    clicks: dict[str, dict[str, Any]] = {}
    for row in menu.json["components"]:
        for item in row["components"]:
            if item["type"] == 2 and item["custom_id"].startswith("tb:plans:"):
                continue  # the menu's "Plans" entry (issue 26 item 3), not a move
            if item["type"] == 2:
                notation = item["custom_id"].split(":", 4)[4]
                clicks[notation] = component(item["custom_id"], message=menu_message)
            else:
                assert item["type"] == 3
                for option in item["options"]:
                    clicks[option["value"]] = component(
                        item["custom_id"], 3, [option["value"]], message=menu_message)
    return clicks, menu


async def autocomplete_moves(driver: Driver, typed: str = "") -> list[dict[str, str]]:
    payload, _ = await driver.send(autocomplete("move", {"move": typed}, "move"))
    body = await driver.callback(payload)
    assert body["type"] == 8
    choices = body["data"]["choices"]
    assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
    return choices


async def move_by_slash(driver: Driver, notation: str) -> RecordedRequest:
    payload, start = await driver.send(slash("move", {"move": notation}))
    assert (await driver.callback(payload))["type"] == 5
    return await driver.public_post(payload, start)


async def test_hexfolk_is_offered_by_the_synced_commands(
    standin: DiscordStandin, db_path: str
) -> None:
    async with running_client(factory(db_path), standin):
        choices, rules_games = offered_games(commands_synced(standin))
    assert GAME in {c["value"] for c in choices}
    assert GAME in rules_games


async def test_whole_game_against_bots_through_discord(
    standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: DISCORD_SEED)
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(autocomplete(
            "game", {"game": GAME, "options": ""}, "options", subcommand="new"))
        body = await driver.callback(payload)
        assert body["type"] == 8
        assert any("target" in c["value"] for c in body["data"]["choices"])

        session_id, post = await open_game(driver, game=GAME, options="target=8", bots=3)
        assert "Hexfolk" in text_of(post.json)

        played: list[str] = []
        pinged = False
        for step in range(300):
            if "Game over" in text_of(post.json):
                break
            # After each move the bots play until the human must act again.
            pinged = check_pings(post) or pinged
            assert post.json.get("components"), "a running game offers its buttons"
            board = standin.messages[int(post.response["id"])]
            clicks, _ = await open_menu(driver, board, session_id)
            choice = pick(list(clicks), any(p.startswith("bank ") for p in played))
            if choice.startswith("discard"):
                # A seven was rolled while the human held more than seven cards.
                async with await Storage.open(db_path) as storage:
                    stored = await storage.get(session_id)
                assert stored is not None and stored.state is not None
                state = json.loads(stored.state)
                assert state["phase"] == "discard" and sum(state["players"][0]["hand"]) > 7
                assert state["discards"][0] == sum(state["players"][0]["hand"]) // 2
            if choice.startswith("bank "):
                # Trades go through /move autocomplete, filtered by what was typed.
                offered = [c["value"] for c in await autocomplete_moves(driver, "bank")]
                assert choice in offered, offered
                post = await move_by_slash(driver, choice)
            elif step % 2 and not choice.startswith("discard"):
                offered = [c["value"] for c in await autocomplete_moves(driver)]
                assert choice in offered or len(offered) == 25, offered
                post = await move_by_slash(driver, choice)
            else:
                post = await play_click(driver, clicks[choice])
            png_of(post)
            played.append(choice)
        content = text_of(post.json)
        assert "Game over" in content, content
        assert pinged and any(p.startswith("settle") for p in played)
        assert any(p.startswith("bank ") for p in played), "a bank or harbour trade"
        assert any(p.startswith("discard") for p in played), "a discard on a seven"
        assert post.json["allowed_mentions"] == {"parse": []}, "nobody is pinged at the end"
        # a finished game offers no moves, only its Rematch and replay (issue 16)
        assert [c["custom_id"].rsplit(":", 1)[0] for row in post.json["components"]
                for c in row["components"]] == ["tb:rematch", "tb:replay"]

        payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
        body = await driver.callback(payload)
        assert body["type"] == 8 and body["data"]["choices"][0]["value"] == "?"

    row, log_length, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and row.game == GAME and row.seed == DISCORD_SEED
    assert row.options["target"] == 8
    assert [(s.user_id, s.is_bot) for s in row.seats] == [
        (str(USER_ID), False), (None, True), (None, True), (None, True)]
    assert log_length == row.version - 1 and replays


# -- determinism across processes -----------------------------------------------------

REPLAY_SCRIPT = """
import hashlib, json, sys
from games import get_ruleset

ruleset = get_ruleset("hexfolk")
state = ruleset.setup(4, {"target": 8}, 20261130)
log = []
for _ in range(int(sys.argv[1])):
    if ruleset.result(state) is not None:
        break
    for seat in sorted(ruleset.actors(state)):
        if seat not in ruleset.actors(state):
            continue  # an earlier seat's move ended this one's decision (a closed offer)
        notation = ruleset.notate_action(state, ruleset.bot_action(state, seat))
        ruleset.play(state, seat, notation)
        log.append(f"{seat}:{notation}")
replayed = ruleset.setup(4, {"target": 8}, 20261130)
for entry in log:
    seat, notation = entry.split(":", 1)
    ruleset.play(replayed, int(seat), notation)
dumped = json.dumps(ruleset.dump(state), sort_keys=True)
assert dumped == json.dumps(ruleset.dump(replayed), sort_keys=True)
print(len(log), hashlib.sha256(dumped.encode()).hexdigest(),
      hashlib.sha256("\\n".join(log).encode()).hexdigest())
"""


def test_seed_and_log_replay_the_same_game_in_any_process() -> None:
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT, "400"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.split())
    assert outputs[0] == outputs[1]
    length, state_hash, log_hash = outputs[0]
    assert int(length) > 100 and len(state_hash) == len(log_hash) == 64
    assert state_hash != hashlib.sha256(b"").hexdigest()


async def _passive_move(driver: Driver) -> RecordedRequest:
    """The human rolls, answers offers with no and ends the turn; other decisions
    (founding, discards, the robber) take the first choice the autocomplete offers."""
    for wanted in ("roll", "decline", "end", ""):
        payload, _ = await driver.send(autocomplete("move", {"move": wanted}, "move"))
        choices = (await driver.callback(payload))["data"]["choices"]
        values = [c["value"] for c in choices]
        if wanted and wanted not in values:
            continue
        value = wanted or values[0]
        payload, start = await driver.send(slash("move", {"move": value}))
        assert (await driver.callback(payload))["type"] == 5
        return await driver.public_post(payload, start)
    raise AssertionError("no move offered")


@pytest.mark.parametrize("players", [3, 6, 8])
async def test_mixed_games_end_with_the_summary_image_in_discord(
    standin: DiscordStandin, db_path: str, players: int
) -> None:
    """Done when: games of 3, 6 and 8 players, a human among bots, play to the end
    through Discord, and the summary image appears at the end."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        await start_game(driver, game=GAME, options="target=8", bots=players - 1)
        post = None
        for _ in range(600):
            post = await _passive_move(driver)
            if "Game over" in text_of(post.json):
                break
        assert post is not None and "Game over" in text_of(post.json)
        assert len(post.files) == 2, "the final post carries the board and the summary"
        for index in range(2):
            image = Image.open(io.BytesIO(post.files[index].data))
            image.load()
            assert image.format == "PNG" and image.width >= 1000
