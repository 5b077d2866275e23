"""Labels a person reads for Shipyard moves (buttons, select menus, autocomplete)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n import t

from . import actions, rules
from . import canals as cn
from . import yard as yd
from .actions import Action
from .data import (
    BLUE,
    CANAL_PRICES,
    CANALS,
    CAPTAIN,
    CIRCLE,
    CIRCLE_RONDEL,
    EDGE_NAMES,
    EMPLOYEES,
    EXCHANGE_PRICES,
    GREEN,
    OVAL_RONDEL,
    OVAL_STOPS,
    RING,
    RING_RONDEL,
    TRAINS,
    canal_edges,
    ship_card,
)
from .state import ShipyardState

_P = "shipyard."


def _card(card: str, locale: str) -> str:
    return t(f"{_P}card.{card}", locale)


def _ship_card(card: int, locale: str) -> str:
    kind = ship_card(card)
    parts = [t(f"{_P}mount.{m}", locale) for m in kind.mounts]
    parts += [t(f"{_P}cabin", locale)] * kind.cabins
    parts += [t(f"{_P}safety.{s}", locale) for s in kind.safety]
    return f"{t(f'{_P}deck.{kind.deck}', locale)} ({', '.join(parts) or '—'})"


def _goods(train: int, locale: str) -> str:
    return ", ".join(t(f"{_P}commodity.{c}", locale) for c in TRAINS[train])


def describe(state: ShipyardState, seat: int, action: Action, names: Sequence[str],
             locale: str) -> str:
    p = state.players[seat]
    b = state.board
    match action:
        case actions.Take(card):
            if state.phase == "choose":
                occupied, bonus = rules.income(state, seat, card)
                return t(_P + "label.take", locale, card=_card(card, locale),
                         income=occupied + bonus)
            return t(_P + "label.final", locale, card=_card(card, locale))
        case actions.Bonus(card):
            return t(_P + "label.bonus", locale, card=_card(card, locale))
        case actions.Buy(column, row):
            shown = rules.display_card(state, column, row)
            return t(_P + "label.buy", locale, cost=rules.buy_price(row),
                     card=_ship_card(shown, locale) if shown is not None else "?")
        case actions.BuyBlank(deck):
            return t(_P + "label.blank", locale, deck=t(f"{_P}deck.{deck}", locale))
        case actions.Slot(slot):
            failing = _completes_failing_ship(state, seat, slot)
            if failing is not None:
                return t(_P + "label.slot_fails", locale, slot=slot + 1,
                         reason=t(f"{_P}label.fails_{failing}", locale))
            return t(_P + "label.slot", locale, slot=slot + 1)
        case actions.Stop():
            return t(_P + "label.stop", locale)
        case actions.RentCanal(slot):
            cid = b["canal_display"][slot]
            if cid is None:
                return t(_P + "label.canal", locale, slot=slot + 1, cost=CANAL_PRICES[slot],
                         kind="?")
            # its officials, space 1 to 3 (issue 24 item 11: no blind choices)
            return t(_P + "label.canal_officials", locale, slot=slot + 1,
                     cost=CANAL_PRICES[slot], kind=t(f"{_P}canal.{CANALS[cid].kind}", locale),
                     officials=", ".join(t(f"{_P}official.{o or 'none'}", locale)
                                         for o in CANALS[cid].officials))
        case actions.Attach(x, y, rotation):
            cid = state.step.get("sub", {}).get("canal")
            edges = "" if cid is None else "-".join(
                EDGE_NAMES[e] for e in canal_edges(cid, rotation) if e is not None)
            if cid is None:
                return t(_P + "label.attach", locale, x=x, y=y, edges=edges)
            return t(_P + "label.attach_officials", locale, x=x, y=y, edges=edges,
                     officials=_officials_in_order(state, seat, cid, x, y, rotation,
                                                   locale))
        case actions.FigureAt(space):
            cid = p.canals[0][2] if p.canals else None
            if cid is None:
                return t(_P + "label.figure", locale, space=space + 1)
            return t(_P + "label.figure_official", locale, space=space + 1, official=t(
                f"{_P}official.{CANALS[cid].officials[space] or 'none'}", locale))
        case actions.TakeTrain(slot):
            train = b["train_display"][slot]
            return t(_P + "label.train", locale, slot=slot + 1,
                     goods=_goods(train, locale) if train is not None else "?")
        case actions.UseTrain(index):
            return t(_P + "label.use", locale, index=index + 1,
                     goods=_goods(p.trains[index], locale))
        case actions.Sell():
            sub = state.step.get("sub", {})
            goods = sub.get("goods") or ["coal"]
            price = EXCHANGE_PRICES[b["exchange"]][("coal", "steel", "timber").index(goods[0])]
            return t(_P + "label.sell", locale,
                     commodity=t(f"{_P}commodity.{goods[0]}", locale), price=price)
        case actions.Swap(item):
            return t(_P + "label.swap", locale, item=t(f"{_P}item.{item}", locale))
        case actions.Steps(steps):
            card = state.step.get("sub", {}).get("card") or state.step.get("card", "")
            rondel = {"equipment": RING_RONDEL, "crew": CIRCLE_RONDEL}.get(card, OVAL_RONDEL)
            cost = rules.step_cost(p, rondel, steps)
            # what the move gets (issue 24 item 11: "Move 2 → captain (costs 1)")
            if rondel == OVAL_RONDEL:
                stop = b["employees"][(b["oval"] + steps) % OVAL_STOPS]
                return t(_P + "label.steps_hire", locale, steps=steps, cost=cost,
                         employees=", ".join(t(f"{_P}employee.{stack[-1]}", locale)
                                             for stack in stop if rules.hireable(p, stack[-1]))
                         or "—")
            sectors, at = (RING, b["ring"]) if rondel == RING_RONDEL else (CIRCLE, b["circle"])
            return t(_P + "label.steps_item", locale, steps=steps, cost=cost,
                     item=t(f"{_P}item.{sectors[(at + steps) % len(sectors)]}", locale))
        case actions.Hire(index):
            stop = b["employees"][b["oval"]]
            kind = stop[index][-1] if index < len(stop) else "?"
            return t(_P + "label.hire", locale, employee=t(f"{_P}employee.{kind}", locale),
                     cost=EMPLOYEES[kind].extra_cost if kind in EMPLOYEES else 0)
        case actions.Subsidy():
            return t(_P + "label.subsidy", locale)
        case actions.EndActions():
            return t(_P + "label.end", locale)
        case actions.Launch(slot):
            return t(_P + "label.launch", locale, slot=slot + 1)
        case actions.Fit(item):
            return t(_P + "label.fit", locale, item=t(f"{_P}item.{item}", locale))
        case actions.SetSail():
            cr = state.step.get("cruise", {})
            items = cr.get("items")
            if items is None:
                return t(_P + "label.sail", locale, speed="?")
            key = "label.sail" if rules.requirements_met(p, items) else "label.sail_fails"
            return t(_P + key, locale, speed=rules.speed(p, items))
        case actions.Go(x, y, space):
            official = cn.official(cn.grid(p.canals), (x, y, space)) \
                if any((c[0], c[1]) == (x, y) for c in p.canals) else None
            return t(_P + "label.go", locale, x=x, y=y, space=space + 1,
                     official=t(f"{_P}official.{official or 'none'}", locale))
        case actions.GiveUp(green, blue):
            # The shorter list: what is kept (2 and 4 players keep one of each) or what
            # is given up (3 players give up one of each).
            give = [(colour, i) for colour, picked in (("green", green), ("blue", blue))
                    for i in picked]
            keep = [(colour, i) for colour, held, picked in (("green", p.green, green),
                                                             ("blue", p.blue, blue))
                    for i in range(len(held)) if i not in picked]
            key, listed = ("label.give_up", give) if len(give) <= len(keep) else (
                "label.keep", keep)
            names = []
            for colour, i in listed:
                held = p.green if colour == "green" else p.blue
                code = (GREEN if colour == "green" else BLUE)[held[i]].code \
                    if i < len(held) else "?"
                names.append(t(f"{_P}contract_{colour}.{code}", locale))
            return t(_P + key, locale, contract=" · ".join(names))
        case actions.Pass():
            return t(_P + "label.pass", locale)
    raise TypeError(f"not a Shipyard action: {action!r}")


def _completes_failing_ship(state: ShipyardState, seat: int, slot: int) -> str | None:
    """Why the ship a placement in ``slot`` completes would fail now ("captain": no
    captain in the yard, "canal": the canal system cannot carry even speed 1), or
    ``None`` (no ship completed, or it can sail). Issue 24 item 11: warn before the
    placement, not after the ship is lost."""
    p = state.players[seat]
    card = state.step.get("sub", {}).get("card")
    if card is None or p.yard[slot] is not None:
        return None
    trial = list(p.yard)
    trial[slot] = card
    if not any(bow <= slot <= stern for bow, stern in yd.completed_ships(trial)):
        return None
    if p.stock[CAPTAIN] == 0:
        return "captain"
    here = cn.node(p.figure)
    if here is None or not cn.can_sail(cn.grid(p.canals), here, cn.node(p.came_from), 1):
        return "canal"
    return None


def _officials_in_order(state: ShipyardState, seat: int, cid: int, x: int, y: int,
                        rotation: int, locale: str) -> str:
    """The officials of canal ``cid`` attached at ``x, y`` in the order the ship figure
    meets them, from the space it enters first (issue 24 item 11: "say in each choice
    which officials come first"); on a confluence entered at its fork, the two ends
    follow as alternatives."""
    p = state.players[seat]
    names = [t(f"{_P}official.{o or 'none'}", locale) for o in CANALS[cid].officials]
    entry = None
    here = cn.node(p.figure)
    if here is not None:
        trial = cn.grid(p.canals)
        trial[(x, y)] = (cid, rotation)
        entry = _first_space_on(trial, here, cn.node(p.came_from), (x, y))
    then = t(_P + "label.then", locale)
    if entry == 2:
        return then.join(reversed(names))
    if entry == 1:
        return names[1] + then + t(_P + "label.either", locale, a=names[0], b=names[2])
    return then.join(names)


def _first_space_on(g: cn.Grid, start: cn.Node, came_from: cn.Node | None,
                    cell: tuple[int, int]) -> int | None:
    """The space of ``cell`` the figure reaches first sailing forward from ``start``."""
    todo: list[tuple[cn.Node, cn.Node | None]] = [(start, came_from)]
    seen: set[tuple[cn.Node, cn.Node | None]] = set()
    while todo:
        nxt_round: list[tuple[cn.Node, cn.Node | None]] = []
        for here, prev in todo:
            if (here, prev) in seen:
                continue
            seen.add((here, prev))
            for step in cn.forward(g, here, prev):
                if (step[0], step[1]) == cell:
                    return step[2]
                nxt_round.append((step, here))
        todo = nxt_round
    return None


__all__ = ["describe"]
