"""Lovci pokladů actions and their canonical notation.

Squares are named like a chessboard (``A1`` south-west … ``I9`` north-east). Your own
sailors are numbered ``1``–``4``; a sailor of another colour you control (a prisoner,
or the crew of a ship you captured) carries its colour letter: ``g2`` (r, g, y, b).
Ships are named by colour letter. One line per action::

    start E1                place your ship beside edge card E1 of your side (setup)
    ship left               move your own ship one position left (``right``: the other way)
    ship g right            move a ship you captured (green)
    sailor 2 to E5          move sailor 2 to square E5 (a carried token is left behind)
    sailor 2 to E5 with 300 ... carrying a 300 token (the one carried, or one lying here)
    sailor 2 to ship r      board ship red (your own: deliver; a crewless enemy: capture)
    sailor 2 to ship r with 300
    sailor 2 left           a sailor in the sea walks one position along the ring
    go E5                   follow-up: where a rose, dolphin or seahorse takes the sailor
    go E5 with 300          ... taking along a token that lies on that card
    side west               follow-up: thrown over a corner card, choose the side
    neptune to C7           use Neptune: the holder goes to any square
    neptune to ship g       ... or onto a crewless opponent's ship
    mermaid C3 300          use the Mermaid: she brings the 300 token lying on C3
    later                   keep the just-discovered Mermaid for later
    pass                    only when nothing else is legal
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation import Unreadable, bare_move, lookup, number, position, read
from .data import COLOUR_LETTERS, NAMES, SIDES, SQUARE_BY_NAME, TOKEN_VALUES


@dataclass(frozen=True, slots=True)
class Start:
    square: int


@dataclass(frozen=True, slots=True)
class ShipMove:
    step: int  # +1 right, -1 left
    ship: int | None = None  # None: your own colour's ship


@dataclass(frozen=True, slots=True)
class SailorMove:
    """A sailor steps to a board square (``ship`` None) or boards ship ``ship``."""

    num: int  # 0..3
    colour: int | None = None  # None: your own colour
    square: int = -1
    ship: int | None = None
    token: int = 0  # value carried on this move, 0 = none


@dataclass(frozen=True, slots=True)
class Walk:
    num: int
    step: int
    colour: int | None = None


@dataclass(frozen=True, slots=True)
class Go:
    square: int
    token: int = 0


@dataclass(frozen=True, slots=True)
class Side:
    side: int


@dataclass(frozen=True, slots=True)
class Neptune:
    square: int = -1
    ship: int | None = None


@dataclass(frozen=True, slots=True)
class Mermaid:
    square: int
    token: int


@dataclass(frozen=True, slots=True)
class Later:
    pass


@dataclass(frozen=True, slots=True)
class Pass:
    pass


Action = Start | ShipMove | SailorMove | Walk | Go | Side | Neptune | Mermaid | Later | Pass


def _who(num: int, colour: int | None) -> str:
    return f"{'' if colour is None else COLOUR_LETTERS[colour]}{num + 1}"


def _with(token: int) -> str:
    return f" with {token}" if token else ""


def _lr(step: int) -> str:
    return "right" if step > 0 else "left"


def choice_group(action: Action, locale: str = "en") -> tuple[str, ...]:
    """Menu level below the kind of move: Neptune reaches any of 81 squares, too many
    for one Discord select, so its menu picks the row first, then the square."""
    from i18n import t

    if isinstance(action, Neptune) and action.square >= 0:
        return (t("platform.menu.row", locale, row=NAMES[action.square][1:]),)
    if isinstance(action, Neptune):
        return (t("platform.menu.ships", locale),)
    return ()


def format_action(action: Action) -> str:
    match action:
        case Start(square):
            return f"start {NAMES[square]}"
        case ShipMove(step, None):
            return f"ship {_lr(step)}"
        case ShipMove(step, int() as ship):
            return f"ship {COLOUR_LETTERS[ship]} {_lr(step)}"
        case SailorMove(num, colour, square, None, token):
            return f"sailor {_who(num, colour)} to {NAMES[square]}{_with(token)}"
        case SailorMove(num, colour, _, int() as ship, token):
            return f"sailor {_who(num, colour)} to ship {COLOUR_LETTERS[ship]}{_with(token)}"
        case Walk(num, step, colour):
            return f"sailor {_who(num, colour)} {_lr(step)}"
        case Go(square, token):
            return f"go {NAMES[square]}{_with(token)}"
        case Side(side):
            return f"side {SIDES[side]}"
        case Neptune(square, None):
            return f"neptune to {NAMES[square]}"
        case Neptune(_, int() as ship):
            return f"neptune to ship {COLOUR_LETTERS[ship]}"
        case Mermaid(square, token):
            return f"mermaid {NAMES[square]} {token}"
        case Later():
            return "later"
        case Pass():
            return "pass"
    raise TypeError(f"not a Lovci pokladů action: {action!r}")


#: The way a ship or a sailor steps along the ring.
STEPS = {"left": -1, "right": 1}


def _token(word: str) -> int:
    value = number(word)
    if value in TOKEN_VALUES:
        return value
    raise Unreadable


def _sailor(word: str) -> tuple[int, int | None]:
    if len(word) == 1 and word in "1234":
        return int(word) - 1, None
    if len(word) == 2 and word[1] in "1234":
        return int(word[1]) - 1, position(word[0], COLOUR_LETTERS)
    raise Unreadable


def _with_token(rest: list[str]) -> int:
    if not rest:
        return 0
    if len(rest) == 2 and rest[0] == "with":
        return _token(rest[1])
    raise Unreadable


_BARE: dict[str, Action] = {"later": Later(), "pass": Pass()}


def _parse(words: list[str]) -> Action:
    bare = bare_move(words, _BARE)
    if bare is not None:
        return bare
    verb, args = words[0], words[1:]
    n = len(args)
    if verb == "start" and n == 1:
        return Start(lookup(args[0], SQUARE_BY_NAME))
    if verb == "ship" and n == 1:
        return ShipMove(lookup(args[0], STEPS))
    if verb == "ship" and n == 2:
        return ShipMove(lookup(args[1], STEPS), position(args[0], COLOUR_LETTERS))
    if verb == "sailor" and n >= 2:
        num, colour = _sailor(args[0])
        if n == 2:
            return Walk(num, lookup(args[1], STEPS), colour)
        if args[1] == "to" and args[2] == "ship" and n >= 4:
            return SailorMove(num, colour, -1, position(args[3], COLOUR_LETTERS),
                              _with_token(args[4:]))
        if args[1] == "to":
            return SailorMove(num, colour, lookup(args[2], SQUARE_BY_NAME), None,
                              _with_token(args[3:]))
    if verb == "go" and n >= 1:
        return Go(lookup(args[0], SQUARE_BY_NAME), _with_token(args[1:]))
    if verb == "side" and n == 1:
        return Side(position(args[0], SIDES))
    if verb == "neptune" and n >= 2 and args[0] == "to":
        if n == 3 and args[1] == "ship":
            return Neptune(-1, position(args[2], COLOUR_LETTERS))
        if n == 2:
            return Neptune(lookup(args[1], SQUARE_BY_NAME))
    if verb == "mermaid" and n == 2:
        return Mermaid(lookup(args[0], SQUARE_BY_NAME), _token(args[1]))
    raise Unreadable


def parse_action(text: str) -> Action:
    """Read notation (case and extra spaces don't matter)."""
    return read(text, _parse)
