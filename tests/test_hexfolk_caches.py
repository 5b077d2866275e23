"""The Hexfolk per-step caches (games/hexfolk/caches.py) answer exactly what the rules
would compute from scratch, also after a state is changed by hand, and stay bounded.

Rules cited: "Road: wood + brick, joined to your roads or buildings. Settlement: …, on
your road and two steps from any building" and "With the bank 4:1, or 3:1 / 2:1 at a
harbour where you have a building" (hexfolk rules topics).
"""

from __future__ import annotations

import random

from games.hexfolk import RULESET, caches, rules
from games.hexfolk.actions import Road, Settle
from games.hexfolk.board import get_board
from games.hexfolk.data import GENERIC
from games.hexfolk.state import HexfolkState


def _scan_rate(state: HexfolkState, seat: int, res: int) -> int:
    """The rate by its definition: scan every corner."""
    best = 4
    for c, kind in enumerate(state.corner_harbour):
        if kind >= 0 and state.corner_owner[c] == seat:
            if kind == res:
                return 2
            if kind == GENERIC:
                best = 3
    return best


def _check_against_scratch(state: HexfolkState) -> None:
    board = get_board(state.board)
    for seat in range(len(state.players)):
        roads = [Road(e) for e in range(board.edges) if state.edge_owner[e] < 0
                 and rules._road_connected(state, board, seat, e)]
        assert list(caches.road_sites(state, seat)) == roads
        settles = [Settle(c) for c in range(board.corners)
                   if rules._free_for_settlement(state, board, c)
                   and any(state.edge_owner[e] == seat for e in board.corner_edges[c])]
        assert list(caches.settle_sites(state, seat)) == settles
        for res in range(5):
            assert rules.rate(state, seat, res) == _scan_rate(state, seat, res)


def test_caches_match_a_recomputation_through_a_game() -> None:
    state = RULESET.setup(4, {}, 17)
    rng = random.Random(17)
    for step in range(2500):
        if RULESET.result(state) is not None:
            break
        if step % 10 == 0:
            _check_against_scratch(state)
        seat = rng.choice(sorted(RULESET.actors(state)))
        RULESET.apply(state, seat, rng.choice(RULESET.legal_actions(state, seat)))
    _check_against_scratch(state)


def test_a_state_changed_by_hand_never_reads_a_stale_entry() -> None:
    state = RULESET.setup(3, {}, 4)
    board = get_board(state.board)
    _check_against_scratch(state)  # fills the caches for the empty board
    harbour = next(c for c, kind in enumerate(state.corner_harbour) if kind >= 0)
    state.corner_owner[harbour], state.corner_level[harbour] = 0, 1
    state.edge_owner[board.corner_edges[harbour][0]] = 0
    assert caches.road_sites(state, 0)
    assert min(rules.rate(state, 0, r) for r in range(5)) < 4
    _check_against_scratch(state)


def test_offer_menu_table_equals_its_definition() -> None:
    """The menu: 1 for 1 and 2 for 1 of any other resource (RULES-NOTES.md)."""
    def unit(i: int, n: int = 1) -> tuple[int, ...]:
        return tuple(n if k == i else 0 for k in range(5))

    for hand in ([0] * 5, [1, 0, 2, 0, 3], [2, 2, 2, 2, 2], [0, 1, 0, 0, 0]):
        wanted = [o for g in range(5) for r in range(5) if r != g
                  for o, ok in ((rules.Offer(unit(g), unit(r)), hand[g] >= 1),
                                (rules.Offer(unit(g, 2), unit(r)), hand[g] >= 2)) if ok]
        assert rules.offer_menu(hand) == wanted


def test_caches_forget_their_oldest_entries() -> None:
    bounded: caches.BoundedCache[int] = caches.BoundedCache(limit=3)
    for key in range(10):
        assert bounded.get_or_make(key, lambda k=key: k * k) == key * key
    assert list(bounded) == [7, 8, 9]


def _road_length_from_every_corner(state: HexfolkState, seat: int) -> int:
    """The longest road by its definition: a chain of distinct roads tried from every
    corner the seat's roads touch (how ``rules.road_length`` searched before issue 10)."""
    board = get_board(state.board)
    eown, cown = state.edge_owner, state.corner_owner
    mine = [e for e in range(board.edges) if eown[e] == seat]
    if len(mine) < 2:
        return len(mine)
    used: set[int] = set()
    best = 0

    def dfs(c: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        for e in board.corner_edges[c]:
            if eown[e] == seat and e not in used:
                a, b = board.edge_corners[e]
                nxt = b if a == c else a
                used.add(e)
                if cown[nxt] >= 0 and cown[nxt] != seat:
                    best = max(best, length + 1)
                else:
                    dfs(nxt, length + 1)
                used.discard(e)

    for c in sorted({c for e in mine for c in board.edge_corners[e]}):
        dfs(c, 0)
    return best


def test_the_longest_road_search_from_few_corners_finds_the_same_length() -> None:
    """Rule "Longest Road: the longest unbroken chain of your roads; an opponent's
    building on a corner breaks it". Issue 10 starts the search only at the corners a
    longest chain can start from (odd road count, an opponent's building, one corner of
    every other group); it must find exactly the length of trying every corner: on
    random road networks of every size, with rings, branches and blockers, and on the
    positions of random games."""
    rng = random.Random(10)
    for case in range(400):
        state = RULESET.setup(rng.choice([3, 4, 6, 8]), {}, case)
        board = get_board(state.board)
        seat = 0
        start = rng.randrange(board.corners)
        frontier, owned = [start], set()
        if case % 2 == 0:  # rings: the edges around one or two neighbouring hexes
            hexes = [rng.randrange(board.hexes)]
            hexes += [h for h in range(board.hexes) if h != hexes[0] and len(
                set(board.hex_corners[h]) & set(board.hex_corners[hexes[0]])) == 2][:case % 4 // 2]
            for h in hexes:
                ring = set(board.hex_corners[h])
                owned |= {e for e in range(board.edges) if set(board.edge_corners[e]) <= ring}
            frontier = sorted({c for e in owned for c in board.edge_corners[e]})
        for _ in range(rng.randint(0 if owned else 1, 24 if case % 4 else 3)):  # grown on
            c = rng.choice(frontier)
            e = rng.choice(board.corner_edges[c])
            owned.add(e)
            frontier.extend(board.edge_corners[e])
        if case % 3 == 0:  # and a second, separate one
            c = rng.randrange(board.corners)
            for e in board.corner_edges[c][:rng.randint(1, 3)]:
                owned.add(e)
        for e in owned:
            state.edge_owner[e] = seat
        touched = sorted({c for e in owned for c in board.edge_corners[e]})
        for c in rng.sample(touched, k=min(len(touched), rng.randint(0, 4))):
            state.corner_owner[c] = rng.choice([seat, 1, 2])
        assert rules.road_length(state, seat) == _road_length_from_every_corner(
            state, seat), case
    for seed in range(6):  # positions of real games
        state = RULESET.setup(4, {}, seed)
        play = random.Random(seed)
        while RULESET.result(state) is None:
            seat = play.choice(sorted(RULESET.actors(state)))
            RULESET.apply_trusted(state, seat, play.choice(RULESET.legal_actions(state, seat)))
            for p in range(4):
                assert rules.road_length(state, p) == _road_length_from_every_corner(state, p)
