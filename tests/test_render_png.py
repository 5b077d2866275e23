"""The PNG writer every image goes through (issue 10: "Choose the PNG compression level
by measurement"; the writer was most of a board's drawing time)."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from renderers.common import palette_png, png_bytes


def _busy_picture(width: int, height: int, seed: int) -> Image.Image:
    """Flat fills and a few hundred scattered colours, like a board with text."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height), (240, 232, 214))
    for _ in range(40):
        x0, y0 = rng.randrange(width), rng.randrange(height)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        image.paste(colour, (x0, y0, min(width, x0 + rng.randint(1, 60)),
                             min(height, y0 + rng.randint(1, 60))))
    for _ in range(300):
        image.putpixel((rng.randrange(width), rng.randrange(height)),
                       (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return image


@pytest.mark.parametrize(("width", "height"), [(1, 1), (7, 3), (317, 211), (1200, 40)])
def test_the_palette_png_decodes_to_the_same_pixels_as_pillows_own(width: int,
                                                                    height: int) -> None:
    """Our writer (ISA-L deflate) is a valid PNG that any decoder reads back to exactly
    the indices and palette of the image, as Pillow's own writer does: only the speed
    and a few bytes of size differ."""
    indexed = _busy_picture(width, height, width * height).quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    ours = Image.open(io.BytesIO(palette_png(indexed)))
    ours.verify()  # chunk CRCs and structure
    ours = Image.open(io.BytesIO(palette_png(indexed)))
    pillow = io.BytesIO()
    indexed.save(pillow, "PNG")
    theirs = Image.open(pillow)
    assert ours.mode == "P" and ours.size == (width, height)
    assert ours.tobytes() == indexed.tobytes()
    assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()


def test_png_bytes_keeps_a_boards_colours_and_stays_small() -> None:
    """A board-like picture comes back with its flat colours exact, as a palette PNG
    well under the 300 KB limit of issue 10."""
    picture = _busy_picture(1200, 900, 3)
    data = png_bytes(picture)
    decoded = Image.open(io.BytesIO(data)).convert("RGB")
    assert decoded.getpixel((0, 0)) == picture.getpixel((0, 0))
    assert len(data) < 300 * 1024


def test_palette_png_refuses_an_rgb_image() -> None:
    with pytest.raises(ValueError):
        palette_png(Image.new("RGB", (2, 2)))


@pytest.mark.parametrize(("width", "height"), [(1, 1), (5, 9), (1200, 700)])
def test_palette_png_scanlines_are_the_indices_behind_a_zero_filter_byte(
        width: int, height: int) -> None:
    """Issue 29 item 6: the writer frames the rows with one ``crop`` and reads them out
    in one piece; the IDAT must still hold every row as filter type 0 followed by
    exactly that row's indices (a shifted or padded row would decode to other pixels)."""
    indexed = _busy_picture(width, height, 5).quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    data = palette_png(indexed)
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(idat)
    indices = indexed.tobytes()
    assert len(raw) == (width + 1) * height
    for y in range(height):
        row = raw[y * (width + 1):(y + 1) * (width + 1)]
        assert row[0] == 0
        assert row[1:] == indices[y * width:(y + 1) * width]
