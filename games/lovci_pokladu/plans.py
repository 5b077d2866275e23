"""Lovci pokladů's plans (issue 26, item 3): *walk to* and *carry home*.

Most of a Lovci pokladů game is single steps toward a goal the player chose many turns
before. A plan takes those steps for the player, one a turn, by the route it showed when
it was set (``/plan show`` shows it again), and gives the turn back the moment the
player has something to decide (RULES-NOTES, LP-D52 to LP-D58):

* **walk to** ``piece square``: a sailor (``2``, ``g2``) walks square by square to
  ``square``; the ship (``ship``, ``ship g``) sails along the ring to the berth beside an
  edge ``square``. The sailor stops before a face-down card, before a square an
  opponent can reach in their next turn, when a card on the route is turned by someone
  else, and on reaching a rose, dolphin or seahorse (which offers a choice);
* **carry home** ``sailor``: the sailor carrying a token walks it to its ship, by face-up
  squares a token may cross, and steps aboard.

Every route and every decision is made from what the owner sees: the face-up cards, the
figures and the ships (never a face-down card: tests/test_hidden_info.py).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from typing import Any

from i18n import DEFAULT_LOCALE, t

from ..errors import IllegalAction
from ..plans import NOT_NOW, Decision, Plan, PlanBook, PlanKind, PlanParam, Play, Stop
from .actions import Action, SailorMove, ShipMove
from .data import (
    CARD_TYPES,
    COLOUR_LETTERS,
    COLOURS,
    ISLAND,
    MERMAID,
    MOVERS,
    NAMES,
    NEIGHBOURS,
    NEPTUNE,
    RING,
    SAILORS_PER_SHIP,
    SEA,
    SLOT_SQUARE,
    SQUARE_BY_NAME,
    SQUARE_SLOTS,
    SQUARES,
    TREASURE,
    ring_distance,
)
from .rules import blocked, mover_targets
from .state import HELD, LOST, OFF, ON_BOARD, ON_SHIP, PHASE_PLAY, LovciState

WALK_TO = "walk_to"
CARRY_HOME = "carry_home"
#: Both kinds move one piece a turn, so a seat holds one of them at a time.
SLOT = "walk"
_P = "lovci-pokladu-plans."
#: Face-up cards a walker crosses without anything happening to it (LP-D53); an island
#: too when it carries nothing.
_PLAIN = frozenset((SEA, TREASURE, NEPTUNE, MERMAID))
#: Entering a face-down card on the way costs this much more than a face-up one, so a
#: route keeps to the known cards when it can (the walk stops before it anyway).
_FACE_DOWN_COST = 10
#: A step's weight against the tie-break (the distance left, summed over the route).
_STEP = 1000


def _stop(reason: str, done: bool = False, **params: Any) -> Stop:
    return Stop(_P + "stop." + reason, params, done)


def _kind(state: LovciState, sq: int) -> str | None:
    """The kind of the card on ``sq`` as its viewer sees it: ``None`` when face down."""
    return CARD_TYPES[state.cards[sq]].kind if state.face_up[sq] else None


def _controller(state: LovciState, sid: int) -> int:
    return state.ships[state.sailors[sid].ship].owner


def _ref(seat: int, sid: int) -> tuple[int, int | None]:
    colour, num = divmod(sid, SAILORS_PER_SHIP)
    return num, None if colour == seat else colour


def sailor_name(seat: int, sid: int) -> str:
    """``2`` for an own sailor, ``g2`` for one of another colour (as the notation)."""
    num, colour = _ref(seat, sid)
    return f"{'' if colour is None else COLOUR_LETTERS[colour]}{num + 1}"


def ship_name(seat: int, ship: int) -> str:
    return "ship" if ship == seat else f"ship {COLOUR_LETTERS[ship]}"


def _read_sailor(state: LovciState, seat: int, text: str) -> int:
    word = text.strip().lower().removeprefix("sailor").strip()
    colour = seat
    if len(word) == 2 and word[0] in COLOUR_LETTERS:
        colour, word = COLOUR_LETTERS.index(word[0]), word[1:]
    if len(word) != 1 or word not in "1234" or colour >= len(state.players):
        raise IllegalAction(_P + "refuse.no_piece", piece=text)
    sid = colour * SAILORS_PER_SHIP + int(word) - 1
    if _controller(state, sid) != seat:
        raise IllegalAction(_P + "refuse.not_yours", piece=text)
    return sid


def _read_ship(state: LovciState, seat: int, text: str) -> int | None:
    """The ship ``text`` names (``ship``, ``ship g``), ``None`` when it names no ship."""
    words = text.strip().lower().split()
    if not words or words[0] != "ship":
        return None
    if len(words) == 1:
        ship = seat
    elif len(words) == 2 and words[1] in COLOUR_LETTERS[:len(state.ships)]:
        ship = COLOUR_LETTERS.index(words[1])
    else:
        raise IllegalAction(_P + "refuse.no_piece", piece=text)
    if state.ships[ship].owner != seat:
        raise IllegalAction(_P + "refuse.not_yours", piece=text)
    return ship


def _read_square(text: str) -> int:
    sq = SQUARE_BY_NAME.get(text.strip().lower())
    if sq is None:
        raise IllegalAction(_P + "refuse.no_square", square=text)
    return sq


# -- routes -------------------------------------------------------------------------------
def _route(state: LovciState, seat: int, start: int, target: int, carrying: bool,
           up_to_card: bool = False) -> list[int] | None:
    """The shortest walk from ``start`` to ``target`` (not counting ``start``) that the
    owner can see is safe: only plain face-up cards (LP-D53) and face-down ones (dearer:
    the walk stops before them), never a square two opposing sailors block; ``target``
    itself may be any card. A carrier crosses no island, and no face-down card unless
    ``up_to_card`` (carry home, LP-D57: it walks up to the card and stops). Of routes
    as long, the one nearest the straight line is taken (then the lower-numbered
    squares), so the route is what a player expects and the same for every viewer."""
    dist = {start: 0}
    before: dict[int, int] = {}
    heap = [(0, start)]
    while heap:
        cost, sq = heapq.heappop(heap)
        if sq == target:
            break
        if cost > dist[sq]:
            continue
        for nxt in sorted(NEIGHBOURS[sq]):
            if blocked(state, nxt, seat):
                continue
            kind = _kind(state, nxt)
            if nxt == target:
                step = 1 if kind is not None else _FACE_DOWN_COST
            elif kind is None:
                if carrying and not up_to_card:
                    continue
                step = _FACE_DOWN_COST
            elif _crossable(kind, carrying):
                step = 1
            else:
                continue
            # among routes as short, the one that keeps nearest the straight line
            step = step * _STEP + _manhattan(nxt, target)
            if cost + step < dist.get(nxt, 1 << 30):
                dist[nxt] = cost + step
                before[nxt] = sq
                heapq.heappush(heap, (cost + step, nxt))
    if target not in dist or target == start:
        return None
    route = [target]
    while route[-1] in before and before[route[-1]] != start:
        route.append(before[route[-1]])
    return route[::-1]


def _crossable(kind: str | None, carrying: bool) -> bool:
    """A walker may cross a face-up card of ``kind`` with nothing happening to it
    (LP-D53): plain cards, and an island when it carries nothing."""
    return kind in _PLAIN or (kind == ISLAND and not carrying)


def _manhattan(a: int, b: int) -> int:
    return abs(a % 9 - b % 9) + abs(a // 9 - b // 9)


def _ship_route(ring: int, target: int) -> tuple[int, list[int]]:
    """The ring positions from ``ring`` to the berth beside edge square ``target`` that
    is nearest (the shorter way round; to the right when both are as long)."""
    berth = min(SQUARE_SLOTS[target], key=lambda p: (ring_distance(ring, p), p))
    right = (berth - ring) % RING
    step = 1 if right <= RING - right else -1
    route = []
    pos = ring
    while pos != berth:
        pos = (pos + step) % RING
        route.append(pos)
    return step, route


def opponent_reach(state: LovciState, seat: int) -> set[int]:
    """The squares an opponent of ``seat`` can enter in their next move, as the board
    shows (LP-D55): next to a sailor of theirs on the board, the landing square of a
    crewed ship of theirs, and where a face-up rose, dolphin or seahorse next to those
    sends a sailor on; not with a sailor that sits out their next turn (turtle, volcano)
    nor when they may move only ships or skip it. Neptune, which reaches any square, is
    left out (LP-D55)."""
    starts: dict[int, set[int]] = {}
    for sid, s in enumerate(state.sailors):
        who = _controller(state, sid)
        player = state.players[who]
        if who == seat or player.out or player.ship_only or player.skips or s.delay:
            continue  # cannot move this sailor in their next turn
        if s.state == ON_BOARD:
            starts.setdefault(who, set()).update(NEIGHBOURS[s.square])
        elif s.state == ON_SHIP:
            landing = SLOT_SQUARE[state.ships[s.ship].ring]
            if landing >= 0:
                starts.setdefault(who, set()).add(landing)
    reach: set[int] = set()
    for who, squares in starts.items():
        for sq in squares:
            reach.add(sq)
            kind = _kind(state, sq)
            if kind in MOVERS:
                card = CARD_TYPES[state.cards[sq]]
                reach.update(mover_targets(state, who, sq, kind, state.rotation[sq],
                                           card.arrows, []))
    return reach


def _joins_own(state: LovciState, seat: int, sid: int, sq: int) -> bool:
    """Sailor ``sid`` stepping onto ``sq`` makes two of ``seat``'s sailors there, a square
    no opponent may enter (the rulebook's tactical rules; LP-D55): no opponent can reach
    it then, whoever stands next to it."""
    return any(o.state in (ON_BOARD, HELD) and o.square == sq and other != sid
               and _controller(state, other) == seat
               for other, o in enumerate(state.sailors))


def within_reach(state: LovciState, seat: int, sid: int, sq: int) -> bool:
    """Sailor ``sid`` of ``seat``'s stepping onto ``sq`` would stand where an opponent
    can reach it in their next move (LP-D55): the walk stops before such a square."""
    return sq in opponent_reach(state, seat) and not _joins_own(state, seat, sid, sq)


class LovciPlans(PlanBook[LovciState, Action]):
    """*walk to* and *carry home* (module docstring)."""

    def kinds(self) -> tuple[PlanKind, ...]:
        return (
            PlanKind(WALK_TO, _P + "walk_to", _P + "walk_to_help",
                     (PlanParam("piece", _P + "param.piece"),
                      PlanParam("square", _P + "param.square")), SLOT),
            PlanKind(CARRY_HOME, _P + "carry_home", _P + "carry_home_help",
                     (PlanParam("piece", _P + "param.sailor"),), SLOT),
        )

    # -- setting ------------------------------------------------------------------------
    def param_values(self, state: LovciState, seat: int, kind: str, param: str,
                     chosen: Mapping[str, str], locale: str = DEFAULT_LOCALE,
                     ) -> list[tuple[str, str]]:
        if state.phase != PHASE_PLAY:
            return []
        if param == "piece":
            out: list[tuple[str, str]] = []
            if kind == WALK_TO:
                for ship, sh in enumerate(state.ships):
                    if sh.owner == seat:
                        out.append((ship_name(seat, ship), t(
                            _P + "value.ship", locale,
                            ship=t(f"lovci-pokladu.colour.{COLOURS[ship]}", locale))))
            for sid, s in enumerate(state.sailors):
                if _controller(state, sid) != seat or s.state not in (ON_BOARD, ON_SHIP):
                    continue
                if kind == CARRY_HOME and not (s.carry or (
                        s.state == ON_BOARD and state.tokens.get(s.square))):
                    continue
                where = NAMES[s.square] if s.state == ON_BOARD else t(
                    _P + "value.aboard", locale)
                out.append((sailor_name(seat, sid), t(
                    _P + "value.sailor", locale, sailor=sailor_name(seat, sid), where=where)))
            return out
        if param == "square" and kind == WALK_TO:
            try:
                ship = _read_ship(state, seat, chosen.get("piece", ""))
            except IllegalAction:
                return []
            if ship is not None:
                squares = [sq for sq in range(SQUARES) if SQUARE_SLOTS[sq]]
            else:
                squares = list(range(SQUARES))
            return [(NAMES[sq], NAMES[sq] if state.face_up[sq] else t(
                "lovci-pokladu.label.square_hidden", locale, square=NAMES[sq]))
                for sq in squares]
        return []

    def read(self, state: LovciState, seat: int, kind: str, params: Mapping[str, str]
             ) -> Plan:
        self.kind(kind)
        if state.phase != PHASE_PLAY:
            raise IllegalAction(_P + "refuse.not_in_play")
        piece = params.get("piece", "").strip()
        if not piece:
            raise IllegalAction(_P + "refuse.no_piece", piece="")
        if kind == WALK_TO:
            ship = _read_ship(state, seat, piece)
            target = _read_square(params.get("square", ""))
            if ship is not None:
                return self._ship_plan(state, seat, ship, target)
            return self._walk_plan(state, seat, _read_sailor(state, seat, piece), target)
        return self._carry_plan(state, seat, _read_sailor(state, seat, piece))

    def _ship_plan(self, state: LovciState, seat: int, ship: int, target: int) -> Plan:
        if not SQUARE_SLOTS[target]:
            raise IllegalAction(_P + "refuse.not_edge", square=NAMES[target])
        ring = state.ships[ship].ring
        step, route = _ship_route(ring, target)
        if not route:
            raise IllegalAction(_P + "refuse.already_there", square=NAMES[target])
        return Plan(WALK_TO, {"ship": ship, "from": ring, "step": step, "route": route,
                              "target": target})

    def _start(self, state: LovciState, seat: int, sid: int) -> tuple[int, int]:
        """Where a sailor's walk starts: its square, or (aboard) the landing square
        beside its ship, which is then the first step; and the ship's ring (-1: on the
        board)."""
        s = state.sailors[sid]
        if s.state == ON_BOARD:
            return s.square, -1
        if s.state == ON_SHIP:
            ring = state.ships[s.ship].ring
            if SLOT_SQUARE[ring] < 0:
                raise IllegalAction(_P + "refuse.at_corner")
            return SLOT_SQUARE[ring], ring
        raise IllegalAction(_P + "refuse.cannot_walk", piece=sailor_name(seat, sid))

    def _walk_plan(self, state: LovciState, seat: int, sid: int, target: int) -> Plan:
        start, aboard = self._start(state, seat, sid)
        carrying = bool(state.sailors[sid].carry)
        if aboard >= 0:
            if not state.face_up[start]:
                raise IllegalAction(_P + "refuse.face_down_first", square=NAMES[start])
            rest = [] if start == target else _route(state, seat, start, target, carrying)
            route = None if rest is None else [start, *rest]
        else:
            route = _route(state, seat, start, target, carrying)
        if route is None:
            raise IllegalAction(_P + "refuse.no_route", square=NAMES[target])
        if not state.face_up[route[0]] and route[0] != target:
            raise IllegalAction(_P + "refuse.face_down_first", square=NAMES[route[0]])
        if route == [target] and not state.face_up[target]:
            raise IllegalAction(_P + "refuse.face_down_first", square=NAMES[target])
        watch = [sq for sq in route if not state.face_up[sq]]
        return Plan(WALK_TO, {"sailor": sid, "aboard": aboard, "start": start,
                              "route": route, "watch": watch, "target": target})

    def _carry_plan(self, state: LovciState, seat: int, sid: int) -> Plan:
        s = state.sailors[sid]
        lying = state.tokens.get(s.square, []) if s.state == ON_BOARD else []
        if s.state != ON_BOARD or not (s.carry or lying):
            raise IllegalAction(_P + "refuse.not_carrying", piece=sailor_name(seat, sid))
        # a sailor standing on a treasure picks up its best token with the first step
        pickup = 0 if s.carry else max(lying)
        ring = state.ships[s.ship].ring
        landing = SLOT_SQUARE[ring]
        if landing < 0:
            raise IllegalAction(_P + "refuse.at_corner")
        route = [] if s.square == landing else _route(state, seat, s.square, landing, True,
                                                       up_to_card=True)
        if route is None or (route and not _crossable(_kind(state, landing), True)):
            # the last step is onto the card beside the ship: a rose, dolphin or
            # seahorse there would send the sailor on, never aboard (LP-D57)
            raise IllegalAction(_P + "refuse.no_way_home")
        if route and not state.face_up[route[0]]:
            raise IllegalAction(_P + "refuse.face_down_first", square=NAMES[route[0]])
        watch = [sq for sq in route if not state.face_up[sq]]
        return Plan(CARRY_HOME, {"sailor": sid, "ship": s.ship, "ring": ring,
                                 "start": s.square, "route": route, "pickup": pickup,
                                 "watch": watch})

    def examples(self, state: LovciState, seat: int, limit: int = 6) -> list[Plan]:
        """Plans ``seat`` could set (tests): every piece toward every seventh square, and
        every carrier home."""
        found: list[Plan] = []
        for piece, _ in self.param_values(state, seat, WALK_TO, "piece", {}):
            for target in range(seat, SQUARES, 7):
                try:
                    found.append(self.read(state, seat, WALK_TO,
                                           {"piece": piece, "square": NAMES[target]}))
                except IllegalAction:
                    continue
        for piece, _ in self.param_values(state, seat, CARRY_HOME, "piece", {}):
            try:
                found.append(self.read(state, seat, CARRY_HOME, {"piece": piece}))
            except IllegalAction:
                continue
        # walks set earlier, now one step before a face-down card (a plan cannot be set
        # so, but reaches it): their decision there must not depend on the card either
        for sid, s in enumerate(state.sailors):
            if s.state != ON_BOARD or _controller(state, sid) != seat:
                continue
            for sq in NEIGHBOURS[s.square]:
                if not state.face_up[sq]:
                    beyond = [n for n in NEIGHBOURS[sq] if n != s.square][:1]
                    route = [sq, *beyond]
                    found.append(Plan(WALK_TO, {
                        "sailor": sid, "aboard": -1, "start": s.square, "route": route,
                        "watch": [sq], "target": route[-1]}))
                    if s.carry:  # a carry home up to the card (LP-D57)
                        found.append(Plan(CARRY_HOME, {
                            "sailor": sid, "ship": s.ship, "ring": state.ships[s.ship].ring,
                            "start": s.square, "route": route, "pickup": 0,
                            "watch": [sq]}))
        return found

    # -- telling ------------------------------------------------------------------------
    def describe(self, state: LovciState, seat: int, plan: Plan,
                 locale: str = DEFAULT_LOCALE) -> str:
        p = plan.params
        route = " → ".join(NAMES[sq] for sq in p.get("route", ())) if "sailor" in p else ""
        if plan.kind == WALK_TO and "ship" in p:
            colour = t(f"lovci-pokladu.colour.{COLOURS[int(p['ship'])]}", locale)
            return t(_P + "show.ship", locale, ship=colour, square=NAMES[int(p["target"])],
                     steps=len(p["route"]))
        if plan.kind == WALK_TO:
            return t(_P + "show.walk", locale, sailor=sailor_name(seat, int(p["sailor"])),
                     square=NAMES[int(p["target"])], route=route)
        colour = t(f"lovci-pokladu.colour.{COLOURS[int(p['ship'])]}", locale)
        return t(_P + "show.carry", locale, sailor=sailor_name(seat, int(p["sailor"])),
                 ship=colour, route=route or "—")

    # -- deciding -----------------------------------------------------------------------
    def decide(self, state: LovciState, seat: int, plan: Plan) -> Decision:
        if state.phase != PHASE_PLAY:
            return _stop("game_over")
        if plan.kind == WALK_TO and "ship" in plan.params:
            return self._decide_ship(state, seat, plan.params)
        return self._decide_sailor(state, seat, plan)

    @staticmethod
    def _my_turn(state: LovciState, seat: int) -> bool:
        return state.current == seat and state.pending is None

    def _decide_ship(self, state: LovciState, seat: int, p: Mapping[str, Any]) -> Decision:
        ship = int(p["ship"])
        if state.ships[ship].owner != seat:
            return _stop("ship_taken")
        path = [int(p["from"]), *(int(r) for r in p["route"])]
        ring = state.ships[ship].ring
        if ring not in path:
            return _stop("ship_moved")
        i = path.index(ring)
        if i == len(path) - 1:
            return _stop("arrived", True, square=NAMES[int(p["target"])])
        if not self._my_turn(state, seat):
            return NOT_NOW
        last = i == len(path) - 2
        return Play(ShipMove(int(p["step"]), None if ship == seat else ship), final=last,
                    done_key=_P + "stop.arrived" if last else "",
                    done_params={"square": NAMES[int(p["target"])]})

    def _decide_sailor(self, state: LovciState, seat: int, plan: Plan) -> Decision:
        p = plan.params
        sid = int(p["sailor"])
        s = state.sailors[sid]
        if _controller(state, sid) != seat:
            return _stop("sailor_taken")
        if s.state == LOST:
            return _stop("sailor_lost")
        if s.state in (HELD, OFF):
            return _stop("left_route")
        route = [int(sq) for sq in p["route"]]
        if any(state.face_up[int(sq)] for sq in p.get("watch", ())):
            return _stop("card_turned")
        carry_home = plan.kind == CARRY_HOME
        if carry_home:
            if (state.ships[int(p["ship"])].ring != int(p["ring"])
                    or state.ships[int(p["ship"])].owner != seat):
                return _stop("ship_moved")
            if s.state != ON_BOARD:
                return _stop("left_route")
            if not s.carry:
                pickup = int(p.get("pickup", 0))
                if not pickup or s.square != int(p["start"]):
                    return _stop("left_route")
                if pickup not in state.tokens.get(s.square, ()):
                    return _stop("token_gone")
        aboard_start = int(p.get("aboard", -1))
        if s.state == ON_SHIP:
            if aboard_start < 0 or state.ships[s.ship].ring != aboard_start:
                return _stop("left_route")
            i = 0
        elif s.square in route:
            i = route.index(s.square) + 1
        elif s.square == int(p["start"]) and aboard_start < 0:
            i = 0
        else:
            return _stop("left_route")
        if not carry_home and i == len(route):
            return _stop("arrived", True, square=NAMES[int(p["target"])])
        if not self._my_turn(state, seat):
            return NOT_NOW
        if s.delay or state.players[seat].ship_only:
            return NOT_NOW
        num, colour = _ref(seat, sid)
        token = s.carry or (int(p.get("pickup", 0)) if carry_home else 0)
        if carry_home and i == len(route):
            return Play(SailorMove(num, colour, -1, int(p["ship"]), token), final=True,
                        done_key=_P + "stop.delivered", done_params={"token": token})
        nxt = route[i]
        if not state.face_up[nxt]:
            if nxt == int(p.get("target", -1)):
                return _stop("beside_card", True, square=NAMES[nxt])
            return _stop("face_down_carrying" if token else "face_down", square=NAMES[nxt])
        if blocked(state, nxt, seat):
            return _stop("blocked", square=NAMES[nxt])
        if any(o.state in (ON_BOARD, HELD) and o.square == nxt
               and _controller(state, other) != seat
               for other, o in enumerate(state.sailors)):
            return _stop("occupied", square=NAMES[nxt])
        if within_reach(state, seat, sid, nxt):
            return _stop("reachable", square=NAMES[nxt])
        last = not carry_home and i == len(route) - 1
        return Play(SailorMove(num, colour, nxt, None, token), final=last,
                    done_key=_P + "stop.arrived" if last else "",
                    done_params={"square": NAMES[nxt]})


PLANS = LovciPlans()

__all__ = ["CARRY_HOME", "PLANS", "WALK_TO", "LovciPlans", "opponent_reach", "within_reach"]
