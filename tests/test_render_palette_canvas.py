"""Drawing straight into a board's palette (issue 29 item 6: "draw boards straight into
palette images (no RGB-to-palette mapping) ... images visually identical and no
larger"): a :class:`~renderers.common.PaletteCanvas` gives the indices of the same
drawing made in RGB and mapped onto the kept palette, without mapping the canvas."""

from __future__ import annotations

import importlib
import io
from typing import Any

import pytest
from PIL import Image

import renderers
from renderers import common
from renderers.common import (
    INK,
    MUTED,
    WHITE,
    KeptPalettes,
    PaletteCanvas,
    drawing,
    exact_drawing,
    font,
    map_to_palette,
    seat_style,
    token_image,
)
from renderers.sized_lru import SizedLru
from tests.test_render_tiles import _boards

PAPER = (246, 242, 232)
CARD = (206, 234, 206)


def _palette() -> Image.Image:
    """A kept palette chosen from a busy picture, the fills drawn below in its swatch."""
    kept = KeptPalettes((PAPER, CARD, (38, 70, 100), (236, 196, 72)))
    picture = Image.new("RGB", (64, 64), PAPER)
    for k in range(64):
        picture.putpixel((k, k), (4 * k, 255 - 3 * k, 2 * k))
    kept.png("key", picture)
    palette = kept.kept("key")
    assert palette is not None
    return palette


def _scene(image: Image.Image, exact: bool = False) -> None:
    """Texts on fills, on two fills at once, a token over a fill and over an edge, a
    cached picture pasted, a colour pasted, shapes."""
    draw = exact_drawing(image) if exact else drawing(image)
    draw.rectangle((0, 0, 300, 40), fill=(38, 70, 100))
    draw.text((12, 10), "Hexfolk — Основание", font=font(19, bold=True), fill=WHITE)
    draw.rounded_rectangle((10, 50, 290, 110), radius=8, fill=CARD, outline=INK, width=2)
    draw.text((20.5, 60.25), "Bot 4: дорога", font=font(17), fill=INK)
    draw.text((150, 108), "half on the edge", font=font(15), fill=MUTED)  # over two fills
    draw.ellipse((200, 120, 240, 160), fill=(236, 196, 72), outline=INK, width=2)
    token = token_image(seat_style(2), 30)
    image.paste(token, (40, 125), token)  # over the paper
    image.paste(token, (205, 125), token)  # over the coin's edge and the paper
    picture = _picture()
    image.paste(picture, (100, 120))
    draw.text((104, 124), "b1", font=font(14), fill=MUTED)  # over the pasted card
    image.paste(CARD, (260, 120, 290, 150))
    image.paste((200, 60, 60), (5, 130), token.getchannel("A"))  # a colour through a mask


_PICTURE: list[Image.Image] = []


def _picture() -> Image.Image:
    """A card drawn once and kept, as the renderers' cached tiles are."""
    if not _PICTURE:
        card = Image.new("RGB", (60, 40), CARD)
        drawing(card).text((6, 12), "Middle", font=font(14, bold=True), fill=INK)
        _PICTURE.append(card)
    return _PICTURE[0]


@pytest.mark.parametrize("exact", [False, True])
def test_a_canvas_has_the_indices_of_the_drawing_made_in_rgb_and_mapped(exact: bool) -> None:
    palette = _palette()
    rgb = Image.new("RGB", (300, 170), PAPER)
    _scene(rgb, exact)
    expected = map_to_palette(rgb, palette)
    canvas = common.palette_canvas(palette, (300, 170), PAPER)
    _scene(canvas, exact)
    assert isinstance(canvas, PaletteCanvas) and canvas.mode == "P"
    assert canvas.tobytes() == expected.tobytes()


def test_a_canvas_is_never_mapped_onto_its_palette(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only what blends over several colours is mapped, over the pixels it covers:
    drawing a second scene (every table already made) maps nothing the size of the
    canvas."""
    palette = _palette()
    _scene(common.palette_canvas(palette, (300, 170), PAPER))  # the tables of blends
    mapped: list[int] = []
    original = common.map_to_palette

    def counted(image: Image.Image, onto: Image.Image) -> Image.Image:
        mapped.append(image.width * image.height)
        return original(image, onto)

    monkeypatch.setattr(common, "map_to_palette", counted)
    _scene(common.palette_canvas(palette, (300, 170), PAPER))
    assert sum(mapped) < 300 * 170 // 20, mapped


def test_a_text_needs_an_rgb_fill_on_a_canvas() -> None:
    canvas = common.palette_canvas(_palette(), (100, 30), PAPER)
    with pytest.raises(TypeError):
        drawing(canvas).text((2, 2), "7", font=font(14), fill=3)


def test_a_palette_drawing_needs_a_canvas() -> None:
    with pytest.raises(TypeError):
        common.PaletteDraw(Image.new("P", (10, 10)))


def test_the_mapped_sprites_kept_are_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """What is kept mapped for later canvases (sprites over a colour, pictures, blend
    tables) stays under its byte limit, the least recently used dropped, and the board
    caches' clearing forgets it."""
    kept: SizedLru[Any] = SizedLru(limit=3 * 20 * 20)
    monkeypatch.setattr(common, "MAPPED_PARTS", kept)
    canvas = common.palette_canvas(_palette(), (300, 40), PAPER)
    for size in range(10, 20):
        token = token_image(seat_style(1), size)
        canvas.paste(token, ((size - 10) * 25, 2), token)  # each over the paper
    assert 0 < kept.size <= kept.limit and 1 < len(kept) < 10
    token = token_image(seat_style(1), 19)  # the last one mapped is kept: found again
    before = len(kept)
    canvas.paste(token, (280, 2), token)
    assert len(kept) == before
    common.clear_kept_palettes()
    assert len(kept) == 0 and kept.size == 0


@pytest.mark.parametrize(("game", "players", "share"), [
    ("hagoth", 4, 0.03), ("shipyard", 4, 0.2), ("haze-islands", 3, 0.03),
    ("hexfolk", 8, 0.12), ("lovci-pokladu", 4, 0.3)])
def test_boards_in_parts_map_only_their_pictures(
        game: str, players: int, share: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the first 120 moves of a bot game at each game's largest table, the parts that
    change on most moves (header, account, players' panels, Hexfolk's cards) are drawn
    straight into the palette: what is still mapped, at most ``share`` of each board's
    pixels, are the parts drawn in RGB because pieces lie over antialiased pieces or
    textures there (Hexfolk's island bands, Lovci pokladů's squares of the grid,
    Shipyard's shipyards when a player's changes) and the edges where a blend lies over
    a blend. Before, 27-66 % of each board was mapped a move
    (Hexfolk 27 %, Hagoth 32 %, Lovci pokladů 39 %, Haze Islands 53 %, Shipyard 66 %)."""
    renderers.clear_caches(boards=True)
    board = importlib.import_module(renderers._MODULES[game])
    names = [f"Bot {n}" for n in range(players)]
    mapped: list[int] = []
    original = common.map_to_palette

    def counted(image: Image.Image, onto: Image.Image) -> Image.Image:
        mapped.append(image.width * image.height)
        return original(image, onto)

    pixels = boards = 0
    views: Any = _boards(game, players, "en")
    for k, (view, caption) in enumerate(views):
        if k == 1:  # the first board chooses the palette, drawn whole
            monkeypatch.setattr(common, "map_to_palette", counted)
        png = board.render_board(view, names, caption, "en")
        if k >= 1:
            with Image.open(io.BytesIO(png)) as image:
                pixels += image.width * image.height
            boards += 1
    assert sum(mapped) < pixels * share, (sum(mapped) / pixels, boards)
