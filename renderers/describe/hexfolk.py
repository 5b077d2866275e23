"""Hexfolk's views in words: the hexes by letter, every player's buildings by place,
the robber, the dice, an open offer and the numbered places; the own hand."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.hexfolk.board import places
from games.hexfolk.data import GENERIC, RESOURCES
from games.hexfolk.view import HexfolkView, PlayerView, SummaryView
from games.hexfolk.wording import corner_place, edge_text
from i18n import t

from .common import joined, name_of


def _resource(i: int, locale: str) -> str:
    return t(f"hexfolk.resource.{RESOURCES[i]}", locale)


def _bundle(counts: Sequence[int], locale: str) -> str:
    return joined((f"{n} {_resource(i, locale)}" for i, n in enumerate(counts) if n), locale)


def _hex(view: HexfolkView, h: int, locale: str) -> str:
    return _hex_words(view.board, view.terrain, view.tokens, h, locale)


def _hex_words(board: str, terrain: Sequence[int], tokens: Sequence[int], h: int,
               locale: str) -> str:
    """Hex ``h`` by its letter and yield: "D (wood 8)"."""
    name = places(board).hex_names[h]
    if terrain[h] < 0:
        detail = t("hexfolk.place.hex_desert", locale)
    else:
        detail = t("hexfolk.place.hex_res", locale, resource=_resource(terrain[h], locale),
                   number=tokens[h])
    return t("hexfolk.place.hex_short", locale, name=name, detail=detail)


def _player(view: HexfolkView, p: PlayerView, names: Sequence[str], locale: str) -> str:
    settlements = [corner_place(view.board, c, locale) for c, owner in
                   enumerate(view.corner_owner) if owner == p.seat and view.corner_level[c] == 1]
    cities = [corner_place(view.board, c, locale) for c, owner in
              enumerate(view.corner_owner) if owner == p.seat and view.corner_level[c] == 2]
    text = t("describe.hexfolk.player", locale, name=name_of(names, p.seat), vp=p.visible_vp,
             hand=p.hand_count, devs=p.dev_count, knights=p.knights, road=p.road_length,
             roads=p.roads, settlements=joined(settlements, locale),
             cities=joined(cities, locale))
    awards = [t("describe.hexfolk.longest", locale)] if p.longest else []
    awards += [t("describe.hexfolk.army", locale)] if p.army else []
    if awards:
        text += " " + ", ".join(awards) + "."
    if p.discard_owed:
        text += " " + t("describe.hexfolk.owes", locale, count=p.discard_owed)
    return text


def _spot(view: HexfolkView, kind: str, place: int, locale: str) -> str:
    if kind == "corner":
        return corner_place(view.board, place, locale)
    if kind == "edge":
        return edge_text(view.board, place, locale)
    return _hex(view, place, locale)


def task_lines(view: HexfolkView, names: Sequence[str], locale: str) -> list[str]:
    """Who must act and what they must do now (first in every description)."""
    lines = []
    if view.winner is None:
        who = view.special if view.special >= 0 else view.current
        lines.append(t(f"describe.hexfolk.phase.{view.phase}", locale, name=name_of(names, who)))
    if view.offer is not None:
        lines.append(t("describe.hexfolk.offer", locale, name=name_of(names, view.offer.offerer),
                       give=_bundle(view.offer.give, locale), get=_bundle(view.offer.get, locale)))
    return lines


def board_lines(view: HexfolkView, names: Sequence[str], locale: str) -> list[str]:
    """What the board shows, most needed first."""
    lines = []
    if view.spots:
        lines.append(t("describe.hexfolk.spots", locale, spots="; ".join(
            f"{number}: {_spot(view, kind, place, locale)}" for number, kind, place in view.spots)))
    if view.dice:
        lines.append(t("describe.hexfolk.dice", locale, name=name_of(names, view.dice_by),
                       dice=" + ".join(str(d) for d in view.dice), total=sum(view.dice)))
    lines.append(t("describe.hexfolk.robber", locale, hex=_hex(view, view.robber, locale))
                 if view.robber >= 0 else "")
    lines += [_player(view, p, names, locale) for p in view.players]
    lines.append(t("describe.hexfolk.target", locale, target=view.target, deck=view.deck_count,
                   bank=_bundle(view.bank, locale)))
    lines += _island_lines(view.board, view.terrain, view.tokens, view.harbours, locale)
    roads = []
    for p in view.players:
        edges = [edge_text(view.board, e, locale)
                 for e, owner in enumerate(view.edge_owner) if owner == p.seat]
        roads.append(t("describe.hexfolk.roads", locale, name=name_of(names, p.seat),
                       roads=joined(edges, locale)))
    return lines + roads


@lru_cache(maxsize=256)
def _island_lines(board: str, terrain: tuple[int, ...], tokens: tuple[int, ...],
                  harbours: tuple[tuple[int, int], ...], locale: str) -> tuple[str, ...]:
    """The lines of the island itself, its hexes and harbours: the same all game, so
    kept per island and locale rather than worded again after every move."""
    lines = [t("describe.hexfolk.hexes", locale, hexes=", ".join(
        _hex_words(board, terrain, tokens, h, locale) for h in range(len(terrain))))]
    named = []
    for edge, kind in harbours:
        what = t("hexfolk.place.harbour_any", locale) if kind == GENERIC else t(
            "hexfolk.place.harbour_res", locale, resource=_resource(kind, locale))
        named.append(f"{what} {edge_text(board, edge, locale)}")
    if named:
        lines.append(t("describe.hexfolk.harbours", locale, harbours="; ".join(named)))
    return tuple(lines)


def hand_lines(view: HexfolkView, names: Sequence[str], locale: str) -> list[str]:
    """The viewer's own cards and points."""
    if view.hand is None:
        return []
    devs = joined((t(f"hexfolk.dev.{code}", locale) for code in view.devs or ()), locale)
    return [t("describe.hexfolk.hand", locale, resources=_bundle(view.hand, locale), devs=devs,
              vp=view.vp if view.vp is not None else "-")]


def summary_lines(summary: SummaryView, names: Sequence[str], locale: str) -> list[str]:
    """Each player's points and production over the game."""
    lines = [t("describe.hexfolk.summary_player", locale, name=name_of(names, p.seat), vp=p.vp,
               produced=p.produced_total, trades=p.trades, robbed=p.lost_to_robber,
               knights=p.knights, road=p.road_length, devs=p.devs_played)
             for p in summary.players]
    lines.append(t("describe.hexfolk.summary_rolls", locale, count=summary.rolls, counts=", ".join(
        f"{total}: {n}" for total, n in enumerate(summary.roll_counts) if total >= 2)))
    return lines
