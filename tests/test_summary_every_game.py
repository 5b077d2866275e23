"""Every registered game ends with a summary image (issue 18).

The test walks the registry, so a game that joins it (Shipyard, Haze Islands) must bring
its ``summary_view`` and a renderer for it, or this test fails.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers
from games import Ruleset
from tests.game_positions import RULESET_IDS, RULESETS

#: Moves after which a bot-only game is given up (every game here ends well before).
CAP = 6000


def _finished_game(ruleset: Ruleset, players: int, seed: int) -> object:
    state = ruleset.setup(players, {}, seed)
    for _ in range(CAP):
        if ruleset.result(state) is not None:
            return state
        assert ruleset.summary_view(state) is None  # nothing before the end
        actor = min(ruleset.actors(state))
        ruleset.apply(state, actor, ruleset.bot_action(state, actor))
    pytest.fail(f"{ruleset.id}: a bot-only game of {players} did not end in {CAP} moves")


@pytest.mark.parametrize("ruleset", RULESETS, ids=RULESET_IDS)
def test_every_game_ends_with_a_summary_image(ruleset: Ruleset) -> None:
    """Issue 18: "`summary_view` for every game, drawn by its renderer and attached to the
    final post". At the smallest and the largest table the finished game has summary
    data, and its renderer draws it as a real PNG of a readable width."""
    for players in sorted({ruleset.min_players, ruleset.max_players}):
        state = _finished_game(ruleset, players, seed=11)
        summary = ruleset.summary_view(state)
        assert summary is not None, f"{ruleset.id} has no summary_view"
        names = [f"Player {i + 1}" for i in range(players)]
        png = renderers.render_summary(ruleset.id, summary, names, "en")
        assert png is not None, f"{ruleset.id} has no summary renderer"
        with Image.open(io.BytesIO(png)) as image:
            assert image.format == "PNG" and image.width >= 800
