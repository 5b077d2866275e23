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
