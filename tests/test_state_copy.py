"""``Ruleset.copy``: the state the expert's searches play moves out on (issue 28).

The shared determinized search (``games/bot_levels.py``) and ``hidden_variants`` play
each candidate move on a copy of a sampled state. A copy must equal the state (the same
JSON) and share nothing with it: a move played on the copy leaves the original as it
was, or the search would change the real game it is only looking at. A game may copy
faster than ``load(dump(state))`` (Shipyard's ``state.copy_state``); this checks that
contract for every game, at many positions of seeded bot games.
"""

from __future__ import annotations

import json

import pytest

from games import all_rulesets


def _snap(ruleset, state) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(ruleset.dump(state), sort_keys=True)


@pytest.mark.parametrize("ruleset", all_rulesets(), ids=lambda r: r.id)
def test_a_copy_equals_the_state_and_shares_nothing_with_it(ruleset) -> None:  # type: ignore[no-untyped-def]
    players = min(3, ruleset.max_players)
    state = ruleset.setup(players, {}, 7)
    checked = 0
    for step in range(600):
        if ruleset.result(state) is not None:
            break
        seat = min(ruleset.actors(state))
        if step % 7 == 0:
            before = _snap(ruleset, state)
            copy = ruleset.copy(state)
            assert copy is not state
            assert _snap(ruleset, copy) == before, step
            # a move on the copy, and on and on: the original never changes
            for _ in range(3):
                if ruleset.result(copy) is not None:
                    break
                mover = min(ruleset.actors(copy))
                ruleset.apply_trusted(copy, mover, ruleset.bot_action(copy, mover))
            assert _snap(ruleset, state) == before, step
            checked += 1
        ruleset.apply(state, seat, ruleset.bot_action(state, seat))
    assert checked >= 10  # the game went on long enough to look at many positions
