"""Hexfolk's player cards on the board (issue 24 item 13).

"Hexfolk's Longest-route badge hides the winner's buildings line": a card drew either its
badges (Longest road, Largest army, discarding) or the pieces line, never both, so the
player holding an award — usually the winner — lost the count of their roads,
settlements and cities. Now the pieces line is always drawn and the badges have a row
of their own below it, shrunk (not cut) to the card's width.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import renderers
import renderers.hexfolk.text as card_text
from games.hexfolk import RULESET
from i18n import t
from renderers.common import font, text_width

K = "render_hexfolk.hexfolk."
NAMES = ("Kateřina", "Дмитрий", "Margaret", "Bořivoj", "Ярослава", "Jonathan", "Vojtěch",
         "Людмила")


def _finished(players: int) -> Any:
    state = RULESET.setup(players, {}, 4)
    while RULESET.result(state) is None:
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    state.longest = state.army = state.winner  # the winner holds both awards
    view = RULESET.view(state, None)
    cards = list(view.players)
    cards[state.winner] = dataclasses.replace(cards[state.winner], discard_owed=12)
    return dataclasses.replace(view, players=tuple(cards))


@pytest.mark.parametrize(("players", "locale"), [(3, "en"), (3, "ru"), (8, "ru"), (8, "cs")])
def test_a_card_with_badges_still_shows_its_pieces_and_the_badges_fit(
        players: int, locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 item 13: every card shows "Roads · Settlements · Cities", the winner's too
    while it holds Longest road and Largest army and owes a discard; the badges lie below
    that line and inside the card (small and large game, en, ru and cs)."""
    view = _finished(players)
    texts: list[tuple[str, float, float]] = []  # (text, y, max width)
    pills: list[tuple[float, float, float, str, int]] = []  # (left, right, top, text, size)
    fitted, pill = card_text.draw_fitted, card_text._pill

    def record_fitted(draw: Any, xy: tuple[float, float], text: str, max_width: float,
                      *args: Any, **kwargs: Any) -> float:
        texts.append((text, xy[1], max_width))
        return fitted(draw, xy, text, max_width, *args, **kwargs)

    def record_pill(draw: Any, x: float, y: float, text: str, *args: Any) -> float:
        right = pill(draw, x, y, text, *args)
        pills.append((x, right, y, text, args[2] if len(args) > 2 else 15))
        return right

    monkeypatch.setattr(card_text, "draw_fitted", record_fitted)
    monkeypatch.setattr(card_text, "_pill", record_pill)
    renderers.render_public("hexfolk", view, NAMES[:players], "", locale)

    winner = view.players[view.winner]
    for player in view.players:
        pieces = t(K + "pieces", locale, roads=player.roads,
                   settlements=player.settlements, cities=player.cities)
        drawn = [(y, width) for text, y, width in texts if text == pieces]
        assert drawn, f"{pieces!r} is not drawn"
    pieces_y = next(y for text, y, _ in texts if text == t(
        K + "pieces", locale, roads=winner.roads, settlements=winner.settlements,
        cities=winner.cities))
    badge_texts = {t(K + "longest", locale), t(K + "army", locale),
                   t(K + "discarding", locale, count=12)}
    assert {text for *_, text, _ in pills} == badge_texts
    card_width = next(width for text, _, width in texts if text == t(
        K + "pieces", locale, roads=winner.roads, settlements=winner.settlements,
        cities=winner.cities)) + 24
    left = min(x for x, *_ in pills)
    for x, right, top, text, size in pills:
        assert top > pieces_y + 7, "the badges lie below the pieces line (14 px text)"
        assert right <= left - 12 + card_width - 12 + 0.5, f"{text!r} leaves the card"
        assert text_width(text, font(size, bold=True)) + 16 <= right - x + 0.5  # not cut
        assert size >= 11
