"""What a Lovci pokladů viewer cannot see, for the hidden-information tests.

Nobody has a hand: hidden from everyone alike are the face-down cards (which card lies
where, and how it is turned) and the random stream (varied by
:meth:`games.protocol.ModularRuleset.hidden_variants`).
"""

from __future__ import annotations

from ..rng import GameRng
from .data import CARD_TYPES, MERMAID, NEPTUNE
from .rules import KIND
from .state import LovciState


def redeal(state: LovciState, seat: int | None, rng: GameRng) -> None:
    """Shuffle the face-down cards among the face-down squares, with new rotations."""
    down = [sq for sq, up in enumerate(state.face_up) if not up]
    cards = sorted(state.cards[sq] for sq in down)  # (sorted: see bot/hints.py)
    rng.shuffle(cards)
    for sq, card in zip(down, cards, strict=True):
        state.cards[sq] = card
        state.rotation[sq] = rng.below(4)
    state.spell_squares = {CARD_TYPES[card].kind: sq for sq, card in enumerate(state.cards)
                           if KIND[card] in (NEPTUNE, MERMAID)}
