"""What a PNG shows, to compare two images by their pixels rather than their bytes.

A board composed of kept parts is written in row segments (issue 29 item 6,
:mod:`renderers.png_writer`): it decodes to exactly the pixels of the board drawn whole,
but its deflate stream, and so its bytes, differ."""

from __future__ import annotations

import io

from PIL import Image


def picture(png: bytes) -> tuple[tuple[int, int], bytes]:
    """The size of the image ``png`` and its pixels as RGB bytes."""
    with Image.open(io.BytesIO(png)) as image:
        return image.size, image.convert("RGB").tobytes()


def differences(first: bytes, second: bytes) -> tuple[int, int]:
    """How many pixels of two PNGs of the same size differ, and the largest difference
    of a channel between them (``(0, 0)``: the same pixels)."""
    (size, a), (other, b) = picture(first), picture(second)
    assert size == other, (size, other)
    if a == b:
        return 0, 0
    pixels = [i for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    return len(pixels), max(abs(a[i + c] - b[i + c]) for i in pixels for c in range(3))


def visually_identical(first: bytes, second: bytes, share: float = 1e-4,
                       most: int = 48) -> bool:
    """Issue 29 item 6's "visually identical, compared pixel by pixel with a small
    tolerance": at most ``share`` of the pixels differ (1 in 10,000: a few pixels at the
    antialiased edge of a piece drawn over another), none by more than ``most`` of 255
    in a channel (a neighbouring palette colour, not another colour)."""
    (width, height), _ = picture(first)
    count, largest = differences(first, second)
    return count <= share * width * height and largest <= most
