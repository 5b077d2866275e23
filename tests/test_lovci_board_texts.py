"""What Lovci pokladů's board says (issue 24 item 13): the move number after a turn
limit, and every value of a pile of coins lying on one square."""

from __future__ import annotations

import random
from typing import Any

import pytest

import renderers
import renderers.lovci_pokladu.text as header
from games.lovci_pokladu import RULESET
from games.lovci_pokladu.data import ALL_TOKENS
from i18n import t
from renderers.common import font, text_width
from renderers.lovci_pokladu.layout import CELL
from renderers.lovci_pokladu.pieces import _group_tokens, _token_lines


@pytest.mark.parametrize("locale", ["en", "cs", "ru"])
def test_after_a_40_move_limit_the_board_says_move_40(
        locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 13: "Lovci says 'Tah 41' after a 40-turn limit". The house rule ends
    the game after that many moves (LP-D32), so the last board shows move 40, as a game
    that ends any other way shows the number of its last move."""
    state = RULESET.setup(2, {"turn_limit": 40}, 3)
    while RULESET.result(state) is None:
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    assert state.reason == "limit"
    view = RULESET.view(state, None)
    assert view.turn == 40
    drawn: list[str] = []
    original = header.draw_text

    def record(draw: Any, xy: Any, text: str, *args: Any, **kwargs: Any) -> float:
        drawn.append(text)
        return original(draw, xy, text, *args, **kwargs)

    monkeypatch.setattr(header, "draw_text", record)
    renderers.render_public("lovci-pokladu", view, ["Ann", "Bob"], "", locale)
    assert t("render.common.moves", locale, turn=40) in drawn
    assert t("render.common.moves", locale, turn=41) not in drawn


def test_every_value_of_a_pile_of_coins_shows_whole() -> None:
    """Issue 24 item 13: "coins stacked on one square hide each other" — a pile of
    600+2×300+200+100+2×50 read "600+2×…". Every pile the 41 tokens can make (sampled)
    is written in whole groups, each line within the card at 14 px or more."""
    chooser = random.Random(24)
    piles = [[600, 300, 300, 200, 100, 50, 50], [300, 300, 300, 200, 200, 100, 100, 50, 50, 50]]
    piles += [sorted(chooser.sample(ALL_TOKENS, chooser.randint(1, 16)), reverse=True)
              for _ in range(400)]
    for pile in piles:
        lines, size, coin = _token_lines(pile, "en")
        assert size >= 14
        assert "".join(lines) == _group_tokens(pile, "en"), (pile, lines)
        room = CELL - 40 if coin else CELL - 16
        assert all(text_width(line, font(size, True)) <= room for line in lines), (pile, lines)
