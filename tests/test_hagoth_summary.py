"""The Hagoth end-of-game summary (issue 18): statistics kept in the state during play,
the summary view, its image, and the image the service attaches when a game ends.

Issue 18: "Hagoth: VP over time per player (a line chart by round), ships launched and
arrived by lane, wood gathered and die rolls against the expected distribution, attack
cards played and suffered (Skip, Remove, Delay, Destroy), the longest wait for a
blueprint"; "The statistics add up to the game: for example, Hagoth's VP by source
equals the final VP"."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

import renderers
from bot.service import Person, SessionService
from bot.storage import FINISHED, Storage
from games import get_ruleset
from games.hagoth.data import ATTACK_CARDS, BLUEPRINTS
from games.hagoth.state import Design
from games.hagoth.view import SummaryView
from i18n import t
from renderers.hagoth_summary import expected_rolls

HAGOTH = get_ruleset("hagoth")
HOST = Person("u-host", "Hana")
CHANNEL = "chan-hagoth-summary"


def _bot_game(seed: int, players: int, **options: object):  # type: ignore[no-untyped-def]
    """A bot game, with the statistics counted again from the events, independently."""
    state = HAGOTH.setup(players, options, seed)
    rolls: Counter[int] = Counter()
    wood = [0] * players
    played = [[0] * 4 for _ in range(players)]
    suffered = [[0] * 4 for _ in range(players)]
    launched = [[0] * len(BLUEPRINTS) for _ in range(players)]
    arrived = [[0] * len(BLUEPRINTS) for _ in range(players)]
    vp_after_round: list[list[int]] = []
    codes = {f"hagoth.blueprint.{bp.code}": bp.index for bp in BLUEPRINTS}
    for _ in range(20_000):
        if HAGOTH.result(state) is not None:
            break
        seat = state.current
        turn = state.turn
        events = HAGOTH.apply(state, seat, HAGOTH.bot_action(state, seat))
        for event in events:
            params = event.params
            if event.key in ("hagoth.event.wood_card", "hagoth.event.wood_action"):
                rolls[params["roll"]] += 1
                wood[seat] += params["got"]
            elif event.key == "hagoth.event.build_die":
                rolls[params["roll"]] += 1
            elif event.key == "hagoth.event.launch":
                launched[seat][codes[str(params["blueprint"])]] += 1
            elif event.key == "hagoth.event.arrived":
                arrived[seat][codes[str(params["blueprint"])]] += 1
            kind = event.key.removeprefix("hagoth.event.")
            if kind in ATTACK_CARDS:
                played[seat][ATTACK_CARDS.index(kind)] += 1
                suffered[params["target_seat"]][ATTACK_CARDS.index(kind)] += 1
        if state.turn != turn:  # play passed the seats that lost their turn, then current
            passed = [e.seat for e in events if e.key == "hagoth.event.skipped"]
            if state.first in [*passed, state.current]:  # HG-D28: a pass of the table
                vp_after_round.append([p.vp for p in state.players])
    assert HAGOTH.result(state) is not None
    counted = {"rolls": rolls, "wood": wood, "played": played, "suffered": suffered,
               "launched": launched, "arrived": arrived, "rounds": vp_after_round}
    return state, counted


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 3)])
def test_the_statistics_add_up_to_the_game(players: int, seed: int) -> None:
    state, counted = _bot_game(seed, players)
    summary = HAGOTH.summary_view(state)
    assert isinstance(summary, SummaryView)
    result = HAGOTH.result(state)
    assert result is not None and summary.winner == result.winners[0]
    for ps in summary.players:
        assert ps.launch_vp + ps.arrival_vp == ps.vp == result.scores[ps.seat]
        assert list(ps.launched) == counted["launched"][ps.seat]
        assert list(ps.arrived) == counted["arrived"][ps.seat]
        assert sum(ps.launched) == state.players[ps.seat].launches
        assert sum(ps.arrived) == state.players[ps.seat].arrivals
        assert ps.launch_vp == sum(n * bp.launch_vp for n, bp in zip(ps.launched, BLUEPRINTS,
                                                                        strict=True))
        assert ps.arrival_vp == sum(n * bp.arrival_vp for n, bp in zip(ps.arrived, BLUEPRINTS,
                                                                          strict=True))
        assert ps.wood == counted["wood"][ps.seat]
        assert list(ps.attacks_played) == counted["played"][ps.seat]
        assert list(ps.attacks_suffered) == counted["suffered"][ps.seat]
        assert (ps.longest_wait > 0) == (ps.longest_wait_blueprint is not None) == (
            sum(ps.launched) > 0)
    assert list(summary.die_counts) == [counted["rolls"][v] for v in (1, 2, 3, 4)]
    assert sum(sum(p.attacks_played) for p in summary.players) == sum(
        sum(p.attacks_suffered) for p in summary.players)
    # VP by round: zero at the start, each completed round, and the end
    rows = [list(r) for r in summary.vp_rounds]
    assert rows[0] == [0] * players and rows[-1] == list(result.scores)
    assert rows[1:1 + len(counted["rounds"])] == counted["rounds"]
    assert all(a <= b for r0, r1 in itertools.pairwise(rows)  # Hagoth has no VP loss
               for a, b in zip(r0, r1, strict=True))


def test_the_longest_wait_counts_own_turns_from_first_segment_to_launch() -> None:
    """"The longest wait for a blueprint": own turns from laying a design's first segment
    until its ship launched, the launching turn included."""
    state = HAGOTH.setup(2, {}, 1)
    player = state.players[0]
    player.stats.turns = 10
    player.berths[0] = Design(0, ["bow", "stern"], wood=1, started=4)
    player.wood = 1
    player.hand = ["build1", "sail", "wood", "skip", "hull"]
    state.current = 0
    HAGOTH.play(state, 0, "play build1 1")
    assert (player.stats.longest_wait, player.stats.longest_wait_blueprint) == (7, 0)
    assert player.stats.launched[0] == 1


def test_no_summary_while_the_game_is_in_play() -> None:
    """Issue 18, hidden information: only the public part may appear while the game runs;
    the summary exists only once the game is over."""
    state = HAGOTH.setup(3, {}, 2)
    for _ in range(40):
        assert HAGOTH.summary_view(state) is None
        HAGOTH.apply(state, state.current, HAGOTH.bot_action(state, state.current))


def test_statistics_survive_json_and_schema_1_loads_with_empty_statistics() -> None:
    state, _ = _bot_game(4, 3)
    data = json.loads(json.dumps(HAGOTH.dump(state)))
    assert data["schema"] == 2 == HAGOTH.schema_version
    assert HAGOTH.summary_view(HAGOTH.load(data)) == HAGOTH.summary_view(state)
    data["schema"] = 1
    for key in ("die_counts", "vp_rounds"):
        del data[key]
    for player in data["players"]:
        del player["stats"]
        for berth in player["berths"]:
            if berth is not None:
                berth.pop("started", None)
    old = HAGOTH.load(data)
    summary = HAGOTH.summary_view(old)
    assert summary is not None and summary.die_counts == (0, 0, 0, 0)
    assert summary.vp_rounds == ((0, 0, 0), tuple(p.vp for p in state.players))
    assert all(ps.wood == 0 and ps.longest_wait_blueprint is None for ps in summary.players)
    data["players"][0]["hand"] = 5
    with pytest.raises(ValueError):
        HAGOTH.load(data)


@pytest.mark.parametrize("players", [2, 4])
def test_the_summary_renders_at_the_smallest_and_largest_player_count(
        players: int, tmp_path: Path) -> None:
    state, _ = _bot_game(3, players)
    summary = HAGOTH.summary_view(state)
    names = ["Alice", "Bob the Boatbuilder of Bountiful", "Cecilia", "Dmitri"][:players]
    png = renderers.render_summary("hagoth", summary, names, "en")
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 600_000
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.width == 1200 and image.height > 900
    assert expected_rolls(60) == 15


async def test_a_finished_game_through_the_service_carries_the_summary(
        tmp_path: Path) -> None:
    """Issue 18: the summary is "attached to the final post"; the service adds it to the
    update that ends the game (Discord and the console both post it)."""
    async with await Storage.open(tmp_path / "summary.db") as storage:
        service = SessionService(storage, render=True)
        update = await service.new_game(CHANNEL, HOST, "hagoth", "target=5")
        session_id = update.session_id
        await service.add_bot(CHANNEL, HOST)
        update = await service.start(CHANNEL, HOST, seed=3)
        for _ in range(400):
            if update.finished:
                break
            assert update.summary is None
            row = await storage.get(session_id)
            assert row is not None and row.state is not None
            state = HAGOTH.load(json.loads(row.state))
            update = await service.move(
                CHANNEL, HOST, HAGOTH.format_action(HAGOTH.bot_action(state, 0)))
        assert update.status == FINISHED and update.summary is not None
        with Image.open(io.BytesIO(update.summary)) as image:
            image.load()
            assert image.format == "PNG" and image.width == 1200


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 3), (4, 8)])
def test_the_board_and_the_summary_count_the_same_rounds(players: int, seed: int) -> None:
    """Issue 24 item 13: the board said "Round 79" where the summary said 74 rounds. The
    rulebook's play "will proceed clockwise from first player" and Skip takes away "the
    next turn of one opponent", not a place in the round: a round is one pass of the
    table (HG-D28), lost turns included, on the board and in the summary alike."""
    state, _ = _bot_game(seed, players)
    summary = HAGOTH.summary_view(state)
    assert summary is not None
    assert sum(p.attacks_played[ATTACK_CARDS.index("skip")] for p in summary.players) > 0
    board = HAGOTH.view(state, None)
    assert len(summary.vp_rounds) - 1 == board.round == state.round
    assert t("render.hagoth.round", "en", round=board.round) == f"Round {board.round}"


@pytest.mark.parametrize("locale", ["ru", "cs", "en"])
def test_the_longest_wait_is_never_cut(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 13: "Russian text is cut in the Hagoth summary" — the longest-wait
    column read "ходов: 54 (Рыбацкая лод…". Every ship's name and a three-digit wait now
    show whole: on one line, or on two."""
    import dataclasses

    from renderers.common import CachedDraw

    state, _ = _bot_game(3, 4)
    summary = HAGOTH.summary_view(state)
    assert summary is not None
    drawn: list[str] = []
    original = CachedDraw.text

    def record(self: CachedDraw, xy: tuple[float, float], text: str, *args: object,
               **kwargs: object) -> None:
        drawn.append(text)
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(CachedDraw, "text", record)
    for blueprint in range(len(BLUEPRINTS)):
        players = tuple(dataclasses.replace(p, longest_wait=154, longest_wait_blueprint=blueprint)
                        for p in summary.players)
        drawn.clear()
        renderers.render_summary("hagoth", dataclasses.replace(summary, players=players),
                                 ["Ann", "Bob", "Cy", "Dee"], locale)
        name = t(f"hagoth.blueprint.{BLUEPRINTS[blueprint].code}", locale)
        wait = t("hagoth.summary.wait", locale, turns=154, blueprint=name)
        shown = " ".join(text for text in drawn if text and text in wait)
        assert all(word in shown.split() for word in wait.split()), (wait, shown)
        assert not any("…" in text and text.rstrip("…") in wait for text in drawn)
