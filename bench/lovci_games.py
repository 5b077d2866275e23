"""Lovci pokladů game length, seeded (issue 9 item 19): turns per game, how each ended,
the bot's CPU time per decision, and the position of any game that stalls.

Three sets of games, seeded as :mod:`bench.strength` seeds them (``seed * 1_000_003 + i``):
bots only at 2 and at 4 players, and one bot against three random-legal players (the bot
rotating through the seats). A game still running at ``--cap`` turns is stopped and its
position printed (``--show``), so the stall can be read off the board.

``python -m bench.lovci_games [--games N] [--cap TURNS] [--sets 2p,4p,vs]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from games.lovci_pokladu import RULESET, bot
from games.lovci_pokladu.data import CARD_TYPES, COLOUR_LETTERS, SLOT_SQUARE, square_name
from games.lovci_pokladu.rules import crewless_for_good, owner
from games.lovci_pokladu.state import ON_BOARD, LovciState

_LETTER = {"rose": "R", "seahorse": "H", "dolphin": "D", "starfish": "*", "shark": "X",
           "stingray": "Y", "turtle": "t", "octopus": "O", "hurricane": "U", "island": "I",
           "volcano": "V", "treasure": "$", "neptune": "N", "mermaid": "M", "sea": "."}


@dataclass(slots=True)
class GameRow:
    """One game: its seed, turns played, how it ended (``cap`` if stopped)."""

    seed: int
    turns: int
    reason: str
    winners: tuple[int, ...]
    bot_seats: frozenset[int]
    #: for a stopped game: whether a bot seat had dropped out or had no sailor left
    #: (then only random players were still moving, who never finish)
    note: str = ""


@dataclass(slots=True)
class Timing:
    """CPU seconds of each bot decision that had a real choice (more than one move)."""

    samples: list[float] = field(default_factory=list)

    def describe(self) -> str:
        if not self.samples:
            return "no bot decisions"
        ms = sorted(1000 * s for s in self.samples)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        return (f"bot CPU per decision: median {statistics.median(ms):.1f} ms, "
                f"p95 {p95:.1f} ms, max {ms[-1]:.1f} ms ({len(ms)} decisions)")


def board(state: LovciState) -> str:
    """The board as text, north up: a card letter (lower case = face down shown as
    ``#``), a sailor's colour letter where one stands, ``+`` where tokens lie."""
    rows = []
    for row in range(8, -1, -1):
        cells = []
        for col in range(9):
            sq = row * 9 + col
            card = "#" if not state.face_up[sq] else _LETTER[CARD_TYPES[state.cards[sq]].kind]
            who = [COLOUR_LETTERS[owner(state, i)] for i, s in enumerate(state.sailors)
                   if s.square == sq and s.state in (ON_BOARD, "held")]
            mark = "".join(who)[:1] or ("+" if state.tokens.get(sq) else " ")
            cells.append(card + mark)
        rows.append(f"{row + 1} " + " ".join(cells))
    rows.append("  " + " ".join(c + " " for c in "ABCDEFGHI"))
    return "\n".join(rows)


def describe_position(state: LovciState) -> str:
    lines = [board(state)]
    for i, ship in enumerate(state.ships):
        aboard = [j for j, s in enumerate(state.sailors) if s.ship == i and s.state == "ship"]
        beside = SLOT_SQUARE[ship.ring] if ship.ring >= 0 else -1
        lines.append(f"ship {i} owner {ship.owner} ring {ship.ring} "
                     f"(beside {square_name(beside) if beside >= 0 else 'tip'}) "
                     f"crew {len(aboard)} treasure {sum(ship.treasure)}")
    for i, s in enumerate(state.sailors):
        where = square_name(s.square) if s.square >= 0 else f"ring {s.ring}"
        lines.append(f"  sailor {i} owner {owner(state, i)} {s.state} {where} "
                     f"carry {s.carry} delay {s.delay}")
    lines.append(f"tokens {dict((square_name(k), v) for k, v in state.tokens.items())}; "
                 f"face down {[square_name(q) for q in range(81) if not state.face_up[q]]}")
    return "\n".join(lines)


def play(players: int, seed: int, bot_seats: frozenset[int], cap: int, timing: Timing,
         trace: list[str] | None = None, stall: int = 0) -> tuple[GameRow, LovciState]:
    """One game as :func:`bench.strength.play_game` plays it, stopped at ``cap`` turns
    (or at ``stall`` turns, when given: to look at a long game's position)."""
    rng = random.Random(seed)
    state = RULESET.setup(players, {}, seed)
    end = min(cap, stall) if stall else cap
    while RULESET.result(state) is None and state.turn < end:
        (seat,) = RULESET.actors(state)
        legal = RULESET.legal_actions(state, seat)
        if seat in bot_seats:
            t0 = time.process_time()
            action = bot.choose(state, seat)
            if len(legal) > 1:
                timing.samples.append(time.process_time() - t0)
        else:
            action = rng.choice(legal)
        if trace is not None and state.turn > end - 60:
            trace.append(f"t{state.turn} seat {seat}: {RULESET.format_action(action)}")
        RULESET.apply_trusted(state, seat, action)
    result = RULESET.result(state)
    reason = result.reason_key.rsplit(".", 1)[-1] if result else "cap"
    note = ""
    if result is None:
        if any(state.players[b].out for b in bot_seats):
            note = "bot out"
        elif any(crewless_for_good(state, b) for b in bot_seats):
            note = "bot crewless"
    return GameRow(seed, state.turn, reason, tuple(result.winners) if result else (),
                   bot_seats, note), state


def run_set(name: str, games: int, cap: int, seed: int, show: bool, timing: Timing,
            stall: int = 0, only: set[int] | None = None) -> list[GameRow]:
    players = 2 if name == "2p" else 4
    rows = []
    for i in range(games):
        if only and i not in only:
            continue
        game_seed = seed * 1_000_003 + i
        seats = frozenset(range(players)) if name != "vs" else frozenset({i % players})
        trace: list[str] = []
        row, state = play(players, game_seed, seats, cap, timing, trace if show else None,
                          stall)
        if stall and row.reason == "cap" and row.turns < cap:
            if show:
                print(f"--- {name} game {i} still playing at turn {row.turns}")
                print(describe_position(state))
                print("\n".join(trace[-24:]))
            row, state = play(players, game_seed, seats, cap, timing)
        rows.append(row)
        if row.reason == "cap" and show:
            print(f"--- {name} seed {game_seed} stopped at turn {row.turns}")
            print(describe_position(state))
            print("\n".join(trace[-24:]))
    return rows


def summary(name: str, rows: list[GameRow]) -> str:
    turns = [r.turns for r in rows]
    capped = sum(r.reason == "cap" for r in rows)
    text = (f"{name}: {len(rows)} games, turns median {statistics.median(turns):.0f}, "
            f"mean {statistics.mean(turns):.0f}, max {max(turns)}, capped {capped}")
    if name == "vs":
        wins = sum(1 for r in rows if next(iter(r.bot_seats)) in r.winners)
        text += f", bot wins {wins}"
    reasons: dict[str, int] = {}
    for r in rows:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    notes = [r.note for r in rows if r.reason == "cap"]
    if notes:
        text += (f" ({sum(n == 'bot out' for n in notes)} with the bot out, "
                 f"{sum(n == 'bot crewless' for n in notes)} with it crewless)")
    return text + f", endings {dict(sorted(reasons.items()))}"


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.lovci_games")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--cap", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="2p,4p,vs")
    parser.add_argument("--show", action="store_true", help="print stalled positions")
    parser.add_argument("--list", action="store_true", help="print every game's turns")
    parser.add_argument("--stall", type=int, default=0,
                        help="with --show: print the position of games still on at this turn")
    parser.add_argument("--only", default="", help="game numbers to play, e.g. 8,15")
    args = parser.parse_args()
    for name in args.sets.split(","):
        timing = Timing()
        t0 = time.process_time()
        only = {int(x) for x in args.only.split(",") if x}
        rows = run_set(name, args.games, args.cap, args.seed, args.show, timing, args.stall,
                       only)
        if args.list:
            print(name, [(r.seed % 1_000_003, r.turns, r.reason) for r in rows])
        print(summary(name, rows), f"({time.process_time() - t0:.0f} s CPU)")
        print("  " + timing.describe())


if __name__ == "__main__":
    main()
