"""Hagoth's views in words: every player's berths, wood and score; the own hand."""

from __future__ import annotations

from collections.abc import Sequence

from games.hagoth.data import BLUEPRINTS
from games.hagoth.view import DesignView, HagothView, PlayerView, ShipView, SummaryView
from i18n import t

from .common import joined, name_of

_P = "describe.hagoth."


def _blueprint(index: int, locale: str) -> str:
    return t(f"hagoth.blueprint.{BLUEPRINTS[index].code}", locale)


def _berth(berth: DesignView | ShipView | None, locale: str) -> str:
    if berth is None:
        return t("describe.hagoth.berth_empty", locale)
    if isinstance(berth, ShipView):
        return t("describe.hagoth.ship", locale, blueprint=_blueprint(berth.lane, locale),
                 position=berth.position, length=BLUEPRINTS[berth.lane].lane_length)
    segments = ", ".join(t(f"hagoth.card.{code}", locale) for code in berth.segments)
    return t(_P + ("design_complete" if berth.complete else "design"), locale,
             blueprint=_blueprint(berth.blueprint, locale), wood=berth.wood,
             count=len(BLUEPRINTS[berth.blueprint].segments), segments=segments or "-")


def _player(p: PlayerView, names: Sequence[str], locale: str) -> str:
    text = t("describe.hagoth.player", locale, name=name_of(names, p.seat),
             colour=t(f"hagoth.colour.{p.colour}", locale), vp=p.vp, wood=p.wood,
             hand=p.hand_count, launches=p.launches, arrivals=p.arrivals,
             berths="; ".join(_berth(b, locale) for b in p.berths))
    if p.skips:
        text += " " + t("describe.hagoth.skips", locale, count=p.skips)
    return text


def task_lines(view: HagothView, names: Sequence[str], locale: str) -> list[str]:
    """Who must act and what they must do now (first in every description)."""
    lines = []
    if view.winner is None:
        key = "second_card" if view.cards_played else "first_card"
        lines.append(t(_P + key, locale, name=name_of(names, view.current)))
    return lines


def board_lines(view: HagothView, names: Sequence[str], locale: str) -> list[str]:
    """What the board shows, most needed first."""
    lines = []
    lines.append(t("describe.hagoth.table", locale, target=view.target, stock=view.stock,
                   deck=view.deck_count, discard=view.discard_count,
                   round=view.round or view.turn))
    lines += [_player(p, names, locale) for p in view.players]
    return lines


def hand_lines(view: HagothView, names: Sequence[str], locale: str) -> list[str]:
    """The viewer's own cards."""
    if view.hand is None:
        return []
    cards = joined((t(f"hagoth.card.{code}", locale) for code in view.hand), locale)
    return [t("platform.game.your_hand", locale, cards=cards)]


def summary_lines(summary: SummaryView, names: Sequence[str], locale: str) -> list[str]:
    """Each player's points, ships and attacks over the game."""
    lines = []
    for p in summary.players:
        lines.append(t("describe.hagoth.summary_player", locale,
                       name=name_of(names, p.seat), vp=p.vp,
                       launch=p.launch_vp, arrival=p.arrival_vp, launched=sum(p.launched),
                       arrived=sum(p.arrived), wood=p.wood,
                       attacks=sum(p.attacks_played), suffered=sum(p.attacks_suffered)))
    lines.append(t("describe.hagoth.summary_dice", locale, count=summary.rolls,
                   counts=", ".join(f"{value + 1}: {n}"
                                    for value, n in enumerate(summary.die_counts))))
    return lines
