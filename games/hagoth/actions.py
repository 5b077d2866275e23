"""Hagoth actions and their canonical notation.

Players are named as the board names them: by colour (``red``, ``green``, ``yellow``,
``blue`` — the canonical form, stable when a player is renamed), by the letter on their
pieces (``r``, ``g``, ``y``, ``b``) or by their name written without spaces (``bo``,
``bot1``). The old ``p1``–``p4`` (seat order) is still read where it is unambiguous: not
when a player's name carries a number, as "Bot 1" does. Berths are ``1``/``2``. One line
per action::

    play bow 1              lay a segment on the design in berth 1
    play bow 2 sloop        start a Sloop design in (empty) berth 2
    play wood               Go Wooding card
    play build1 1           Build 1 on the design in berth 1
    play build2 1 2         Build 2: one segment in berth 1, one in berth 2
    play build? 1           Build ?: roll, build berth 1 first, then the other
    play sail 2             Sail card for the ship in berth 2
    play skip yellow        Skip Yellow's next turn
    play remove green 1 hull  remove an unbuilt Hull from Green's berth-1 design
    play delay green 1      push Green's berth-1 ship back one space (``delay bo 1``: Bo's)
    play destroy green 2    take one wood off Green's berth-2 design
    discard sail            discard a card (part of "play two cards")
    act wood                action without a card: Go Wooding
    act build 1             action without a card: build one segment
    act sail 1              action without a card: sail one space
    swap bow sail           Speed variant, after an action: discard and redraw
    swap                    ... or keep the hand
    move hull 1 2           move a segment between berths (free, any time in your turn)
    move hull 1 2 sloop     ... to an empty berth, starting a Sloop design
    redesign 1 great        change the blueprint of the design in berth 1 (free)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..notation import Unreadable, board_seat_words, lookup, one_of, read, seat_of
from .data import (
    ATTACK_CARDS,
    BLUEPRINT_BY_CODE,
    BLUEPRINTS,
    BUILD1,
    BUILD2,
    BUILD_CARDS,
    BUILD_DIE,
    CARD_ORDER,
    CARDS,
    COLOURS,
    DELAY,
    DESTROY,
    REMOVE,
    SAIL,
    SEGMENTS,
    SKIP,
    WOOD,
)


@dataclass(frozen=True, slots=True)
class PlaySegment:
    """Lay a segment card on berth ``berth``; ``blueprint`` starts a new design there."""

    card: str
    berth: int
    blueprint: int | None = None


@dataclass(frozen=True, slots=True)
class PlayWood:
    """Play a Go Wooding card: roll the die, take that much wood from the stock."""


@dataclass(frozen=True, slots=True)
class PlayBuild:
    """Play a Build card. For Build 1/2, one berth per wood placed; for Build ?, the
    berth to fill first."""

    card: str
    berths: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaySail:
    """Play a Sail card: the ship in ``berth`` sails one space."""

    berth: int


@dataclass(frozen=True, slots=True)
class PlayAttack:
    """Play Skip, Remove, Delay or Destroy against seat ``target``."""

    card: str
    target: int
    berth: int | None = None  # Remove, Delay, Destroy
    segment: str | None = None  # Remove


@dataclass(frozen=True, slots=True)
class Discard:
    card: str


@dataclass(frozen=True, slots=True)
class ActWood:
    """Perform the Go Wooding action without a card."""


@dataclass(frozen=True, slots=True)
class ActBuild:
    """Perform the build action without a card: one wood on the design in ``berth``."""

    berth: int


@dataclass(frozen=True, slots=True)
class ActSail:
    """Perform the sail action without a card: the ship in ``berth`` sails one space."""

    berth: int


@dataclass(frozen=True, slots=True)
class Swap:
    """Speed variant: after an action, discard these cards (0–2) and redraw."""

    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveSegment:
    """Move an unbuilt segment between the player's berths (free)."""

    segment: str
    source: int
    dest: int
    blueprint: int | None = None  # when ``dest`` is empty: the new design's blueprint


@dataclass(frozen=True, slots=True)
class Redesign:
    """Assign the design in ``berth`` to another blueprint (free)."""

    berth: int
    blueprint: int


Action = (
    PlaySegment | PlayWood | PlayBuild | PlaySail | PlayAttack | Discard
    | ActWood | ActBuild | ActSail | Swap | MoveSegment | Redesign
)


# -- formatting ----------------------------------------------------------------
def _bp(index: int) -> str:
    return BLUEPRINTS[index].code


def format_action(action: Action) -> str:
    """The canonical notation of ``action``."""
    match action:
        case PlaySegment(card, berth, None):
            return f"play {card} {berth + 1}"
        case PlaySegment(card, berth, int() as blueprint):
            return f"play {card} {berth + 1} {_bp(blueprint)}"
        case PlayWood():
            return "play wood"
        case PlayBuild(card, berths):
            return " ".join(["play", card, *(str(b + 1) for b in berths)])
        case PlaySail(berth):
            return f"play sail {berth + 1}"
        case PlayAttack(card, target, berth, segment):
            parts = ["play", card, COLOURS[target]]
            if berth is not None:
                parts.append(str(berth + 1))
            if segment is not None:
                parts.append(segment)
            return " ".join(parts)
        case Discard(card):
            return f"discard {card}"
        case ActWood():
            return "act wood"
        case ActBuild(berth):
            return f"act build {berth + 1}"
        case ActSail(berth):
            return f"act sail {berth + 1}"
        case Swap(cards):
            return " ".join(["swap", *cards])
        case MoveSegment(segment, source, dest, None):
            return f"move {segment} {source + 1} {dest + 1}"
        case MoveSegment(segment, source, dest, int() as blueprint):
            return f"move {segment} {source + 1} {dest + 1} {_bp(blueprint)}"
        case Redesign(berth, blueprint):
            return f"redesign {berth + 1} {_bp(blueprint)}"
    raise TypeError(f"not a Hagoth action: {action!r}")


# -- parsing -------------------------------------------------------------------------
#: Seat words without player names (colours and letters): what a log line uses.
SEATS = board_seat_words(COLOURS)
#: A berth as typed (berths count from one); exactly these words, as the notation writes.
BERTHS = {"1": 0, "2": 1}


def _berth(word: str) -> int:
    return lookup(word, BERTHS)


def _blueprint(word: str) -> int:
    return lookup(word, BLUEPRINT_BY_CODE).index


def _segment(word: str) -> str:
    return one_of(word, SEGMENTS)


def _parse_play(args: list[str], seats: Sequence[Sequence[str]]) -> Action:
    card, rest = args[0], args[1:]
    if card in SEGMENTS:
        if len(rest) == 1:
            return PlaySegment(card, _berth(rest[0]))
        if len(rest) == 2:
            return PlaySegment(card, _berth(rest[0]), _blueprint(rest[1]))
    elif card == WOOD and not rest:
        return PlayWood()
    elif card in BUILD_CARDS:
        limit = 2 if card == BUILD2 else 1
        if 1 <= len(rest) <= limit:
            return PlayBuild(card, tuple(sorted(_berth(w) for w in rest)))
    elif card == SAIL and len(rest) == 1:
        return PlaySail(_berth(rest[0]))
    elif card in ATTACK_CARDS and rest:
        target = seat_of(rest[0], seats)
        if card == SKIP and len(rest) == 1:
            return PlayAttack(card, target)
        if card in (DELAY, DESTROY) and len(rest) == 2:
            return PlayAttack(card, target, _berth(rest[1]))
        if card == REMOVE and len(rest) == 3:
            return PlayAttack(card, target, _berth(rest[1]), _segment(rest[2]))
    raise Unreadable


def _parse(words: list[str], seats: Sequence[Sequence[str]]) -> Action:
    verb, args = words[0], words[1:]
    if verb == "play" and args:
        return _parse_play(args, seats)
    if verb == "discard" and len(args) == 1 and args[0] in CARDS:
        return Discard(args[0])
    if verb == "act" and args:
        if args == ["wood"]:
            return ActWood()
        if len(args) == 2 and args[0] == "build":
            return ActBuild(_berth(args[1]))
        if len(args) == 2 and args[0] == "sail":
            return ActSail(_berth(args[1]))
    if verb == "swap" and len(args) <= 2 and all(a in CARDS for a in args):
        return Swap(tuple(sorted(args, key=CARD_ORDER.__getitem__)))
    if verb == "move" and len(args) in (3, 4):
        blueprint = _blueprint(args[3]) if len(args) == 4 else None
        return MoveSegment(_segment(args[0]), _berth(args[1]), _berth(args[2]), blueprint)
    if verb == "redesign" and len(args) == 2:
        return Redesign(_berth(args[0]), _blueprint(args[1]))
    raise Unreadable


def parse_action(text: str, names: Sequence[str] = ()) -> Action:
    """Read notation (case and extra spaces don't matter); ``names``: the players' names,
    so they can be typed too (see the module docstring)."""
    seats = board_seat_words(COLOURS, names) if names else SEATS
    return read(text, lambda words: _parse(words, seats))


def read_action(state: object, seat: int, text: str, names: Sequence[str] = ()) -> Action:
    """What a player typed: as :func:`parse_action`, players also named by their names."""
    return parse_action(text, names)


__all__ = [
    "BUILD1",
    "BUILD2",
    "BUILD_DIE",
    "ActBuild",
    "ActSail",
    "ActWood",
    "Action",
    "Discard",
    "MoveSegment",
    "PlayAttack",
    "PlayBuild",
    "PlaySail",
    "PlaySegment",
    "PlayWood",
    "Redesign",
    "Swap",
    "format_action",
    "parse_action",
    "read_action",
]
