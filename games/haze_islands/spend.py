"""Spend: paying required icons with hand cards and returned pirates.

"You may provide the spells, loot and crew required ... by 1) discarding cards from your
hand, 2) returning pirates, or 3) a combination of both." "You may only discard 1 card
(that matches the icons you require) per icon you require", and likewise 1 pirate. An
any-spell requirement is paid by any one spell icon.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

from .actions import Pay
from .data import ANY_SPELL, MAP_CARDS, SPELLS
from .state import HazeState, location_at


def pays(icon: str, required: str) -> bool:
    return icon == required or (required == ANY_SPELL and icon in SPELLS)


def covers(icons: list[str], required: tuple[str, ...]) -> bool:
    """Whether ``icons`` pay ``required`` one for one (a perfect matching)."""
    if len(icons) != len(required):
        return False
    return any(all(pays(icon, need) for icon, need in zip(order, required, strict=True))
               for order in permutations(icons))


def pirate_icon(state: HazeState, x: int, y: int) -> str:
    location = location_at(state, x, y)
    assert location is not None
    return MAP_CARDS[location.card].icon


def boost_used(icons: list[str], required: tuple[str, ...], boost: list[str]) -> str | None:
    """The boosted spell ("1 of your Hurricane icons count as 2") that makes ``icons``
    pay ``required`` with one source fewer, or ``None``."""
    if len(icons) != len(required) - 1:
        return None
    for spell in boost:
        if spell in icons and covers([*icons, spell], required):
            return spell
    return None


def valid_payment(state: HazeState, seat: int, pay: Pay, required: tuple[str, ...]) -> bool:
    player = state.players[seat]
    hand = list(player.hand)
    for card in pay.cards:
        if card not in hand:
            return False
        hand.remove(card)
    deployed = [tuple(d) for d in player.deployed]
    for square in pay.pirates:
        if square not in deployed:
            return False
        deployed.remove(square)
    icons = [MAP_CARDS[c].icon for c in pay.cards]
    icons += [pirate_icon(state, x, y) for x, y in pay.pirates]
    return covers(icons, required) or boost_used(icons, required, player.boost) is not None


def payments(state: HazeState, seat: int, required: tuple[str, ...]) -> list[Pay]:
    """Every way to pay ``required``: cards in each discard order, pirates by square."""
    return list(dict.fromkeys(_payments(state, seat, required)))


def can_pay(state: HazeState, seat: int, required: tuple[str, ...]) -> bool:
    """Whether ``required`` can be paid at all: ``bool(payments(...))``, found faster.
    Whether a way pays depends only on the icons it spends (:func:`valid_payment` checks
    its cards and pirates are the player's, which every way of :func:`payments` is), so
    each set of icons is tried once, not each order of the cards and pirates that show
    them (every check of an attack or a completion asks this, the bots' many times)."""
    player = state.players[seat]
    icons = sorted([MAP_CARDS[c].icon for c in player.hand]
                   + [pirate_icon(state, x, y) for x, y in player.deployed])
    sizes = _sizes(player.boost, required)
    for size in sizes:
        for chosen in dict.fromkeys(combinations(icons, size)):
            spent = list(chosen)
            if covers(spent, required) or boost_used(spent, required, player.boost) is not None:
                return True
    return False


def _sizes(boost: list[str], required: tuple[str, ...]) -> list[int]:
    """How many sources a way to pay ``required`` spends: one per icon, or one fewer
    with a boosted spell ("1 of your Hurricane icons count as 2")."""
    return [len(required)] + ([len(required) - 1] if boost and len(required) > 1 else [])


def _payments(state: HazeState, seat: int, required: tuple[str, ...]) -> Iterator[Pay]:
    """The ways of :func:`payments` one by one, in its order (a way may come twice)."""
    player = state.players[seat]
    sources: list[tuple[str, int | tuple[int, int]]] = [("card", c) for c in player.hand]
    sources += [("pirate", (x, y)) for x, y in player.deployed]
    tried: set[Pay] = set()
    sizes = _sizes(player.boost, required)
    for chosen in (c for size in sizes for c in permutations(sources, size)):
        cards = tuple(v for _kind, v in chosen if isinstance(v, int))
        pirates = tuple(sorted(v for _kind, v in chosen if isinstance(v, tuple)))
        pay = Pay(cards, pirates)
        if pay not in tried:
            tried.add(pay)
            if valid_payment(state, seat, pay, required):
                yield pay
