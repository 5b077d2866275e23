"""What a Lovci pokladů viewer cannot see, for the hidden-information tests.

Nobody has a hand: hidden from everyone alike are the face-down cards (which card lies
where, and how it is turned) and the random stream.
"""

from __future__ import annotations

from ..rng import GameRng
from .data import CARD_TYPES, MERMAID, NEPTUNE
from .rules import KIND
from .state import LovciState, dump_state, load_state


def variants(state: LovciState, seat: int | None, rng: GameRng) -> list[LovciState]:
    """Two states nobody can tell from ``state``: the face-down cards shuffled among the
    face-down squares with new rotations; the second also with another random stream."""
    out = []
    for reseed in (False, True):
        other = load_state(dump_state(state))
        down = [sq for sq, up in enumerate(other.face_up) if not up]
        cards = [other.cards[sq] for sq in down]
        rng.shuffle(cards)
        for sq, card in zip(down, cards, strict=True):
            other.cards[sq] = card
            other.rotation[sq] = rng.below(4)
        other.spell_squares = {CARD_TYPES[card].kind: sq for sq, card in enumerate(other.cards)
                               if KIND[card] in (NEPTUNE, MERMAID)}
        if reseed:
            other.rng = GameRng(rng.next64(), other.rng.counter)
        out.append(other)
    return out
