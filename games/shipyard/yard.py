"""A player's shipyard: the placement rules and completed ships.

Data file: "a card never moves once placed; no stern or middle in the leftmost slot of
a ship, no bow or middle in the rightmost slot; a bow and a stern may not be placed so
that no middle could fit between them; you may not fill every slot unless that
completes a ship." All of these say one thing, which :func:`feasible` checks: the
cards in the yard can still all become parts of complete ships (bow, 1–7 middles,
stern, adjacent) using the empty slots. A complete ship leaves the yard in step 5 of
the turn ("A ship must leave the Shipyard on the turn on which it is completed"), so a
placement is judged on the yard without its complete ships (:func:`after_launch`):
a bow or stern that fills the last slot and completes a ship is legal (issue 24 item 5,
RULES-NOTES SY-D14).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .data import BOW, MIDDLE, STERN, ship_card

Yard = Sequence[int | None]


def decks(yard: Yard) -> list[str | None]:
    return [None if c is None else ship_card(c).deck for c in yard]


def feasible(kinds: Sequence[str | None]) -> bool:
    """Whether every card can still end up in a complete ship without moving."""
    return _feasible(tuple(kinds))


@lru_cache(maxsize=4096)
def _feasible(kinds: tuple[str | None, ...]) -> bool:
    # states: -1 outside a ship; m >= 0 inside a ship after its bow and m middles
    states = {-1}
    for kind in kinds:
        nxt: set[int] = set()
        for s in states:
            if s < 0:
                if kind is None:
                    nxt.add(-1)
                    nxt.add(0)  # a bow may come here later
                elif kind == BOW:
                    nxt.add(0)
            else:
                if kind in (None, MIDDLE):
                    nxt.add(min(s + 1, 1))
                if kind in (None, STERN) and s >= 1:
                    nxt.add(-1)
        states = nxt
        if not states:
            return False
    return -1 in states


def legal_slots(yard: Yard, deck: str) -> list[int]:
    return list(_legal_slots(tuple(decks(yard)), deck))


@lru_cache(maxsize=4096)
def _legal_slots(kinds: tuple[str | None, ...], deck: str) -> tuple[int, ...]:
    """The empty slots where a card of ``deck`` keeps the yard :func:`feasible` (the
    yards' shapes repeat all game long, so the answers are remembered)."""
    out = []
    for slot, kind in enumerate(kinds):
        if kind is None:
            trial = list(kinds)
            trial[slot] = deck
            if None not in trial and not any(
                    bow <= slot <= stern for bow, stern in _ships_of(trial)):
                continue  # "you may not fill every slot unless that completes a ship"
            if _feasible(after_launch(trial)):
                out.append(slot)
    return tuple(out)


def after_launch(kinds: Sequence[str | None]) -> tuple[str | None, ...]:
    """The yard's kinds once its complete ships have left it (step 5): their slots
    empty."""
    out = list(kinds)
    for bow, stern in _ships_of(kinds):
        out[bow:stern + 1] = [None] * (stern + 1 - bow)
    return tuple(out)


def completed_ships(yard: Yard) -> list[tuple[int, int]]:
    """``(bow slot, stern slot)`` of every complete ship, left to right."""
    return _ships_of(decks(yard))


def completing_slots(yard: Yard, deck: str) -> list[int]:
    """Slots where one card of ``deck`` completes a ship (for the last chance)."""
    before = len(completed_ships(yard))
    out = []
    for slot in legal_slots(yard, deck):
        kinds = decks(yard)
        kinds[slot] = deck
        ships = _ships_of(kinds)
        if len(ships) > before:
            out.append(slot)
    return out


def _ships_of(kinds: Sequence[str | None]) -> list[tuple[int, int]]:
    out = []
    i = 0
    while i < len(kinds):
        if kinds[i] == BOW:
            j = i + 1
            while j < len(kinds) and kinds[j] == MIDDLE:
                j += 1
            if j < len(kinds) and j > i + 1 and kinds[j] == STERN:
                out.append((i, j))
                i = j + 1
                continue
        i += 1
    return out
