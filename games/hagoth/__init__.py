"""Hagoth: Builder of Ships — design, build and sail ships to 25 victory points.

The rules live in :mod:`.rules`, the printed data in :mod:`.data`, the notation in
:mod:`.actions`; :data:`RULESET` ties them to the :class:`~games.protocol.Ruleset`
protocol. Open rules questions and our answers: ``RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..options import Option
from ..protocol import ModularRuleset, Result
from . import actions, bot, hidden, labels, rules
from . import state as state_module
from .actions import Action
from .data import COLOURS, TARGET_VP
from .state import Design, HagothState, Ship
from .view import DesignView, HagothView, PlayerView, ShipView

__all__ = ["RULESET", "HagothRuleset", "HagothState", "HagothView"]


def _berth_view(held: Design | Ship | None) -> DesignView | ShipView | None:
    if held is None:
        return None
    if isinstance(held, Ship):
        return ShipView(held.lane, held.position)
    return DesignView(held.blueprint, tuple(held.segments), held.wood, held.complete)


class HagothRuleset(ModularRuleset[HagothState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden

    id = "hagoth"
    name_key = "hagoth.name"
    min_players = 2
    max_players = 4
    options = (
        Option("speed", "bool", False, "hagoth.option.speed"),
        Option("target", "int", TARGET_VP, "hagoth.option.target", minimum=5, maximum=TARGET_VP),
    )
    schema_version = 1

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> HagothState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"Hagoth takes 2–4 players, not {num_players}")
        return rules.setup(
            num_players, seed,
            speed=bool(options.get("speed", False)),
            target=int(options.get("target", TARGET_VP)),
        )

    def view(self, state: HagothState, seat: int | None) -> HagothView:
        players = tuple(
            PlayerView(
                seat=i, colour=COLOURS[i], vp=p.vp, wood=p.wood, hand_count=len(p.hand),
                skips=p.skips, berths=tuple(_berth_view(b) for b in p.berths),
                launches=p.launches, arrivals=p.arrivals,
            )
            for i, p in enumerate(state.players)
        )
        hand = None
        if seat is not None and 0 <= seat < len(state.players):
            hand = tuple(state.players[seat].hand)
        return HagothView(
            viewer=seat if hand is not None else None,
            players=players, current=state.current,
            cards_played=1 if state.phase == "second" else 0,
            turn=state.turn, stock=state.stock, deck_count=len(state.deck),
            discard_count=len(state.discard), target=state.target, speed=state.speed,
            winner=state.winner, hand=hand,
        )

    def result(self, state: HagothState) -> Result | None:
        if state.winner is None:
            return None
        return Result(
            scores=tuple(p.vp for p in state.players),
            winners=(state.winner,),
            reason_key="hagoth.result.target",
            reason_params={"vp": state.target},
        )

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "turn", "designs", "building", "sailing", "attacks", "speed",
                "notation")


RULESET = HagothRuleset()
