"""Hexfolk actions and their canonical notation (typed by people).

Corners, edges and hexes are numbered from 1 as on the map; seats are ``p1``–``p8``;
a bundle of cards is written ``2wood 1ore`` (``wood`` alone means one; ``nothing``
for an empty side)::

    settle 12               settlement on corner 12 (founding and later)
    road 34                 road on edge 34 (founding, building, Road building card)
    city 12                 upgrade your settlement on corner 12
    roll                    roll the dice
    buy                     buy a development card
    end                     end your turn (or your special building phase)
    robber 5 p2             move the robber to hex 5 and steal from p2 (``robber 5``: nobody)
    play knight 5 p2        play a knight: robber to hex 5, steal from p2
    play knight             play a knight with the robber switched off (it only counts)
    play roads              play Road building (then ``road`` twice)
    play plenty wood ore    play Year of plenty: take those two from the bank
    play monopoly ore       play Monopoly on ore
    discard 2wood 1ore      give up cards on a seven
    bank wood ore           trade wood for one ore at your best rate (4:1, 3:1 or 2:1)
    offer 2wood for 1ore    offer a trade to everyone (any ratio; ``for nothing``: a gift)
    accept / decline        answer the current offer
    counter 1ore for 2wood  answer with your own terms (you give 1 ore, get 2 wood)
    trade p2                close the offer with p2 (on their acceptance or counter)
    cancel                  withdraw the offer
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import IllegalAction
from .data import DEV_CARDS, RES_INDEX, RESOURCES

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


Action = (
    Settle | Road | City | Roll | Buy | End | Robber | Knight | RoadBuilding | Plenty
    | Monopoly | Discard | BankTrade | Offer | Accept | Decline | Counter | Trade | Cancel
)


def format_bundle(b: Bundle) -> str:
    parts = [f"{n}{RESOURCES[i]}" for i, n in enumerate(b) if n]
    return " ".join(parts) if parts else "nothing"


def _victim(v: int | None) -> str:
    return "" if v is None else f" p{v + 1}"


def format_action(action: Action) -> str:
    match action:
        case Settle(c):
            return f"settle {c + 1}"
        case Road(e):
            return f"road {e + 1}"
        case City(c):
            return f"city {c + 1}"
        case Roll():
            return "roll"
        case Buy():
            return "buy"
        case End():
            return "end"
        case Robber(h, v):
            return f"robber {h + 1}{_victim(v)}"
        case Knight(h, v):
            if h < 0:
                return "play knight"  # the robber is off: the knight only counts
            return f"play knight {h + 1}{_victim(v)}"
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
            return f"trade p{p + 1}"
        case Cancel():
            return "cancel"
    raise TypeError(f"not a Hexfolk action: {action!r}")


class _Unreadable(Exception):
    pass


def _num(word: str) -> int:
    if word.isdigit() and 1 <= int(word) <= 999:
        return int(word) - 1
    raise _Unreadable


def _seat(word: str) -> int:
    if len(word) == 2 and word[0] == "p" and word[1] in "12345678":
        return int(word[1]) - 1
    raise _Unreadable


def _res(word: str) -> int:
    if word in RES_INDEX:
        return RES_INDEX[word]
    raise _Unreadable


def _counts_joined(words: list[str]) -> list[str]:
    """``1 brick 2 wood`` reads as ``1brick 2wood``: a count may stand apart."""
    joined: list[str] = []
    for w in words:
        if joined and joined[-1].isdigit() and not w[:1].isdigit():
            joined[-1] += w
        else:
            joined.append(w)
    return joined


def parse_bundle(words: list[str]) -> Bundle:
    if words == ["nothing"]:
        return (0, 0, 0, 0, 0)
    if not words:
        raise _Unreadable
    out = [0] * 5
    for w in _counts_joined(words):
        digits = len(w) - len(w.lstrip("0123456789"))
        count = int(w[:digits]) if digits else 1
        if digits > 2 or count == 0:
            raise _Unreadable
        out[_res(w[digits:])] += count
    return (out[0], out[1], out[2], out[3], out[4])


def _two_sides(args: list[str]) -> tuple[Bundle, Bundle]:
    if args.count("for") != 1:
        raise _Unreadable
    i = args.index("for")
    return parse_bundle(args[:i]), parse_bundle(args[i + 1:])


def _robber_args(args: list[str]) -> tuple[int, int | None]:
    if len(args) == 1:
        return _num(args[0]), None
    if len(args) == 2:
        return _num(args[0]), _seat(args[1])
    raise _Unreadable


def _parse(words: list[str]) -> Action:
    verb, args = words[0], words[1:]
    simple = {"roll": Roll(), "buy": Buy(), "end": End(), "accept": Accept(),
              "decline": Decline(), "cancel": Cancel()}
    if verb in simple and not args:
        return simple[verb]
    if verb in ("settle", "road", "city") and len(args) == 1:
        n = _num(args[0])
        return Settle(n) if verb == "settle" else Road(n) if verb == "road" else City(n)
    if verb == "robber":
        return Robber(*_robber_args(args))
    if verb == "play" and args and args[0] in DEV_CARDS:
        card, rest = args[0], args[1:]
        if card == "knight":
            return Knight(*_robber_args(rest)) if rest else Knight(-1)
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
        return Trade(_seat(args[0]))
    raise _Unreadable


def parse_action(text: str) -> Action:
    """Read notation (case and extra spaces don't matter)."""
    words = text.strip().lower().split()
    if words:
        try:
            return _parse(words)
        except (_Unreadable, ValueError):
            pass
    raise IllegalAction("platform.notation.unknown", text=text.strip()[:80])
