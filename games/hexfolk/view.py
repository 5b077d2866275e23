"""What a Hexfolk viewer may see. Renderers draw these and nothing else.

The public view (``viewer is None``) shows hand and development-card COUNTS only;
a seat's view adds that seat's own hand, development cards and hidden VP.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rules
from .actions import Road, Robber, Settle
from .caches import road_sites, settle_sites
from .data import AWARD_VP, COLOURS, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS, VP_CARD
from .state import FOUND_ROAD, MAIN, ROADS, ROBBER, ROLL, SETTLE, SPECIAL, HexfolkState


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
    #: The numbered legal places of the current placement decision: (number, kind
    #: "corner" / "edge" / "hex", id), numbered 1..N by id. See :func:`spots`.
    spots: tuple[tuple[int, str, int], ...] = ()
    first: int = -1  #: the seat that founded first and plays the first turn
    #: Rounds of play begun (every seat's turn once, from ``first``); 0 while founding.
    round: int = 0
    #: The seat that rolled ``dice`` (the previous player while the next one is to roll).
    dice_by: int = -1


# -- numbered spots -----------------------------------------------------------------------
#: The phases whose decision is a place, and the kind of place. Only these get numbered
#: spots: during a normal turn (MAIN / SPECIAL) the legal settlement, city and road sites
#: together are too many to mark at once, and the knight is played from a menu of cards.
SPOT_PHASES = {SETTLE: "corner", FOUND_ROAD: "edge", ROADS: "edge", ROBBER: "hex"}
#: Phases in which the player may build: every affordable legal settlement, city and
#: road place is marked at once (corners first, then edges).
BUILD_PHASES = frozenset((MAIN, SPECIAL))


def spots(state: HexfolkState) -> tuple[tuple[int, str, int], ...]:
    """The legal places of the current placement decision, numbered 1..N: corners first,
    then edges, then hexes, each by id. Marked: founding settlements and roads, the
    robber move, the Road building card's free roads, and — while the player to act may
    build — every corner where they could put a settlement or a city and every edge for
    a road, by the board alone. Never by what they can pay for: that would tell the
    table which cards they hold."""
    actors = rules.actors(state)
    if len(actors) != 1:
        return ()
    seat = next(iter(actors))
    kind = SPOT_PHASES.get(state.phase)
    if kind is not None:
        ids: set[int] = set()
        for a in rules.legal_actions(state, seat):
            if isinstance(a, Settle) and kind == "corner":
                ids.add(a.corner)
            elif isinstance(a, Road) and kind == "edge":
                ids.add(a.edge)
            elif isinstance(a, Robber) and kind == "hex":
                ids.add(a.hex)
        return tuple((n, kind, i) for n, i in enumerate(sorted(ids), start=1))
    if state.phase not in BUILD_PHASES:
        return ()
    board = rules.board_of(state)
    player = state.players[seat]
    settles = ({a.corner for a in settle_sites(state, seat)}
               if player.settlements < MAX_SETTLEMENTS else set())
    corners = [c for c in range(board.corners) if c in settles
               or (state.corner_owner[c] == seat and state.corner_level[c] == 1
                   and player.cities < MAX_CITIES)]
    edges = ([a.edge for a in road_sites(state, seat)]
             if player.roads < MAX_ROADS else [])
    places = [("corner", c) for c in corners] + [("edge", e) for e in edges]
    return tuple((n, k, i) for n, (k, i) in enumerate(places, start=1))


def play_round(state: HexfolkState) -> int:
    """The round of play (1 from the first roll); 0 during the founding rounds.
    Turns are counted from 1 at the first player's first roll, one per player's turn,
    and no seat is ever skipped, so every ``len(players)`` turns make a round."""
    if state.turn <= 0:
        return 0
    return (state.turn - 1) // len(state.players) + 1


def dice_roller(state: HexfolkState) -> int:
    """Who rolled the dice on show: the player whose turn it is once they have rolled,
    before that the previous player (the dice stay from their turn); -1 if none yet."""
    if not state.dice:
        return -1
    if state.phase == ROLL:
        return (state.current - 1) % len(state.players)
    return state.current


# -- the end-of-game summary ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's statistics over the whole game (public once the game is over:
    hidden VP cards are revealed at the end)."""

    seat: int
    colour: str
    vp: int  #: final victory points, hidden VP cards included
    produced: tuple[int, ...]  #: resources gained from dice production, per resource
    stolen: int  #: cards taken by the robber / knights
    discarded: int  #: cards discarded on sevens
    bank_trades: int  #: trades with the bank or a harbour
    player_trades: int  #: trades with other players
    devs_bought: int
    devs_played: int
    knights: int
    road_length: int
    #: VP breakdown: settlements, cities, longest road, largest army, VP cards
    vp_settlements: int
    vp_cities: int
    vp_longest: int
    vp_army: int
    vp_cards: int

    @property
    def produced_total(self) -> int:
        return sum(self.produced)

    @property
    def lost_to_robber(self) -> int:
        return self.stolen + self.discarded

    @property
    def trades(self) -> int:
        return self.bank_trades + self.player_trades

    @property
    def vp_breakdown(self) -> tuple[int, int, int, int, int]:
        return (self.vp_settlements, self.vp_cities, self.vp_longest, self.vp_army,
                self.vp_cards)


@dataclass(frozen=True, slots=True)
class SummaryView:
    """What the end-of-game summary image shows."""

    turn: int
    target: int
    winner: int | None
    roll_counts: tuple[int, ...]  #: index = dice total 2..12 (0 and 1 always 0)
    players: tuple[PlayerSummary, ...]

    @property
    def rolls(self) -> int:
        return sum(self.roll_counts)


def summary(state: HexfolkState) -> SummaryView:
    """The statistics of ``state``'s game (meant for a finished game: it reveals VP cards)."""
    players = []
    for i, p in enumerate(state.players):
        vp_longest = AWARD_VP if state.longest == i else 0
        vp_army = AWARD_VP if state.army == i else 0
        vp_cards = p.devs.count(VP_CARD)
        players.append(PlayerSummary(
            seat=i, colour=COLOURS[i],
            vp=p.settlements + 2 * p.cities + vp_longest + vp_army + vp_cards,
            produced=tuple(p.produced), stolen=p.stolen, discarded=p.discarded,
            bank_trades=p.bank_trades, player_trades=p.player_trades,
            devs_bought=len(p.devs) + len(p.played), devs_played=len(p.played),
            knights=p.knights, road_length=p.road_length,
            vp_settlements=p.settlements, vp_cities=2 * p.cities, vp_longest=vp_longest,
            vp_army=vp_army, vp_cards=vp_cards,
        ))
    counts = list(state.roll_counts) + [0] * max(0, 13 - len(state.roll_counts))
    return SummaryView(
        turn=state.turn, target=state.target,
        winner=None if state.winner < 0 else state.winner,
        roll_counts=tuple(counts[:13]), players=tuple(players),
    )
