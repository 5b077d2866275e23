"""Labels a person reads for Hexfolk moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from . import actions
from .actions import Action
from .rules import rate
from .state import ROADS, SPECIAL, HexfolkState
from .view import spots
from .wording import bundle_text, corner_text, edge_text, hex_text, resource_text

#: Discord's limit on a select-menu option or autocomplete choice.
MAX_LABEL = 100
ELLIPSIS = "…"


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _place_of(action: Action) -> tuple[str, int] | None:
    match action:
        case actions.Settle(c) | actions.City(c):
            return ("corner", c)
        case actions.Road(e):
            return ("edge", e)
        case actions.Robber(h, _) | actions.Knight(h, _):
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
        case actions.Settle(c):
            return t("hexfolk.label.settle", locale, corner=corner_text(state, c, locale))
        case actions.Road(e):
            return t("hexfolk.label.road", locale, edge=edge_text(state.board, e, locale))
        case actions.City(c):
            return t("hexfolk.label.city", locale, corner=corner_text(state, c, locale))
        case actions.Roll():
            return t("hexfolk.label.roll", locale)
        case actions.Buy():
            return t("hexfolk.label.buy", locale)
        case actions.End() if state.phase == ROADS:
            return t("hexfolk.label.end_roads", locale, count=state.free_roads)
        case actions.End() if state.phase == SPECIAL:
            return t("hexfolk.label.end_special", locale)
        case actions.End():
            return t("hexfolk.label.end", locale)
        case actions.Robber(h, v):
            return t("hexfolk.label.robber", locale, hex=hex_text(state, h, locale),
                     victim=_name(names, v))
        case actions.Knight(h, v):
            if h < 0:
                return t("hexfolk.label.knight_off", locale)
            return t("hexfolk.label.knight", locale, hex=hex_text(state, h, locale),
                     victim=_name(names, v))
        case actions.RoadBuilding():
            return t("hexfolk.label.roads", locale)
        case actions.Plenty(a, b):
            return t("hexfolk.label.plenty", locale, first=resource_text(a, locale),
                     second=resource_text(b, locale))
        case actions.Monopoly(r):
            return t("hexfolk.label.monopoly", locale, resource=resource_text(r, locale))
        case actions.Discard(cards):
            return t("hexfolk.label.discard", locale, cards=bundle_text(cards, locale))
        case actions.BankTrade(g, r):
            return t("hexfolk.label.bank", locale, count=rate(state, seat, g),
                     give=resource_text(g, locale), get=resource_text(r, locale))
        case actions.Offer(give, get):
            return t("hexfolk.label.offer", locale, give=bundle_text(give, locale),
                     get=bundle_text(get, locale))
        case actions.Accept():
            return t("hexfolk.label.accept", locale)
        case actions.Decline():
            return t("hexfolk.label.decline", locale)
        case actions.Counter(give, get):
            return t("hexfolk.label.counter", locale, give=bundle_text(give, locale),
                     get=bundle_text(get, locale))
        case actions.Trade(p):
            return t("hexfolk.label.trade", locale, partner=_name(names, p))
        case actions.Cancel():
            return t("hexfolk.label.cancel", locale)
        case actions.SignUp():
            return t("hexfolk.label.sign_up", locale)
    raise TypeError(f"not a Hexfolk action: {action!r}")
