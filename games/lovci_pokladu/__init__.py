"""Lovci pokladů (Treasure Hunters) — find treasure on a 9×9 board of face-down cards
and carry it, one coin at a time, to your ship.

The rules live in :mod:`.rules`, the component data and board geometry in :mod:`.data`,
the notation in :mod:`.actions`; :data:`RULESET` ties them to the
:class:`~games.protocol.Ruleset` protocol. Open rules questions: ``RULES-NOTES.md``.
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Mapping
from typing import Any

from ..options import Option, is_quick, length_option
from ..protocol import ModularRuleset, Result
from . import actions, bot, hidden, labels, rules, undo
from . import state as state_module
from .actions import Action
from .data import (
    CARD_TYPES,
    COLOUR_LETTERS,
    COLOURS,
    NAMES,
    SAILORS_PER_SHIP,
    SLOT_SIDE,
    SLOT_SQUARE,
    STINGRAY,
    TOKEN_VALUES,
    rotate,
)
from .plans import PLANS
from .rules import quick_goal
from .state import LOST, OFF, ON_SHIP, PHASE_OVER, LovciState
from .view import (
    CardView,
    LovciSummary,
    LovciView,
    PendingView,
    PlayerSummary,
    PlayerView,
    SailorView,
    ShipView,
)

__all__ = ["RULESET", "LovciRuleset", "LovciState", "LovciView"]


def _card_view(state: LovciState, sq: int) -> CardView:
    if not state.face_up[sq]:
        return _card_face(sq, -1, 0)
    return _card_face(sq, state.cards[sq], state.rotation[sq])


@functools.lru_cache(maxsize=4096)
def _card_face(sq: int, card: int, rot: int) -> CardView:
    """The view of the card ``card`` (-1: face down) lying on ``sq`` turned by ``rot``:
    a frozen value, made once and shared by every view that shows it (a view is built
    for every board drawn: issue 10, turn latency)."""
    if card < 0:
        return CardView(sq, NAMES[sq], False, None, None, None, None, None, None)
    ct = CARD_TYPES[card]
    return CardView(
        sq, NAMES[sq], True, ct.code, ct.kind, rot,
        tuple(sorted(rotate(a, rot) for a in ct.arrows)) if ct.arrows else None,
        rotate(ct.tail, rot) if ct.kind == STINGRAY else None,
        ct.level or None,
    )


class LovciRuleset(ModularRuleset[LovciState, Action]):
    rules_module = rules
    actions_module = actions
    labels_module = labels
    bot_module = bot
    state_module = state_module
    hidden_module = hidden
    undo_module = undo
    #: Standing orders (issue 26 item 3): walk to, carry home (``plans.py``).
    plans = PLANS

    id = "lovci-pokladu"
    name_key = "lovci-pokladu.name"
    min_players = 2
    max_players = 4
    options = (
        Option("turn_limit", "int", 0, "lovci-pokladu.option.turn_limit", minimum=0,
               maximum=10000),
        length_option("lovci-pokladu.option.length"),
    )
    schema_version = state_module.SCHEMA_VERSION

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> LovciState:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"Lovci pokladů takes 2–4 players, not {num_players}")
        return rules.setup(num_players, seed, turn_limit=int(options.get("turn_limit", 0)),
                           goal=quick_goal(num_players) if is_quick(options) else 0)

    def check_state(self, state: LovciState, num_seats: int) -> None:
        """The protocol's checks, then every number in range (issue 24 item 9)."""
        super().check_state(state, num_seats)
        state_module.check_values(state)

    def view(self, state: LovciState, seat: int | None) -> LovciView:
        ships = tuple(
            ShipView(
                ship=i, colour=COLOURS[i], owner=ship.owner, ring=ship.ring,
                side=SLOT_SIDE[ship.ring] if ship.ring >= 0 else -1,
                tip=ship.ring >= 0 and SLOT_SQUARE[ship.ring] < 0,
                beside=SLOT_SQUARE[ship.ring] if ship.ring >= 0 and SLOT_SQUARE[ship.ring] >= 0
                else None,
                crew=rules.crew(state, i), treasure=tuple(ship.treasure),
                total=sum(ship.treasure),
            )
            for i, ship in enumerate(state.ships)
        )
        sailors = tuple(
            SailorView(
                sailor=i, label=f"{COLOUR_LETTERS[s.colour]}{i % SAILORS_PER_SHIP + 1}",
                colour=COLOURS[s.colour], ship=s.ship, owner=rules.owner(state, i),
                state=s.state,
                square=s.square if s.state not in (ON_SHIP, OFF, LOST) else None,
                ring=s.ring if s.state == OFF else None,
                carrying=s.carry or None, delayed=s.delay, prisoner=s.ship != s.colour,
                spell=rules.spell_held(state, i),
            )
            for i, s in enumerate(state.sailors)
        )
        players = tuple(
            PlayerView(i, COLOURS[i], rules.total(state, i), p.out, p.ship_only, p.skips)
            for i, p in enumerate(state.players)
        )
        pending = None
        if state.pending is not None:
            pending = PendingView(state.pending.kind, state.pending.sailor,
                                  tuple(dict.fromkeys(o[0] for o in state.pending.options)))
        viewer = seat if seat is not None and 0 <= seat < len(state.players) else None
        return LovciView(
            viewer=viewer,
            cards=tuple(_card_view(state, sq) for sq in range(len(state.cards))),
            ships=ships, sailors=sailors,
            tokens=tuple((sq, tuple(v)) for sq, v in sorted(state.tokens.items()) if v),
            players=players, lost_tokens=tuple(state.lost_tokens), current=state.current,
            phase=state.phase, pending=pending, turn=state.turn,
            spells=tuple((k, v.status) for k, v in sorted(state.spells.items())),
            winners=rules.winners(state) if state.phase == PHASE_OVER else (),
            last_squares=tuple(state.last_squares), first=state.first,
        )

    def menu_actions(self, state: LovciState, seat: int) -> list[Action]:
        """Going ashore once per ship, not once per sailor aboard
        (:func:`rules.distinct_moves`): four sailors aboard going ashore onto the same card
        are one move, listed once and, when it is the only one, played for a human
        without asking (issue 9 items 5 and 19)."""
        return rules.distinct_moves(state, seat, self.legal_actions(state, seat))

    def clock_turn(self, state: LovciState) -> tuple[Hashable, int | None]:
        """Placing one's ship is a turn of its own (issue 15): the round of placements
        keeps ``turn`` at 1, so the phase tells the first player's placement from their
        first move."""
        return (state.turn, state.current, state.phase), state.current

    def result(self, state: LovciState) -> Result | None:
        if state.phase != PHASE_OVER:
            return None
        return Result(
            scores=tuple(rules.total(state, i) for i in range(len(state.players))),
            winners=rules.winners(state),
            reason_key=f"lovci-pokladu.result.{state.reason}",
        )

    def scores(self, state: LovciState) -> tuple[int, ...]:
        """Coins of treasure on each player's ships."""
        return tuple(rules.total(state, i) for i in range(len(state.players)))

    def summary_view(self, state: LovciState) -> LovciSummary | None:
        """The statistics of the whole game, once it is over."""
        if state.phase != PHASE_OVER:
            return None
        stats = state.stats
        won = rules.winners(state)
        players = tuple(
            PlayerSummary(
                seat=i, colour=COLOURS[i], total=rules.total(state, i), out=p.out,
                winner=i in won, found=tuple(stats.found[i]),
                delivered=tuple(stats.delivered[i]), turned=stats.turned[i],
                sharks=stats.sharks[i], taken=stats.taken[i], eaten=stats.eaten[i],
                knocks_given=stats.knocks_given[i], knocks_taken=stats.knocks_taken[i],
            )
            for i, p in enumerate(state.players)
        )
        spells = tuple(
            (kind, state.spells[kind].status,
             *(tuple(stats.spells_used[kind]) if kind in stats.spells_used else (None, None)))
            for kind in ("neptune", "mermaid")
        )
        left = sum(sum(v) for v in state.tokens.values()) + sum(s.carry for s in state.sailors)
        return LovciSummary(
            players=players, rounds=tuple(tuple(r) for r in stats.rounds),
            token_values=TOKEN_VALUES, spells=spells,
            lost_tokens=tuple(state.lost_tokens), left_on_board=left, reason=state.reason,
        )

    def rules_topics(self) -> tuple[str, ...]:
        return ("overview", "setup", "turn", "cards", "treasure", "spells", "tactics", "end",
                "notation", "quick")


RULESET = LovciRuleset()
