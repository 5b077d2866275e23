"""Shipyard (Vladimír Suchý, 2009) — build ships from bows, middles and sterns, fit them
with equipment and crew, and take them on a shakedown cruise through your canals.

The rules live in :mod:`.rules`, the component data in :mod:`.data`, the notation in
:mod:`.actions`; :data:`RULESET` ties them to the :class:`~games.protocol.Ruleset`
protocol. Open rules questions and our answers: ``RULES-NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from i18n import DEFAULT_LOCALE, t

from ..errors import StateFormatError
from ..notation import is_number
from ..options import is_quick, length_option
from ..protocol import ModularRuleset, MoveChoice, Result, Upgraded
from . import actions, bot, hidden, integrity, labels, old_logs, rules, undo
from . import state as state_module
from .actions import Action, Attach, GiveUp, Launch, SetSail, Slot, Take
from .data import BLUE, COLOURS, GREEN, ITEMS, YARD_SLOTS
from .state import PHASE_ACT, PHASE_CHOOSE, PHASE_FINAL, PHASE_OVER, ShipyardState
from .view import PlayerView, ShipyardSummary, ShipyardView

__all__ = ["RULESET", "ShipyardRuleset", "ShipyardState", "ShipyardView"]

#: Keys of the turn's progress that are public (the rest is bookkeeping).
_PUBLIC_STEP = ("card", "moved", "bonus", "bonus_card", "main_done", "final", "stage")


class ShipyardRuleset(ModularRuleset[ShipyardState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden
    undo_module = undo

    id = "shipyard"
    name_key = "shipyard.name"
    min_players = 2
    max_players = 4
    schema_version = state_module.SCHEMA_VERSION
    options = (length_option("shipyard.option.length"),)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> ShipyardState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"Shipyard takes 2–4 players, not {num_players}")
        return rules.setup(num_players, seed, quick=is_quick(options))

    def view(self, state: ShipyardState, seat: int | None) -> ShipyardView:
        b = state.board
        renting, spots = _renting(state)
        players = tuple(
            PlayerView(
                seat=i, colour=COLOURS[i], money=p.money, score=p.score,
                yard=tuple(p.yard), stock=tuple((k, p.stock[k]) for k in ITEMS),
                employees=tuple(p.employees), trains=tuple(p.trains),
                canals=tuple((c[0], c[1], c[2], c[3]) for c in p.canals),
                figure=None if p.figure is None else (p.figure[0], p.figure[1], p.figure[2]),
                came_from=None if p.came_from is None else
                (p.came_from[0], p.came_from[1], p.came_from[2]),
                used_canals=len(p.used_canals),
                fleet=tuple((len(s["cards"]), s["speed"], s["points"]) for s in p.fleet),
                contracts=len(p.green) + len(p.blue),
                renting=renting if i == state.current else None,
                attach_spots=spots if i == state.current else (),
            )
            for i, p in enumerate(state.players)
        )
        own = seat is not None and 0 <= seat < len(state.players)
        mine = state.players[seat] if seat is not None and own else None
        income: tuple[tuple[str, int], ...] = ()
        if state.phase == PHASE_CHOOSE:
            income = tuple((a.card, sum(rules.income(state, state.current, a.card)))
                           for a in rules.legal_actions(state, state.current)
                           if isinstance(a, Take))
        return ShipyardView(
            viewer=seat if own else None, players=players, current=state.current,
            start_player=state.start_player, phase=state.phase, turn=state.turn,
            countdown=state.countdown, ending=state.ending, track=tuple(b["track"]),
            lead=b["lead"],
            figures=tuple((c, tuple(s)) for c, s in sorted(b["figures"].items())),
            income=income,
            bow_display=tuple(b["bow_display"]), middle_display=tuple(b["middle_display"]),
            stern_display=tuple(b["stern_display"]),
            deck_sizes=(("bows", len(b["bows"])),
                        ("middles", len(b["middles1"]) + len(b["middles2"])),
                        ("sterns", len(b["sterns"])), ("trains", len(b["trains"])),
                        ("canals", len(b["canals"]))),
            train_display=tuple(b["train_display"]), canal_display=tuple(b["canal_display"]),
            ring=b["ring"], circle=b["circle"], oval=b["oval"], exchange=b["exchange"],
            employees=tuple(tuple((stack[-1], len(stack)) for stack in stop)
                            for stop in b["employees"]),
            step=tuple((k, repr(state.step[k])) for k in _PUBLIC_STEP if k in state.step),
            winners=rules.winners(state) if state.phase == PHASE_OVER else (),
            green=None if mine is None else tuple(mine.green),
            blue=None if mine is None else tuple(mine.blue),
        )

    def describe_public(self, state: ShipyardState, seat: int, action: Action,
                        names: Sequence[str] = (), locale: str = DEFAULT_LOCALE) -> str:
        """Giving up contracts says only how many of each colour, as its account does: "Do
        not even reveal those that you discard" (rulebook)."""
        if isinstance(action, GiveUp):
            return t("shipyard.label.give_up_public", locale,
                     green=len(action.green), blue=len(action.blue))
        return self.describe_action(state, seat, action, names, locale)

    def choices(self, state: ShipyardState, seat: int, names: Sequence[str] = (),
                locale: str = DEFAULT_LOCALE) -> list[MoveChoice]:
        """The menu: a placement or a launch carries the number of its slot, the number
        the board draws on that slot, so the number a player types is the slot they see
        (issue 24 item 10, as Hexfolk numbers its board's places)."""
        return [
            MoveChoice(self.notate_action(state, a),
                       self.describe_action(state, seat, a, names, locale),
                       self.choice_group(state, a, locale), number=slot_number(a))
            for a in self.menu_actions(state, seat)
        ]

    def upgrade_log(self, state: ShipyardState, entries: Sequence[tuple[int, str]], start: int
                    ) -> tuple[int, list[Upgraded]] | None:
        """Older logs in today's moves (:mod:`.old_logs`)."""
        return old_logs.upgrade_log(state, entries, start)

    def read_action(self, state: ShipyardState, seat: int, text: str,
                    names: Sequence[str] = ()) -> Action:
        """A number typed alone, while a card is placed or a ship launched, is the slot
        of that number on the board (never the n-th move of a list); the rules then say
        whether it can be used. Anything else is notation."""
        bare = text.strip()
        if is_number(bare) and 1 <= int(bare) <= YARD_SLOTS:
            legal = rules.legal_actions(state, seat)
            if any(isinstance(a, Slot) for a in legal):
                return Slot(int(bare) - 1)
            if any(isinstance(a, Launch) for a in legal):
                return Launch(int(bare) - 1)
        return self.parse_action(text)

    def forced_action(self, state: ShipyardState, seat: int) -> Action | None:
        """The sole move is played for the player, unless it destroys something: a "Set
        sail" that fails removes the ship from the game, so the player confirms it
        (issue 24 item 11)."""
        moves = self.menu_actions(state, seat)
        if len(moves) != 1:
            return None
        if isinstance(moves[0], SetSail) and not rules.sails_through(state, seat):
            return None
        return moves[0]

    def check_state(self, state: ShipyardState, num_seats: int) -> None:
        """The platform's checks, then every part of the state against the component
        data, then every legal move played on a copy (issue 24 item 9: damaged rows
        that loaded and crashed later are refused on load)."""
        super().check_state(state, num_seats)
        integrity.check(state, num_seats)
        try:
            integrity.dry_run(state, self)
        except StateFormatError:
            raise
        except Exception as exc:  # whatever the damage makes a move raise
            raise StateFormatError(f"damaged Shipyard state: {exc!r}") from exc

    def result(self, state: ShipyardState) -> Result | None:
        if state.phase != PHASE_OVER:
            return None
        return Result(scores=tuple(p.score for p in state.players),
                      winners=rules.winners(state), reason_key="shipyard.result.end")

    def summary_view(self, state: ShipyardState) -> ShipyardSummary | None:
        if state.phase != PHASE_OVER:
            return None
        return ShipyardSummary(
            board=self.view(state, None),
            rows=tuple((i, p.score, p.ship_points, p.score - p.ship_points, p.money,
                        len(p.fleet)) for i, p in enumerate(state.players)),
            winners=rules.winners(state))

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "turn", "income", "actions", "employees", "fitting", "cruise",
                "end", "contracts", "notation", "quick")

    #: The government contracts are each seat's secret hand.
    has_hand = True

    def hand_text(self, state: ShipyardState, seat: int, locale: str = DEFAULT_LOCALE) -> str:
        """The seat's own contracts in words (rulebook: "You may look at your Government
        Contracts at any time, but keep them secret")."""
        p = state.players[seat]
        parts = [t(f"shipyard.contract_green.{GREEN[i].code}", locale) for i in p.green]
        parts += [t(f"shipyard.contract_blue.{BLUE[i].code}", locale) for i in p.blue]
        return t("shipyard.hand", locale, green=len(p.green), blue=len(p.blue),
                 contracts="; ".join(parts) or t("platform.hand.empty", locale))


def _renting(state: ShipyardState) -> tuple[int | None, tuple[tuple[int, int], ...]]:
    """The canal the current player is attaching, and the squares it may go on."""
    sub = state.step.get("sub") or {}
    if state.phase not in (PHASE_ACT, PHASE_FINAL) or sub.get("kind") != "attach":
        return None, ()
    spots = sorted({(a.x, a.y) for a in rules.legal_actions(state, state.current)
                    if isinstance(a, Attach)})
    return sub["canal"], tuple(spots)


def slot_number(action: Action) -> int | None:
    """The board's number of the slot a placement or launch names (1–9), else ``None``."""
    if isinstance(action, Slot):
        return action.slot + 1
    if isinstance(action, Launch):
        return action.slot + 1
    return None


RULESET = ShipyardRuleset()
