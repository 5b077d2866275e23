"""Logs of Shipyard games played before contracts were given up in one choice (issue 26
item 2, SY-D39), in today's moves, so they still replay (SY-D61).

At a countdown (and before the final round, for contracts over one of a colour) every
player gave up their contracts one at a time (``discard green 2``, counted in the
contracts still held), the players' entries mixed in any order. Today each player gives up
all of them in one move (``discard green 2 3 blue 1``, counted in the contracts held when
asked). The old stretch is the discards that follow a countdown until every player has
given up what they owe; each player's picks are translated to the contracts held when
asked and become one move, in the order the players finished. The choices are
independent, so the order changes nothing. A game stored halfway through such a stretch
went on today's way for the rest of it: both forms mix, and read the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..capabilities import Upgraded
from ..errors import IllegalAction
from .actions import GiveUp, format_action, parse_action
from .state import PHASE_DISCARD, ShipyardState


def upgrade_log(state: ShipyardState, entries: Sequence[tuple[int, str]], start: int
                ) -> tuple[int, list[Upgraded]] | None:
    """At contract discards (see :meth:`games.capabilities.Notation.upgrade_log`):
    one-at-a-time discards as one move per player."""
    if state.phase != PHASE_DISCARD:
        return None
    owed = {int(seat): list(left) for seat, left in state.discards.items() if sum(left)}
    #: per seat, the contracts still held (their indices when asked), green and blue
    held = {seat: (list(range(len(state.players[seat].green))),
                   list(range(len(state.players[seat].blue)))) for seat in owed}
    given: dict[int, tuple[list[int], list[int]]] = {seat: ([], []) for seat in owed}
    finished: list[tuple[int, int]] = []  # (seat, where its last discard was logged)
    at = start
    while len(finished) < len(owed):
        if at >= len(entries):
            return None  # the log ends inside the stretch
        seat, notation = entries[at]
        if seat not in owed or not sum(owed[seat]):
            return None
        try:
            action = parse_action(notation)
        except IllegalAction:
            return None
        if not isinstance(action, GiveUp):
            return None
        for colour, picks in enumerate((action.green, action.blue)):
            still = held[seat][colour]
            if len(picks) > owed[seat][colour] or any(i >= len(still) for i in picks):
                return None
            given[seat][colour].extend(still[i] for i in picks)
            held[seat][colour][:] = [c for i, c in enumerate(still) if i not in picks]
            owed[seat][colour] -= len(picks)
        if not sum(owed[seat]):
            finished.append((seat, at - start))
        at += 1
    if at - start == len(finished):
        return None  # one move each: today's form already
    return at - start, [Upgraded(seat, format_action(GiveUp(tuple(sorted(given[seat][0])),
                                                            tuple(sorted(given[seat][1])))),
                                 source)
                        for seat, source in finished]
