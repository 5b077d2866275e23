"""Haze Islands' views in words: The Doom, every player's ship and pirates, every
location of the map by its coordinates; the own hand and known cards."""

from __future__ import annotations

from collections.abc import Sequence

from games.haze_islands.phrases import card_name
from games.haze_islands.view import HazeSummary, HazeView, LocationView, PlayerView
from i18n import t

from .common import joined, name_of


def _icon(icon: str, locale: str) -> str:
    return t(f"haze-islands.icon.{icon}", locale)


def _title(code: str, locale: str) -> str:
    if not code:
        return t("haze-islands.render.no_title", locale)
    return t(f"haze-islands.title.{code}", locale)


def _doom_target(view: HazeView, names: Sequence[str], locale: str) -> str:
    if len(view.doom_targets) > 1:
        return t("haze-islands.render.coin_toss", locale,
                 names=" / ".join(name_of(names, s) for s in view.doom_targets))
    if view.doom_targets:
        return name_of(names, view.doom_targets[0])
    return "—" if view.doom_target is None else name_of(names, view.doom_target)


def _player(p: PlayerView, names: Sequence[str], locale: str) -> str:
    text = t("haze-islands.render.player", locale, name=name_of(names, p.seat),
             status=t(f"haze-islands.render.status.{p.status}", locale), supply=p.supply,
             deployed=p.deployed, hand=p.hand_count, deck=p.deck_count, icons=p.icons,
             title=_title(p.title, locale),
             specials=", ".join(f"#{n}" for n in p.specials) or "—")
    return text + " · " + t("describe.haze.at", locale, where=f"@{p.x},{p.y}")


def _location(loc: LocationView, locale: str) -> str:
    parts = [f"@{loc.x},{loc.y} {card_name(loc.card - 1, locale)}",
             t(f"haze-islands.render.kind.{loc.kind}", locale)]
    if loc.plunder is not None:
        parts.append(t("describe.haze.plunder", locale, count=loc.plunder))
    if loc.side:
        parts.append(t(f"haze-islands.side.{loc.side}", locale)
                     + (f" #{loc.adventure}" if loc.adventure is not None else ""))
    if loc.requirement:
        parts.append(t("describe.haze.needs", locale, icons=" + ".join(
            _icon(i, locale) for i in loc.requirement)))
    if loc.pirates:
        parts.append(t("describe.haze.pirates", locale, seats=", ".join(
            str(seat + 1) for seat in loc.pirates)))
    if loc.stopped:
        parts.append(t("haze-islands.render.stopped", locale))
    return ", ".join(parts)


def task_lines(view: HazeView, names: Sequence[str], locale: str) -> list[str]:
    """Who must act and what they must do now (first in every description)."""
    lines = []
    if view.prompt:  # (who is to play is the caller's first line)
        lines.append(t(f"haze-islands.render.prompt.{view.prompt}", locale, players=", ".join(
            name_of(names, s) for s in view.prompt_seats)))
    if view.may_act:
        lines.append(t("haze-islands.render.may_act", locale, players=", ".join(
            name_of(names, s) for s in view.may_act)))
    return lines


def board_lines(view: HazeView, names: Sequence[str], locale: str) -> list[str]:
    """What the board shows, most needed first."""
    lines = []
    lines.append(t("haze-islands.render.status_round", locale, round=view.round, rounds=view.rounds,
                   mode=t(f"haze-islands.mode.{view.mode}", locale), die=view.doom_die,
                   power=view.doom_power, target=_doom_target(view, names, locale)))
    lines.append(t("describe.haze.doom", locale, where=f"@{view.doom[0]},{view.doom[1]}",
                   route=" → ".join(f"@{x},{y}" for x, y in view.doom_route) or "—"))
    lines.append(t("haze-islands.render.status_piles", locale, left=view.doom_left,
                   need=" + ".join(_icon(i, locale) for i in view.doom_next) or "—",
                   adventures=view.adventure_deck, discard=view.discard))
    lines += [_player(p, names, locale) for p in view.players]
    lines += [_location(loc, locale) for loc in view.locations]
    return lines


def hand_lines(view: HazeView, names: Sequence[str], locale: str) -> list[str]:
    """The viewer's own hand and the cards of its deck it knows."""
    if view.hand is None:
        return []

    def words(cards: Sequence[int]) -> str:
        return joined((card_name(n - 1, locale) for n in cards), locale)

    lines = [t("haze-islands.render.hand", locale, cards=words(sorted(view.hand)))]
    if view.seen:
        lines.append(t("haze-islands.render.seen", locale, cards=words(view.seen)))
    if view.drawn:
        lines.append(t("haze-islands.render.drawn", locale, cards=words(view.drawn)))
    if view.steal:
        lines.append(t("haze-islands.render.steal", locale, cards=words(view.steal)))
    return lines


def summary_lines(summary: HazeSummary, names: Sequence[str], locale: str) -> list[str]:
    """Each player's tally at the end."""
    return [t("haze-islands.render.summary_row", locale, name=name_of(names, seat), icons=icons,
              doom=doom, pirates=pirates, title=_title(title, locale),
              survived=t(f"haze-islands.render.{'survived' if survived else 'lost'}", locale))
            for seat, icons, doom, pirates, title, survived in summary.rows]
