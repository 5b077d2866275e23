"""Haze Islands actions and their canonical notation, one line per action::

    pass        wait for cards (never as the first player of the round)
    discard     discard the top card of your map deck, unseen
    scout n     Scout north (n, e, s, w): create a location on that side
    sail e      Sail east (n, e, s, w) to the adjacent location
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import IllegalAction
from .data import DIRECTION_NAMES


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Discard:
    pass


@dataclass(frozen=True, slots=True)
class Scout:
    direction: int


@dataclass(frozen=True, slots=True)
class Sail:
    direction: int


Action = Pass | Discard | Scout | Sail


def format_action(action: Action) -> str:
    match action:
        case Pass():
            return "pass"
        case Discard():
            return "discard"
        case Scout(direction):
            return f"scout {DIRECTION_NAMES[direction]}"
        case Sail(direction):
            return f"sail {DIRECTION_NAMES[direction]}"
    raise TypeError(f"not a Haze Islands action: {action!r}")


def parse_action(text: str) -> Action:
    """Read notation (case and extra spaces don't matter)."""
    words = text.strip().lower().split()
    if words == ["pass"]:
        return Pass()
    if words == ["discard"]:
        return Discard()
    if len(words) == 2 and words[0] in ("scout", "sail") and words[1] in DIRECTION_NAMES:
        direction = DIRECTION_NAMES.index(words[1])
        return Scout(direction) if words[0] == "scout" else Sail(direction)
    raise IllegalAction("platform.notation.unknown", text=text.strip()[:80])
