"""Labels a person reads for Hagoth moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from .actions import (
    ActBuild,
    Action,
    ActSail,
    ActWood,
    Discard,
    MoveSegment,
    PlayAttack,
    PlayBuild,
    PlaySail,
    PlaySegment,
    PlayWood,
    Redesign,
    Swap,
)
from .data import BLUEPRINTS, DELAY, DESTROY, REMOVE, SKIP
from .state import Design, HagothState, Ship


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _card(code: str, locale: str) -> str:
    return t(f"hagoth.card.{code}", locale)


def _bp(index: int, locale: str) -> str:
    return t(f"hagoth.blueprint.{BLUEPRINTS[index].code}", locale)


def _berth_bp(state: HagothState, seat: int, berth: int, locale: str) -> str:
    held = state.players[seat].berths[berth]
    if isinstance(held, Design):
        return _bp(held.blueprint, locale)
    if isinstance(held, Ship):
        return _bp(held.lane, locale)
    return "—"


def describe(
    state: HagothState, seat: int, action: Action, names: Sequence[str], locale: str
) -> str:
    """A short, complete sentence-fragment for ``action`` (fits a 100-char label)."""
    L = locale
    match action:
        case PlaySegment(card, berth, None):
            return t("hagoth.label.segment", L, card=_card(card, L), berth=berth + 1,
                     blueprint=_berth_bp(state, seat, berth, L))
        case PlaySegment(card, berth, blueprint):
            return t("hagoth.label.new_design", L, card=_card(card, L), berth=berth + 1,
                     blueprint=_bp(blueprint, L))
        case PlayWood():
            return t("hagoth.label.wood_card", L)
        case PlayBuild(card, berths):
            where = " + ".join(_berth_bp(state, seat, b, L) for b in berths)
            return t("hagoth.label.build", L, card=_card(card, L), where=where)
        case PlaySail(berth):
            return t("hagoth.label.sail_card", L, blueprint=_berth_bp(state, seat, berth, L))
        case PlayAttack(card, target, berth, segment):
            who = _name(names, target)
            if card == SKIP:
                return t("hagoth.label.skip", L, target=who)
            assert berth is not None
            what = _berth_bp(state, target, berth, L)
            if card == REMOVE:
                assert segment is not None
                return t("hagoth.label.remove", L, target=who, card=_card(segment, L),
                         blueprint=what)
            key = {DELAY: "hagoth.label.delay", DESTROY: "hagoth.label.destroy"}[card]
            return t(key, L, target=who, blueprint=what)
        case Discard(card):
            return t("hagoth.label.discard", L, card=_card(card, L))
        case ActWood():
            return t("hagoth.label.act_wood", L)
        case ActBuild(berth):
            return t("hagoth.label.act_build", L, blueprint=_berth_bp(state, seat, berth, L))
        case ActSail(berth):
            return t("hagoth.label.act_sail", L, blueprint=_berth_bp(state, seat, berth, L))
        case Swap(()):
            return t("hagoth.label.keep", L)
        case Swap(cards):
            return t("hagoth.label.swap", L, cards=", ".join(_card(c, L) for c in cards))
        case MoveSegment(segment, source, dest, None):
            return t("hagoth.label.move", L, card=_card(segment, L), source=source + 1,
                     dest=dest + 1, blueprint=_berth_bp(state, seat, dest, L))
        case MoveSegment(segment, source, dest, blueprint):
            return t("hagoth.label.move_new", L, card=_card(segment, L), source=source + 1,
                     dest=dest + 1, blueprint=_bp(blueprint, L))
        case Redesign(berth, blueprint):
            return t("hagoth.label.redesign", L, berth=berth + 1, blueprint=_bp(blueprint, L))
    raise TypeError(f"not a Hagoth action: {action!r}")
