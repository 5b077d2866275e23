"""The Hexfolk end-of-game summary: statistics kept in the state, the summary view, its
image, and the second image the service attaches when a game finishes."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

import renderers
from bot.service import Person, SessionService
from bot.storage import FINISHED, Storage
from games import get_ruleset
from games.hexfolk.actions import BankTrade, Discard, Roll, Trade
from games.hexfolk.view import SummaryView
from renderers.hexfolk import expected_rolls, render_summary

HEXFOLK = get_ruleset("hexfolk")
HOST = Person("u-host", "Hana")
CHANNEL = "chan-sum"


def _bot_game(seed: int, players: int = 3):  # type: ignore[no-untyped-def]
    """Play a bot game, tracking the statistics independently of the engine."""
    state = HEXFOLK.setup(players, {}, seed)
    rolls = 0
    produced = [[0] * 5 for _ in range(players)]
    lost = [0] * players
    bank_trades = [0] * players
    player_trades = [0] * players
    for _ in range(20000):
        if HEXFOLK.result(state) is not None:
            break
        seat = min(HEXFOLK.actors(state))
        action = HEXFOLK.bot_action(state, seat)
        before = [list(p.hand) for p in state.players]
        events = HEXFOLK.apply(state, seat, action)
        if isinstance(action, Roll):
            rolls += 1
            if sum(state.dice) != 7:  # a roll only hands out production
                for p, player in enumerate(state.players):
                    for r in range(5):
                        produced[p][r] += player.hand[r] - before[p][r]
        if isinstance(action, Discard):
            lost[seat] += sum(action.cards)
        if isinstance(action, BankTrade):
            bank_trades[seat] += 1
        if isinstance(action, Trade):
            player_trades[seat] += 1
            player_trades[action.partner] += 1
        for e in events:
            if e.key == "hexfolk.event.steal":
                lost[e.params["victim_seat"]] += 1
    assert HEXFOLK.result(state) is not None
    return state, rolls, produced, lost, bank_trades, player_trades


def test_statistics_add_up_in_a_seeded_bot_game() -> None:
    state, rolls, produced, lost, bank_trades, player_trades = _bot_game(3)
    summary = HEXFOLK.summary_view(state)
    assert isinstance(summary, SummaryView)
    assert summary.rolls == rolls > 0
    assert summary.roll_counts[0] == summary.roll_counts[1] == 0
    result = HEXFOLK.result(state)
    assert result is not None and summary.winner == result.winners[0]
    for ps in summary.players:
        assert list(ps.produced) == produced[ps.seat]
        assert ps.lost_to_robber == lost[ps.seat]
        assert ps.bank_trades == bank_trades[ps.seat]
        assert ps.player_trades == player_trades[ps.seat]
        assert sum(ps.vp_breakdown) == ps.vp == result.scores[ps.seat]
        assert ps.devs_bought >= ps.devs_played >= ps.knights
        assert ps.road_length == state.players[ps.seat].road_length
    assert sum(ps.produced_total for ps in summary.players) > 0


def test_statistics_survive_json_and_older_json_loads_with_zeros() -> None:
    state = _bot_game(5, players=4)[0]
    data = json.loads(json.dumps(HEXFOLK.dump(state)))
    assert HEXFOLK.summary_view(HEXFOLK.load(data)) == HEXFOLK.summary_view(state)
    for player in data["players"]:
        for key in ("produced", "stolen", "discarded", "bank_trades", "player_trades"):
            del player[key]
    old = HEXFOLK.load(data)
    summary = HEXFOLK.summary_view(old)
    assert summary is not None
    for ps in summary.players:
        assert ps.produced == (0, 0, 0, 0, 0) and ps.lost_to_robber == 0 and ps.trades == 0


def test_no_summary_before_the_end() -> None:
    assert HEXFOLK.summary_view(HEXFOLK.setup(3, {}, 1)) is None


def test_summary_image_is_a_png(tmp_path: Path) -> None:
    state = _bot_game(7, players=4)[0]
    summary = HEXFOLK.summary_view(state)
    names = ["Alice", "Bob the Builder", "Cecilia", "Dmitri Ivanovich"]
    png = render_summary(summary, names, "en")
    assert png == renderers.render_summary("hexfolk", summary, names, "en")
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 600_000
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.width >= 1000
    assert expected_rolls(7, 36) == 6 and expected_rolls(2, 36) == 1


def _finishes(state: object, notation: str, bots: set[int]) -> bool:
    """Whether the human's move, and the bots' answers to it, end the game."""
    copy = HEXFOLK.load(json.loads(json.dumps(HEXFOLK.dump(state))))
    HEXFOLK.play(copy, 0, notation)
    for _ in range(5000):
        if HEXFOLK.result(copy) is not None:
            return True
        due = sorted(bots & HEXFOLK.actors(copy))
        if not due:
            return False
        for seat in due:
            HEXFOLK.apply(copy, seat, HEXFOLK.bot_action(copy, seat))
    return False


async def test_a_finished_game_through_the_service_carries_a_summary(tmp_path: Path) -> None:
    async with await Storage.open(tmp_path / "summary.db") as storage:
        quiet = SessionService(storage, render=False)
        update = await quiet.new_game(CHANNEL, HOST, "hexfolk", "target=8")
        session_id = update.session_id
        await quiet.add_bot(CHANNEL, HOST)
        update = await quiet.start(CHANNEL, HOST, seed=2)
        loud = SessionService(storage, render=True)
        for _ in range(3000):
            if update.finished:
                break
            row = await storage.get(session_id)
            assert row is not None and row.state is not None
            state = HEXFOLK.load(json.loads(row.state))
            assert update.summary is None
            notation = HEXFOLK.notate_action(state, HEXFOLK.bot_action(state, 0))
            service = loud if _finishes(state, notation, {1}) else quiet
            update = await service.move(CHANNEL, HOST, notation)
        await loud.close()  # its render workers
        assert update.status == FINISHED
        assert update.image is not None and update.summary is not None
        with Image.open(io.BytesIO(update.summary)) as image:
            image.load()
            assert image.format == "PNG" and image.width >= 1000
