"""Hexfolk rules, one test per rule, each citing the rulebook (hexfolk.ru.md / .en.md)
or the component data (hexfolk-data.md)."""

from __future__ import annotations

import itertools
import json

import pytest

from games.hexfolk import RULESET, rules
from games.hexfolk.actions import (
    Accept,
    BankTrade,
    Buy,
    City,
    Counter,
    Decline,
    Discard,
    End,
    Knight,
    Offer,
    Plenty,
    Road,
    Robber,
    Roll,
    Settle,
    SignUp,
    Trade,
    format_action,
    parse_action,
)
from games.hexfolk.board import components, get_board, reds_adjacent, spirals
from games.hexfolk.data import (
    CLASSIC_TOKENS,
    DESERT,
    GENERIC,
    KNIGHT,
    ORE,
    PLENTY,
    VP_CARD,
    WOOD,
    dev_counts,
)
from games.hexfolk.state import DISCARD, MAIN, ROBBER, ROLL, SETTLE, SPECIAL, TRADE, HexfolkState
from games.protocol import IllegalAction
from games.rng import GameRng

# -- helpers ----------------------------------------------------------------------------------


def snap(state: HexfolkState) -> str:
    return json.dumps(RULESET.dump(state), sort_keys=True)


def refused(state: HexfolkState, seat: int, action, key: str | None = None) -> None:
    before = snap(state)
    with pytest.raises(IllegalAction) as info:
        RULESET.apply(state, seat, action)
    assert snap(state) == before
    if key is not None:
        assert info.value.key == key, info.value.key


def midgame(n: int = 4, seed: int = 1, **opts) -> HexfolkState:
    """An empty board right after the roll of seat 0 (founding skipped)."""
    state = RULESET.setup(n, opts, seed)
    state.phase, state.current, state.first, state.turn, state.rolled = MAIN, 0, 0, 1, True
    return state


def put(state: HexfolkState, seat: int, corner: int, level: int = 1) -> None:
    state.corner_owner[corner] = seat
    state.corner_level[corner] = level
    if level == 1:
        state.players[seat].settlements += 1
    else:
        state.players[seat].cities += 1


def put_roads(state: HexfolkState, seat: int, edges: list[int]) -> None:
    for e in edges:
        state.edge_owner[e] = seat
        state.players[seat].roads += 1
    for p in range(len(state.players)):
        state.players[p].road_length = rules.road_length(state, p)


def edge(board, a: int, b: int) -> int:
    return next(e for e in board.corner_edges[a] if b in board.edge_corners[e])


def path(board, corners: list[int]) -> list[int]:
    return [edge(board, a, b) for a, b in itertools.pairwise(corners)]


def give(state: HexfolkState, seat: int, cards: list[int]) -> None:
    for i, n in enumerate(cards):
        state.players[seat].hand[i] += n
        state.bank[i] -= n


# -- the board -------------------------------------------------------------------------------


@pytest.mark.parametrize(("board_id", "hexes", "corners", "edges", "harbours"), [
    ("standard", 19, 54, 72, 9), ("large", 30, 80, 109, 11), ("grand", 44, 112, 155, 13)])
def test_geometry_counts(board_id, hexes, corners, edges, harbours) -> None:
    """Rulebook "The board": 19 hexes, 30 from 5 players, 44 from 7; data file: harbours
    9 / 11 / 13 on coastal edges."""
    b = get_board(board_id)
    assert (b.hexes, b.corners, b.edges) == (hexes, corners, edges)
    assert b.corners - b.edges + b.hexes == 1  # Euler: a single island, no holes
    assert all(len(cs) == 6 for cs in b.hex_corners)
    assert all(1 <= len(hs) <= 3 for hs in b.corner_hexes)
    assert all(2 <= len(cs) <= 3 for cs in b.corner_corners)
    assert len(b.harbour_edges) == harbours
    assert all(len(b.edge_hexes[e]) == 1 for e in b.harbour_edges)
    ends = [c for e in b.harbour_edges for c in b.edge_corners[e]]
    assert len(ends) == len(set(ends))  # no corner serves two harbours
    assert get_board(board_id) is b  # computed once


@pytest.mark.parametrize("n", [2, 4, 5, 6, 7, 8])
def test_layout_components_and_no_red_neighbours(n: int) -> None:
    """Rulebook: "never puts a 6 and an 8 next to each other"; data file: no 6-6 or 8-8
    either; the terrain and token counts of each board; the robber starts on a desert."""
    for seed in range(25):
        s = RULESET.setup(n, {}, seed)
        spec = components(s.board)
        b = get_board(s.board)
        assert not reds_adjacent(b, s.tokens)
        for res, count in enumerate(spec["terrain"]):
            assert s.terrain.count(res) == count
        assert s.terrain.count(DESERT) == spec["deserts"]
        assert sorted(t for t in s.tokens if t) == list(spec["tokens"])
        assert all((s.tokens[h] == 0) == (s.terrain[h] == DESERT) for h in range(b.hexes))
        assert s.terrain[s.robber] == DESERT
        assert sorted(s.harbours) == sorted(spec["harbours"])


def test_classic_token_order() -> None:
    """Data file: classic order A5 B2 … R11 from a corner of the outer ring, spiralling
    counter-clockwise inward, skipping the desert."""
    for seed in range(10):
        s = RULESET.setup(4, {"layout": "classic"}, seed)
        b = get_board("standard")
        laid = [[s.tokens[h] for h in sp if s.terrain[h] != DESERT] for sp in spirals(b)]
        assert list(CLASSIC_TOKENS) in laid


def test_bank_and_deck_by_player_count() -> None:
    """Data file: bank 19/24/29 per resource; deck 25/34/43."""
    for n, bank, deck in ((3, 19, 25), (4, 19, 25), (5, 24, 34), (6, 24, 34), (7, 29, 43),
                          (8, 29, 43)):
        s = RULESET.setup(n, {}, 0)
        assert s.bank == [bank] * 5 and len(s.dev_deck) == deck
        assert sum(dev_counts(n).values()) == deck


# -- founding --------------------------------------------------------------------------------


def test_founding_snake_order_and_distance_rule() -> None:
    """Founding 1–2: one round in order, the second reversed; the distance rule always
    applies, whoever owns the neighbouring building."""
    s = RULESET.setup(3, {}, 4)
    b = get_board(s.board)
    order = []
    while s.phase in (SETTLE, "found_road"):
        seat = s.current
        if s.phase == SETTLE:
            order.append(seat)
            taken = [c for c in range(b.corners) if s.corner_owner[c] >= 0]
            if taken:  # a corner next to any settlement is refused
                near = b.corner_corners[taken[0]][0]
                refused(s, seat, Settle(near), "hexfolk.illegal.distance")
        RULESET.apply(s, seat, RULESET.legal_actions(s, seat)[-1])
    f = s.first
    assert order == [f, (f + 1) % 3, (f + 2) % 3, (f + 2) % 3, (f + 1) % 3, f]
    assert s.phase == ROLL and s.current == f


def test_second_settlement_resources() -> None:
    """Founding 3: one resource from each hex adjacent to the second settlement only."""
    s = RULESET.setup(2, {}, 3)
    b = get_board(s.board)
    hands = []
    while s.phase in (SETTLE, "found_road"):
        seat = s.current
        if s.phase == SETTLE:
            c = RULESET.legal_actions(s, seat)[0].corner
            before = list(s.players[seat].hand)
            RULESET.apply(s, seat, Settle(c))
            gained = [a - x for a, x in zip(s.players[seat].hand, before, strict=True)]
            expect = [0] * 5
            if s.founding >= 2:
                for h in b.corner_hexes[c]:
                    if s.terrain[h] != DESERT:
                        expect[s.terrain[h]] += 1
            assert gained == expect
            hands.append(gained)
        else:
            RULESET.apply(s, seat, RULESET.legal_actions(s, seat)[0])
    assert sum(map(sum, hands[:2])) == 0


# -- production, shortage, robber ----------------------------------------------------------


def _producing_hex(s: HexfolkState) -> int:
    """The hex with the 12 (the only one on the standard board), so no other hex shares
    its number."""
    assert s.tokens.count(12) == 1
    return s.tokens.index(12)


def test_production_cities_double_and_robber_blocks() -> None:
    """Roll and income: settlement 1, city 2. The robber: its hex produces nothing."""
    s = midgame()
    b = get_board(s.board)
    h = _producing_hex(s)
    res = s.terrain[h]
    c1, c2 = b.hex_corners[h][0], b.hex_corners[h][3]
    put(s, 0, c1, 1)
    put(s, 1, c2, 2)
    rules.produce(s, 12, [])
    assert s.players[0].hand[res] == 1 and s.players[1].hand[res] == 2
    assert sum(map(sum, (p.hand for p in s.players))) == 3
    s.robber = h
    rules.produce(s, 12, [])
    assert s.players[0].hand[res] == 1 and s.players[1].hand[res] == 2


def test_bank_shortage_nobody_when_several_entitled() -> None:
    """Bank: if the supply is not enough for everyone entitled, nobody gets it."""
    s = midgame()
    b = get_board(s.board)
    h = _producing_hex(s)
    res = s.terrain[h]
    put(s, 0, b.hex_corners[h][0], 2)
    put(s, 1, b.hex_corners[h][3], 2)
    s.bank[res] = 3
    rules.produce(s, s.tokens[h], [])
    assert s.players[0].hand[res] == 0 and s.players[1].hand[res] == 0 and s.bank[res] == 3


def test_bank_shortage_single_player_takes_rest() -> None:
    """Bank: if the shortage concerns only one player, that player takes what is left."""
    s = midgame()
    b = get_board(s.board)
    h = _producing_hex(s)
    res = s.terrain[h]
    put(s, 0, b.hex_corners[h][0], 2)
    s.bank[res] = 1
    rules.produce(s, s.tokens[h], [])
    assert s.players[0].hand[res] == 1 and s.bank[res] == 0


def _roll(s: HexfolkState, seven: bool = True) -> None:
    """Advance the RNG until the next roll is (or is not) a seven, then roll."""
    for counter in range(s.rng.counter, s.rng.counter + 500):
        probe = GameRng(s.rng.seed, counter)
        if (probe.roll(6) + probe.roll(6) == 7) == seven:
            s.rng = GameRng(s.rng.seed, counter)
            break
    RULESET.apply(s, s.current, Roll())
    assert (sum(s.dice) == 7) == seven


def _roll_seven(s: HexfolkState) -> None:
    _roll(s, seven=True)


def test_seven_discard_half_rounded_down_simultaneously() -> None:
    """The seven 1: everyone with more than 7 cards gives up half, rounded down (9 → 4),
    all at once (the actors are the set of those players); then the roller moves the
    robber."""
    s = midgame(4)
    s.phase, s.rolled = ROLL, False
    give(s, 0, [2, 2, 2, 2, 1])  # 9 -> 4
    give(s, 1, [7, 0, 0, 0, 0])  # 7 -> none
    give(s, 2, [3, 3, 3, 3, 3])  # 15 -> 7
    _roll_seven(s)
    assert s.phase == DISCARD
    assert RULESET.actors(s) == frozenset({0, 2})
    assert s.discards == [4, 0, 7, 0]
    refused(s, 0, Discard((2, 1, 0, 0, 0)), "hexfolk.illegal.discard_count")
    refused(s, 0, Discard((4, 0, 0, 0, 0)), "hexfolk.illegal.not_held")
    refused(s, 1, Discard((1, 0, 0, 0, 0)))
    assert all(sum(a.cards) == 4 for a in RULESET.legal_actions(s, 0))
    RULESET.apply(s, 2, Discard((3, 3, 1, 0, 0)))
    assert RULESET.actors(s) == frozenset({0})
    RULESET.apply(s, 0, Discard((2, 2, 0, 0, 0)))
    assert s.phase == ROBBER and RULESET.actors(s) == frozenset({0})
    assert sum(s.players[0].hand) == 5 and sum(s.players[2].hand) == 8


def test_robber_moves_and_steals_from_adjacent_player() -> None:
    """The seven 2–3: another land hex; a random card from a player with a building there;
    nobody to rob when no such player has cards."""
    s = midgame(3)
    b = get_board(s.board)
    h = _producing_hex(s)
    put(s, 1, b.hex_corners[h][0])
    put(s, 2, b.hex_corners[h][3])
    give(s, 1, [0, 0, 0, 0, 2])
    s.phase = ROBBER
    legal = RULESET.legal_actions(s, 0)
    assert Robber(h, 1) in legal and Robber(h, 2) not in legal and Robber(h, None) not in legal
    assert all(a.hex != s.robber for a in legal)
    refused(s, 0, Robber(h, 2), "hexfolk.illegal.victim")
    RULESET.apply(s, 0, Robber(h, 1))
    assert s.players[0].hand[ORE] == 1 and s.players[1].hand[ORE] == 1 and s.robber == h
    assert s.phase == MAIN


def test_friendly_robber() -> None:
    """Friendly robber: not at the buildings of players with no more than 2 visible VP."""
    s = midgame(3, robber="friendly")
    b = get_board(s.board)
    h = _producing_hex(s)
    put(s, 1, b.hex_corners[h][0])
    put(s, 1, b.hex_corners[h][2])  # 2 visible VP: protected
    s.phase = ROBBER
    assert h not in {a.hex for a in RULESET.legal_actions(s, 0)}
    refused(s, 0, Robber(h, None), "hexfolk.illegal.robber_hex")
    put(s, 1, b.hex_corners[h][4])  # 3 VP: no longer protected
    assert h in {a.hex for a in RULESET.legal_actions(s, 0)}


def test_robber_off_seven_does_nothing() -> None:
    """Lobby: robber off; data file: a seven then brings no income and no discards."""
    s = midgame(3, robber="off")
    s.phase, s.rolled = ROLL, False
    give(s, 1, [3, 3, 3, 0, 0])
    _roll_seven(s)
    assert s.phase == MAIN and sum(s.players[1].hand) == 9


# -- building -----------------------------------------------------------------------------------


def test_building_costs_connection_and_supply_limits() -> None:
    """Building: roads connect to your own road or building (not through an opponent's);
    settlements need your road and the distance rule; cities only on your settlements;
    the supply is 15 roads, 5 settlements, 4 cities."""
    s = midgame(2)
    b = get_board(s.board)
    c0 = 20
    put(s, 0, c0)
    e0 = b.corner_edges[c0][0]
    refused(s, 0, Road(e0), "hexfolk.illegal.cost")
    give(s, 0, [1, 1, 0, 0, 0])
    far = next(e for e in range(b.edges) if c0 not in b.edge_corners[e]
               and not any(x in b.corner_corners[c0] for x in b.edge_corners[e]))
    refused(s, 0, Road(far), "hexfolk.illegal.road_site")
    RULESET.apply(s, 0, Road(e0))
    assert s.players[0].hand == [0] * 5 and s.players[0].roads == 1
    # settlement at the end of one road: too close (distance rule)
    other = next(c for c in b.edge_corners[e0] if c != c0)
    give(s, 0, [1, 1, 1, 1, 0])
    refused(s, 0, Settle(other), "hexfolk.illegal.settle_site")
    # a city replaces your own settlement only
    give(s, 0, [0, 0, 0, 2, 3])
    refused(s, 0, City(other), "hexfolk.illegal.city_site")
    RULESET.apply(s, 0, City(c0))
    assert s.players[0].settlements == 0 and s.players[0].cities == 1
    # supply limits
    s.players[0].cities = 4
    give(s, 0, [0, 0, 0, 2, 3])
    put(s, 0, 40)
    refused(s, 0, City(40), "hexfolk.illegal.supply")
    s.players[0].settlements = 5
    refused(s, 0, Settle(other), "hexfolk.illegal.supply")
    s.players[0].roads = 15
    give(s, 0, [1, 1, 0, 0, 0])
    refused(s, 0, Road(b.corner_edges[c0][1]), "hexfolk.illegal.supply")


def test_road_does_not_pass_opponent_settlement() -> None:
    """Building: roads connect to your own network; an opponent's building on the corner
    interrupts it (RULES-NOTES.md)."""
    s = midgame(2)
    b = get_board(s.board)
    a, m = 20, b.corner_corners[20][0]
    put(s, 0, a)
    put_roads(s, 0, [edge(b, a, m)])
    put(s, 1, m)
    beyond = [e for e in b.corner_edges[m] if a not in b.edge_corners[e]]
    give(s, 0, [1, 1, 0, 0, 0])
    for e in beyond:
        refused(s, 0, Road(e), "hexfolk.illegal.road_site")


def test_harbour_rates() -> None:
    """Trading: bank 4:1; a generic harbour 3:1; a resource harbour 2:1 of its kind."""
    s = midgame(2)
    b = get_board(s.board)
    give(s, 0, [4, 4, 4, 4, 4])
    assert rules.rate(s, 0, WOOD) == 4
    kinds = dict(zip(b.harbour_edges, s.harbours, strict=True))
    gen = next(e for e, k in kinds.items() if k == GENERIC)
    put(s, 0, b.edge_corners[gen][0])
    assert {rules.rate(s, 0, r) for r in range(5)} == {3}
    spec = next(e for e, k in kinds.items() if k == ORE)
    put(s, 0, b.edge_corners[spec][1])
    assert rules.rate(s, 0, ORE) == 2 and rules.rate(s, 0, WOOD) == 3
    RULESET.apply(s, 0, BankTrade(ORE, WOOD))
    assert s.players[0].hand[ORE] == 2 and s.players[0].hand[WOOD] == 5
    s.players[0].hand[WOOD] = 2
    refused(s, 0, BankTrade(WOOD, ORE), "hexfolk.illegal.bank_rate")


def test_no_trading_before_the_roll() -> None:
    """Data file: trading of every kind happens after the roll."""
    s = midgame(2)
    s.phase, s.rolled = ROLL, False
    give(s, 0, [4, 0, 0, 0, 0])
    refused(s, 0, BankTrade(WOOD, ORE), "hexfolk.illegal.roll_first")
    refused(s, 0, Offer((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "hexfolk.illegal.roll_first")


def test_player_trade_flow() -> None:
    """Trading with opponents: the current player offers (any ratio, gifts too); the
    others accept, decline or counter at once; the offerer closes with one who accepted;
    nobody gives what they don't hold."""
    s = midgame(4)
    give(s, 0, [2, 0, 0, 0, 0])
    give(s, 1, [0, 0, 0, 0, 1])
    give(s, 2, [0, 0, 0, 0, 3])
    refused(s, 0, Offer((3, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "hexfolk.illegal.not_held")
    refused(s, 1, Offer((0, 0, 0, 0, 1), (1, 0, 0, 0, 0)), "platform.illegal.not_your_turn")
    RULESET.apply(s, 0, Offer((2, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    assert s.phase == TRADE and RULESET.actors(s) == frozenset({0, 1, 2, 3})
    refused(s, 3, Accept(), "hexfolk.illegal.not_held")
    RULESET.apply(s, 3, Decline())
    RULESET.apply(s, 2, Counter((0, 0, 0, 0, 2), (2, 0, 0, 0, 0)))
    assert RULESET.actors(s) == frozenset({0, 1})
    RULESET.apply(s, 1, Accept())
    assert RULESET.actors(s) == frozenset({0})
    closing = [a for a in RULESET.legal_actions(s, 0) if isinstance(a, Trade)]
    assert closing == [Trade(1), Trade(2)]
    refused(s, 0, Trade(3), "hexfolk.illegal.partner")
    RULESET.apply(s, 0, Trade(2))
    assert s.players[0].hand == [0, 0, 0, 0, 2] and s.players[2].hand == [2, 0, 0, 0, 1]
    assert s.phase == MAIN
    # a gift, and everyone declining closes the offer
    RULESET.apply(s, 0, Offer((0, 0, 0, 0, 1), (0, 0, 0, 0, 0)))
    for p in (1, 2, 3):
        RULESET.apply(s, p, Decline())
    assert s.phase == MAIN and s.offer is None


# -- development cards -------------------------------------------------------------------------


def test_dev_card_timing() -> None:
    """Development cards: at most one per turn, never the one bought that turn; a knight
    may be played before rolling (data file), other cards only after."""
    s = midgame(2)
    s.dev_deck.append(PLENTY)
    give(s, 0, [0, 0, 1, 1, 1])
    RULESET.apply(s, 0, Buy())
    assert s.players[0].devs == [PLENTY] and s.players[0].bought == [PLENTY]
    refused(s, 0, Plenty(0, 1), "hexfolk.illegal.dev_new")
    assert not any(isinstance(a, Plenty) for a in RULESET.legal_actions(s, 0))
    RULESET.apply(s, 0, End())
    assert s.current == 1
    rules._next_turn(s)  # seat 1's turn passes; seat 0 again, before the roll
    assert s.current == 0 and s.phase == ROLL and s.players[0].bought == []
    refused(s, 0, Plenty(0, 1), "hexfolk.illegal.roll_first")
    s.players[0].devs = [KNIGHT, PLENTY]
    knight = next(a for a in RULESET.legal_actions(s, 0) if isinstance(a, Knight))
    RULESET.apply(s, 0, knight)  # a knight before the roll
    assert s.phase == ROLL and s.players[0].knights == 1 and s.players[0].played == [KNIGHT]
    _roll(s, seven=False)
    assert s.phase == MAIN
    refused(s, 0, Plenty(0, 1), "hexfolk.illegal.one_dev")


def test_vp_cards_win_only_on_own_turn() -> None:
    """End of the game: the player whose turn it is wins at the target, hidden VP cards
    included; points reached in another's turn win only when their turn comes."""
    s = midgame(2)
    b = get_board(s.board)
    for c in (0, 10, 20, 30):
        put(s, 1, c, 2)  # 8 VP
    s.players[1].devs = [VP_CARD, VP_CARD]  # 10 with hidden cards
    assert rules.total_vp(s, 1) == 10 and RULESET.result(s) is None
    RULESET.apply(s, 0, End())
    assert s.current == 1 and s.winner == 1 and RULESET.result(s).winners == (1,)
    assert RULESET.actors(s) == frozenset()
    # buying the last VP card on your own turn wins at once
    s = midgame(2)
    for c in (0, 10, 20, 30):
        put(s, 0, c, 2)
    put(s, 0, 40)
    s.dev_deck.append(VP_CARD)
    give(s, 0, [0, 0, 1, 1, 1])
    RULESET.apply(s, 0, Buy())
    assert s.winner == 0 and rules.total_vp(s, 0) == 10 and b.corners > 40


# -- awards ------------------------------------------------------------------------------------


def _ring(b, h: int) -> list[int]:
    cs = list(b.hex_corners[h])
    return [*cs, cs[0]]


def test_longest_road_branch_and_loop() -> None:
    """Longest trade route: branches don't count twice, the longest chain without
    backtracking counts (data file: a loop counts every road once)."""
    s = midgame(2)
    b = get_board(s.board)
    centre = 9
    ring = _ring(b, centre)
    five = path(b, ring[:6])  # five sides of the centre hex
    c2 = ring[2]
    b1 = next(x for x in b.corner_corners[c2] if x not in ring)
    b2 = next(x for x in b.corner_corners[b1] if x != c2)
    put_roads(s, 0, [*five, edge(b, c2, b1), edge(b, b1, b2)])
    assert rules.road_length(s, 0) == 5  # 7 roads, a branch of 2 at the third corner
    s2 = midgame(2)
    put_roads(s2, 0, path(b, ring))  # the closed ring
    assert rules.road_length(s2, 0) == 6
    put_roads(s2, 0, [edge(b, c2, b1)])  # ring + spur: every road once
    assert rules.road_length(s2, 0) == 7


def _far_rings(b, avoid: set[int], count: int) -> list[int]:
    out: list[int] = []
    for h in range(b.hexes):
        cs = set(b.hex_corners[h])
        if not cs & avoid:
            out.append(h)
            avoid |= cs
        if len(out) == count:
            return out
    raise AssertionError("no room")


def test_longest_road_cut_and_ties() -> None:
    """Longest trade route: 5+ roads; an opponent's settlement interrupts the road; the
    holder keeps it on a tie; when a cut leaves a tie among others nobody holds it."""
    s = midgame(4)
    b = get_board(s.board)
    ring = _ring(b, 9)
    put_roads(s, 0, path(b, ring[:6]))
    s.players[0].road_length = rules.road_length(s, 0)
    rules._update_longest(s, [])
    assert s.longest == 0
    avoid = set(ring) | {n for c in ring for n in b.corner_corners[c]}
    h2, h3 = _far_rings(b, avoid, 2)
    put_roads(s, 2, path(b, _ring(b, h2)[:6]))
    rules._update_longest(s, [])
    assert s.longest == 0  # a tie doesn't take it from the holder
    put_roads(s, 3, path(b, _ring(b, h3)[:6]))
    # seat 1 settles on the ring's third corner, cutting seat 0's road into 2 + 3
    c2 = ring[2]
    b1 = next(x for x in b.corner_corners[c2] if x not in ring)
    put_roads(s, 1, [edge(b, b1, c2)])
    s.current = 1
    give(s, 1, [1, 1, 1, 1, 0])
    RULESET.apply(s, 1, Settle(c2))
    assert s.players[0].road_length == 3
    assert s.longest == -1  # seats 2 and 3 tie at 5: the award is set aside
    # the next road makes seat 2 strictly longest
    s.current = 2
    end = _ring(b, h2)[5]
    nxt = next(e for e in b.corner_edges[end] if s.edge_owner[e] < 0)
    give(s, 2, [1, 1, 0, 0, 0])
    RULESET.apply(s, 2, Road(nxt))
    assert s.longest == 2 and rules.visible_vp(s, 2) == 2


def test_longest_road_switch_off() -> None:
    """Lobby: the awards can be switched off."""
    s = midgame(2, longest=False, army=False)
    b = get_board(s.board)
    put_roads(s, 0, path(b, _ring(b, 9)))
    rules._update_longest(s, [])
    assert s.longest == -1
    s.players[0].knights = 5
    rules._update_army(s, 0, [])
    assert s.army == -1


def test_largest_army() -> None:
    """Strongest army: the first to 3 knights; later only strictly more takes it."""
    s = midgame(2)
    s.players[0].knights = 3
    rules._update_army(s, 0, [])
    assert s.army == 0
    s.players[1].knights = 3
    rules._update_army(s, 1, [])
    assert s.army == 0
    s.players[1].knights = 4
    rules._update_army(s, 1, [])
    assert s.army == 1


# -- special building phase --------------------------------------------------------------------


def test_special_building_phase_from_five_players() -> None:
    """From 5 players: after each turn the others may build or buy, not trade."""
    s = midgame(5)
    b = get_board(s.board)
    put(s, 2, 30)
    give(s, 2, [0, 0, 1, 1, 1])
    RULESET.apply(s, 0, End())
    # the sign-up (issue 26 item 2): build or pass
    assert s.phase == SPECIAL and s.special == -1 and RULESET.actors(s) == frozenset({2})
    assert RULESET.legal_actions(s, 2) == [SignUp(), End()]
    refused(s, 2, Buy(), "hexfolk.illegal.special_sign_up")
    RULESET.apply(s, 2, SignUp())
    assert s.special == 2 and RULESET.actors(s) == frozenset({2})
    assert RULESET.legal_actions(s, 2) == [Buy(), End()]
    refused(s, 2, Offer((0, 0, 1, 0, 0), (1, 0, 0, 0, 0)), "hexfolk.illegal.special_only_build")
    refused(s, 2, SignUp(), "hexfolk.illegal.special_only_build")
    RULESET.apply(s, 2, End())
    assert s.phase == ROLL and s.current == 1 and b.corners == 80


def test_special_building_is_offered_by_hand_size_not_by_what_the_cards_pay() -> None:
    """Rulebook: "From 5 players on there is also a special building phase: after each
    turn the other players may sign up and, one after another, build or buy development
    cards". Who is asked must not tell the table what they hold: two players with the
    same number of cards, one who can pay for a road and one who cannot, are both asked
    (and may pass); a player with fewer cards than any build costs is skipped — a count
    everybody sees."""
    def seats_asked(hands: dict[int, list[int]]) -> tuple[list[int], int]:
        s = midgame(5)
        for seat, cards in hands.items():
            give(s, seat, cards)
        RULESET.apply(s, 0, End())
        asked = sorted(RULESET.actors(s))  # all at once (issue 26 item 2)
        special = RULESET.view(s, None).special
        for seat in asked:
            assert End() in RULESET.legal_actions(s, seat)  # passing is always allowed
            RULESET.apply(s, seat, End())
        assert s.phase == ROLL
        return asked, special

    can_pay = {1: [1, 1, 0, 0, 0], 2: [0, 0, 1, 1, 0], 3: [1, 0, 0, 0, 0], 4: [0, 0, 0, 0, 3]}
    cannot = {1: [0, 0, 1, 1, 0], 2: [1, 1, 0, 0, 0], 3: [0, 0, 0, 1, 0], 4: [3, 0, 0, 0, 0]}
    assert seats_asked(can_pay) == seats_asked(cannot) == ([1, 2, 4], -1)
    s = midgame(4)
    give(s, 1, [1, 1, 1, 1, 1])
    RULESET.apply(s, 0, End())
    assert s.phase == ROLL and s.current == 1  # below 5 players there is no such phase
    s = midgame(5, special=False)  # our house-rule lobby option switches it off
    give(s, 1, [1, 1, 1, 1, 1])
    RULESET.apply(s, 0, End())
    assert s.phase == ROLL and s.current == 1


def test_special_building_sign_up_asks_everyone_at_once_then_builds_in_turn_order() -> None:
    """Issue 26 item 2; rulebook: "after each turn the other players may sign up and, one
    after another, build or buy development cards". Everyone holding enough cards is asked
    "build or pass?" at the same time and answers in any order; those who sign up then
    build one after another in turn order from the next seat — whoever answered first."""
    s = midgame(6)
    for seat in (1, 2, 3, 5):
        give(s, seat, [1, 1, 1, 1, 1])
    s.current = 2  # seats 3, 4, 5, 0, 1 follow in turn order
    RULESET.apply(s, 2, End())
    assert s.phase == SPECIAL and s.special == -1
    assert RULESET.actors(s) == frozenset({1, 3, 5})  # 0 and 4 hold no cards: skipped
    RULESET.apply(s, 1, SignUp())  # answers come in any order
    assert RULESET.actors(s) == frozenset({3, 5}), "an answer asks nobody new"
    RULESET.apply(s, 5, SignUp())
    RULESET.apply(s, 3, End())  # a pass
    assert (s.special, RULESET.actors(s)) == (5, frozenset({5})), "turn order: 5 before 1"
    RULESET.apply(s, 5, Buy())
    RULESET.apply(s, 5, End())
    assert (s.special, RULESET.actors(s)) == (1, frozenset({1}))
    RULESET.apply(s, 1, End())
    assert s.phase == ROLL and s.current == 3 and s.special == -1
    # stored and read back mid-sign-up, the asked seats are kept
    s = midgame(6)
    for seat in (1, 2):
        give(s, seat, [1, 1, 1, 1, 1])
    RULESET.apply(s, 0, End())
    RULESET.apply(s, 1, SignUp())
    again = RULESET.load(RULESET.dump(s))
    assert RULESET.actors(again) == frozenset({2}) and again.special_queue == [1]


# -- open offers and the rest of the turn ---------------------------------------------------


def _offer_open() -> HexfolkState:
    """Seat 0 (wood, brick, 2 ore, a settlement with a free edge) offers 1 ore for 1 wool;
    seat 1 holds wool."""
    s = midgame(4)
    put(s, 0, 20)
    give(s, 0, [1, 1, 0, 0, 2])
    give(s, 1, [0, 0, 1, 0, 0])
    RULESET.apply(s, 0, Offer((0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    return s


def test_the_offerer_builds_while_the_offer_is_open() -> None:
    """Rulebook: "On your own turn you may mix trading and building freely: for example
    build first, then trade, then build again." While the offer waits for answers the
    player whose turn it is may still build; the offer stays open and can be closed."""
    s = _offer_open()
    assert 0 in RULESET.actors(s) and {1, 2, 3} <= RULESET.actors(s)
    road = next(a for a in RULESET.legal_actions(s, 0) if isinstance(a, Road))
    RULESET.apply(s, 0, road)
    assert s.players[0].roads == 1 and s.phase == TRADE and s.offer is not None
    refused(s, 0, Offer((0, 0, 0, 0, 1), (1, 0, 0, 0, 0)), "hexfolk.illegal.offer_open")
    refused(s, 0, Accept(), "hexfolk.illegal.own_offer")
    RULESET.apply(s, 1, Accept())
    RULESET.apply(s, 0, Trade(1))  # unanswered seats 2 and 3 simply had no say
    assert s.players[0].hand == [0, 0, 1, 0, 1] and s.phase == MAIN


def test_an_offer_the_offerer_can_no_longer_pay_is_withdrawn() -> None:
    """Rulebook, Trading: "you make an offer, e.g. 2 wood for 1 ore" — and nobody gives
    what they don't hold. Building away the offered card withdraws the offer, and the
    account says so."""
    s = midgame(4)
    put(s, 0, 20)
    give(s, 0, [1, 1, 0, 0, 0])
    RULESET.apply(s, 0, Offer((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    RULESET.apply(s, 1, Decline())
    road = next(a for a in RULESET.legal_actions(s, 0) if isinstance(a, Road))
    events = RULESET.apply(s, 0, road)
    assert [e.key for e in events][-1] == "hexfolk.event.offer_withdrawn"
    assert s.offer is None and s.phase == MAIN and RULESET.actors(s) == frozenset({0})
    assert "no longer pay" in events[-1].text(["A", "B", "C", "D"])


def test_ending_the_turn_closes_the_open_offer_without_a_trade() -> None:
    """Rulebook: "You end your turn yourself" — an offer still open then closes; an
    acceptance the offerer never confirmed makes no trade."""
    s = _offer_open()
    RULESET.apply(s, 1, Accept())
    hands = [list(p.hand) for p in s.players]
    events = RULESET.apply(s, 0, End())
    assert "hexfolk.event.offer_closed" in [e.key for e in events]
    assert [p.hand for p in s.players] == hands and s.offer is None and s.current == 1


def test_offers_wait_for_every_answer_with_the_lobby_option() -> None:
    """Issue 9 item 18, our lobby option ``bot_offers=yes``: an offer then waits for all
    answers before its maker moves again (so a bot's offer reaches people too)."""
    s = midgame(4, bot_offers=True)
    give(s, 0, [0, 0, 0, 0, 1])
    RULESET.apply(s, 0, Offer((0, 0, 0, 0, 1), (0, 0, 1, 0, 0)))
    assert RULESET.actors(s) == frozenset({1, 2, 3})
    RULESET.apply(s, 1, Accept() if s.players[1].hand[2] else Decline())
    RULESET.apply(s, 2, Decline())
    assert RULESET.actors(s) == frozenset({3})


# -- two players ---------------------------------------------------------------------------


def test_two_players_play_on_the_standard_board() -> None:
    """Data file: the standard board is for 3–4 players and has no 2-player row; our
    decision (RULES-NOTES.md): 2 players use the standard board, the 3–4 player bank (19)
    and deck (25), with every rule unchanged, and the game ends by the rules."""
    s = RULESET.setup(2, {}, 4)
    assert s.board == "standard" and s.bank == [19] * 5 and len(s.dev_deck) == 25
    for _ in range(20_000):
        if RULESET.result(s) is not None:
            break
        seat = min(RULESET.actors(s))
        RULESET.apply(s, seat, RULESET.bot_action(s, seat))
    result = RULESET.result(s)
    assert result is not None and max(result.scores) >= 10


# -- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "settle id12", "road id34", "city id12", "roll", "buy", "end", "robber id5 blue", "robber id5",
    "play knight id5 blue", "play roads", "play plenty wood ore", "play monopoly ore",
    "discard 2wood 1ore", "bank wood ore", "offer 2wood for 1ore", "offer 1wood for nothing",
    "accept", "decline", "counter 1ore for 2wood", "trade blue", "cancel"])
def test_notation_round_trip(text: str) -> None:
    assert format_action(parse_action(text)) == text


def test_notation_is_forgiving_and_refuses_nonsense() -> None:
    assert parse_action("  Discard WOOD wood ore ") == Discard((2, 0, 0, 0, 1))
    assert parse_action("play plenty ore wood") == parse_action("play plenty wood ore")
    for bad in ("", "settle", "settle x", "road id0", "offer wood", "trade p9", "bank wood",
                "play vp", "discard 0wood", "counter for"):
        with pytest.raises(IllegalAction):
            parse_action(bad)


def test_dev_card_effects() -> None:
    """Data file, card effects: Year of plenty takes any 2 from the bank; Monopoly takes
    every opponent's cards of one resource; Road building places 2 free roads; a knight
    counts toward the Strongest army (3 knights take it)."""
    from games.hexfolk.actions import Monopoly, RoadBuilding
    from games.hexfolk.data import MONOPOLY, ROADS_CARD

    s = midgame(3)
    b = get_board(s.board)
    s.players[0].devs = [PLENTY]
    RULESET.apply(s, 0, Plenty(ORE, ORE))
    assert s.players[0].hand[ORE] == 2 and s.bank[ORE] == 17
    s.dev_played = False
    s.players[0].devs = [MONOPOLY]
    give(s, 1, [3, 0, 0, 0, 0])
    give(s, 2, [1, 0, 0, 0, 0])
    RULESET.apply(s, 0, Monopoly(WOOD))
    assert [p.hand[WOOD] for p in s.players] == [4, 0, 0]
    s.dev_played = False
    s.players[0].devs = [ROADS_CARD]
    put(s, 0, 20)
    RULESET.apply(s, 0, RoadBuilding())
    free = RULESET.legal_actions(s, 0)  # the free roads, or end the turn and lose them
    assert len(free) > 1 and all(isinstance(a, Road) for a in free[:-1]) and free[-1] == End()
    before = list(s.players[0].hand)
    for _ in range(2):
        RULESET.apply(s, 0, RULESET.legal_actions(s, 0)[0])
    assert s.players[0].roads == 2 and s.players[0].hand == before and s.phase == MAIN
    assert b.edges == 72
    for k in range(3):
        s.dev_played = False
        s.players[0].devs = [KNIGHT]
        RULESET.apply(s, 0, next(a for a in RULESET.legal_actions(s, 0)
                                 if isinstance(a, Knight)))
        assert s.army == (0 if k == 2 else -1)
    assert rules.visible_vp(s, 0) == 3


# -- places named by the hex letters drawn on the board ---------------------------------
@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_place_reads_differently(players: int) -> None:
    from games.hexfolk import wording
    from games.hexfolk.board import get_board, places

    state = RULESET.setup(players, {}, 11)
    board = get_board(state.board)
    assert board.hexes in (19, 30, 44)
    names = places(state.board).hex_names
    assert len(set(names)) == board.hexes and names[0] == "A"
    corners = [wording.corner_place(state.board, c) for c in range(board.corners)]
    assert len(set(corners)) == board.corners
    full = [wording.corner_text(state, c) for c in range(board.corners)]
    assert len(set(full)) == board.corners
    edges = [wording.edge_text(state.board, e) for e in range(board.edges)]
    assert len(set(edges)) == board.edges
    hexes = [wording.hex_text(state, h) for h in range(board.hexes)]
    assert len(set(hexes)) == board.hexes
    for text in corners + edges + hexes:
        assert "corner " not in text.lower() or "'s" in text
        assert not any(w.isdigit() for w in text.split()[:1])


def test_place_texts_for_known_spots() -> None:
    from games.hexfolk import wording
    from games.hexfolk.board import get_board

    state = RULESET.setup(4, {}, 11)
    board = get_board(state.board)
    inland = next(c for c in range(board.corners) if len(board.corner_hexes[c]) == 3)
    a, b, c = sorted(board.corner_hexes[inland])
    letters = "ABCDEFGHIJKLMNOPQRS"
    assert wording.corner_place(state.board, inland) == (
        f"between {letters[a]}, {letters[b]} and {letters[c]}")
    shared = next(e for e in range(board.edges) if len(board.edge_hexes[e]) == 2)
    x, y = sorted(board.edge_hexes[shared])
    assert wording.edge_text(state.board, shared) == f"between {letters[x]} and {letters[y]}"
    # Hex A is the top-left hex: coastal sides north-west and north-east, top corner north.
    coast_a = [wording.edge_text(state.board, e) for e in range(board.edges)
               if board.edge_hexes[e] == (0,)]
    assert "on the coast of A, north-west side" in coast_a
    assert "on the coast of A, north-east side" in coast_a
    assert wording.corner_place(state.board, board.hex_corners[0][0]) == (
        "on the coast at A's north corner")
    detail = wording.hex_detail(state, 0)
    assert wording.hex_text(state, 0) == f"A ({detail})"
    harboured = [c for c, k in enumerate(state.corner_harbour) if k >= 0]
    assert harboured and all("harbour" in wording.corner_text(state, c) for c in harboured)


def test_labels_name_places_by_hex_letters() -> None:
    from games.hexfolk.actions import Road, Robber, Settle

    state = RULESET.setup(4, {}, 11)
    seat = min(RULESET.actors(state))
    texts = [RULESET.describe_action(state, seat, a, ["Ann", "Bo", "Cy", "Di"])
             for a in RULESET.legal_actions(state, seat)]
    assert all(x.startswith("Settle ") for x in texts)
    assert len(set(texts)) == len(texts)
    assert not any("corner 1" in x or "corner 3" in x for x in texts)
    road = RULESET.describe_action(state, seat, Road(0), [])
    assert road.startswith("Road ") and "edge" not in road
    rob = RULESET.describe_action(state, seat, Robber(3, 1), ["Ann", "Bo"])
    assert rob.startswith("Robber to D (") and rob.endswith(", rob Bo")
    assert "D" in RULESET.describe_action(state, seat, Settle(board_corner_of_d(state)), [])


def board_corner_of_d(state) -> int:  # type: ignore[no-untyped-def]
    from games.hexfolk.board import get_board

    return get_board(state.board).hex_corners[3][2]


def test_event_texts_read_with_spaces() -> None:
    from games.hexfolk import wording
    from games.protocol import Event

    state = RULESET.setup(4, {}, 11)
    names = ["Ann", "Bo", "Cy", "Di"]
    income = Event("hexfolk.event.income", 0, {"cards": wording.bundle_text((0, 0, 2, 0, 1))})
    assert income.text(names) == "Ann receives 2 wool, 1 ore."
    settle = Event("hexfolk.event.settle_at", 1, {"corner": wording.corner_text(state, 5)})
    assert settle.text(names).startswith("Bo settles ") and "corner 6" not in settle.text(names)
    road = Event("hexfolk.event.road_at", 1, {"edge": wording.edge_text(state.board, 0)})
    assert road.text(names) == "Bo builds a road on the coast of A, north-west side."
    rob = Event("hexfolk.event.robber_to", 2, {"hex": wording.hex_text(state, 3)})
    assert rob.text(names).startswith("Cy moves the robber to D (")


def test_responders_can_counter_from_the_menu() -> None:
    """Trading: "the others accept, decline or counter". A responder's listed moves
    include counter-offers (one card of a kind they hold for what the offer gives), so
    nobody needs to type notation to counter; each is legal and reads as a sentence."""
    from games.hexfolk.actions import Counter
    from games.hexfolk.state import TRADE

    for seed in range(30):
        state = RULESET.setup(4, {}, seed)
        for _ in range(3000):
            if RULESET.result(state) is not None:
                break
            if state.phase == TRADE:
                for seat in sorted(RULESET.actors(state)):
                    if seat == state.current:
                        continue
                    counters = [a for a in RULESET.legal_actions(state, seat)
                                if isinstance(a, Counter)]
                    if counters:
                        for action in counters:
                            assert tuple(action.get) == tuple(state.offer.give)
                            assert sum(action.give) == 1
                            label = RULESET.describe_action(state, seat, action, ())
                            assert "counter" in label.lower() and "{" not in label
                        before = json.dumps(RULESET.dump(state), sort_keys=True)
                        RULESET.apply(state, seat, counters[0])
                        assert json.dumps(RULESET.dump(state), sort_keys=True) != before
                        return
            seat = min(RULESET.actors(state))
            RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    raise AssertionError("no offer with a possible counter in 30 seeded games")
