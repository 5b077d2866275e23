"""The mutable state of a Shipyard game and its JSON form.

Everything is kept in JSON-native values (ints, strings, lists, dicts) so that
:func:`dump_state` and :func:`load_state` are a plain copy plus validation. Decks are
lists whose top card is the last element; an empty display place is ``None``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import StateFormatError
from ..rng import GameRng
from .data import (
    ACTIONS,
    CANALS,
    CREW,
    EMPLOYEES,
    EQUIPMENT,
    START_GUILDERS,
    TRAINS,
    YARD_SLOTS,
    is_ship_card,
)

#: 2: the guilder ledger (``Player.ledger``, ``board["bank_guilders"]``).
SCHEMA_VERSION = 2

PHASE_CHOOSE = "choose"  # step 2: choose an action card
PHASE_ACT = "act"  # step 4: the chosen action and the bonus action
PHASE_CRUISE = "cruise"  # step 5: fitting and shakedown cruises
PHASE_DISCARD = "discard"  # after a lap: give up contracts
PHASE_FINAL = "final"  # the final action
PHASE_LAST_SHIP = "last_ship"  # the last chance to complete a ship
PHASE_OVER = "over"


@dataclass(slots=True)
class Player:
    money: int
    trains: list[int]
    green: list[int] = field(default_factory=list)  #: contract indices into GREEN
    blue: list[int] = field(default_factory=list)
    given_up: list[list[str | int]] = field(default_factory=list)  #: [colour, index]
    score: int = 0
    #: VP by source, to account for the score: ships, contracts, traders.
    ship_points: int = 0
    yard: list[int | None] = field(default_factory=lambda: [None] * YARD_SLOTS)
    stock: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EQUIPMENT + CREW, 0))
    employees: list[str] = field(default_factory=list)
    #: Canal system: [x, y, canal id, rotation] per card.
    canals: list[list[int]] = field(default_factory=list)
    #: The ship figure: [x, y, space 0–2], and the space it came from (or None).
    figure: list[int] | None = None
    came_from: list[int] | None = None
    used_canals: list[int] = field(default_factory=list)
    #: Launched ships: {"cards", "items", "speed", "points"}.
    fleet: list[dict[str, Any]] = field(default_factory=list)
    turns: int = 0
    #: Every guilder in and out since the start, by reason (``rules.EARNED`` / ``PAID``):
    #: money is always the starting 6 plus the ledger's sum.
    ledger: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class ShipyardState:
    players: list[Player]
    rng: GameRng
    current: int
    start_player: int
    #: The board: track, decks, display, rondels (one mapping, see ``rules.setup``).
    board: dict[str, Any]
    phase: str = PHASE_CHOOSE
    turn: int = 0
    countdown: int = 0
    #: The last lap ran out, or a ship deck was emptied: play on to equal turns.
    ending: str | None = None
    #: What the current turn has done so far (chosen card, bonus, sub-decision).
    step: dict[str, Any] = field(default_factory=dict)
    #: Seats that still have to give up contracts, and how many of each colour.
    discards: dict[str, list[int]] = field(default_factory=dict)
    #: Seats still to take the final action / last ship, in order.
    queue: list[int] = field(default_factory=list)
    #: Contract indices returned to the box at setup (hidden from everyone).
    box: dict[str, list[int]] = field(default_factory=dict)
    final_scores: list[int] | None = None


_SCALARS = (int, str, float, bool, type(None))


def _copied(value: Any) -> Any:
    """A deep copy of ``value``, the plain data a state holds: as :func:`copy.deepcopy`
    makes it, several times faster for its lists, dicts, tuples and scalars (the service
    dumps the state at every move: issue 10, turn latency); anything else is left to
    :func:`copy.deepcopy`."""
    kind = type(value)
    if kind is list:
        return [_copied(v) for v in value]
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(_copied(v) for v in value)
    if kind in _SCALARS:
        return value
    return copy.deepcopy(value)


_PLAYER_FIELDS = tuple(f.name for f in fields(Player))
_STATE_FIELDS = tuple(f.name for f in fields(ShipyardState) if f.name not in ("players", "rng"))


def copy_player(p: Player) -> Player:
    """A copy of ``p`` sharing nothing with it, as :func:`copy.deepcopy` makes it, several
    times faster (each player of :func:`copy_state`)."""
    return Player(**{name: _copied(getattr(p, name)) for name in _PLAYER_FIELDS})


def copy_state(state: ShipyardState) -> ShipyardState:
    """A copy of ``state`` sharing nothing with it, as :func:`copy.deepcopy` makes it,
    several times faster (the bot plays cruise routes out on copies)."""
    return ShipyardState(
        players=[copy_player(p) for p in state.players],
        rng=GameRng(state.rng.seed, state.rng.counter),
        **{name: _copied(getattr(state, name)) for name in _STATE_FIELDS})


def dump_state(state: ShipyardState) -> dict[str, Any]:
    out: dict[str, Any] = {"schema": SCHEMA_VERSION}
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name == "rng":
            out["rng"] = value.to_json()
        elif f.name == "players":
            out["players"] = [
                {pf.name: _copied(getattr(p, pf.name)) for pf in fields(p)} for p in value]
        else:
            out[f.name] = _copied(value)
    return out


def _int(value: Any, low: int = 0, high: int = 10**9) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"bad number {value!r}")
    return value


def _check_player(p: Player) -> None:
    _int(p.money)
    _int(p.score)
    if len(p.yard) != YARD_SLOTS or any(c is not None and not is_ship_card(c) for c in p.yard):
        raise StateFormatError("bad shipyard")
    if set(p.stock) != set(EQUIPMENT + CREW):
        raise StateFormatError("bad stock")
    for v in p.stock.values():
        _int(v)
    if not isinstance(p.ledger, dict) or not all(
            isinstance(k, str) for k in p.ledger) or START_GUILDERS + sum(
            _int(v, -10**9) for v in p.ledger.values()) != p.money:
        raise StateFormatError("bad guilder ledger")
    for t in p.trains:
        _int(t, 0, len(TRAINS) - 1)
    for e in p.employees:
        if e not in EMPLOYEES:
            raise StateFormatError(f"unknown employee {e!r}")
    for entry in p.canals:
        if len(entry) != 4:
            raise StateFormatError("bad canal")
        _int(entry[0], -99, 99)
        _int(entry[1], -99, 99)
        _int(entry[2], 0, len(CANALS) - 1)
        _int(entry[3], 0, 3)
    for spot in (p.figure, p.came_from):
        if spot is not None and (len(spot) != 3 or not 0 <= _int(spot[2], 0, 2) <= 2):
            raise StateFormatError("bad figure")


def load_state(data: Mapping[str, Any]) -> ShipyardState:
    schema = data.get("schema")
    if schema != SCHEMA_VERSION:
        raise StateFormatError(f"unknown Shipyard state schema {schema!r}")
    try:
        players = [Player(**_copied(dict(p))) for p in data["players"]]
        for p in players:
            _check_player(p)
        kwargs = {f.name: _copied(data[f.name]) for f in fields(ShipyardState)
                  if f.name not in ("players", "rng")}
        state = ShipyardState(players=players, rng=GameRng.from_json(data["rng"]), **kwargs)
        board = state.board
        if not isinstance(board, dict) or len(board["track"]) != 23:
            raise StateFormatError("bad board")
        _int(board["bank_guilders"], -10**9)
        for card in board["track"]:
            if card is not None and card not in ACTIONS:
                raise StateFormatError(f"unknown action card {card!r}")
        for seats in board["figures"].values():
            for seat in seats:
                _int(seat, 0, len(players) - 1)
        for name in ("bows", "middles1", "middles2", "sterns", "bow_display", "middle_display",
                     "stern_display"):
            if any(c is not None and not is_ship_card(c) for c in board[name]):
                raise StateFormatError("bad ship card")
        _int(state.current, 0, len(players) - 1)
        _int(state.start_player, 0, len(players) - 1)
        if not isinstance(state.step, dict) or not isinstance(state.phase, str):
            raise StateFormatError("bad step")
        return state
    except StateFormatError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise StateFormatError(f"corrupt Shipyard state: {exc!r}") from exc
