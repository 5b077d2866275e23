"""Hexfolk's plans (issue 26, item 3): standing orders a player leaves for one game.

Most of a Hexfolk turn begins with a roll nobody needs to think about, and many waits are
answers the player would give the same way every time. Four standing orders, each its
own slot (RULES-NOTES, HX-D80 to HX-D83):

* **roll** ``knight``: roll the dice at the start of my turn (``always``), or only when I
  hold no knight I could play first (``unless_knight``: then I am asked as usual);
* **answer offers** ``want answer``: decline every offer from another player that does
  not give me ``want``; one that does is asked as usual (``answer=ask``), or accepted
  (``answer=accept``) when my hand pays what it asks and it asks no more cards than it
  gives (otherwise asked as usual). Never an offer the hand cannot pay;
* **pass the special building phase** ``unless``: answer its sign-up "pass" unless my
  hand pays for ``unless`` (``anything`` the phase allows, a ``building``: settlement or
  city, a ``settlement``, a ``city``, a development ``card``);
* **discard order** ``order``: on a seven, discard the exact count owed, taking cards in
  the order of resources given (the first named goes first).

Every decision is made from what the owner sees: their own hand and cards and the public
table (the offer on the table, the phase): never another hand or the deck
(tests/test_hidden_info.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import DEFAULT_LOCALE, t

from ..errors import IllegalAction
from ..plans import NOT_NOW, Decision, Plan, PlanBook, PlanKind, PlanParam, Play, Stop
from .actions import Accept, Action, Decline, Discard, End, Roll
from .data import CITY_COST, DEV_COST, KNIGHT, RES_INDEX, RESOURCES, SETTLEMENT_COST
from .rules import can_build
from .state import DISCARD, OVER, ROLL, SPECIAL, TRADE, HexfolkState

ROLL_FIRST = "roll"
ANSWER_OFFERS = "answer_offers"
PASS_SPECIAL = "pass_special"
DISCARD_ORDER = "discard_order"
_P = "hexfolk-plans."

#: ``roll``'s ``knight`` values.
ALWAYS, UNLESS_KNIGHT = "always", "unless_knight"
#: ``answer_offers``' ``answer`` values.
ASK, ACCEPT = "ask", "accept"
#: ``pass_special``'s ``unless`` values, and the cost each means (``anything``: the
#: sign-up itself is open to the seat, :func:`games.hexfolk.rules.can_build`).
UNLESS_COSTS: dict[str, tuple[tuple[int, ...], ...]] = {
    "anything": (),
    "building": (SETTLEMENT_COST, CITY_COST),
    "settlement": (SETTLEMENT_COST,),
    "city": (CITY_COST,),
    "card": (DEV_COST,),
}


def _stop(reason: str, done: bool = False, **params: Any) -> Stop:
    return Stop(_P + "stop." + reason, params, done)


def _holds(hand: list[int], cards: tuple[int, ...] | list[int]) -> bool:
    return all(h >= c for h, c in zip(hand, cards, strict=True))


def _res_name(res: int, locale: str) -> str:
    return t(f"hexfolk.resource.{RESOURCES[res]}", locale)


def read_order(text: str) -> list[int]:
    """A discard order typed as resource words (``wool,grain`` or ``wool grain``): the named
    ones first, the rest after them in the table's order; :class:`IllegalAction` for an
    unknown or repeated word, or none at all."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise IllegalAction(_P + "refuse.no_order")
    order: list[int] = []
    for word in words:
        if word not in RES_INDEX:
            raise IllegalAction(_P + "refuse.bad_resource", word=word)
        if RES_INDEX[word] in order:
            raise IllegalAction(_P + "refuse.repeated", word=word)
        order.append(RES_INDEX[word])
    return [*order, *(r for r in range(len(RESOURCES)) if r not in order)]


def discard_by(hand: list[int], count: int, order: list[int]) -> tuple[int, int, int, int, int]:
    """The ``count`` cards to give up from ``hand``, taken by ``order`` (all of the first
    resource named before any of the next)."""
    out = [0] * 5
    left = count
    for res in order:
        take = min(hand[res], left)
        out[res] = take
        left -= take
    return (out[0], out[1], out[2], out[3], out[4])


class HexfolkPlans(PlanBook[HexfolkState, Action]):
    """*roll*, *answer offers*, *pass the special building phase*, *discard order*
    (module docstring)."""

    def kinds(self) -> tuple[PlanKind, ...]:
        return (
            PlanKind(ROLL_FIRST, _P + "roll", _P + "roll_help",
                     (PlanParam("knight", _P + "param.knight"),)),
            PlanKind(ANSWER_OFFERS, _P + "answer_offers", _P + "answer_offers_help",
                     (PlanParam("want", _P + "param.want"),
                      PlanParam("answer", _P + "param.answer"))),
            PlanKind(PASS_SPECIAL, _P + "pass_special", _P + "pass_special_help",
                     (PlanParam("unless", _P + "param.unless"),)),
            PlanKind(DISCARD_ORDER, _P + "discard_order", _P + "discard_order_help",
                     (PlanParam("order", _P + "param.order"),)),
        )

    # -- setting ------------------------------------------------------------------------
    def param_values(self, state: HexfolkState, seat: int, kind: str, param: str,
                     chosen: Mapping[str, str], locale: str = DEFAULT_LOCALE,
                     ) -> list[tuple[str, str]]:
        if state.phase == OVER:
            return []
        if kind == ROLL_FIRST and param == "knight":
            return [(v, t(_P + "value." + v, locale)) for v in (ALWAYS, UNLESS_KNIGHT)]
        if kind == ANSWER_OFFERS and param == "want":
            return [(RESOURCES[r], _res_name(r, locale)) for r in range(len(RESOURCES))]
        if kind == ANSWER_OFFERS and param == "answer":
            return [(v, t(_P + "value." + v, locale)) for v in (ASK, ACCEPT)]
        if kind == PASS_SPECIAL and param == "unless":
            if not state.special_on or len(state.players) < 5:
                return []
            return [(v, t(_P + "value.unless_" + v, locale)) for v in UNLESS_COSTS]
        if kind == DISCARD_ORDER and param == "order":
            out: list[tuple[str, str]] = []
            for first in range(len(RESOURCES)):
                order = [first, *(r for r in range(len(RESOURCES)) if r != first)]
                out.append((",".join(RESOURCES[r] for r in order),
                            " → ".join(_res_name(r, locale) for r in order)))
            return out
        return []

    def read(self, state: HexfolkState, seat: int, kind: str, params: Mapping[str, str]
             ) -> Plan:
        self.kind(kind)
        if state.phase == OVER:
            raise IllegalAction(_P + "refuse.game_over")
        if kind == ROLL_FIRST:
            knight = params.get("knight", "").strip().lower() or ALWAYS
            if knight not in (ALWAYS, UNLESS_KNIGHT):
                raise IllegalAction(_P + "refuse.bad_value", value=knight,
                                    known=f"{ALWAYS}, {UNLESS_KNIGHT}")
            return Plan(ROLL_FIRST, {"knight": knight})
        if kind == ANSWER_OFFERS:
            if not state.player_trades:
                raise IllegalAction(_P + "refuse.no_trades")
            want = params.get("want", "").strip().lower()
            if want not in RES_INDEX:
                raise IllegalAction(_P + "refuse.bad_resource", word=want)
            answer = params.get("answer", "").strip().lower() or ASK
            if answer not in (ASK, ACCEPT):
                raise IllegalAction(_P + "refuse.bad_value", value=answer,
                                    known=f"{ASK}, {ACCEPT}")
            return Plan(ANSWER_OFFERS, {"want": RES_INDEX[want], "answer": answer})
        if kind == PASS_SPECIAL:
            if not state.special_on or len(state.players) < 5:
                raise IllegalAction(_P + "refuse.no_special")
            unless = params.get("unless", "").strip().lower() or "anything"
            if unless not in UNLESS_COSTS:
                raise IllegalAction(_P + "refuse.bad_value", value=unless,
                                    known=", ".join(UNLESS_COSTS))
            return Plan(PASS_SPECIAL, {"unless": unless})
        return Plan(DISCARD_ORDER, {"order": read_order(params.get("order", ""))})

    # -- telling ------------------------------------------------------------------------
    def describe(self, state: HexfolkState, seat: int, plan: Plan,
                 locale: str = DEFAULT_LOCALE) -> str:
        p = plan.params
        if plan.kind == ROLL_FIRST:
            return t(_P + "show.roll_" + str(p.get("knight", ALWAYS)), locale)
        if plan.kind == ANSWER_OFFERS:
            return t(_P + "show.offers_" + str(p.get("answer", ASK)), locale,
                     resource=_res_name(int(p["want"]), locale))
        if plan.kind == PASS_SPECIAL:
            return t(_P + "show.pass_special", locale,
                     unless=t(_P + "value.unless_" + str(p["unless"]), locale))
        return t(_P + "show.discard_order", locale,
                 order=" → ".join(_res_name(int(r), locale) for r in p["order"]))

    # -- deciding -----------------------------------------------------------------------
    def decide(self, state: HexfolkState, seat: int, plan: Plan) -> Decision:
        if state.phase == OVER:
            return _stop("game_over")
        if plan.kind == ROLL_FIRST:
            return self._decide_roll(state, seat, plan.params)
        if plan.kind == ANSWER_OFFERS:
            return self._decide_offer(state, seat, plan.params)
        if plan.kind == PASS_SPECIAL:
            return self._decide_special(state, seat, plan.params)
        if plan.kind == DISCARD_ORDER:
            return self._decide_discard(state, seat, plan.params)
        return _stop("unknown")

    @staticmethod
    def _decide_roll(state: HexfolkState, seat: int, p: Mapping[str, Any]) -> Decision:
        if state.phase != ROLL or state.current != seat or state.rolled:
            return NOT_NOW
        player = state.players[seat]
        if p.get("knight") == UNLESS_KNIGHT and not state.dev_played and (
                player.devs.count(KNIGHT) > player.bought.count(KNIGHT)):
            return NOT_NOW  # a knight could be played before the roll: the player's call
        return Play(Roll())

    @staticmethod
    def _decide_offer(state: HexfolkState, seat: int, p: Mapping[str, Any]) -> Decision:
        offer = state.offer
        if state.phase != TRADE or offer is None or seat == state.current \
                or offer.responses[seat] is not None:
            return NOT_NOW
        if not offer.give[int(p["want"])]:
            return Play(Decline())
        if p.get("answer") == ACCEPT and _holds(state.players[seat].hand, offer.get) \
                and sum(offer.get) <= sum(offer.give):
            return Play(Accept())
        return NOT_NOW  # it gives what the player wants: they answer it themselves

    @staticmethod
    def _decide_special(state: HexfolkState, seat: int, p: Mapping[str, Any]) -> Decision:
        if state.phase != SPECIAL or state.special >= 0 or seat not in state.special_asked:
            return NOT_NOW
        costs = UNLESS_COSTS.get(str(p.get("unless")), ())
        hand = state.players[seat].hand
        pays = can_build(state, seat) if not costs else any(_holds(hand, c) for c in costs)
        return NOT_NOW if pays else Play(End())

    @staticmethod
    def _decide_discard(state: HexfolkState, seat: int, p: Mapping[str, Any]) -> Decision:
        if state.phase != DISCARD or not state.discards[seat]:
            return NOT_NOW
        order = [int(r) for r in p["order"]]
        return Play(Discard(discard_by(state.players[seat].hand, state.discards[seat], order)))


PLANS = HexfolkPlans()

__all__ = ["ANSWER_OFFERS", "DISCARD_ORDER", "PASS_SPECIAL", "PLANS", "ROLL_FIRST",
           "HexfolkPlans", "discard_by", "read_order"]
