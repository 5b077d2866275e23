"""A sensible Lovci pokladů bot: explore, fetch treasure home, guard the ship, capture
crewless ships and knock opponents back when it pays.

Every legal move gets a heuristic score from public information only (a face-down card
is an unknown risk, never peeked at); the bot takes the best. The score is built from
*potentials* — distance maps over the known board (to the home ship for a carried token,
to reachable treasure, to face-down cards, to crewless enemy ships) — and a move is worth
how much it lowers them, so the bot cannot wander in circles on an unchanged board.
Roses, dolphins and seahorses are judged by where they visibly send the sailor (a carrier
keeps its token across them; a rose that only sends it back is a null move), also in the
walking distances (a sailor cannot stop on one, so a wall of them is no path), and a ship
only waits at a berth its crew will in fact go ashore from (never beside a crewed enemy
ship, whose crew knocks ours off). Work nearer by sea than on foot — or reachable only
from the sea — brings a sailor back aboard and the ship sails there.
Exact ties are broken by a hash of the move's index and the turn number, so the bot stays
a pure function of the state and still does not repeat a flat back-and-forth forever.
"""

from __future__ import annotations

import heapq

from ..bot_levels import ExpertBudget, score_margin_value
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
    STARFISH,
    STINGRAY,
    TURTLE,
    VOLCANO,
    ring_distance,
)
from .rules import (
    apply,
    apply_trusted,
    at_square,
    blocked,
    crew,
    legal_actions,
    mover_targets,
    owner,
    total,
)
from .state import HELD, LOST, OFF, ON_BOARD, ON_SHIP, LovciState, trial_copy

INF = 999
#: Bot games usually end within ~1,000 turns; past this one the bot breaks cycles harder.
STALL_TURN = 1000
_DANGER = {SHARK: -500.0, STINGRAY: -30.0, HURRICANE: -25.0, OCTOPUS: -35.0,
           STARFISH: -15.0, TURTLE: -2.0}
# squares a token can be carried across safely (face up, and not one that drops it)
_NO_CARRY = frozenset((SHARK, STINGRAY, HURRICANE, OCTOPUS, STARFISH, ISLAND)) | MOVERS
_EDGE_SLOTS = tuple(p for p in range(RING) if SLOT_SQUARE[p] >= 0)
#: _STEPS_INTO[y]: every square one step from which is ``y`` (the reversed NEIGHBOURS;
#: the searches' distances do not depend on the order of a square's edges)
_STEPS_INTO = tuple(tuple(x for x in range(81) if y in NEIGHBOURS[x]) for y in range(81))


def _sid(seat: int, colour: int | None, num: int) -> int:
    return (seat if colour is None else colour) * SAILORS_PER_SHIP + num


def _kind(state: LovciState, sq: int) -> str | None:
    return CARD_TYPES[state.cards[sq]].kind if state.face_up[sq] else None


def _carry_ok(state: LovciState, sq: int) -> bool:
    return state.face_up[sq] and CARD_TYPES[state.cards[sq]].kind not in _NO_CARRY


def _walk_cost(state: LovciState, sq: int) -> int:
    """Cost of entering ``sq`` for a sailor with empty hands (INF: never)."""
    kind = _kind(state, sq)
    if kind is None:
        return 2
    if kind == SHARK:
        return INF
    if kind in _DANGER and kind != TURTLE:
        return 20
    if kind in MOVERS:
        return 3
    if kind == VOLCANO:
        return 2 + 2 * CARD_TYPES[state.cards[sq]].level
    return 1


#: cards nobody stops on: the sailor is lost, thrown off, sent back or held there
_NO_STOP = frozenset((SHARK, STINGRAY, HURRICANE, STARFISH, OCTOPUS))


def _can_stand(state: LovciState, sq: int, moves: dict[int, list[int]]) -> bool:
    """Whether a sailor entering ``sq`` may stay there and move on from it next turn, as
    far as the face-up cards show: not a shark, stingray, hurricane, starfish or octopus,
    nor a rose, dolphin or seahorse that sends it on (``moves``: :func:`_mover_targets`).
    A ship is captured by stepping aboard "from the card beside" it (RULES-NOTES,
    Tokens and fights), so a crewless ship beside such a card cannot be taken on foot."""
    kind = _kind(state, sq)
    if kind is None:
        return True
    if kind in MOVERS:
        return not moves.get(sq)
    return kind not in _NO_STOP


def _blocked_squares(state: LovciState, seat: int) -> set[int]:
    """The squares :func:`~games.lovci_pokladu.rules.blocked` for ``seat`` (two sailors of
    one other player on them, a held one counting), found in one pass over the sailors."""
    counts: dict[tuple[int, int], int] = {}
    out: set[int] = set()
    for s in state.sailors:
        if s.state in (ON_BOARD, HELD):
            o = state.ships[s.ship].owner
            if o != seat:
                key = (s.square, o)
                counts[key] = counts.get(key, 0) + 1
                if counts[key] >= 2:
                    out.add(s.square)
    return out


def _seeded(sources: list[tuple[int, int]]) -> tuple[list[int], list[tuple[int, int]]]:
    """The distances and the heap a search starts from: each source at its cost."""
    dist = [INF] * 81
    heap: list[tuple[int, int]] = []
    for sq, c in sources:
        if c < dist[sq]:
            dist[sq] = c
            heap.append((c, sq))
    heapq.heapify(heap)
    return dist, heap


def _walk_graph(walk: list[int], landings: dict[int, tuple[int, ...]]
                ) -> list[list[tuple[int, int]]]:
    """The moves of a sailor with empty hands, reversed: ``into[z]`` lists ``(x, cost)``
    for every square ``x`` from which one move ends on ``z``. A step onto a face-up rose,
    dolphin or seahorse ends where the card sends the sailor (``landings``), never on
    the card itself nor back where it started, so a wall of such cards is no path for
    walking (a square behind it may be reachable only from the sea)."""
    into: list[list[tuple[int, int]]] = [[] for _ in range(81)]
    for y in range(81):
        cost = walk[y]
        if cost >= INF:
            continue
        ends = landings.get(y)
        if ends is None:
            into[y].extend([(x, cost) for x in _STEPS_INTO[y]])
            continue
        for x in _STEPS_INTO[y]:
            for t in ends:
                if t != x and walk[t] < INF:
                    into[t].append((x, 1 + (walk[t] if t != y else 0)))
    return into


def _reach(sources: list[tuple[int, int]], into: list[list[tuple[int, int]]]) -> list[int]:
    """``dist[x]``: the cheapest cost of the moves that bring a sailor on ``x`` to a
    source (each source at its start cost), over the reversed move graph ``into``."""
    dist, heap = _seeded(sources)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, z = pop(heap)
        if d > dist[z]:
            continue
        for x, c in into[z]:
            if d + c < dist[x]:
                dist[x] = d + c
                push(heap, (d + c, x))
    return dist


def _mover_targets(state: LovciState, seat: int) -> dict[int, list[int]]:
    """For every face-up rose, dolphin and seahorse: where it sends a sailor of ``seat``
    stepping onto it (:func:`~games.lovci_pokladu.rules.mover_targets` at the start of a
    move), worked out once per decision for every map that follows chains."""
    out: dict[int, list[int]] = {}
    for m in range(81):
        if state.face_up[m]:
            card = CARD_TYPES[state.cards[m]]
            if card.kind in MOVERS:
                out[m] = mover_targets(state, seat, m, card.kind, state.rotation[m],
                                       card.arrows, [])
    return out


def _through_movers(state: LovciState, targets: dict[int, list[int]],
                    carry_cost: list[int]) -> dict[int, list[int]]:
    """For every face-up rose, dolphin and seahorse: the squares a sailor carrying a
    token may be sent on to and keep it (face up, not an island, not a card that drops
    or eats it), following chains of such cards (at most three deep). ``targets``: the
    cards' :func:`_mover_targets`."""
    out: dict[int, list[int]] = {}
    for sq in targets:
        landings: set[int] = set()
        frontier, seen = [sq], {sq}
        for _ in range(3):
            nxt = []
            for m in frontier:
                for t in targets[m]:
                    if carry_cost[t] < INF:
                        landings.add(t)
                    elif (t not in seen and state.face_up[t]
                          and CARD_TYPES[state.cards[t]].kind in MOVERS):
                        seen.add(t)
                        nxt.append(t)
            frontier = nxt
        if landings:
            out[sq] = sorted(landings)
    return out


def _chain_landings(state: LovciState, moves: dict[int, list[int]]
                    ) -> dict[int, tuple[int, ...]]:
    """For every face-up rose, dolphin and seahorse: every square a sailor stepping onto
    it may end its move on (following chains of such cards, at most three deep; the
    card itself where a chain may stop there). ``moves``: the cards'
    :func:`_mover_targets`."""
    out: dict[int, tuple[int, ...]] = {}
    for sq in moves:
        ends: set[int] = set()
        frontier, seen = [sq], {sq}
        for _ in range(3):
            nxt = []
            for m in frontier:
                targets = moves[m]
                if not targets:
                    ends.add(m)
                for t in targets:
                    if t in moves:
                        if t not in seen:
                            seen.add(t)
                            nxt.append(t)
                    else:
                        ends.add(t)
            frontier = nxt
        out[sq] = tuple(sorted(ends | set(frontier)))
    return out


def _carry_moves(carry_cost: list[int], through: dict[int, list[int]]
                 ) -> list[list[tuple[int, int]]]:
    """``moves[x]``: ``(z, cost)`` for every square ``z`` a carrier on ``x`` reaches in one
    move and keeps its token on: a neighbour that keeps it, or where a rose, dolphin or
    seahorse beside it sends the carrier on (``through``; never straight back to ``x``).
    The moves are not symmetric (a single-arrow rose sends one way only)."""
    moves: list[list[tuple[int, int]]] = [[] for _ in range(81)]
    for x in range(81):
        for y in NEIGHBOURS[x]:
            if carry_cost[y] < INF:
                moves[x].append((y, carry_cost[y]))
            for t in through.get(y, ()):
                if t != x:
                    moves[x].append((t, 1 + carry_cost[t]))
    return moves


def _carry_home(through: dict[int, list[int]], sources: list[tuple[int, int]],
                carry_cost: list[int]) -> list[int]:
    """``home[x]``: the cheapest way for a sailor carrying a token on ``x`` to bring it
    aboard an own ship, over squares that keep the token, a rose, dolphin or seahorse
    on the way counting as one step to where it sends the sailor. The moves are not
    symmetric (a single-arrow rose sends one way only), so the search runs backwards
    over the moves' reversed graph. ``through``: :func:`_through_movers`."""
    # into[z]: (x, cost) — a carrier on x reaches z in one move at that cost
    into: list[list[tuple[int, int]]] = [[] for _ in range(81)]
    for y in range(81):
        cost = carry_cost[y]
        if cost < INF:
            into[y].extend([(x, cost) for x in _STEPS_INTO[y]])
        sent = through.get(y)
        if sent is not None:
            for x in _STEPS_INTO[y]:
                for t in sent:
                    if t != x:
                        into[t].append((x, 1 + carry_cost[t]))
    dist, heap = _seeded(sources)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, z = pop(heap)
        if d > dist[z]:
            continue
        for x, c in into[z]:
            # the token must be able to wait on x: x keeps it (or x is where it lies)
            if d + c < dist[x]:
                dist[x] = d + c
                push(heap, (d + c, x))
    return dist


def _carry_from(start: int, moves: list[list[tuple[int, int]]]) -> list[int]:
    """The carry cost from ``start`` to every square over the carrier's ``moves`` (the
    same moves :func:`_carry_home` counts, so a ship waits where the carrier will come)."""
    dist = [INF] * 81
    dist[start] = 0
    heap = [(0, start)]
    while heap:
        d, sq = heapq.heappop(heap)
        if d > dist[sq]:
            continue
        for n, c in moves[sq]:
            if d + c < dist[n]:
                dist[n] = d + c
                heapq.heappush(heap, (d + c, n))
    return dist


def _ashore(dist: list[int], walk: list[int], rings: list[int]) -> int:
    """The cheapest way to the work ``dist`` measures for a sailor aboard one of the
    ships at ``rings``: sail to a berth, go ashore, walk on (INF: none)."""
    best = INF
    for p in _EDGE_SLOTS:
        b = SLOT_SQUARE[p]
        if dist[b] < INF and walk[b] < INF:
            step = walk[b] + dist[b]
            if step < best:  # (else sailing there, never negative, cannot be better)
                best = min(best, step + min((ring_distance(r, p) for r in rings),
                                            default=INF))
    return best


def _by_sea(dist: list[int] | None, walk_home: list[int], walk: list[int],
            rings: list[int]) -> list[int] | None:
    """``dist`` where walking back aboard, sailing and going ashore elsewhere may be the
    shorter way — or the only one: a face-down card whose every neighbour is a rose,
    dolphin or seahorse (they send a sailor on) is reached only from the sea."""
    if dist is None:
        return None
    aboard = _ashore(dist, walk, rings)
    if aboard >= INF:
        return dist
    return [min(d, h + aboard) for d, h in zip(dist, walk_home, strict=True)]


class _Maps:
    __slots__ = (
        "ashore",
        "berths",
        "carry_berths",
        "carry_cost",
        "carry_moves",
        "contested",
        "enemy_berths",
        "follow",
        "guard_needed",
        "hidden",
        "hidden_sea",
        "hit",
        "home",
        "own_rings",
        "pile",
        "pile_sea",
        "prey",
        "raid",
        "rescue",
        "spare",
        "state",
        "threat",
        "walk",
        "walk_home",
    )

    def __init__(self, state: LovciState, seat: int) -> None:
        #: :func:`_ashore` of one of these maps from one ship's ring, as moves ask it
        self.ashore: dict[tuple[int, int], int] = {}
        #: the decision's state, and :func:`_berth` in it of (ship, ring), as moves ask it
        self.state = state
        self.berths: dict[tuple[int, int], float] = {}
        self.own_rings = [sh.ring for sh in state.ships if sh.owner == seat]
        self.carry_cost = [(1 + (CARD_TYPES[state.cards[sq]].level
                                 if CARD_TYPES[state.cards[sq]].kind == VOLCANO else 0))
                           if _carry_ok(state, sq) else INF for sq in range(81)]
        # two enemy sailors on a square block it: no path through, no pile to fight for
        stop = _blocked_squares(state, seat)
        walk = [INF if sq in stop else _walk_cost(state, sq) for sq in range(81)]
        # carrying home: reach some edge card, the ship sails there, board (+1)
        sources = []
        # berths a carrier can board from: it never stands on a rose, dolphin or seahorse
        self.carry_berths = [p for p in _EDGE_SLOTS if self.carry_cost[SLOT_SQUARE[p]] < INF]
        for p in self.carry_berths:
            b = SLOT_SQUARE[p]
            sources.append((b, 1 + min(ring_distance(p, r) for r in self.own_rings)))
        moves = _mover_targets(state, seat)
        through = _through_movers(state, moves, self.carry_cost)
        self.home = _carry_home(through, sources, self.carry_cost)
        # the same moves from a carrier's square: where its ship should wait for it
        self.carry_moves = _carry_moves(self.carry_cost, through)
        # a carrier never stands on a rose, dolphin or seahorse: it is sent on at once,
        # so stepping onto one is worth where it sends the sailor (one step more)
        for sq in moves:
            self.home[sq] = min((1 + self.home[t] for t in through.get(sq, ())),
                                default=INF)
            if self.home[sq] < INF:
                self.carry_cost[sq] = 1
        beside = [SLOT_SQUARE[r] for r in self.own_rings if SLOT_SQUARE[r] >= 0]
        landings = _chain_landings(state, moves)
        self.walk = walk
        into = _walk_graph(walk, landings)
        self.walk_home = _reach([(b, 1) for b in beside], into)
        piles = [(sq, 0) for sq in state.tokens
                 if self.home[sq] < INF and walk[sq] < INF]
        # a token held by the octopus with an enemy sailor: freeing it brings the token
        piles += [(s.square, 0) for i, s in enumerate(state.sailors)
                  if s.state == HELD and s.carry and owner(state, i) != seat]
        self.pile = _reach(piles, into) if piles else None
        hidden = [(sq, 0) for sq in range(81) if not state.face_up[sq]]
        self.hidden = _reach(hidden, into) if hidden else None
        # a crewless enemy ship is boarded from the card beside it: only one a sailor
        # can stop on (else the ship beside a starfish drew sailors at it for ever)
        prey = [(SLOT_SQUARE[sh.ring], 0) for i, sh in enumerate(state.ships)
                if sh.owner != seat and SLOT_SQUARE[sh.ring] >= 0 and crew(state, i) == 0
                and _can_stand(state, SLOT_SQUARE[sh.ring], moves)]
        self.prey = _reach(prey, into) if prey else None
        held = [(s.square, 0) for i, s in enumerate(state.sailors)
                if s.state == HELD and owner(state, i) == seat]
        self.rescue = _reach(held, into) if held else None
        own_ships = [sh.ring for sh in state.ships if sh.owner == seat and sh.ring >= 0]
        self.pile_sea = _by_sea(self.pile, self.walk_home, walk, own_ships)
        self.hidden_sea = _by_sea(self.hidden, self.walk_home, walk, own_ships)
        # squares an opponent could step onto next turn (and knock us back)
        hit: set[int] = set()
        by: dict[int, set[int]] = {}
        #: own sailors that can step onto each square next turn (a second one there
        #: makes a pile ours: RULES-NOTES, Bot)
        self.follow: dict[int, set[int]] = {}
        for i, s in enumerate(state.sailors):
            if s.delay:
                continue
            reach: tuple[int, ...] = ()
            if s.state == ON_BOARD:
                reach = NEIGHBOURS[s.square]
            elif s.state == ON_SHIP and SLOT_SQUARE[state.ships[s.ship].ring] >= 0:
                reach = (SLOT_SQUARE[state.ships[s.ship].ring],)
            # a rose, dolphin or seahorse in reach carries the opponent on, in that turn
            reach = tuple({x for sq in reach for x in landings.get(sq, (sq,))})
            if owner(state, i) == seat:
                for sq in reach:
                    self.follow.setdefault(sq, set()).add(i)
                continue
            hit.update(reach)
            for sq in reach:
                by.setdefault(sq, set()).add(owner(state, i))
        self.hit = hit
        # squares two or more opponents can reach next turn: a pile there is a brawl in
        # which whoever lands is knocked off before carrying anything away
        # — or beside an enemy ship, whose crew (the knocked sailor among them, thrown
        # back aboard) lands there again at once: a fight nobody wins
        self.contested = frozenset(
            [sq for sq, who in by.items() if len(who) >= 2]
            + [SLOT_SQUARE[sh.ring] for sh in state.ships
               if sh.owner != seat and sh.ring >= 0 and SLOT_SQUARE[sh.ring] >= 0])
        # ring positions beside the card an enemy ship with a crew aboard lands on at
        # once: both sides of a corner card (two ships round a corner from each other
        # traded knocks on that card for hundreds of turns)
        landing = {SLOT_SQUARE[sh.ring] for i, sh in enumerate(state.ships)
                   if sh.owner != seat and sh.ring >= 0 and crew(state, i) > 0}
        self.enemy_berths = frozenset(p for p in _EDGE_SLOTS if SLOT_SQUARE[p] in landing)
        self.threat = any(s.state in (ON_BOARD, ON_SHIP, OFF) and owner(state, i) != seat
                          for i, s in enumerate(state.sailors))
        self.raid = _raid(state, seat)
        # a crewless own ship: its last sailor heads home when a raider could get there
        # first (RULES-NOTES, Bot), not as soon as any enemy sailor is in the game
        self.guard_needed = self.threat and any(
            sh.owner == seat and crew(state, i) == 0 for i, sh in enumerate(state.ships))
        self.guard_needed = self.guard_needed and self.raid <= RAID_NEAR
        # sailors that could do something besides the guards
        self.spare = sum(1 for i, s in enumerate(state.sailors)
                         if owner(state, i) == seat and s.state in (ON_BOARD, OFF))


#: A raider this many moves or fewer from boarding an own ship is near: the last sailor
#: stays aboard (or comes home). Farther, it may go ashore to work — one guard each, two
#: players' ships shuttled for ever, both keeping their last sailor aboard.
RAID_NEAR = 6


def _raid(state: LovciState, seat: int, moved: tuple[int, int] | None = None) -> int:
    """The fewest moves in which an opponent's free sailor could board one of ``seat``'s
    ships (ignoring the cards on the way): walk to the card beside it and step aboard,
    or sail its own ship there first; a figure walking back in the sea cannot board.
    ``moved``: (ship, ring) — as if that ship lay at that ring position."""
    own = [(moved[1] if moved and moved[0] == i else sh.ring)
           for i, sh in enumerate(state.ships) if sh.owner == seat]
    rings = [r for r in own if r >= 0]
    berths = [SLOT_SQUARE[r] for r in rings if SLOT_SQUARE[r] >= 0]
    best = INF
    for i, s in enumerate(state.sailors):
        if owner(state, i) == seat or s.state not in (ON_BOARD, ON_SHIP):
            continue
        if s.state == ON_BOARD:
            x = s.square
            steps = min((max(abs(x % 9 - b % 9), abs(x // 9 - b // 9)) for b in berths),
                        default=INF)
        else:
            ring = state.ships[s.ship].ring
            steps = min((ring_distance(ring, r) + 1 for r in rings), default=INF)
            here = SLOT_SQUARE[ring] if ring >= 0 else -1
            if here >= 0:
                steps = min([steps] + [1 + max(abs(here % 9 - b % 9), abs(here // 9 - b // 9))
                                       for b in berths])
        best = min(best, s.delay + steps + 1)
    return best


def _danger(state: LovciState, seat: int, dest: int, carrying: bool) -> float:
    kind = _kind(state, dest)
    if kind is None:
        return -2.0
    if kind == OCTOPUS:
        held = [o for o in at_square(state, dest) if state.sailors[o].state == HELD]
        if any(owner(state, o) == seat for o in held):
            return 25.0  # free an own sailor
        if held:  # free an enemy: it swims home, its token comes to free hands
            return 0.0 if carrying else 10.0 + max(state.sailors[o].carry for o in held) / 10
    if kind in MOVERS:  # a carrier is sent on; the home map says whether it pays
        return -3.0 if carrying else -2.0
    if kind == VOLCANO:  # a carrier only waits there: the token stays safe
        level = CARD_TYPES[state.cards[dest]].level
        if carrying:
            return -2.0 - 2.0 * level
        # the treasure lying on a volcano is fetched only by waiting there: the wait is
        # worth it, or the pile lies there for the rest of the game
        # (the wait itself is in the walking distances: 2 + 2 per volcano)
        return -2.0 - 2.0 * level if dest in state.tokens else -2.0 - 1.0 * level
    return _DANGER.get(kind, 0.0)


def _move_value(state: LovciState, seat: int, sid: int, here: int, dest: int, token: int,
                maps: _Maps) -> float:
    """A sailor standing on ``here`` (-1: aboard) goes to ``dest`` carrying ``token``."""
    s = state.sailors[sid]
    value = _danger(state, seat, dest, bool(token))
    if not token and dest in state.tokens and _kind(state, dest) == OCTOPUS \
            and not at_square(state, dest) and _helpers(state, seat, sid):
        # a pile on an octopus is fetched only by being held there and freed by an own
        # sailor, who takes it on ("can be freed only by another of the player's own
        # sailors"); kept off it by the octopus's cost, sailors ringed the pile for
        # ever, and no game ends with a token left on the board
        value += 30.0
    for other in at_square(state, dest):
        carried = state.sailors[other].carry
        if owner(state, other) != seat:
            # knock a carrier back (its token drops here); a bare knock only invites
            # the same back, so it costs a little
            # bare knock only invites the same back, so it costs a little — unless the
            # enemy sits on a pile we want: then it is a standoff only a knock ends
            value += 15.0 + carried / 10 if carried else (
                4.0 if dest in state.tokens and dest not in maps.contested else -6.0)
    if token:
        weight = 10.0 + token / 30
        h_here = maps.home[here] if here >= 0 else INF
        if maps.home[dest] >= INF or maps.carry_cost[dest] >= INF:
            # (a square that drops or eats the token has a finite distance *from* it)
            return value - 40.0
        if dest in maps.hit:
            value -= 8.0 + token / 30
        if not s.carry:
            value += 50.0 + token / 10 if h_here < INF else -20.0
        return value + weight * (min(h_here, maps.home[dest] + 3) - maps.home[dest])
    if s.carry:  # leaving the carried token behind
        return value + (5.0 if here >= 0 and maps.home[here] >= INF else -60.0 - s.carry / 10)

    def gain(dist: list[int] | None) -> float:
        # How much nearer the target the move comes. Walking off to where it cannot be
        # reached costs a little; a target nobody can reach from here or there (a
        # crewless ship behind a shark) is no reason to move a sailor at all, and must not
        # make every sailor move look worse than a ship move.
        # A sailor aboard starts from where the ship could take it: going ashore here
        # is no step forward when sailing on to another berth is the shorter way.
        if dist is None:
            return 0.0
        if here >= 0:
            before = dist[here]
        else:
            ring = state.ships[s.ship].ring
            key = (id(dist), ring)  # dist is one of maps' own lists: its id is stable
            aboard = maps.ashore.get(key)
            if aboard is None:
                aboard = maps.ashore[key] = _ashore(dist, maps.walk, [ring])
            before = min(dist[dest] + 1, aboard)
        if dist[dest] >= INF:
            return -5.0 if before < INF else 0.0
        return float(min(before, dist[dest] + 3) - dist[dest])

    # "A square occupied by two sailors from the same ship may not be occupied by an
    # opponent": joining an own sailor there makes the square ours
    paired = any(owner(state, o) == seat and o != sid for o in at_square(state, dest))
    if maps.pile is not None:
        value += 3.0 * gain(maps.pile_sea)
        if maps.pile[dest] == 0 and dest in state.tokens:
            # onto a pile: the next move carries a token home — unless it is a brawl,
            # which a pair ends: a sailor another can join next turn goes first (else
            # every player's sailors ringed a contested pile, none stepping on)
            if paired:
                value += 10.0
            elif dest not in maps.contested:
                value += 6.0
            else:
                value += 2.0 if maps.follow.get(dest, set()) - {sid} else -4.0
        if maps.hidden is not None:
            value += 2.0 * gain(maps.hidden_sea)
    else:
        value += 3.0 * gain(maps.hidden_sea)
    value += 6.0 * gain(maps.prey)
    value += 3.0 * gain(maps.rescue)
    if dest in maps.hit:
        value -= 3.0
    if maps.guard_needed:
        value += 2.0 * gain(maps.walk_home)
    return value


def _helpers(state: LovciState, seat: int, sid: int) -> bool:
    """Whether ``seat`` has a sailor besides ``sid`` that may come to free it (on the
    board or aboard a ship, not held)."""
    return any(i != sid and s.state in (ON_BOARD, ON_SHIP) and owner(state, i) == seat
               for i, s in enumerate(state.sailors))


def _sails_on(maps: _Maps, here: int) -> bool:
    """Whether the work of a sailor on ``here`` is nearer by ship than on foot (so
    boarding, for a ship that already has its guard, is a step toward it)."""
    walk, sea = ((maps.pile, maps.pile_sea) if maps.pile is not None
                 else (maps.hidden, maps.hidden_sea))
    return walk is not None and sea is not None and sea[here] < walk[here]


def _ship_pull(state: LovciState, seat: int, maps: _Maps) -> list[list[int]]:
    """For each own sailor on the board carrying a token, or standing with free hands on
    one it will pick up: its carry cost from its square."""
    return [_carry_from(s.square, maps.carry_moves) for i, s in enumerate(state.sailors)
            if s.state == ON_BOARD and (s.carry or s.square in state.tokens)
            and owner(state, i) == seat and maps.home[s.square] < INF]


def _berth(state: LovciState, seat: int, ship: int, ring: int, maps: _Maps) -> float:
    """How far a sailor going ashore from ``ship`` lying at ``ring`` is from useful work
    (treasure, else face-down cards): sailing there plus walking on; a berth whose card
    visibly throws the sailor off, back or to a shark counts as far, and so does one
    beside a crewed enemy ship."""
    dist = maps.pile if maps.pile is not None else maps.hidden
    if dist is None:
        return 0.0
    if state is not maps.state:
        return _berth_from(state, seat, ship, ring, maps, dist)
    key = (ship, ring)
    known = maps.berths.get(key)
    if known is None:
        known = maps.berths[key] = _berth_from(state, seat, ship, ring, maps, dist)
    return known


def _berth_from(state: LovciState, seat: int, ship: int, ring: int, maps: _Maps,
                dist: list[int]) -> float:
    """:func:`_berth` worked out, ``dist`` the work's distance map."""
    best = float(INF)
    for p in _EDGE_SLOTS:
        b = SLOT_SQUARE[p]
        if dist[b] >= INF or _kind(state, b) == SHARK:
            continue
        cost = ring_distance(ring, p) + dist[b] + _walk_cost(state, b)
        if p in maps.enemy_berths:
            # an enemy ship's crew lands on that card at once and knocks ours back
            # aboard: two ships side by side trade knocks there for ever
            cost += 30
        if cost < best and _kind(state, b) in _CHAIN:
            cost += _berth_trap(state, seat, ship, p, maps)
        best = min(best, cost)
    return best


def _berth_trap(state: LovciState, seat: int, ship: int, p: int, maps: _Maps) -> float:
    """30 if a sailor going ashore from ``ship`` at ring position ``p`` onto a chain card
    is visibly thrown off, sent back, lost, or brought nowhere worth going (the very
    judgement :func:`score` makes of that move, so the ship never lies in wait at a
    berth its crew then refuses to leave by), else 0."""
    trial = trial_copy(state)
    trial.ships[ship].ring = p
    aboard = [i for i, s in enumerate(trial.sailors) if s.ship == ship and s.state == ON_SHIP]
    if not aboard or blocked(trial, SLOT_SQUARE[p], seat):
        return 0.0
    colour, num = divmod(aboard[0], SAILORS_PER_SHIP)
    move = SailorMove(num, None if colour == seat else colour, SLOT_SQUARE[p], None, 0)
    trial.pending = None
    trial.players[seat].ship_only = 0
    trial.sailors[aboard[0]].delay = 0
    return 30.0 if score(trial, seat, move, maps) < _NULL_MOVE / 2 else 0.0


def _berth_cost(ring: int, dist: list[int], maps: _Maps) -> int:
    """Sailing from ``ring`` to the berth nearest a carrier (``dist``: its carry cost),
    among the berths it can board from: not beside a rose, dolphin or seahorse, which
    would send it on (a ship waiting beside one waited for ever); one beside a crewed
    enemy ship, whose crew knocks the carrier off as it comes, counts as far."""
    return min((ring_distance(ring, p) + dist[SLOT_SQUARE[p]]
                + (30 if p in maps.enemy_berths else 0) for p in maps.carry_berths),
               default=INF)


#: What a chain over face-up cards visibly leads to, and what the bot makes of it: a
#: sailor lost costs as much as stepping onto a shark; thrown off the board or back
#: onto the ship wastes the sailor's walk.
_OUTCOME = {LOST: -500.0, OFF: -30.0, ON_SHIP: -20.0}
_CHAIN = MOVERS | {STARFISH}


def _sailor_of(state: LovciState, seat: int, action: Action) -> tuple[int, int] | None:
    """(sailor, first square entered) of a move onto a face-up chain card (a rose,
    dolphin, seahorse or starfish), else None."""
    match action:
        case SailorMove(num, colour, square, None, _):
            sid, dest = _sid(seat, colour, num), square
        case Go(square, _):
            assert state.pending is not None
            sid, dest = state.pending.sailor, square
        case Neptune(square, None):
            sid, dest = state.spells["neptune"].holder, square
        case _:
            return None
    return (sid, dest) if _kind(state, dest) in _CHAIN else None


def _chain(state: LovciState, seat: int, action: Action
           ) -> tuple[LovciState, int, int] | None:
    """A move onto a face-up chain card (rose, dolphin, seahorse, starfish) tried on a
    copy: (the state after it, the sailor, the square first entered) — or None for any
    other move, and for a chain that turns a card over (whose face the bot may not know:
    the trial's turned card is never looked at)."""
    first = _sailor_of(state, seat, action)
    if first is None:
        return None
    trial = trial_copy(state)
    events = apply(trial, seat, action)
    if any(e.key.endswith(".turned") for e in events):
        return None
    return trial, first[0], first[1]


def visible_outcome(state: LovciState, seat: int, action: Action) -> str | None:
    """Where the chain a move starts ends when it crosses only face-up cards: ``lost``
    (a shark), ``off`` (a stingray) or ``ship`` (hurricane, starfish) — or None when it
    ends harmlessly, waits for a choice, or reaches a face-down card (whose effect the
    bot does not know: the trial move's turned card is never looked at)."""
    tried = _chain(state, seat, action)
    if tried is None:
        return None
    after = tried[0].sailors[tried[1]].state
    return after if after in _OUTCOME else None


#: A move whose chain brings the sailor back where it stood changes nothing but the
#: turn: it is worth less than any honest move, so two bots never trade such moves
#: forever.
_NULL_MOVE = -10.0


def score(state: LovciState, seat: int, action: Action, maps: _Maps | None = None) -> float:
    """The heuristic value of ``action`` for the bot in ``seat``.

    A move onto a face-up chain card is worth where the chain visibly takes the sailor:
    the square it ends on (back onto its own square is a null move), the best ending
    among the choices it stops at, or the cost of being thrown off, sent back or lost.
    A chain that turns a card over is judged by its first step, as any move."""
    if maps is None:
        maps = _Maps(state, seat)
    value = _score(state, seat, action, maps)
    token = _first_token(state, action)
    tried = _chain(state, seat, action)
    if tried is None:
        return value
    trial, sid, first = tried
    if token is None:  # Neptune: its worth is not where it walks
        after = trial.sailors[sid].state
        return value + _OUTCOME[after] if after in _OUTCOME else value
    before = state.sailors[sid]
    here = before.square if before.state == ON_BOARD else -1
    if isinstance(action, Go):
        here = _origin(state, action.token)
    # what _score counted for stepping onto the chain card, replaced by where it leads
    base = value - _move_value(state, seat, sid, here, first, token, maps)
    return base + _best_ending(state, seat, sid, here, trial, maps, value - base)


#: At most this many chain steps are tried for one move (a dolphin offers 16 targets,
#: and chains of roses branch again): enough for every chain met in play, and a bound
#: on the bot's time in the rare web of movers.
_CHAIN_BUDGET = 48


def _best_ending(state: LovciState, seat: int, sid: int, here: int, trial: LovciState,
                 maps: _Maps, unknown: float, memo: dict[tuple[int, int], float] | None = None
                 ) -> float:
    """The worth of the best way the chain tried in ``trial`` can end for the sailor
    ``sid`` that stood on ``here`` (``unknown``: a way that turns a card over, or one
    past the budget of tried steps). Choices met again on the same card with the same
    token are not tried twice (``memo``)."""
    after = trial.sailors[sid]
    if after.state in _OUTCOME:
        return unknown + _OUTCOME[after.state]
    if trial.pending is not None and trial.pending.sailor == sid and trial.phase != "over":
        memo = {} if memo is None else memo
        key = (after.square, after.carry)
        if key in memo:
            return memo[key]
        memo[key] = unknown  # a choice that comes back here ends nowhere better
        best = -float(INF)
        options = legal_actions(trial, seat)
        for n, option in enumerate(options, 1):
            if not isinstance(option, Go) or len(memo) > _CHAIN_BUDGET:
                best = max(best, unknown)
                break
            # the last option may be tried on ``trial`` itself: nothing reads it after
            # (the options are legal ones: no second check)
            nxt = trial if n == len(options) else trial_copy(trial)
            events = apply_trusted(nxt, seat, option)
            if any(e.key.endswith(".turned") for e in events):
                best = max(best, unknown)
            else:
                best = max(best, _best_ending(state, seat, sid, here, nxt, maps, unknown, memo))
        memo[key] = best
        return best
    if after.state != ON_BOARD:
        return unknown
    if after.square == here:
        return _NULL_MOVE
    return _move_value(state, seat, sid, here, after.square, after.carry, maps)


def _origin(state: LovciState, token: int) -> int:
    """Where the move now waiting for a ``go`` choice began (-1: aboard), against which
    its ending is judged: the move is one turn, so a chain that ends where it began is a
    null move even if the choice itself looks like a step forward from the card the
    sailor waits on (a seahorse, seahorse, starfish loop brought a sailor back to its
    square every turn for 230 moves). A ``go`` that picks up a token lying on that card
    is judged from the card, where the token lay."""
    pending = state.pending
    assert pending is not None
    if token and not state.sailors[pending.sailor].carry:
        return state.sailors[pending.sailor].square
    # a move begun on the board lists its first square among the visited before its
    # first step; one begun aboard lists only the squares it entered
    if len(pending.visited) == len(pending.steps) + 1:
        return pending.visited[0]
    return -1


def _first_token(state: LovciState, action: Action) -> int | None:
    """The token a sailor's move carries onto its first square, as :func:`_score` counts
    it (None: not a walking move)."""
    match action:
        case SailorMove(_, _, _, None, token):
            return token
        case Go(_, token):
            assert state.pending is not None
            return token or state.sailors[state.pending.sailor].carry
    return None


def _score(state: LovciState, seat: int, action: Action, maps: _Maps | None = None) -> float:
    if maps is None:
        maps = _Maps(state, seat)
    match action:
        case SailorMove(num, colour, square, None, token):
            sid = _sid(seat, colour, num)
            s = state.sailors[sid]
            if s.state == ON_SHIP:
                value = _move_value(state, seat, sid, -1, square, 0, maps)
                if crew(state, s.ship) <= 1 and maps.threat:
                    # keep a guard aboard; the last sailor leaving costs more than
                    # boarding an empty ship gains, so it never hops off and on — but
                    # when it is the only sailor left and no raider is near, it goes
                    # (else two lone guards keep their ships shuttling for ever)
                    if maps.spare:
                        value -= 80.0
                    else:
                        value -= 35.0 if maps.raid <= RAID_NEAR else 0.0
                if _sails_on(maps, square):
                    # the work is nearer by ship even from that card: going ashore only
                    # to board again (for +5) traded the two moves for ever
                    value -= 10.0
                return value + 1.0
            return _move_value(state, seat, sid, s.square, square, token, maps)
        case SailorMove(num, colour, _, ship, token):
            assert ship is not None
            if state.ships[ship].owner != seat:
                return 1000.0 + sum(state.ships[ship].treasure) / 10
            if token:
                return 300.0 + token / 10
            s = state.sailors[_sid(seat, colour, num)]
            if s.carry:
                return -60.0
            if crew(state, ship) == 0 and (maps.guard_needed or maps.spare > 1):
                return 30.0
            return 5.0 if _sails_on(maps, s.square) else -20.0
        case Walk(num, step, colour):
            ring = state.sailors[_sid(seat, colour, num)].ring
            before = min(ring_distance(ring, r) for r in maps.own_rings)
            after = min(ring_distance((ring + step) % RING, r) for r in maps.own_rings)
            return 5.0 * (before - after) + 1.0
        case ShipMove(step, ship_ref):
            ship = state.ships[seat if ship_ref is None else ship_ref]
            value = -3.0
            new = (ship.ring + step) % RING
            index = seat if ship_ref is None else ship_ref
            aboard = crew(state, index)
            if aboard >= (2 if maps.threat else 1):
                # a crew that may go ashore: sail toward the best berth, steadily (a
                # potential, so the ship never shuttles back and forth for nothing)
                value += 2.0 * (_berth(state, seat, index, ship.ring, maps)
                                - _berth(state, seat, index, new, maps))
            elif aboard == 1 and not maps.spare:
                # the last sailor guards the ship while a raider is near, and it is the
                # only one free to work: sail away from the raiders, toward the work, so
                # it can go ashore (a lone guard pinned beside an enemy's sailors
                # shuttled its ship for 400 turns, its other sailor held by an octopus)
                value += 2.0 * (_berth(state, seat, index, ship.ring, maps)
                                - _berth(state, seat, index, new, maps))
                value += 4.0 * (min(_raid(state, seat, (index, new)), RAID_NEAR + 1)
                                - min(maps.raid, RAID_NEAR + 1))
            for sid, s in enumerate(state.sailors):
                if s.state != OFF:
                    continue
                if owner(state, sid) != seat:
                    if s.ring == new:
                        value += 10.0
                else:
                    value += 3.0 * (ring_distance(s.ring, ship.ring) - ring_distance(s.ring, new))
            for dist in _ship_pull(state, seat, maps):
                value += 6.0 * (_berth_cost(ship.ring, dist, maps)
                                - _berth_cost(new, dist, maps))
            return value
        case Go(square, token):
            assert state.pending is not None
            sid = state.pending.sailor
            # a sailor sent on by a rose, dolphin or seahorse keeps the token it carries
            here = _origin(state, token)
            token = token or state.sailors[sid].carry
            value = _move_value(state, seat, sid, here, square, token, maps)
            # back onto a square of this very move: the whole move would come to nothing
            return value - 8.0 if square in state.pending.visited else value
        case Side(side):
            assert state.pending is not None
            rings = [o[0] for o in state.pending.options if o[0] // 10 == side]
            return -float(min(ring_distance(rings[0], r) for r in maps.own_rings))
        case Neptune(square, None):
            pile = state.tokens.get(square)
            if pile and not at_square(state, square) and maps.home[square] < INF:
                return 40.0 + max(pile) / 10
            return -50.0
        case Neptune(_, ship):
            return 1000.0
        case Mermaid(_, token):
            return 100.0 + token / 10
        case Later() | Pass():
            return 0.0
    return -1000.0


def choose(state: LovciState, seat: int) -> Action:
    """The bot's move now: the best-scoring legal move; exact ties broken by a hash of
    the move's index and the turn number (deterministic in the state)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    if state.phase == "start":
        return legal[len(legal) // 2]
    if len(legal) == 1:
        return legal[0]
    maps = _Maps(state, seat)
    turn = state.turn
    # a little deterministic jitter (move index x turn) breaks flat back-and-forths; a
    # game far longer than usual is stuck in a cycle (a fight over a pile, a blocked
    # path): the jitter grows with the turn number until the bots shake it loose
    amp = 2.0 + max(0, turn - STALL_TURN) / 10
    best = max(range(len(legal)),
               key=lambda i: score(state, seat, legal[i], maps)
               + ((i * 2654435761 + turn * 40503) % 1000003) / 1000003 * min(amp, 80.0))
    return legal[best]


__all__ = ["choose", "score"]


#: The expert's search (games/bot_levels.py) within its second: this bot's own decisions
#: take a few ms each, so fewer and shorter playouts than other games.
EXPERT_BUDGET = ExpertBudget(candidates=4, samples=3, depth=16)


#: Lovci pokladů's scores go in steps of 50 up to a few thousand: the margin that tells
#: a good position from a level one is hundreds, not the default 3 (which saw every
#: lead of one treasure as a sure win, so no move ever beat the normal one)
EVALUATE_SCALE = 300.0


#: what a treasure a sailor carries is worth against one on the ship (it may still be
#: lost to a shark, a pirate or an octopus on the way)
CARRIED_WORTH = 0.5


def evaluate(state: LovciState, seat: int) -> float:
    """How good an unfinished game is for ``seat``, for the expert's search: its lead in
    treasure over the best other player ("bring it to the ship": what its sailors carry
    counts :data:`CARRIED_WORTH`), at the scale of the game's points."""
    points = [float(total(state, i)) for i in range(len(state.players))]
    for sid, sailor in enumerate(state.sailors):
        if sailor.carry and sailor.state in (ON_BOARD, HELD):
            points[owner(state, sid)] += CARRIED_WORTH * sailor.carry
    return score_margin_value(points, seat, scale=EVALUATE_SCALE)
