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
from .data import RESOURCES
from .rules import rate
from .state import HexfolkState


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _res(i: int, locale: str) -> str:
    return t(f"hexfolk.resource.{RESOURCES[i]}", locale)


def _bundle(b: tuple[int, ...], locale: str) -> str:
    parts = [f"{n} {_res(i, locale)}" for i, n in enumerate(b) if n]
    return ", ".join(parts) if parts else t("hexfolk.label.nothing", locale)


def describe(state: HexfolkState, seat: int, action: Action, names: Sequence[str],
             locale: str) -> str:
    match action:
        case Settle(c):
            return t("hexfolk.label.settle", locale, corner=c + 1)
        case Road(e):
            return t("hexfolk.label.road", locale, edge=e + 1)
        case City(c):
            return t("hexfolk.label.city", locale, corner=c + 1)
        case Roll():
            return t("hexfolk.label.roll", locale)
        case Buy():
            return t("hexfolk.label.buy", locale)
        case End():
            return t("hexfolk.label.end", locale)
        case Robber(h, v):
            return t("hexfolk.label.robber", locale, hex=h + 1, victim=_name(names, v))
        case Knight(h, v):
            if h < 0:
                return t("hexfolk.label.knight_off", locale)
            return t("hexfolk.label.knight", locale, hex=h + 1, victim=_name(names, v))
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
