"""Why a Lovci pokladů game waits on its players (issue 26, the 4-seat plans target).

The target asks that ``typical`` plans halve the calendar hand-offs of a 4-seat standard
game. This bench says what stands in the way, over the hand-off bench's own seeded games
(:func:`bench.handoffs.count_game`, same seeds, same wait model):

* **plans none**: every wait by the move that starts it. Some moves the issue's rules
  give to the player, so no plan may make them (the *floor*): turning a card (a walk
  stops before a face-down card), stepping onto a rose, dolphin or seahorse that then
  offers a choice (the choice is the player's; a walk may step onto it, the choice is
  still a wait), knocking an opponent's sailor off (LP-D56), stepping onto a square an
  opponent can reach (LP-D55), and the decisions no plan kind makes (placing the ship,
  Neptune, the Mermaid, a side, a choice). The rest (plain steps, ship moves, boarding,
  the stingray's walk) a plan could make, if one stood for that piece; but a seat holds
  one walking plan at a time (LP-D52), so the first move of another piece than the one
  the seat moved last is the player's too (the second floor).
* **plans typical**: every remaining wait by what became of the seat's plan since its
  last decision (its stop's reason, ``done:`` when it finished, ``none`` when the bench
  set none, ``standing`` when it stood but played nothing) and the move.

``python -m bench.lovci_waits [--players 4] [--preset standard] [--games 10]``
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from games.lovci_pokladu import RULESET
from games.lovci_pokladu.actions import Action, SailorMove, ShipMove, Start, Walk
from games.lovci_pokladu.plans import within_reach
from games.lovci_pokladu.rules import apply_trusted
from games.lovci_pokladu.state import ON_BOARD, LovciState, trial_copy

from .handoffs import DEFAULT_GAMES, PRESETS, count_game

#: Moves the issue's rules leave to the player: no plan may make them.
FLOOR = frozenset(("turn a card", "onto a card that offers a choice", "knock a sailor off",
                   "onto a square an opponent can reach", "place the ship", "other decision"))


#: Moves a plan could make; with :data:`NEW_PIECE` appended, one that moves another piece
#: than the seat's last wait did (a plan for one piece at a time, LP-D52, never makes it:
#: starting that piece off is the player's decision).
PLANNABLE = frozenset(("plain step", "ship move", "go aboard", "stingray walk home"))
NEW_PIECE = ", another piece"


def _piece(action: Any) -> object:
    """The piece ``action`` moves (a ship, a sailor), ``None`` for other decisions."""
    if isinstance(action, ShipMove):
        return ("ship", action.ship)
    if isinstance(action, (SailorMove, Walk)):
        return ("sailor", action.num, action.colour)
    return None


def move_kind(state: LovciState, seat: int, action: Action) -> str:
    """What kind of move ``action`` of ``seat``'s is, for the tables (module docstring)."""
    if isinstance(action, Start):
        return "place the ship"
    if isinstance(action, ShipMove):
        return "ship move"
    if isinstance(action, Walk):
        return "stingray walk home"
    if not isinstance(action, SailorMove):
        return "other decision"
    if action.ship is not None:
        return "go aboard"
    if not state.face_up[action.square]:
        return "turn a card"
    sid = (seat if action.colour is None else action.colour) * 4 + action.num
    if any(o.state == ON_BOARD and o.square == action.square
           and state.ships[o.ship].owner != seat for o in state.sailors):
        return "knock a sailor off"
    trial = trial_copy(state)
    apply_trusted(trial, seat, action)
    if trial.pending is not None and RULESET.forced_action(trial, seat) is None:
        return "onto a card that offers a choice"
    if within_reach(state, seat, sid, action.square):
        return "onto a square an opponent can reach"
    return "plain step"


def waits(players: int, preset: str, plans: str, games: int, seed: int = 1
          ) -> tuple[list[int], Counter[tuple[str, str]]]:
    """The waits of each seeded game, and every wait by (plan status, move kind)."""
    tally: Counter[tuple[str, str]] = Counter()
    moved: dict[int, object] = {}  # seat -> the piece its last wait began with

    def seen(state: Any, seat: int, action: Any, plan: str) -> None:
        status = ("done:" if plan.startswith("done:") else "") + plan.rsplit(".", 1)[-1]
        kind = move_kind(state, seat, action)
        piece = _piece(action)
        if kind in PLANNABLE and piece != moved.get(seat):
            kind += NEW_PIECE
        moved[seat] = piece
        tally[(status, kind)] += 1

    options = RULESET.lobby_options(PRESETS[preset])
    counts = [count_game(RULESET, players, seed + i, options, plans, on_wait=seen).handoffs
              for i in range(games)]
    return counts, tally


def report(players: int, preset: str, plans: str, games: int) -> str:
    counts, tally = waits(players, preset, plans, games)
    total = sum(tally.values())
    lines = [f"Lovci pokladů {players}p {preset}, plans {plans}: waits {counts} "
             f"(total {total})"]
    by_move: Counter[str] = Counter()
    for (_, kind), n in tally.items():
        by_move[kind] += n
    floor = sum(n for kind, n in by_move.items() if kind in FLOOR)
    lines.append("  by move (* no plan may make it):")
    lines += [f"    {'*' if kind in FLOOR else ' '} {kind:<38} {n:>6} {100 * n / total:5.1f} %"
              for kind, n in by_move.most_common()]
    lines.append(f"  floor (waits no plan may take): {floor} = {100 * floor / total:.1f} %")
    starts = sum(n for kind, n in by_move.items() if kind.endswith(NEW_PIECE))
    lines.append(f"  with one plan at a time, also starting another piece: {floor + starts} = "
                 f"{100 * (floor + starts) / total:.1f} %")
    if plans != "none":
        lines.append("  by what became of the plan, and move (top 20):")
        lines += [f"    {status:<22} {kind:<38} {n:>6} {100 * n / total:5.1f} %"
                  for (status, kind), n in tally.most_common(20)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.lovci_waits",
                                     description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="standard")
    parser.add_argument("--plans", choices=("none", "typical", "both"), default="both")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES)
    args = parser.parse_args(argv)
    for plans in (("none", "typical") if args.plans == "both" else (args.plans,)):
        print(report(args.players, args.preset, plans, args.games), flush=True)


if __name__ == "__main__":
    main()
