"""The expert Hexfolk bot (issue 28 item 3): its moves are legal and come from its own
view, and its evaluation follows the rules (hexfolk.en.md: "Goal of the game", "Roll
and income", "The seven and the robber", "Trading", "Founding")."""

from __future__ import annotations

from games.bot_levels import EXPERT, level_action
from games.hexfolk import RULESET, bot, expert, rules
from games.hexfolk.actions import BankTrade, City, Discard, Robber, Settle
from games.hexfolk.board import Board
from games.hexfolk.state import DISCARD, MAIN, ROBBER, SETTLE, HexfolkState
from games.rng import GameRng
from tests.hexfolk_positions import road_to_a_free_site


def _edge(board: Board, a: int, b: int) -> int:
    return next(e for e in board.corner_edges[a] if b in board.edge_corners[e])


def _deal(s: HexfolkState, seat: int, cards: list[int]) -> None:
    for i, n in enumerate(cards):
        s.players[seat].hand[i] += n
        s.bank[i] -= n


def _main(seed: int = 1) -> HexfolkState:
    """Seat 0 after its roll: a settlement at corner 0 and a road of two to a free site."""
    return road_to_a_free_site({"trades": False}, seed)[0]


def test_expert_level_is_the_hexfolk_expert() -> None:
    """The hook of games/bot_levels.py: the expert level of Hexfolk is expert.decide."""
    s = _main()
    _deal(s, 0, [0, 0, 4, 2, 2])
    assert level_action(RULESET, s, 0, EXPERT) == expert.decide(s, 0) == bot.expert_action(s, 0)


def test_every_expert_move_is_legal_through_whole_games() -> None:
    """Four experts play whole games to the end (player trades on, so offers are
    answered too; and five players, with the special building phase), every move legal."""
    for players, seed in ((4, 3), (5, 4)):
        s = RULESET.setup(players, {}, seed)
        phases: set[str] = set()
        for _ in range(5000):
            if RULESET.result(s) is not None:
                break
            seat = min(RULESET.actors(s))
            move = bot.expert_action(s, seat)
            assert move in RULESET.legal_actions(s, seat), (s.phase, move)
            phases.add(s.phase)
            RULESET.apply(s, seat, move)
        assert RULESET.result(s) is not None
        assert {SETTLE, MAIN, ROBBER} <= phases


def test_a_city_beats_a_settlement_on_the_same_spot() -> None:
    """"City: 2 victory points" and "a city gets 2" resources ("Roll and income")."""
    s = _main()
    city = expert.clone(s)
    city.corner_level[0] = 2
    city.players[0].settlements, city.players[0].cities = 0, 1
    assert expert.evaluate(city, 0) > expert.evaluate(s, 0) + 1.0


def test_founding_on_6_and_8_beats_2_and_12() -> None:
    """"6 and 8 ... are rolled most often, 2 and 12 least often" (The board): of two
    corners on the same terrains, the founding settlement goes on the 6-8 one."""
    s = RULESET.setup(4, {}, 5)
    assert s.phase == SETTLE
    board = rules.board_of(s)
    inner = [c for c in range(board.corners) if len(board.corner_hexes[c]) == 3]
    rich, poor = inner[0], next(c for c in inner if not set(board.corner_hexes[c]) & set(
        board.corner_hexes[inner[0]]) and all(not set(board.corner_hexes[n]) & set(
            board.corner_hexes[inner[0]]) for n in board.corner_corners[c]))
    # every hex the same poor number, the desert nowhere near the two corners
    s.tokens = [3 if t >= 0 else 0 for t in s.terrain]
    for c, numbers in ((rich, (6, 8, 5)), (poor, (2, 12, 11))):
        for h, number, res in zip(board.corner_hexes[c], numbers, (0, 1, 3), strict=True):
            s.terrain[h], s.tokens[h] = res, number
    s.robber = next(h for h in range(board.hexes) if h not in board.corner_hexes[rich])
    move = expert.decide(s, s.current)
    assert isinstance(move, Settle)
    assert move.corner == rich


def test_the_expert_trades_with_the_bank_to_complete_a_city() -> None:
    """"Trading": 4 identical resources for 1 of any kind; two grain and two ore with four
    wool make a city (2 grain, 3 ore) after one trade, worth more than keeping the cards."""
    s = _main()
    _deal(s, 0, [0, 0, 4, 2, 2])
    move = expert.decide(s, 0)
    assert move == BankTrade(2, 4)
    RULESET.apply(s, 0, move)
    assert expert.decide(s, 0) == City(0)


def test_the_robber_goes_to_an_opponent_not_to_the_experts_own_hex() -> None:
    """"The seven and the robber": the expert's robber takes production from another
    player, never from itself."""
    s = _main()
    board = rules.board_of(s)
    s.phase, s.dice = ROBBER, [3, 4]
    mine = set(board.corner_hexes[0])
    move = expert.decide(s, 0)
    assert isinstance(move, Robber) and move.hex not in mine
    other = next(c for c in range(board.corners)
                 if not set(board.corner_hexes[c]) & mine and len(board.corner_hexes[c]) == 3
                 and s.robber not in board.corner_hexes[c])
    s.corner_owner[other], s.corner_level[other] = 1, 2
    s.players[1].cities = 1
    _deal(s, 1, [1, 0, 0, 0, 0])
    move = expert.decide(s, 0)
    assert isinstance(move, Robber) and move.hex in board.corner_hexes[other]
    assert move.victim == 1


def test_a_discard_keeps_the_settlement() -> None:
    """"Everyone holding more than 7 resource cards gives up half": with a free site on
    its road, the expert keeps wood, brick, wool and grain and gives up the extra wool."""
    s = _main()
    _deal(s, 0, [1, 1, 5, 1, 0])
    s.phase, s.discards = DISCARD, [4, 0, 0, 0]
    assert expert.decide(s, 0) == Discard((0, 0, 4, 0, 0))


def test_the_expert_does_not_read_hidden_cards() -> None:
    """Issue 28 item 1: every level decides from its own view only. Other players' hands
    of the same size exchanged and the development deck reshuffled: the same move."""
    s = _main()
    _deal(s, 0, [1, 0, 3, 2, 2])
    _deal(s, 1, [2, 0, 0, 0, 1])
    _deal(s, 2, [0, 3, 0, 0, 0])
    s.players[1].devs, s.players[2].devs = ["monopoly"], ["knight"]
    twin = expert.clone(s)
    twin.players[1].hand, twin.players[2].hand = list(s.players[2].hand), list(
        s.players[1].hand)
    twin.players[1].devs, twin.players[2].devs = ["knight"], ["monopoly"]
    twin.dev_deck = list(reversed(s.dev_deck))
    twin.rng = GameRng(99)
    assert expert.decide(s, 0) == expert.decide(twin, 0)
