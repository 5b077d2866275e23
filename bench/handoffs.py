"""Calendar hand-offs: how many times a game waits on someone (issue 26, "days, not months").

Tidebound's games are played over days: each time the game needs a person who did not
make the last move, it pings them and waits, often for hours. So what a group feels as the
length of a game is the number of *waits*, not of moves. This bench plays seeded games
with our bot in every seat, each seat standing in for a person, and counts:

* **decisions**: moves a seat was asked for (a move the platform plays for the seat
  because it is the only one, :meth:`~games.protocol.Ruleset.forced_action`, is no
  decision);
* **calendar hand-offs**: waits. A wait starts when the game needs a decision from
  someone other than the last person who decided. Everyone the game asks at that moment
  (all the current actors with a decision to make) is asked at once and shares that one
  wait: their answers, in any order, start no new wait. The person who just decided and
  is asked again at once (the rest of their own turn) is still at the table: no wait.

``python -m bench.handoffs [--game ID] [--games N] [--players N] [--json]`` prints a
table, or one JSON object a line with the keys ``game``, ``players``, ``preset``,
``plans``, ``games``, ``finished``, ``decisions_per_seat``, ``calendar_handoffs_median``,
``calendar_handoffs_max`` and ``days_at_8_a_day`` (the median over 8 waits a day).

Presets and plans: ``standard`` is the rulebook's game, every option at its default;
``quick`` sets the lobby option ``length=quick`` that every game offers (issue 26 item 4:
each game's shorter game from its rulebook, or a house rule marked as such in its
RULES-NOTES.md and ``/rules``); a table a preset cannot be played at (Haze Islands' short
game is for 3 players only) is left out.

``python -m bench.lovci_waits`` says why each Lovci pokladů wait happens (the move that
starts it, and what became of the seat's plan), through ``count_game``'s ``on_wait``.

``python -m bench.handoffs --write-estimates`` measures every game at every table size in
both lengths (plans ``none``, :data:`ESTIMATE_GAMES` games each) and writes the medians to
``bot/length_estimates.py``, the table the lobby's expected length comes from.

Plans (issue 26 item 3, :mod:`games.plans`): ``none``, no standing orders; ``typical``,
the plans a person would set, and only those: each is set in the same sitting as a
decision the person makes anyway, carries on with what they just began, and never
chooses among different moves for them. The platform plays a plan's moves as it would
(:func:`games.plans.checked`, the game's own ``decide``), so a decision a plan makes is
no decision and no wait; a plan stops where the game says (and the person is asked).
The planners are in :mod:`bench.typical_plans`; per game:

* **Lovci pokladů**: when a sailor of yours picks up a token, *carry home* with it (up
  to a face-down card when every way home crosses one, LP-D57); when you move a sailor
  or your ship, or choose where a rose, dolphin or seahorse sends a sailor, *walk to*
  where you are heading with it (the square your own next moves with that piece would
  reach, up to a face-down card you mean to turn; the bench finds it by asking the bot
  again as if the others passed, and sets no walk when that next move is with another
  piece); a carrier with no way home at all walks where it is heading too.
* **Hexfolk**: once you have rolled, *roll at the start of my turn, unless I hold a
  knight* (HX-D80); once you have ended a turn, where the game has the special building
  phase, *pass its sign-up when my hand pays for nothing* (HX-D82, ``unless=anything``:
  the same as the forced pass, HX-D55, so it saves no wait on its own). Not the offer
  rule nor the discard order: they choose among moves for the player.
* every other game: none yet (``typical`` plays as ``none``).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from games.errors import IllegalAction
from games.options import LENGTHS, QUICK_LENGTH
from games.plans import Plan, PlanBook, Play, Stop, checked, plans_of
from games.protocol import Ruleset

from .stats import measured_rulesets
from .typical_plans import TYPICAL

#: Decisions after which a game is stopped and counted as unfinished.
CAP = 5000
#: Waits a day a group answers, in the issue's "days at 8 hand-offs a day".
WAITS_A_DAY = 8
#: The lobby options each preset sets over the defaults.
PRESETS: Mapping[str, Mapping[str, Any]] = {
    "standard": {},
    "quick": {"length": QUICK_LENGTH},
}
#: The standing orders each plan setting gives every seat.
PLANS: tuple[str, ...] = ("none", "typical")


@dataclass(frozen=True, slots=True)
class GameCount:
    """What one seeded game asked of its players."""

    decisions: tuple[int, ...]
    handoffs: int
    finished: bool


@dataclass(frozen=True, slots=True)
class HandoffRow:
    """One line of the report: one game at one table size, preset and plan setting."""

    game: str
    players: int
    preset: str
    plans: str
    games: int
    finished: int
    decisions_per_seat: float
    calendar_handoffs_median: float
    calendar_handoffs_max: int
    days_at_8_a_day: float


#: ``on_wait(state, seat, action, plan)``: told of each decision that starts a wait, before
#: it is applied; ``plan`` says what became of the seat's plan since its last decision:
#: ``"none"`` (it set none), ``"standing"`` (it stands but played nothing), or the reason
#: key of its stop (``"done:"`` and the done key when it finished). ``bench.lovci_waits``.
WaitObserver = Callable[[Any, int, Any, str], None]


def count_game(ruleset: Ruleset[Any, Any], players: int, seed: int,
               options: Mapping[str, Any] | None = None, plans: str = "none",
               on_wait: WaitObserver | None = None) -> GameCount:
    """Play one seeded game with the bot in every seat and count its waits.

    Who moves next follows the wait model of the module docstring: the people asked in
    the current wait answer first (lowest seat first), then the last person to decide if
    the game asks them again, and only then does a new wait start, asking every actor
    with a decision to make at once. With ``plans="typical"`` each seat sets the plans
    of the module docstring, and the moves they play (like forced moves) ask nobody.
    ``on_wait`` (if given) is told of every decision that starts a wait."""
    state = ruleset.setup(players, dict(options or {}), seed)
    book = plans_of(ruleset) if plans == "typical" else None
    planner = TYPICAL.get(ruleset.id) if book is not None else None
    standing: dict[int, dict[str, Plan]] = {}
    ended: dict[int, str] = {}  # seat -> what ended its plan since its last decision
    decisions = [0] * players
    handoffs = 0
    outstanding: set[int] = set()  # asked in the current wait, not yet answered
    last: int | None = None
    moves = 0
    while ruleset.result(state) is None and sum(decisions) < CAP:
        actors = sorted(ruleset.actors(state))
        forced = next(((seat, action) for seat in actors
                       if (action := ruleset.forced_action(state, seat)) is not None), None)
        if forced is None and book is not None and standing:
            forced = play_plans(ruleset, book, state, standing, ended)
        if forced is not None:
            ruleset.apply_trusted(state, *forced)
            moves += 1
            if moves > 4 * CAP:
                break
            continue
        outstanding &= set(actors)
        new_wait = False
        if outstanding:
            seat = min(outstanding)
        elif last in actors:
            seat = last
        else:
            handoffs += 1
            outstanding = set(actors)
            seat = min(outstanding)
            new_wait = True
        outstanding.discard(seat)
        action = ruleset.bot_action(state, seat)
        if new_wait and on_wait is not None:
            on_wait(state, seat, action,
                    ended.get(seat, "standing" if standing.get(seat) else "none"))
        ended.pop(seat, None)
        ruleset.apply_trusted(state, seat, action)
        decisions[seat] += 1
        last = seat
        moves += 1
        if planner is not None and book is not None:
            plan = planner(book, state, seat, action)
            if plan is not None:
                standing.setdefault(seat, {})[book.kind(plan.kind).slot_name] = plan
    return GameCount(tuple(decisions), handoffs, ruleset.result(state) is not None)


def play_plans(ruleset: Ruleset[Any, Any], book: PlanBook[Any, Any], state: Any,
               standing: dict[int, dict[str, Plan]], ended: dict[int, str] | None = None,
               ) -> tuple[int, Any] | None:
    """Ask every standing plan, as the platform does after each change: drop those that
    stop, and give the first move one plays (its seat and action), if any. ``ended``
    collects, per seat, why its last plan ended (the stop's reason key; ``done:`` and the
    done key when its final move was played)."""
    for seat in sorted(standing):
        slots = standing[seat]
        for slot in list(slots):
            decision = checked(ruleset, state, seat, book.decide(state, seat, slots[slot]))
            if isinstance(decision, Stop):
                del slots[slot]
                if ended is not None:
                    ended[seat] = decision.reason_key
            elif isinstance(decision, Play):
                if decision.final:
                    del slots[slot]
                    if ended is not None:
                        ended[seat] = "done:" + decision.done_key
                return seat, decision.action
    return None


def table_sizes(ruleset: Ruleset[Any, Any]) -> list[int]:
    """The table sizes measured: the smallest, 4 where the game seats 4, and the largest."""
    sizes = {ruleset.min_players, ruleset.max_players}
    if ruleset.min_players <= 4 <= ruleset.max_players:
        sizes.add(4)
    return sorted(sizes)


def run_handoffs(ruleset: Ruleset[Any, Any], players: int, *, preset: str = "standard",
                 plans: str = "none", games: int = 10, seed: int = 1) -> HandoffRow:
    """The report line for ``games`` seeded games of one table."""
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
    if plans not in PLANS:
        raise ValueError(f"unknown plans {plans!r}; known: {', '.join(PLANS)}")
    options = ruleset.lobby_options(PRESETS[preset])
    counts = [count_game(ruleset, players, seed + i, options, plans) for i in range(games)]
    waits = [c.handoffs for c in counts]
    median = statistics.median(waits)
    return HandoffRow(
        game=ruleset.id, players=players, preset=preset, plans=plans, games=games,
        finished=sum(1 for c in counts if c.finished),
        decisions_per_seat=round(statistics.mean(sum(c.decisions) / players for c in counts), 1),
        calendar_handoffs_median=median, calendar_handoffs_max=max(waits),
        days_at_8_a_day=round(median / WAITS_A_DAY, 1))


def rows(game: str | None, games: int, players: int | None) -> Iterator[HandoffRow]:
    for ruleset in measured_rulesets(game):
        sizes = [players] if players is not None else table_sizes(ruleset)
        for size in sizes:
            if not ruleset.min_players <= size <= ruleset.max_players:
                continue
            for preset in PRESETS:
                if not playable(ruleset, size, preset):
                    continue
                for plans in PLANS:
                    yield run_handoffs(ruleset, size, preset=preset, plans=plans, games=games)


#: Seeded games per table, and those behind each lobby estimate (``--write-estimates``).
DEFAULT_GAMES = 10
ESTIMATE_GAMES = 8
#: Where ``--write-estimates`` writes the lobby's table, from the repository's root.
ESTIMATES_FILE = "bot/length_estimates.py"


def playable(ruleset: Ruleset[Any, Any], players: int, preset: str) -> bool:
    """``preset``'s options can be played at ``players`` seats (the lobby's check)."""
    try:
        ruleset.check_seats(players, ruleset.lobby_options(PRESETS[preset]))
    except IllegalAction:
        return False
    return True


def estimates(games: int = ESTIMATE_GAMES) -> dict[tuple[str, int, str], float]:
    """(game, players, length) -> median calendar hand-offs, plans ``none``, at every
    table size each length can be played at (the lobby's expected length)."""
    out: dict[tuple[str, int, str], float] = {}
    for ruleset in measured_rulesets(None):
        for size in range(ruleset.min_players, ruleset.max_players + 1):
            for length in LENGTHS:
                if playable(ruleset, size, length):
                    row = run_handoffs(ruleset, size, preset=length, games=games)
                    out[(ruleset.id, size, length)] = row.calendar_handoffs_median
    return out


def estimates_source(table: Mapping[tuple[str, int, str], float], games: int) -> str:
    """The text of ``bot/length_estimates.py`` for ``table``."""
    lines = "".join(f"    ({game!r}, {players}, {length!r}): {median!r},\n"
                    for (game, players, length), median in sorted(table.items()))
    return (
        '"""Measured game lengths the lobby shows (issue 26 item 4). Generated by\n'
        "``python -m bench.handoffs --write-estimates``: do not edit by hand.\n\n"
        "Median calendar hand-offs (waits on a person, see :mod:`bench.handoffs`) of\n"
        f"{games} seeded bot games per game, table size and ``length``, plans none.\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        f"#: Seeded games behind each median.\nESTIMATE_GAMES = {games}\n\n"
        "#: (game id, players, length) -> median calendar hand-offs.\n"
        "MEDIAN_HANDOFFS: dict[tuple[str, int, str], float] = {\n"
        f"{lines}"
        "}\n")


def describe(row: HandoffRow) -> str:
    return (f"{row.game:<14} {row.players}p {row.preset:<8} plans {row.plans:<7} "
            f"waits median {row.calendar_handoffs_median:>5.0f} max {row.calendar_handoffs_max:>5}"
            f"  ({row.days_at_8_a_day:.1f} days at {WAITS_A_DAY} a day; "
            f"{row.decisions_per_seat:.0f} decisions a seat; "
            f"{row.finished}/{row.games} finished)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.handoffs",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help="seeded games per table")
    parser.add_argument("--players", type=int, help="one table size (default: min, 4, max)")
    parser.add_argument("--json", action="store_true", help="one JSON object a line")
    parser.add_argument("--write-estimates", action="store_true",
                        help=f"measure every table in both lengths and write {ESTIMATES_FILE}")
    args = parser.parse_args(argv)
    if args.write_estimates:
        games = args.games if args.games != DEFAULT_GAMES else ESTIMATE_GAMES
        path = Path(__file__).resolve().parent.parent / ESTIMATES_FILE
        path.write_text(estimates_source(estimates(games), games), encoding="utf-8")
        print(f"wrote {path}")
        return
    for row in rows(args.game, args.games, args.players):
        print(json.dumps(asdict(row)) if args.json else describe(row), flush=True)


if __name__ == "__main__":
    main()
