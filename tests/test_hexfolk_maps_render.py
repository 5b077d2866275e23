"""Issue 13 "Renderer": every island map, from 12 to 61 land hexes, drawn legibly at
1,200 px wide (common brief: text at 14 px or more): the hex size keeps every label,
number and numbered spot at 14 px or more, harbour badges stay on the sea of the
picture, and the gallery shows every map."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers.hexfolk as rh
import renderers.hexfolk_maps as gallery
from games.hexfolk import RULESET
from games.hexfolk.board import get_board
from games.hexfolk.maps import MAPS
from games.hexfolk.state import FOUND_ROAD, SETTLE

#: The smallest hex circumradius at which the renderer's texts all reach 14 px: a
#: numbered spot beside corners and roads has radius 0.22·r, which must be 12 px for
#: its number to be drawn at 14 px (``_spot_sprite``); the other texts have 14 px floors.
MIN_RADIUS = 12 / 0.22


@pytest.mark.parametrize("m", MAPS, ids=lambda m: m.id)
def test_every_map_draws_legibly_at_1200_px(m) -> None:  # type: ignore[no-untyped-def]
    """Each map at its largest table: founding (every free corner numbered) and the
    founding road (edges numbered) render 1,200 px wide; the hex size keeps text at
    14 px; every numbered disc is at least 12 px (its number 14 px) and no two overlap;
    every harbour badge lies inside the picture."""
    board = get_board(m.board_id)
    r, _ = rh.island_radius(board)
    assert r >= MIN_RADIUS, (m.id, r)
    s = RULESET.setup(m.max_players, {"map": m.id}, 2)
    fr = rh._Frame(board, r)
    for phase in (SETTLE, FOUND_ROAD):
        while s.phase != phase:
            seat = min(RULESET.actors(s))
            RULESET.apply(s, seat, RULESET.bot_action(s, seat))
        view = RULESET.view(s, None)
        assert view.spots
        marks = rh.spot_marks(view, fr)
        assert len(marks) == len(view.spots)
        assert all(mark.radius >= 12 for mark in marks), m.id
        for a in marks:
            for b in marks:
                if a is not b:
                    gap = ((a.centre[0] - b.centre[0]) ** 2 + (a.centre[1] - b.centre[1]) ** 2)
                    assert gap ** 0.5 >= a.radius + b.radius - 0.5
        png = rh.render_board(view, [f"P{i}" for i in range(m.max_players)], "", "en")
        image = Image.open(io.BytesIO(png))
        assert image.width == 1200
    edges = tuple(e for e, _ in view.harbours)
    for (x, y), (_, kind) in zip(rh._harbour_spots(m.board_id, edges, r), view.harbours,
                                 strict=True):
        badge = rh._harbour_badge(kind, r)
        assert badge.width / 2 <= x <= fr.w - badge.width / 2
        assert badge.height / 2 <= y <= fr.h - badge.height / 2


@pytest.mark.parametrize("locale", ["en", "ru", "cs"])
def test_the_gallery_shows_every_map_and_is_kept(locale: str) -> None:
    """Issue 13 "Gallery": one picture, 1,200 px wide, a cell per map in four columns
    (each with a preview, the name in the game's language and the player range); drawn
    once per language, then the same bytes are returned."""
    png = gallery.render_gallery(locale)
    image = Image.open(io.BytesIO(png))
    rows = -(-len(MAPS) // gallery.COLUMNS)
    assert image.size == (1200, gallery.HEADER_H + rows * (gallery.PREVIEW_H + gallery.TEXT_H
                                                           + gallery.GAP) + gallery.MARGIN)
    assert gallery.render_gallery(locale) is png
    # the preview of Lagoon has sea inside its ring, Great Land is land in the middle
    lagoon = gallery._preview(MAPS[0], 200, 150)
    assert lagoon.getpixel((100, 75)) == rh.SEA
    great = gallery._preview(MAPS[-1], 200, 150)
    assert great.getpixel((100, 75)) != rh.SEA
    assert gallery.render_rules_image("turn", locale) is None
