"""The mutable state of a Hagoth game and its JSON form.

A player owns two *berths*; each holds nothing, a :class:`Design` (segment cards
on the table, possibly with wood on them) or a :class:`Ship` (a launched ship
token sailing its lane). That is how "at most two designs or ships at a time"
is kept by construction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import StateFormatError
from ..rng import GameRng
from .data import BERTHS, BLUEPRINT_NEEDS, BLUEPRINTS, CARD_ORDER, SEGMENTS

SCHEMA_VERSION = 1

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


# -- JSON ------------------------------------------------------------------
def _berth_to_json(berth: Berth) -> dict[str, Any] | None:
    if berth is None:
        return None
    if isinstance(berth, Ship):
        return {"ship": berth.lane, "position": berth.position}
    return {"design": berth.blueprint, "segments": list(berth.segments), "wood": berth.wood}


def _berth_from_json(data: Mapping[str, Any] | None) -> Berth:
    if data is None:
        return None
    if "ship" in data:
        return Ship(int(data["ship"]), int(data["position"]))
    return Design(int(data["design"]), [str(s) for s in data["segments"]], int(data["wood"]))


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
    }


def load_state(data: Mapping[str, Any]) -> HagothState:
    schema = data.get("schema")
    if schema != SCHEMA_VERSION:
        raise StateFormatError(f"unknown Hagoth state schema {schema!r}")
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
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StateFormatError(f"corrupt Hagoth state: {exc}") from exc
