"""Whether a loaded Shipyard state is whole (issue 24 item 9: damaged rows that loaded
and crashed later).

:func:`check` refuses, with :class:`~games.protocol.StateFormatError`, a state whose
fields do not fit together: every index into the component data (:mod:`.data`) in
range, every list of the right length, every phase's bookkeeping (``state.step``)
complete. :func:`dry_run` then plays every legal move on a copy, so whatever the first
check missed is refused on load rather than met later in the middle of a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import StateFormatError
from ..protocol import Ruleset
from .actions import Action
from .data import (
    ACTIONS,
    BLUE,
    CANALS,
    CIRCLE,
    COMMODITIES,
    DISPLAY_CANALS,
    DISPLAY_ROWS,
    DISPLAY_TRAINS,
    EMPLOYEES,
    EMPLOYEES_PER_STOP,
    EXCHANGE_PRICES,
    GREEN,
    ITEMS,
    OVAL_STOPS,
    RING,
    TRACK_SPACES,
    TRAINS,
    YARD_SLOTS,
    is_ship_card,
)
from .state import (
    PHASE_ACT,
    PHASE_CHOOSE,
    PHASE_CRUISE,
    PHASE_DISCARD,
    PHASE_FINAL,
    PHASE_LAST_SHIP,
    PHASE_OVER,
    ShipyardState,
)

PHASES = (PHASE_CHOOSE, PHASE_ACT, PHASE_CRUISE, PHASE_DISCARD, PHASE_FINAL,
          PHASE_LAST_SHIP, PHASE_OVER)
#: The sub-decisions of an action (``state.step["sub"]["kind"]``).
SUB_KINDS = ("start", "place", "build", "attach", "figure", "trade", "hire")


def _bad(what: str) -> StateFormatError:
    return StateFormatError(f"damaged Shipyard state: {what}")


def _int(value: Any, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"{what} is {value!r}")
    return value


def _ints(values: Any, low: int, high: int, what: str) -> list[int]:
    if not isinstance(values, list):
        raise _bad(f"{what} is not a list")
    return [_int(v, low, high, what) for v in values]


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise _bad(f"{what} is {value!r:.60}")
    return value


def _dict(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(f"{what} is {value!r:.60}")
    return value


def _one_of(value: Any, options: Sequence[Any], what: str) -> Any:
    if isinstance(value, (list, dict)) or value not in options:
        raise _bad(f"{what} is {value!r:.60}")
    return value


def _ship_cards(values: Any, what: str, none: bool = False) -> None:
    for card in _list(values, what):
        if not (none and card is None) and not is_ship_card(card):
            raise _bad(f"{what} holds {card!r:.40}")


def _node(value: Any, what: str) -> None:
    if value is None:
        return
    spot = _list(value, what, 3)
    _int(spot[0], -99, 99, what)
    _int(spot[1], -99, 99, what)
    _int(spot[2], 0, 2, what)


def _items(value: Any, what: str, low: int = 0) -> None:
    items = _dict(value, what)
    if set(items) != set(ITEMS):
        raise _bad(f"{what} names {sorted(items)!r:.60}")
    for v in items.values():
        _int(v, low, 10**6, what)


def _check_player(p: Any, seat: int) -> None:
    """One player's holdings (a player may hold canals without a figure only while
    putting the figure on the first canal: :func:`_check_step` sees to that)."""
    at = f"player {seat}"
    _int(p.money, 0, 10**6, at + " money")
    _int(p.score, -10**6, 10**6, at + " score")
    _int(p.ship_points, -10**6, 10**6, at + " ship points")
    _int(p.turns, 0, 10**6, at + " turns")
    green = _ints(p.green, 0, len(GREEN) - 1, at + " green contracts")
    blue = _ints(p.blue, 0, len(BLUE) - 1, at + " blue contracts")
    if len(set(green)) != len(green) or len(set(blue)) != len(blue):
        raise _bad(at + " holds a contract twice")
    for entry in _list(p.given_up, at + " contracts given up"):
        pair = _list(entry, at + " contract given up", 2)
        colour = _one_of(pair[0], ("green", "blue"), at + " contract given up")
        _int(pair[1], 0, len(GREEN if colour == "green" else BLUE) - 1, at + " contract")
    _ship_cards(p.yard, at + " yard", none=True)
    _ints(p.trains, 0, len(TRAINS) - 1, at + " trains")
    _ints(p.used_canals, 0, len(CANALS) - 1, at + " used canals")
    cells = set()
    for entry in p.canals:
        cells.add((entry[0], entry[1]))
    if len(cells) != len(p.canals):
        raise _bad(at + " has two canals on one square")
    _node(p.figure, at + " figure")
    _node(p.came_from, at + " came from")
    if p.figure is not None and (p.figure[0], p.figure[1]) not in cells:
        raise _bad(at + " figure is off the canals")
    for ship in _list(p.fleet, at + " fleet"):
        ship = _dict(ship, at + " ship")
        _ship_cards(ship.get("cards"), at + " ship cards")
        _items(ship.get("items"), at + " ship items")
        _int(ship.get("speed"), 0, 10**6, at + " ship speed")
        _int(ship.get("points"), 0, 10**6, at + " ship points")


def _check_board(b: dict[str, Any], seats: int) -> None:
    track = _list(b.get("track"), "track", TRACK_SPACES)
    cards = [_one_of(c, (*ACTIONS, None), "track card") for c in track]
    placed = [c for c in cards if c is not None]
    if len(set(placed)) != len(placed):
        raise _bad("an action card lies twice on the track")
    _one_of(b.get("lead"), placed, "lead card")
    for card, on in _dict(b.get("figures"), "figures").items():
        _one_of(card, placed, "figure's card")
        _ints(on, 0, seats - 1, "figures")
    for name in ("bows", "middles1", "middles2", "sterns", "removed_ships"):
        _ship_cards(b.get(name), name)
    for name, size in (("bow_display", DISPLAY_ROWS), ("middle_display", 2 * DISPLAY_ROWS),
                       ("stern_display", DISPLAY_ROWS)):
        _ship_cards(_list(b.get(name), name, size), name, none=True)
    for name, high, size in (("train_display", len(TRAINS), DISPLAY_TRAINS),
                             ("canal_display", len(CANALS), DISPLAY_CANALS)):
        for card in _list(b.get(name), name, size):
            if card is not None:
                _int(card, 0, high - 1, name)
    for name, high in (("trains", len(TRAINS)), ("train_discard", len(TRAINS)),
                       ("canals", len(CANALS)), ("canal_discard", len(CANALS))):
        _ints(b.get(name), 0, high - 1, name)
    _int(b.get("ring"), 0, len(RING) - 1, "equipment ring")
    _int(b.get("circle"), 0, len(CIRCLE) - 1, "crew circle")
    _int(b.get("oval"), 0, OVAL_STOPS - 1, "employee oval")
    _int(b.get("exchange"), 0, len(EXCHANGE_PRICES) - 1, "exchange marker")
    for stop in _list(b.get("employees"), "employee oval", OVAL_STOPS):
        if len(_list(stop, "employee stop")) > EMPLOYEES_PER_STOP:
            raise _bad("an employee stop holds too many")
        for stack in stop:
            if not _list(stack, "employee stack"):
                raise _bad("an empty employee stack")
            for kind in stack:
                _one_of(kind, tuple(EMPLOYEES), "employee")
    _items(b.get("bank"), "bank", low=-10**6)


def _check_step(state: ShipyardState, seats: int) -> None:
    step = state.step
    phase = state.phase
    for key in ("card", "moved", "bonus_card"):
        if key in step:
            _one_of(step[key], ACTIONS, f"step {key}")
    if phase == PHASE_ACT and "card" not in step:
        raise _bad("an action step without its card")
    sub = step.get("sub")
    if sub is not None:
        sub = _dict(sub, "sub-decision")
        kind = _one_of(sub.get("kind"), SUB_KINDS, "sub-decision")
        if kind == "start":
            _one_of(sub.get("card"), ACTIONS, "bonus card")
        if kind in ("place", "build"):
            _int(sub.get("bought"), 0, 10, "cards bought")
        if kind == "place":
            _ship_cards([sub.get("card")], "card to place")
            _one_of(sub.get("back"), ("build",), "placement")
        if kind == "attach":
            _int(sub.get("canal"), 0, len(CANALS) - 1, "canal to attach")
        if kind == "trade":
            for good in _list(sub.get("goods"), "goods"):
                _one_of(good, COMMODITIES, "commodity")
            if not sub["goods"]:
                raise _bad("a trade without goods")
            for item in _list(sub.get("taken"), "swapped items"):
                _one_of(item, ITEMS, "swapped item")
    for seat, p in enumerate(state.players):
        placing = seat == state.current and isinstance(sub, dict) and sub.get(
            "kind") == "figure"
        if p.canals and p.figure is None and not placing:
            raise _bad(f"player {seat} has canals but no ship figure")
        if placing and len(p.canals) != 1:
            raise _bad("the figure goes on the first canal only")
    cruise = step.get("cruise")
    if phase == PHASE_CRUISE and cruise is None:
        raise _bad("a cruise without its record")
    if cruise is not None:
        cr = _dict(cruise, "cruise")
        p = state.players[state.current]
        if "ship" in cr:
            ship = _list(cr["ship"], "cruise ship", 2)
            bow = _int(ship[0], 0, YARD_SLOTS - 1, "cruise ship")
            stern = _int(ship[1], bow + 2, YARD_SLOTS - 1, "cruise ship")
            _items(cr.get("items"), "cruise items")
            if "left" not in cr and any(c is None for c in p.yard[bow:stern + 1]):
                raise _bad("the ship being fitted is not in the yard")
        if "left" in cr:
            if p.figure is None:
                raise _bad("a cruise without a ship figure")
            _int(cr["left"], 1, 10**3, "spaces left")
            for key in ("speed", "points", "moved", "riband"):
                _int(cr.get(key), 0, 10**6, f"cruise {key}")
            _ship_cards(cr.get("cards"), "cruise cards")
    if phase == PHASE_DISCARD:
        for key, left in _dict(state.discards, "discards").items():
            _one_of(key, [str(s) for s in range(seats)], "discarding seat")
            pair = _list(left, "discards", 2)
            p = state.players[int(key)]
            _int(pair[0], 0, len(p.green), "green discards")
            _int(pair[1], 0, len(p.blue), "blue discards")


def check(state: ShipyardState, seats: int) -> None:
    """Refuse a state whose parts do not fit together (see the module's docstring)."""
    try:
        _one_of(state.phase, PHASES, "phase")
        _int(state.turn, 0, 10**6, "turn")
        _int(state.countdown, 0, 4, "countdown")
        _one_of(state.ending, (None, "ships", "countdown"), "ending")
        _int(state.current, 0, seats - 1, "current seat")
        _int(state.start_player, 0, seats - 1, "starting player")
        _ints(state.queue, 0, seats - 1, "queue")
        if state.final_scores is not None:
            _ints(state.final_scores, -10**6, 10**6, "final scores")
        box = _dict(state.box, "box")
        _ints(box.get("green", []), 0, len(GREEN) - 1, "box")
        _ints(box.get("blue", []), 0, len(BLUE) - 1, "box")
        _dict(state.step, "step")
        for seat, p in enumerate(state.players):
            _check_player(p, seat)
        _check_board(_dict(state.board, "board"), seats)
        _check_step(state, seats)
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise _bad(repr(exc)) from exc


def dry_run(state: ShipyardState, ruleset: Ruleset[ShipyardState, Action]) -> None:
    """Every legal move of every seat that acts now, described and played on a copy,
    the bot's choice and the seat's contracts in words: a damaged state fails here, on
    load, rather than in the middle of a player's turn."""
    for seat in sorted(ruleset.actors(state)):
        for action in ruleset.legal_actions(state, seat):
            ruleset.describe_action(state, seat, action)
            ruleset.apply_trusted(ruleset.load(ruleset.dump(state)), seat, action)
        ruleset.bot_action(state, seat)
    for seat in range(len(state.players)):
        ruleset.hand_text(state, seat)
    ruleset.summary_view(state)
