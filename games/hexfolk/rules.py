"""The rules of Hexfolk: setup, who acts, legality and effects.

:func:`check` is the single source of truth for legality; :func:`apply` calls it
before touching anything, so a refused move never half-applies. The fast
:func:`legal_actions` generates moves directly; a test keeps it equal to the broad
:func:`candidates` filtered through :func:`check`. Decisions the rulebook leaves
open: ``RULES-NOTES.md``.
"""

from __future__ import annotations

from typing import Any

from i18n import Term

from ..protocol import Event, IllegalAction
from ..protocol import term as _term
from ..rng import GameRng
from .actions import (
    Accept,
    Action,
    BankTrade,
    Buy,
    Cancel,
    City,
    Counter,
    Decline,
    Discard,
    End,
    Knight,
    Monopoly,
    Offer,
    Plenty,
    Road,
    RoadBuilding,
    Robber,
    Roll,
    Settle,
    SignUp,
    Trade,
)
from .board import Board, corner_harbours, get_board, random_layout
from .caches import (
    bank_rates,
    bank_trades,
    cities,
    counters_for,
    founding_sites,
    hex_owners,
    position,
    producers,
    road_sites,
    robber_action,
)
from .caches import offer_menu as _cached_offer_menu
from .data import (
    ARMY_MIN,
    AWARD_VP,
    CITY_COST,
    DESERT,
    DEV_CARDS,
    DEV_COST,
    DEV_ORDER,
    DISCARD_LIMIT,
    KNIGHT,
    LONGEST_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    PLENTY,
    RESOURCES,
    ROAD_COST,
    ROADS_CARD,
    SETTLEMENT_COST,
    VP_CARD,
    bank_size,
    dev_counts,
)
from .maps import STANDARD, resolve_map
from .phrases import Cards, Place
from .state import (
    DISCARD,
    FOUND_ROAD,
    MAIN,
    OVER,
    ROADS,
    ROBBER,
    ROLL,
    SETTLE,
    SPECIAL,
    TRADE,
    HexfolkState,
    Player,
)
from .state import Offer as OpenOffer

#: Offers the current player may make per turn (our choice, RULES-NOTES.md).
MAX_OFFERS = 3
SPECIAL_FROM = 5  # players from which the special building phase is played
_RANGE5 = range(5)
_ZERO = (0, 0, 0, 0, 0)


def _res(i: int) -> Term:
    return _term(f"hexfolk.resource.{RESOURCES[i]}")


def _dev(code: str) -> Term:
    return _term(f"hexfolk.dev.{code}")


def _require(cond: bool, key: str, **params: object) -> None:
    if not cond:
        raise IllegalAction(key, **params)


# -- setup ---------------------------------------------------------------------------------
def setup(num_players: int, seed: int, *, target: int = 10, robber: str = "on",
          longest: bool = True, army: bool = True, layout: str = "random",
          board_id: str | None = None, offers_wait: bool = False,
          special: bool = True, player_trades: bool = True,
          map_id: str = STANDARD) -> HexfolkState:
    """A new game; ``map_id`` is the lobby's ``map`` (``standard``: the standard board for
    the count), ``board_id`` a board id given directly (tools and tests)."""
    rng = GameRng(seed)
    bid = board_id or resolve_map(map_id, num_players).board_id
    board = get_board(bid)
    terrain, tokens, harbours = random_layout(board, rng, layout == "classic")
    deck = [c for c, n in dev_counts(num_players).items() for _ in range(n)]
    rng.shuffle(deck)
    first = rng.below(num_players)
    deserts = [h for h in range(board.hexes) if terrain[h] == DESERT]
    state = HexfolkState(
        board=bid, terrain=terrain, tokens=tokens, harbours=harbours,
        players=[Player() for _ in range(num_players)],
        robber=deserts[0] if robber != "off" else -1,
        corner_owner=[-1] * board.corners, corner_level=[0] * board.corners,
        edge_owner=[-1] * board.edges, bank=[bank_size(num_players)] * 5, dev_deck=deck,
        current=first, first=first, phase=SETTLE, turn=0, rng=rng, target=target,
        robber_mode=robber, longest_on=longest, army_on=army, layout=layout,
        discards=[0] * num_players, offers_wait=offers_wait, special_on=special,
        player_trades=player_trades,
    )
    state.corner_harbour = corner_harbours(bid, harbours)
    return state


def founding_order(state: HexfolkState) -> list[int]:
    n = len(state.players)
    base = [(state.first + i) % n for i in range(n)]
    return base + base[::-1]


# -- queries -----------------------------------------------------------------------------------
def board_of(state: HexfolkState) -> Board:
    return get_board(state.board)


def visible_vp(state: HexfolkState, seat: int) -> int:
    p = state.players[seat]
    vp = p.settlements + 2 * p.cities
    if state.longest == seat:
        vp += AWARD_VP
    if state.army == seat:
        vp += AWARD_VP
    return vp


def total_vp(state: HexfolkState, seat: int) -> int:
    return visible_vp(state, seat) + state.players[seat].devs.count(VP_CARD)


#: ``frozenset((seat,))`` per seat: most steps have one actor.
_ALONE = tuple(frozenset((seat,)) for seat in range(16))


def actors(state: HexfolkState) -> frozenset[int]:
    phase = state.phase
    if phase in (ROLL, MAIN):
        return _ALONE[state.current]
    if phase == OVER:
        return frozenset()
    if phase == DISCARD:
        return frozenset([i for i, owed in enumerate(state.discards) if owed])
    if phase == TRADE:
        assert state.offer is not None
        current = state.current
        waiting = [i for i, r in enumerate(state.offer.responses) if r is None and i != current]
        if waiting and state.offers_wait:
            return frozenset(waiting)  # bot_offers=yes: the offer waits for every answer
        waiting.append(current)  # the offerer keeps playing meanwhile
        return frozenset(waiting)
    if phase == SPECIAL:
        if state.special < 0:  # the sign-up: everyone asked answers at once
            return frozenset(state.special_asked)
        return frozenset((state.special,))
    return frozenset((state.current,))


def may_act(state: HexfolkState, seat: int) -> bool:
    """``seat in actors(state)``, without building the set (every legal-move list asks)."""
    if not 0 <= seat < len(state.players):
        return False
    phase = state.phase
    if phase == TRADE:
        assert state.offer is not None
        responses, current = state.offer.responses, state.current
        if seat != current:
            return responses[seat] is None
        return not state.offers_wait or all(
            r is not None for i, r in enumerate(responses) if i != current)
    if phase == OVER:
        return False
    if phase == DISCARD:
        return bool(state.discards[seat])
    if phase == SPECIAL:
        return seat in state.special_asked if state.special < 0 else seat == state.special
    return seat == state.current


def _holds(hand: list[int], cards: tuple[int, ...] | list[int]) -> bool:
    return (hand[0] >= cards[0] and hand[1] >= cards[1] and hand[2] >= cards[2]
            and hand[3] >= cards[3] and hand[4] >= cards[4])


def rate(state: HexfolkState, seat: int, res: int) -> int:
    """The player's best bank rate for ``res``: 2 (its harbour), 3 (generic) or 4."""
    return bank_rates(state, seat)[res]


def _free_for_settlement(state: HexfolkState, board: Board, c: int) -> bool:
    """Empty and the distance rule holds (no building on a neighbouring corner)."""
    owner = state.corner_owner
    return owner[c] < 0 and all(owner[n] < 0 for n in board.corner_corners[c])


def _road_connected(state: HexfolkState, board: Board, seat: int, e: int) -> bool:
    owner, eown = state.corner_owner, state.edge_owner
    for c in board.edge_corners[e]:
        if owner[c] == seat:
            return True
        if owner[c] < 0 and any(eown[x] == seat for x in board.corner_edges[c] if x != e):
            return True
    return False


def road_ok(state: HexfolkState, seat: int, e: int) -> bool:
    board = board_of(state)
    return (0 <= e < board.edges and state.edge_owner[e] < 0
            and state.players[seat].roads < MAX_ROADS
            and _road_connected(state, board, seat, e))


def settle_ok(state: HexfolkState, seat: int, c: int) -> bool:
    board = board_of(state)
    return (0 <= c < board.corners and state.players[seat].settlements < MAX_SETTLEMENTS
            and _free_for_settlement(state, board, c)
            and any(state.edge_owner[e] == seat for e in board.corner_edges[c]))


def robber_hexes(state: HexfolkState, seat: int) -> list[int]:
    """Hexes the robber may move to: any other land hex; with the friendly robber, none
    at the buildings of opponents with at most 2 visible VP (unless that leaves none)."""
    board = board_of(state)
    robber = state.robber
    cands = [h for h in range(board.hexes) if h != robber]
    if state.robber_mode == "friendly":
        n = len(state.players)
        protected = {p for p in range(n) if p != seat and visible_vp(state, p) <= 2}
        owners = hex_owners(state)
        ok = [h for h in cands if protected.isdisjoint(owners[h])]
        if ok:
            return ok
    return cands


def victims(state: HexfolkState, seat: int, h: int) -> list[int]:
    """The seats the robber at ``h`` may steal from: a building at ``h``, cards in hand."""
    players = state.players
    return [p for p in hex_owners(state)[h] if p != seat and any(players[p].hand)]


def _can_play(state: HexfolkState, seat: int, card: str) -> bool:
    p = state.players[seat]
    return p.devs.count(card) > p.bought.count(card)


def has_road_site(state: HexfolkState, seat: int) -> bool:
    return state.players[seat].roads < MAX_ROADS and bool(
        road_sites(state, seat))


# -- legality ------------------------------------------------------------------------------
def check(state: HexfolkState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
    _require(state.phase != OVER, "hexfolk.illegal.game_over")
    _require(0 <= seat < len(state.players), "platform.illegal.no_seat")
    who = actors(state)
    _require(seat in who, "platform.illegal.not_your_turn", current_seat=min(who))
    phase = state.phase
    board = board_of(state)
    player = state.players[seat]
    hand = player.hand

    if phase == SETTLE:
        _require(isinstance(action, Settle), "hexfolk.illegal.found_settle")
        assert isinstance(action, Settle)
        c = action.corner
        _require(0 <= c < board.corners, "hexfolk.illegal.no_corner")
        _require(_free_for_settlement(state, board, c), "hexfolk.illegal.distance")
        return
    if phase == FOUND_ROAD:
        _require(isinstance(action, Road), "hexfolk.illegal.found_road")
        assert isinstance(action, Road)
        e = action.edge
        _require(0 <= e < board.edges, "hexfolk.illegal.no_edge")
        _require(state.last_settlement in board.edge_corners[e]
                 and state.edge_owner[e] < 0, "hexfolk.illegal.found_road")
        return
    if phase == DISCARD:
        _require(isinstance(action, Discard), "hexfolk.illegal.must_discard",
                 count=state.discards[seat])
        assert isinstance(action, Discard)
        _require(all(x >= 0 for x in action.cards) and _holds(hand, action.cards),
                 "hexfolk.illegal.not_held")
        _require(sum(action.cards) == state.discards[seat], "hexfolk.illegal.discard_count",
                 count=state.discards[seat])
        return
    if phase == ROBBER:
        _require(isinstance(action, Robber), "hexfolk.illegal.must_robber")
        assert isinstance(action, Robber)
        _check_robber(state, seat, action.hex, action.victim)
        return
    if phase == ROADS:
        if isinstance(action, End):
            return  # ends the turn; the free roads not yet placed are lost
        _require(isinstance(action, Road), "hexfolk.illegal.must_free_road")
        assert isinstance(action, Road)
        _require(road_ok(state, seat, action.edge), "hexfolk.illegal.road_site")
        return
    if phase == TRADE and (seat != state.current or isinstance(
            action, (Trade, Cancel, Offer, Accept, Decline, Counter))):
        _check_trade_phase(state, seat, action)
        return
    if phase == ROLL:
        if isinstance(action, Roll):
            return
        _require(isinstance(action, Knight), "hexfolk.illegal.roll_first")
    if phase == SPECIAL and state.special < 0:  # the sign-up: build or pass
        _require(isinstance(action, (SignUp, End)), "hexfolk.illegal.special_sign_up")
        if isinstance(action, SignUp):
            _require(can_build(state, seat), "hexfolk.illegal.special_nothing")
        return
    if phase == SPECIAL:
        _require(isinstance(action, (Settle, Road, City, Buy, End)),
                 "hexfolk.illegal.special_only_build")
    if isinstance(action, Roll):
        raise IllegalAction("hexfolk.illegal.rolled")
    if isinstance(action, End):
        return
    if isinstance(action, Road):
        _require(_holds(hand, ROAD_COST), "hexfolk.illegal.cost", item=_term("hexfolk.item.road"))
        _require(player.roads < MAX_ROADS, "hexfolk.illegal.supply",
                 item=_term("hexfolk.item.road"))
        _require(road_ok(state, seat, action.edge), "hexfolk.illegal.road_site")
        return
    if isinstance(action, Settle):
        _require(_holds(hand, SETTLEMENT_COST), "hexfolk.illegal.cost",
                 item=_term("hexfolk.item.settlement"))
        _require(player.settlements < MAX_SETTLEMENTS, "hexfolk.illegal.supply",
                 item=_term("hexfolk.item.settlement"))
        _require(settle_ok(state, seat, action.corner), "hexfolk.illegal.settle_site")
        return
    if isinstance(action, City):
        _require(_holds(hand, CITY_COST), "hexfolk.illegal.cost", item=_term("hexfolk.item.city"))
        _require(player.cities < MAX_CITIES, "hexfolk.illegal.supply",
                 item=_term("hexfolk.item.city"))
        c = action.corner
        _require(0 <= c < board.corners and state.corner_owner[c] == seat
                 and state.corner_level[c] == 1, "hexfolk.illegal.city_site")
        return
    if isinstance(action, Buy):
        _require(_holds(hand, DEV_COST), "hexfolk.illegal.cost",
                 item=_term("hexfolk.item.dev"))
        _require(bool(state.dev_deck), "hexfolk.illegal.deck_empty")
        return
    if isinstance(action, (Knight, RoadBuilding, Plenty, Monopoly)):
        card = {Knight: KNIGHT, RoadBuilding: ROADS_CARD, Plenty: PLENTY,
                Monopoly: MONOPOLY}[type(action)]
        _require(not state.dev_played, "hexfolk.illegal.one_dev")
        _require(card in player.devs, "hexfolk.illegal.no_dev", card=_dev(card))
        _require(_can_play(state, seat, card), "hexfolk.illegal.dev_new", card=_dev(card))
        if isinstance(action, Knight):
            if state.robber_mode == "off":
                _require(action.hex == -1 and action.victim is None,
                         "hexfolk.illegal.robber_off")
            else:
                _check_robber(state, seat, action.hex, action.victim)
        elif isinstance(action, RoadBuilding):
            _require(player.roads < MAX_ROADS and has_road_site(state, seat),
                     "hexfolk.illegal.road_site")
        elif isinstance(action, Plenty):
            a, b = action.first, action.second
            _require(a in _RANGE5 and b in _RANGE5, "hexfolk.illegal.bad_resource")
            _require(state.bank[a] >= 1 + (a == b) and state.bank[b] >= 1,
                     "hexfolk.illegal.bank_empty")
        else:
            _require(action.resource in _RANGE5, "hexfolk.illegal.bad_resource")
        return
    if isinstance(action, BankTrade):
        g, r = action.give, action.get
        _require(g in _RANGE5 and r in _RANGE5 and g != r, "hexfolk.illegal.bad_resource")
        need = rate(state, seat, g)
        _require(hand[g] >= need, "hexfolk.illegal.bank_rate", count=need, resource=_res(g))
        _require(state.bank[r] >= 1, "hexfolk.illegal.bank_empty")
        return
    if isinstance(action, Offer):
        _require(len(state.players) > 1, "hexfolk.illegal.no_partner")
        _require(state.player_trades, "hexfolk.illegal.no_player_trades")
        _require(state.offers_made < MAX_OFFERS, "hexfolk.illegal.offer_limit", count=MAX_OFFERS)
        _check_terms(action.give, action.get)
        _require(_holds(hand, action.give), "hexfolk.illegal.not_held")
        return
    raise IllegalAction("hexfolk.illegal.not_now")


def _check_terms(give: tuple[int, ...], get: tuple[int, ...]) -> None:
    _require(all(x >= 0 for x in give) and all(x >= 0 for x in get)
             and (sum(give) + sum(get)) > 0, "hexfolk.illegal.bad_offer")
    _require(not any(give[i] and get[i] for i in _RANGE5), "hexfolk.illegal.bad_offer")


def _check_robber(state: HexfolkState, seat: int, h: int, victim: int | None) -> None:
    _require(h in robber_hexes(state, seat), "hexfolk.illegal.robber_hex")
    vs = victims(state, seat, h)
    if vs:
        _require(victim in vs, "hexfolk.illegal.victim")
    else:
        _require(victim is None, "hexfolk.illegal.victim")


def _check_trade_phase(state: HexfolkState, seat: int, action: Action) -> None:
    offer = state.offer
    assert offer is not None
    hand = state.players[seat].hand
    if seat != state.current:
        if isinstance(action, Accept):
            _require(_holds(hand, offer.get), "hexfolk.illegal.not_held")
            return
        if isinstance(action, Decline):
            return
        if isinstance(action, Counter):
            _check_terms(action.give, action.get)
            _require(_holds(hand, action.give), "hexfolk.illegal.not_held")
            return
        raise IllegalAction("hexfolk.illegal.answer_offer")
    _require(not isinstance(action, Offer), "hexfolk.illegal.offer_open")
    _require(not isinstance(action, (Accept, Decline, Counter)), "hexfolk.illegal.own_offer")
    if isinstance(action, Cancel):
        return
    if isinstance(action, Trade):
        p = action.partner
        _require(0 <= p < len(state.players) and p != seat, "hexfolk.illegal.partner")
        resp = offer.responses[p]
        _require(resp == "accept" or isinstance(resp, list), "hexfolk.illegal.partner")
        give, get = (offer.give, offer.get) if resp == "accept" else (resp[0], resp[1])
        _require(_holds(hand, give) and _holds(state.players[p].hand, get),
                 "hexfolk.illegal.not_held")
        return
    raise IllegalAction("hexfolk.illegal.close_offer")  # pragma: no cover - guarded above


def menu_counters(state: HexfolkState, seat: int) -> list[Counter]:
    """The counter-offers the menu lists for a responder: one card of a kind they hold
    for what the offer gives (other terms can still be typed: ``counter … for …``)."""
    offer = state.offer
    assert offer is not None
    hand = state.players[seat].hand
    # per offer, the counters by the kind of card given (games/hexfolk/caches.py)
    return [c for r, c in counters_for(tuple(offer.give), tuple(offer.get)) if hand[r] > 0]


# -- candidates (broad, for tests) and legal moves (fast) -----------------------------------------
def _unit(i: int, n: int = 1) -> tuple[int, int, int, int, int]:
    v = [0] * 5
    v[i] = n
    return (v[0], v[1], v[2], v[3], v[4])


def offer_menu(hand: list[int]) -> list[Offer]:
    """The offers listed as moves: 1 for 1 and 2 for 1 of any other resource. Any other
    terms are legal too when typed (see RULES-NOTES.md). From a table (games/hexfolk/
    caches.py): per resource held once, its 1-for-1 offers; held twice, 2-for-1 too."""
    return _cached_offer_menu(hand)


def discard_options(hand: list[int], count: int) -> list[tuple[int, int, int, int, int]]:
    """Every way to give up ``count`` cards from ``hand``, in lexicographic order."""
    out: list[tuple[int, int, int, int, int]] = []
    cur = [0] * 5

    def rec(i: int, left: int) -> None:
        if i == 4:
            if left <= hand[4]:
                cur[4] = left
                out.append((cur[0], cur[1], cur[2], cur[3], cur[4]))
            return
        rest = sum(hand[i + 1:])
        for k in range(min(hand[i], left), -1, -1):
            if left - k > rest:
                break
            cur[i] = k
            rec(i + 1, left - k)

    rec(0, count)
    return out


def _robber_moves(state: HexfolkState, seat: int, knight: bool) -> list[Action]:
    """The robber (or knight) moves in legal order: per hex :func:`robber_hexes` allows,
    one per victim (:func:`victims`), or one robbing nobody. Who is at each hex comes
    from the position (games/hexfolk/caches.py), the moves themselves are shared values."""
    if knight and state.robber_mode == "off":
        return [robber_action(True, -1, None)]
    owners = hex_owners(state)
    has_cards = [any(p.hand) for p in state.players]
    out: list[Action] = []
    for h in robber_hexes(state, seat):
        found = False
        for v in owners[h]:
            if v != seat and has_cards[v]:
                out.append(robber_action(knight, h, v))
                found = True
        if not found:
            out.append(robber_action(knight, h, None))
    return out


def candidates(state: HexfolkState, seat: int) -> list[Action]:
    """A broad superset of the legal moves in legal order (used by tests only)."""
    board = board_of(state)
    n = len(state.players)
    out: list[Action] = []
    out += [Settle(c) for c in range(board.corners)]
    out += [City(c) for c in range(board.corners)]
    out += [Road(e) for e in range(board.edges)]
    out += [Roll(), Buy()]
    hexes = [-1, *range(board.hexes)]
    out += [Knight(h, v) for h in hexes for v in (None, *range(n))]
    out += [RoadBuilding()]
    out += [Plenty(a, b) for a in _RANGE5 for b in _RANGE5 if a <= b]
    out += [Monopoly(r) for r in _RANGE5]
    out += [BankTrade(g, r) for g in _RANGE5 for r in _RANGE5]
    hand = state.players[seat].hand
    out += offer_menu([9] * 5)
    out += [Robber(h, v) for h in range(board.hexes) for v in (None, *range(n))]
    if state.phase == DISCARD:
        out += [Discard(d) for d in discard_options(hand, state.discards[seat])]
    out += [Accept(), Decline()]
    if state.phase == TRADE and state.offer is not None and seat != state.current:
        out += menu_counters(state, seat)
    out += [Trade(p) for p in range(n)]
    out += [Cancel(), SignUp(), End()]
    return out


#: Moves without parameters, shared (actions are frozen values).
_ROLL, _END, _BUY, _ROAD_BUILDING = Roll(), End(), Buy(), RoadBuilding()
_ACCEPT, _DECLINE, _CANCEL, _SIGN_UP = Accept(), Decline(), Cancel(), SignUp()
_MONOPOLIES = tuple(Monopoly(r) for r in _RANGE5)
#: Every Year of plenty pick (first <= second), in legal order.
_PLENTIES = tuple((a, b, Plenty(a, b)) for a in _RANGE5 for b in _RANGE5 if a <= b)


def legal_actions(state: HexfolkState, seat: int) -> list[Action]:
    """Every listed legal move of ``seat``, in the order of :func:`candidates`."""
    if not may_act(state, seat):
        return []
    phase = state.phase
    if phase == SPECIAL and state.special < 0:  # the sign-up: build or pass
        return [_SIGN_UP, _END] if can_build(state, seat) else [_END]
    if phase in (MAIN, ROLL, SPECIAL):  # most steps of a game
        return _turn_moves(state, seat, phase, offers=True)
    player = state.players[seat]
    hand = player.hand
    if phase == TRADE:
        offer = state.offer
        assert offer is not None
        if seat != state.current:
            out: list[Action] = [_ACCEPT] if _holds(hand, offer.get) else []
            return [*out, _DECLINE, *menu_counters(state, seat)]
        closing: list[Action] = []
        for p, resp in enumerate(offer.responses):
            if resp == "accept" or isinstance(resp, list):
                give, get = (offer.give, offer.get) if resp == "accept" else resp
                if _holds(hand, give) and _holds(state.players[p].hand, get):
                    closing.append(Trade(p))
        closing.append(_CANCEL)
        moves = _turn_moves(state, seat, MAIN, offers=False)
        return [*moves[:-1], *closing, moves[-1]]  # ... trade pN, cancel, end
    if phase == SETTLE:
        return list(founding_sites(state.board, state.corner_owner))
    if phase == FOUND_ROAD:
        return [Road(e) for e in board_of(state).corner_edges[state.last_settlement]
                if state.edge_owner[e] < 0]
    if phase == DISCARD:
        return [Discard(d) for d in discard_options(hand, state.discards[seat])]
    if phase == ROBBER:
        return _robber_moves(state, seat, knight=False)
    if phase == ROADS:
        roads = [] if player.roads >= MAX_ROADS else list(road_sites(state, seat))
        return [*roads, _END]
    return []  # pragma: no cover - every phase in which someone acts is handled above


def special_moves(state: HexfolkState, seat: int) -> list[Action]:
    """The moves ``seat`` would have building in the special building phase now."""
    return _turn_moves(state, seat, SPECIAL, offers=False)


def can_build(state: HexfolkState, seat: int) -> bool:
    """Whether ``seat`` could build or buy anything in a special building phase now (its
    moves there are more than ``end``): signing up for it means building."""
    return len(special_moves(state, seat)) > 1


def _turn_moves(state: HexfolkState, seat: int, phase: str, *, offers: bool) -> list[Action]:
    """The moves of a turn (ROLL, MAIN, SPECIAL) in legal order; ``offers``: list offers."""
    player = state.players[seat]
    can_play_dev = bool(player.devs) and not state.dev_played and phase != SPECIAL
    if phase == ROLL:  # roll, or play a knight first
        if can_play_dev and _can_play(state, seat, KNIGHT):
            return [_ROLL, *_robber_moves(state, seat, knight=True)]
        return [_ROLL]
    hand = player.hand
    board = position(state)  # the sites, rates and buildings of the board as it is now
    out: list[Action] = []
    if _holds(hand, SETTLEMENT_COST) and player.settlements < MAX_SETTLEMENTS:
        out += board.sites(seat)[1]
    if _holds(hand, CITY_COST) and player.cities < MAX_CITIES:
        level, table = state.corner_level, cities(len(state.corner_level))
        out += [table[c] for c in board.owned(seat) if level[c] == 1]
    if _holds(hand, ROAD_COST) and player.roads < MAX_ROADS:
        out += board.sites(seat)[0]
    if _holds(hand, DEV_COST) and state.dev_deck:
        out.append(_BUY)
    if phase == MAIN:
        if can_play_dev:
            if _can_play(state, seat, KNIGHT):
                out += _robber_moves(state, seat, knight=True)
            if (_can_play(state, seat, ROADS_CARD) and player.roads < MAX_ROADS
                    and board.sites(seat)[0]):
                out.append(_ROAD_BUILDING)
            if _can_play(state, seat, PLENTY):
                bank = state.bank
                out += [plenty for a, b, plenty in _PLENTIES
                        if bank[a] >= 1 + (a == b) and bank[b] >= 1]
            if _can_play(state, seat, MONOPOLY):
                out += _MONOPOLIES
        if max(hand) >= 2:  # every rate is 2 or more
            rates, bank = board.rates(seat), state.bank
            for g in _RANGE5:
                if hand[g] >= 2 and hand[g] >= rates[g]:
                    out += [t for t in bank_trades(g) if bank[t.get] >= 1]
        if (offers and state.offers_made < MAX_OFFERS and len(state.players) > 1
                and state.player_trades):
            out += offer_menu(hand)
    out.append(_END)
    return out


# -- effects ------------------------------------------------------------------------------------
def apply(state: HexfolkState, seat: int, action: Action) -> list[Event]:
    """Check, then carry out ``action`` for ``seat``; return what happened."""
    check(state, seat, action)
    return apply_trusted(state, seat, action)


def apply_trusted(state: HexfolkState, seat: int, action: Action) -> list[Event]:
    """Carry out a move taken from :func:`legal_actions` (not checked again).

    The move's effect is looked up by its type (:data:`_EFFECTS`); a value that is no
    move is refused before anything changes."""
    events: list[Event] = []
    phase = state.phase
    if phase == SETTLE:
        assert isinstance(action, Settle)
        _found_settlement(state, seat, action.corner, events)
        return events
    if phase == FOUND_ROAD:
        assert isinstance(action, Road)
        _found_road(state, seat, action.edge, events)
        return events
    effect = _EFFECTS.get(type(action))
    if effect is None:
        raise IllegalAction("hexfolk.illegal.not_now")
    player = state.players[seat]
    effect(state, seat, action, player, phase, events)
    offer = state.offer
    if offer is not None and seat == state.current and not _holds(player.hand, offer.give):
        state.offer = None  # the offerer's hand can no longer pay what was offered
        if state.phase == TRADE:
            state.phase = MAIN
        events.append(Event("hexfolk.event.offer_withdrawn", seat))
    _check_win(state, events)
    return events


def _found_settlement(state: HexfolkState, seat: int, c: int, events: list[Event]) -> None:
    """A founding settlement; the second one brings a card from each hex at it."""
    player = state.players[seat]
    _place_settlement(state, seat, c)
    state.last_settlement = c
    events.append(Event("hexfolk.event.settle_at", seat, {"corner": _corner_text(state, c)}))
    if state.founding >= len(state.players):  # second settlement: its resources
        got = [0] * 5
        for h in board_of(state).corner_hexes[c]:
            res = state.terrain[h]
            if res != DESERT and state.bank[res] > 0:
                state.bank[res] -= 1
                player.hand[res] += 1
                got[res] += 1
        events.append(Event("hexfolk.event.income", seat, {"cards": _bundle_text(got)}))
    state.phase = FOUND_ROAD


def _found_road(state: HexfolkState, seat: int, e: int, events: list[Event]) -> None:
    """A founding road; then the next seat in the founding order, or the first turn."""
    _place_road(state, seat, e)
    events.append(Event("hexfolk.event.road_at", seat, {"edge": _edge_text(state, e)}))
    state.founding += 1
    order = founding_order(state)
    if state.founding < len(order):
        state.current = order[state.founding]
        state.phase = SETTLE
    else:
        state.current = state.first
        state.turn = 1
        state.phase = ROLL
    state.last_settlement = -1


# -- the effect of each move after founding: (state, seat, move, seat's player, phase,
# events); apply_trusted then withdraws an offer its maker can no longer pay and checks
# for a win
def _do_offer(state: HexfolkState, seat: int, action: Offer, player: Player, phase: str,
              events: list[Event]) -> None:
    give, get = action.give, action.get
    state.offers_made += 1
    state.offer = OpenOffer(list(give), list(get), [None] * len(state.players))
    state.phase = TRADE
    events.append(Event("hexfolk.event.offer", seat, {
        "give": _bundle_text(give), "get": _bundle_text(get)}))


def _do_answer(state: HexfolkState, seat: int, action: Accept | Decline | Counter,
               player: Player, phase: str, events: list[Event]) -> None:
    offer = state.offer
    assert offer is not None
    responses = offer.responses
    if isinstance(action, Accept):
        responses[seat] = "accept"
        events.append(Event("hexfolk.event.accept", seat))
    elif isinstance(action, Decline):
        responses[seat] = "decline"
        events.append(Event("hexfolk.event.decline", seat))
    else:
        responses[seat] = [list(action.get), list(action.give)]
        events.append(Event("hexfolk.event.counter", seat, {
            "give": _bundle_text(action.give), "get": _bundle_text(action.get)}))
    current = state.current
    done = all(r is not None for i, r in enumerate(responses) if i != current)
    if done and all(r in (None, "decline") for r in responses):
        state.offer = None
        state.phase = MAIN
        events.append(Event("hexfolk.event.offer_declined", current))


def _do_trade(state: HexfolkState, seat: int, action: Trade, player: Player, phase: str,
              events: list[Event]) -> None:
    offer = state.offer
    assert offer is not None
    p = action.partner
    resp = offer.responses[p]
    give, get = (offer.give, offer.get) if resp == "accept" else (resp[0], resp[1])
    partner = state.players[p]
    for i in _RANGE5:
        player.hand[i] += get[i] - give[i]
        partner.hand[i] += give[i] - get[i]
    player.player_trades += 1
    partner.player_trades += 1
    state.offer = None
    state.phase = MAIN
    events.append(Event("hexfolk.event.trade", seat, {
        "partner_seat": p, "give": _bundle_text(give), "get": _bundle_text(get)}))


def _do_cancel(state: HexfolkState, seat: int, action: Cancel, player: Player, phase: str,
               events: list[Event]) -> None:
    state.offer = None
    state.phase = MAIN
    events.append(Event("hexfolk.event.cancel", seat))


def _do_roll(state: HexfolkState, seat: int, action: Roll, player: Player, phase: str,
             events: list[Event]) -> None:
    _roll(state, seat, events)


def _do_discard(state: HexfolkState, seat: int, action: Discard, player: Player, phase: str,
                events: list[Event]) -> None:
    cards = action.cards
    for i in _RANGE5:
        player.hand[i] -= cards[i]
        state.bank[i] += cards[i]
    state.discards[seat] = 0
    player.discarded += sum(cards)
    events.append(Event("hexfolk.event.discard", seat, {"count": sum(cards)}))
    if not any(state.discards):
        state.phase = ROBBER


def _do_robber(state: HexfolkState, seat: int, action: Robber, player: Player, phase: str,
               events: list[Event]) -> None:
    _move_robber(state, seat, action.hex, action.victim, events)
    state.phase = MAIN if state.rolled else ROLL


def _do_knight(state: HexfolkState, seat: int, action: Knight, player: Player, phase: str,
               events: list[Event]) -> None:
    _use_dev(state, seat, KNIGHT)
    player.knights += 1
    events.append(Event("hexfolk.event.knight", seat))
    if action.hex >= 0:
        _move_robber(state, seat, action.hex, action.victim, events)
    _update_army(state, seat, events)


def _do_road_building(state: HexfolkState, seat: int, action: RoadBuilding, player: Player,
                      phase: str, events: list[Event]) -> None:
    _use_dev(state, seat, ROADS_CARD)
    state.free_roads = min(2, MAX_ROADS - player.roads)
    state.phase = ROADS
    events.append(Event("hexfolk.event.road_building", seat))


def _do_plenty(state: HexfolkState, seat: int, action: Plenty, player: Player, phase: str,
               events: list[Event]) -> None:
    a, b = action.first, action.second
    _use_dev(state, seat, PLENTY)
    for r in (a, b):
        state.bank[r] -= 1
        player.hand[r] += 1
    events.append(Event("hexfolk.event.plenty", seat, {"first": _res(a), "second": _res(b)}))


def _do_monopoly(state: HexfolkState, seat: int, action: Monopoly, player: Player,
                 phase: str, events: list[Event]) -> None:
    r = action.resource
    _use_dev(state, seat, MONOPOLY)
    taken = 0
    for i, other in enumerate(state.players):
        if i != seat:
            taken += other.hand[r]
            other.hand[r] = 0
    player.hand[r] += taken
    events.append(Event("hexfolk.event.monopoly", seat, {"resource": _res(r), "count": taken}))


def _do_road(state: HexfolkState, seat: int, action: Road, player: Player, phase: str,
             events: list[Event]) -> None:
    e = action.edge
    if phase == ROADS:
        _place_road(state, seat, e)
        state.free_roads -= 1
        if state.free_roads <= 0 or not has_road_site(state, seat):
            state.free_roads = 0
            state.phase = TRADE if state.offer is not None else MAIN
    else:
        _pay(state, player, ROAD_COST)
        _place_road(state, seat, e)
    events.append(Event("hexfolk.event.road_at", seat, {"edge": _edge_text(state, e)}))
    _update_longest(state, events)


def _do_settle(state: HexfolkState, seat: int, action: Settle, player: Player, phase: str,
               events: list[Event]) -> None:
    c = action.corner
    _pay(state, player, SETTLEMENT_COST)
    _place_settlement(state, seat, c)
    events.append(Event("hexfolk.event.settle_at", seat, {"corner": _corner_text(state, c)}))
    # a settlement may cut the roads of those with a road at its corner
    edge_owner = state.edge_owner
    for p in {edge_owner[e] for e in board_of(state).corner_edges[c]} - {-1, seat}:
        state.players[p].road_length = road_length(state, p)
    _update_longest(state, events)


def _do_city(state: HexfolkState, seat: int, action: City, player: Player, phase: str,
             events: list[Event]) -> None:
    c = action.corner
    _pay(state, player, CITY_COST)
    state.corner_level[c] = 2
    player.settlements -= 1
    player.cities += 1
    events.append(Event("hexfolk.event.city_at", seat, {"corner": _corner_text(state, c)}))


def _do_buy(state: HexfolkState, seat: int, action: Buy, player: Player, phase: str,
            events: list[Event]) -> None:
    _pay(state, player, DEV_COST)
    card = state.dev_deck.pop()
    player.devs.append(card)
    player.devs.sort(key=DEV_ORDER.__getitem__)
    player.bought.append(card)
    events.append(Event("hexfolk.event.buy", seat))


def _do_bank_trade(state: HexfolkState, seat: int, action: BankTrade, player: Player,
                   phase: str, events: list[Event]) -> None:
    g, r = action.give, action.get
    need = rate(state, seat, g)
    player.hand[g] -= need
    state.bank[g] += need
    state.bank[r] -= 1
    player.hand[r] += 1
    player.bank_trades += 1
    events.append(Event("hexfolk.event.bank", seat, {
        "count": need, "give": _res(g), "get": _res(r)}))


def _do_sign_up(state: HexfolkState, seat: int, action: SignUp, player: Player, phase: str,
                events: list[Event]) -> None:
    """"I build" at the special building phase's sign-up: the seat builds in turn order
    once everyone asked has answered."""
    state.special_asked.remove(seat)
    state.special_queue.append(seat)
    events.append(Event("hexfolk.event.special_sign_up", seat))
    if not state.special_asked:
        _start_special_building(state, events)


def _do_end(state: HexfolkState, seat: int, action: End, player: Player, phase: str,
            events: list[Event]) -> None:
    if phase == SPECIAL and state.special < 0:  # a pass at the sign-up
        state.special_asked.remove(seat)
        events.append(Event("hexfolk.event.special_pass", seat))
        if not state.special_asked:
            _start_special_building(state, events)
        return
    if phase == SPECIAL:
        events.append(Event("hexfolk.event.special_done", seat))
        _advance_special(state, events)
        return
    if phase == ROADS:
        events.append(Event("hexfolk.event.free_roads_lost", seat, {"count": state.free_roads}))
        state.free_roads = 0
    if state.offer is not None:
        state.offer = None  # unanswered and accepted alike: no trade
        events.append(Event("hexfolk.event.offer_closed", seat))
    events.append(Event("hexfolk.event.end", seat))
    _end_turn(state, events)


#: The effect of each kind of move after founding, by its type.
_EFFECTS: dict[type, Any] = {
    Offer: _do_offer, Accept: _do_answer, Decline: _do_answer, Counter: _do_answer,
    Trade: _do_trade, Cancel: _do_cancel, Roll: _do_roll, Discard: _do_discard,
    SignUp: _do_sign_up, Robber: _do_robber, Knight: _do_knight, RoadBuilding: _do_road_building,
    Plenty: _do_plenty, Monopoly: _do_monopoly, Road: _do_road, Settle: _do_settle,
    City: _do_city, Buy: _do_buy, BankTrade: _do_bank_trade, End: _do_end,
}


# Event parameters: locale-neutral phrases, worded only when the event is told
def _bundle_text(b: Any) -> Cards:
    return Cards(tuple(b))


def _corner_text(state: HexfolkState, c: int) -> Place:
    return Place("corner", c, state)


def _edge_text(state: HexfolkState, e: int) -> Place:
    return Place("edge", e, state)


def _hex_text(state: HexfolkState, h: int) -> Place:
    return Place("hex", h, state)


def _pay(state: HexfolkState, player: Player, cost: tuple[int, ...]) -> None:
    for i in _RANGE5:
        player.hand[i] -= cost[i]
        state.bank[i] += cost[i]


def _use_dev(state: HexfolkState, seat: int, card: str) -> None:
    p = state.players[seat]
    p.devs.remove(card)
    p.played.append(card)
    state.dev_played = True


def _place_settlement(state: HexfolkState, seat: int, c: int) -> None:
    state.corner_owner[c] = seat
    state.corner_level[c] = 1
    state.players[seat].settlements += 1


def _place_road(state: HexfolkState, seat: int, e: int) -> None:
    state.edge_owner[e] = seat
    p = state.players[seat]
    p.roads += 1
    p.road_length = road_length(state, seat)


def _roll(state: HexfolkState, seat: int, events: list[Event]) -> None:
    d1, d2 = state.rng.roll(6), state.rng.roll(6)
    total = d1 + d2
    state.dice = [d1, d2]
    state.rolled = True
    state.roll_counts[total] += 1
    events.append(Event("hexfolk.event.roll", seat, {"first": d1, "second": d2, "total": total}))
    if total != 7:
        produce(state, total, events)
        state.phase = MAIN
        return
    if state.robber_mode == "off":
        state.phase = MAIN
        return
    state.discards = [sum(p.hand) // 2 if sum(p.hand) > DISCARD_LIMIT else 0
                      for p in state.players]
    state.phase = DISCARD if any(state.discards) else ROBBER


def produce(state: HexfolkState, total: int, events: list[Event]) -> None:
    """Income for ``total``; a resource the bank can't pay to everyone entitled goes to
    nobody, unless only one player is entitled: that player takes what is left."""
    robber, owner, level = state.robber, state.corner_owner, state.corner_level
    # per resource, what each entitled seat is owed (a settlement 1, a city 2)
    demand: dict[int, dict[int, int]] = {}
    for h, res, corners in producers(state.board, state.terrain, state.tokens, total):
        if h == robber:
            continue
        for c in corners:
            seat = owner[c]
            if seat >= 0:
                owed = demand.get(res)
                if owed is None:
                    demand[res] = {seat: level[c]}
                else:
                    owed[seat] = owed.get(seat, 0) + level[c]
    if not demand:
        return
    players, bank = state.players, state.bank
    got: dict[int, list[int]] = {}
    for res in sorted(demand):
        owed = demand[res]
        if sum(owed.values()) <= bank[res]:
            paid = owed
        elif len(owed) == 1:
            (seat,) = owed
            paid = {seat: bank[res]}
            events.append(Event("hexfolk.event.shortage_one", seat, {"resource": _res(res)}))
        else:
            events.append(Event("hexfolk.event.shortage", None, {"resource": _res(res)}))
            continue
        for seat, count in paid.items():
            bank[res] -= count
            player = players[seat]
            player.hand[res] += count
            player.produced[res] += count
            cards = got.get(seat)
            if cards is None:
                cards = got[seat] = [0] * 5
            cards[res] += count
    for seat in sorted(got):
        if any(got[seat]):
            events.append(Event("hexfolk.event.income", seat,
                                {"cards": _bundle_text(got[seat])}))


def _move_robber(state: HexfolkState, seat: int, h: int, victim: int | None,
                 events: list[Event]) -> None:
    state.robber = h
    events.append(Event("hexfolk.event.robber_to", seat, {"hex": _hex_text(state, h)}))
    if victim is None:
        return
    hand = state.players[victim].hand
    k = state.rng.below(sum(hand))
    for res in _RANGE5:
        if k < hand[res]:
            break
        k -= hand[res]
    hand[res] -= 1
    state.players[victim].stolen += 1
    state.players[seat].hand[res] += 1
    events.append(Event("hexfolk.event.steal", seat, {"victim_seat": victim}))


def road_length(state: HexfolkState, seat: int) -> int:
    """The longest chain of distinct roads of ``seat``; an opponent's building on a corner
    ends the chain there (the roads up to it still count)."""
    eown, cown = state.edge_owner, state.corner_owner
    mine = [e for e, owner in enumerate(eown) if owner == seat]
    if len(mine) < 2:
        return len(mine)
    edge_corners = board_of(state).edge_corners
    # per corner the seat's roads there, each as (its bit, the corner at its other end)
    links: dict[int, list[tuple[int, int]]] = {}
    for e in mine:
        a, b = edge_corners[e]
        bit = 1 << e
        links.setdefault(a, []).append((bit, b))
        links.setdefault(b, []).append((bit, a))
    blocked = {c for c in links if cown[c] >= 0 and cown[c] != seat}
    most = len(mine)
    best = 0

    def dfs(c: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        for bit, nxt in links[c]:
            if not used & bit:
                if nxt in blocked:
                    if length + 1 > best:
                        best = length + 1
                else:
                    dfs(nxt, used | bit, length + 1)
            if best == most:  # every road in one chain: none can be longer
                return

    for c in _trail_starts(links, blocked):
        dfs(c, 0, 0)
        if best == most:
            break
    return best


def _trail_starts(links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """The corners a longest chain of the seat's roads (``links``: per corner its roads
    there, as (bit, other corner)) can be taken to start from: those where the seat has
    an odd number of roads, those with an opponent's building (``blocked``), and one
    corner of every group of roads that has neither.

    Why that is enough: a longest chain starting at an unblocked corner with an even
    number of the seat's roads leaves one of them unused there (it used an odd number),
    so it could be made longer by that road, unless it ends where it starts; a closed
    chain through only such corners uses every road of its group, and is found from
    any of its corners. Trying every corner (as before issue 10) gives the same length,
    several times slower; tests/test_hexfolk_caches.py compares the two."""
    starts = {c for c, roads in links.items() if len(roads) % 2 or c in blocked}
    if len(starts) < len(links):  # a group of roads may have no such corner
        seen: set[int] = set()
        for c in sorted(links):
            if c in seen:
                continue
            group, stack = [c], [c]
            seen.add(c)
            while stack:  # every corner joined to c by the seat's roads
                for _, n in links[stack.pop()]:
                    if n not in seen:
                        seen.add(n)
                        group.append(n)
                        stack.append(n)
            if starts.isdisjoint(group):
                starts.add(c)
    return sorted(starts)


def _update_longest(state: HexfolkState, events: list[Event]) -> None:
    """The holder keeps the award while no one is strictly longer (and the holder still has
    5+); otherwise a unique longest road of 5+ takes it, and a tie sets it aside."""
    if not state.longest_on:
        return
    lengths = [p.road_length for p in state.players]
    top = max(lengths)
    holder = state.longest
    if holder >= 0 and lengths[holder] >= LONGEST_MIN and lengths[holder] == top:
        return
    leaders = [p for p, n in enumerate(lengths) if n == top] if top >= LONGEST_MIN else []
    new = leaders[0] if len(leaders) == 1 else -1
    if new != holder:
        state.longest = new
        if new >= 0:
            events.append(Event("hexfolk.event.longest", new, {"length": top}))
        else:
            events.append(Event("hexfolk.event.longest_none", None))


def _update_army(state: HexfolkState, seat: int, events: list[Event]) -> None:
    if not state.army_on or state.army == seat:
        return
    k = state.players[seat].knights
    if k >= ARMY_MIN and (state.army < 0 or k > state.players[state.army].knights):
        state.army = seat
        events.append(Event("hexfolk.event.army", seat, {"knights": k}))


#: The cheapest thing to build (a road) costs this many cards.
SPECIAL_MIN_CARDS = min(sum(ROAD_COST), sum(DEV_COST), sum(SETTLEMENT_COST), sum(CITY_COST))


def special_wanted(state: HexfolkState, seat: int) -> bool:
    """Whether ``seat`` is offered the special building phase: by the number of cards in
    hand alone, which everybody sees — never by what the cards could pay for, so being
    skipped tells the table nothing it did not know (RULES-NOTES.md)."""
    return sum(state.players[seat].hand) >= SPECIAL_MIN_CARDS


def _end_turn(state: HexfolkState, events: list[Event]) -> None:
    state.rolled = False
    state.dev_played = False
    state.offers_made = 0
    n = len(state.players)
    if n >= SPECIAL_FROM and state.special_on:
        # The sign-up (issue 26 item 2; rulebook: "the others may sign up and, one after
        # another, build"): everyone holding enough cards is asked at once, build or
        # pass; those who build then build one after another in turn order.
        asked = [seat for seat in ((state.current + i) % n for i in range(1, n))
                 if special_wanted(state, seat)]
        if asked:
            state.special_asked = asked
            state.special_queue = []
            state.special = -1
            state.phase = SPECIAL
            return
        state.special_queue = []
        _advance_special(state, events)
    else:
        _next_turn(state)


def _start_special_building(state: HexfolkState, events: list[Event]) -> None:
    """Everyone asked has answered: those who signed up build in turn order from the
    seat after the one whose turn it was."""
    n = len(state.players)
    state.special_queue.sort(key=lambda seat: (seat - state.current) % n)
    _advance_special(state, events)


def _advance_special(state: HexfolkState, events: list[Event]) -> None:
    """Hand the special building phase to the next player who signed up; they build or
    pass (``end``) — the turn clock passes for them. (A game stored before the sign-up
    holds the seats still to be offered it here, and goes on as it did.)"""
    while state.special_queue:
        seat = state.special_queue.pop(0)
        if special_wanted(state, seat):
            state.special = seat
            state.phase = SPECIAL
            return
    state.special = -1
    _next_turn(state)


def _next_turn(state: HexfolkState) -> None:
    state.current = (state.current + 1) % len(state.players)
    state.turn += 1
    state.phase = ROLL
    state.players[state.current].bought.clear()


def next_actor(state: HexfolkState) -> int | None:
    """Who plays alone next once the turn under way is over (see
    :meth:`games.protocol.Ruleset.next_actor`): in the founding the next seat of the
    founding order (which runs back in its second round, HX-D15), then the next seat
    clockwise. ``None`` while someone answers inside another's turn, and where the special
    building phase may follow (five or more players): who is asked then depends on the
    hands at the end of the turn, and who builds on the answers (HX-D84)."""
    phase = state.phase
    if phase == OVER or actors(state) != _ALONE[state.special if phase == SPECIAL
                                                 and state.special >= 0 else state.current]:
        return None
    n = len(state.players)
    if phase in (SETTLE, FOUND_ROAD):
        order = founding_order(state)
        return order[state.founding + 1] if state.founding + 1 < len(order) else state.first
    if phase == SPECIAL:  # one signed-up seat builds: then the next one who still may
        return next((seat for seat in state.special_queue if special_wanted(state, seat)),
                    (state.current + 1) % n)
    if n >= SPECIAL_FROM and state.special_on:
        return None
    return (state.current + 1) % n


def _check_win(state: HexfolkState, events: list[Event]) -> None:
    """Only the player whose turn it is wins, the moment they have the target (answering
    an open offer changes nobody's points: checked when it closes)."""
    if state.phase in (OVER, SPECIAL, SETTLE, FOUND_ROAD, TRADE):
        return
    seat = state.current
    vp = total_vp(state, seat)
    if vp >= state.target:
        state.winner = seat
        state.phase = OVER
        state.offer = None
        events.append(Event("hexfolk.event.win", seat, {"vp": vp}))


__all__ = ["DEV_CARDS", "actors", "apply", "candidates", "check", "legal_actions", "next_actor",
           "setup"]
