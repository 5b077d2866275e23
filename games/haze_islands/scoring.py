"""Icons in a Captain's Log (the score)."""

from __future__ import annotations

from .data import DOOM_CARDS, DOUBLE_SCORE, SINGLE_SCORE, USED_SCORE
from .state import Player


def icons(player: Player) -> int:
    """A double adventure scores 2 icons (1 once its special action is used), a single
    adventure 1, a Doom card its number of required icons."""
    total = 0
    for entry in player.log:
        if entry.kind == "doom":
            total += DOOM_CARDS[entry.card].score(entry.face)
        elif entry.kind == "double":
            total += USED_SCORE if entry.used else DOUBLE_SCORE
        else:
            total += SINGLE_SCORE
    return total
