"""A simple, deterministic Shipyard bot: it keeps a canal and a captain ready, builds
ships left to right, fits them as fast as its canal allows and never buys bonus actions.

It only looks at public information and its own contracts.
"""

from __future__ import annotations

from . import rules
from . import yard as yd
from .actions import (
    Action,
    Buy,
    BuyBlank,
    EndActions,
    Fit,
    GiveUp,
    Go,
    Pass,
    SetSail,
    Slot,
    Steps,
    Stop,
    Swap,
    Take,
)
from .data import (
    BUILD,
    CANAL,
    CAPTAIN,
    CREW_ACTION,
    EQUIPMENT_ACTION,
    EXCHANGE,
    HIRE,
    PROPELLER,
    PURCHASE,
    SMOKESTACK,
    SUBSIDY_ACTION,
    ship_card,
)
from .state import PHASE_CHOOSE, PHASE_CRUISE, PHASE_DISCARD, ShipyardState

#: Fitting order: the captain first, then what moves the ship, then what scores.
FIT_ORDER = (CAPTAIN, SMOKESTACK, PROPELLER, "sail", "cannon", "crane", "soldier",
             "businessman", CAPTAIN)


def _want(state: ShipyardState, seat: int, card: str) -> int:
    p = state.players[seat]
    cards = sum(c is not None for c in p.yard)
    propulsion = p.stock[SMOKESTACK] + p.stock[PROPELLER] + p.stock["sail"]
    if card == CANAL:
        return 9 if len(p.canals) < 2 else 2
    if card == CREW_ACTION:
        return 8 if p.stock[CAPTAIN] == 0 else 3
    if card == BUILD:
        return 7 if cards < 7 else 1
    if card == EQUIPMENT_ACTION:
        return 6 if propulsion < 3 else 3
    if card == EXCHANGE:
        return 5
    if card == SUBSIDY_ACTION:
        return 4
    if card == HIRE:
        return 3 if p.money >= 2 else 0
    if card == PURCHASE:
        return 1
    return 0


def _slot_score(yard: list[int | None], slot: int, deck: str) -> int:
    before = len(yd.completed_ships(yard))
    kinds = yd.decks(yard)
    kinds[slot] = deck
    completes = len(yd._ships_of(kinds)) > before
    near = min((abs(i - slot) for i, c in enumerate(yard) if c is not None), default=slot)
    return (1000 if completes else 0) - 10 * near - slot


def choose(state: ShipyardState, seat: int) -> Action:
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise ValueError("no legal action")
    p = state.players[seat]
    if state.phase == PHASE_DISCARD:
        gives = [a for a in legal if isinstance(a, GiveUp)]
        return gives[-1]
    if state.phase == PHASE_CHOOSE or all(isinstance(a, Take) for a in legal):
        def value(a: Action) -> int:
            assert isinstance(a, Take)
            gain = sum(rules.income(state, seat, a.card)) if state.phase == PHASE_CHOOSE else 0
            return _want(state, seat, a.card) * 2 + gain
        return max(legal, key=value)
    if state.phase == PHASE_CRUISE:
        cruise = state.step.get("cruise", {})
        if "items" in cruise and "left" not in cruise:
            items = cruise["items"]
            fits = [a for a in legal if isinstance(a, Fit)]
            for item in FIT_ORDER:
                if Fit(item) not in fits:
                    continue
                trial = dict(items)
                trial[item] += 1
                if item == CAPTAIN and not items[CAPTAIN]:
                    return Fit(item)
                if items[CAPTAIN] and rules.requirements_met(p, trial):
                    return Fit(item)
            return SetSail()
        gos = [a for a in legal if isinstance(a, Go)]
        return gos[0] if gos else legal[0]
    buys = [a for a in legal if isinstance(a, (Buy, BuyBlank))]
    slots = [a for a in legal if isinstance(a, Slot)]
    if slots:
        card = state.step["sub"]["card"]
        deck = ship_card(card).deck
        return max(slots, key=lambda a: _slot_score(p.yard, a.slot, deck))
    if buys:
        sub = state.step.get("sub")
        if sub and sub.get("bought") and Stop() in legal:
            free = [a for a in buys if isinstance(a, BuyBlank) or
                    (isinstance(a, Buy) and rules.buy_price(a.row) == 0)]
            if not free or p.money < 3:
                return Stop()
            buys = free

        def cost(a: Action) -> tuple[int, int]:
            if isinstance(a, BuyBlank):
                return (0, 0)
            assert isinstance(a, Buy)
            return (rules.buy_price(a.row), a.row)
        return min(buys, key=cost)
    swaps = [a for a in legal if isinstance(a, Swap)]
    if swaps:
        for item in (PROPELLER, SMOKESTACK, CAPTAIN, "sail"):
            if Swap(item) in swaps and p.stock[item] < 2:
                return Swap(item)
        return legal[0]  # sell
    steps = [a for a in legal if isinstance(a, Steps)]
    if steps:
        return steps[0]
    if EndActions() in legal:
        return EndActions()
    if Pass() in legal and len(legal) == 1:
        return Pass()
    return legal[0]
