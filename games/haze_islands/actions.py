"""Haze Islands actions and their canonical notation, one line per action::

    pass        wait for cards (never as the first player of the round)
    discard     discard the top card of your map deck, unseen
    scout n     Scout north (n, e, s, w): create a location on that side
    sail e      Sail east (n, e, s, w) to the adjacent location
    plunder     Plunder: draw as many cards as your location's number
    keep 12 discard 5 7
                after Plunder: map card #12 goes to your hand, #5 then #7 are discarded
                (in that order: the last one ends on top); ``keep 12`` when nothing else
                was drawn
    drop 12     discard map card #12 from your hand (down to the hand limit of 3)
    deploy      Deploy a pirate here (Reveal Your Fate first)
    fate nw     Reveal Your Fate: the corner (nw, ne, se, sw) of your top map card
    steal       Steal: discard your top card unseen, then search your deck
    take 12     after Steal: take map card #12 (matching your location's icon) to hand
    complete    Complete the adventure here (Reveal Your Fate first)
    attack doom Attack The Doom at your location (Spend first, then Reveal Your Fate)
    attack green
                Attack the ship of the green player at your location (competitive mode)
    hijack green
                a Castaway Hijacks the green player's ship here (Fate, then 2 Crew icons)
    discard 12  a Ghost Ship discards map card #12 of its deck (any order, all of them)
    rotate 1,-2 90
                a Ghost Ship then rotates the location at (1, -2) by 90, 180 or 270
                degrees clockwise
    pay 12 5 @-1,2
                Spend: discard cards #12 then #5 from your hand and return your pirate
                from the location at (-1, 2); as many as the icons required
    trade green give 12
                coop: swap cards with the green player at your location, giving map card #12
    give 5      the partner of a trade gives map card #5 back (``skip`` refuses)
    use 4 @1,0  use the special action of adventure #4 in your Captain's Log, with its
                target: a player (``use 1 green``), squares (``use 5 @0,0 @1,0``: from, to)
                or nothing (``use 12``)
    skip        answer "no" to a use-or-pass window (or keep a revealed Skull)
    top 12      reordering your deck (or playing hand cards as map cards): #12 next on top
    done        end the reordering
    revive nw   a Ghost Ship tries to Revive: the corner of a random discarded card
    dawn 1,-2   New Dawn: the location at (1, -2) gets the next adventure card

Map cards are numbered 1–30 in the order of the data file's table. Players are named as
the board draws them: by colour (``green``, canonical), letter (``g``) or player name; the
seat numbers 1–3 the first notation wrote (``attack 2``) are still read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..notation import (
    PALETTE_KEYS,
    Unreadable,
    bare_move,
    board_seat_words,
    is_number,
    lookup,
    number,
    one_based,
    position,
    read,
    seat_of,
    signed,
)
from .data import CORNERS, DIRECTION_NAMES, MAP_CARDS, MAX_PLAYERS


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


@dataclass(frozen=True, slots=True)
class Plunder:
    pass


@dataclass(frozen=True, slots=True)
class Keep:
    """After Plunder: the card (id) for the hand and the others in discard order."""

    card: int
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Drop:
    """Discard a card (id) from the hand, down to the hand limit."""

    card: int


@dataclass(frozen=True, slots=True)
class Deploy:
    pass


@dataclass(frozen=True, slots=True)
class Fate:
    """Reveal Your Fate: the corner (index into data.CORNERS) of the top map card."""

    corner: int


@dataclass(frozen=True, slots=True)
class Steal:
    pass


@dataclass(frozen=True, slots=True)
class Take:
    """After Steal: the card (id) of the map deck taken to the hand."""

    card: int


@dataclass(frozen=True, slots=True)
class Complete:
    pass


@dataclass(frozen=True, slots=True)
class AttackDoom:
    pass


@dataclass(frozen=True, slots=True)
class AttackShip:
    seat: int


@dataclass(frozen=True, slots=True)
class Hijack:
    seat: int


@dataclass(frozen=True, slots=True)
class GhostDiscard:
    card: int


@dataclass(frozen=True, slots=True)
class Rotate:
    x: int
    y: int
    quarters: int  # 1, 2 or 3 quarter turns clockwise


DEGREES = {1: "90", 2: "180", 3: "270"}


@dataclass(frozen=True, slots=True)
class Pay:
    """Spend: hand cards (ids, in discard order) and pirates returned (their squares)."""

    cards: tuple[int, ...] = ()
    pirates: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Trade:
    """Coop: offer map card ``card`` (id) from the hand to ``seat`` for one of theirs."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Give:
    """The partner of a trade gives map card ``card`` (id) back."""

    card: int


@dataclass(frozen=True, slots=True)
class Use:
    """Use the special action of adventure ``number`` (1–18) in one's Captain's Log.

    ``seat``: its target player (Draw from an opponent), else -1; ``squares``: the
    locations it names (a location, or a pirate's square then where it goes)."""

    number: int
    seat: int = -1
    squares: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Skip:
    pass


@dataclass(frozen=True, slots=True)
class Top:
    """Reordering: map card ``card`` (id) goes next on top of the map deck."""

    card: int


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Revive:
    corner: int


@dataclass(frozen=True, slots=True)
class Dawn:
    x: int
    y: int


Action = (Pass | Discard | Scout | Sail | Plunder | Keep | Drop | Deploy | Fate | Steal | Take
          | Complete | AttackDoom | AttackShip | Hijack | Pay | GhostDiscard | Rotate | Trade | Give
          | Use | Skip | Top | Done | Revive | Dawn)

#: Moves that answer a choice the game put to a player (what to keep, which corner, a
#: window, a prompt), never an action of a turn's own.
ANSWERS = (Keep, Drop, Fate, Take, Pay, Skip, Give, Top, Done, Revive, Dawn)


def _number(card: int) -> str:
    return str(card + 1)


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
        case Plunder():
            return "plunder"
        case Keep(card, ()):
            return f"keep {_number(card)}"
        case Keep(card, discards):
            return f"keep {_number(card)} discard {' '.join(map(_number, discards))}"
        case Drop(card):
            return f"drop {_number(card)}"
        case Deploy():
            return "deploy"
        case Steal():
            return "steal"
        case Take(card):
            return f"take {_number(card)}"
        case Complete():
            return "complete"
        case AttackDoom():
            return "attack doom"
        case AttackShip(seat):
            return f"attack {_player(seat)}"
        case Hijack(seat):
            return f"hijack {_player(seat)}"
        case GhostDiscard(card):
            return f"discard {_number(card)}"
        case Rotate(x, y, quarters):
            return f"rotate {x},{y} {DEGREES[quarters]}"
        case Pay(cards, pirates):
            words = [_number(c) for c in cards] + [f"@{x},{y}" for x, y in pirates]
            return " ".join(["pay", *words])
        case Fate(corner):
            return f"fate {CORNERS[corner]}"
        case Trade(seat, card):
            return f"trade {_player(seat)} give {_number(card)}"
        case Give(card):
            return f"give {_number(card)}"
        case Use(number, seat, squares):
            words = [f"use {number}"] + ([_player(seat)] if seat >= 0 else [])
            return " ".join(words + [f"@{x},{y}" for x, y in squares])
        case Skip():
            return "skip"
        case Top(card):
            return f"top {_number(card)}"
        case Done():
            return "done"
        case Revive(corner):
            return f"revive {CORNERS[corner]}"
        case Dawn(x, y):
            return f"dawn {x},{y}"
    raise TypeError(f"not a Haze Islands action: {action!r}")


#: Moves typed as one word.
_BARE: dict[str, Action] = {
    "pass": Pass(), "discard": Discard(), "plunder": Plunder(), "deploy": Deploy(),
    "steal": Steal(), "complete": Complete(), "skip": Skip(), "done": Done()}
#: Moves that name one map card: ``drop 12``.
_ONE_CARD: dict[str, Callable[[int], Action]] = {
    "keep": Keep, "drop": Drop, "take": Take, "discard": GhostDiscard, "give": Give, "top": Top}
#: The colours the board draws the seats in (the palette's, in seat order).
COLOURS = PALETTE_KEYS[:MAX_PLAYERS]
#: Seat words without player names (colour and letter): what the log writes.
SEATS = board_seat_words(COLOURS)
#: Adventure cards (and so special actions in a Captain's Log) are numbered 1–18.
ADVENTURES = 18
#: How far from the start a typed coordinate may be (the map has at most 30 locations).
FARTHEST = 999
#: ``rotate x,y 90``: degrees as typed → quarter turns clockwise.
_QUARTERS = {degrees: quarters for quarters, degrees in DEGREES.items()}


def _card(word: str) -> int:
    """A map card typed by its number 1–30, as its id."""
    return one_based(word, len(MAP_CARDS))


def _player(seat: int) -> str:
    """A seat in the log: the colour the board draws it in."""
    return SEATS[seat][0]


def _seat(word: str, seats: Sequence[Sequence[str]]) -> int:
    """A player typed as the board names them (colour, letter or name: ``green``, ``g``,
    ``bo``; see :func:`games.notation.seat_of`), or by the seat number 1–3 that the first
    notation wrote (``attack 2``), still read."""
    if is_number(word):
        return one_based(word, MAX_PLAYERS)
    return seat_of(word, seats)


def _square(word: str) -> tuple[int, int]:
    """A location typed ``x,y`` (``1,-2``)."""
    x, comma, y = word.partition(",")
    if not comma:
        raise Unreadable
    return signed(x, -FARTHEST, FARTHEST), signed(y, -FARTHEST, FARTHEST)


def _pirate(word: str) -> tuple[int, int]:
    """A location typed ``@x,y`` (a pirate's square in ``pay``, a target of ``use``)."""
    if not word.startswith("@"):
        raise Unreadable
    return _square(word[1:])


def _use(args: list[str], seats: Sequence[Sequence[str]]) -> Use:
    """``use 4``, ``use 1 2`` (a seat), ``use 5 @0,0 @1,0`` (one or two squares)."""
    used = number(args[0], 1, ADVENTURES)
    rest = args[1:]
    seat = -1
    if rest and not rest[0].startswith("@"):
        seat, rest = _seat(rest[0], seats), rest[1:]
    if not rest:
        return Use(used, seat)
    if len(rest) > 2:
        raise Unreadable
    return Use(used, seat, tuple(_pirate(word) for word in rest))


def _pay(args: list[str]) -> Pay:
    """``pay 12 5 @-1,2``: hand cards and pirates' squares, each in the order typed."""
    cards = tuple(_card(word) for word in args if not word.startswith("@"))
    pirates = tuple(_pirate(word) for word in args if word.startswith("@"))
    return Pay(cards, pirates)


def _parse(words: list[str], seats: Sequence[Sequence[str]]) -> Action:
    bare = bare_move(words, _BARE)
    if bare is not None:
        return bare
    verb, args = words[0], words[1:]
    if not args:
        raise Unreadable
    if len(args) == 1:
        arg = args[0]
        if verb in ("scout", "sail"):
            direction = position(arg, DIRECTION_NAMES)
            return Scout(direction) if verb == "scout" else Sail(direction)
        if verb in ("fate", "revive"):
            corner = position(arg, CORNERS)
            return Fate(corner) if verb == "fate" else Revive(corner)
        if verb == "attack":
            return AttackDoom() if arg == "doom" else AttackShip(_seat(arg, seats))
        if verb == "hijack":
            return Hijack(_seat(arg, seats))
        if verb == "dawn":
            return Dawn(*_square(arg))
        if verb in _ONE_CARD:
            return _ONE_CARD[verb](_card(arg))
    if verb == "rotate" and len(args) == 2:
        return Rotate(*_square(args[0]), lookup(args[1], _QUARTERS))
    if verb == "trade" and len(args) == 3 and args[1] == "give":
        return Trade(_seat(args[0], seats), _card(args[2]))
    if verb == "keep" and len(args) >= 3 and args[1] == "discard":
        return Keep(_card(args[0]), tuple(_card(word) for word in args[2:]))
    if verb == "use":
        return _use(args, seats)
    if verb == "pay":
        return _pay(args)
    raise Unreadable


def parse_action(text: str, names: Sequence[str] = ()) -> Action:
    """Read notation (case and extra spaces don't matter); ``names``: the players' names,
    so they can be typed too. Anything else is refused with the platform's one refusal
    (:func:`games.notation.read`)."""
    seats = board_seat_words(COLOURS, names) if names else SEATS
    return read(text, lambda words: _parse(words, seats))


def read_action(state: object, seat: int, text: str, names: Sequence[str] = ()) -> Action:
    """What a player typed: as :func:`parse_action`, players also named by their names."""
    return parse_action(text, names)
