"""The ``typical`` plans of the hand-off bench (issue 26 item 1): the standing orders a
person would leave, set by the bench for the bot that stands in for them.

A *planner* is called right after a seat made a decision (the bot's move, applied) and
may return the plan that person would set at that moment, in the same sitting: never a
plan that chooses among different moves for them, only one that carries on with what
they just began. Each game's choice is written in :mod:`bench.handoffs`' docstring.
Games with no planner here have no ``typical`` plans yet (``typical`` = ``none``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.errors import IllegalAction
from games.hexfolk.actions import End as HexfolkEnd
from games.hexfolk.actions import Roll as HexfolkRoll
from games.hexfolk.plans import PASS_SPECIAL, ROLL_FIRST, UNLESS_KNIGHT
from games.hexfolk.state import HexfolkState
from games.lovci_pokladu import bot as lovci_bot
from games.lovci_pokladu.actions import Go, SailorMove, ShipMove
from games.lovci_pokladu.data import NAMES, SLOT_SQUARE
from games.lovci_pokladu.plans import CARRY_HOME, WALK_TO, sailor_name, ship_name
from games.lovci_pokladu.rules import apply_trusted, legal_actions
from games.lovci_pokladu.state import ON_BOARD, PHASE_PLAY, LovciState, trial_copy
from games.plans import Plan, PlanBook

#: ``planner(book, state, seat, action)``: the plan ``seat`` sets after playing ``action``.
Planner = Callable[[PlanBook[Any, Any], Any, int, Any], Plan | None]
#: How far ahead the bench looks for where a Lovci player is heading.
LOVCI_LOOKAHEAD = 10


def _lovci_heading(state: LovciState, seat: int, first: Any) -> tuple[str, int] | None:
    """Where ``seat`` is heading with the piece it just moved by ``first``: the last of
    the single steps its own choices (the bot's move, asked again as if the others
    passed) keep making with that piece, up to a face-down card, for as long as those
    choices move that piece (``None`` when the next one moves another: a person sets no
    walk for a piece they are leaving)."""
    trial = trial_copy(state)
    target = -1
    for _ in range(LOVCI_LOOKAHEAD):
        if trial.phase != PHASE_PLAY or trial.pending is not None:
            break
        trial.current = seat
        legal = legal_actions(trial, seat)
        if isinstance(first, ShipMove):
            mine = [a for a in legal if isinstance(a, ShipMove) and a.ship == first.ship]
        else:
            mine = [a for a in legal if isinstance(a, SailorMove)
                    and (a.num, a.colour) == (first.num, first.colour)]
        if not mine:
            break
        action = lovci_bot.choose(trial, seat)
        if action not in mine:
            break  # their next move is with another piece: no walk to set for this one
        if isinstance(first, ShipMove):
            if action != first:
                break
            apply_trusted(trial, seat, action)
            ship = seat if first.ship is None else first.ship
            target = SLOT_SQUARE[trial.ships[ship].ring]
            continue
        if not isinstance(action, SailorMove) or action.ship is not None or \
                action.token != first.token:
            break
        target = action.square
        if not trial.face_up[target]:
            break  # the player walks up to the card; turning it is their own move
        apply_trusted(trial, seat, action)
    if target < 0:
        return None
    if isinstance(first, ShipMove):
        return ship_name(seat, seat if first.ship is None else first.ship), target
    sid = (seat if first.colour is None else first.colour) * 4 + first.num
    return sailor_name(seat, sid), target


def _went(state: LovciState, seat: int, action: Go) -> SailorMove | None:
    """The sailor move a rose, dolphin or seahorse choice ``action`` amounted to: the
    sailor of ``seat``'s that now stands where it sent them (``None`` when it was sent
    further on, or off the board)."""
    for sid, sailor in enumerate(state.sailors):
        if (sailor.state == ON_BOARD and sailor.square == action.square
                and state.ships[sailor.ship].owner == seat):
            colour, num = divmod(sid, 4)
            return SailorMove(num, None if colour == seat else colour, action.square,
                              None, action.token)
    return None


def lovci(book: PlanBook[Any, Any], state: LovciState, seat: int, action: Any) -> Plan | None:
    """Lovci pokladů: a sailor that now carries a token, or stands on one, is sent home
    with it (*carry home*, when it has a way home); a sailor or ship the player just
    moved, or sent on by a rose, dolphin or seahorse choice, is sent on to where they are
    heading (*walk to*, the square their own next choices would reach)."""
    if state.phase != PHASE_PLAY:
        return None
    if isinstance(action, Go):
        action = _went(state, seat, action)
    if not isinstance(action, (SailorMove, ShipMove)):
        return None
    try:
        if isinstance(action, SailorMove):
            if action.ship is not None:
                return None
            sid = (seat if action.colour is None else action.colour) * 4 + action.num
            sailor = state.sailors[sid]
            if sailor.state != ON_BOARD:
                return None
            if sailor.carry or state.tokens.get(sailor.square):
                try:
                    return book.read(state, seat, CARRY_HOME, {"piece": sailor_name(seat, sid)})
                except IllegalAction:
                    pass  # no known way home yet: walk on to where they are heading
        heading = _lovci_heading(state, seat, action)
        if heading is None:
            return None
        piece, square = heading
        return book.read(state, seat, WALK_TO, {"piece": piece, "square": NAMES[square]})
    except IllegalAction:
        return None


def hexfolk(book: PlanBook[Any, Any], state: HexfolkState, seat: int, action: Any
            ) -> Plan | None:
    """Hexfolk: having rolled, *roll at the start of my turn, unless I hold a knight*;
    having ended a turn (or passed a sign-up), in a game with the special building phase,
    *pass its sign-up when my hand pays for nothing*. Never the offer rule or the
    discard order: those choose among moves for the player."""
    try:
        if isinstance(action, HexfolkRoll):
            return book.read(state, seat, ROLL_FIRST, {"knight": UNLESS_KNIGHT})
        if isinstance(action, HexfolkEnd) and state.special_on and len(state.players) >= 5:
            return book.read(state, seat, PASS_SPECIAL, {"unless": "anything"})
    except IllegalAction:
        return None
    return None


#: Game id -> its planner.
TYPICAL: dict[str, Planner] = {"lovci-pokladu": lovci, "hexfolk": hexfolk}

__all__ = ["LOVCI_LOOKAHEAD", "TYPICAL", "Planner", "hexfolk", "lovci"]
