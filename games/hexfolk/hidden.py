"""What a Hexfolk viewer cannot see, for the hidden-information tests.

Hidden from ``seat``: which resources other players hold (the count is public, and so
is the bank, hence the totals per resource), which development cards they hold (their
number and the cards played are public), the order of the
development deck and the random stream (dice, steals; varied by
:meth:`games.protocol.ModularRuleset.hidden_variants`).
"""

from __future__ import annotations

from collections import defaultdict

from ..rng import GameRng
from .data import VP_CARD
from .state import HexfolkState, Player


def redeal(state: HexfolkState, seat: int | None, rng: GameRng) -> None:
    """Other players of equal hand size exchange their resource hands; unseen
    development cards (not victory points, which would change who has won, nor cards
    bought this turn, which the state lists apart) are dealt anew between other hands
    and the deck."""
    others = [p for i, p in enumerate(state.players) if i != seat]
    # An open trade offer shows who holds what it asks: the offerer, and every player who
    # accepted it or made a counter-offer, keep their hands (exchanged, the trade could
    # leave a hand below zero; the expert bot plays such samples on: games/bot_levels.py)
    committed: set[int] = set()
    if state.offer is not None:
        committed = {state.current} | {i for i, answer in enumerate(state.offer.responses)
                                         if answer is not None and answer != "decline"}
    by_size: dict[int, list[Player]] = defaultdict(list)
    for i, player in enumerate(state.players):
        if i != seat and i not in committed:
            by_size[sum(player.hand)].append(player)
    for group in by_size.values():
        hands = sorted(player.hand for player in group)  # (sorted: see bot/hints.py)
        rng.shuffle(hands)
        for player, hand in zip(group, hands, strict=True):
            player.hand = hand
    _deal_development_cards(state, others, rng)


def _deal_development_cards(state: HexfolkState, others: list[Player], rng: GameRng) -> None:
    kept: list[list[str]] = []
    free: list[str] = []
    for player in others:
        rest = list(player.devs)
        for card in player.bought:
            rest.remove(card)
        # a victory point card bought this turn is among ``bought`` already: once only
        fixed = list(player.bought) + [c for c in rest if c == VP_CARD]
        rest = [c for c in rest if c != VP_CARD]
        kept.append(fixed)
        free.extend(rest)
    deck_places = [i for i, card in enumerate(state.dev_deck) if card != VP_CARD]
    free.extend(state.dev_deck[i] for i in deck_places)
    free.sort()  # the new deal must not depend on where the cards lay (bot/hints.py)
    rng.shuffle(free)
    for player, fixed in zip(others, kept, strict=True):
        size = len(player.devs) - len(fixed)
        player.devs, free = sorted(fixed + free[:size]), free[size:]
    for place, card in zip(deck_places, free, strict=True):
        state.dev_deck[place] = card
