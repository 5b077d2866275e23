"""What the renderer tests check on an image: a PNG within the size target, every
catalogue text fitting its box in every language, and a change drawn where it belongs
(issue 30 item 3: each test checks what its name promises)."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image, ImageChops
from text_fit import NAMES as REALISTIC_NAMES
from text_fit import misfits, record_drawing

#: Issue 10: "Every public and private image at its worst position: ... PNG under 300 KB".
PNG_TARGET_BYTES = 300 * 1024
#: Narrower than this and a phone shrinks the board's smallest texts below reading size.
MIN_WIDTH = 1000
LOCALES = ("en", "ru", "cs")

Area = tuple[float, float, float, float]


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image


def check_png(data: bytes) -> Image.Image:
    """A PNG wide enough for a phone and within the 300 KB target of issue 10."""
    image = decode(data)
    assert image.width >= MIN_WIDTH
    assert len(data) < PNG_TARGET_BYTES, f"{len(data) / 1024:.0f} KB"
    return image


def check_texts_fit(draw: Callable[[Sequence[str], str], object],
                    locales: Sequence[str] = LOCALES) -> None:
    """Every catalogue text ``draw(names, locale)`` draws fits its box, stays inside the
    image and runs into no other text (issue 14), in each of ``locales``; with names of a
    realistic length (the renderers cut longer ones on purpose)."""
    found = []
    for locale in locales:
        recording = record_drawing(lambda locale=locale: draw(REALISTIC_NAMES, locale),
                                   locale)
        assert recording.boxed, "no catalogue text seen: the check would measure nothing"
        found += misfits(recording)
    assert found == []


def changes(before: Image.Image, after: Image.Image) -> Image.Image:
    """The pixels that differ between two images of one size (non-zero where they do)."""
    assert before.size == after.size
    return ImageChops.difference(before.convert("RGB"), after.convert("RGB")).convert("L")


def changed_outside(before: Image.Image, after: Image.Image, *boxes: Area,
                    slack: int = 2) -> Area | None:
    """Where the images differ outside every one of ``boxes`` (``None``: nowhere)."""
    diff = changes(before, after)
    for left, top, right, bottom in boxes:
        diff.paste(0, (int(left) - slack, int(top) - slack, int(right) + slack,
                       int(bottom) + slack))
    return diff.getbbox()


def changed_inside(before: Image.Image, after: Image.Image, box: Area) -> bool:
    """Whether the images differ somewhere inside ``box``."""
    return changes(before, after).crop(tuple(int(v) for v in box)).getbbox() is not None


def drawn_keys(draw: Callable[[], object], locale: str = "en") -> set[str]:
    """The catalogue keys ``draw()`` draws (through a fitting helper or plain text)."""
    recording = record_drawing(draw, locale)
    return {d.key for d in recording.boxed} | {d.key for d in recording.unboxed}
