"""Hexfolk positions built by hand for the bot tests (shared, so that the setup is
written once)."""

from __future__ import annotations

from typing import Any

from games.hexfolk import RULESET, rules
from games.hexfolk.state import MAIN, HexfolkState


def road_to_a_free_site(options: dict[str, Any] | None = None, seed: int = 1,
                        turn: int = 9) -> tuple[HexfolkState, int]:
    """Seat 0 right after its roll on ``turn``: a settlement at corner 0 and a road of two
    towards a free site, which is returned with the state."""
    s = RULESET.setup(4, dict(options or {}), seed)
    s.phase, s.current, s.first, s.turn, s.rolled = MAIN, 0, 0, turn, True
    board = rules.board_of(s)
    c = 0
    a = board.corner_corners[c][0]
    b = next(n for n in board.corner_corners[a] if n != c)
    s.corner_owner[c], s.corner_level[c] = 0, 1
    s.players[0].settlements = 1
    for x, y in ((c, a), (a, b)):
        edge = next(e for e in board.corner_edges[x] if y in board.edge_corners[e])
        s.edge_owner[edge] = 0
        s.players[0].roads += 1
    assert rules.settle_ok(s, 0, b)
    return s, b
