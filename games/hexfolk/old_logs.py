"""Logs of Hexfolk games played before the special building phase's sign-up (issue 26
item 2, HX-D78), in today's moves, so they still replay (HX-D85).

Before the sign-up, the phase was offered to one player after another: each seat holding
enough cards, from the one after the player whose turn ended, built (settlements, roads,
cities, cards) and then ended, or just ended. Today all those seats answer first, ``build``
or ``end``, and then the builders build in the same turn order. The old stretch is told by
its shape at a sign-up: the asked seats in turn order, each with its moves and its
``end``, with no ``build`` among them and at least one seat building. Nothing else
changed: the same seats are asked (by the cards in hand, which nobody's building changes
but their own), so the moves replay to the same position.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..capabilities import Upgraded
from .state import SPECIAL, HexfolkState

#: The notations of the two answers at the sign-up (``actions.format_action``).
BUILD, END = "build", "end"


def upgrade_log(state: HexfolkState, entries: Sequence[tuple[int, str]], start: int
                ) -> tuple[int, list[Upgraded]] | None:
    """At a sign-up (see :meth:`games.capabilities.Notation.upgrade_log`): an old
    one-after-another special building phase as today's answers and builds."""
    if state.phase != SPECIAL or state.special >= 0 or not state.special_asked:
        return None
    #: per seat asked, in turn order: its moves, each with where it was logged
    groups: list[tuple[int, list[tuple[str, int]]]] = []
    at = start
    for seat in state.special_asked:  # in turn order from the seat after the turn's
        moves: list[tuple[str, int]] = []
        while True:
            if at >= len(entries):
                return None  # the log ends inside the phase: nothing to tell it by
            who, notation = entries[at]
            if who != seat or notation == BUILD:
                return None  # today's answers, or not this phase's stretch
            moves.append((notation, at - start))
            at += 1
            if notation == END:
                break
        groups.append((seat, moves))
    if all(len(moves) == 1 for _, moves in groups):
        return None  # everyone passed: the same entries either way
    # the answers stand for the stretch's first entry (today they are all asked then),
    # each build (and its end) for itself
    answers = [Upgraded(seat, BUILD if len(moves) > 1 else END, 0) for seat, moves in groups]
    builds = [Upgraded(seat, notation, source) for seat, moves in groups if len(moves) > 1
              for notation, source in moves]
    return at - start, answers + builds
