"""Who plays next (issue 26 item 5): :meth:`games.protocol.Ruleset.next_actor`, the
capability "You're next" asks, agrees with who really acts once the turn under way is
over, at every turn of a whole seeded bot game of each of the five games.

The check: whenever one seat ``a`` acts on its own turn and the game names a next seat
``p``, the game is played on (bots in every seat) until ``a``'s turn is over (the turn
clock's owner, :meth:`~games.protocol.Ruleset.clock_turn`, is another seat); then ``p``
must be the only seat acting. A game that ends first checks nothing. A prediction of
``a`` itself (Hexfolk's last founder places twice) is not checked this way: the heads-up
never goes to the player acting now."""

from __future__ import annotations

from typing import Any

import pytest

from games import get_ruleset

CAP = 6000


def _play_and_check(game: str, players: int, options: dict[str, Any], seed: int
                    ) -> tuple[int, bool, set[tuple[int, int]]]:
    """Play the bot game; return (predictions checked, whether it ended, (a, p) pairs)."""
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, options, seed)
    pending: list[tuple[int, int, int]] = []  # (step, a, p) waiting for a's turn to end
    checked = 0
    pairs: set[tuple[int, int]] = set()
    skipped: set[int | None] = set()  # seats a Skip card passed over this turn
    for step in range(CAP):
        if ruleset.result(state) is not None:
            break
        actors = ruleset.actors(state)
        owner = ruleset.clock_turn(state)[1]
        if pending and owner != pending[0][1]:
            for made, a, p in pending:
                if actors != {p} and p in skipped:
                    continue  # a Skip played later in the turn passed over p (HG-D43)
                assert actors == {p}, (game, players, seed, made, step, a, p, sorted(actors))
                checked += 1
                pairs.add((a, p))
            pending = []
            skipped = set()
        if len(actors) == 1:
            (a,) = actors
            p = ruleset.next_actor(state)
            if p is not None and p != a and owner == a:
                pending.append((step, a, p))
        seat = min(actors)
        state_action = ruleset.bot_action(state, seat)
        events = ruleset.apply_trusted(state, seat, state_action)
        skipped.update(e.seat for e in events if e.key == "hagoth.event.skipped")
    return checked, ruleset.result(state) is not None, pairs


@pytest.mark.parametrize(("game", "players", "options", "seed", "least", "passed_over"), [
    # the next seat as the table sees it; Skips already played are passed over (HG-D43)
    ("hagoth", 3, {"speed": True}, 31, 20, True),
    ("hagoth", 4, {}, 32, 60, True),
    ("lovci-pokladu", 3, {}, 37, 100, True),  # a player sitting out is passed over
    ("lovci-pokladu", 4, {}, 33, 100, False),
    ("hexfolk", 4, {}, 34, 100, True),  # the founding runs back
    ("hexfolk", 6, {}, 35, 10, True),  # the special building phase: mostly not settled
    ("shipyard", 3, {}, 38, 30, False),  # the last chance to buy: not settled (SY-D60)
    ("shipyard", 4, {}, 37, 30, False),
    ("haze-islands", 3, {}, 38, 20, False),
])
def test_next_actor_agrees_with_the_whole_bot_game(game: str, players: int,
                                                  options: dict[str, Any], seed: int,
                                                  least: int, passed_over: bool) -> None:
    """Issue 26 item 5: at every turn change where the game named the next seat, that
    seat acted next (and the capability said something often enough to matter; where
    ``passed_over``, it also named a seat other than the next one round the table)."""
    checked, ended, pairs = _play_and_check(game, players, options, seed)
    assert ended, "the whole game"
    assert checked >= least, checked
    if passed_over:
        assert any(p != (a + 1) % players for a, p in pairs), pairs


def test_hexfolk_founding_runs_back() -> None:
    """Issue 26 item 5, HX-D15: in the second founding round play goes N..1, and the game
    says so (seat order would name the wrong player)."""
    ruleset = get_ruleset("hexfolk")
    _, _, pairs = _play_and_check("hexfolk", 4, {}, 34)
    backwards = {(a, p) for a, p in pairs if p == (a - 1) % 4}
    assert backwards, pairs
    state = ruleset.setup(4, {}, 34)
    first = state.current
    assert ruleset.next_actor(state) == (first + 1) % 4
