"""What a Hagoth viewer cannot see, for the hidden-information tests.

Hidden from ``seat``: the order of the draw pile, the cards in every other player's
hand (only their number is public) and the random stream (future reshuffles and
rolls). The discard pile and everything on the table are public.
"""

from __future__ import annotations

from ..rng import GameRng
from .state import HagothState, dump_state, load_state


def variants(state: HagothState, seat: int | None, rng: GameRng) -> list[HagothState]:
    """Two states that ``seat`` cannot tell from ``state``: the unseen cards (draw pile
    and other hands) dealt anew into the same places, keeping every count; the second
    also with another random stream."""
    out = []
    for reseed in (False, True):
        other = load_state(dump_state(state))
        hands = [p.hand for i, p in enumerate(other.players) if i != seat]
        unseen = [card for hand in hands for card in hand] + other.deck
        rng.shuffle(unseen)
        for player in (p for i, p in enumerate(other.players) if i != seat):
            size = len(player.hand)
            player.hand, unseen = unseen[:size], unseen[size:]
            player.sort_hand()
        other.deck = unseen
        if reseed:
            other.rng = GameRng(rng.next64(), other.rng.counter)
        out.append(other)
    return out
