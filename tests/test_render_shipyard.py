"""Shipyard images (issue 11, "Images"): the board and shipyards at every player count
and language, the private contracts image and the summary."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers
from games.shipyard import RULESET
from games.shipyard.state import ShipyardState

NAMES = ["Ann", "Bohuslav Nepomucký", "Светлана", "Dee"]


def _played(players: int, turns: int, seed: int = 5) -> ShipyardState:
    state = RULESET.setup(players, {}, seed)
    while RULESET.result(state) is None and state.turn < turns:
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    return state


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_board_is_1200_wide_and_small(players: int, locale: str) -> None:
    """"Readable on a phone at every player count": 1,200 px wide; the issue's budget:
    "PNG under 600 KB"; one shipyard panel per player below the board."""
    state = _played(players, 40)
    png = renderers.render_public("shipyard", RULESET.view(state, None), NAMES[:players],
                                  "Ann takes Build Ships and earns 2.", locale)
    image = _image(png)
    assert image.width == 1200 and len(png) < 600_000
    fewer = renderers.render_public("shipyard", RULESET.view(_played(2, 40), None),
                                    NAMES[:2], "x", locale)
    if players == 4:
        assert image.height > _image(fewer).height, "every player has a shipyard panel"
    again = renderers.render_public("shipyard", RULESET.view(state, None), NAMES[:players],
                                    "Ann takes Build Ships and earns 2.", locale)
    assert again == png, "the same view draws the same image (no crop on later renders)"


def test_the_contracts_image_shows_only_the_seats_own_contracts() -> None:
    """Contracts "are seen only by their owner, in /hand and the ephemeral menu": the
    private image follows the seat's contracts; the public board has no hand."""
    state = _played(3, 10)
    first = renderers.render_private("shipyard", RULESET.view(state, 0), NAMES[:3])
    assert first is not None and _image(first).width > 0
    state.players[0].green = [g for g in range(12) if g not in state.players[0].green][:3]
    changed = renderers.render_private("shipyard", RULESET.view(state, 0), NAMES[:3])
    assert changed != first
    assert renderers.render_private("shipyard", RULESET.view(state, None), NAMES[:3]) is None


def test_summary_image_at_the_end() -> None:
    """A summary image at game end (the renderers' ``*_summary`` pattern)."""
    state = _played(2, 10_000)
    summary = RULESET.summary_view(state)
    assert summary is not None
    for locale in ("en", "ru", "cs"):
        png = renderers.render_summary("shipyard", summary, NAMES[:2], locale)
        assert png is not None and _image(png).width == 1200
