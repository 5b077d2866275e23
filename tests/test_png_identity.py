"""The pixel-by-pixel comparison of ``python -m bench.png_identity compare --tolerance``
(issue 29 item 6: "images visually identical (compare them pixel by pixel with a small
tolerance) and no larger")."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest
from PIL import Image

from bench.png_identity import (
    MAX_CHANNEL_DIFFERENCE,
    MAX_PIXELS_DIFFERING,
    compare,
    pixel_difference,
)

SIZE = (100, 100)  # 10,000 pixels: 10 may move within the tolerance


def _png(image: Image.Image, level: int = 6) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=level)
    return out.getvalue()


def _board(moved: int = 0, by: int = 0) -> Image.Image:
    """A grey image with ``moved`` pixels of its first row lighter by ``by``."""
    image = Image.new("RGB", SIZE, (100, 120, 140))
    for x in range(moved):
        image.putpixel((x, 0), (100, 120 + by, 140))
    return image


def _folder(path: Path, images: dict[str, bytes]) -> Path:
    path.mkdir()
    for name, png in images.items():
        (path / f"{name}.png").write_bytes(png)
    (path / "manifest.txt").write_text("".join(
        f"{name} {hashlib.sha256(png).hexdigest()}\n" for name, png in images.items()))
    return path


def test_the_tolerance_is_the_issues() -> None:
    """Max channel difference 2 of 255, in at most 0.1 % of the pixels."""
    assert (MAX_CHANNEL_DIFFERENCE, MAX_PIXELS_DIFFERING) == (2, 0.001)


def test_pixel_difference_measures_the_decoded_pixels() -> None:
    """The same pixels written at another deflate level are identical; a shade moved in a
    few pixels is within the tolerance; more pixels, a larger shade or another size is not."""
    same = pixel_difference(_png(_board(), 1), _png(_board(), 9))
    assert same.within_tolerance and same.max_channel == 0 and same.pixels_differing == 0
    close = pixel_difference(_png(_board()), _png(_board(moved=10, by=2)))
    assert close.within_tolerance and close.max_channel == 2
    assert close.pixels_differing == pytest.approx(0.001)
    too_many = pixel_difference(_png(_board()), _png(_board(moved=11, by=1)))
    assert not too_many.within_tolerance and too_many.pixels_differing == pytest.approx(0.0011)
    too_far = pixel_difference(_png(_board()), _png(_board(moved=1, by=3)))
    assert not too_far.within_tolerance and too_far.max_channel == 3
    resized = pixel_difference(_png(_board()), _png(Image.new("RGB", (100, 99))))
    assert not resized.within_tolerance and not resized.same_size


def test_compare_accepts_close_images_only_with_the_tolerance(tmp_path: Path) -> None:
    """Without ``--tolerance`` any changed byte fails; with it, a close image passes and a
    far one still fails; a PNG that grew fails either way."""
    before = _folder(tmp_path / "before", {"board": _png(_board(), 0)})  # uncompressed
    close = _folder(tmp_path / "close", {"board": _png(_board(moved=3, by=1), 9)})
    far = _folder(tmp_path / "far", {"board": _png(_board(moved=3, by=40), 9)})
    small = _folder(tmp_path / "small", {"board": _png(_board(), 9)})
    assert compare(before, close) == 1
    assert compare(before, close, tolerance=True) == 0
    assert compare(before, far, tolerance=True) == 1
    assert compare(small, before, tolerance=True) == 1  # the same pixels, but larger
    assert compare(before, before) == 0
