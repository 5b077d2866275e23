"""What a Hexfolk viewer may see. Renderers draw these and nothing else.

The public view (``viewer is None``) shows hand and development-card COUNTS only;
a seat's view adds that seat's own hand, development cards and hidden VP.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    colour: str
    visible_vp: int
    hand_count: int
    dev_count: int
    played: tuple[str, ...]  #: development cards played face up
    knights: int
    road_length: int
    roads: int
    settlements: int
    cities: int
    longest: bool
    army: bool
    discard_owed: int


@dataclass(frozen=True, slots=True)
class OfferView:
    offerer: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    #: per seat: None, "accept", "decline" or ((give), (get)) from the offerer's side
    responses: tuple[object, ...]


@dataclass(frozen=True, slots=True)
class HexfolkView:
    viewer: int | None
    board: str  #: geometry: ``games.hexfolk.board.get_board(board)``
    terrain: tuple[int, ...]  #: resource index per hex, -1 desert
    tokens: tuple[int, ...]  #: number per hex, 0 desert
    harbours: tuple[tuple[int, int], ...]  #: (edge, kind: resource index or 5 = 3:1)
    robber: int  #: hex, -1 when the robber is off
    corner_owner: tuple[int, ...]
    corner_level: tuple[int, ...]
    edge_owner: tuple[int, ...]
    players: tuple[PlayerView, ...]
    bank: tuple[int, ...]
    deck_count: int
    current: int
    phase: str
    turn: int
    dice: tuple[int, ...]
    offer: OfferView | None
    special: int  #: seat in its special building phase, else -1
    target: int
    winner: int | None
    hand: tuple[int, ...] | None  #: the viewer's own resources
    devs: tuple[str, ...] | None  #: the viewer's own development cards
    vp: int | None  #: the viewer's VP including hidden VP cards
