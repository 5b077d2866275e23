"""``python -m bench.ladder [--game ID] [--games N] [--seed N] [--json]``: the bot levels'
ladder (issue 28 item 2).

For every game (or the one ``--game`` names), at the table the ladder names (4 players,
or the game's largest table below that; Haze Islands: its competitive 3-player game),
two matches: ``expert`` against ``normal`` and ``normal`` against ``easy``. In each, one
seat plays the higher level and every other seat the lower one. Game ``i`` is dealt from
seed ``seed * 1_000_003 + i // players`` with our seat at ``i % players``, so every deal
is played from every seat (seats rotated) and both matches play the same deals (seeds
shared). A game still running after :data:`MAX_ACTIONS` actions is stopped (``capped``,
not a win).

Each row: games, our seat's share of sole wins (shared wins are counted apart, never as
wins), its 95 % Wilson interval, the share an even player would have (``1 / players``),
and the p95 time of our level's decisions (and of the opponents'), in ms of wall time,
and of our decisions' CPU time (``decision_cpu_ms_p95``: the machine may be shared).
Haze Islands adds, for every level, its win rate solo and in 2-bot cooperative games
(``mode`` ``solo`` / ``coop``; ``opponent`` is ``null``: bots of that level in every seat).

With ``--json`` every row is one JSON object per line, with at least ``game``, ``level``,
``opponent``, ``players``, ``games``, ``share``, ``ci_low``, ``ci_high`` and
``decision_ms_p95``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import games
from games import Ruleset
from games.bot_levels import EASY, EXPERT, NORMAL, level_action

from .catanatron_seat import wilson
from .stats import default_options, percentile

#: A game longer than this many actions is stopped and counted as ``capped``.
MAX_ACTIONS = 3000
#: (higher level, lower level) of each match.
MATCHES: tuple[tuple[str, str], ...] = ((EXPERT, NORMAL), (NORMAL, EASY))
HAZE = "haze-islands"
#: Haze Islands' modes measured per level besides the competitive match: (mode, seats).
HAZE_MODES: tuple[tuple[str, int], ...] = (("solo", 1), ("coop", 2))


@dataclass(slots=True)
class LadderRow:
    """One line of the ladder."""

    game: str
    level: str
    opponent: str | None
    players: int
    mode: str = "competitive"
    games: int = 0
    sole_wins: int = 0
    shared_wins: int = 0
    capped: int = 0
    share: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 1.0
    even_share: float = 0.0
    decision_ms_p95: float = 0.0
    #: the same decisions' CPU time (``time.process_time``): on a machine shared with
    #: other work the wall time above grows with the load, the CPU time does not
    decision_cpu_ms_p95: float = 0.0
    opponent_ms_p95: float | None = None
    seconds: float = 0.0
    our_ms: list[float] = field(default_factory=list, repr=False)
    their_ms: list[float] = field(default_factory=list, repr=False)
    our_cpu_ms: list[float] = field(default_factory=list, repr=False)

    def finish(self) -> LadderRow:
        self.share = self.sole_wins / self.games if self.games else 0.0
        self.ci_low, self.ci_high = wilson(self.sole_wins, self.games)
        self.even_share = 1.0 / self.players if self.opponent else 0.0
        self.decision_ms_p95 = percentile(self.our_ms, 0.95) if self.our_ms else 0.0
        self.decision_cpu_ms_p95 = (percentile(self.our_cpu_ms, 0.95) if self.our_cpu_ms
                                    else 0.0)
        self.opponent_ms_p95 = percentile(self.their_ms, 0.95) if self.their_ms else None
        return self

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["our_ms"], data["their_ms"], data["our_cpu_ms"]
        for key in ("share", "ci_low", "ci_high", "even_share", "seconds"):
            data[key] = round(data[key], 4)
        for key in ("decision_ms_p95", "decision_cpu_ms_p95", "opponent_ms_p95"):
            if data[key] is not None:
                data[key] = round(data[key], 2)
        return data

    def line(self) -> str:
        against = f"vs {self.opponent:<6}" if self.opponent else f"{self.mode:<9}"
        kind = "sole wins" if self.mode == "competitive" else "wins"
        even = f", even {self.even_share:.0%}" if self.opponent else ""
        return (f"{self.game:<14} {self.level:<6} {against} {self.players}p: {kind} "
                f"{self.sole_wins}/{self.games} = {self.share:.1%} "
                f"(95% CI {self.ci_low:.1%}–{self.ci_high:.1%}{even}), shared "
                f"{self.shared_wins}, capped {self.capped}, p95 {self.decision_ms_p95:.1f} ms"
                f" (CPU {self.decision_cpu_ms_p95:.1f} ms)"
                + (f" (opponents {self.opponent_ms_p95:.1f} ms)"
                   if self.opponent_ms_p95 is not None else ""))


def table(ruleset: Ruleset[Any, Any]) -> tuple[int, dict[str, Any]]:
    """The players and options a game's ladder match is played at."""
    options = default_options(ruleset)
    if ruleset.id == HAZE:
        return 3, dict(options, mode="competitive")
    return min(4, ruleset.max_players), options


def play(ruleset: Ruleset[Any, Any], players: int, options: dict[str, Any], seed: int,
         levels: list[str], our: frozenset[int], row: LadderRow) -> None:
    """One game, seat ``s`` played at ``levels[s]``; counted in ``row`` for ``our`` seats
    (one seat in a match; every seat in a solo or cooperative game)."""
    state = ruleset.setup(players, options, seed)
    actions = 0
    while (result := ruleset.result(state)) is None:
        if actions >= MAX_ACTIONS:
            row.games += 1
            row.capped += 1
            return
        seat = min(ruleset.actors(state))
        started = time.perf_counter()
        cpu = time.process_time()
        action = level_action(ruleset, state, seat, levels[seat])
        (row.our_ms if seat in our else row.their_ms).append(
            1000.0 * (time.perf_counter() - started))
        if seat in our:
            row.our_cpu_ms.append(1000.0 * (time.process_time() - cpu))
        ruleset.apply_trusted(state, seat, action)  # a level's move is a legal one
        actions += 1
    row.games += 1
    winners = tuple(result.winners)
    if winners and set(winners) <= our and (len(our) > 1 or len(winners) == 1):
        row.sole_wins += 1  # a solo / cooperative win, or the match seat's sole win
    elif our & set(winners):
        row.shared_wins += 1


def match(ruleset: Ruleset[Any, Any], level: str, opponent: str, games_count: int,
          seed: int) -> LadderRow:
    """``level`` in one seat (rotating), ``opponent`` in the rest."""
    players, options = table(ruleset)
    row = LadderRow(ruleset.id, level, opponent, players)
    started = time.perf_counter()
    for i in range(games_count):
        ours = i % players
        levels = [level if s == ours else opponent for s in range(players)]
        play(ruleset, players, options, seed * 1_000_003 + i // players, levels,
             frozenset({ours}), row)
    row.seconds = time.perf_counter() - started
    return row.finish()


def haze_mode(level: str, mode: str, players: int, games_count: int, seed: int) -> LadderRow:
    """Haze Islands solo or cooperative games with bots of ``level`` in every seat."""
    ruleset = games.get_ruleset(HAZE)
    options = dict(default_options(ruleset), mode=mode)
    row = LadderRow(HAZE, level, None, players, mode=mode)
    started = time.perf_counter()
    for i in range(games_count):
        play(ruleset, players, options, seed * 1_000_003 + i, [level] * players,
             frozenset(range(players)), row)
    row.seconds = time.perf_counter() - started
    return row.finish()


def ladder(game: str | None, games_count: int, seed: int,
           report: Callable[[LadderRow], None] = lambda row: None,
           expert_games: int | None = None) -> list[LadderRow]:
    """Every row of the ladder (``game``: only that game's), each given to ``report`` as
    soon as it is measured (a long run shows its progress). Matches with an expert play
    ``expert_games`` games (default ``games_count``): its search costs up to a second a
    decision."""
    expert_count = games_count if expert_games is None else expert_games
    rows: list[LadderRow] = []
    for ruleset in games.all_rulesets():
        if game and ruleset.id != game:
            continue
        for level, opponent in MATCHES:
            count = expert_count if EXPERT in (level, opponent) else games_count
            rows.append(match(ruleset, level, opponent, count, seed))
            report(rows[-1])
        if ruleset.id == HAZE:
            # (solo and cooperative games need no search: Haze's expert plays its plan
            # there, as fast as normal (RULES-NOTES HZ-D67), so those rows play
            # ``games_count`` games at every level)
            for level in (EASY, NORMAL, EXPERT):
                for mode, players in HAZE_MODES:
                    rows.append(haze_mode(level, mode, players, games_count, seed))
                    report(rows[-1])
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=None, help="only this game id")
    parser.add_argument("--games", type=int, default=100, help="games per row (100)")
    parser.add_argument("--expert-games", type=int, default=None,
                        help="games per row with an expert (default: --games)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    args = parser.parse_args(argv)
    known = {r.id for r in games.all_rulesets()}
    if args.game and args.game not in known:
        parser.error(f"unknown game {args.game!r}; games: {', '.join(sorted(known))}")
    ladder(args.game, args.games, args.seed,
           lambda row: print(json.dumps(row.as_json(), ensure_ascii=False) if args.json
                             else row.line(), flush=True), args.expert_games)


if __name__ == "__main__":
    main()
