"""Haze Islands end to end on the platform (issue 12, "Console games in every mode" and
"Through the Discord stand-in"): the console client in-process, and the real discord.py
against the loopback stand-in, as tests/test_lovci_e2e.py does for Lovci pokladů."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from discord_standin import DiscordStandin, autocomplete, running_client, slash, text_of
from tidebound_support import (
    EPHEMERAL,
    Driver,
    assert_pngs,
    console_args,
    console_folder,
    factory,
    png_of,
    read_session,
    stored_session,
)

from bot.__main__ import main
from bot.service import bot_move_order
from bot.storage import FINISHED, Storage
from games import get_ruleset
from games.haze_islands.actions import Use
from games.haze_islands.state import PROMPT_FATE, PROMPT_ROUND_END, current_prompt

GAME = "haze-islands"


@pytest.mark.parametrize(("players", "mode"), [(1, "solo"), (2, "coop"), (2, "friendly"),
                                               (3, "competitive")])
def test_console_all_bots_play_every_mode_to_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    players: int, mode: str,
) -> None:
    """Every mode plays to an end with bots in every seat; the log replays."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    args = console_args(GAME, tmp_path, "--players", str(players), "--bots", str(players),
                        "--seed", "3", "--options", f"mode={mode}", "--boards", "end")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Game over: " in out and "Traceback" not in out and ">" not in out
    folder = console_folder(tmp_path, "haze-islands")
    assert [f.name for f in assert_pngs(folder)] == ["0001.png", "0002-summary.png"]
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and row.game == GAME and row.options["mode"] == mode
    assert log_length == row.version - 1 > 20 and replays
    ruleset = get_ruleset(GAME)
    assert row.state is not None
    state = ruleset.load(json.loads(row.state))
    result = ruleset.result(state)
    assert state.mode == mode and result is not None
    # a game nobody wins (solo or coop lost to The Doom) says so; it read "Game over:
    #  share the win!" with no names
    assert "Game over:  " not in out
    if not result.winners:
        assert "Game over: nobody wins this time." in out


def test_console_short_game_has_three_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Short Game: "3 players can play 3 rounds instead of 6"."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    args = console_args(GAME, tmp_path, "--players", "3", "--bots", "3", "--seed", "4",
                        "--options", "mode=friendly short=yes", "--boards", "end")
    assert main(args) == 0
    row, _, replays = stored_session(tmp_path / "console.db")
    assert row.state is not None and replays
    state = get_ruleset(GAME).load(json.loads(row.state))
    assert state.rounds == 3 and state.round <= 3


def test_console_human_plays_solo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A person alone at the console plays a solo game by the numbered moves."""
    pick = random.Random(2)
    script = ["help", "moves", "99", "fly away", "hand", "status",
              *(pick.choice("1123") for _ in range(900)), "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args(GAME, tmp_path, "--players", "1", "--seed", "5", "--options",
                        "mode=solo", "--boards", "end")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "There is no move 99" in out
    assert "Game over: " in out
    row, log_length, replays = stored_session(tmp_path / "console.db")
    assert row.status == FINISHED and log_length > 20 and replays


@pytest.mark.parametrize(("mode", "bots"), [("solo", 0), ("coop", 1)])
async def test_discord_game_to_the_end(standin: DiscordStandin, db_path: str, mode: str,
                                       bots: int) -> None:
    """Issue 12: through the Discord stand-in, a solo game and a coop game of one human
    and a bot, played by autocomplete to the end."""
    driver = Driver(standin)
    pick = random.Random(11)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(
            slash("game", {"game": GAME, "options": f"mode={mode}"}, subcommand="new"))
        body = await driver.callback(payload)
        assert body["type"] == 4, body
        buttons = [c["custom_id"] for row in body["data"]["components"]
                   for c in row["components"]]
        session_id = int(buttons[0].rsplit(":", 1)[1])
        for _ in range(bots):
            payload, _ = await driver.send(slash("game", subcommand="addbot"))
            assert (await driver.callback(payload))["type"] == 4
        payload, start = await driver.send(slash("game", subcommand="start"))
        body = await driver.callback(payload)
        assert body["type"] == 5 and body["data"]["flags"] & EPHEMERAL
        post = await driver.public_post(payload, start)
        png_of(post)
        for _ in range(700):
            if "Game over" in text_of(post.json):
                break
            payload, _ = await driver.send(autocomplete("move", {"move": ""}, "move"))
            body = await driver.callback(payload)
            choices = body["data"]["choices"]
            assert choices and all(1 <= len(c["name"]) <= 100 for c in choices)
            payload, start = await driver.send(
                slash("move", {"move": pick.choice(choices)["value"]}))
            assert (await driver.callback(payload))["type"] == 5
            post = await driver.public_post(payload, start)
        assert "Game over" in text_of(post.json)
        assert len(post.files) == 2, "the final post carries the board and the summary"
    row, log_length, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and row.game == GAME and replays
    assert log_length == row.version - 1


async def _stored_state(db_path: str, session_id: int) -> Any:
    async with await Storage.open(db_path) as storage:
        row = await storage.get(session_id)
    assert row is not None and row.state is not None
    return get_ruleset(GAME).load(json.loads(row.state))


def _human_move(state: Any) -> Any:
    """What the test's human plays: a special action whenever a use-or-pass window offers
    one, else the bot's move."""
    ruleset = get_ruleset(GAME)
    prompt = current_prompt(state)
    uses = [a for a in ruleset.legal_actions(state, 0) if isinstance(a, Use)]
    if prompt is not None and prompt.kind in (PROMPT_ROUND_END, PROMPT_FATE) and uses:
        return uses[0]
    return ruleset.bot_action(state, 0)


def _seed_with_a_window() -> int:
    """A seed whose 3-player competitive game, played so (the bots moving as the service
    moves them: all due bots first, least recently moved first), opens a window to seat 0
    in which it uses a special action."""
    ruleset = get_ruleset(GAME)
    for seed in range(200):
        state = ruleset.setup(3, {"mode": "competitive"}, seed)
        log: list[tuple[int, str]] = []
        while ruleset.result(state) is None:
            due = bot_move_order(ruleset.actors(state) - {0}, log)
            if due:
                for seat in due:
                    if seat in ruleset.actors(state):
                        action = ruleset.bot_action(state, seat)
                        log.append((seat, ruleset.notate_action(state, action)))
                        ruleset.apply(state, seat, action)
                continue
            action = _human_move(state)
            if isinstance(action, Use) and current_prompt(state) is not None:
                return seed
            log = [(0, ruleset.notate_action(state, action))]
            ruleset.apply(state, 0, action)
    raise AssertionError("no seed opens a window")


async def test_discord_competitive_game_with_a_special_action_out_of_turn(
    standin: DiscordStandin, db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12: a competitive 3-player game through Discord (one human, two bots) in
    which the human uses a special action out of turn, in a use-or-pass window (the
    Round End's, or before a Fate is revealed against them: RULES-NOTES "Special
    actions"). The human plays the bot's moves; the seed is one where a window opens."""
    seed = _seed_with_a_window()
    monkeypatch.setattr("bot.lobby.secrets.randbits", lambda bits: seed)
    ruleset = get_ruleset(GAME)
    driver = Driver(standin)
    used_out_of_turn = 0
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(
            slash("game", {"game": GAME, "options": "mode=competitive"}, subcommand="new"))
        body = await driver.callback(payload)
        buttons = [c["custom_id"] for row in body["data"]["components"]
                   for c in row["components"]]
        session_id = int(buttons[0].rsplit(":", 1)[1])
        for _ in range(2):
            payload, _ = await driver.send(slash("game", subcommand="addbot"))
            assert (await driver.callback(payload))["type"] == 4
        payload, start = await driver.send(slash("game", subcommand="start"))
        assert (await driver.callback(payload))["type"] == 5
        post = await driver.public_post(payload, start)
        for _ in range(900):
            if "Game over" in text_of(post.json):
                break
            state = await _stored_state(db_path, session_id)
            assert 0 in ruleset.actors(state), "the bots wait only for the human"
            prompt = current_prompt(state)
            action = _human_move(state)
            if isinstance(action, Use) and prompt is not None:
                assert prompt.kind == PROMPT_ROUND_END or state.current != 0  # out of turn
                used_out_of_turn += 1
            payload, start = await driver.send(
                slash("move", {"move": ruleset.notate_action(state, action)}))
            assert (await driver.callback(payload))["type"] == 5
            post = await driver.public_post(payload, start)
            if isinstance(action, Use):
                assert "uses a special action" in text_of(post.json)
        assert "Game over" in text_of(post.json)
    assert used_out_of_turn >= 1
    row, log_length, replays = await read_session(db_path, session_id)
    assert row.status == FINISHED and replays and log_length == row.version - 1


@pytest.fixture
def players_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry players get: built without TIDEBOUND_DEV_GAMES (the tests set it)."""
    import games

    monkeypatch.delenv(games.DEV_GAMES_ENV, raising=False)
    monkeypatch.setattr(games, "RULESETS", {})


@pytest.mark.usefixtures("players_registry")
def test_haze_islands_is_offered_to_players() -> None:
    """Released (RULES-NOTES "Status"): players are offered the game without
    TIDEBOUND_DEV_GAMES, and /game new finds it by its id."""
    import games

    assert games.get_ruleset(GAME).id == GAME
    assert GAME in {ruleset.id for ruleset in games.all_rulesets()}
    assert GAME not in {ruleset.id for ruleset in games._development_games()}


@pytest.mark.usefixtures("players_registry")
@pytest.mark.parametrize(("locale", "name"), [("en", "Haze Islands"),
                                              ("ru", "Острова в дымке"),
                                              ("cs", "Ostrovy v oparu")])
def test_help_lists_haze_islands_in_every_language(locale: str, name: str) -> None:
    """`/help` names the released game, its table size and `/rules haze-islands`, and stays
    one Discord message (2,000 characters) with it."""
    from bot.discord_front.commands import help_text

    text = help_text(locale)
    line = next(line for line in text.splitlines() if f"`/rules {GAME}`" in line)
    assert name in line and "1–3" in line
    assert len(text) <= 2000


@pytest.mark.usefixtures("players_registry")
def test_console_help_lists_haze_islands(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m bot console --help` lists the game ids players can start, Haze Islands
    among them (issue 9 item 9), without the development switch."""
    with pytest.raises(SystemExit) as done:
        main(["console", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "Games: hagoth, haze-islands, hexfolk, lovci-pokladu, shipyard." in out
    assert "Haze Islands, 1–3 players" in out


@pytest.mark.usefixtures("players_registry")
def test_rules_topics_read_in_every_language() -> None:
    """`/rules haze-islands <topic>`: each topic has its own text in en, ru and cs."""
    ruleset = get_ruleset(GAME)
    topics = ruleset.rules_topics()
    assert set(topics) == {"overview", "turn", "specials", "notation", "quick"}  # issue 26
    for locale in ("en", "ru", "cs"):
        texts = [ruleset.rules_text(topic, None, locale) for topic in topics]
        assert all(not text.startswith("haze-islands.rules.") for text in texts), locale
        assert len(set(texts)) == len(texts) and all(len(text) < 2000 for text in texts)
