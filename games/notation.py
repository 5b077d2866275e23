"""Reading typed notation, shared by every game's ``actions`` module.

A game's parser works on :func:`words` — the text lower-cased and split on white space —
and reads numbers, counts and players with the helpers here. Whatever it cannot read it
refuses by raising :class:`Unreadable`; :func:`read` turns that into the one refusal a
player sees (:class:`~games.protocol.IllegalAction` ``platform.notation.unknown``). So no
``parse_action`` raises anything else, whatever is typed:

* digits are ASCII ``0``–``9`` only (``'²'.isdigit()`` and ``'٣'.isdigit()`` are true, but
  no player means them, and ``int('²')`` fails);
* a number has at most :data:`MAX_DIGITS` digits (Python refuses to convert strings of
  4,301 digits and more; no move needs more than three);
* text longer than :data:`MAX_TEXT` characters is refused unread (a 10 KB paste is no move).

Players are named the way the board names them (issue 9, item 3): :func:`seat_of` reads a
seat from any of its *seat words* (its colour, the letter drawn on its pieces, its
player's name written without spaces). A game's canonical notation uses the colour, which
never changes when a player is renamed, so a stored log always replays.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TypeVar

from .errors import IllegalAction

A = TypeVar("A")
T = TypeVar("T")

#: Longest text read as a move (the longest real move is well under 100 characters).
MAX_TEXT = 300
#: Most digits in one number (counts, hex numbers, coin values are at most 3 digits).
MAX_DIGITS = 6
#: Characters of the refused text quoted back in the refusal.
QUOTE = 80

_ASCII_DIGITS = frozenset("0123456789")


class Unreadable(Exception):
    """Raised by a game's parser for text it cannot read; :func:`read` reports it, with
    ``refusal`` when the parser knows better what is wrong (an unknown player)."""

    def __init__(self, refusal: IllegalAction | None = None) -> None:
        super().__init__()
        self.refusal = refusal


def is_number(word: str) -> bool:
    """Whether ``word`` is a plain number: 1 to :data:`MAX_DIGITS` ASCII digits."""
    return 0 < len(word) <= MAX_DIGITS and set(word) <= _ASCII_DIGITS


def number(word: str, low: int = 0, high: int = 10**MAX_DIGITS) -> int:
    """``word`` as a number from ``low`` to ``high``; :class:`Unreadable` otherwise."""
    if not is_number(word):
        raise Unreadable
    value = int(word)
    if not low <= value <= high:
        raise Unreadable
    return value


def signed(word: str, low: int, high: int) -> int:
    """``word`` as a whole number from ``low`` to ``high``, a leading minus sign allowed
    (grid coordinates such as ``-2``); :class:`Unreadable` otherwise (no ``+``, no
    spaces, ASCII digits only)."""
    if word.startswith("-"):
        value = -number(word[1:], 0, max(0, -low))
        if not low <= value <= high:
            raise Unreadable
        return value
    return number(word, max(0, low), high)


def count_prefix(word: str, max_digits: int = 2) -> tuple[int, str]:
    """Split ``2wood`` into ``(2, "wood")``; no leading digits mean one (``wood``).
    A count of zero or of more than ``max_digits`` digits is :class:`Unreadable`."""
    digits = 0
    while digits < len(word) and word[digits] in _ASCII_DIGITS:
        digits += 1
    if digits == 0:
        return 1, word
    if digits > max_digits:
        raise Unreadable
    count = int(word[:digits])
    if count == 0:
        raise Unreadable
    return count, word[digits:]


def one_based(word: str, high: int = 10**MAX_DIGITS) -> int:
    """A place typed counting from one (``slot 3``, ``use 1``) as its 0-based index:
    ``word`` must be a number from 1 to ``high``; :class:`Unreadable` otherwise."""
    return number(word, 1, high) - 1


def lookup(word: str, table: Mapping[str, T]) -> T:
    """What ``word`` stands for in ``table`` (a square's name, a resource, a blueprint
    code); :class:`Unreadable` for a word the table does not have."""
    if word in table:
        return table[word]
    raise Unreadable


def position(word: str, options: Sequence[str]) -> int:
    """The index of ``word`` among ``options`` (colour letters, sides in order);
    :class:`Unreadable` for a word that is not one of them."""
    if word in options:
        return options.index(word)
    raise Unreadable


def one_of(word: str, options: Collection[str]) -> str:
    """``word`` itself when it is one of ``options`` (a segment, a card); else
    :class:`Unreadable`."""
    if word in options:
        return word
    raise Unreadable


def bare_move(found: Sequence[str], moves: Mapping[str, A]) -> A | None:
    """The move that a verb typed alone names (``roll``, ``pass``), or None when the
    words are not one such verb."""
    if len(found) == 1 and found[0] in moves:
        return moves[found[0]]
    return None


def words(text: str) -> list[str]:
    """``text`` lower-cased and split on white space (case and spacing never matter).
    Text longer than :data:`MAX_TEXT` is :class:`Unreadable`."""
    if len(text) > MAX_TEXT:
        raise Unreadable
    return text.lower().split()


#: The key of :func:`refusal`: the text was read as no move at all.
UNREADABLE = "platform.notation.unknown"


def refusal(text: str) -> IllegalAction:
    """The refusal of text that is no move (quoting at most :data:`QUOTE` characters)."""
    return IllegalAction(UNREADABLE, text=text.strip()[:QUOTE])


def read(text: str, parse: Callable[[list[str]], A]) -> A:
    """Run a game's ``parse`` over the :func:`words` of ``text``.

    ``parse`` raises :class:`Unreadable` for what it cannot read; empty text, overlong
    text and a parser's slip on strange input (``ValueError``, ``LookupError``) are
    refused the same way, so a player always gets the polite refusal."""
    try:
        found = words(text)
        if found:
            return parse(found)
    except Unreadable as unreadable:
        if unreadable.refusal is not None:
            raise unreadable.refusal from None
    except (ValueError, LookupError):
        pass
    raise refusal(text)


# -- players -----------------------------------------------------------------------------
def squash(name: str) -> str:
    """A player's name as one notation word: lower case, without spaces (``Bot 1`` →
    ``bot1``)."""
    return "".join(name.lower().split())


def legacy_seat(word: str) -> int | None:
    """The old ``p1``–``p8`` form (seat order), or None when ``word`` is not one (the
    rules refuse a seat the game does not have)."""
    if len(word) == 2 and word[0] == "p" and word[1] in "12345678":
        return int(word[1]) - 1
    return None


def seat_of(word: str, words_per_seat: Sequence[Sequence[str]]) -> int:
    """The one seat that ``word`` names (see :func:`board_seat_words`).

    The words of a seat come in order of precedence, and the first place where some seat
    has ``word`` decides: colours before letters before names, so the canonical colour
    words in the log always mean their seat, even at a table where someone is called
    "Blue". Where ``word`` names two seats at the same level it is refused, not guessed.
    The old ``p2`` form is read too, but only where it cannot mean anything else: when
    no seat is named by that word and no player's name carries a number (with players
    "Bot 1", "Bot 2"… ``p2`` could mean "Bot 2" or the second seat, so it is refused)."""
    depth = max((len(names) for names in words_per_seat), default=0)
    for level in range(depth):
        matches = {seat for seat, names in enumerate(words_per_seat)
                   if level < len(names) and names[level] == word}
        if len(matches) == 1:
            return matches.pop()
        if matches:
            break
    else:
        legacy = legacy_seat(word)
        if legacy is not None and not any(
                ch in _ASCII_DIGITS for names in words_per_seat for w in names for ch in w):
            return legacy
    known = ", ".join("/".join(names) for names in words_per_seat)
    raise Unreadable(IllegalAction("platform.notation.player", word=word[:QUOTE],
                                   known=known))


# -- seats as the board draws them -------------------------------------------------------
#: The colour keys and letters of :data:`renderers.common.PALETTE`, in seat order (a test
#: keeps the two equal; the engines do not import the renderers).
PALETTE_KEYS = ("red", "green", "yellow", "blue", "orange", "sky", "purple", "black")
PALETTE_LETTERS = ("r", "g", "y", "b", "o", "s", "p", "k")


def drawn_colour(seat: int, colour: str) -> tuple[str, str]:
    """(colour key, letter) the board draws ``seat`` with, as
    :func:`renderers.common.seat_style`: the game's colour when the palette has it, else
    the palette's colour for that seat."""
    index = PALETTE_KEYS.index(colour) if colour in PALETTE_KEYS else seat % len(PALETTE_KEYS)
    return PALETTE_KEYS[index], PALETTE_LETTERS[index]


def board_seat_words(colours: Sequence[str], names: Sequence[str] = ()
                     ) -> list[tuple[str, ...]]:
    """Per seat: the colour and letter drawn on the board, the game's own colour word when
    it differs, and the squashed player name (the first word is the canonical one)."""
    out = []
    for seat, colour in enumerate(colours):
        key, letter = drawn_colour(seat, colour)
        found = [key, letter] + ([colour] if colour != key else [])
        if seat < len(names) and squash(names[seat]):
            found.append(squash(names[seat]))
        out.append(tuple(found))
    return out


__all__ = [
    "MAX_DIGITS",
    "MAX_TEXT",
    "UNREADABLE",
    "Unreadable",
    "bare_move",
    "board_seat_words",
    "count_prefix",
    "drawn_colour",
    "is_number",
    "legacy_seat",
    "lookup",
    "number",
    "one_based",
    "one_of",
    "position",
    "read",
    "refusal",
    "seat_of",
    "signed",
    "squash",
    "words",
]
