"""What a Hagoth viewer may see. Renderers draw these and nothing else.

The public view (``viewer is None``) has no hand at all; a seat's view adds that
seat's own hand and nothing of anybody else's.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DesignView:
    """A blueprint on the table: its segment cards and how many carry wood."""

    blueprint: int  #: index into :data:`games.hagoth.data.BLUEPRINTS`
    segments: tuple[str, ...]  #: segment codes in the blueprint's printed order
    wood: int  #: segments built so far (the first ``wood`` segments are drawn built)
    complete: bool  #: holds exactly the blueprint's segments, so it may be built


@dataclass(frozen=True, slots=True)
class ShipView:
    """A launched ship token sailing its blueprint's lane."""

    lane: int  #: blueprint index = lane index
    position: int  #: sails made so far; 0 = in Bountiful Harbor


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    colour: str
    vp: int
    wood: int  #: stockpiled wood tokens
    hand_count: int
    skips: int  #: turns this player will lose
    berths: tuple[DesignView | ShipView | None, ...]  #: length 2
    launches: int
    arrivals: int


@dataclass(frozen=True, slots=True)
class HagothView:
    viewer: int | None  #: ``None`` for the public
    players: tuple[PlayerView, ...]
    current: int  #: seat whose turn it is
    cards_played: int  #: cards played or discarded so far this turn (0 or 1)
    turn: int  #: turn number, from 1
    stock: int  #: wood in the shared stock
    deck_count: int
    discard_count: int
    target: int
    speed: bool  #: the Speed variant is on
    winner: int | None
    hand: tuple[str, ...] | None  #: the viewer's own hand, never in the public view
    first: int = -1  #: the seat that played the first turn (-1: not known)
    round: int = 0  #: rounds begun (a round: every seat's turn once, from ``first``)


# -- the end-of-game summary ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's statistics over the whole game; all of it was public during play."""

    seat: int
    colour: str
    vp: int
    launch_vp: int  #: VP scored by launches
    arrival_vp: int  #: VP scored by arrivals (launch_vp + arrival_vp == vp)
    turns: int  #: own turns played
    wood: int  #: wood gathered from the stock
    launched: tuple[int, ...]  #: ships launched, per lane (blueprint index)
    arrived: tuple[int, ...]  #: ships arrived, per lane
    attacks_played: tuple[int, ...]  #: per ``ATTACK_CARDS`` (skip, remove, delay, destroy)
    attacks_suffered: tuple[int, ...]
    longest_wait: int  #: most own turns from a design's first segment to its launch
    longest_wait_blueprint: int | None  #: which blueprint that was (None: no launch)


@dataclass(frozen=True, slots=True)
class SummaryView:
    """What the end-of-game summary image shows."""

    turn: int
    target: int
    winner: int | None
    #: every player's VP at the start (all zero), after each round, and at the end
    vp_rounds: tuple[tuple[int, ...], ...]
    die_counts: tuple[int, ...]  #: die rolls by value 1..4 (index = value - 1)
    players: tuple[PlayerSummary, ...]

    @property
    def rolls(self) -> int:
        return sum(self.die_counts)
