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
