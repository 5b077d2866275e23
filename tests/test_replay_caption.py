"""The caption of a replay's board (issue 24 item 13: "the replay caption doubles the
name ("Bot 1: Bot 1 played …;")").

A board of an animated or `python -m bot replay` replay is captioned with the turn and the
accounts of its last move. The accounts name their player already, so the caption does
not put the name before them again; and two accounts read as two sentences, not
"Starfish.; The starfish …".
"""

from __future__ import annotations

import pytest

from bot.replay import replay, turn_caption
from games import get_ruleset

NAMES = ("Bot 1", "Bot 2", "Bot 3")


@pytest.mark.parametrize("game", ["hagoth", "lovci-pokladu", "hexfolk"])
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_replay_caption_names_the_player_once(game: str, locale: str) -> None:
    """Issue 24 item 13: no "Bot 1: Bot 1 …", no ".;", and every caption still says who."""
    ruleset = get_ruleset(game)
    players = 3 if game != "lovci-pokladu" else 2
    state = ruleset.setup(players, {}, 3)
    entries = []
    for _ in range(80):
        seat = min(ruleset.actors(state))
        action = ruleset.bot_action(state, seat)
        entries.append((seat, ruleset.notate_action(state, action)))
        ruleset.apply(state, seat, action)
    names = NAMES[:players]
    captions = [turn_caption(step, names, locale, number)
                for number, step in enumerate(
                    (s for s in replay(ruleset, players, {}, 3, entries, names, locale)
                     if s.turn_ended), start=1)]
    assert len(captions) > 10
    for caption in captions:
        for name in names:
            assert f"{name}: {name}" not in caption, caption
        assert ".;" not in caption and ". ;" not in caption, caption
    assert sum(any(name in c for name in names) for c in captions) == len(captions)
