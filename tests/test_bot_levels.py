"""Bot levels, issue 28 item 1: ``easy``, ``normal`` and ``expert`` in every game, stored
with the seat, shown in its name, chosen by ``/game addbot level:``, the lobby's buttons
and the console's ``--bot-level``; ``/hint`` plays the expert; and the ladder's JSON
(item 2). That every level decides from its own view only is checked with the other
hidden-information checks (tests/test_hidden_info.py)."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_standin import DiscordStandin, component, running_client, slash
from game_positions import RULESET_IDS, RULESETS, positions
from tidebound_support import Driver, console_args, factory, read_session, stored_session

import bench.ladder
from bot import hints, turns
from bot.__main__ import main
from bot.service import Person, SessionService
from bot.storage import Storage
from games import bot_levels, get_ruleset
from games.bot_levels import EASY, EXPERT, LEVELS, NORMAL, ExpertBudget, level_action
from games.hexfolk.data import VP_CARD
from games.rng import GameRng
from i18n.errors import LocalizedError

CHANNEL = "levels"
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
#: A small expert, to look at many positions quickly (the real budget: bench.ladder).
SMALL = ExpertBudget(candidates=3, samples=2, depth=6)


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    """On SQLite and on PostgreSQL (the level is a column of the seats)."""
    async with await Storage.open(database) as opened:
        yield opened


@pytest.fixture
def small_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_levels, "budget_for", lambda ruleset: SMALL)


# -- the levels in the engines --------------------------------------------------------------
@pytest.mark.parametrize("game", RULESET_IDS)
def test_every_level_plays_legal_moves_and_easy_is_not_normal(game: str,
                                                               small_expert: None) -> None:
    """Item 1: every game's bots come in three levels, each a legal move of the seat;
    ``easy`` sometimes plays another move than ``normal`` (else it would be no easier);
    ``normal`` is today's bot (``bot_action``)."""
    ruleset = next(r for r in RULESETS if r.id == game)
    differs = 0
    for position in positions(ruleset, 20, seed=3):
        state = position.state
        for seat in sorted(ruleset.actors(state)):
            legal = ruleset.legal_actions(state, seat)
            moves = {level: level_action(ruleset, state, seat, level) for level in LEVELS}
            assert all(move in legal for move in moves.values()), moves
            assert moves[NORMAL] == ruleset.bot_action(state, seat)
            differs += moves[EASY] != moves[NORMAL]
    assert differs, f"{game}: easy always played the normal move"


def test_an_unknown_level_is_refused() -> None:
    ruleset = get_ruleset("hagoth")
    state = ruleset.setup(2, {}, 1)
    with pytest.raises(ValueError, match="unknown bot level"):
        level_action(ruleset, state, min(ruleset.actors(state)), "godlike")


def test_easy_never_shuffles_hagoth_segments_for_ever() -> None:
    """Item 1, easy: "plausible but clearly weaker" moves, never a pointless one: four
    easy Hagoth bots finish their game (random segment moves looped for ever before
    the bot named its plausible moves)."""
    ruleset = get_ruleset("hagoth")
    state = ruleset.setup(4, {}, 1000)
    for _ in range(3000):
        if ruleset.result(state) is not None:
            break
        seat = min(ruleset.actors(state))
        ruleset.apply_trusted(state, seat, level_action(ruleset, state, seat, EASY))
    assert ruleset.result(state) is not None


# -- stored and shown ---------------------------------------------------------------------
async def test_levels_are_stored_and_shown(storage: Storage) -> None:
    """Item 1: ``/game addbot level:`` (default normal); the level is kept with the seat
    and shown in its name, which the lobby and the board show; a bad level is refused
    politely and changes nothing; a seat taken over by a bot keeps ``normal``."""
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hagoth", "")
    await service.join(CHANNEL, GUEST)
    plain = await service.add_bot(CHANNEL, HOST)
    expert = await service.add_bot(CHANNEL, HOST, EXPERT)
    with pytest.raises(LocalizedError) as refused:
        await service.add_bot(CHANNEL, HOST, "godlike")
    assert refused.value.key == "platform.service.bad_level"
    assert "easy, normal, expert" in refused.value.message()
    assert "Bot 1" in plain.text and "Bot 2 (expert)" in expert.text
    row = await storage.open_session(CHANNEL)
    assert row is not None
    assert [(s.name, s.is_bot, s.bot_level) for s in row.seats] == [
        ("Hana", False, NORMAL), ("Gil", False, NORMAL), ("Bot 1", True, NORMAL),
        ("Bot 2 (expert)", True, EXPERT)]
    await service.start(CHANNEL, HOST, seed=3)
    await service.leave(CHANNEL, GUEST)  # a bot takes Gil's seat
    row = await storage.open_session(CHANNEL)
    assert row is not None
    assert [(s.is_bot, s.bot_level) for s in row.seats] == [
        (False, NORMAL), (True, NORMAL), (True, NORMAL), (True, EXPERT)]


async def test_the_level_is_shown_in_russian_and_czech(storage: Storage) -> None:
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hexfolk", "", locale="ru")
    update = await service.add_bot(CHANNEL, HOST, EASY)
    assert "Бот 1 (лёгкий)" in update.text
    await service.new_game("cs-channel", HOST, "hexfolk", "", locale="cs")
    update = await service.add_bot("cs-channel", HOST, EXPERT)
    assert "Bot 1 (expert)" in update.text


async def test_bots_play_at_their_seats_level(storage: Storage,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 1: each bot seat plays at its own level (the turns ask for that level)."""
    asked: list[tuple[int, str]] = []

    def spy(ruleset: Any, state: Any, seat: int, level: str) -> Any:
        asked.append((seat, level))
        return ruleset.bot_action(state, seat)

    monkeypatch.setattr(turns, "level_action", spy)
    service = SessionService(storage, render=False)
    await service.new_game(CHANNEL, HOST, "hagoth", "")
    await service.add_bot(CHANNEL, HOST, EASY)
    await service.add_bot(CHANNEL, HOST, EXPERT)
    await service.start(CHANNEL, HOST, seed=5)
    for _ in range(12):  # the human plays the bot's move until both bots have moved
        if {level for _, level in asked} >= {EASY, EXPERT}:
            break
        row = await storage.open_session(CHANNEL)
        assert row is not None
        ruleset, state = get_ruleset("hagoth"), service.sessions.load(row).state
        if 0 in ruleset.actors(state):
            await service.move(CHANNEL, HOST, ruleset.notate_action(
                state, ruleset.bot_action(state, 0)))
    assert {(1, EASY), (2, EXPERT)} <= set(asked)


# -- Discord: /game addbot level: and the lobby's buttons -----------------------------------
async def test_addbot_level_and_lobby_buttons_through_discord(
        standin: DiscordStandin, db_path: str) -> None:
    """Item 1: ``/game addbot level:expert`` seats an expert; the lobby message has a
    button per level, and a click on "Add an easy bot" seats an easy one."""
    driver = Driver(standin)
    async with running_client(factory(db_path), standin):
        payload, _ = await driver.send(slash("game", {"game": "hexfolk"}, subcommand="new"))
        await driver.callback(payload)
        payload, _ = await driver.send(slash("game", {"level": "expert"}, subcommand="addbot"))
        lobby = (await driver.callback(payload))["data"]
        assert "Bot 1 (expert)" in lobby["content"]
        ids = [c["custom_id"] for row in lobby["components"] for c in row["components"]]
        easy = next(i for i in ids if i.startswith("tb:lobby:bot-easy:"))
        assert any(i.startswith("tb:lobby:bot-expert:") for i in ids)
        payload, _ = await driver.send(component(easy))
        body = await driver.callback(payload)
        assert "Bot 2 (easy)" in body["data"]["content"]
    row, _, _ = await read_session(db_path)
    assert [s.bot_level for s in row.seats] == [NORMAL, EXPERT, EASY]


# -- the console ----------------------------------------------------------------------------
def test_console_bot_level(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    """Item 1: the console's ``--bot-level easy`` applies to the console's bots."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    args = console_args("hagoth", tmp_path, "--players", "2", "--bots", "2", "--seed", "1",
                        "--options", "target=6", "--bot-level", "easy")
    assert main(args) == 0
    assert "Bot 1 (easy)" in capsys.readouterr().out
    row, _, _ = stored_session(tmp_path / "console.db")
    assert [(s.name, s.bot_level) for s in row.seats] == [("Bot 1 (easy)", EASY),
                                                          ("Bot 2 (easy)", EASY)]


def test_console_refuses_an_unknown_level(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(console_args("hagoth", tmp_path, "--bots", "1", "--bot-level", "godlike"))
    assert "invalid choice: 'godlike'" in capsys.readouterr().err


# -- /hint ----------------------------------------------------------------------------------
def test_hint_plays_the_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 1: "/hint uses the expert"."""
    asked: list[str] = []

    def spy(ruleset: Any, state: Any, seat: int, level: str) -> Any:
        asked.append(level)
        return ruleset.bot_action(state, seat)

    monkeypatch.setattr(hints, "level_action", spy)
    ruleset = get_ruleset("hexfolk")
    state = ruleset.setup(3, {}, 4)
    assert hints.suggest(ruleset, state, min(ruleset.actors(state)), GameRng(1)) is not None
    assert asked == [EXPERT]


# -- the ladder's JSON ----------------------------------------------------------------------
def test_ladder_json_keys_on_a_tiny_run(small_expert: None,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Item 2: with ``--json``, one JSON object per line with at least these keys; an
    expert-against-normal row and a normal-against-easy row."""
    bench.ladder.main(["--game", "hexfolk", "--games", "1", "--json"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["level"], r["opponent"]) for r in rows] == [(EXPERT, NORMAL), (NORMAL, EASY)]
    for row in rows:
        assert {"game", "level", "opponent", "players", "games", "share", "ci_low", "ci_high",
                "decision_ms_p95"} <= set(row)
        assert row["game"] == "hexfolk" and row["players"] == 4 and row["games"] == 1
        assert 0 <= row["ci_low"] <= row["share"] <= row["ci_high"] <= 1
        assert row["decision_ms_p95"] > 0 and row["decision_cpu_ms_p95"] >= 0


def test_hexfolk_redeal_keeps_a_victory_point_card_bought_this_turn() -> None:
    """The expert samples hidden variants of every position (issue 28 item 1): a rival's
    victory point card bought this turn is counted once as kept, not twice (the ladder's
    expert crashed there: ``list.remove(x): x not in list``), and stays theirs."""
    ruleset = get_ruleset("hexfolk")
    state = ruleset.setup(3, {}, 2)
    rival = state.players[1]
    rival.devs, rival.bought = [VP_CARD, "knight"], [VP_CARD]
    for variant in ruleset.hidden_variants(state, 0, GameRng(5)):
        assert VP_CARD in variant.players[1].devs
        assert variant.players[1].bought == [VP_CARD]
        assert len(variant.players[1].devs) == 2


def test_hexfolk_redeal_keeps_the_hands_an_open_offer_commits() -> None:
    """A player who accepted an open offer keeps their hand in every hidden variant: they
    showed they hold what it asks (the ladder's expert met a sample where the accepter
    got another hand and the trade left it at -1 brick, then had no legal move)."""
    ruleset = get_ruleset("hexfolk")
    state = ruleset.load(json.loads(REAL_OFFER_STATE.read_text()))
    assert state.offer is not None and state.offer.responses[1] == "accept"
    for n in range(20):
        for variant in ruleset.hidden_variants(state, 2, GameRng(n)):
            assert variant.players[1].hand == state.players[1].hand
            assert all(count >= 0 for p in variant.players for count in p.hand)


#: A 4-player Hexfolk game at turn 23: seat 2 offers 1 ore for 1 brick, seat 1 accepted
#: and holds the only 8-card hand besides seat 3 (who has no brick).
REAL_OFFER_STATE = Path(__file__).parent / "data" / "hexfolk_open_offer.json"
