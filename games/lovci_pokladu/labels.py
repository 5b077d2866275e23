"""Labels a person reads for Lovci pokladů moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from . import actions
from .actions import Action
from .data import CARD_TYPES, COLOURS, NAMES, SAILORS_PER_SHIP, SIDES
from .rules import spell_held
from .state import LovciState

_P = "lovci-pokladu."


def _square(state: LovciState, sq: int, locale: str) -> str:
    if not state.face_up[sq]:
        return t(_P + "label.square_hidden", locale, square=NAMES[sq])
    code = CARD_TYPES[state.cards[sq]].code
    return t(_P + "label.square", locale, square=NAMES[sq], card=t(f"{_P}card.{code}", locale))


def _ship(ship: int, locale: str) -> str:
    return t(f"{_P}colour.{COLOURS[ship]}", locale)


def _sailor(seat: int, num: int, colour: int | None) -> str:
    if colour is None or colour == seat:
        return str(num + 1)
    return f"{'rgyb'[colour]}{num + 1}"


def describe(state: LovciState, seat: int, action: Action, names: Sequence[str],
             locale: str) -> str:
    label = _describe(state, seat, action, locale)
    if isinstance(action, actions.SailorMove):
        sid = (seat if action.colour is None else action.colour) * SAILORS_PER_SHIP + action.num
        kind = spell_held(state, sid) if sid < len(state.sailors) else None
        if kind is not None:  # leaving the card before using it loses the spell
            return t(_P + "label.loses_spell", locale, move=label,
                     spell=t(f"{_P}card.{kind}", locale))
    return label


def _describe(state: LovciState, seat: int, action: Action, locale: str) -> str:
    match action:
        case actions.Start(square):
            return t(_P + "label.start", locale, square=NAMES[square])
        case actions.ShipMove(step, ship):
            return t(_P + ("label.ship_right" if step > 0 else "label.ship_left"), locale,
                     ship=_ship(seat if ship is None else ship, locale))
        case actions.SailorMove(num, colour, square, None, token):
            key = "label.move_with" if token else "label.move"
            return t(_P + key, locale, sailor=_sailor(seat, num, colour),
                     square=_square(state, square, locale), token=token)
        case actions.SailorMove(num, colour, _, ship, token):
            assert ship is not None
            key = "label.board_with" if token else "label.board"
            return t(_P + key, locale, sailor=_sailor(seat, num, colour),
                     ship=_ship(ship, locale), token=token)
        case actions.Walk(num, step, colour):
            return t(_P + ("label.walk_right" if step > 0 else "label.walk_left"), locale,
                     sailor=_sailor(seat, num, colour))
        case actions.Go(square, token):
            key = "label.go_with" if token else "label.go"
            return t(_P + key, locale, square=_square(state, square, locale), token=token)
        case actions.Side(side):
            return t(_P + "label.side", locale, side=t(f"{_P}side.{SIDES[side]}", locale))
        case actions.Neptune(square, None):
            return t(_P + "label.neptune", locale, square=_square(state, square, locale))
        case actions.Neptune(_, ship):
            assert ship is not None
            return t(_P + "label.neptune_ship", locale, ship=_ship(ship, locale))
        case actions.Mermaid(square, token):
            return t(_P + "label.mermaid", locale, square=NAMES[square], token=token)
        case actions.Later():
            return t(_P + "label.later", locale)
        case actions.Pass():
            return t(_P + "label.pass", locale)
    raise TypeError(f"not a Lovci pokladů action: {action!r}")


__all__ = ["describe"]
