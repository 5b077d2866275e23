"""Labels a person reads for Haze Islands moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from . import actions
from .actions import Action
from .data import CORNERS, DIRECTION_NAMES
from .phrases import Spent, card_name
from .specials import special_of
from .state import HazeState


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _cards(cards: Sequence[int], locale: str) -> str:
    return ", ".join(card_name(c, locale) for c in cards)


def _direction(direction: int, locale: str) -> str:
    return t(f"haze-islands.direction.{DIRECTION_NAMES[direction]}", locale)


def _corner(corner: int, locale: str) -> str:
    return t(f"haze-islands.corner.{CORNERS[corner]}", locale)


def describe(state: HazeState, seat: int, action: Action, names: Sequence[str],
             locale: str) -> str:
    """A short label for ``action`` (fits a 100-character Discord label)."""
    match action:
        case actions.Pass():
            return t("haze-islands.label.pass", locale)
        case actions.Discard():
            return t("haze-islands.label.discard", locale)
        case actions.Scout(direction):
            return t("haze-islands.label.scout", locale, direction=_direction(direction, locale))
        case actions.Sail(direction):
            return t("haze-islands.label.sail", locale, direction=_direction(direction, locale))
        case actions.Plunder():
            return t("haze-islands.label.plunder", locale)
        case actions.Keep(card, discards):
            return t("haze-islands.label.keep", locale, card=card_name(card, locale),
                     discards=_cards(discards, locale) or "—")
        case actions.Drop(card):
            return t("haze-islands.label.drop", locale, card=card_name(card, locale))
        case actions.Deploy():
            return t("haze-islands.label.deploy", locale)
        case actions.Fate(corner):
            return t("haze-islands.label.fate", locale, corner=_corner(corner, locale))
        case actions.Steal():
            return t("haze-islands.label.steal", locale)
        case actions.Take(card):
            return t("haze-islands.label.take", locale, card=card_name(card, locale))
        case actions.Complete():
            return t("haze-islands.label.complete", locale)
        case actions.AttackDoom():
            return t("haze-islands.label.attack_doom", locale)
        case actions.AttackShip(target):
            return t("haze-islands.label.attack_ship", locale, target=_name(names, target))
        case actions.Hijack(target):
            return t("haze-islands.label.hijack", locale, target=_name(names, target))
        case actions.Pay(cards, pirates):
            # the same words as the move's own event (phrases.Spent: issue 24 item 2)
            return t("haze-islands.label.pay", locale, what=Spent(cards, pirates))
        case actions.GhostDiscard(card):
            return t("haze-islands.label.ghost_discard", locale, card=card_name(card, locale))
        case actions.Rotate(x, y, quarters):
            return t("haze-islands.label.rotate", locale, x=x, y=y, degrees=quarters * 90)
        case actions.Trade(target, card):
            return t("haze-islands.label.trade", locale, target=_name(names, target),
                     card=card_name(card, locale))
        case actions.Give(card):
            return t("haze-islands.label.give", locale, card=card_name(card, locale))
        case actions.Use(number, target, squares):
            special = t(f"haze-islands.special.{special_of(number)}", locale)
            where = " → ".join(f"({x}, {y})" for x, y in squares)
            if target >= 0:
                where = _name(names, target)
            return t("haze-islands.label.use", locale, number=number, special=special,
                     target=where or "—")
        case actions.Skip():
            return t("haze-islands.label.skip", locale)
        case actions.Top(card):
            return t("haze-islands.label.top", locale, card=card_name(card, locale))
        case actions.Done():
            return t("haze-islands.label.done", locale)
        case actions.Revive(corner):
            return t("haze-islands.label.revive", locale, corner=_corner(corner, locale))
        case actions.Dawn(x, y):
            return t("haze-islands.label.dawn", locale, x=x, y=y)
    return str(action)
