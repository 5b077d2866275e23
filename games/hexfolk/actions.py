"""Hexfolk actions and their notation (typed by people, stored in the log).

What the player sees is what the player types (issue 9, item 1). Places are named by the
letters drawn on the hexes: a hex by its letter (``C``), a corner by the hexes it
touches (``C-F-G``; on the coast ``C-F`` or ``C``, with the compass corner of the first
hex where two corners touch the same hexes: ``C:n``), an edge by the two hexes it
separates (``C-F``) or, on the coast, by its hex and side (``C:ne``). Letters may come in
any order and any case. While the board numbers the legal places, the number drawn on a
place names it too: ``settle 12`` is the corner the board marks 12 *now*. A number the
board does not show is refused, never read as something else.

The log stores the lettered form (:func:`notate_action`): it reads the same in every
position, so a game replays. The board-independent :func:`format_action` writes places
by internal id (``settle id12``) for tests and tools; it is read everywhere too, but
people never need it (and ``12`` alone never means an id).

Players are named as the board draws them: by colour (the canonical form, stable when
a player is renamed), by the letter on their pieces or by name without spaces. The old
``p1``–``p8`` is read only where unambiguous (see :func:`games.notation.seat_of`). A
bundle of cards is written ``2wood 1ore`` (``wood`` alone means one; ``nothing`` for an
empty side)::

    settle C-F-G            settlement on that corner (founding and later); settle 12: spot 12
    road C-F                road on that edge (founding, building, Road building card)
    city C-F-G              upgrade your settlement there
    roll                    roll the dice
    buy                     buy a development card
    end                     end your turn (or your special building phase; at its sign-up: pass)
    build                   sign up for the special building phase (you build in turn order)
    robber D blue           move the robber to hex D and steal from Blue (``robber D``: nobody)
    play knight D blue      play a knight: robber to hex D, steal from Blue
    play knight             play a knight with the robber switched off (it only counts)
    play roads              play Road building (then ``road`` twice)
    play plenty wood ore    play Year of plenty: take those two from the bank
    play monopoly ore       play Monopoly on ore
    discard 2wood 1ore      give up cards on a seven
    bank wood ore           trade wood for one ore at your best rate (4:1, 3:1 or 2:1)
    offer 2wood for 1ore    offer a trade to everyone (any ratio; ``for nothing``: a gift)
    accept / decline        answer the current offer
    counter 1ore for 2wood  answer with your own terms (you give 1 ore, get 2 wood)
    trade blue              close the offer with Blue (on their acceptance or counter)
    cancel                  withdraw the offer
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..notation import (
    Unreadable,
    bare_move,
    board_seat_words,
    count_prefix,
    is_number,
    lookup,
    one_based,
    read,
    seat_of,
)
from .board import get_board, places
from .data import COLOURS, DEV_CARDS, RES_INDEX, RESOURCES

if TYPE_CHECKING:
    from .state import HexfolkState

Bundle = tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Settle:
    corner: int


@dataclass(frozen=True, slots=True)
class Road:
    edge: int


@dataclass(frozen=True, slots=True)
class City:
    corner: int


@dataclass(frozen=True, slots=True)
class Roll:
    pass


@dataclass(frozen=True, slots=True)
class Buy:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Robber:
    hex: int
    victim: int | None = None


@dataclass(frozen=True, slots=True)
class Knight:
    hex: int
    victim: int | None = None


@dataclass(frozen=True, slots=True)
class RoadBuilding:
    pass


@dataclass(frozen=True, slots=True)
class Plenty:
    first: int
    second: int  # first <= second


@dataclass(frozen=True, slots=True)
class Monopoly:
    resource: int


@dataclass(frozen=True, slots=True)
class Discard:
    cards: Bundle


@dataclass(frozen=True, slots=True)
class BankTrade:
    give: int
    get: int


@dataclass(frozen=True, slots=True)
class Offer:
    give: Bundle
    get: Bundle


@dataclass(frozen=True, slots=True)
class Accept:
    pass


@dataclass(frozen=True, slots=True)
class Decline:
    pass


@dataclass(frozen=True, slots=True)
class Counter:
    """A responder's own terms: the responder gives ``give`` and gets ``get``."""

    give: Bundle
    get: Bundle


@dataclass(frozen=True, slots=True)
class Trade:
    partner: int


@dataclass(frozen=True, slots=True)
class Cancel:
    pass


@dataclass(frozen=True, slots=True)
class SignUp:
    """"I build": the answer to the special building phase's sign-up (``end`` passes)."""



Action = (
    Settle | Road | City | Roll | Buy | End | Robber | Knight | RoadBuilding | Plenty
    | Monopoly | Discard | BankTrade | Offer | Accept | Decline | Counter | Trade | Cancel
    | SignUp
)


def format_bundle(b: Bundle) -> str:
    parts = [f"{n}{RESOURCES[i]}" for i, n in enumerate(b) if n]
    return " ".join(parts) if parts else "nothing"


#: Seat words without player names: the drawn colour (canonical) and letter.
SEATS = board_seat_words(COLOURS)


def _victim(v: int | None) -> str:
    return "" if v is None else f" {SEATS[v][0]}"


#: Prefix of a place written by internal id (``settle id12``): for tests and tools; no
#: person types it meaning a number on the board.
INTERNAL = "id"

#: A place's name in notation: (kind "corner" / "edge" / "hex", id) → text.
PlaceName = Callable[[str, int], str]


def _internal(kind: str, i: int) -> str:
    return f"{INTERNAL}{i + 1}"


def format_action(action: Action, place: PlaceName = _internal) -> str:
    """Notation of ``action``; ``place`` names places (default: by internal id, ``id12``;
    :func:`notate_action` names them by the hex letters of the game's board)."""
    match action:
        case Settle(c):
            return f"settle {place('corner', c)}"
        case Road(e):
            return f"road {place('edge', e)}"
        case City(c):
            return f"city {place('corner', c)}"
        case Roll():
            return "roll"
        case Buy():
            return "buy"
        case End():
            return "end"
        case Robber(h, v):
            return f"robber {place('hex', h)}{_victim(v)}"
        case Knight(h, v):
            if h < 0:
                return "play knight"  # the robber is off: the knight only counts
            return f"play knight {place('hex', h)}{_victim(v)}"
        case RoadBuilding():
            return "play roads"
        case Plenty(a, b):
            return f"play plenty {RESOURCES[a]} {RESOURCES[b]}"
        case Monopoly(r):
            return f"play monopoly {RESOURCES[r]}"
        case Discard(cards):
            return f"discard {format_bundle(cards)}"
        case BankTrade(g, r):
            return f"bank {RESOURCES[g]} {RESOURCES[r]}"
        case Offer(give, get):
            return f"offer {format_bundle(give)} for {format_bundle(get)}"
        case Accept():
            return "accept"
        case Decline():
            return "decline"
        case Counter(give, get):
            return f"counter {format_bundle(give)} for {format_bundle(get)}"
        case Trade(p):
            return f"trade {SEATS[p][0]}"
        case SignUp():
            return "build"
        case Cancel():
            return "cancel"
    raise TypeError(f"not a Hexfolk action: {action!r}")


# -- places by name ------------------------------------------------------------------------
@cache
def place_names(board_id: str) -> dict[tuple[str, int], str]:
    """(kind, id) → the lettered name of every place of board ``board_id``."""
    board, pl = get_board(board_id), places(board_id)
    out: dict[tuple[str, int], str] = {}
    for h in range(board.hexes):
        out[("hex", h)] = pl.hex_names[h]
    for c in range(board.corners):
        name = "-".join(pl.hex_names[h] for h in pl.corner_hexes[c])
        out[("corner", c)] = name + (f":{pl.corner_side[c]}" if pl.corner_side[c] else "")
    for e in range(board.edges):
        hs = sorted(board.edge_hexes[e])
        name = "-".join(pl.hex_names[h] for h in hs)
        out[("edge", e)] = name + (f":{pl.edge_side[e]}" if len(hs) == 1 else "")
    return out


def _key(name: str) -> tuple[tuple[str, ...], str]:
    """A typed place name as (sorted hex letters, side): letters in any order and case."""
    letters, _, side = name.lower().partition(":")
    return tuple(sorted(letters.split("-"), key=lambda x: (len(x), x))), side


@cache
def _places_by_name(board_id: str) -> dict[tuple[str, tuple[tuple[str, ...], str]], int]:
    return {(kind, _key(name)): i for (kind, i), name in place_names(board_id).items()}


def notate_action(state: HexfolkState, action: Action) -> str:
    """The canonical notation for the log, menus and buttons: places by hex letters."""
    names = place_names(state.board)
    return format_action(action, lambda kind, i: names[(kind, i)])


# -- parsing --------------------------------------------------------------------------------
#: Reads a place word of a kind ("corner", "edge", "hex") as its id.
PlaceReader = Callable[[str, str], int]


def _read_internal(kind: str, word: str) -> int:
    if word.startswith(INTERNAL):
        return one_based(word[len(INTERNAL):])
    raise Unreadable


def _res(word: str) -> int:
    return lookup(word, RES_INDEX)


def _counts_joined(words: list[str]) -> list[str]:
    """``1 brick 2 wood`` reads as ``1brick 2wood``: a count may stand apart."""
    joined: list[str] = []
    for w in words:
        if joined and is_number(joined[-1]) and not is_number(w[:1]):
            joined[-1] += w
        else:
            joined.append(w)
    return joined


def parse_bundle(words: list[str]) -> Bundle:
    if words == ["nothing"]:
        return (0, 0, 0, 0, 0)
    if not words:
        raise Unreadable
    out = [0] * 5
    for w in _counts_joined(words):
        count, name = count_prefix(w)
        out[_res(name)] += count
    return (out[0], out[1], out[2], out[3], out[4])


def _two_sides(args: list[str]) -> tuple[Bundle, Bundle]:
    if args.count("for") != 1:
        raise Unreadable
    i = args.index("for")
    return parse_bundle(args[:i]), parse_bundle(args[i + 1:])


_BARE: dict[str, Action] = {"roll": Roll(), "buy": Buy(), "end": End(), "accept": Accept(),
                             "decline": Decline(), "cancel": Cancel(), "build": SignUp()}


def _parse(words: list[str], place: PlaceReader, seats: Sequence[Sequence[str]]) -> Action:
    verb, args = words[0], words[1:]

    def robber_args(rest: list[str]) -> tuple[int, int | None]:
        if len(rest) == 1:
            return place("hex", rest[0]), None
        if len(rest) == 2:
            return place("hex", rest[0]), seat_of(rest[1], seats)
        raise Unreadable

    bare = bare_move(words, _BARE)
    if bare is not None:
        return bare
    if verb in ("settle", "city") and len(args) == 1:
        corner = place("corner", args[0])
        return Settle(corner) if verb == "settle" else City(corner)
    if verb == "road" and len(args) == 1:
        return Road(place("edge", args[0]))
    if verb == "robber":
        return Robber(*robber_args(args))
    if verb == "play" and args and args[0] in DEV_CARDS:
        card, rest = args[0], args[1:]
        if card == "knight":
            return Knight(*robber_args(rest)) if rest else Knight(-1)
        if card == "roads" and not rest:
            return RoadBuilding()
        if card == "plenty" and len(rest) == 2:
            a, b = sorted((_res(rest[0]), _res(rest[1])))
            return Plenty(a, b)
        if card == "monopoly" and len(rest) == 1:
            return Monopoly(_res(rest[0]))
    if verb == "discard" and args:
        return Discard(parse_bundle(args))
    if verb == "bank" and len(args) == 2:
        return BankTrade(_res(args[0]), _res(args[1]))
    if verb == "offer":
        return Offer(*_two_sides(args))
    if verb == "counter":
        return Counter(*_two_sides(args))
    if verb == "trade" and len(args) == 1:
        return Trade(seat_of(args[0], seats))
    raise Unreadable


def parse_action(text: str) -> Action:
    """Read notation with places by internal id (``settle id12``; see the module
    docstring). Case and extra spaces don't matter."""
    return read(text, lambda words: _parse(words, _read_internal, SEATS))
