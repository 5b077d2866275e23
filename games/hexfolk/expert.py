"""The expert Hexfolk bot (issue 28 item 3): a value function over what the seat sees,
and a short search over its own moves of the turn.

:func:`evaluate` scores a position for one seat in victory points and their worth:
its points (its own victory point cards included: it knows them), its production (pips
of the hexes at its buildings, a city counting twice, each resource worth more the
scarcer it is on the board and with diminishing returns so that variety pays), its
harbours, the free sites its roads reach, the road and army races, its development
cards and how close its hand is to the next build. Other players' hands and development
cards are read only by their size (public); the development deck only by its size.

On its turn (:func:`decide`) the expert searches the sequences of its own moves (builds,
bank trades, development cards) up to :data:`DEPTH` moves, scores the position each one
reaches, and plays the first move of the best sequence (``end`` when none is better than
stopping now). A move whose outcome is hidden or random is scored without playing it
out: a development card bought by its expected worth (:data:`DEV_WORTH`), a knight by
moving the robber and the expected steal. The robber goes where it costs the leading
opponents the most production; a discard keeps the hand that is closest to a build.
Founding places the corner that adds the most to the value (so the second settlement
completes the first one's resources). What the rules leave to the bot and the engine
does not search (offers and answers to them, the special building phase of 5+ players)
the normal bot plays (:func:`.bot.expert_action`).

Everything here reads only what the seat sees, and nothing is random: two positions the
seat cannot tell apart get the same move (tests/test_hidden_info.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from . import actions
from .actions import Action
from .board import Board
from .caches import bank_rates, settle_sites
from .data import (
    CITY_COST,
    DESERT,
    DEV_COST,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    PLENTY,
    ROAD_COST,
    ROADS_CARD,
    SETTLEMENT_COST,
)
from .rules import (
    _free_for_settlement,
    apply_trusted,
    board_of,
    discard_options,
    legal_actions,
    total_vp,
    visible_vp,
)
from .state import (
    DISCARD,
    FOUND_ROAD,
    MAIN,
    ROADS,
    ROBBER,
    ROLL,
    SETTLE,
    HexfolkState,
    Player,
)

#: Moves searched in a row on the expert's turn (builds, trades, cards).
DEPTH = 2
#: One more move is searched after a run of bank trades only (a city may lack two cards).
TRADE_DEPTH = 3
#: A move must beat stopping by this much (in victory points' worth) to be played.
MARGIN = 1e-6
#: The expected worth of a development card bought now (14 knights, 5 victory points,
#: 6 progress cards in 25): in victory points.
DEV_WORTH = 0.55
#: Worth of an unplayed development card in hand, per kind.
HELD_WORTH = {KNIGHT: 0.3, ROADS_CARD: 0.25, PLENTY: 0.3, MONOPOLY: 0.3}
#: A pip of production (one 36th of a roll) at a building, in victory points' worth.
PIP_WORTH = 0.075
#: A resource card in hand.
CARD_WORTH = 0.06
#: A knight played (toward the army).
KNIGHT_PLAYED = 0.15
#: Per road length (toward the longest road).
ROAD_LENGTH_WORTH = 0.04
#: A win.
WIN = 1000.0


def _pips(token: int) -> int:
    return 0 if token == 0 else 6 - abs(7 - token)


# -- the value function ---------------------------------------------------------------------
def resource_weights(state: HexfolkState) -> tuple[float, ...]:
    """Per resource, how much a pip of it is worth: scarcer on the board, worth more."""
    totals = [0.0] * 5
    for h, res in enumerate(state.terrain):
        if res != DESERT:
            totals[res] += _pips(state.tokens[h])
    mean = sum(totals) / 5 or 1.0
    return tuple(min(1.6, max(0.7, math.sqrt(mean / max(t, 1.0)))) for t in totals)


def production(state: HexfolkState, board: Board, seat: int) -> list[float]:
    """Pips per resource at ``seat``'s buildings (a city twice; the robber's hex at half:
    it will move)."""
    prod = [0.0] * 5
    owner, level = state.corner_owner, state.corner_level
    terrain, tokens, robber = state.terrain, state.tokens, state.robber
    for c, who in enumerate(owner):
        if who != seat:
            continue
        for h in board.corner_hexes[c]:
            res = terrain[h]
            if res != DESERT:
                prod[res] += _pips(tokens[h]) * level[c] * (0.5 if h == robber else 1.0)
    return prod


def production_worth(prod: list[float], weights: tuple[float, ...]) -> float:
    """Production in victory points' worth: diminishing per resource, so variety pays."""
    value = 0.0
    for r in range(5):
        x = prod[r]
        value += weights[r] * (0.5 * x + 5.0 * (1.0 - math.exp(-x / 10.0)))
    return PIP_WORTH * value


def spot_worth(state: HexfolkState, board: Board, c: int, prod: list[float],
               weights: tuple[float, ...]) -> float:
    """What a settlement at ``c`` would add to production worth given ``prod``."""
    more = list(prod)
    for h in board.corner_hexes[c]:
        res = state.terrain[h]
        if res != DESERT:
            more[res] += _pips(state.tokens[h])
    gain = production_worth(more, weights) - production_worth(prod, weights)
    kind = state.corner_harbour[c]
    if kind >= 0:
        gain += 0.08
    return gain


def _harbour_worth(rates: tuple[int, ...], prod: list[float]) -> float:
    value = 0.0
    for r in range(5):
        if rates[r] == 2:
            value += 0.012 * prod[r]
        elif rates[r] == 3:
            value += 0.004 * prod[r]
    return value


def _expansion_worth(state: HexfolkState, board: Board, seat: int, prod: list[float],
                     weights: tuple[float, ...]) -> float:
    """Free sites on the seat's roads (best two), and sites one road further (best)."""
    player = state.players[seat]
    if player.settlements >= MAX_SETTLEMENTS and player.cities >= MAX_CITIES:
        return 0.0
    ready = sorted((spot_worth(state, board, s.corner, prod, weights)
                    for s in settle_sites(state, seat)), reverse=True)
    value = 0.45 * ready[0] if ready else 0.0
    if len(ready) > 1:
        value += 0.15 * ready[1]
    # one road further: free corners next to an end of the seat's network
    owner, edge_owner = state.corner_owner, state.edge_owner
    ends = set()
    for e, who in enumerate(edge_owner):
        if who == seat:
            for c in board.edge_corners[e]:
                if owner[c] < 0 or owner[c] == seat:
                    ends.add(c)
    for c, who in enumerate(owner):
        if who == seat:
            ends.add(c)
    further = 0.0
    if player.roads < MAX_ROADS:
        for c in ends:
            for e in board.corner_edges[c]:
                if edge_owner[e] >= 0:
                    continue
                a, b = board.edge_corners[e]
                n = b if a == c else a
                if _free_for_settlement(state, board, n):
                    further = max(further, spot_worth(state, board, n, prod, weights))
    return value + 0.2 * further


def hand_worth(hand: list[int] | tuple[int, ...], state: HexfolkState, seat: int,
               prod: list[float]) -> float:
    """The cards in hand: each a little, more when they make up a build, less beyond
    the seven a roll of 7 halves."""
    player = state.players[seat]
    total = sum(hand)
    value = CARD_WORTH * total
    targets: list[tuple[tuple[int, ...], float]] = []
    if player.settlements < MAX_SETTLEMENTS and settle_sites(state, seat):
        targets.append((SETTLEMENT_COST, 0.45))
    if player.settlements and player.cities < MAX_CITIES:
        targets.append((CITY_COST, 0.45))
    if state.dev_deck:
        targets.append((DEV_COST, 0.2))
    if player.roads < MAX_ROADS:
        targets.append((ROAD_COST, 0.08))
    best = 0.0
    for cost, worth in targets:
        need = sum(cost)
        have = sum(min(hand[i], cost[i]) for i in range(5))
        best = max(best, worth * (have / need) ** 2)
    value += best
    if total > 7:  # a 7 before the next turn (about 4 in 10) takes half
        value -= 0.4 * (total // 2) * CARD_WORTH * 1.5
    return value


def evaluate(state: HexfolkState, seat: int) -> float:
    """How good ``state`` is for ``seat``, in victory points and their worth (see the
    module's docstring); a win is :data:`WIN`, another's win minus it."""
    if state.winner >= 0:
        return WIN if state.winner == seat else -WIN
    board = board_of(state)
    player = state.players[seat]
    weights = resource_weights(state)
    prod = production(state, board, seat)
    value = float(total_vp(state, seat))
    value += production_worth(prod, weights)
    value += _harbour_worth(bank_rates(state, seat), prod)
    value += _expansion_worth(state, board, seat, prod, weights)
    value += hand_worth(player.hand, state, seat, prod)
    value += sum(HELD_WORTH.get(card, 0.0) for card in player.devs)
    value += KNIGHT_PLAYED * min(player.knights, 5)
    if state.army_on and state.army != seat:
        others = max((p.knights for i, p in enumerate(state.players) if i != seat), default=0)
        if player.knights + player.devs.count(KNIGHT) > others:
            value += 0.25
    if state.longest_on:
        value += ROAD_LENGTH_WORTH * min(player.road_length, 10)
    return value


# -- positions after a move -------------------------------------------------------------------
def clone(state: HexfolkState) -> HexfolkState:
    """A copy of ``state`` whose lists a move may change (the random stream is shared:
    the search plays no move that uses it)."""
    copy = HexfolkState.__new__(HexfolkState)
    for name in HexfolkState.__slots__:
        value = getattr(state, name)
        if isinstance(value, list) and name != "players":
            value = list(value)
        setattr(copy, name, value)
    copy.players = [Player(
        hand=list(p.hand), devs=list(p.devs), bought=list(p.bought), played=list(p.played),
        knights=p.knights, roads=p.roads, settlements=p.settlements, cities=p.cities,
        road_length=p.road_length, produced=p.produced, stolen=p.stolen,
        discarded=p.discarded, bank_trades=p.bank_trades, player_trades=p.player_trades)
        for p in state.players]
    return copy


def _steal_worth(state: HexfolkState, victim: int | None) -> float:
    if victim is None:
        return 0.0
    return CARD_WORTH + 0.05


def robber_worth(state: HexfolkState, seat: int, h: int, victim: int | None) -> float:
    """What moving the robber to ``h`` (robbing ``victim``) is worth to ``seat``: the
    production it takes from others, most from the leaders, less its own loss."""
    board = board_of(state)
    pips = _pips(state.tokens[h])
    n = len(state.players)
    vps = [visible_vp(state, p) for p in range(n)]
    top = max(vps[p] for p in range(n) if p != seat) if n > 1 else 0
    value = 0.0
    for c in board.hex_corners[h]:
        who = state.corner_owner[c]
        if who < 0:
            continue
        weight = state.corner_level[c] * pips
        if who == seat:
            value -= 1.5 * weight
        else:
            value += weight * (0.5 + 0.5 * (vps[who] >= top) + 0.1 * vps[who])
    if victim is not None:
        value += 2.0 + 0.3 * min(sum(state.players[victim].hand), 8)
    return value


def after(state: HexfolkState, seat: int, action: Action) -> tuple[HexfolkState | None, float]:
    """The position after ``action`` and its value (None: not played out, scored as is)."""
    if isinstance(action, actions.Buy):
        copy = clone(state)
        hand = copy.players[seat].hand
        for i in range(5):
            hand[i] -= DEV_COST[i]
        return None, evaluate(copy, seat) + DEV_WORTH
    if isinstance(action, actions.Knight):
        copy = clone(state)
        apply_trusted(copy, seat, actions.Knight(action.hex, None))  # the steal is hidden
        bonus = _steal_worth(state, action.victim) + 0.01 * robber_worth(
            state, seat, action.hex, action.victim)
        return copy, evaluate(copy, seat) + bonus
    copy = clone(state)
    apply_trusted(copy, seat, action)
    return copy, evaluate(copy, seat)


# -- the search on the expert's turn ------------------------------------------------------------
def _wanted(state: HexfolkState, seat: int) -> set[int]:
    """Resources some build lacks now."""
    hand = state.players[seat].hand
    lacking: set[int] = set()
    for cost in (SETTLEMENT_COST, CITY_COST, DEV_COST, ROAD_COST):
        for i in range(5):
            if hand[i] < cost[i]:
                lacking.add(i)
    return lacking


#: Moves the search leaves out: offers and their closing (bank trades only), and ``end``
#: (stopping is always counted).
_NOT_SEARCHED = (actions.Offer, actions.End, actions.Trade, actions.Cancel)
#: Development cards searched only as the turn's next move.
_FIRST_ONLY = (actions.Plenty, actions.Monopoly, actions.RoadBuilding)


def _moves(state: HexfolkState, seat: int, first: bool) -> list[Action]:
    """The moves searched: every build and card play, bank trades for a lacking resource
    (each kind given once, at the best rate), the knight to its best hex only; no offers
    (the expert trades with the bank only)."""
    legal = legal_actions(state, seat)
    out: list[Action] = []
    knights: list[actions.Knight] = []
    wanted = _wanted(state, seat)
    hand = state.players[seat].hand
    for a in legal:
        if isinstance(a, actions.BankTrade):
            if a.get in wanted and hand[a.give] >= 1:
                out.append(a)
        elif isinstance(a, actions.Knight):
            knights.append(a)
        elif not isinstance(a, _NOT_SEARCHED) and (first or not isinstance(a, _FIRST_ONLY)):
            out.append(a)
    if knights:
        out.append(max(knights, key=lambda k: robber_worth(state, seat, k.hex, k.victim)))
    return out


def _search(state: HexfolkState, seat: int, depth: int) -> float:
    """The best value reachable from ``state`` in ``depth`` more moves (stopping counts)."""
    best = evaluate(state, seat)
    if depth <= 0 or state.phase not in (MAIN, ROADS) or state.winner >= 0:
        return best
    for action in _moves(state, seat, first=False):
        if isinstance(action, actions.Knight):
            continue
        copy, value = after(state, seat, action)
        if copy is not None and depth > 1 and copy.phase in (MAIN, ROADS):
            value = max(value, _search(copy, seat, depth - 1))
        best = max(best, value)
    return best


def best_turn_move(state: HexfolkState, seat: int) -> Action:
    """The first move of the best sequence of the turn, or ``end``."""
    # a free road of Road building is placed whenever one can be (it costs nothing)
    stop = -math.inf if state.phase == ROADS else evaluate(state, seat)
    best_value, best = stop, None
    for action in _moves(state, seat, first=True):
        copy, value = after(state, seat, action)
        if copy is not None and copy.phase in (MAIN, ROADS) and copy.winner < 0:
            trade = isinstance(action, actions.BankTrade)
            value = max(value, _search(copy, seat, (TRADE_DEPTH if trade else DEPTH) - 1))
        if value > best_value + MARGIN:
            best_value, best = value, action
    if best is not None:
        return best
    legal = legal_actions(state, seat)
    return actions.End() if actions.End() in legal else legal[-1]


# -- the other decisions --------------------------------------------------------------------------
def _founding(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    board = board_of(state)
    weights = resource_weights(state)
    prod = production(state, board, seat)
    second = state.players[seat].settlements >= 1

    def worth(a: Action) -> float:
        assert isinstance(a, actions.Settle)
        value = spot_worth(state, board, a.corner, prod, weights)
        # room to grow: free sites two roads away
        room = 0.0
        for n in board.corner_corners[a.corner]:
            for m in board.corner_corners[n]:
                if m != a.corner and _free_for_settlement(state, board, m):
                    room = max(room, spot_worth(state, board, m, prod, weights))
        value += 0.15 * room
        if second:  # the second one pays a card per hex at once
            value += 0.02 * sum(1 for h in board.corner_hexes[a.corner]
                                if state.terrain[h] != DESERT)
        return value

    return max(legal, key=lambda a: (worth(a), -legal.index(a)))


def _road_toward(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    """A founding or free road: the one toward the best site (two corners out)."""
    board = board_of(state)
    weights = resource_weights(state)
    prod = production(state, board, seat)
    roads = [a for a in legal if isinstance(a, actions.Road)]
    if not roads:
        return legal[-1]

    def worth(a: actions.Road) -> float:
        best = 0.0
        for c in board.edge_corners[a.edge]:
            if state.corner_owner[c] == seat:
                continue
            if _free_for_settlement(state, board, c):
                best = max(best, spot_worth(state, board, c, prod, weights))
            for n in board.corner_corners[c]:
                if state.corner_owner[n] < 0 and _free_for_settlement(state, board, n):
                    best = max(best, 0.7 * spot_worth(state, board, n, prod, weights))
        return best

    return max(roads, key=lambda a: (worth(a), -a.edge))


def _discard(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    board = board_of(state)
    prod = production(state, board, seat)
    hand = state.players[seat].hand
    count = state.discards[seat]
    best: tuple[float, Action] | None = None
    for cards in discard_options(hand, count):
        left = [hand[i] - cards[i] for i in range(5)]
        value = hand_worth(left, state, seat, prod)
        action = actions.Discard(cards)
        if best is None or value > best[0]:
            best = (value, action)
    if best is not None and best[1] in legal:
        return best[1]
    return legal[0]


def _robber(state: HexfolkState, seat: int, legal: Iterable[Action]) -> Action:
    moves = [a for a in legal if isinstance(a, (actions.Robber, actions.Knight))]
    return max(moves, key=lambda a: robber_worth(state, seat, a.hex, a.victim))


def _roll_or_knight(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    """Before the roll: a knight when the robber sits on the seat's own production, or
    when it takes (or wins) the largest army; else roll."""
    knights = [a for a in legal if isinstance(a, actions.Knight)]
    if not knights:
        return actions.Roll()
    board = board_of(state)
    mine = sum(_pips(state.tokens[state.robber]) * state.corner_level[c]
               for c in board.hex_corners[state.robber] if state.corner_owner[c] == seat)
    player = state.players[seat]
    holder = state.army
    takes_army = (state.army_on and holder != seat and player.knights + 1 >= 3 and (
        holder < 0 or player.knights + 1 > state.players[holder].knights))
    if mine >= 3 or takes_army:
        return max(knights, key=lambda a: robber_worth(state, seat, a.hex, a.victim))
    return actions.Roll()


def decide(state: HexfolkState, seat: int) -> Action | None:
    """The expert's move for ``seat`` now (one of its legal moves), or None where the
    normal bot plays for it (an open offer, the special building phase)."""
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == SETTLE:
        return _founding(state, seat, legal)
    if phase == FOUND_ROAD:
        return _road_toward(state, seat, legal)
    if phase == DISCARD:
        return _discard(state, seat, legal)
    if phase == ROBBER:
        return _robber(state, seat, legal)
    if phase == ROLL:
        return _roll_or_knight(state, seat, legal)
    if phase in (MAIN, ROADS) and state.offer is None:
        return best_turn_move(state, seat)
    return None  # answers to offers, closing one's own, the special building phase
