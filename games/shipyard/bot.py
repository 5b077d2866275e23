"""A deterministic Shipyard bot that plans one ship at a time.

It builds each ship next to the last one (bow, middles, stern, left to right), keeps a
captain and a canal long enough ready before it buys the card that completes a ship,
fits the ship for the most points its canal allows, picks the best branch at each
confluence, takes income into account when it chooses a card, buys a bonus action when
it is rich, and leans towards its own government contracts (fitting, ship length,
hiring, keeping guilders).

It reads only public information and its own contracts; the cruise search works on a
copy of its own canal system (sailing draws nothing), so a bot decision never depends on
a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from ..bot_levels import ExpertBudget, score_margin_value
from . import actions, rules
from . import canals as cn
from . import yard as yd
from .actions import Action
from .data import (
    BLUE,
    BONUS_COST,
    BOW,
    BUILD,
    BUSINESSMAN,
    CANAL,
    CANAL_PRICES,
    CANNON,
    CAPTAIN,
    CIRCLE,
    CRANE,
    CREW,
    CREW_ACTION,
    EMPLOYEES,
    EQUIPMENT_ACTION,
    EXCHANGE,
    EXCHANGE_PRICES,
    GREEN,
    HIRE,
    MIDDLE,
    OVAL_STOPS,
    PROPELLER,
    PURCHASE,
    RING,
    SAIL,
    SMOKESTACK,
    SOLDIER,
    STERN,
    SUBSIDY_ACTION,
    ship_card,
)
from .state import (
    PHASE_ACT,
    PHASE_CHOOSE,
    PHASE_CRUISE,
    PHASE_DISCARD,
    PHASE_FINAL,
    PHASE_LAST_SHIP,
    Player,
    ShipyardState,
    copy_state,
)

#: Speed the bot wants its canal to carry: smokestack + propeller is 4.
WANTED_REACH = 5
#: Guilders the bot keeps back before it buys a bonus action.
BONUS_RESERVE = 3


# -- what the bot holds and wants -------------------------------------------------------
def _greens(p: Player) -> set[str]:
    return {GREEN[i].code for i in p.green}


def _blues(p: Player) -> set[str]:
    return {BLUE[i].code for i in p.blue}


def reach(p: Player, most: int = 8) -> int:
    """How many spaces the ship figure can sail from where it stands (0: no canal)."""
    if p.figure is None:
        return 0
    here = (p.figure[0], p.figure[1], p.figure[2])
    back = None if p.came_from is None else (p.came_from[0], p.came_from[1], p.came_from[2])
    return _reach(tuple(tuple(c) for c in p.canals), here, back, most)


@lru_cache(maxsize=1024)
def _reach(canals: tuple[tuple[int, ...], ...], here: cn.Node, back: cn.Node | None,
           most: int) -> int:
    g = cn.grid(canals)
    best = 0
    for steps in range(1, most + 1):
        if not cn.can_sail(g, here, back, steps):
            break
        best = steps
    return best


def target_middles(p: Player) -> int:
    greens = _greens(p)
    if "short3" in greens:
        return 1
    if "long5" in greens or "middles" in _blues(p):
        return 3
    return 2


def open_ship(yard: Sequence[int | None]) -> tuple[int, int] | None:
    """``(bow slot, last slot)`` of the leftmost ship in progress (a bow and middles)."""
    kinds = yd.decks(yard)
    for i, kind in enumerate(kinds):
        if kind != BOW:
            continue
        j = i
        while j + 1 < len(kinds) and kinds[j + 1] == MIDDLE:
            j += 1
        if j + 1 < len(kinds) and kinds[j + 1] == STERN:
            continue
        return i, j
    return None


def ready_to_complete(p: Player) -> bool:
    """A captain in the yard and a canal to sail at least one space: the scoring
    requirements of a bare ship ("Tip: Be sure you have a captain and a Canal before you
    complete your ship")."""
    return p.stock[CAPTAIN] > 0 and reach(p, 1) >= 1


def needed_decks(p: Player) -> list[str]:
    """The decks whose next card the planned ship wants, in order of need."""
    ship = open_ship(p.yard)
    if ship is None:
        return [BOW]
    middles = ship[1] - ship[0]
    out = []
    if middles >= 1 and ready_to_complete(p):
        out.append(STERN)
    if middles < target_middles(p):
        out.append(MIDDLE)
    return out


def planned_slot(p: Player, deck: str, legal: Sequence[int]) -> int | None:
    """Where a card of ``deck`` goes: after the open ship, or a new bow leftmost."""
    ship = open_ship(p.yard)
    if deck in (MIDDLE, STERN):
        if ship is not None and ship[1] + 1 in legal:
            return ship[1] + 1
        return None
    if ship is not None:
        return None
    for slot in legal:
        room = all(s < len(p.yard) and p.yard[s] is None
                   for s in range(slot, slot + 2 + target_middles(p)))
        if room:
            return slot
    return legal[0] if legal else None


def item_value(p: Player, item: str) -> float:
    """What one more ``item`` in the yard is worth to the bot now."""
    stock = p.stock
    greens, blues = _greens(p), _blues(p)
    if item == CAPTAIN:
        value = 4.0 if stock[CAPTAIN] == 0 else 1.2
        return value + (0.8 if "captains" in blues else 0.0)
    if item in (SOLDIER, BUSINESSMAN):
        bonus = 0.6 if ({"soldier_cannon", "crew3"} | {"businessman_crane"}) & greens else 0
        return (1.3 if stock[item] < 2 else 0.6) + bonus
    if item == SMOKESTACK:
        return 3.0 if stock[SMOKESTACK] == 0 else 1.0
    if item == PROPELLER:
        return 3.0 if stock[PROPELLER] == 0 else 1.0
    if item in (CANNON, CRANE):
        contract = {CANNON: ("cannons2", "soldier_cannon", "cannons"),
                    CRANE: ("cranes2", "businessman_crane", "cranes")}[item]
        return (2.2 if stock[item] < 2 else 1.2) + (
            1.0 if set(contract) & (greens | blues) else 0.0)
    if item == SAIL:
        return (1.4 if stock[SAIL] < 2 else 0.7) + (1.0 if "sails3" in greens else 0.0)
    return 0.5


def employee_value(p: Player, kind: str, turn: int) -> float:
    e = EMPLOYEES[kind]
    early = max(0.0, 1.0 - turn / 60)
    if e.role in ("engineer", "recruiter"):
        return 1.0 + 6.0 * early * item_value(p, e.subject) / 3
    if e.role == "builder":
        return 1.5
    if e.role in ("trader1", "trader2"):
        return 1.0 + (1.0 if e.role == "trader2" else 0.0)
    if e.role == "foreman":
        return 0.8
    if e.role == "architect":
        return 2.5 * early + 0.5
    return 0.5


def _card_value(p: Player, card: int) -> float:
    kind = ship_card(card)
    value = 1.0
    have = {m: 0 for m in "SPKC"}
    have["S"] = p.stock[SAIL] + p.stock[SMOKESTACK]
    have["P"] = p.stock[PROPELLER]
    have["K"] = p.stock[CRANE]
    have["C"] = p.stock[CANNON]
    for mount in kind.mounts:
        value += 0.9 if have[mount] else 0.4
    crew = sum(p.stock[c] for c in CREW)
    value += kind.cabins * (0.8 if crew > 1 else 0.3)
    value += 0.4 * len(kind.safety)
    return value


# -- choosing an action card -------------------------------------------------------------
def card_want(state: ShipyardState, seat: int, card: str) -> float:
    p = state.players[seat]
    late = state.ending is not None or state.countdown <= 1
    needs = needed_decks(p)
    canal_reach = reach(p)
    if card == BUILD:
        first = rules.first_decisions(state, seat, BUILD, p.money)
        choice = _buy_choice(state, seat, first) if needs else None
        if choice is None:
            return 0.5
        completes = STERN in needs
        return 8.0 if completes else 5.5
    if card == CANAL:
        if canal_reach == 0:
            return 9.0
        return 6.0 if canal_reach < WANTED_REACH else (1.0 if late else 2.0)
    if card == CREW_ACTION:
        if p.stock[CAPTAIN] == 0:
            return 8.5
        return 3.0
    if card == EQUIPMENT_ACTION:
        if p.stock[SMOKESTACK] == 0 or p.stock[PROPELLER] == 0:
            return 5.5
        return 3.5
    if card == HIRE:
        if late:
            return 0.5
        bonus = 2.0 if "employees" in _blues(p) else 0.0
        return 4.0 + bonus if state.turn < 40 else 2.0 + bonus
    if card == EXCHANGE:
        return 5.0 if p.trains else 0.0
    if card == PURCHASE:
        return 0.5 if late else 2.5
    if card == SUBSIDY_ACTION:
        return 3.0
    return 0.0


def _choose_card(state: ShipyardState, seat: int, legal: Sequence[Action]) -> Action:
    def value(a: Action) -> float:
        assert isinstance(a, actions.Take)
        gain = sum(rules.income(state, seat, a.card)) if state.phase == PHASE_CHOOSE else 0
        if state.phase == PHASE_FINAL:
            return _final_want(state, seat, a.card)
        return card_want(state, seat, a.card) + 1.3 * gain

    return max(legal, key=lambda a: (value(a), -legal.index(a)))


def _final_want(state: ShipyardState, seat: int, card: str) -> float:
    """The final action: what helps the last ship score (rulebook "Final Action")."""
    p = state.players[seat]
    ship = open_ship(p.yard)
    if card == BUILD and ship is not None and ship[1] > ship[0] and ready_to_complete(p):
        return 9.0
    if card == CREW_ACTION and p.stock[CAPTAIN] == 0 and ship is not None:
        return 8.0
    if card == CANAL and reach(p) == 0 and ship is not None:
        return 7.0
    if card == SUBSIDY_ACTION:
        return 3.0
    if card == EQUIPMENT_ACTION:
        return 2.0
    return card_want(state, seat, card) / 4


# -- inside an action --------------------------------------------------------------------
def _buy_choice(state: ShipyardState, seat: int, buys: Sequence[Action]) -> Action | None:
    p = state.players[seat]
    needs = needed_decks(p)
    placeable: dict[str, bool] = {}  # by deck: the same for every card of it
    best: tuple[float, Action] | None = None
    for a in buys:
        card: int | None = None
        if isinstance(a, actions.BuyBlank):
            deck, price = a.deck, 0
        else:
            assert isinstance(a, actions.Buy)
            card = rules.display_card(state, a.column, a.row)
            if card is None:
                continue
            deck, price = ship_card(card).deck, rules.buy_price(a.row)
        if deck not in needs:
            continue
        if deck not in placeable:
            placeable[deck] = planned_slot(p, deck, yd.legal_slots(p.yard, deck)) is not None
        if not placeable[deck]:
            continue
        value = 0.5 if card is None else _card_value(p, card)
        score = value - 0.9 * price + (3.0 if deck == STERN else 0.0)
        if best is None or score > best[0]:
            best = (score, a)
    return None if best is None else best[1]


def _rondel_choice(state: ShipyardState, seat: int, steps: Sequence[actions.Steps]
                   ) -> actions.Steps:
    p = state.players[seat]
    card = state.step.get("sub", {}).get("card") or state.step.get("card")
    b = state.board
    if card == HIRE:
        def hire_value(a: actions.Steps) -> float:
            stop = b["employees"][(b["oval"] + a.steps) % OVAL_STOPS]
            cost = rules.step_cost(p, "oval", a.steps)
            best = max((employee_value(p, s[-1], state.turn) - EMPLOYEES[s[-1]].extra_cost
                        for s in stop if rules.hireable(p, s[-1])), default=-9.0)
            return best - cost
        return max(steps, key=hire_value)
    sectors, at, rondel = (RING, b["ring"], "ring") if card == EQUIPMENT_ACTION else (
        CIRCLE, b["circle"], "circle")

    def value(a: actions.Steps) -> float:
        item = sectors[(at + a.steps) % len(sectors)]
        return item_value(p, item) - 0.9 * rules.step_cost(p, rondel, a.steps)
    return max(steps, key=value)


def _trade_choice(state: ShipyardState, seat: int, legal: Sequence[Action]) -> Action:
    p = state.players[seat]
    commodity = state.step["sub"]["goods"][0]
    price = EXCHANGE_PRICES[state.board["exchange"]][("coal", "steel", "timber").index(commodity)]
    price += rules.count_role(p, "trader1", commodity) + rules.count_role(p, "trader2", commodity)
    swaps = [a for a in legal if isinstance(a, actions.Swap)]
    best = max(swaps, key=lambda a: item_value(p, a.item), default=None)
    if best is not None and item_value(p, best.item) >= 0.8 * price:
        return best
    return actions.Sell()


def _attach_choice(state: ShipyardState, seat: int, legal: Sequence[actions.Attach]) -> Action:
    """Lay the canal where the figure can sail furthest afterwards."""
    p = state.players[seat]

    def value(a: actions.Attach) -> tuple[int, int]:
        # reach reads the figure and the canals only: the rest of the player is shared
        laid = [*p.canals, [a.x, a.y, state.step["sub"]["canal"], a.rotation]]
        return reach(replace(p, canals=laid), 10), -abs(a.x) - abs(a.y)
    return max(legal, key=value)


# -- fitting and the cruise ------------------------------------------------------------
def _fit_choice(state: ShipyardState, seat: int, legal: Sequence[Action]) -> Action:
    p = state.players[seat]
    items = state.step["cruise"]["items"]
    fits = [a.item for a in legal if isinstance(a, actions.Fit)]
    if not items[CAPTAIN]:
        return actions.Fit(CAPTAIN) if CAPTAIN in fits else actions.SetSail()
    greens = _greens(p)
    order: list[str] = []
    if "no_equipment" not in greens or items[SMOKESTACK] + items[PROPELLER] + items[SAIL]:
        if not (items[SMOKESTACK] and items[PROPELLER]):
            order += [SMOKESTACK, PROPELLER] if items[SMOKESTACK] <= items[PROPELLER] \
                else [PROPELLER, SMOKESTACK]
        order += [CANNON, CRANE]
    order += [SOLDIER, BUSINESSMAN, CAPTAIN]
    if "no_equipment" not in greens:
        order += [SAIL, PROPELLER, SMOKESTACK]
    for item in order:
        if item not in fits:
            continue
        trial = dict(items)
        trial[item] += 1
        if item in (SMOKESTACK, PROPELLER) and not (items[SMOKESTACK] and items[PROPELLER]):
            other = PROPELLER if item == SMOKESTACK else SMOKESTACK
            if not trial[other]:
                # the steam pair (base speed 4) only if both fit and the canal is long
                # enough; a lone smokestack adds nothing, a lone propeller 1
                pair = {**trial, other: trial[other] + 1}
                if p.stock[other] and not rules.requirements_met(p, pair):
                    continue
                if item == SMOKESTACK and not p.stock[other]:
                    continue
        if rules.requirements_met(p, trial):
            return actions.Fit(item)
    return actions.SetSail()


def _best_route(state: ShipyardState, seat: int, legal: Sequence[actions.Go]) -> Action:
    """The branch that scores most on the rest of this cruise (searched on copies)."""
    def total(st: ShipyardState) -> int:
        cr = st.step.get("cruise", {})
        if "left" not in cr:
            return st.players[seat].score
        options = rules._cruise_options(st, seat)
        best = -1
        for go in options:
            assert isinstance(go, actions.Go)
            trial = copy_state(st)
            rules._sail_to(trial, seat, (go.x, go.y, go.space), [])
            best = max(best, total(trial))
        return best if best >= 0 else st.players[seat].score

    def value(go: actions.Go) -> int:
        trial = copy_state(state)
        rules._sail_to(trial, seat, (go.x, go.y, go.space), [])
        return total(trial)
    return max(legal, key=value)


# -- giving up contracts -----------------------------------------------------------------
def _contract_hope(p: Player, colour: str, index: int) -> float:
    """How much a contract is likely to pay this bot."""
    if colour == "green":
        contract = GREEN[index]
        met = sum(rules.green_points(contract.code, s) for s in p.fleet)
        easy = {"crew3": 1.5, "short3": 1.5, "no_equipment": 0.5, "soldier_cannon": 1.0,
                "businessman_crane": 1.0, "smokestack_propeller": 1.5, "safety2": 1.2}
        return contract.points * (met + easy.get(contract.code, 0.8))
    blue = BLUE[index]
    value = rules.blue_value(blue.code, p)
    reached = [pts for t, pts in zip(blue.thresholds, blue.points, strict=True)
               if value + 2 >= t]
    return (reached[-1] if reached else 0) + value / max(1, blue.thresholds[0])


def _give_up(state: ShipyardState, seat: int, legal: Sequence[actions.GiveUp]) -> Action:
    p = state.players[seat]

    def hope(a: actions.GiveUp) -> float:
        """The hope of the contracts given up (the least is best to give up)."""
        return (sum(_contract_hope(p, "green", p.green[i]) for i in a.green)
                + sum(_contract_hope(p, "blue", p.blue[i]) for i in a.blue))
    return min(legal, key=hope)


# -- the decision ----------------------------------------------------------------------
def choose(state: ShipyardState, seat: int) -> Action:
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    p = state.players[seat]
    phase = state.phase
    if phase == PHASE_DISCARD:
        return _give_up(state, seat, [a for a in legal if isinstance(a, actions.GiveUp)])
    if phase in (PHASE_CHOOSE, PHASE_FINAL):
        return _choose_card(state, seat, legal)
    if phase == PHASE_CRUISE:
        cruise = state.step.get("cruise", {})
        if "ship" not in cruise:
            return next(a for a in legal if isinstance(a, actions.Launch))
        if "left" not in cruise:
            return _fit_choice(state, seat, legal)
        return _best_route(state, seat, [a for a in legal if isinstance(a, actions.Go)])
    sub = state.step.get("sub")
    kind = sub.get("kind") if sub else None
    slots = [a for a in legal if isinstance(a, actions.Slot)]
    if slots and sub:  # a placement is a sub-decision holding the card to place
        deck = ship_card(sub["card"]).deck
        planned = planned_slot(p, deck, [a.slot for a in slots])
        if planned is not None:
            return actions.Slot(planned)
        # the card was bought for a ship that has changed: the least harmful slot
        return max(slots, key=lambda a: a.slot)
    if kind == "attach":
        return _attach_choice(state, seat, [a for a in legal if isinstance(a, actions.Attach)])
    if kind == "figure":
        return actions.FigureAt(1)
    if kind == "trade":
        return _trade_choice(state, seat, legal)
    if kind == "hire":
        hires = [a for a in legal if isinstance(a, actions.Hire)]
        stop = state.board["employees"][state.board["oval"]]
        return max(hires, key=lambda a: employee_value(p, stop[a.index][-1], state.turn)
                   - EMPLOYEES[stop[a.index][-1]].extra_cost)
    buys = [a for a in legal if isinstance(a, (actions.Buy, actions.BuyBlank))]
    if phase == PHASE_LAST_SHIP and not sub:
        if not ready_to_complete(p):
            return actions.Pass()
        choice = _buy_choice(state, seat, buys)
        return choice if choice is not None else actions.Pass()
    if kind == "build":
        choice = _buy_choice(state, seat, buys)
        return choice if choice is not None else actions.Stop()
    if phase == PHASE_ACT:
        return _act_choice(state, seat, legal)
    return legal[0]


def _act_choice(state: ShipyardState, seat: int, legal: Sequence[Action]) -> Action:
    """The first decision of the chosen (or bonus) action, or the bonus itself."""
    p = state.players[seat]
    buys = [a for a in legal if isinstance(a, (actions.Buy, actions.BuyBlank))]
    if buys:
        choice = _buy_choice(state, seat, buys)
        if choice is not None:
            return choice
    steps = [a for a in legal if isinstance(a, actions.Steps)]
    if steps:
        return _rondel_choice(state, seat, steps)
    canals = [a for a in legal if isinstance(a, actions.RentCanal)]
    if canals:
        return min(canals, key=lambda a: (CANAL_PRICES[a.slot], a.slot))
    trains = [a for a in legal if isinstance(a, actions.TakeTrain)]
    if trains:
        return trains[-1]
    uses = [a for a in legal if isinstance(a, actions.UseTrain)]
    if uses:
        return uses[0]
    if any(isinstance(a, actions.Take) for a in legal):
        return legal[0]
    bonuses = [a for a in legal if isinstance(a, actions.Bonus)]
    if bonuses and p.money >= BONUS_COST + BONUS_RESERVE and state.step.get("main_done"):
        best = max(bonuses, key=lambda a: card_want(state, seat, a.card))
        if card_want(state, seat, best.card) >= 5.0:
            return best
    if actions.EndActions() in legal:
        return actions.EndActions()
    others = [a for a in legal if not isinstance(a, actions.Bonus)]
    return others[0] if others else legal[0]


#: The expert's search (games/bot_levels.py): a normal decision costs about 0.1 ms here,
#: so five moves, six samples and playouts of 60 decisions fit inside its second.
EXPERT_BUDGET = ExpertBudget(candidates=5, samples=6, depth=60)


def evaluate(state: ShipyardState, seat: int) -> float:
    """How good an unfinished game is for ``seat``, for the expert's search: its lead in
    the points the game would count if it ended now (ships launched, plus the contracts
    and traders counted at the end: "The player with the most points wins"). The board
    keeps no running score (``scores`` is empty until the end), so the default margin
    saw every position as level and the expert never left the normal move."""
    points = [p.score + rules.contract_points(p) + rules.trader_points(p)
              for p in state.players]
    return score_margin_value(points, seat, scale=4.0)
