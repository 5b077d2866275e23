"""Bot strength through the :class:`~games.protocol.Ruleset` protocol, for any game.

Two measurements at fixed seeds:

1. **Bot against random**: at the game's largest player count, game ``i`` (seeded
   ``seed * 1_000_003 + i``) puts one :meth:`~games.protocol.Ruleset.bot_action` seat in
   seat ``i % players`` (so the bot rotates through every seat) and lets a seeded
   :class:`random.Random` pick a legal action for every other seat. The bot *wins* a
   game when it is the result's only winner; a **shared** win (the bot among several
   winners) is counted apart and is not a win (issue 30 item 2: the win-rate target
   is held by sole wins). A game still running after ``max_actions`` actions is
   stopped and counted as ``cap`` (not a win).
2. **Bots only**: for every player count, ``finish_seeds`` games with a bot in every
   seat; the figure is the share that reach a result of their own within
   ``max_actions`` actions (a ``turn_limit``-style house rule is never switched on: the
   game's default options are used).

How games ended is tallied by the last part of the result's ``reason_key``
(``lovci-pokladu.result.treasure`` -> ``treasure``) plus ``cap`` for stopped games.
Games are started until their count is reached or a time budget runs out (the game in
progress is finished), so on a slow machine fewer games may be counted; the counts are
reported.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games import Ruleset

from .stats import default_options

CAP = "cap"


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game: who won, why it ended (``cap`` if stopped) and how many actions."""

    winners: tuple[int, ...]
    reason: str
    actions: int
    turns: int | None


@dataclass(slots=True)
class StrengthStats:
    """What the strength measurement found."""

    players: int
    games: int = 0
    #: games the bot won alone
    sole_wins: int = 0
    #: games the bot won together with others (not counted as wins)
    shared_wins: int = 0
    actions: int = 0
    turns: int = 0
    turn_games: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    #: players -> (games, finished by the rules, reasons)
    bot_only: dict[int, tuple[int, int, dict[str, int]]] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def win_rate(self) -> float | None:
        """The share of games the bot won alone (a shared win is not a win)."""
        return self.sole_wins / self.games if self.games else None

    @property
    def shared_win_rate(self) -> float | None:
        return self.shared_wins / self.games if self.games else None

    @property
    def avg_turns(self) -> float | None:
        if self.turn_games:
            return self.turns / self.turn_games
        return self.actions / self.games if self.games else None

    def record(self, seat: int, winners: tuple[int, ...]) -> None:
        """Count one game's result for the bot in ``seat``."""
        if winners == (seat,):
            self.sole_wins += 1
        elif seat in winners:
            self.shared_wins += 1

    def finish_rate(self, players: int) -> float | None:
        games, finished, _ = self.bot_only.get(players, (0, 0, {}))
        return finished / games if games else None

    @property
    def worst_finish_rate(self) -> float | None:
        rates = [r for p in self.bot_only if (r := self.finish_rate(p)) is not None]
        return min(rates) if rates else None


def _reason(key: str) -> str:
    return key.rsplit(".", 1)[-1]


def _turn(ruleset: Ruleset[Any, Any], state: Any) -> int | None:
    """The game's turn counter: ``state.turn`` where the game keeps one, else an integer
    turn marker (Hexfolk's marker is a tuple, so it needs the attribute)."""
    turn = getattr(state, "turn", None)
    if not isinstance(turn, int) or isinstance(turn, bool):
        turn = ruleset.turn_marker(state)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) else None


def play_game(ruleset: Ruleset[Any, Any], players: int, options: dict[str, Any], seed: int,
              bot_seats: frozenset[int], max_actions: int) -> GameOutcome:
    """One game: ``bot_seats`` play :meth:`bot_action`, the rest random legal actions."""
    rng = random.Random(seed)
    state = ruleset.setup(players, options, seed)
    actions = 0
    while (result := ruleset.result(state)) is None:
        if actions >= max_actions:
            return GameOutcome((), CAP, actions, _turn(ruleset, state))
        actors = sorted(ruleset.actors(state))
        if not actors:
            raise RuntimeError(f"{ruleset.id}: no seat may act but the game has no result")
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        if seat in bot_seats:
            action = ruleset.bot_action(state, seat)
        else:
            action = rng.choice(ruleset.legal_actions(state, seat))
        ruleset.apply_trusted(state, seat, action)  # both come from the legal list
        actions += 1
    return GameOutcome(tuple(result.winners), _reason(result.reason_key), actions,
                       _turn(ruleset, state))


def run_strength(ruleset: Ruleset[Any, Any], *, seed: int, games: int, finish_seeds: int,
                 max_actions: int, budget_s: float, players: int | None = None,
                 ) -> StrengthStats:
    """Bot-against-random games at ``players`` (default: the largest player count), then
    bot-only games.

    ``budget_s`` is shared: the bot-only games get whatever is left of it, but at least
    a quarter of it and always at least one game per player count.
    """
    options = default_options(ruleset)
    players = players or ruleset.max_players
    stats = StrengthStats(players)
    start = time.perf_counter()
    vs_budget = budget_s * 0.6
    for i in range(games):
        if i and time.perf_counter() - start >= vs_budget:
            break
        seat = i % players
        out = play_game(ruleset, players, options, seed * 1_000_003 + i, frozenset({seat}),
                        max_actions)
        stats.games += 1
        stats.actions += out.actions
        if out.turns is not None:
            stats.turns += out.turns
            stats.turn_games += 1
        stats.endings[out.reason] += 1
        stats.record(seat, out.winners)
    counts = range(ruleset.min_players, ruleset.max_players + 1)
    left = max(budget_s - (time.perf_counter() - start), budget_s * 0.25)
    for players_here in counts:
        part_start = time.perf_counter()
        part_budget = left / len(counts)
        reasons: Counter[str] = Counter()
        played = finished = 0
        for i in range(finish_seeds):
            if i and time.perf_counter() - part_start >= part_budget:
                break
            out = play_game(ruleset, players_here, options, seed * 1_000_003 + i,
                            frozenset(range(players_here)), max_actions)
            played += 1
            finished += out.reason != CAP
            reasons[out.reason] += 1
        stats.bot_only[players_here] = (played, finished, dict(sorted(reasons.items())))
    stats.seconds = time.perf_counter() - start
    return stats
