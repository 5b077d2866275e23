"""What a Haze Islands viewer cannot see, for the hidden-information tests.

Hidden from ``seat``: which map cards are in every face-down pile and in what order (the
map decks, the discard pile, Plunder's drawn cards of another player) and in the other
players' hands, keeping every count; the cards of the viewer's own deck it has not seen
(seen cards keep their place; its whole deck while it Steals or, as a Ghost Ship, looks
through it); the card a Trade offers (to all but the trader); the adventure deck and the
adventure cards lying at open sea (their front is hidden); the Doom cards under the top
one and their faces; the skull corners no Fate has revealed yet (each card keeps its
number of skulls); and the random stream (varied by
:meth:`games.protocol.ModularRuleset.hidden_variants`).
"""

from __future__ import annotations

from ..rng import GameRng
from .data import CORNERS, OPEN_SEA
from .state import GHOST, PENDING_PLUNDER, PENDING_STEAL, PROMPT_TRADE, HazeState


def _own_deck_known(state: HazeState, seat: int) -> bool:
    return seat == state.current and (state.pending == PENDING_STEAL
                                      or state.players[seat].status == GHOST)


def redeal(state: HazeState, seat: int | None, rng: GameRng) -> None:
    """Deal what ``seat`` cannot see anew into the same places, keeping every count."""
    viewer = seat if seat is not None and 0 <= seat < len(state.players) else None
    # map cards: every place the viewer cannot see, as (pile, index)
    places: list[tuple[list[int], int]] = []
    for owner, deck in enumerate(state.decks):
        if owner == viewer and _own_deck_known(state, owner):
            continue
        seen = set(state.players[owner].seen) if owner == viewer else set()
        places += [(deck, i) for i, card in enumerate(deck) if card not in seen]
    places += [(state.discard, i) for i in range(len(state.discard))]
    for owner, player in enumerate(state.players):
        if owner != viewer:
            places += [(player.hand, i) for i in range(len(player.hand))]
    if state.pending == PENDING_PLUNDER and state.current != viewer:
        places += [(state.drawn, i) for i in range(len(state.drawn))]
    # a Trade's offered card, hidden from all but the trader: it follows its place
    offers = [(prompt, state.players[prompt.data[0]].hand.index(prompt.data[1]))
              for prompt in state.prompts
              if prompt.kind == PROMPT_TRADE and prompt.data[0] != viewer
              and prompt.data[1] in state.players[prompt.data[0]].hand]
    # each pool sorted first: the new deal depends on what the cards are, not where they
    # lay (an expert bot samples these deals: games/bot_levels.py; hints: bot/hints.py)
    cards = sorted(pile[i] for pile, i in places)
    rng.shuffle(cards)
    for (pile, i), card in zip(places, cards, strict=True):
        pile[i] = card
    for prompt, index in offers:
        prompt.data[1] = state.players[prompt.data[0]].hand[index]
    for owner, player in enumerate(state.players):
        if owner != viewer:
            player.hand.sort()
    # adventure cards whose front nobody sees
    sea = [loc for loc in state.locations if loc.side == OPEN_SEA]
    lying: list[int | None] = [loc.adventure for loc in sea]
    adventures = sorted(lying + list(state.adventure_deck),
                        key=lambda card: (card is None, card or 0))
    rng.shuffle(adventures)
    for loc in sea:
        loc.adventure = adventures.pop()
    state.adventure_deck = [a for a in adventures if a is not None]
    # the Doom cards under the top one
    under = sorted(state.doom_cards[1:], key=lambda card_face: card_face[0])
    rng.shuffle(under)
    state.doom_cards[1:] = [[card, rng.below(2)] for card, _face in under]
    # skull corners not revealed yet
    for card, mask in enumerate(state.skulls):
        hidden = [c for c in range(len(CORNERS)) if not state.revealed[card] >> c & 1]
        skulls = sum(1 for c in hidden if mask >> c & 1)
        rng.shuffle(hidden)
        mask &= state.revealed[card]
        for corner in hidden[:skulls]:
            mask |= 1 << corner
        state.skulls[card] = mask
