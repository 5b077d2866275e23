"""Labels a person reads for Hexfolk moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from .actions import (
    Accept,
    Action,
    BankTrade,
    Buy,
    Cancel,
    City,
    Counter,
    Decline,
    Discard,
    End,
    Knight,
    Monopoly,
    Offer,
    Plenty,
    Road,
    RoadBuilding,
    Robber,
    Roll,
    Settle,
    Trade,
)
from .board import get_board, places
from .data import GENERIC, RESOURCES
from .rules import rate
from .state import ROADS, SPECIAL, HexfolkState
from .view import spots

#: Discord's limit on a select-menu option or autocomplete choice.
MAX_LABEL = 100
ELLIPSIS = "…"


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _res(i: int, locale: str) -> str:
    return t(f"hexfolk.resource.{RESOURCES[i]}", locale)


def _bundle(b: tuple[int, ...], locale: str) -> str:
    parts = [f"{n} {_res(i, locale)}" for i, n in enumerate(b) if n]
    return ", ".join(parts) if parts else t("hexfolk.label.nothing", locale)


def bundle_text(b: Sequence[int], locale: str = "en") -> str:
    """Cards as a person reads them: "2 wool, 1 ore" (never the notation's "2wool")."""
    return _bundle(tuple(b), locale)


# -- places, named by the hex letters drawn on the board ---------------------------------
def hex_detail(state: HexfolkState, h: int, locale: str = "en") -> str:
    """What hex ``h`` yields: "wood 8" or "desert"."""
    res = state.terrain[h]
    if res < 0:
        return t("hexfolk.place.hex_desert", locale)
    return t("hexfolk.place.hex_res", locale, resource=_res(res, locale),
             number=state.tokens[h])


def hex_text(state: HexfolkState, h: int, locale: str = "en") -> str:
    """A hex: "D (wood 8)"."""
    return t("hexfolk.place.hex", locale, name=places(state.board).hex_names[h],
             detail=hex_detail(state, h, locale))


def corner_place(board_id: str, c: int, locale: str = "en") -> str:
    """A corner by the hexes it touches: "between D, E and H", "on the coast by D and
    E", "on the coast at D's north corner" (unique on the board)."""
    pl = places(board_id)
    letters = [pl.hex_names[h] for h in pl.corner_hexes[c]]
    side = pl.corner_side[c]
    if len(letters) == 1:
        if side:
            return t("hexfolk.place.corner1_side", locale, a=letters[0],
                     side=t(f"hexfolk.place.side.{side}", locale))
        return t("hexfolk.place.corner1", locale, a=letters[0])
    if len(letters) == 2:
        text = t("hexfolk.place.corner2", locale, a=letters[0], b=letters[1])
    else:
        text = t("hexfolk.place.corner3", locale, a=letters[0], b=letters[1], c=letters[2])
    if side:
        text = t("hexfolk.place.corner_side", locale, place=text, a=letters[0],
                 side=t(f"hexfolk.place.side.{side}", locale))
    return text


def corner_detail(state: HexfolkState, c: int, locale: str = "en") -> str:
    """What a corner touches: "D wood 8 · E brick 5 · H ore 11 · harbour 3:1"."""
    pl = places(state.board)
    parts = [t("hexfolk.place.hex_short", locale, name=pl.hex_names[h],
               detail=hex_detail(state, h, locale)) for h in pl.corner_hexes[c]]
    kind = state.corner_harbour[c] if c < len(state.corner_harbour) else -1
    if kind == GENERIC:
        parts.append(t("hexfolk.place.harbour_any", locale))
    elif kind >= 0:
        parts.append(t("hexfolk.place.harbour_res", locale, resource=_res(kind, locale)))
    return t("hexfolk.place.sep", locale).join(parts)


def corner_text(state: HexfolkState, c: int, locale: str = "en") -> str:
    """A corner with what it touches: "between D, E and H (D wood 8 · E brick 5 ·
    H ore 11)"."""
    return t("hexfolk.place.corner_full", locale, place=corner_place(state.board, c, locale),
             detail=corner_detail(state, c, locale))


def edge_text(board_id: str, e: int, locale: str = "en") -> str:
    """An edge: "between D and E", or "on the coast of D, north-east side"."""
    pl = places(board_id)
    hs = sorted(get_board(board_id).edge_hexes[e])
    if len(hs) == 2:
        return t("hexfolk.place.edge2", locale, a=pl.hex_names[hs[0]], b=pl.hex_names[hs[1]])
    return t("hexfolk.place.edge1", locale, a=pl.hex_names[hs[0]],
             side=t(f"hexfolk.place.side.{pl.edge_side[e]}", locale))


def _place_of(action: Action) -> tuple[str, int] | None:
    match action:
        case Settle(c) | City(c):
            return ("corner", c)
        case Road(e):
            return ("edge", e)
        case Robber(h, _) | Knight(h, _):
            return ("hex", h)
    return None


Marks = dict[tuple[str, int], int]


def spot_marks(state: HexfolkState) -> Marks:
    """(kind, id) → number of the spots the image marks now."""
    return {(kind, i): number for number, kind, i in spots(state)}


def spot_number(state: HexfolkState, action: Action, marks: Marks | None = None) -> int | None:
    """The number the image marks ``action``'s place with (see
    :func:`~games.hexfolk.view.spots`), or None when that place is not marked."""
    place = _place_of(action)
    if place is None:
        return None
    return (spot_marks(state) if marks is None else marks).get(place)


def numbered(state: HexfolkState, action: Action, label: str, locale: str = "en",
             marks: Marks | None = None) -> str:
    """``label`` for a select menu / autocomplete: a move onto a numbered spot of the image
    starts with that number ("12 — Settle between …"), and then fits :data:`MAX_LABEL`
    (the description is cut, never the number). Other labels are returned unchanged."""
    number = spot_number(state, action, marks)
    if number is None:
        return label
    text = t("hexfolk.label.spot", locale, number=number, label=label)
    if len(text) <= MAX_LABEL:
        return text
    head = t("hexfolk.label.spot", locale, number=number, label="")
    room = MAX_LABEL - len(head) - len(ELLIPSIS)
    return head + label[:room].rstrip() + ELLIPSIS


def describe(state: HexfolkState, seat: int, action: Action, names: Sequence[str],
             locale: str) -> str:
    """The plain label of a move (also used for narration, e.g. a timed-out turn). The
    menu adds the spot number: see :func:`numbered` and ``HexfolkRuleset.choices``."""
    match action:
        case Settle(c):
            return t("hexfolk.label.settle", locale, corner=corner_text(state, c, locale))
        case Road(e):
            return t("hexfolk.label.road", locale, edge=edge_text(state.board, e, locale))
        case City(c):
            return t("hexfolk.label.city", locale, corner=corner_text(state, c, locale))
        case Roll():
            return t("hexfolk.label.roll", locale)
        case Buy():
            return t("hexfolk.label.buy", locale)
        case End() if state.phase == ROADS:
            return t("hexfolk.label.end_roads", locale, count=state.free_roads)
        case End() if state.phase == SPECIAL:
            return t("hexfolk.label.end_special", locale)
        case End():
            return t("hexfolk.label.end", locale)
        case Robber(h, v):
            return t("hexfolk.label.robber", locale, hex=hex_text(state, h, locale),
                     victim=_name(names, v))
        case Knight(h, v):
            if h < 0:
                return t("hexfolk.label.knight_off", locale)
            return t("hexfolk.label.knight", locale, hex=hex_text(state, h, locale),
                     victim=_name(names, v))
        case RoadBuilding():
            return t("hexfolk.label.roads", locale)
        case Plenty(a, b):
            return t("hexfolk.label.plenty", locale, first=_res(a, locale),
                     second=_res(b, locale))
        case Monopoly(r):
            return t("hexfolk.label.monopoly", locale, resource=_res(r, locale))
        case Discard(cards):
            return t("hexfolk.label.discard", locale, cards=_bundle(cards, locale))
        case BankTrade(g, r):
            return t("hexfolk.label.bank", locale, count=rate(state, seat, g),
                     give=_res(g, locale), get=_res(r, locale))
        case Offer(give, get):
            return t("hexfolk.label.offer", locale, give=_bundle(give, locale),
                     get=_bundle(get, locale))
        case Accept():
            return t("hexfolk.label.accept", locale)
        case Decline():
            return t("hexfolk.label.decline", locale)
        case Counter(give, get):
            return t("hexfolk.label.counter", locale, give=_bundle(give, locale),
                     get=_bundle(get, locale))
        case Trade(p):
            return t("hexfolk.label.trade", locale, partner=_name(names, p))
        case Cancel():
            return t("hexfolk.label.cancel", locale)
    raise TypeError(f"not a Hexfolk action: {action!r}")
