"""Labels a person reads for Hagoth moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from . import actions
from .actions import Action
from .data import BLUEPRINTS, DELAY, DESTROY, REMOVE, SKIP
from .state import Design, HagothState, Ship


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _card(code: str, locale: str) -> str:
    return t(f"hagoth.card.{code}", locale)


def _bp(index: int, locale: str) -> str:
    return t(f"hagoth.blueprint.{BLUEPRINTS[index].code}", locale)


def _berth_bp(state: HagothState, seat: int, berth: int, locale: str) -> str:
    """The blueprint in ``berth``; with its berth when the other berth holds the same
    one, so two Sloops are told apart ("Sloop in berth 2")."""
    berths = state.players[seat].berths
    kinds = [b.blueprint if isinstance(b, Design) else b.lane if isinstance(b, Ship) else None
             for b in berths]
    kind = kinds[berth]
    if kind is None:
        return "—"
    name = _bp(kind, locale)
    if kinds.count(kind) > 1:
        return t("hagoth.label.in_berth", locale, blueprint=name, berth=berth + 1)
    return name


def _here(state: HagothState, seat: int, berth: int, locale: str) -> str:
    return _berth_bp(state, seat, berth, locale)


def describe(
    state: HagothState, seat: int, action: Action, names: Sequence[str], locale: str
) -> str:
    """A short, complete sentence-fragment for ``action`` (fits a 100-char label)."""
    locale = locale
    match action:
        case actions.PlaySegment(card, berth, None):
            return t("hagoth.label.segment", locale, card=_card(card, locale), berth=berth + 1,
                     blueprint=_here(state, seat, berth, locale))
        case actions.PlaySegment(card, berth, int() as blueprint):
            return t("hagoth.label.new_design", locale, card=_card(card, locale), berth=berth + 1,
                     blueprint=_bp(blueprint, locale))
        case actions.PlayWood():
            return t("hagoth.label.wood_card", locale)
        case actions.PlayBuild(card, berths):
            where = " + ".join(_berth_bp(state, seat, b, locale) for b in berths)
            return t("hagoth.label.build", locale, card=_card(card, locale), where=where)
        case actions.PlaySail(berth):
            return t("hagoth.label.sail_card", locale, blueprint=_here(state, seat, berth, locale))
        case actions.PlayAttack(card, target, berth, segment):
            who = _name(names, target)
            if card == SKIP:
                return t("hagoth.label.skip", locale, target=who)
            assert berth is not None
            what = _berth_bp(state, target, berth, locale)
            if card == REMOVE:
                assert segment is not None
                return t("hagoth.label.remove", locale, target=who, card=_card(segment, locale),
                         blueprint=what)
            key = {DELAY: "hagoth.label.delay", DESTROY: "hagoth.label.destroy"}[card]
            return t(key, locale, target=who, blueprint=what)
        case actions.Discard(card):
            return t("hagoth.label.discard", locale, card=_card(card, locale))
        case actions.ActWood():
            return t("hagoth.label.act_wood", locale)
        case actions.ActBuild(berth):
            return t("hagoth.label.act_build", locale, blueprint=_here(state, seat, berth, locale))
        case actions.ActSail(berth):
            return t("hagoth.label.act_sail", locale, blueprint=_here(state, seat, berth, locale))
        case actions.Swap(()):
            return t("hagoth.label.keep", locale)
        case actions.Swap(cards):
            return t("hagoth.label.swap", locale, cards=", ".join(_card(c, locale) for c in cards))
        case actions.MoveSegment(segment, source, dest, None):
            return t("hagoth.label.move", locale, card=_card(segment, locale), source=source + 1,
                     dest=dest + 1, blueprint=_berth_bp(state, seat, dest, locale))
        case actions.MoveSegment(segment, source, dest, int() as blueprint):
            return t("hagoth.label.move_new", locale, card=_card(segment, locale),
                     source=source + 1, dest=dest + 1, blueprint=_bp(blueprint, locale))
        case actions.Redesign(berth, blueprint):
            return t("hagoth.label.redesign", locale, berth=berth + 1,
                     blueprint=_bp(blueprint, locale))
    raise TypeError(f"not a Hagoth action: {action!r}")
