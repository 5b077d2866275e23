"""The trusted fast path (``Ruleset.apply_trusted``) equals the validating ``apply``.

Issue 10, "The engine": "Moves taken from ``legal_actions`` skip the second legality
check, and the public ``apply`` still validates." In seeded games of every game (random
and bot moves), each chosen legal move is carried out both ways on two identical states:
the states stay byte-identical (JSON) and the events read the same. And the public
``apply`` still refuses what is not legal, leaving the state unchanged.
"""

from __future__ import annotations

import json
import random

import pytest

from games import get_ruleset
from games.protocol import IllegalAction

CAP = 1500


def _snap(ruleset, state) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(ruleset.dump(state), sort_keys=True)


def _told(events, names) -> list[tuple[str, int | None, str]]:  # type: ignore[no-untyped-def]
    return [(e.key, e.seat, e.text(names)) for e in events]


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("hexfolk", 4, 21), ("hexfolk", 6, 22), ("hagoth", 3, 23), ("lovci-pokladu", 3, 24),
    ("shipyard", 4, 25), ("haze-islands", 3, 26),
])
def test_trusted_apply_equals_apply_on_every_legal_move(game: str, players: int,
                                                        seed: int) -> None:
    ruleset = get_ruleset(game)
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    checked = ruleset.setup(players, {}, seed)
    trusted = ruleset.load(json.loads(json.dumps(ruleset.dump(checked))))
    for step in range(CAP):
        if ruleset.result(checked) is not None:
            break
        seat = rng.choice(sorted(ruleset.actors(checked)))
        legal = ruleset.legal_actions(checked, seat)
        action = rng.choice(legal) if step % 3 else ruleset.bot_action(checked, seat)
        assert action in legal
        told_checked = _told(ruleset.apply(checked, seat, action), names)
        told_trusted = _told(ruleset.apply_trusted(trusted, seat, action), names)
        assert told_trusted == told_checked, (step, action)
        assert _snap(ruleset, trusted) == _snap(ruleset, checked), (step, action)
    assert step > 100  # the game really went on


@pytest.mark.parametrize("game", ["hexfolk", "hagoth", "lovci-pokladu", "shipyard"])
def test_public_apply_still_refuses_an_unlisted_move(game: str) -> None:
    """A move out of turn is refused by ``apply`` and changes nothing (protocol rule:
    ``apply`` validates and never half-applies)."""
    ruleset = get_ruleset(game)
    state = ruleset.setup(3, {}, 5)
    seat = min(ruleset.actors(state))
    other = next(s for s in range(3) if s not in ruleset.actors(state))
    move = ruleset.legal_actions(state, seat)[0]
    before = _snap(ruleset, state)
    with pytest.raises(IllegalAction):
        ruleset.apply(state, other, move)
    assert _snap(ruleset, state) == before
