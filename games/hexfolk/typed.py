"""What a person types for a Hexfolk move, read against the position now.

A place may be named by the number the board draws on it now (:func:`~.view.spots`),
which needs the legal moves, so this reader sits above :mod:`.rules` and :mod:`.view`;
the position-free notation stays in :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..notation import Unreadable, board_seat_words, is_number, read
from ..protocol import IllegalAction, term
from . import rules
from .actions import (
    INTERNAL,
    Action,
    City,
    Road,
    Robber,
    Settle,
    _key,
    _parse,
    _places_by_name,
    _read_internal,
    place_names,
)
from .data import COLOURS
from .state import HexfolkState
from .view import spots

#: The kind of place, as a person reads it in a refusal.
KIND_KEYS = {"corner": "hexfolk.notation.corner", "edge": "hexfolk.notation.edge",
             "hex": "hexfolk.notation.hex"}


def read_action(state: HexfolkState, seat: int, text: str,
                names: Sequence[str] = ()) -> Action:
    """What a player typed, read against the position now: a place by its hex letters,
    or by the number the board draws on it now (never by anything else); a player by
    colour, letter or name. A number alone is the move onto the place the board numbers
    so (a settlement or, on the player's own settlement, a city; a road; the robber),
    whether or not the player can make it now: the rules then say why not."""
    if is_number(bare := text.strip()) and (alone := _board_number(state, seat, bare)):
        return alone
    by_name = _places_by_name(state.board)
    shown: dict[int, tuple[str, int]] | None = None

    def place(kind: str, word: str) -> int:
        nonlocal shown
        if is_number(word):
            if shown is None:
                shown = {n: (k, i) for n, k, i in spots(state)}
            spot = shown.get(int(word))
            if spot is not None and spot[0] == kind:
                return spot[1]
            raise Unreadable(_no_spot(state, kind, word, shown))
        if word.startswith(INTERNAL):
            return _read_internal(kind, word)
        found = by_name.get((kind, _key(word)))
        if found is None:
            raise Unreadable
        return found

    seats = board_seat_words(COLOURS[:len(state.players)], names)
    return read(text, lambda words: _parse(words, place, seats))


def _board_number(state: HexfolkState, seat: int, word: str) -> Action | None:
    """The move a number alone stands for: the one onto the place the board draws it on
    (``None``: the board draws no such number now)."""
    spot = {n: (k, i) for n, k, i in spots(state)}.get(int(word))
    if spot is None:
        return None
    kind, place = spot
    if kind == "edge":
        return Road(place)
    if kind == "hex":  # the one move there, or the rules ask whom to rob
        there = [a for a in rules.legal_actions(state, seat)
                 if isinstance(a, Robber) and a.hex == place]
        return there[0] if len(there) == 1 else Robber(place)
    if state.corner_owner[place] == seat and state.corner_level[place] == 1:
        return City(place)
    return Settle(place)


def _no_spot(state: HexfolkState, kind: str, word: str,
             shown: dict[int, tuple[str, int]]) -> IllegalAction:
    """The refusal of a number that the board does not draw on a place of ``kind``."""
    numbers = sorted(n for n, (k, _) in shown.items() if k == kind)
    example = place_names(state.board)[(kind, 0)]
    if not numbers:
        return IllegalAction("hexfolk.notation.no_numbers", number=word[:8],
                             kind=term(KIND_KEYS[kind]), example=example)
    return IllegalAction("hexfolk.notation.no_spot", number=word[:8],
                         kind=term(KIND_KEYS[kind]), low=numbers[0], high=numbers[-1],
                         example=example)
