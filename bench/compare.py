"""Hexfolk side by side with Catanatron, fairly: whole games, interleaved game by game.

`Catanatron <https://github.com/bcollazo/catanatron>`_ (PyPI ``catanatron``, pinned in
the optional ``compare`` extra: ``pip install -e '.[compare]'``) is a pure-Python
Settlers of Catan engine. Two measurements, both at 4 players (Catanatron's largest):

1. **Random games**, twice: with our player trades **off** (the Hexfolk house option
   ``trades=off``: the same action set as Catanatron 3.2.1, which has no trades between
   players) and **on** (our default). Our game ``i`` and Catanatron's game ``i`` are
   played one after the other, then game ``i + 1`` of each (the one that goes first
   alternates), so both engines see the same machine at the same moment; every game
   started is finished, setup included.

   * ours: :func:`bench.playouts.playout` on ``hexfolk`` (seeded ``seed * 1_000_003 +
     i``), moves applied through the trusted path as any playout does;
   * theirs: ``catanatron.Game`` with four ``RandomPlayer`` seats (seeded ``seed *
     1_000_003 + i + 1``: Catanatron takes 0 as "no seed"), stepped with
     ``Game.play_tick`` under ``Game.play``'s stop condition (a winner, or its turn
     limit: then counted as unfinished), actions counted as ``len(game.state.actions)``.
     Catanatron seeds the global :mod:`random` module; its state is restored afterwards.

   The figures: **games per second** (the target: ours at least :data:`TARGET_OFF` times
   theirs with trades off, :data:`TARGET_ON` with trades on) and **µs per comparable
   action**: every action except player-trade steps (offer, accept, decline, counter,
   trade, cancel), which Catanatron lacks.

2. **Bot against bot** (in Catanatron's engine, where its bots live): one seat is our
   Hexfolk bot (:mod:`bench.catanatron_seat` translates Catanatron's position into a
   Hexfolk state each time the seat decides and our bot's move back), the other three
   are Catanatron's ``WeightedRandomPlayer`` or ``VictoryPointPlayer``; our seat rotates.
   Reported: games per second and our win rate (a quarter would be an even share).

Time is **CPU time of this process** (:func:`time.process_time`): the machine is shared
(8 engineers on 2 cores when this was written), and wall time then mostly measures the
neighbours; wall-clock games/s are reported beside it. Interleaving makes the two sides
see the same cache and clock-frequency conditions. Everything but the timings follows
from the seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib import metadata
from typing import Any

from games import get_ruleset
from games.hexfolk.actions import Accept, Cancel, Counter, Decline, Offer, Trade

from .playouts import playout
from .stats import default_options

#: The player count of both sides (Catanatron's largest).
PLAYERS = 4
#: Our game in the comparison.
GAME_ID = "hexfolk"
#: The Catanatron release the ``compare`` extra pins.
CATANATRON_VERSION = "3.2.1"
#: What to do when Catanatron is missing.
INSTALL_HINT = "install the compare extra: pip install -e '.[compare]'"
#: Games/s ours over theirs to reach, player trades off (same action set) and on.
TARGET_OFF = 2.0
TARGET_ON = 1.0
#: Player-trade steps: played, but not comparable actions (Catanatron has none).
PLAYER_TRADE_STEPS = (Offer, Accept, Decline, Counter, Trade, Cancel)
#: Catanatron's bots our bot plays against.
OPPONENTS = ("WeightedRandomPlayer", "VictoryPointPlayer")


@dataclass(slots=True)
class Side:
    """One engine's games in one measurement."""

    games: int = 0
    unfinished: int = 0
    actions: int = 0
    comparable_actions: int = 0
    cpu_s: float = 0.0
    wall_s: float = 0.0

    def add(self, actions: int, comparable: int, finished: bool, cpu: float,
            wall: float) -> None:
        self.games += 1
        self.unfinished += not finished
        self.actions += actions
        self.comparable_actions += comparable
        self.cpu_s += cpu
        self.wall_s += wall

    @property
    def games_per_s(self) -> float:
        return self.games / self.cpu_s if self.cpu_s > 0 else 0.0

    @property
    def wall_games_per_s(self) -> float:
        return self.games / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def us_per_comparable_action(self) -> float | None:
        if not self.comparable_actions:
            return None
        return 1e6 * self.cpu_s / self.comparable_actions


@dataclass(slots=True)
class RandomRun:
    """Random games of both engines, our player trades on or off."""

    trades: bool
    ours: Side = field(default_factory=Side)
    theirs: Side = field(default_factory=Side)

    @property
    def target(self) -> float:
        return TARGET_ON if self.trades else TARGET_OFF

    @property
    def ratio(self) -> float | None:
        """Our games per second over theirs (CPU time)."""
        if self.theirs.games_per_s <= 0:
            return None
        return self.ours.games_per_s / self.theirs.games_per_s

    @property
    def wall_ratio(self) -> float | None:
        if self.theirs.wall_games_per_s <= 0:
            return None
        return self.ours.wall_games_per_s / self.theirs.wall_games_per_s


@dataclass(slots=True)
class BotRun:
    """Our bot in one seat against three of Catanatron's ``opponent``."""

    opponent: str
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    cpu_s: float = 0.0
    #: Our seat's moves that had no Catanatron counterpart (a random legal one was made).
    fallbacks: int = 0
    decisions: int = 0

    @property
    def games_per_s(self) -> float:
        return self.games / self.cpu_s if self.cpu_s > 0 else 0.0

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def catanatron_version() -> str | None:
    """The installed Catanatron version, or None when it cannot be imported."""
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return None
    try:
        return metadata.version("catanatron")
    except metadata.PackageNotFoundError:
        return "unknown"


def _timed(play: Callable[[], tuple[int, int, bool]]) -> tuple[int, int, bool, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    actions, comparable, finished = play()
    return actions, comparable, finished, time.process_time() - cpu, time.perf_counter() - wall


def our_random_game(seed: int, trades: bool) -> tuple[int, int, bool]:
    """(actions, comparable actions, finished) of one random 4-player Hexfolk game."""
    ruleset = get_ruleset(GAME_ID)
    options = {**default_options(ruleset), "trades": trades}
    actions, finished, trade_steps = playout(ruleset, PLAYERS, options, seed,
                                             uncounted=PLAYER_TRADE_STEPS)
    return actions, actions - trade_steps, finished


def their_random_game(seed: int) -> tuple[int, int, bool]:
    """(actions, comparable actions, finished) of one random 4-player Catanatron game."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    game = Game([RandomPlayer(color) for color in list(Color)[:PLAYERS]], seed=seed)
    state = game.state
    # Game.play's loop, without its two whole-game copies for accumulators
    while game.winning_color() is None and state.num_turns < TURNS_LIMIT:
        game.play_tick()
    return len(state.actions), len(state.actions), game.winning_color() is not None


def run_random(*, seed: int, trades: bool, budget_s: float,
               max_games: int | None = None) -> RandomRun:
    """Random games of both engines, interleaved, until both sides together used
    ``budget_s`` CPU seconds (or ``max_games`` each). Raises :class:`ImportError`
    without Catanatron."""
    if catanatron_version() is None:
        raise ImportError(f"Catanatron is not installed; {INSTALL_HINT}")
    run = RandomRun(trades)
    saved = random.getstate()
    try:
        i = 0
        while True:
            base = seed * 1_000_003 + i
            ours = (partial(our_random_game, base, trades), run.ours)
            theirs = (partial(their_random_game, base + 1), run.theirs)
            for play, side in (ours, theirs) if i % 2 == 0 else (theirs, ours):
                side.add(*_timed(play))
            i += 1
            if run.ours.cpu_s + run.theirs.cpu_s >= budget_s or (
                    max_games is not None and i >= max_games):
                break
    finally:
        random.setstate(saved)
    return run


def run_bots(*, seed: int, opponent: str, budget_s: float,
             max_games: int | None = None) -> BotRun:
    """Our bot against three of Catanatron's ``opponent`` bots, in Catanatron's engine."""
    from .catanatron_seat import play_bot_game

    run = BotRun(opponent)
    saved = random.getstate()
    try:
        while True:
            cpu = time.process_time()
            outcome = play_bot_game(seed * 1_000_003 + run.games + 1, opponent,
                                    our_seat=run.games % PLAYERS)
            run.cpu_s += time.process_time() - cpu
            run.games += 1
            run.wins += outcome.won
            run.unfinished += not outcome.finished
            run.fallbacks += outcome.fallbacks
            run.decisions += outcome.decisions
            if run.cpu_s >= budget_s or (max_games is not None and run.games >= max_games):
                break
    finally:
        random.setstate(saved)
    return run


@dataclass(frozen=True, slots=True)
class CompareStats:
    """Every measurement of ``--compare``."""

    random_runs: tuple[RandomRun, ...]
    bot_runs: tuple[BotRun, ...]
    catanatron_version: str
    note: str | None = None


def run_compare(*, seed: int, budget_s: float, max_games: int | None = None,
                bot_games: int | None = None) -> CompareStats:
    """Random games with our player trades off, then on, then the bot matches; each
    measurement gets ``budget_s`` CPU seconds (or a fixed number of games)."""
    version = catanatron_version()
    if version is None:
        raise ImportError(f"Catanatron is not installed; {INSTALL_HINT}")
    randoms = tuple(run_random(seed=seed, trades=trades, budget_s=budget_s,
                               max_games=max_games) for trades in (False, True))
    bots = tuple(run_bots(seed=seed, opponent=name, budget_s=budget_s,
                          max_games=bot_games if bot_games is not None else max_games)
                 for name in OPPONENTS)
    note = None
    if version != CATANATRON_VERSION:
        note = f"Catanatron {version} installed, the compare extra pins {CATANATRON_VERSION}"
    return CompareStats(randoms, bots, version, note=note)


def _r(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def figures(stats: CompareStats, seed: int) -> dict[str, Any]:
    """The comparison as a JSON-ready dict (one line of ``python -m bench --compare``)."""
    row: dict[str, Any] = {"game": GAME_ID, "players": PLAYERS, "seed": seed,
                           "compare_catanatron_version": stats.catanatron_version,
                           "compare_clock": "process CPU time"}
    for run in stats.random_runs:
        mode = "compare_trades_on_" if run.trades else "compare_trades_off_"
        for who, side in (("ours_", run.ours), ("catanatron_", run.theirs)):
            p = mode + who
            row.update({
                p + "games": side.games, p + "unfinished": side.unfinished,
                p + "games_per_s": _r(side.games_per_s, 3),
                p + "wall_games_per_s": _r(side.wall_games_per_s, 3),
                p + "us_per_comparable_action": _r(side.us_per_comparable_action, 2),
                p + "avg_actions_per_game": _r(side.actions / side.games, 1),
                p + "avg_comparable_actions_per_game": _r(
                    side.comparable_actions / side.games, 1),
                p + "cpu_s": round(side.cpu_s, 3),
            })
        row[mode + "ratio"] = _r(run.ratio, 3)
        row[mode + "wall_ratio"] = _r(run.wall_ratio, 3)
        row[mode + "target"] = run.target
    for bot in stats.bot_runs:
        p = f"compare_bot_vs_{bot.opponent}_"
        row.update({
            p + "games": bot.games, p + "wins": bot.wins, p + "unfinished": bot.unfinished,
            p + "win_pct": _r(None if bot.win_rate is None else 100 * bot.win_rate, 1),
            p + "games_per_s": _r(bot.games_per_s, 3),
            p + "fallback_pct": _r(100 * bot.fallbacks / bot.decisions
                                   if bot.decisions else None, 2),
        })
    if stats.note:
        row["compare_note"] = stats.note
    return row


def report(row: dict[str, Any]) -> list[str]:
    """Human-readable lines: both sides per mode, the ratio against its target, the bots."""
    lines = [f"Random {PLAYERS}-player games, interleaved game by game, seed {row['seed']} "
             f"(CPU time of this process; wall-clock games/s in brackets):"]
    version = row["compare_catanatron_version"]
    for mode, label in (("compare_trades_off_", "player trades off (same action set)"),
                        ("compare_trades_on_", "player trades on")):
        lines.append(f" {label}:")
        for who, name in (("ours_", f"{GAME_ID} (ours)"), ("catanatron_",
                                                           f"catanatron {version}")):
            p = mode + who
            lines.append(
                f"  {name:<20} {row[p + 'games_per_s']:>7.2f} games/s "
                f"({row[p + 'wall_games_per_s']:.2f})  "
                f"{row[p + 'us_per_comparable_action']:>6.1f} us/comparable action  "
                f"{row[p + 'games']:>4} games  "
                f"{row[p + 'avg_comparable_actions_per_game']:>6,.0f} comparable of "
                f"{row[p + 'avg_actions_per_game']:>6,.0f} actions/game  "
                f"{row[p + 'unfinished']} unfinished")
        ratio, target = row[mode + "ratio"], row[mode + "target"]
        if ratio is None:
            lines.append(f"  games/s ours/catanatron >= {target:.1f}: NOT MEASURED (not met)")
        else:
            verdict = "met" if ratio >= target else "MISSED"
            lines.append(f"  games/s ours/catanatron >= {target:.1f}: {ratio:.2f}x  {verdict}"
                         f"  (wall clock {row[mode + 'wall_ratio']:.2f}x)")
    lines.append("Our bot in one seat (rotating) against three Catanatron bots, "
                 "in Catanatron's engine:")
    for name in OPPONENTS:
        p = f"compare_bot_vs_{name}_"
        if row.get(p + "games"):
            lines.append(
                f"  vs {name:<22} {row[p + 'wins']:>3}/{row[p + 'games']:<3} wins "
                f"({row[p + 'win_pct']:.0f}%; an even share is 25%)  "
                f"{row[p + 'games_per_s']:.2f} games/s  {row[p + 'unfinished']} unfinished  "
                f"{row[p + 'fallback_pct']:.2f}% of our moves untranslatable")
    if row.get("compare_note"):
        lines.append(f"  note: {row['compare_note']}")
    return lines
