"""The mutable state of a Hexfolk game and its JSON form (schema 1).

Board geometry is not stored: it is derived from ``board`` (cached in :mod:`.board`).
Only the layout (terrain, tokens, harbour kinds) and what changes in play are kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import StateFormatError
from ..rng import GameRng
from .board import corner_harbours, get_board, known_board
from .data import DEV_CARDS, GENERIC, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS, TERRAINS

SCHEMA_VERSION = 1

# Phases.
SETTLE = "settle"  # founding: place a settlement
FOUND_ROAD = "found_road"  # founding: place the road adjoining it
ROLL = "roll"  # turn start: roll (or play a knight)
DISCARD = "discard"  # a seven: players over the limit discard simultaneously
ROBBER = "robber"  # move the robber and steal
MAIN = "main"  # after the roll: trade, build, play, end
ROADS = "roads"  # Road building card: free roads to place
TRADE = "trade"  # an offer is open: others answer, then the offerer closes
SPECIAL = "special"  # 5+ players: special building phase of ``special`` (-1: sign-up)
OVER = "over"
PHASES = (SETTLE, FOUND_ROAD, ROLL, DISCARD, ROBBER, MAIN, ROADS, TRADE, SPECIAL, OVER)
ROBBER_MODES = ("on", "off", "friendly")


@dataclass(slots=True)
class Player:
    hand: list[int] = field(default_factory=lambda: [0] * 5)
    devs: list[str] = field(default_factory=list)  # held development cards, sorted
    bought: list[str] = field(default_factory=list)  # bought this turn (also in devs)
    played: list[str] = field(default_factory=list)  # played face up
    knights: int = 0
    roads: int = 0
    settlements: int = 0
    cities: int = 0
    road_length: int = 0
    # -- statistics for the end-of-game summary (absent in older JSON: zeros) --
    produced: list[int] = field(default_factory=lambda: [0] * 5)  #: from dice production
    stolen: int = 0  #: cards the robber (or a knight) took from this player
    discarded: int = 0  #: cards discarded on sevens
    bank_trades: int = 0  #: trades with the bank or a harbour
    player_trades: int = 0  #: trades with another player (counted for both)


@dataclass(slots=True)
class Offer:
    give: list[int]  # what the offerer gives
    get: list[int]  # what the offerer gets
    #: per seat: None (not answered / the offerer), "accept", "decline",
    #: or [give, get] from the offerer's side (a counter-offer)
    responses: list[Any]


@dataclass(slots=True)
class HexfolkState:
    board: str
    terrain: list[int]
    tokens: list[int]
    harbours: list[int]  # kind per ``Board.harbour_edges`` entry
    players: list[Player]
    robber: int
    corner_owner: list[int]  # -1: empty
    corner_level: list[int]  # 0 empty, 1 settlement, 2 city
    edge_owner: list[int]
    bank: list[int]
    dev_deck: list[str]  # top card last
    current: int
    first: int
    phase: str
    turn: int
    rng: GameRng
    target: int
    robber_mode: str  # "on", "off", "friendly"
    longest_on: bool
    army_on: bool
    layout: str  # "random" or "classic"
    founding: int = 0  # index into the founding order
    last_settlement: int = -1
    rolled: bool = False
    dev_played: bool = False
    dice: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)  # owed per seat
    free_roads: int = 0
    offer: Offer | None = None
    offers_made: int = 0
    special: int = -1
    special_queue: list[int] = field(default_factory=list)
    #: the special building phase's sign-up (``special`` is -1 meanwhile): the seats
    #: asked at once "build or pass?" that have not answered yet; those who sign up wait
    #: in ``special_queue`` and build in turn order (absent in older JSON: none asked)
    special_asked: list[int] = field(default_factory=list)
    longest: int = -1
    army: int = -1
    winner: int = -1
    roll_counts: list[int] = field(default_factory=lambda: [0] * 13)
    #: lobby option ``bot_offers``: an open offer waits for every answer before its maker
    #: moves again (off: the maker keeps playing and closes when they like)
    offers_wait: bool = False
    #: lobby option ``special``: the special building phase from 5 players (off: none)
    special_on: bool = True
    #: house option: offers between players allowed (absent in older JSON: on)
    player_trades: bool = True
    #: derived, not stored: corner -> harbour kind (-1: none)
    corner_harbour: list[int] = field(default_factory=list)


def dump_state(s: HexfolkState) -> dict[str, Any]:
    offer = None
    if s.offer is not None:
        offer = {"give": list(s.offer.give), "get": list(s.offer.get),
                 "responses": [r if not isinstance(r, list) else [list(r[0]), list(r[1])]
                               for r in s.offer.responses]}
    return {
        "schema": SCHEMA_VERSION,
        "board": s.board, "terrain": list(s.terrain), "tokens": list(s.tokens),
        "harbours": list(s.harbours),
        "players": [
            {"hand": list(p.hand), "devs": list(p.devs), "bought": list(p.bought),
             "played": list(p.played), "knights": p.knights, "roads": p.roads,
             "settlements": p.settlements, "cities": p.cities, "road_length": p.road_length,
             "produced": list(p.produced), "stolen": p.stolen, "discarded": p.discarded,
             "bank_trades": p.bank_trades, "player_trades": p.player_trades}
            for p in s.players
        ],
        "robber": s.robber, "corner_owner": list(s.corner_owner),
        "corner_level": list(s.corner_level), "edge_owner": list(s.edge_owner),
        "bank": list(s.bank), "dev_deck": list(s.dev_deck), "current": s.current,
        "first": s.first, "phase": s.phase, "turn": s.turn, "rng": s.rng.to_json(),
        "target": s.target, "robber_mode": s.robber_mode, "longest_on": s.longest_on,
        "army_on": s.army_on, "layout": s.layout, "founding": s.founding,
        "last_settlement": s.last_settlement, "rolled": s.rolled, "dev_played": s.dev_played,
        "dice": list(s.dice), "discards": list(s.discards), "free_roads": s.free_roads,
        "offer": offer, "offers_made": s.offers_made, "special": s.special,
        "special_queue": list(s.special_queue), "special_asked": list(s.special_asked),
        "longest": s.longest, "army": s.army,
        "winner": s.winner, "roll_counts": list(s.roll_counts), "offers_wait": s.offers_wait,
        "special_on": s.special_on,
        "player_trades": s.player_trades,
    }


def _ints(xs: Any) -> list[int]:
    return [int(x) for x in xs]


def load_state(d: Mapping[str, Any]) -> HexfolkState:
    if d.get("schema") != SCHEMA_VERSION:
        raise StateFormatError(f"unknown Hexfolk state schema {d.get('schema')!r}")
    if not known_board(str(d.get("board"))):
        raise StateFormatError(f"unknown Hexfolk board {d.get('board')!r}")
    try:
        offer = None
        if d["offer"] is not None:
            o = d["offer"]
            offer = Offer(_ints(o["give"]), _ints(o["get"]), [
                [_ints(r[0]), _ints(r[1])] if isinstance(r, list) else r
                for r in o["responses"]])
        s = HexfolkState(
            board=str(d["board"]), terrain=_ints(d["terrain"]), tokens=_ints(d["tokens"]),
            harbours=_ints(d["harbours"]),
            players=[Player(
                hand=_ints(p["hand"]), devs=[str(c) for c in p["devs"]],
                bought=[str(c) for c in p["bought"]], played=[str(c) for c in p["played"]],
                knights=int(p["knights"]), roads=int(p["roads"]),
                settlements=int(p["settlements"]), cities=int(p["cities"]),
                road_length=int(p["road_length"]),
                produced=_ints(p.get("produced", [0] * 5)), stolen=int(p.get("stolen", 0)),
                discarded=int(p.get("discarded", 0)),
                bank_trades=int(p.get("bank_trades", 0)),
                player_trades=int(p.get("player_trades", 0))) for p in d["players"]],
            robber=int(d["robber"]), corner_owner=_ints(d["corner_owner"]),
            corner_level=_ints(d["corner_level"]), edge_owner=_ints(d["edge_owner"]),
            bank=_ints(d["bank"]), dev_deck=[str(c) for c in d["dev_deck"]],
            current=int(d["current"]), first=int(d["first"]), phase=str(d["phase"]),
            turn=int(d["turn"]), rng=GameRng.from_json(d["rng"]), target=int(d["target"]),
            robber_mode=str(d["robber_mode"]), longest_on=bool(d["longest_on"]),
            army_on=bool(d["army_on"]), layout=str(d["layout"]), founding=int(d["founding"]),
            last_settlement=int(d["last_settlement"]), rolled=bool(d["rolled"]),
            dev_played=bool(d["dev_played"]), dice=_ints(d["dice"]),
            discards=_ints(d["discards"]), free_roads=int(d["free_roads"]), offer=offer,
            offers_made=int(d["offers_made"]), special=int(d["special"]),
            special_queue=_ints(d["special_queue"]),
            special_asked=_ints(d.get("special_asked", [])), longest=int(d["longest"]),
            army=int(d["army"]), winner=int(d["winner"]), roll_counts=_ints(d["roll_counts"]),
            offers_wait=bool(d.get("offers_wait", False)),
            special_on=bool(d.get("special_on", True)),
            player_trades=bool(d.get("player_trades", True)),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise StateFormatError(f"corrupt Hexfolk state: {exc}") from exc
    s.corner_harbour = corner_harbours(s.board, s.harbours)
    return s


def check_values(s: HexfolkState) -> None:
    """Raise :class:`StateFormatError` unless every number in ``s`` fits its board and its
    seats (issue 24 item 9): lists as long as the board's hexes, corners and edges, owners
    that are seats, resources and cards that exist. A damaged row that loads is refused
    here, before the caches, a move, a view or a drawing index past a list."""
    board = get_board(s.board)
    n = len(s.players)
    seats, owners = range(n), range(-1, n)

    def need(condition: bool, what: str) -> None:
        if not condition:
            raise StateFormatError(f"corrupt Hexfolk state: {what}")

    def counts(values: list[int], size: int) -> bool:
        return len(values) == size and all(v >= 0 for v in values)

    need(len(s.terrain) == len(s.tokens) == board.hexes, "terrain or tokens not one per hex")
    need(all(-1 <= t < len(TERRAINS) for t in s.terrain), "an unknown terrain")
    need(all(t == 0 or 2 <= t <= 12 for t in s.tokens), "a number token out of range")
    need(len(s.harbours) == len(board.harbour_edges)
         and all(0 <= h <= GENERIC for h in s.harbours), "harbours out of range")
    need(s.robber in range(board.hexes), "the robber off the board")
    need(len(s.corner_owner) == len(s.corner_level) == board.corners
         and all(o in owners for o in s.corner_owner)
         and all((o < 0) == (lv == 0) and 0 <= lv <= 2
                 for o, lv in zip(s.corner_owner, s.corner_level, strict=True)),
         "corners out of range")
    need(len(s.edge_owner) == board.edges and all(o in owners for o in s.edge_owner),
         "edges out of range")
    for p in s.players:
        need(counts(p.hand, 5) and counts(p.produced, 5), "a hand out of range")
        need(all(c in DEV_CARDS for c in (*p.devs, *p.bought, *p.played))
             and all(p.bought.count(c) <= p.devs.count(c) for c in set(p.bought)),
             "an unknown development card")
        need(0 <= p.roads <= MAX_ROADS and 0 <= p.settlements <= MAX_SETTLEMENTS
             and 0 <= p.cities <= MAX_CITIES and min(p.knights, p.road_length, p.stolen,
                                                     p.discarded, p.bank_trades,
                                                     p.player_trades) >= 0,
             "pieces out of range")
    need(counts(s.bank, 5) and all(c in DEV_CARDS for c in s.dev_deck), "the bank")
    need(s.current in seats and s.first in seats and s.phase in PHASES and s.turn >= 0
         and s.robber_mode in ROBBER_MODES and s.target > 0, "the turn out of range")
    need(s.founding >= 0 and s.last_settlement in range(-1, board.corners)
         and s.free_roads >= 0 and s.offers_made >= 0, "a counter out of range")
    need(s.dice == [] or (len(s.dice) == 2 and all(1 <= d <= 6 for d in s.dice)), "the dice")
    need(s.discards == [] or counts(s.discards, n), "discards out of range")
    need(s.special in owners and all(q in seats for q in s.special_queue)
         and s.longest in owners and s.army in owners and s.winner in owners,
         "a seat out of range")
    need(counts(s.roll_counts, 13), "roll counts out of range")
    need((s.phase == TRADE) <= (s.offer is not None), "an open trade without an offer")
    if s.offer is not None:
        need(counts(s.offer.give, 5) and counts(s.offer.get, 5)
             and len(s.offer.responses) == n
             and all(r in (None, "accept", "decline")
                     or (isinstance(r, list) and len(r) == 2 and counts(r[0], 5)
                         and counts(r[1], 5)) for r in s.offer.responses),
             "an offer out of range")
