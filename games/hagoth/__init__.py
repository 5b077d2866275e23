"""Hagoth: Builder of Ships — design, build and sail ships to 25 victory points.

The rules live in :mod:`.rules`, the printed data in :mod:`.data`, the notation in
:mod:`.actions`; :data:`RULESET` ties them to the :class:`~games.protocol.Ruleset`
protocol. Open rules questions and our answers: ``RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from i18n import DEFAULT_LOCALE, t

from ..options import Option, is_quick, length_option
from ..protocol import ModularRuleset, Result
from . import actions, bot, hidden, labels, rules, undo
from . import state as state_module
from .actions import Action, Swap
from .data import COLOURS, TARGET_VP
from .state import Design, HagothState, Ship
from .view import DesignView, HagothView, PlayerSummary, PlayerView, ShipView, SummaryView

__all__ = ["RULESET", "HagothRuleset", "HagothState", "HagothView", "SummaryView"]


def summary(state: HagothState) -> SummaryView:
    """The statistics of ``state``'s game (kept during play; nothing in them was secret)."""
    players = tuple(
        PlayerSummary(
            seat=i, colour=COLOURS[i], vp=p.vp, launch_vp=p.launch_vp,
            arrival_vp=p.arrival_vp, turns=p.stats.turns, wood=p.stats.wood,
            launched=tuple(p.stats.launched), arrived=tuple(p.stats.arrived),
            attacks_played=tuple(p.stats.attacks_played),
            attacks_suffered=tuple(p.stats.attacks_suffered),
            longest_wait=p.stats.longest_wait,
            longest_wait_blueprint=(None if p.stats.longest_wait_blueprint < 0
                                    else p.stats.longest_wait_blueprint),
        )
        for i, p in enumerate(state.players)
    )
    rounds = [tuple(0 for _ in state.players), *(tuple(r) for r in state.vp_rounds)]
    final = tuple(p.vp for p in state.players)
    if rounds[-1] != final:
        rounds.append(final)  # the round the game ended in
    return SummaryView(turn=state.turn, target=state.target, winner=state.winner,
                       vp_rounds=tuple(rounds), die_counts=tuple(state.die_counts),
                       players=players)


def _berth_view(held: Design | Ship | None) -> DesignView | ShipView | None:
    if held is None:
        return None
    if isinstance(held, Ship):
        return ShipView(held.lane, held.position)
    return DesignView(held.blueprint, tuple(held.segments), held.wood, held.complete)



#: The quick game's target (house rule, RULES-NOTES HG-D41): 6 VP instead of 25. A new
#: quick lobby stores it as its ``target`` (:meth:`HagothRuleset.preset_options`).
QUICK_TARGET = 6
#: The quick game's target before it was lowered to 6: a quick lobby stored then kept
#: the default target, and plays (and replays) to this (HG-D41).
QUICK_TARGET_BEFORE = 8


def target_of(options: Mapping[str, Any]) -> int:
    """The VP to win: the lobby's ``target``; in a quick game at most
    :data:`QUICK_TARGET_BEFORE`, which only a quick lobby stored before the quick game
    was lowered to :data:`QUICK_TARGET` still reaches (HG-D41)."""
    target = int(options.get("target", TARGET_VP))
    return min(target, QUICK_TARGET_BEFORE) if is_quick(options) else target


def speed_of(options: Mapping[str, Any]) -> bool:
    """The rulebook's Speed variant: the lobby's ``speed``, always on in a quick game
    (the rulebook: "This will speed up the game"; HG-D41)."""
    return bool(options.get("speed", False)) or is_quick(options)

class HagothRuleset(ModularRuleset[HagothState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden
    undo_module = undo

    id = "hagoth"
    name_key = "hagoth.name"
    min_players = 2
    max_players = 4
    options = (
        Option("speed", "bool", False, "hagoth.option.speed"),
        Option("target", "int", TARGET_VP, "hagoth.option.target", minimum=5, maximum=TARGET_VP),
        length_option("hagoth.option.length"),
    )
    schema_version = 2

    def preset_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """A quick lobby plays to :data:`QUICK_TARGET`, or a lower target typed (HG-D41):
        stored as its ``target``, so that quick lobbies stored before keep theirs."""
        if not is_quick(given):
            return dict(given)
        if "target" in given:  # a target that is no number or out of range is refused
            (target,) = (option for option in self.options if option.name == "target")
            if target.coerce(given["target"]) <= QUICK_TARGET:
                return dict(given)
        return {**given, "target": QUICK_TARGET}

    def played_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A quick game plays to 6 VP (or a lower target) with Speed on (HG-D41)."""
        if is_quick(options):
            return {**options, "target": target_of(options), "speed": speed_of(options)}
        return dict(options)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> HagothState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"Hagoth takes 2–4 players, not {num_players}")
        return rules.setup(
            num_players, seed,
            speed=speed_of(options),
            target=target_of(options),
        )

    def check_state(self, state: HagothState, num_seats: int) -> None:
        """Every card, design and wood token accounted for first (the move tables look
        designs up by their segments), then the protocol's checks (issue 24 item 9)."""
        state_module.check_values(state)
        super().check_state(state, num_seats)

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
            winner=state.winner, hand=hand, first=state.first, round=state.round,
        )

    def describe_public(self, state: HagothState, seat: int, action: Action,
                        names: Sequence[str] = (), locale: str = DEFAULT_LOCALE) -> str:
        """A Speed-variant swap says how many cards, as its account does ("discarded 2
        cards and drew again"), never which: the hand is secret."""
        if isinstance(action, Swap) and action.cards:
            return t("hagoth.label.swap_count", locale, count=len(action.cards))
        return self.describe_action(state, seat, action, names, locale)

    def result(self, state: HagothState) -> Result | None:
        if state.winner is None:
            return None
        return Result(
            scores=tuple(p.vp for p in state.players),
            winners=(state.winner,),
            reason_key="hagoth.result.target",
            reason_params={"vp": state.target},
        )

    def summary_view(self, state: HagothState) -> SummaryView | None:
        """The statistics image's data, once the game is over."""
        if state.winner is None:
            return None
        return summary(state)
    has_hand = True

    def hand_text(self, state: HagothState, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """The seat's cards by name, in hand order."""
        names = [t(f"hagoth.card.{code}", locale) for code in state.players[seat].hand]
        return ", ".join(names) or t("platform.hand.empty", locale)

    def scores(self, state: HagothState) -> tuple[int, ...]:
        """Victory points."""
        return tuple(p.vp for p in state.players)

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "turn", "designs", "building", "sailing", "attacks", "speed",
                "notation", "quick")

    def rules_text(self, topic: str, options: Mapping[str, Any] | None = None,
                   locale: str = DEFAULT_LOCALE) -> str:
        """The overview states the target the game plays to: a quick game's (HG-D41)."""
        if options is not None and is_quick(options):
            options = {**options, "target": target_of(options)}
        return super().rules_text(topic, options, locale)


RULESET = HagothRuleset()
