"""Images in words (issue 27 items 2 and 3): every description fits Discord's 1,024
characters in every language, says first whose turn it is and what they must do, and
is built from what its viewer may see; the console's ``status text`` gives the whole
position. (The hidden-information test compares descriptions over hidden variants;
``test_text_play_e2e.py`` checks them on every upload through Discord.)"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from game_positions import RULESET_IDS, RULESETS, positions
from tidebound_support import console_args

from bot.__main__ import main
from bot.discord_front.messages import CONTENT_LIMIT
from bot.discord_front.position_text import split_text
from bot.sessions import Loaded
from bot.storage import ACTIVE, SeatRow, SessionRow
from bot.updates import Updates
from games import Ruleset
from i18n import t
from renderers.describe import (
    LIMIT,
    describe_board,
    describe_hand,
    describe_position,
    describe_rules_image,
    describe_summary,
)
from renderers.describe.common import fit

LOCALES = ("en", "ru", "cs")


def _row(ruleset: Ruleset, players: int, locale: str) -> SessionRow:
    return SessionRow(
        id=1, channel_id="1", guild_id=None, game=ruleset.id, options={}, status=ACTIVE,
        host_id="u0", locale=locale, seed=0, state=None, version=1, created_at=0.0,
        updated_at=0.0,
        seats=[SeatRow(i, f"Player {i + 1}", f"u{i}") for i in range(players)])


def test_fit_keeps_whole_lines_in_order_and_cuts_the_first_that_does_not_fit() -> None:
    """Issue 27 item 2: at most 1,024 characters, the most needed lines first."""
    lines = ["To play: Ann.", "Ann rolled 8.", "x" * 2000, "never reached"]
    text = fit(lines)
    assert len(text) == LIMIT
    assert text.startswith("To play: Ann.\nAnn rolled 8.\nxxx") and text.endswith("…")
    assert "never reached" not in text
    assert fit(["", "a", "", "b"]) == "a\nb"  # empty lines are left out


@pytest.mark.parametrize("game", RULESET_IDS)
def test_every_description_fits_and_starts_with_whose_turn(game: str) -> None:
    """Issue 27 item 2: board, hand and summary descriptions of small and large games
    (up to the largest player count), in English, Russian and Czech, at most 1,024
    characters; the board's begins with whose turn it is, then what they must do, then
    the last move and the scores; the whole position (item 3) holds every line of it."""
    ruleset = next(r for r in RULESETS if r.id == game)
    updates = Updates.__new__(Updates)  # only its text helpers are used
    seen_players: set[int] = set()
    for position in positions(ruleset, 24, seed=11):
        seen_players.add(position.players)
        names = [f"Player {i + 1}" for i in range(position.players)]
        for locale in LOCALES:
            loaded = Loaded(_row(ruleset, position.players, locale), ruleset, position.state)
            turn = updates.turn_text(loaded)
            head = [turn, "LAST MOVE", updates.score_text(loaded)]
            board = updates.board_description(loaded, head)
            assert 0 < len(board) <= LIMIT
            assert board.startswith(turn + "\n")
            assert "LAST MOVE" in board
            whole = describe_position(game, ruleset.view(position.state, None), names, head,
                                      locale)
            assert whole.startswith(board.removesuffix("…").rsplit("\n", 1)[0])
            for seat in range(position.players):
                view = ruleset.view(position.state, seat)
                hand = describe_hand(game, view, names, locale)
                assert 0 < len(hand) <= LIMIT
                if ruleset.has_hand and ruleset.result(position.state) is None:
                    # the cards in words, as /hand says them (for the games that list them)
                    assert len(hand.split("\n")) >= 2, hand
            if locale != "en":  # written in the reader's language, not English
                assert describe_board(game, ruleset.view(position.state, None), names, [],
                                      locale) != describe_board(
                    game, ruleset.view(position.state, None), names, [], "en")
    assert {ruleset.min_players, ruleset.max_players} <= seen_players


@pytest.mark.parametrize("game", RULESET_IDS)
def test_summary_description_of_a_finished_game(game: str) -> None:
    """Issue 27 item 2: the end-of-game summary image has its alt text too."""
    ruleset = next(r for r in RULESETS if r.id == game)
    players = ruleset.max_players
    state = ruleset.setup(players, {}, 5)
    for _ in range(5000):
        if ruleset.result(state) is not None:
            break
        actor = min(ruleset.actors(state))
        ruleset.apply(state, actor, ruleset.bot_action(state, actor))
    assert ruleset.result(state) is not None
    summary = ruleset.summary_view(state)
    assert summary is not None
    names = [f"Player {i + 1}" for i in range(players)]
    for locale in LOCALES:
        text = describe_summary(game, summary, names, ["Game over"], locale)
        assert 0 < len(text) <= LIMIT
        assert text.startswith(t("describe.summary", locale) + "\nGame over\n")
        assert "Player 1" in text and f"Player {players}" in text


def test_map_gallery_description_names_every_map() -> None:
    """Issue 27 item 2: the map preview (/rules hexfolk maps) is described."""
    from games.hexfolk.maps import MAPS

    for locale in LOCALES:
        text = describe_rules_image("hexfolk", "maps", locale)
        assert len(text) <= LIMIT
        assert all(t(m.name_key, locale) in text for m in MAPS)


def test_split_text_keeps_posts_within_discords_limit() -> None:
    """Issue 27 item 3: a long position is split into posts of at most 2,000 characters,
    between lines, losing nothing."""
    text = "\n".join(f"line {i} " + "word " * (i % 90) for i in range(300)) + "\n" + "y" * 4500
    posts = split_text(text)
    assert all(0 < len(post) <= CONTENT_LIMIT for post in posts)
    assert "".join(posts).replace("\n", "").replace(" ", "") == \
        text.replace("\n", "").replace(" ", "")
    assert split_text("short") == ["short"]


def test_console_status_text_gives_the_whole_position(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 27 item 3: ``status text`` prints the board, every player and whose turn it
    is in words."""
    script = ["1", "status text", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    args = console_args("hexfolk", tmp_path, "--players", "3", "--bots", "2", "--seed", "4")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "To play: Player 1." in out
    assert "Hexes: " in out and "Harbours: " in out  # the board
    assert all(f"Roads of {name}: " in out for name in ("Player 1", "Bot 1", "Bot 2"))
    assert "Settlements: " in out
