"""The mutable state of a Hagoth game and its JSON form (schema 2; schema 1 loads with
empty statistics).

A player owns two *berths*; each holds nothing, a :class:`Design` (segment cards
on the table, possibly with wood on them) or a :class:`Ship` (a launched ship
token sailing its lane). That is how "at most two designs or ships at a time"
is kept by construction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import StateFormatError
from ..rng import GameRng
from .data import (
    ATTACK_CARDS,
    BERTHS,
    BLUEPRINT_NEEDS,
    BLUEPRINTS,
    CARD_ORDER,
    DECK_COUNTS,
    DIE_SIDES,
    HAND_SIZE,
    SEGMENTS,
    WOOD_TOKENS,
)

SCHEMA_VERSION = 2
#: Schemas :func:`load_state` reads: 1 had no statistics (they load as zeros).
READABLE_SCHEMAS = (1, 2)

#: Phases of the current player's turn.
PHASE_START = "start"  # nothing played yet: play/discard a card, or take an action
PHASE_SECOND = "second"  # one card played or discarded: play or discard another
PHASE_SWAP = "swap"  # Speed variant, after an action: discard up to two and redraw
PHASE_OVER = "over"  # somebody reached the target


@dataclass(slots=True)
class Design:
    """Segment cards laid towards one blueprint; ``wood`` of them are built."""

    blueprint: int
    segments: list[str]  # kept sorted in card order
    wood: int = 0
    #: the owner's own-turn count when the design was laid (for "longest wait")
    started: int = 0

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(SEGMENTS, 0)
        for seg in self.segments:
            out[seg] += 1
        return out

    @property
    def complete(self) -> bool:
        """Holds exactly its blueprint's segments (it can never hold more)."""
        return len(self.segments) == BLUEPRINTS[self.blueprint].size

    @property
    def unbuilt(self) -> int:
        """Segments still waiting for wood, counted only once the design is complete."""
        return len(self.segments) - self.wood if self.complete else 0

    def has_room_for(self, segment: str, blueprint: int | None = None) -> bool:
        """Whether ``segment`` fits (into ``blueprint`` if given, else the design's own)."""
        bp = self.blueprint if blueprint is None else blueprint
        return self.segments.count(segment) < BLUEPRINT_NEEDS[bp][segment]

    def fits(self, blueprint: int) -> bool:
        """Whether every segment of the design has a place in ``blueprint``."""
        from .move_tables import fitting_blueprints  # a table per set of segments

        return blueprint in fitting_blueprints(tuple(self.segments))

    def add(self, segment: str) -> None:
        self.segments.append(segment)
        self.segments.sort(key=CARD_ORDER.__getitem__)


@dataclass(slots=True)
class Ship:
    """A launched ship: ``position`` sails made along lane ``lane`` (0 = harbour)."""

    lane: int
    position: int = 0


Berth = Design | Ship | None


def _lanes() -> list[int]:
    return [0] * len(BLUEPRINTS)


def _attacks() -> list[int]:
    return [0] * len(ATTACK_CARDS)


@dataclass(slots=True)
class PlayerStats:
    """One player's statistics for the end-of-game summary. Everything here was public
    when it happened (launches, arrivals, wood rolled, attacks), so it reveals nothing."""

    turns: int = 0  #: own turns played (lost turns not counted)
    wood: int = 0  #: wood tokens gathered from the stock
    launched: list[int] = field(default_factory=_lanes)  #: ships launched, per lane
    arrived: list[int] = field(default_factory=_lanes)  #: ships arrived, per lane
    attacks_played: list[int] = field(default_factory=_attacks)  #: per ATTACK_CARDS
    attacks_suffered: list[int] = field(default_factory=_attacks)  #: per ATTACK_CARDS
    #: the most own turns from laying a design's first segment to launching it
    longest_wait: int = 0
    longest_wait_blueprint: int = -1

    def to_json(self) -> dict[str, Any]:
        return {"turns": self.turns, "wood": self.wood, "launched": list(self.launched),
                "arrived": list(self.arrived), "attacks_played": list(self.attacks_played),
                "attacks_suffered": list(self.attacks_suffered),
                "longest_wait": self.longest_wait,
                "longest_wait_blueprint": self.longest_wait_blueprint}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerStats:
        def ints(key: str, size: int) -> list[int]:
            values = [int(x) for x in data[key]]
            if len(values) != size:
                raise ValueError(f"{key} needs {size} numbers")
            return values

        return cls(int(data["turns"]), int(data["wood"]), ints("launched", len(BLUEPRINTS)),
                   ints("arrived", len(BLUEPRINTS)),
                   ints("attacks_played", len(ATTACK_CARDS)),
                   ints("attacks_suffered", len(ATTACK_CARDS)), int(data["longest_wait"]),
                   int(data["longest_wait_blueprint"]))


@dataclass(slots=True)
class Player:
    hand: list[str] = field(default_factory=list)
    wood: int = 0
    vp: int = 0
    berths: list[Berth] = field(default_factory=lambda: [None] * BERTHS)
    skips: int = 0
    launches: int = 0
    arrivals: int = 0
    #: VP earned by launches and by arrivals, kept apart to check the score.
    launch_vp: int = 0
    arrival_vp: int = 0
    stats: PlayerStats = field(default_factory=lambda: PlayerStats())

    def sort_hand(self) -> None:
        self.hand.sort(key=CARD_ORDER.__getitem__)


@dataclass(slots=True)
class HagothState:
    players: list[Player]
    deck: list[str]  # the draw pile; the top card is the last element
    discard: list[str]
    stock: int
    current: int
    phase: str
    turn: int
    rng: GameRng
    speed: bool
    target: int
    winner: int | None = None
    #: statistics: die rolls by value (index = value - 1), every player's VP at the end
    #: of each round (a round = as many turns as there are players)
    die_counts: list[int] = field(default_factory=lambda: [0] * DIE_SIDES)
    vp_rounds: list[list[int]] = field(default_factory=list)
    first: int = -1  # the seat that played the first turn (-1: not recorded, older JSON)
    round: int = 1  # rounds begun: +1 each time play comes round to ``first`` again


# -- JSON ------------------------------------------------------------------
def _berth_to_json(berth: Berth) -> dict[str, Any] | None:
    if berth is None:
        return None
    if isinstance(berth, Ship):
        return {"ship": berth.lane, "position": berth.position}
    return {"design": berth.blueprint, "segments": list(berth.segments), "wood": berth.wood,
            "started": berth.started}


def _berth_from_json(data: Mapping[str, Any] | None) -> Berth:
    if data is None:
        return None
    if "ship" in data:
        return Ship(int(data["ship"]), int(data["position"]))
    return Design(int(data["design"]), [str(s) for s in data["segments"]], int(data["wood"]),
                  int(data.get("started", 0)))


def dump_state(state: HagothState) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "players": [
            {
                "hand": list(p.hand),
                "wood": p.wood,
                "vp": p.vp,
                "berths": [_berth_to_json(b) for b in p.berths],
                "skips": p.skips,
                "launches": p.launches,
                "arrivals": p.arrivals,
                "launch_vp": p.launch_vp,
                "arrival_vp": p.arrival_vp,
                "stats": p.stats.to_json(),
            }
            for p in state.players
        ],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "stock": state.stock,
        "current": state.current,
        "phase": state.phase,
        "turn": state.turn,
        "rng": state.rng.to_json(),
        "speed": state.speed,
        "target": state.target,
        "winner": state.winner,
        "die_counts": list(state.die_counts),
        "vp_rounds": [list(r) for r in state.vp_rounds],
        "first": state.first,
        "round": state.round,
    }


def load_state(data: Mapping[str, Any]) -> HagothState:
    schema = data.get("schema")
    if schema not in READABLE_SCHEMAS:
        raise StateFormatError(f"unknown Hagoth state schema {schema!r}")
    old = schema == 1  # before the statistics: they start empty
    try:
        players = [
            Player(
                hand=[str(c) for c in p["hand"]],
                wood=int(p["wood"]),
                vp=int(p["vp"]),
                berths=[_berth_from_json(b) for b in p["berths"]],
                skips=int(p["skips"]),
                launches=int(p["launches"]),
                arrivals=int(p["arrivals"]),
                launch_vp=int(p["launch_vp"]),
                arrival_vp=int(p["arrival_vp"]),
                stats=PlayerStats() if old else PlayerStats.from_json(p["stats"]),
            )
            for p in data["players"]
        ]
        return HagothState(
            players=players,
            deck=[str(c) for c in data["deck"]],
            discard=[str(c) for c in data["discard"]],
            stock=int(data["stock"]),
            current=int(data["current"]),
            phase=str(data["phase"]),
            turn=int(data["turn"]),
            rng=GameRng.from_json(data["rng"]),
            speed=bool(data["speed"]),
            target=int(data["target"]),
            winner=None if data["winner"] is None else int(data["winner"]),
            die_counts=[0] * DIE_SIDES if old else _die_counts(data["die_counts"]),
            vp_rounds=[] if old else [_vp_row(r, len(players)) for r in data["vp_rounds"]],
            # added after schema 1 shipped: older JSON does not know who went first
            first=int(data.get("first", -1)),
            round=int(data.get("round", 1)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StateFormatError(f"corrupt Hagoth state: {exc}") from exc


def _die_counts(data: Any) -> list[int]:
    counts = [int(x) for x in data]
    if len(counts) != DIE_SIDES:
        raise ValueError(f"die_counts needs {DIE_SIDES} numbers")
    return counts


def _vp_row(data: Any, players: int) -> list[int]:
    row = [int(x) for x in data]
    if len(row) != players:
        raise ValueError("a vp_rounds row needs one number per player")
    return row


PHASES = (PHASE_START, PHASE_SECOND, PHASE_SWAP, PHASE_OVER)


def check_values(state: HagothState) -> None:
    """Raise :class:`StateFormatError` unless ``state`` holds only things that exist and
    adds up (issue 24 item 9): known cards, the whole deck exactly once across the draw
    pile, the discard pile, the hands and the designs; designs that fit their blueprint
    (the lookups in ``move_tables.py`` assume it); ships on their lane; all 50 wood
    tokens; seats in range. A damaged row that loads is refused here, before a later
    move, view or drawing trips over it."""
    n = len(state.players)

    def need(condition: bool, what: str) -> None:
        if not condition:
            raise StateFormatError(f"corrupt Hagoth state: {what}")

    cards: list[str] = [*state.deck, *state.discard]
    wood = state.stock
    for p in state.players:
        need(len(p.hand) <= HAND_SIZE and len(p.berths) == BERTHS, "a hand or berths too big")
        need(min(p.wood, p.vp, p.skips, p.launches, p.arrivals, p.launch_vp,
                 p.arrival_vp) >= 0, "a negative count")
        cards += p.hand
        wood += p.wood
        for berth in p.berths:
            if isinstance(berth, Ship):
                need(0 <= berth.lane < len(BLUEPRINTS)
                     and 0 <= berth.position < BLUEPRINTS[berth.lane].lane_length,
                     "a ship off its lane")
            elif isinstance(berth, Design):
                need(0 <= berth.blueprint < len(BLUEPRINTS) and bool(berth.segments)
                     and all(seg in BLUEPRINT_NEEDS[berth.blueprint] for seg in berth.segments)
                     and berth.fits(berth.blueprint), "a design that does not fit")
                need(0 <= berth.wood < len(berth.segments) and berth.started >= 0
                     and (berth.wood == 0 or berth.complete), "wood on a design")
                cards += berth.segments
                wood += berth.wood
    need(all(card in CARD_ORDER for card in cards), "an unknown card")
    need(Counter(cards) == Counter(DECK_COUNTS), "the cards do not make up the deck")
    need(wood == WOOD_TOKENS and state.stock >= 0, "the wood does not add up")
    need(0 <= state.current < n and state.phase in PHASES and state.turn >= 1
         and state.target > 0 and state.first in range(-1, n) and state.round >= 0
         and (state.winner is None or 0 <= state.winner < n)
         and (state.winner is not None) == (state.phase == PHASE_OVER),
         "the turn out of range")
    need(len(state.die_counts) == DIE_SIDES and min(state.die_counts) >= 0, "the die counts")
