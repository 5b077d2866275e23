"""What a Hagoth viewer cannot see, for the hidden-information tests.

Hidden from ``seat``: the order of the draw pile, the cards in every other player's
hand (only their number is public) and the random stream (future reshuffles and
rolls, varied by :meth:`games.protocol.ModularRuleset.hidden_variants`). The discard
pile and everything on the table are public.
"""

from __future__ import annotations

from ..rng import GameRng
from .state import HagothState


def redeal(state: HagothState, seat: int | None, rng: GameRng) -> None:
    """Deal the cards ``seat`` cannot see (draw pile and other hands) anew into the same
    places, keeping every count."""
    others = [p for i, p in enumerate(state.players) if i != seat]
    # sorted first: the new deal depends on what the cards are, not where they lay (a
    # hint drawn from it must not tell where they lay: bot/hints.py)
    unseen = sorted([card for player in others for card in player.hand] + state.deck)
    rng.shuffle(unseen)
    for player in others:
        size = len(player.hand)
        player.hand, unseen = unseen[:size], unseen[size:]
        player.sort_hand()
    state.deck = unseen
