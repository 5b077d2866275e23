"""Lovci pokladů's views in words: the ships and their crews, every sailor, the cards
turned face up, the treasure lying on the board (the game has no private hand)."""

from __future__ import annotations

from collections.abc import Sequence

from games.lovci_pokladu.view import LovciSummary, LovciView, SailorView, ShipView
from i18n import t

from .common import joined, name_of

_P = "describe.lovci."
_SIDES = ("south", "east", "north", "west")


def _square(view: LovciView, square: int) -> str:
    return view.cards[square].name


def _ship(view: LovciView, ship: ShipView, names: Sequence[str], locale: str) -> str:
    side = t(f"describe.lovci.side.{_SIDES[ship.side]}", locale)
    where = (t("describe.lovci.at_tip", locale, side=side)
             if ship.beside is None else
             t("describe.lovci.beside", locale, square=_square(view, ship.beside),
               side=side))
    return t("describe.lovci.ship", locale, colour=t(f"lovci-pokladu.colour.{ship.colour}", locale),
             name=name_of(names, ship.owner), where=where, crew=ship.crew,
             treasure=joined((str(v) for v in ship.treasure), locale), total=ship.total)


def _sailor(view: LovciView, s: SailorView, locale: str) -> str:
    if s.state in ("board", "octopus") and s.square is not None:
        place = t(_P + ("held" if s.state == "octopus" else "on"), locale,
                  square=_square(view, s.square))
    else:
        place = t(f"describe.lovci.sailor_state.{s.state}", locale)
    extras = []
    if s.carrying is not None:
        extras.append(t("describe.lovci.carrying", locale, value=s.carrying))
    if s.delayed:
        extras.append(t("describe.lovci.delayed", locale, count=s.delayed))
    if s.prisoner:
        extras.append(t("describe.lovci.prisoner", locale))
    if s.spell:
        extras.append(t(f"lovci-pokladu.card.{s.spell}", locale))
    return f"{s.label} {place}" + (f" ({', '.join(extras)})" if extras else "")


def task_lines(view: LovciView, names: Sequence[str], locale: str) -> list[str]:
    """Who must act and what they must do now (first in every description)."""
    lines = []
    if not view.winners and view.phase != "over":
        key = "phase_start" if view.phase == "start" else "phase_play"
        lines.append(t(_P + key, locale, name=name_of(names, view.current)))
        if view.pending is not None:
            lines.append(t(f"describe.lovci.pending.{view.pending.kind}", locale, squares=", ".join(
                _square(view, sq) if view.pending.kind != "side" else str(sq)
                for sq in view.pending.squares)))
    return lines


def board_lines(view: LovciView, names: Sequence[str], locale: str) -> list[str]:
    """What the board shows, most needed first."""
    lines = []
    if view.last_squares:
        lines.append(t("describe.lovci.last", locale, squares=", ".join(
            _square(view, sq) for sq in view.last_squares)))
    lines += [_ship(view, ship, names, locale) for ship in view.ships]
    for p in view.players:
        sailors = [_sailor(view, s, locale) for s in view.sailors if s.owner == p.seat]
        extras = []
        if p.out:
            extras.append(t("describe.lovci.out", locale))
        if p.skips:
            extras.append(t("describe.lovci.skips", locale, count=p.skips))
        lines.append(t("describe.lovci.sailors", locale, name=name_of(names, p.seat),
                       sailors=joined(sailors, locale))
                     + (f" ({', '.join(extras)})" if extras else ""))
    tokens = [f"{_square(view, sq)}: {', '.join(str(v) for v in values)}"
              for sq, values in view.tokens if values]
    lines.append(t("describe.lovci.tokens", locale,
                   tokens="; ".join(tokens) or t("describe.none", locale)))
    spells = [f"{t(f'lovci-pokladu.card.{spell}', locale)} "
              f"{t(f'describe.lovci.spell.{status}', locale)}"
              for spell, status in view.spells]
    if spells:
        lines.append(t("describe.lovci.spells", locale, spells=", ".join(spells)))
    up = [f"{card.name} {t(f'lovci-pokladu.card.{card.code}', locale)}"
          for card in view.cards if card.face_up and card.code]
    hidden = sum(not card.face_up for card in view.cards)
    lines.append(t("describe.lovci.cards", locale, count=hidden, cards=joined(up, locale)))
    return lines


def hand_lines(view: LovciView, names: Sequence[str], locale: str) -> list[str]:
    return []  # no private hand: everything is on the board


def summary_lines(summary: LovciSummary, names: Sequence[str], locale: str) -> list[str]:
    """Each player's treasure and finds over the game."""
    lines = [t("describe.lovci.summary_player", locale, name=name_of(names, p.seat), total=p.total,
               turned=p.turned, found=sum(p.found), delivered=sum(p.delivered),
               sharks=p.sharks, taken=p.taken) for p in summary.players]
    lines.append(t("describe.lovci.summary_left", locale, value=summary.left_on_board,
                   lost=sum(summary.lost_tokens)))
    return lines
