"""A simple, deterministic Hexfolk bot.

Founding: the corner with the most production (dots) and the most kinds of resource.
On its turn: city > settlement > road towards the best free spot > development card,
trading only when that makes the wanted build affordable (so it never trades in
circles). One or two cards short of its next build, it first offers the other players a
fair trade (1 for 1, or 2 for 1 from a big surplus) of cards it can spare for a missing
one, each missing kind at most once a turn, closes its offer the next time it moves
(with the accepting player who has the fewest points), and falls back to the bank only
when nobody accepted. Discards the most
plentiful cards; moves the robber onto the leader's best hex; answers an offer yes when
it gets what its next build needs and gives only what it can spare.
"""

from __future__ import annotations

from . import actions
from .actions import Action
from .board import Board
from .caches import settle_sites
from .data import CITY_COST, DESERT, DEV_COST, MAX_SETTLEMENTS, ROAD_COST, SETTLEMENT_COST
from .expert import decide
from .rules import (
    _free_for_settlement,
    board_of,
    legal_actions,
    rate,
    special_moves,
    visible_vp,
)
from .state import DISCARD, FOUND_ROAD, ROADS, ROBBER, ROLL, SETTLE, SPECIAL, TRADE, HexfolkState


def _pips(token: int) -> int:
    return 0 if token == 0 else 6 - abs(7 - token)


def spot_value(state: HexfolkState, board: Board, c: int) -> float:
    kinds = set()
    value = 0.0
    for h in board.corner_hexes[c]:
        res = state.terrain[h]
        if res != DESERT:
            value += _pips(state.tokens[h]) * (0.3 if h == state.robber else 1.0)
            kinds.add(res)
    value += 1.5 * len(kinds)
    if state.corner_harbour[c] >= 0:
        value += 1.0
    return value


def _road_value(state: HexfolkState, board: Board, seat: int, e: int) -> float:
    best = 0.0
    for c in board.edge_corners[e]:
        if state.corner_owner[c] == seat:
            continue
        if _free_for_settlement(state, board, c):
            best = max(best, spot_value(state, board, c))
        for n in board.corner_corners[c]:
            if _free_for_settlement(state, board, n):
                best = max(best, 0.6 * spot_value(state, board, n))
    return best


def _target_cost(state: HexfolkState, seat: int) -> tuple[int, ...]:
    p = state.players[seat]
    if p.settlements < MAX_SETTLEMENTS and settle_sites(state, seat):
        return SETTLEMENT_COST
    if p.settlements and p.cities < 4:
        return CITY_COST
    if p.roads < 15 and p.settlements < 5:
        return ROAD_COST
    return DEV_COST


def _missing(hand: list[int], cost: tuple[int, ...]) -> list[int]:
    return [max(0, cost[i] - hand[i]) for i in range(5)]


def _leader(state: HexfolkState, seat: int) -> int:
    others = [p for p in range(len(state.players)) if p != seat]
    return max(others, key=lambda p: (visible_vp(state, p), sum(state.players[p].hand), -p))


def _robber_score(state: HexfolkState, seat: int, h: int, victim: int | None) -> float:
    board = board_of(state)
    leader = _leader(state, seat)
    score = 0.0
    pips = _pips(state.tokens[h])
    for c in board.hex_corners[h]:
        owner = state.corner_owner[c]
        if owner == seat:
            score -= 3 * pips * state.corner_level[c]
        elif owner == leader:
            score += 2 * pips * state.corner_level[c]
        elif owner >= 0:
            score += pips * state.corner_level[c] * 0.5
    if victim is not None:
        score += 2 + visible_vp(state, victim)
    return score


def _discard(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    hand = list(state.players[seat].hand)
    need = _target_cost(state, seat)
    out = [0] * 5
    for _ in range(state.discards[seat]):
        i = max(range(5), key=lambda r: (hand[r] - need[r], hand[r], -r))
        hand[i] -= 1
        out[i] += 1
    action = actions.Discard((out[0], out[1], out[2], out[3], out[4]))
    return action if action in legal else legal[0]


def _answer(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    offer = state.offer
    assert offer is not None
    hand = state.players[seat].hand
    need = _missing(hand, _target_cost(state, seat))
    cost = _target_cost(state, seat)
    gets = sum(min(offer.give[i], need[i]) for i in range(5))
    spare = all(hand[i] - offer.get[i] >= cost[i] for i in range(5) if offer.get[i])
    if actions.Accept() in legal and gets > 0 and spare and sum(offer.get) <= sum(offer.give) + 1:
        return actions.Accept()
    return actions.Decline()


def choose(state: HexfolkState, seat: int) -> Action:
    legal = legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    if len(legal) == 1:
        return legal[0]
    board = board_of(state)
    phase = state.phase
    if phase == SETTLE:
        # union-attr: every legal action of the settling phase is a Settle
        return max(legal, key=lambda a: spot_value(state, board, a.corner))  # type: ignore[union-attr]
    if phase in (FOUND_ROAD, ROADS):
        roads = [a for a in legal if isinstance(a, actions.Road)]
        return max(roads, key=lambda a: _road_value(state, board, seat, a.edge))
    if phase == DISCARD:
        return _discard(state, seat, legal)
    if phase == ROBBER:
        # union-attr: every legal action of the robber phase is a Robber
        return max(legal, key=lambda a: _robber_score(state, seat, a.hex, a.victim))  # type: ignore[union-attr]
    if phase == TRADE:
        if seat != state.current:
            return _answer(state, seat, legal)
        return _close(state, seat, legal)
    if phase == ROLL:
        knights = [a for a in legal if isinstance(a, actions.Knight)]
        if knights and any(state.corner_owner[c] == seat
                           for c in board.hex_corners[state.robber]):
            return max(knights, key=lambda a: _robber_score(state, seat, a.hex, a.victim))
        return actions.Roll()
    if phase == SPECIAL and state.special < 0:  # the sign-up: build only to build
        build = _build_or_end(state, seat, special_moves(state, seat), phase)
        return actions.End() if build == actions.End() else actions.SignUp()
    return _build_or_end(state, seat, legal, phase)


def _build_or_end(state: HexfolkState, seat: int, legal: list[Action], phase: str) -> Action:
    """The move of a turn after the roll, or of a special building phase: the best build,
    a development card to play, an offer or a bank trade toward the next build, or end."""
    board = board_of(state)
    cities = [a for a in legal if isinstance(a, actions.City)]
    if cities:
        return max(cities, key=lambda a: spot_value(state, board, a.corner))
    settles = [a for a in legal if isinstance(a, actions.Settle)]
    if settles:
        return max(settles, key=lambda a: spot_value(state, board, a.corner))
    target = _target_cost(state, seat)
    roads = [a for a in legal if isinstance(a, actions.Road)]
    if roads and target == ROAD_COST:
        best = max(roads, key=lambda a: _road_value(state, board, seat, a.edge))
        if _road_value(state, board, seat, best.edge) > 0:
            return best
    if phase != SPECIAL:
        plays = _dev_play(state, seat, legal)
        if plays is not None:
            return plays
    if actions.Buy() in legal and target in (DEV_COST, CITY_COST) and _affordable_after(
            state.players[seat].hand, DEV_COST, target):
        return actions.Buy()
    if phase != SPECIAL:
        offer = _offer(state, seat, target, legal)
        if offer is not None:
            return offer
        hand = state.players[seat].hand
        need = _missing(hand, target)
        if any(need):
            for a in legal:
                if isinstance(a, actions.BankTrade) and need[a.get] and (
                        hand[a.give] - rate(state, seat, a.give) >= target[a.give]):
                    return a
    if actions.Buy() in legal and target == DEV_COST:
        return actions.Buy()
    return actions.End() if actions.End() in legal else legal[-1]


def _unit(i: int, n: int = 1) -> tuple[int, int, int, int, int]:
    v = [0] * 5
    v[i] = n
    return (v[0], v[1], v[2], v[3], v[4])


#: offers per turn when offers wait for people's answers (lobby ``bot_offers=yes``):
#: a bot asks people sparingly — once a turn, and only for the last card a build lacks —
#: since each offer holds the table until everyone has answered
WAITING_OFFERS = 1
#: a surplus this big (cards beyond the wanted build) offers 2 for 1 instead of 1 for 1
BIG_SURPLUS = 4


def _offer(state: HexfolkState, seat: int, target: tuple[int, ...],
           legal: list[Action]) -> actions.Offer | None:
    """A fair offer to the other players for a card the wanted build lacks, or None.

    Only when one or two cards short. The kinds missing are asked for in resource order,
    the ``k``-th offer of the turn (``state.offers_made``) asking for the ``k``-th kind
    still missing: a declined kind leaves the hand as it was, so the next offer asks for
    the next kind, and no kind is asked for twice — the bot never loops (the engine also
    caps offers per turn)."""
    hand = state.players[seat].hand
    need = _missing(hand, target)
    if not 1 <= sum(need) <= (1 if state.offers_wait else 2):
        return None  # offers that wait for people: only for the very last card
    kinds = [r for r in range(5) if need[r]]
    k = state.offers_made
    if k >= len(kinds) or (state.offers_wait and k >= WAITING_OFFERS):
        return None
    want = kinds[k]
    surplus = [max(0, hand[i] - target[i]) for i in range(5)]
    give = max(range(5), key=lambda i: (surplus[i], -i))
    if not surplus[give]:
        return None
    offer = actions.Offer(_unit(give, 2 if surplus[give] >= BIG_SURPLUS else 1), _unit(want))
    return offer if offer in legal else None


def _close(state: HexfolkState, seat: int, legal: list[Action]) -> Action:
    """Close an open offer of ours with the acceptable partner who has the fewest points
    (ties: the lowest seat); a counter-offer is taken only when it still brings a missing
    card for cards spared from the wanted build, no more than one card extra.

    The bot closes the offer the first time it is asked to move after making it: whoever
    has not answered by then has declined. The session service lets the bots that have
    not moved yet answer first, so bots always take part, and a bot's offer never waits
    for a person (unless the lobby set ``bot_offers=yes``: then the engine does not ask
    the bot until every answer is in)."""
    offer = state.offer
    assert offer is not None
    hand = state.players[seat].hand
    target = _target_cost(state, seat)
    need = _missing(hand, target)
    ok: list[int] = []
    for a in legal:
        if not isinstance(a, actions.Trade):
            continue
        resp = offer.responses[a.partner]
        if isinstance(resp, list):
            give, get = resp
            if not (any(get[i] and need[i] for i in range(5))
                    and all(hand[i] - give[i] >= target[i] for i in range(5) if give[i])
                    and sum(give) <= sum(get) + 1):
                continue
        ok.append(a.partner)
    if not ok:
        return actions.Cancel()
    return actions.Trade(min(ok, key=lambda p: (visible_vp(state, p), p)))


def _affordable_after(hand: list[int], cost: tuple[int, ...], then: tuple[int, ...]) -> bool:
    """Buying ``cost`` now still leaves the cards counted for ``then`` when ``then`` is a
    city (ore and grain are shared), else always true."""
    if then != CITY_COST:
        return True
    return all(hand[i] - cost[i] >= then[i] for i in range(5)) or hand[4] >= 5


def _dev_play(state: HexfolkState, seat: int, legal: list[Action]) -> Action | None:
    board = board_of(state)
    knights = [a for a in legal if isinstance(a, actions.Knight)]
    if knights and ((state.robber >= 0 and any(
            state.corner_owner[c] == seat for c in board.hex_corners[state.robber]))
            or state.players[seat].knights >= 2):
        return max(knights, key=lambda a: _robber_score(state, seat, a.hex, a.victim))
    if actions.RoadBuilding() in legal and state.players[seat].settlements < 5:
        return actions.RoadBuilding()
    target = _target_cost(state, seat)
    need = _missing(state.players[seat].hand, target)
    plenty = [a for a in legal if isinstance(a, actions.Plenty)]
    if plenty and sum(need) >= 1:
        return max(plenty, key=lambda a: (min(need[a.first], 1) + min(
            need[a.second] - (a.first == a.second), 1), -a.first, -a.second))
    monos = [a for a in legal if isinstance(a, actions.Monopoly)]
    if monos:
        totals = [sum(p.hand[r] for i, p in enumerate(state.players) if i != seat)
                  for r in range(5)]
        best = max(monos, key=lambda a: (totals[a.resource], -a.resource))
        if totals[best.resource] >= 3:
            return best
    return None


def expert_action(state: HexfolkState, seat: int, budget: object = None) -> Action:
    """The expert level's move (issue 28 item 3): :func:`games.hexfolk.expert.decide`, a
    value function and a search of the seat's own turn instead of the shared playouts
    (``budget`` is not used: the search is bounded by its depth)."""
    move = decide(state, seat)
    return choose(state, seat) if move is None else move
