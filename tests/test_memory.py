"""Issue 16, the memory of a game: replay (take-backs included) from the history file,
undo rules per game, hints that reveal nothing, the animated replay's size, stats and
ratings, rematch. Registry-wide tests cover every game the registry lists (the dev games
too: tests/conftest.py sets TIDEBOUND_DEV_GAMES)."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.__main__ import main as bot_main
from bot.hints import suggest
from bot.history import HistoryError, history_text, log_lines, parse_history
from bot.replay import UNDO, ReplayError, in_force, rebuild
from bot.service import Person, ServiceError, SessionService, game_options
from bot.stats import human_ranks
from bot.storage import FINISHED, LOBBY, LoggedAction, SeatRow, SessionRow, Storage
from games import Result, Ruleset, all_rulesets, bot_levels, get_ruleset
from games.bot_levels import ExpertBudget
from games.options import InvalidOption
from games.rng import GameRng
from games.undo import learned_nothing
from renderers.animation import MAX_BYTES, assemble, render_frames

RULESETS = all_rulesets()
IDS = [r.id for r in RULESETS]
HOST = Person("u-host", "Hana")
GUEST = Person("u-guest", "Gil")
CHANNEL = "chan-memory"


def playout(ruleset: Ruleset, seed: int, seats: int, max_moves: int, *,
            undo_every: int = 0) -> tuple[Any, list[tuple[int, str]]]:
    """A bot-played game (at most ``max_moves`` moves) and its log; with ``undo_every``,
    every so many moves a move that may be taken back is played and taken back, as the
    service would log it."""
    state = ruleset.setup(seats, {}, seed)
    log: list[tuple[int, str]] = []
    while ruleset.result(state) is None and len(log) < max_moves:
        seat = min(ruleset.actors(state))
        if undo_every and len(log) % undo_every == 0:
            for action in ruleset.legal_actions(state, seat)[:40]:
                after = ruleset.load(ruleset.dump(state))
                events = ruleset.apply(after, seat, action)
                if ruleset.undoable(state, after, seat, action, events) and \
                        learned_nothing(ruleset, state, after, seat, action):
                    log += [(seat, ruleset.notate_action(state, action)), (seat, UNDO)]
                    break
        action = ruleset.bot_action(state, seat)
        log.append((seat, ruleset.notate_action(state, action)))
        ruleset.apply(state, seat, action)
    return state, log


def fake_row(ruleset: Ruleset, seed: int, seats: int, status: str = FINISHED) -> SessionRow:
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"][:seats]
    return SessionRow(1, "c", None, ruleset.id, {}, status, "u0", "en", seed, None, 1,
                      1_700_000_000.0, 1_700_000_000.0,
                      [SeatRow(i, name, f"u{i}", i > 0) for i, name in enumerate(names)])


def logged(log: list[tuple[int, str]]) -> list[LoggedAction]:
    return [LoggedAction(i + 1, seat, notation, 1_700_000_000.0 + 60 * i)
            for i, (seat, notation) in enumerate(log)]


def dumped(ruleset: Ruleset, state: Any) -> str:
    return json.dumps(ruleset.dump(state), sort_keys=True)


# -- log, history file and replay ---------------------------------------------------------
@pytest.mark.parametrize("game", IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40))
def test_history_file_replays_to_the_same_state(game: str, seed: int) -> None:
    """Issue 16, "Log, history and replay: a replay rebuilds the same state, in every
    game": the history file written for a finished game (with take-backs in its log)
    is read back and rebuilt from its seed to exactly the state the game reached."""
    ruleset = get_ruleset(game)
    seats = ruleset.max_players if seed % 2 else ruleset.min_players
    state, log = playout(ruleset, seed, seats, 200, undo_every=5)
    assert UNDO in [notation for _, notation in log] or len(log) < 200
    text = history_text(fake_row(ruleset, seed, seats), logged(log), {}, over=True)
    history = parse_history(text)
    assert (history.game, history.seed, len(history.seats)) == (game, seed, seats)
    assert history.entries == log
    rebuilt = rebuild(ruleset, seats, history.options, seed, history.entries)
    assert dumped(ruleset, rebuilt) == dumped(ruleset, state)


@pytest.mark.parametrize("game", IDS)
def test_history_in_play_shows_no_seed_no_notation_only_public_words(game: str) -> None:
    """Issue 16: "The history of a game still in play never shows hidden information":
    no seed, no notation (a discard names its cards), each move in its public words;
    such a file cannot be replayed. /game log words moves the same public way."""
    ruleset = get_ruleset(game)
    seed, seats = 99, ruleset.min_players
    _, log = playout(ruleset, seed, seats, 40)
    row = fake_row(ruleset, seed, seats, status="active")
    text = history_text(row, logged(log), {}, over=False)
    assert f"seed = {seed}" not in text and "seed = -" in text
    moves = text.split("moves =\n", 1)[1].splitlines()
    assert len(moves) == len(log)
    assert all(line.split("\t")[3] == "" for line in moves)
    history = parse_history(text)
    assert history.seed is None
    state = ruleset.setup(seats, {}, seed)
    public = []
    for seat, notation in log:
        action = ruleset.read_action(state, seat, notation)
        public.append(ruleset.describe_public(state, seat, action, row and [
            s.name for s in row.seats], "en"))
        ruleset.apply(state, seat, action)
    assert [line.split("\t")[4].split(": ", 1)[1] for line in moves] == [
        " ".join(p.split()) for p in public]
    last = log_lines(row, logged(log), {}, 3)
    assert len(last) == 3 and last[-1].startswith(f"{len(log)}. ")
    assert " ".join(public[-1].split()) in last[-1]


def test_replay_refuses_a_take_back_of_someone_elses_move() -> None:
    """Issue 16, undo: only the mover's own last move can be taken back; a log saying
    otherwise does not replay."""
    assert in_force([(0, "a"), (1, "b"), (1, UNDO)]) == [(0, "a")]
    with pytest.raises(ReplayError):
        in_force([(0, "a"), (1, UNDO)])
    with pytest.raises(HistoryError):
        parse_history("game = hagoth\nmoves =\n")


def test_replay_command_writes_a_board_per_turn(tmp_path: Path) -> None:
    """Issue 16: "`python -m bot replay FILE` rebuilds the game and writes its boards"
    (one PNG per turn, and the animated replay on request)."""
    ruleset = get_ruleset("hagoth")
    _, log = playout(ruleset, 5, 2, 12)
    turns = 0
    replayed = ruleset.setup(2, {}, 5)
    for seat, notation in log:
        marker = ruleset.turn_marker(replayed)
        ruleset.apply(replayed, seat, ruleset.read_action(replayed, seat, notation))
        turns += ruleset.turn_marker(replayed) != marker
    path = tmp_path / "game.txt"
    path.write_text(history_text(fake_row(ruleset, 5, 2), logged(log), {}, over=True))
    assert bot_main(["replay", str(path), "--out", str(tmp_path / "boards"),
                     "--animation"]) == 0
    boards = sorted((tmp_path / "boards").glob("turn-*.png"))
    assert len(boards) == turns > 0
    with Image.open(boards[-1]) as image:
        assert image.format == "PNG" and image.width == 1200
    with Image.open(tmp_path / "boards" / "replay.gif") as gif:
        assert gif.n_frames == turns
    # a history saved while the game was in play cannot be replayed: it says why
    path.write_text(history_text(fake_row(ruleset, 5, 2, "active"), logged(log), {},
                                 over=False))
    assert bot_main(["replay", str(path), "--out", str(tmp_path / "none")]) == 1


# -- undo -----------------------------------------------------------------------------------
def positions(ruleset: Ruleset, seeds: range, seats: int, moves: int) -> Iterator[Any]:
    """Positions of bot-played games, each a fresh copy."""
    for seed in seeds:
        state = ruleset.setup(seats, {}, seed)
        for _ in range(moves):
            if ruleset.result(state) is not None:
                break
            yield ruleset.load(ruleset.dump(state))
            seat = min(ruleset.actors(state))
            ruleset.apply(state, seat, ruleset.bot_action(state, seat))


def take_back_verdicts(ruleset: Ruleset, kind: type, seats: int = 2, limit: int = 3
                       ) -> list[bool]:
    """Whether the platform lets a move of ``kind`` be taken back (the game's rule and
    "the move showed the mover nothing new"), for the first ``limit`` found."""
    verdicts: list[bool] = []
    for state in positions(ruleset, range(6), seats, 150):
        seat = min(ruleset.actors(state))
        for action in ruleset.legal_actions(state, seat):
            if not isinstance(action, kind):
                continue
            after = ruleset.load(ruleset.dump(state))
            events = ruleset.apply(after, seat, action)
            verdicts.append(ruleset.undoable(state, after, seat, action, events)
                            and learned_nothing(ruleset, state, after, seat, action))
            break
        if len(verdicts) >= limit:
            return verdicts
    return verdicts


@pytest.mark.parametrize(("game", "kind_path", "allowed"), [
    # Hagoth rulebook, "Designing Ships": a segment "may be rearranged within the design,
    # or moved back and forth between two designs": free, nothing drawn.
    ("hagoth", "games.hagoth.actions:MoveSegment", True),
    ("hagoth", "games.hagoth.actions:Redesign", True),
    # "Go Wooding: Roll the four-sided die": random.
    ("hagoth", "games.hagoth.actions:ActWood", False),
    ("hagoth", "games.hagoth.actions:PlayWood", False),
    # Lovci, "Ship Movement": "Ships do not enter cards": nothing turned over.
    ("lovci-pokladu", "games.lovci_pokladu.actions:ShipMove", True),
    ("lovci-pokladu", "games.lovci_pokladu.actions:Start", True),
    # Hexfolk, building and maritime trade are open moves; rolling and buying are not.
    ("hexfolk", "games.hexfolk.actions:Road", True),
    ("hexfolk", "games.hexfolk.actions:Settle", True),
    ("hexfolk", "games.hexfolk.actions:Roll", False),
    ("hexfolk", "games.hexfolk.actions:Buy", False),
    ("hexfolk", "games.hexfolk.actions:End", False),
    # Shipyard, "Setup": "All other items acquired during the game ... are public": where
    # a bought ship card, a rented canal or the ship figure is placed shows nothing new;
    # buying from the display, renting a canal and choosing an action card stay played.
    ("shipyard", "games.shipyard.actions:Slot", True),
    ("shipyard", "games.shipyard.actions:Attach", True),
    ("shipyard", "games.shipyard.actions:FigureAt", True),
    ("shipyard", "games.shipyard.actions:Take", False),
    ("shipyard", "games.shipyard.actions:Buy", False),
    ("shipyard", "games.shipyard.actions:RentCanal", False),
])
def test_undo_rules_per_game(game: str, kind_path: str, allowed: bool) -> None:
    """Issue 16, "Undo rules for every game" (the rule each case follows is cited
    above and in games/<game>/undo.py)."""
    module, _, name = kind_path.partition(":")
    kind = getattr(__import__(module, fromlist=[name]), name)
    verdicts = take_back_verdicts(get_ruleset(game), kind)
    assert verdicts, f"no {name} found to try"
    assert set(verdicts) == {allowed}


def test_lovci_move_onto_a_face_down_card_stays_played() -> None:
    """Lovci rulebook, "Basic Rules": "Before each move, the player turns over the next
    face-down card that the sailor is about to enter" — such a move is never taken back,
    a sailor's step over cards already face up is."""
    from games.lovci_pokladu.actions import SailorMove

    ruleset = get_ruleset("lovci-pokladu")
    seen = {True: 0, False: 0}
    for state in positions(ruleset, range(4), 2, 120):
        seat = min(ruleset.actors(state))
        for action in ruleset.legal_actions(state, seat):
            if not isinstance(action, SailorMove) or action.square < 0:
                continue
            after = ruleset.load(ruleset.dump(state))
            events = ruleset.apply(after, seat, action)
            turned = after.face_up != state.face_up
            verdict = ruleset.undoable(state, after, seat, action, events) and \
                learned_nothing(ruleset, state, after, seat, action)
            assert not (turned and verdict)
            assert verdict or turned  # a step over face-up cards may be taken back
            seen[turned] += 1
        if min(seen.values()) >= 3:
            break
    assert seen[True] and seen[False]


@pytest.mark.parametrize("game", IDS)
def test_no_game_lets_a_random_or_revealing_move_be_taken_back(game: str) -> None:
    """Issue 16: "while nothing random or hidden was revealed by it": in every game, a
    move the platform lets be taken back drew no random number and shows the mover the
    same thing whatever the hidden cards are; and some move of every game can be."""
    ruleset = get_ruleset(game)
    allowed = 0
    for state in positions(ruleset, range(3), ruleset.min_players, 150):
        seat = min(ruleset.actors(state))
        action = ruleset.bot_action(state, seat)
        after = ruleset.load(ruleset.dump(state))
        events = ruleset.apply(after, seat, action)
        if ruleset.undoable(state, after, seat, action, events) and \
                learned_nothing(ruleset, state, after, seat, action):
            allowed += 1
            assert after.rng == state.rng
    assert allowed > 0


# -- hints ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", IDS)
def test_hints_reveal_nothing_hidden(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, "hints reveal nothing hidden": two positions the player cannot tell
    apart (the true one and a hidden variant from their view: other hands, the deck,
    face-down cards, the random stream dealt anew) get the same hint; the hint is a
    legal move of the player. The hint is the expert's (issue 28 item 1), here with a
    small budget: the same search, fewer playouts."""
    monkeypatch.setattr(bot_levels, "budget_for",
                        lambda ruleset: ExpertBudget(candidates=3, samples=2, depth=8))
    ruleset = get_ruleset(game)
    checked = 0
    for n, state in enumerate(positions(ruleset, range(2), ruleset.max_players, 60)):
        if n % 4:
            continue
        seat = min(ruleset.actors(state))
        hint = suggest(ruleset, state, seat, GameRng(n))
        assert hint is not None
        assert ruleset.read_action(state, seat, hint[0]) in ruleset.legal_actions(state, seat)
        for variant in ruleset.hidden_variants(state, seat, GameRng(1000 + n)):
            assert suggest(ruleset, variant, seat, GameRng(n)) == hint
            checked += 1
    assert checked


# -- the animated replay ----------------------------------------------------------------------
def test_animation_stays_within_its_size() -> None:
    """Issue 16: "The animated replay stays within its size": 8 MB is Discord's upload
    limit; a limit too small for the frames makes them smaller (then fewer), never over."""
    ruleset = get_ruleset("hagoth")
    frames = [(ruleset.view(state, None), f"turn {i}") for i, state in
              enumerate(positions(ruleset, range(1), 2, 24)) if i % 3 == 0]
    pngs = render_frames("hagoth", frames, ["Ann", "Bo"], "en")
    full = assemble(pngs)
    assert len(full) <= MAX_BYTES < 8 * 1024 * 1024
    with Image.open(io.BytesIO(full)) as gif:
        assert gif.format == "GIF" and gif.n_frames == len(frames) and gif.width == 720
    limit = len(full) // 3
    small = assemble(pngs, limit)
    assert len(small) <= limit
    with Image.open(io.BytesIO(small)) as gif:
        assert gif.width < 720 or gif.n_frames < len(frames)


# -- through the service: undo, rematch, hints, stats ---------------------------------------
@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    """The stats and ratings tests run on SQLite and on PostgreSQL (issue 17)."""
    async with await Storage.open(database) as opened:
        yield opened


@pytest.fixture
async def service(storage: Storage) -> AsyncIterator[SessionService]:
    service = SessionService(storage, render=False)
    yield service
    await service.close()


async def two_humans(service: SessionService, game: str = "hagoth", options: str = "target=5",
                     seed: int = 3) -> int:
    await service.new_game(CHANNEL, HOST, game, options, guild_id="g1")
    await service.join(CHANNEL, GUEST)
    update = await service.start(CHANNEL, HOST, seed=seed)
    return update.session_id


async def play_bot_move(service: SessionService, session_id: int) -> Any:
    """The current human plays what the bot would."""
    row = await service.storage.get(session_id)
    assert row is not None and row.state is not None
    ruleset = get_ruleset(row.game)
    state = ruleset.load(json.loads(row.state))
    seat = min(ruleset.actors(state))
    person = HOST if row.seats[seat].user_id == HOST.user_id else GUEST
    return await service.move(CHANNEL, person, ruleset.notate_action(
        state, ruleset.bot_action(state, seat)))


async def test_undo_through_the_service(service: SessionService, storage: Storage) -> None:
    """Issue 16, undo: the mover takes back a free Hagoth rearrangement; the take-back is
    logged as a move (nothing deleted), everyone's update says so, the log still replays,
    and a move by someone else, or one that rolled the die, cannot be taken back."""
    from games.hagoth.actions import MoveSegment

    ruleset = get_ruleset("hagoth")
    session_id = await two_humans(service)
    for _ in range(300):
        row = await storage.get(session_id)
        assert row is not None and row.state is not None
        state = ruleset.load(json.loads(row.state))
        seat = min(ruleset.actors(state))
        person = HOST if seat == 0 else GUEST
        moves = [a for a in ruleset.legal_actions(state, seat) if isinstance(a, MoveSegment)]
        if moves:
            break
        await play_bot_move(service, session_id)
    assert moves, "no rearrangement came up"
    other = GUEST if person is HOST else HOST
    before = json.loads(row.state)
    await service.move(CHANNEL, person, ruleset.notate_action(state, moves[0]))
    await refused(service.undo(CHANNEL, other), "history.undo.not_last")
    log_before = await storage.action_log(session_id)
    update = await service.undo(CHANNEL, person)
    assert "takes back" in update.text and person.name in update.text
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    assert json.loads(row.state) == before
    log = await storage.action_log(session_id)
    assert len(log) == len(log_before) + 1 and log[-1].notation == UNDO
    assert [e.notation for e in log[:-1]] == [e.notation for e in log_before]
    assert await service.replay_check(session_id)
    # the text of /game log tells everybody about the take-back too
    assert "takes back" in (await service.game_log(CHANNEL, 2))
    # the animated replay waits for the end of the game
    await refused(service.animated_replay(CHANNEL, session_id), "history.replay.not_over")


async def test_undo_refuses_a_die_roll(service: SessionService, storage: Storage) -> None:
    """Hagoth rulebook: Go Wooding rolls the four-sided die: never taken back."""
    from games.hagoth.actions import ActWood

    ruleset = get_ruleset("hagoth")
    session_id = await two_humans(service, seed=11)
    row = await storage.get(session_id)
    assert row is not None and row.state is not None
    state = ruleset.load(json.loads(row.state))
    seat = min(ruleset.actors(state))
    person = HOST if seat == 0 else GUEST
    wood = next(a for a in ruleset.legal_actions(state, seat) if isinstance(a, ActWood))
    await service.move(CHANNEL, person, ruleset.notate_action(state, wood))
    await refused(service.undo(CHANNEL, person), "history.undo.not_allowed")


async def refused(awaitable: Any, key: str) -> None:
    with pytest.raises(ServiceError) as caught:
        await awaitable
    assert caught.value.key == key, caught.value.key


async def test_hint_needs_the_lobby_option_and_the_turn(service: SessionService) -> None:
    """Issue 16, hints: off by default; ``hints=yes`` turns ``/hint`` on, for the player
    to act only; the hint is a legal move with its label."""
    await two_humans(service)
    await refused(service.hint(CHANNEL, HOST), "history.hint.off")
    await service.abandon(CHANNEL, HOST, can_manage=True)
    session_id = await two_humans(service, options="target=5 hints=yes")
    row = await service.storage.get(session_id)
    assert row is not None and row.options.get("hints") is True
    assert "hints" not in game_options(row.options)  # the ruleset never sees it
    state = get_ruleset("hagoth").load(json.loads(row.state or "{}"))
    to_act = HOST if 0 in get_ruleset("hagoth").actors(state) else GUEST
    waiting = GUEST if to_act is HOST else HOST
    text = await service.hint(CHANNEL, to_act)
    assert text.startswith("💡") and "`" in text
    await refused(service.hint(CHANNEL, waiting), "history.hint.not_your_turn")
    with pytest.raises(InvalidOption):
        await service.new_game("chan-other", HOST, "hagoth", "hints=perhaps")


async def finish(service: SessionService, session_id: int) -> None:
    for _ in range(2000):
        update = await play_bot_move(service, session_id)
        if update.finished:
            return
    raise AssertionError("the game did not finish")


async def test_stats_ratings_and_rematch(service: SessionService, storage: Storage) -> None:
    """Issue 16, "stats and ratings after finished games" and "Rematch": a finished game
    of two humans counts once for each, moves their ratings apart (winner up), shows on
    /stats and /leaderboard; Rematch opens a lobby with the same seats and options that
    starts once every player has confirmed their seat."""
    session_id = await two_humans(service)
    await finish(service, session_id)
    row = await storage.get(session_id)
    assert row is not None and row.status == FINISHED and row.state is not None
    result = get_ruleset("hagoth").result(get_ruleset("hagoth").load(json.loads(row.state)))
    assert result is not None
    winner = HOST if 0 in result.winners else GUEST
    loser = GUEST if winner is HOST else HOST
    ratings = await storage.ratings_of("g1", "hagoth", [HOST.user_id, GUEST.user_id])
    assert ratings[winner.user_id][0] > 25 > ratings[loser.user_id][0]
    # recorded once: a second call changes nothing
    assert not await service.storage.record_results(
        session_id, guild_id="g1", game="hagoth", outcomes=[(HOST.user_id, True)],
        with_bots=False, ratings=[])
    text = await service.stats("g1", winner.user_id, winner.name, "en")
    assert "1 game among humans, 1 won (100%)" in text and "rating" in text
    assert "0 won (0%)" in await service.stats("g1", loser.user_id, loser.name, "en")
    assert "has not finished" in await service.stats("g-other", HOST.user_id, "Hana", "en")
    board = await service.leaderboard("g1", "hagoth", "en")
    assert board.index(winner.name) < board.index(loser.name)
    assert "Nobody is rated" in await service.leaderboard("g1", "hexfolk", "en")

    # Rematch: same seats in the same order, the clicker hosts, the other confirms.
    await refused(service.rematch(CHANNEL, Person("u-x", "X"), session_id),
                  "history.rematch.not_player")
    lobby = await service.rematch(CHANNEL, GUEST, session_id)
    assert lobby.status == LOBBY and "Hana" in lobby.text and "to confirm" in lobby.text
    new = await storage.get(lobby.session_id)
    assert new is not None and new.options == row.options and new.host_id == GUEST.user_id
    assert [(s.seat, s.user_id) for s in new.seats] == [(s.seat, s.user_id) for s in row.seats]
    await refused(service.start(CHANNEL, GUEST), "history.rematch.unconfirmed")
    await refused(service.rematch(CHANNEL, HOST, session_id), "history.rematch.busy")
    confirmed = await service.join(CHANNEL, HOST)
    assert "confirms" in confirmed.text and "to confirm" not in confirmed.text
    started = await service.start(CHANNEL, GUEST)
    assert started.status == "active"


async def test_games_with_bots_count_apart_and_unrated(
        service: SessionService, storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: "Games with bots are counted separately"; a rating needs two humans.
    The animated replay of the finished game is made once for two clicks at a time."""
    await service.new_game(CHANNEL, HOST, "hagoth", "target=5", guild_id="g1")
    await service.add_bot(CHANNEL, HOST)
    session_id = (await service.start(CHANNEL, HOST, seed=4)).session_id
    await finish(service, session_id)
    text = await service.stats("g1", HOST.user_id, "Hana", "en")
    assert "with bots: 1 played" in text and "among humans" not in text
    assert await storage.ratings_of("g1", "hagoth", [HOST.user_id]) == {}

    made: list[int] = []

    async def fake_animate(pool: Any, game: str, seats: int, options: Any, seed: int,
                           entries: list[tuple[int, str]], *rest: Any) -> bytes:
        made.append(len(entries))
        await asyncio.sleep(0.05)
        return b"GIF89a"

    monkeypatch.setattr("bot.replay.animate", fake_animate)
    first, second = await asyncio.gather(service.animated_replay(CHANNEL, session_id),
                                         service.animated_replay(CHANNEL, session_id))
    assert first == second == b"GIF89a" and len(made) == 1
    assert made[0] == len(await storage.action_log(session_id))
    assert await service.animated_replay(CHANNEL, session_id) == b"GIF89a" and len(made) == 1


def test_ranks_put_winners_first_then_scores() -> None:
    """Issue 16, ratings: the humans are ranked by the game's result (ties share)."""
    row = fake_row(get_ruleset("hexfolk"), 1, 4)
    for seat in row.seats:
        seat.is_bot = False
    ranks = human_ranks(row, Result((5, 9, 7, 7), (1,)))
    assert ranks == {"u1": 1, "u2": 2, "u3": 2, "u0": 4}
