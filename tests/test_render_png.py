"""The PNG writer every image goes through (issue 10: "Choose the PNG compression level
by measurement"; the writer was most of a board's drawing time)."""

from __future__ import annotations

import io
import itertools
import os
import random
import struct
import zlib

import pytest
from PIL import Image

from renderers.common import png_bytes
from renderers.png_writer import (
    adler32_combine,
    encode_segment,
    palette_png,
    rows_png,
)


def _idat(data: bytes) -> bytes:
    """The IDAT data of a PNG: its zlib stream."""
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        if data[at + 4:at + 8] == b"IDAT":
            idat += data[at + 8:at + 8 + length]
        at += 12 + length
    return idat


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
    raw = zlib.decompress(_idat(palette_png(indexed)))
    indices = indexed.tobytes()
    assert len(raw) == (width + 1) * height
    for y in range(height):
        row = raw[y * (width + 1):(y + 1) * (width + 1)]
        assert row[0] == 0
        assert row[1:] == indices[y * width:(y + 1) * width]


def test_adler32_of_two_pieces_combines_into_the_adler32_of_both() -> None:
    """Issue 29 item 6: a board written in row segments checks its rows with the
    Adler-32 of all of them, combined from each segment's; it must be zlib's own
    (a wrong one makes strict decoders refuse the image)."""
    rng = random.Random(8)
    pieces = [b"", b"\x00", b"\xff" * 70_000, bytes(5_552), bytes(5_553)]
    pieces += [os.urandom(rng.randrange(1, 90_000)) for _ in range(20)]
    for first in pieces:
        for second in rng.sample(pieces, 6):
            assert adler32_combine(zlib.adler32(first), zlib.adler32(second),
                                   len(second)) == zlib.adler32(first + second)


@pytest.mark.parametrize("final", [False, True])
@pytest.mark.parametrize("cuts", [(0, 700), (0, 1, 700), (0, 96, 192, 250, 699, 700),
                                  (*tuple(range(0, 700, 7)), 700)])
def test_a_png_in_row_segments_is_the_image_written_whole(cuts: tuple[int, ...],
                                                          final: bool) -> None:
    """Issue 29 item 6: rows compressed in segments, each ended by a full flush (the
    last one perhaps by the stream's end) and joined, are one valid zlib stream
    (Python's zlib checks the Adler-32) holding every row of the image, so the PNG
    decodes to exactly its indices and palette."""
    indexed = _busy_picture(1200, 700, 9).quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    framed = indexed.crop((-1, 0, 1200, 700))  # the zero filter byte of each row
    segments = [encode_segment(framed, top, bottom, final=final and bottom == 700)
                for top, bottom in itertools.pairwise(cuts)]
    palette = indexed.getpalette("RGB") or []
    data = rows_png(1200, 700, palette, segments)
    assert zlib.decompress(_idat(data)) == zlib.decompress(_idat(palette_png(indexed)))
    decoded = Image.open(io.BytesIO(data))
    decoded.verify()
    decoded = Image.open(io.BytesIO(data))
    assert decoded.tobytes() == indexed.tobytes()
    assert decoded.getpalette("RGB") == palette


def test_segments_that_leave_rows_out_are_refused() -> None:
    framed = Image.new("P", (11, 20))
    with pytest.raises(ValueError):
        rows_png(10, 20, [0, 0, 0], [encode_segment(framed, 0, 5),
                                     encode_segment(framed, 6, 20)])
    with pytest.raises(ValueError):
        rows_png(10, 20, [0, 0, 0], [encode_segment(framed, 0, 19)])
    with pytest.raises(ValueError):  # the stream would end before the last rows
        rows_png(10, 20, [0, 0, 0], [encode_segment(framed, 0, 5, final=True),
                                     encode_segment(framed, 5, 20)])


def test_a_segment_decodes_after_any_other() -> None:
    """Issue 29 item 6: a segment kept from one board follows other rows on the next;
    it refers to nothing before it, so a file joining the first rows of one image and
    the later rows of another decodes to exactly those rows, and a segment's bytes are
    the same whatever was compressed before it."""
    old = _busy_picture(400, 300, 12).quantize(
        256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    new = old.copy()
    new.paste(_busy_picture(400, 100, 13).quantize(palette=old, dither=Image.Dither.NONE),
              (0, 0))
    framed_old, framed_new = old.crop((-1, 0, 400, 300)), new.crop((-1, 0, 400, 300))
    encode_segment(framed_old, 0, 100)
    kept = encode_segment(framed_old, 100, 300)  # the rows both images share
    assert encode_segment(framed_new, 100, 300) == kept
    head = encode_segment(framed_new, 0, 100)
    data = rows_png(400, 300, new.getpalette("RGB") or [], [head, kept])
    assert Image.open(io.BytesIO(data)).tobytes() == new.tobytes()
