"""A sensible Lovci pokladů bot: explore, fetch treasure home, guard the ship, and knock
opponents back when it pays.

Every legal move gets a heuristic score from public information only (a face-down card
is an unknown risk, never peeked at); the bot takes the best, the first in legal order
on a tie, so it is deterministic.
"""

from __future__ import annotations

from .actions import Action, Go, Later, Mermaid, Neptune, Pass, SailorMove, ShipMove, Side, Walk
from .data import (
    CARD_TYPES,
    HURRICANE,
    ISLAND,
    MOVERS,
    NEIGHBOURS,
    OCTOPUS,
    RING,
    SAILORS_PER_SHIP,
    SHARK,
    SLOT_SQUARE,
    SQUARE_SLOTS,
    STARFISH,
    STINGRAY,
    TURTLE,
    VOLCANO,
    chebyshev,
    ring_distance,
)
from .rules import at_square, crew, legal_actions, owner
from .state import OFF, ON_BOARD, ON_SHIP, LovciState

_DANGER = {SHARK: -200.0, STINGRAY: -25.0, HURRICANE: -18.0, OCTOPUS: -30.0,
           STARFISH: -6.0, TURTLE: -3.0, ISLAND: -1.0}


def _home(state: LovciState, seat: int, sq: int) -> int:
    """Moves a sailor on ``sq`` needs to step aboard one of the seat's ships."""
    best = 99
    for ship in state.ships:
        if ship.owner == seat:
            beside = SLOT_SQUARE[ship.ring]
            if beside >= 0:
                best = min(best, chebyshev(sq, beside) + 1)
            else:
                best = min(best, 3 + min(chebyshev(sq, SLOT_SQUARE[(ship.ring + k) % RING])
                                         for k in (-1, 1)))
    return best


def _sid(seat: int, colour: int | None, num: int) -> int:
    return (seat if colour is None else colour) * SAILORS_PER_SHIP + num


def _kind(state: LovciState, sq: int) -> str | None:
    return CARD_TYPES[state.cards[sq]].kind if state.face_up[sq] else None


def _nearest_pile(state: LovciState, sq: int) -> int:
    if not state.tokens:
        return 0
    return min(chebyshev(sq, t) for t in state.tokens)


_SAFE_BLOCK = frozenset((SHARK, STINGRAY, HURRICANE, OCTOPUS, STARFISH))


def _standable(state: LovciState, sq: int, carrying: bool) -> bool:
    kind = _kind(state, sq)
    return not (kind in _SAFE_BLOCK or kind in MOVERS or (carrying and kind == ISLAND))


def _dist_map(state: LovciState, sources: list[int], carrying: bool) -> list[int]:
    """Cost for a sailor to reach one of ``sources`` from every square (Dijkstra over the
    known board: face-down cards cost more, known dangers are avoided)."""
    import heapq

    sources = [sq for sq in sources if _standable(state, sq, carrying)]
    dist = [999] * 81
    heap = [(0, sq) for sq in sources]
    for sq in sources:
        dist[sq] = 0
    heapq.heapify(heap)
    while heap:
        d, sq = heapq.heappop(heap)
        if d > dist[sq]:
            continue
        kind = _kind(state, sq)
        if kind is None:
            step = 6 if carrying else 3
        elif kind == SHARK or (carrying and (kind in _SAFE_BLOCK or kind in MOVERS
                                             or kind == ISLAND)):
            continue
        elif kind in _SAFE_BLOCK or kind in MOVERS:
            step = 25
        else:
            step = 1
        for n in NEIGHBOURS[sq]:
            if d + step < dist[n]:
                dist[n] = d + step
                heapq.heappush(heap, (d + step, n))
    return dist


class _Maps:
    __slots__ = ("hidden", "home", "pile", "prey", "threat")

    def __init__(self, state: LovciState, seat: int) -> None:
        beside = [SLOT_SQUARE[sh.ring] for sh in state.ships
                  if sh.owner == seat and SLOT_SQUARE[sh.ring] >= 0]
        self.home = _dist_map(state, beside, True)
        self.pile = _dist_map(state, list(state.tokens), False)
        self.hidden = _dist_map(state, [t for t in range(81) if not state.face_up[t]], False)
        prey = [SLOT_SQUARE[sh.ring] for i, sh in enumerate(state.ships)
                if sh.owner != seat and SLOT_SQUARE[sh.ring] >= 0 and crew(state, i) == 0]
        self.prey = _dist_map(state, prey, False) if prey else None
        self.threat = any(s.state in (ON_BOARD, ON_SHIP, OFF) and owner(state, i) != seat
                          for i, s in enumerate(state.sailors))


def _square_value(state: LovciState, seat: int, sid: int, dest: int, token: int,
                  maps: _Maps) -> float:
    s = state.sailors[sid]
    value = 0.0
    kind = _kind(state, dest)
    if kind is None:
        value += 6.0 if not token and not s.carry else -4.0
    elif kind in MOVERS and (token or s.carry):
        value -= 20.0
    else:
        value += _DANGER.get(kind, 0.0)
        if kind == VOLCANO:
            value -= 8.0 * CARD_TYPES[state.cards[dest]].level
    for other in at_square(state, dest):
        if owner(state, other) != seat:
            carried = state.sailors[other].carry
            value += 12.0 + carried / 20
    here = s.square
    if token:
        value += 30.0 + token / 20
        if here >= 0:
            value += 12.0 * (maps.home[here] - maps.home[dest])
    else:
        if s.carry:
            value -= 40.0
        pile = state.tokens.get(dest)
        if pile:
            value += 15.0 + max(pile) / 40
        if maps.prey is not None and here >= 0:
            value += 3.0 * (maps.prey[here] - maps.prey[dest])
        if pile:
            pass
        elif state.tokens and here >= 0:
            value += 2.5 * (maps.pile[here] - maps.pile[dest])
        elif here >= 0:
            value += 2.0 * (maps.hidden[here] - maps.hidden[dest])
    return value


def score(state: LovciState, seat: int, action: Action, maps: _Maps | None = None) -> float:
    """The heuristic value of ``action`` for the bot in ``seat``."""
    if maps is None:
        maps = _Maps(state, seat)
    match action:
        case SailorMove(num, colour, square, None, token):
            sid = _sid(seat, colour, num)
            s = state.sailors[sid]
            value = _square_value(state, seat, sid, square, token, maps)
            if s.state == ON_SHIP:
                ship = s.ship
                if crew(state, ship) <= 1 and maps.threat:
                    value -= 25.0  # keep a guard aboard
                value += 4.0
            return value
        case SailorMove(num, colour, _, ship, token):
            assert ship is not None
            if state.ships[ship].owner != seat:
                return 500.0 + sum(state.ships[ship].treasure) / 10
            sid = _sid(seat, colour, num)
            if token:
                return 300.0 + token / 10
            return 8.0 if crew(state, ship) == 0 else -60.0
        case Walk(num, step, colour):
            sid = _sid(seat, colour, num)
            ring = state.sailors[sid].ring
            before = min(ring_distance(ring, sh.ring) for sh in state.ships if sh.owner == seat)
            after = min(ring_distance((ring + step) % RING, sh.ring)
                        for sh in state.ships if sh.owner == seat)
            return 5.0 * (before - after) + 1.0
        case ShipMove(step, ship_ref):
            ship = state.ships[seat if ship_ref is None else ship_ref]
            value = -2.0
            new = (ship.ring + step) % RING
            for sid, s in enumerate(state.sailors):
                if owner(state, sid) != seat:
                    if s.state == OFF and s.ring == new:
                        value += 10.0
                    continue
                if s.state == OFF:
                    value += 3.0 * (ring_distance(s.ring, ship.ring) - ring_distance(s.ring, new))
                elif s.state == ON_BOARD and s.carry:
                    old_d = _ring_dist(state, ship.ring, s.square)
                    new_d = _ring_dist(state, new, s.square)
                    value += 4.0 * (old_d - new_d)
            return value
        case Go(square, token):
            assert state.pending is not None
            return _square_value(state, seat, state.pending.sailor, square, token, maps)
        case Side(side):
            assert state.pending is not None
            rings = [o[0] for o in state.pending.options if o[0] // 10 == side]
            return -min(ring_distance(rings[0], sh.ring) for sh in state.ships
                        if sh.owner == seat)
        case Neptune(square, None):
            pile = state.tokens.get(square)
            if pile and not at_square(state, square):
                return 40.0 + max(pile) / 10
            return -50.0
        case Neptune(_, ship):
            return 600.0
        case Mermaid(_, token):
            return 100.0 + token / 10
        case Later():
            return 0.0
        case Pass():
            return 0.0
    return -1000.0


def _ring_dist(state: LovciState, ring: int, sq: int) -> int:
    beside = SLOT_SQUARE[ring]
    if beside < 0:
        return 2 + min(_ring_dist(state, (ring + k) % RING, sq) for k in (-1, 1))
    return min(_dist_map(state, [beside], True)[sq], 60)


def choose(state: LovciState, seat: int) -> Action:
    """The bot's move now (the first of the best-scoring legal moves)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    if state.phase == "start":
        return legal[len(legal) // 2]
    if len(legal) == 1:
        return legal[0]
    maps = _Maps(state, seat)
    best = max(range(len(legal)), key=lambda i: (score(state, seat, legal[i], maps), -i))
    return legal[best]


__all__ = ["SQUARE_SLOTS", "choose", "score"]
