"""Dealing the map decks: at the setup and at every New Dawn the first player's deck feeds
the other players' decks (:mod:`.rules` deals at the setup, :mod:`.round_end` at New
Dawn)."""

from __future__ import annotations


def deal_other_decks(decks: list[list[int]], first: int, num_players: int) -> None:
    """The first player's top card goes to the next player, the following one to the
    player after (RULES-NOTES)."""
    for step in range(1, num_players):
        decks[(first + step) % num_players].append(decks[first].pop())
