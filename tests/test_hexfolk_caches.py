"""The Hexfolk per-step caches (games/hexfolk/caches.py) answer exactly what the rules
would compute from scratch, also after a state is changed by hand, and stay bounded.

Rules cited (hexfolk rules topics): "Road: wood + brick, joined to your roads or
buildings. Settlement: …, on your road and two steps from any building. City: …,
replacing your settlement", "With the bank 4:1, or 3:1 / 2:1 at a harbour where you have
a building", "the roller moves the robber to another land hex and steals a random card
from a player with a building there … robber=friendly (it can't be placed at a player
with 2 visible VP or fewer)" and "Every hex with that number pays its settlements one
card and its cities two, unless the robber stands on it; if the bank cannot pay
everyone owed a resource, nobody gets it (a single player owed takes what is left)".
"""

from __future__ import annotations

import copy
import json
import random
import typing

import pytest

from games.hexfolk import RULESET, caches, rules
from games.hexfolk.actions import Action, Knight, Road, Robber, Settle
from games.hexfolk.board import get_board
from games.hexfolk.data import DESERT, GENERIC
from games.hexfolk.state import HexfolkState
from games.protocol import Event, IllegalAction


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
        owned = [c for c in range(board.corners) if state.corner_owner[c] == seat]
        assert list(caches.position(state).owned(seat)) == owned  # city sites come from it
        for knight in (False, True):
            assert rules._robber_moves(state, seat, knight) == _robber_moves_by_definition(
                state, seat, knight)


def _robber_moves_by_definition(state: HexfolkState, seat: int,
                                knight: bool) -> list[Robber | Knight]:
    """The robber moves by the rule, scanning every hex's corners and every hand."""
    board = get_board(state.board)
    make = Knight if knight else Robber
    if knight and state.robber_mode == "off":
        return [Knight(-1, None)]
    hexes = [h for h in range(board.hexes) if h != state.robber]
    if state.robber_mode == "friendly":
        protected = {p for p in range(len(state.players))
                     if p != seat and rules.visible_vp(state, p) <= 2}
        hexes = [h for h in hexes if not any(
            state.corner_owner[c] in protected for c in board.hex_corners[h])] or hexes
    moves: list[Robber | Knight] = []
    for h in hexes:
        at = sorted({state.corner_owner[c] for c in board.hex_corners[h]} - {-1, seat})
        robbable = [p for p in at if sum(state.players[p].hand) > 0]
        moves += [make(h, p) for p in robbable] or [make(h, None)]
    return moves


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 17, {}), (4, 18, {"robber": "friendly"}), (6, 19, {}), (3, 20, {"robber": "off"}),
])
def test_caches_match_a_recomputation_through_a_game(players: int, seed: int,
                                                    options: dict[str, object]) -> None:
    state = RULESET.setup(players, options, seed)
    rng = random.Random(seed)
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
    # the robber's victims follow a building put on a hex by hand, and the production
    # table follows tokens swapped by hand
    target = next(h for h in range(board.hexes) if h != state.robber
                  and state.terrain[h] != DESERT and harbour not in board.hex_corners[h])
    state.players[1].hand[0] = 1
    state.corner_owner[board.hex_corners[target][0]] = 1
    assert Robber(target, 1) in rules._robber_moves(state, 0, knight=False)
    _check_against_scratch(state)
    total = state.tokens[target]
    assert target in [h for h, _, _ in caches.producers(
        state.board, state.terrain, state.tokens, total)]
    other = next(h for h in range(board.hexes) if state.tokens[h] not in (total, 0)
                 and state.terrain[h] != DESERT)
    state.tokens[target], state.tokens[other] = state.tokens[other], total
    produced = caches.producers(state.board, state.terrain, state.tokens, total)
    assert [h for h, _, _ in produced] == [
        h for h in range(board.hexes) if state.tokens[h] == total and state.terrain[h] != DESERT]
    assert target not in [h for h, _, _ in produced]


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


def _produce_by_definition(state: HexfolkState, total: int) -> list[Event]:
    """Production by the rule, in the order the rules module words it: every seat's due
    per resource from every hex with the number (not the robber's), then per resource in
    resource order paid in full, to the only one entitled as far as the bank goes, or
    to nobody; an income event per seat that got anything, in seat order."""
    board = get_board(state.board)
    n = len(state.players)
    due = [[0] * 5 for _ in range(n)]
    for h in range(board.hexes):
        if state.tokens[h] == total and state.terrain[h] != DESERT and h != state.robber:
            for c in board.hex_corners[h]:
                if state.corner_owner[c] >= 0:
                    due[state.corner_owner[c]][state.terrain[h]] += state.corner_level[c]
    got = [[0] * 5 for _ in range(n)]
    events: list[Event] = []
    for res in range(5):
        entitled = [p for p in range(n) if due[p][res]]
        if not entitled:
            continue
        if sum(due[p][res] for p in entitled) <= state.bank[res]:
            for p in entitled:
                got[p][res] = due[p][res]
        elif len(entitled) == 1:
            got[entitled[0]][res] = state.bank[res]
            events.append(Event("hexfolk.event.shortage_one", entitled[0],
                                {"resource": rules._res(res)}))
        else:
            events.append(Event("hexfolk.event.shortage", None, {"resource": rules._res(res)}))
        for p in entitled:
            state.bank[res] -= got[p][res]
            state.players[p].hand[res] += got[p][res]
            state.players[p].produced[res] += got[p][res]
    events += [Event("hexfolk.event.income", p, {"cards": rules._bundle_text(got[p])})
               for p in range(n) if any(got[p])]
    return events


def test_production_pays_as_the_rule_says_also_when_the_bank_runs_short() -> None:
    """Issue 10 sums production per seat owed; it must pay (and tell) exactly what the
    rule gives: on every number, in positions of real games, with the bank as it is and
    with the bank nearly empty (shortages for one and for several players)."""
    names = ["A", "B", "C", "D"]
    rng = random.Random(31)
    checked = shortages = 0
    for seed in range(3):
        state = RULESET.setup(4, {}, seed)
        while RULESET.result(state) is None:
            seat = rng.choice(sorted(RULESET.actors(state)))
            RULESET.apply_trusted(state, seat, rng.choice(RULESET.legal_actions(state, seat)))
            if rng.random() > 0.05 or state.turn < 2:
                continue
            for total in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
                for low_bank in (False, True):
                    fast, slow = copy.deepcopy(state), copy.deepcopy(state)
                    if low_bank:
                        fast.bank[:] = [rng.randint(0, 2) for _ in range(5)]
                        slow.bank[:] = fast.bank
                    told: list[Event] = []
                    rules.produce(fast, total, told)
                    expected = _produce_by_definition(slow, total)
                    assert [(e.key, e.seat, e.text(names)) for e in told] == [
                        (e.key, e.seat, e.text(names)) for e in expected], (seed, total)
                    assert json.dumps(RULESET.dump(fast)) == json.dumps(RULESET.dump(slow))
                    checked += 1
                    shortages += any("shortage" in e.key for e in expected)
    assert checked > 100 and shortages > 10  # the short-bank cases really came up


def test_a_value_that_is_no_move_is_refused_by_the_trusted_path_and_changes_nothing() -> None:
    """Every move type has its effect (issue 10 looks the effect up by type); anything
    else given to ``apply_trusted`` is refused with the polite "not now" before the
    state changes, as ``apply`` refuses it."""
    state = RULESET.setup(4, {}, 3)
    while state.phase != rules.MAIN:
        seat = min(RULESET.actors(state))
        RULESET.apply_trusted(state, seat, RULESET.legal_actions(state, seat)[0])
    before = json.dumps(RULESET.dump(state))
    seat = state.current
    for bogus in ("end", 7, None, ("road", 3)):
        with pytest.raises(IllegalAction) as refused:
            RULESET.apply_trusted(state, seat, bogus)  # type: ignore[arg-type]
        assert refused.value.key == "hexfolk.illegal.not_now"
        with pytest.raises(IllegalAction):
            RULESET.apply(state, seat, bogus)  # type: ignore[arg-type]
        assert json.dumps(RULESET.dump(state)) == before
    assert set(rules._EFFECTS) == set(typing.get_args(Action))


def _forget_every_cache() -> None:
    """Empty the caches of games/hexfolk/caches.py, as a fresh process has them."""
    for bounded in (caches._POSITIONS, caches._FOUNDING, caches._PRODUCERS):
        bounded.clear()
    caches._LAST.clear()
    caches._LAST_LAYOUT.clear()


def _play_recorded(players: int, seed: int, options: dict[str, object], *,
                  forget: bool) -> list[object]:
    """A seeded random game, recorded step by step: the actors, the legal moves, the
    events as told and (every 20 steps, and at the end) the whole state; ``forget``:
    with every cache emptied before each call into the rules."""
    names = [f"P{i}" for i in range(players)]
    state = RULESET.setup(players, options, seed)
    rng = random.Random(seed)
    record: list[object] = []
    steps = 0
    while True:
        if forget:
            _forget_every_cache()
        if RULESET.result(state) is not None:
            break
        who = RULESET.actors(state)
        seat = rng.choice(sorted(who))
        if forget:
            _forget_every_cache()
        legal = RULESET.legal_actions(state, seat)
        action = rng.choice(legal)
        if forget:
            _forget_every_cache()
        told = RULESET.apply_trusted(state, seat, action)
        record.append((who, legal, [(e.key, e.seat, e.text(names)) for e in told]))
        if steps % 20 == 0:
            record.append(RULESET.dump(state))
        steps += 1
    record.append(RULESET.dump(state))
    return record


@pytest.mark.parametrize(("players", "seed", "options"), [
    (4, 41, {"trades": False}), (4, 42, {}), (5, 43, {"robber": "friendly"}),
])
def test_a_game_with_its_caches_forgotten_every_step_plays_the_same(
        players: int, seed: int, options: dict[str, object]) -> None:
    """Cache on against cache off (issue 10: caches must never change a result): the same
    seeded game, played once with its caches as they fill and once with every cache
    emptied before each call, lists the same moves, tells the same events and reaches
    the same states; the caches stay within their bound."""
    _forget_every_cache()
    warm = _play_recorded(players, seed, options, forget=False)
    assert len(caches._POSITIONS) <= caches.ENTRIES
    cold = _play_recorded(players, seed, options, forget=True)
    assert len(warm) > 300
    for step, (cached, scratch) in enumerate(zip(warm, cold, strict=True)):
        assert cached == scratch, step
