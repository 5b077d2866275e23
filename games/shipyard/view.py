"""What a Shipyard viewer may see. Renderers draw these and nothing else.

Everything is public except the government contracts: a seat's view carries its own
contracts (held and given up); the public view (``viewer is None``) carries none, and
no view shows the order of a face-down deck, only its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    colour: str
    money: int
    score: int
    yard: tuple[int | None, ...]
    stock: tuple[tuple[str, int], ...]
    employees: tuple[str, ...]
    trains: tuple[int, ...]
    canals: tuple[tuple[int, int, int, int], ...]  #: (x, y, canal id, rotation)
    figure: tuple[int, int, int] | None
    came_from: tuple[int, int, int] | None
    used_canals: int
    fleet: tuple[tuple[int, int, int], ...]  #: (cards, speed, points) per launched ship
    contracts: int  #: how many contracts the player still holds (never which)
    #: The canal the player has rented and is attaching now (public: it came from the
    #: face-up display), and the squares where it may go (issue 24 item 11).
    renting: int | None = None
    attach_spots: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class ShipyardView:
    viewer: int | None
    players: tuple[PlayerView, ...]
    current: int
    start_player: int
    phase: str
    turn: int
    countdown: int
    ending: str | None
    track: tuple[str | None, ...]  #: 23 spaces, index 22 = the starting space
    lead: str
    figures: tuple[tuple[str, tuple[int, ...]], ...]
    income: tuple[tuple[str, int], ...]  #: what choosing each free card pays now
    bow_display: tuple[int | None, ...]
    middle_display: tuple[int | None, ...]
    stern_display: tuple[int | None, ...]
    deck_sizes: tuple[tuple[str, int], ...]
    train_display: tuple[int | None, ...]
    canal_display: tuple[int | None, ...]
    ring: int
    circle: int
    oval: int
    exchange: int
    employees: tuple[tuple[tuple[str, int], ...], ...]  #: per stop: (kind, copies)
    step: tuple[tuple[str, Any], ...]  #: the current turn's progress (public)
    winners: tuple[int, ...]
    #: The viewer's own contracts: green and blue indices (None in the public view).
    green: tuple[int, ...] | None = None
    blue: tuple[int, ...] | None = None

    @property
    def render_load(self) -> int:
        """How much the board draws beyond its fixed parts: canal cards, yard cards and
        launched ships over every player (bench.render times the board where it peaks)."""
        return sum(len(p.canals) + sum(c is not None for c in p.yard) + len(p.fleet)
                   for p in self.players)

    @property
    def hand(self) -> tuple[int, ...] | None:
        """The private part (the platform shows a hand when this is not None)."""
        return None if self.green is None or self.blue is None else self.green + self.blue


@dataclass(frozen=True, slots=True)
class ShipyardSummary:
    """The end of the game: the final board and each player's score by source
    (contracts are revealed at the end, so their points are public then)."""

    board: ShipyardView
    #: (seat, total, ship points, contract + trader points, guilders, ships launched)
    rows: tuple[tuple[int, int, int, int, int, int], ...]
    winners: tuple[int, ...]
