"""bench.render times the images of issue 10's target ("every public and private image
at its worst position") on any lobby options, e.g. Hexfolk's largest map, and refuses
bad options politely before it plays a game."""

from __future__ import annotations

import sys

import pytest

from bench import render as bench_render
from games import get_ruleset
from games.hexfolk.maps import resolve_map


def test_the_bot_game_is_played_on_the_chosen_map() -> None:
    """``options`` reach the game's setup: the map the table plays is the one asked for,
    and without options it is the default one."""
    ruleset = get_ruleset("hexfolk")
    chosen, _, _ = bench_render._bot_play(ruleset, 8, 1, 0, options={"map": "great-land"})
    default, _, _ = bench_render._bot_play(ruleset, 8, 1, 0)
    chosen_board = ruleset.view(chosen, None).board
    assert chosen_board == resolve_map("great-land", 8).board_id
    assert ruleset.view(default, None).board == resolve_map("standard", 8).board_id
    assert chosen_board != ruleset.view(default, None).board


@pytest.mark.parametrize("text", ["mapp=great-land", "map", "map=nowhere"])
def test_bad_options_are_refused_with_a_message(
    text: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A misspelt option, a value missing or not allowed: a usage error that says what
    is wrong, and no game is played."""
    played: list[object] = []
    monkeypatch.setattr(bench_render, "run_render", lambda *a, **k: played.append(a))
    monkeypatch.setattr(sys, "argv", ["bench.render", "--game", "hexfolk", "--options", text])
    with pytest.raises(SystemExit) as exit_info:
        bench_render.main()
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err
    assert not played
