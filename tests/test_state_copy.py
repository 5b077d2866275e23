"""``Ruleset.copy``: the state the expert's searches play moves out on (issue 28).

The shared determinized search (``games/bot_levels.py``) and ``hidden_variants`` play
each candidate move on a copy of a sampled state. A copy must equal the state (the same
JSON) and share nothing with it: a move played on the copy leaves the original as it
was, or the search would change the real game it is only looking at. A game may copy
faster than ``load(dump(state))`` (Shipyard's ``state.copy_state``); this checks that
contract for every game, at seeded positions of all-bot games (``game_positions``).
"""

from __future__ import annotations

import json

import pytest
from game_positions import RULESET_IDS, RULESETS, positions

from games import Ruleset


def _snap(ruleset: Ruleset, state: object) -> str:
    return json.dumps(ruleset.dump(state), sort_keys=True)


@pytest.mark.parametrize("ruleset", RULESETS, ids=RULESET_IDS)
def test_a_copy_equals_the_state_and_shares_nothing_with_it(ruleset: Ruleset) -> None:
    checked = 0
    for position in positions(ruleset, 24):
        state = position.state
        before = _snap(ruleset, state)
        copy = ruleset.copy(state)
        assert copy is not state
        assert _snap(ruleset, copy) == before, position
        # moves on the copy, one after another: the original never changes
        for _ in range(3):
            if ruleset.result(copy) is not None:
                break
            mover = min(ruleset.actors(copy))
            ruleset.apply_trusted(copy, mover, ruleset.bot_action(copy, mover))
            checked += 1
        assert _snap(ruleset, state) == before, position
    assert checked >= 30  # most positions were still in play
