"""Haze Islands images against hidden information (issue 12: "Test that the public view
and image are byte-identical whatever the order of the decks and the hands").

tests/test_hidden_info.py holds every game to this over many positions, but draws the
board for only the first two of them. Here Haze's images are drawn where its map is
largest and its decks fullest: the public board at several depths of bot games in every
mode, up to the final board, and each seat's private image, each compared byte for byte
with the same position after :func:`games.haze_islands.hidden.redeal` dealt anew what
the viewer cannot see (decks and their order, other hands, the discard pile, face-down
adventure and Doom cards, unrevealed skulls).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import renderers
from games import get_ruleset
from games.rng import GameRng

RULESET = get_ruleset("haze-islands")
NAMES = ("Ann", "Bo", "Cy")
#: Depths (bot moves) at which the images are drawn, besides the final board.
DEPTHS = frozenset({0, 30, 90, 160})
#: Bot moves after which a game is taken as it stands (every game here ends well before).
CAP = 5000


def positions(players: int, mode: str, seed: int) -> Iterator[Any]:
    """Copies of a seeded bot game at each of :data:`DEPTHS` it reaches, then the final
    board."""
    state = RULESET.setup(players, {"mode": mode}, seed)
    for played in range(CAP):
        if RULESET.result(state) is not None:
            break
        if played in DEPTHS:
            yield RULESET.load(RULESET.dump(state))
        seat = min(RULESET.actors(state))
        RULESET.apply(state, seat, RULESET.bot_action(state, seat))
    yield state


@pytest.mark.parametrize(("players", "mode", "seed"),
                         [(1, "solo", 4), (2, "coop", 5), (3, "competitive", 6)])
def test_images_are_the_same_whatever_the_viewer_cannot_see(
        players: int, mode: str, seed: int) -> None:
    """The public board PNG for everybody, and each seat's private PNG for that seat,
    are byte-identical across the redealt hidden information; the redeal really moves
    cards (else the comparison proves nothing)."""
    rng = GameRng(seed)
    names = NAMES[:players]
    moved = drawn = 0
    for state in positions(players, mode, seed):
        drawn += 1
        # drawn once first: the first board of a set of seat colours is written whole,
        # later ones in kept row segments (issue 29 item 6), the same pixels in other bytes
        renderers.render_public(RULESET.id, RULESET.view(state, None), names, "")
        public = renderers.render_public(RULESET.id, RULESET.view(state, None), names, "")
        for other in RULESET.hidden_variants(state, None, rng)[:1]:
            moved += RULESET.dump(other) != RULESET.dump(state)
            assert renderers.render_public(
                RULESET.id, RULESET.view(other, None), names, "") == public
        for seat in range(players):
            own = renderers.render_private(RULESET.id, RULESET.view(state, seat), names)
            assert own is not None, "Haze has a private image for every seat"
            for other in RULESET.hidden_variants(state, seat, rng)[:1]:
                moved += RULESET.dump(other) != RULESET.dump(state)
                assert renderers.render_private(
                    RULESET.id, RULESET.view(other, seat), names) == own, (seat, mode)
    assert drawn >= 3 and moved >= drawn * players, (drawn, moved)
