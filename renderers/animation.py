"""The animated replay of a game: its public board turn by turn, as one GIF (issue 16).

Frames are drawn from public views only (:func:`render_frames`, which a render pool may
run for several chunks of a game side by side) and put together by :func:`assemble`,
with Pillow's own animation writer (``save_all``). Every frame is mapped onto one shared
palette without dithering, so a pixel that does not change between turns keeps its
index and Pillow's GIF writer stores only the part of each frame that changed. The
result stays under :data:`MAX_BYTES` (Discord's upload limit without a boost): if it
would not, the frames are made smaller, then every other turn is left out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image

#: Discord's upload limit without a server boost is 8 MiB; keep a margin for the message.
MAX_BYTES = 8 * 1024 * 1024 - 256 * 1024
#: The width of a frame (the boards are drawn 1,200 px wide and scaled down).
FRAME_WIDTH = 720
#: How long each turn is shown, and the final board (milliseconds).
FRAME_MS = 800
LAST_FRAME_MS = 5000
#: Smaller frames tried, in turn, when the animation is too large.
SHRINK = (1.0, 0.8, 0.64, 0.5)


def render_frames(game_id: str, frames: Sequence[tuple[Any, str]], names: Sequence[str],
                  locale: str, width: int = FRAME_WIDTH) -> list[bytes]:
    """Each (public view, caption) drawn as a board ``width`` px wide (PNG bytes)."""
    from . import render_public

    out = []
    for view, caption in frames:
        board = Image.open(io.BytesIO(render_public(game_id, view, names, caption, locale)))
        board = board.convert("RGB")
        if board.width > width:
            board = board.resize((width, round(board.height * width / board.width)),
                                 Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        board.save(buffer, "PNG", compress_level=1)
        out.append(buffer.getvalue())
    return out


def _palette(images: Sequence[Image.Image]) -> Image.Image:
    """One 256-colour palette for the whole animation, from a few frames side by side."""
    picks = [images[i] for i in sorted({0, len(images) // 2, len(images) - 1})]
    sample = Image.new("RGB", (sum(im.width for im in picks), max(im.height for im in picks)))
    x = 0
    for im in picks:
        sample.paste(im, (x, 0))
        x += im.width
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT)


def _gif(images: Sequence[Image.Image], scale: float) -> bytes:
    if scale != 1.0:
        images = [im.resize((max(1, round(im.width * scale)), max(1, round(im.height * scale))),
                            Image.Resampling.LANCZOS) for im in images]
    # every frame the same size (boards of one game may differ by a few pixels)
    size = (max(im.width for im in images), max(im.height for im in images))
    framed = []
    for im in images:
        if im.size != size:
            canvas = Image.new("RGB", size, "white")
            canvas.paste(im, (0, 0))
            im = canvas
        framed.append(im)
    palette = _palette(framed)
    indexed = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in framed]
    durations = [FRAME_MS] * (len(indexed) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    indexed[0].save(buffer, "GIF", save_all=True, append_images=indexed[1:],
                    duration=durations, loop=0, optimize=True, disposal=1)
    return buffer.getvalue()


def assemble(frames: Sequence[bytes], limit: int = MAX_BYTES) -> bytes:
    """The animated GIF of ``frames`` (PNG bytes, in order), at most ``limit`` bytes."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in frames]
    while True:
        for scale in SHRINK:
            data = _gif(images, scale)
            if len(data) <= limit:
                return data
        if len(images) <= 2:
            return data  # two tiny frames over the limit: nothing is that large
        images = images[::2] if len(images) % 2 else [*images[:-1:2], images[-1]]


def render_animation(game_id: str, frames: Sequence[tuple[Any, str]], names: Sequence[str],
                     locale: str = "en") -> bytes:
    """All in one process (the ``replay`` command line): frames drawn, then assembled."""
    return assemble(render_frames(game_id, frames, names, locale))
