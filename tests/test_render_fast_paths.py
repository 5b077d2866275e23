"""The drawing shortcuts of issue 10 ("every image at its worst position under 50 ms")
must not move a pixel: a cached text is drawn exactly as Pillow draws it, and a split
sprite pastes exactly as a masked paste of the whole sprite."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from renderers import hexfolk
from renderers.common import exact_drawing, font, paste_split, split_sprite


def _background(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    """A striped picture, so that a blend with the wrong pixel underneath shows."""
    image = Image.new(mode, size, (240, 232, 214, 255)[: len(mode)])
    draw = ImageDraw.Draw(image)
    for x in range(0, size[0], 7):
        draw.line((x, 0, x + size[1], size[1]), fill=(30, 90, 160, 200)[: len(mode)], width=3)
    return image


@pytest.mark.parametrize("anchor", [None, "la", "mm", "lm", "rs"])
def test_exact_cached_text_is_drawn_as_pillow_draws_it(anchor: str | None) -> None:
    """Texts at whole and fractional positions, in Latin and Cyrillic, twice (the second
    time from the cache): the pixels equal ``ImageDraw.text``'s."""
    texts = [("Move 12", (20, 30)), ("Ход игрока: Бот 1", (40.5, 80.25)),
             ("Příští kolo", (200.75, 140.5)), ("7", (13.4, 190.9)), ("", (5, 5))]
    ours, theirs = _background((420, 240)), _background((420, 240))
    for _ in range(2):
        for text, xy in texts:
            for size, bold in ((19, False), (26, True)):
                exact_drawing(ours).text(xy, text, fill=(26, 26, 26), font=font(size, bold),
                                         anchor=anchor)
                ImageDraw.Draw(theirs).text(xy, text, fill=(26, 26, 26),
                                            font=font(size, bold), anchor=anchor)
    assert ours.tobytes() == theirs.tobytes()


def test_split_sprite_keeps_an_opaque_middle_and_the_edges() -> None:
    """A hex tile is cut: a fully opaque middle (most of it) and edge pieces."""
    split = hexfolk._hex_tile_split((200, 180, 100), 64.0, (60, 50, 40), 1.6)
    assert split.middle is not None
    (_, _), rgb, rgba = split.middle
    assert rgba.getchannel("A").getextrema() == (255, 255)
    assert rgb.width * rgb.height * 3 > split.sprite.width * split.sprite.height
    assert split.edges


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_a_split_sprite_pastes_the_same_pixels_as_a_masked_paste(mode: str) -> None:
    """Hex tiles, a rim tile and a round token, pasted at positions inside, across and
    outside the image's edges: every pixel equals ``paste(sprite, xy, sprite)``."""
    sprites = [hexfolk._hex_tile((200, 180, 100), 64.0, (60, 50, 40), 1.6),
               hexfolk._hex_tile((120, 170, 90), 47.3),
               hexfolk._number_token(8, 64.0)]
    for sprite in sprites:
        split = split_sprite(sprite)
        for xy in ((10, 12), (-30, 40), (250, 170), (-200, -200), (100, -50)):
            ours, theirs = _background((300, 220), mode), _background((300, 220), mode)
            paste_split(ours, split, xy)
            theirs.paste(sprite, xy, sprite)
            assert ours.tobytes() == theirs.tobytes(), (sprite.size, xy)


def test_a_sprite_without_an_opaque_middle_is_pasted_whole() -> None:
    """A faint sprite (nothing fully opaque) is not cut, and still pastes exactly."""
    sprite = Image.new("RGBA", (40, 40), (10, 200, 30, 128))
    split = split_sprite(sprite)
    assert split.middle is None
    ours, theirs = _background((60, 60)), _background((60, 60))
    paste_split(ours, split, (5, 7))
    theirs.paste(sprite, (5, 7), sprite)
    assert ours.tobytes() == theirs.tobytes()


def test_split_sprite_refuses_a_sprite_without_alpha() -> None:
    with pytest.raises(ValueError):
        split_sprite(Image.new("RGB", (10, 10)))


def test_pieces_pasted_into_the_islands_region_are_clipped_to_the_island() -> None:
    """The Hexfolk board pastes pieces straight into the island's rectangle of the board
    image: a sprite across or beyond the island's edge is cut where an island image of
    its own would cut it, and nothing outside the rectangle changes."""
    sprite = hexfolk._number_token(8, 64.0)
    island = _background((160, 120), "RGB")
    board = _background((400, 300), "RGB")
    left, top = 90, 70
    board.paste(island, (left, top))
    region = hexfolk._Region(board, left, top, island.size)
    for xy in ((10, 10), (-20, 30), (140, 100), (150, -30), (-500, 0), (30, 119)):
        island.paste(sprite, xy, sprite)
        region.paste(sprite, xy, sprite)
    expected = _background((400, 300), "RGB")
    expected.paste(island, (left, top))
    assert board.tobytes() == expected.tobytes()
