"""Shipyard's views in words: the action track, every player's yard, stock, staff,
canals and fleet, the cards for sale; the own contracts."""

from __future__ import annotations

from collections.abc import Sequence

from games.shipyard.data import BLUE, GREEN, TRAINS, ship_card
from games.shipyard.view import PlayerView, ShipyardSummary, ShipyardView
from i18n import has, t

from .common import joined, name_of


def _ship_card(card: int, locale: str) -> str:
    kind = ship_card(card)
    parts = [t(f"shipyard.mount.{m}", locale) for m in kind.mounts]
    parts += [t("shipyard.cabin", locale)] * kind.cabins
    parts += [t(f"shipyard.safety.{s}", locale) for s in kind.safety]
    return f"{t(f'shipyard.deck.{kind.deck}', locale)} ({', '.join(parts) or '—'})"


def _item(code: str, locale: str) -> str:
    for key in (f"shipyard.item.{code}", f"shipyard.commodity.{code}"):
        if has(key):
            return t(key, locale)
    return code


def _goods(train: int, locale: str) -> str:
    return ", ".join(t(f"shipyard.commodity.{c}", locale) for c in TRAINS[train])


def _player(p: PlayerView, names: Sequence[str], locale: str) -> str:
    yard = [f"{slot + 1}: {_ship_card(card, locale)}" for slot, card in enumerate(p.yard)
            if card is not None]
    stock = [f"{count} {_item(code, locale)}" for code, count in p.stock if count]
    fleet = [t("shipyard.render.ship", locale, number=n + 1, cards=cards, speed=speed,
               points=points) for n, (cards, speed, points) in enumerate(p.fleet)]
    return t("describe.shipyard.player", locale, name=name_of(names, p.seat),
             colour=t(f"describe.colour.{p.colour}", locale), score=p.score, money=p.money,
             contracts=p.contracts, yard=joined(yard, locale), stock=joined(stock, locale),
             staff=joined((t(f"shipyard.employee.{e}", locale) for e in p.employees), locale),
             trains=joined((_goods(tr, locale) for tr in p.trains), locale),
             canals=len(p.canals), used=p.used_canals, fleet=joined(fleet, locale))


def task_lines(view: ShipyardView, names: Sequence[str], locale: str) -> list[str]:
    """Who must act and what they must do now (first in every description)."""
    lines = []
    if view.phase != "over":
        lines.append(t(f"shipyard.render.phase.{view.phase}", locale,
                       name=name_of(names, view.current)))
        if view.players[view.current].renting is not None:
            spots = view.players[view.current].attach_spots
            lines.append(t("describe.shipyard.renting", locale, spots=joined(
                (f"{x},{y}" for x, y in spots), locale)))
    return lines


def board_lines(view: ShipyardView, names: Sequence[str], locale: str) -> list[str]:
    """What the board shows, most needed first."""
    lines = []
    lines.append(t("shipyard.render.countdown", locale, countdown=view.countdown,
                   turn=view.turn)
                 + (" · " + t("shipyard.render.ending_ships", locale) if view.ending else ""))
    income = dict(view.income)
    track = [t(f"shipyard.card.{code}", locale)
             + (f" (+{income[code]})" if income.get(code) else "")
             for code in view.track if code]
    lines.append(t("describe.shipyard.track", locale, lead=t(f"shipyard.card.{view.lead}", locale)
                   if view.lead else "—", cards=joined(track, locale)))
    lines += [_player(p, names, locale) for p in view.players]
    for key, cards in (("bows", view.bow_display), ("middles", view.middle_display),
                       ("sterns", view.stern_display)):
        lines.append(t(f"describe.shipyard.display.{key}", locale, cards=joined(
            (_ship_card(c, locale) for c in cards if c is not None), locale)))
    lines.append(t("describe.shipyard.trains", locale, trains=joined(
        (_goods(tr, locale) for tr in view.train_display if tr is not None), locale)))
    lines.append(t("describe.shipyard.canals", locale,
                   count=sum(c is not None for c in view.canal_display)))
    return lines


def hand_lines(view: ShipyardView, names: Sequence[str], locale: str) -> list[str]:
    """The viewer's own contracts."""
    if view.green is None or view.blue is None:
        return []
    parts = [t(f"shipyard.contract_green.{GREEN[i].code}", locale) for i in view.green]
    parts += [t(f"shipyard.contract_blue.{BLUE[i].code}", locale) for i in view.blue]
    return [t("shipyard.hand", locale, green=len(view.green), blue=len(view.blue),
              contracts="; ".join(parts) or t("platform.hand.empty", locale))]


def summary_lines(summary: ShipyardSummary, names: Sequence[str], locale: str) -> list[str]:
    """Each player's score by source."""
    return [t("describe.shipyard.summary_player", locale, name=name_of(names, seat), total=total,
              ships=ships, contracts=contracts, money=money, launched=launched)
            for seat, total, ships, contracts, money, launched in summary.rows]
