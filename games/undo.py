"""What every game's take-back rule shares (issue 16, "Undo").

A player may take back a move only while it revealed nothing random or hidden. Each
game names its moves that can be taken back (``games/<game>/undo.py``); the helpers here
are the checks that are the same everywhere:

* :func:`drew_nothing`: the move drew no random number (no die, no shuffle, no draw);
* :func:`learned_nothing`: whatever the cards the mover cannot see were (every state
  :meth:`~games.protocol.Ruleset.hidden_variants` offers from the mover's view), the move
  leaves the same public board and the same private view for the mover. So taking it
  back cannot have shown the mover a card, a tile or a roll they did not know.
"""

from __future__ import annotations

from typing import Any

from .protocol import IllegalAction, Ruleset
from .rng import GameRng

#: The seed of the variants :func:`learned_nothing` compares (any fixed number: the
#: check must give the same answer every time it is asked).
_VARIANT_SEED = 0x16


def drew_nothing(before: Any, after: Any) -> bool:
    """The move used no random number: the state's random stream did not move."""
    return bool(before.rng == after.rng)


def learned_nothing(ruleset: Ruleset[Any, Any], before: Any, after: Any, seat: int,
                    action: Any) -> bool:
    """Whether ``action`` (which made ``after`` from ``before``) shows ``seat`` nothing
    it could not see before it: the same move in every hidden variant of ``before`` from
    ``seat``'s view gives the same public view and the same view of ``seat``."""
    public, own = ruleset.view(after, None), ruleset.view(after, seat)
    for variant in ruleset.hidden_variants(before, seat, GameRng(_VARIANT_SEED)):
        try:
            ruleset.apply(variant, seat, action)
        except IllegalAction:
            return False
        if ruleset.view(variant, None) != public or ruleset.view(variant, seat) != own:
            return False
    return True
