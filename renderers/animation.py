"""The animated replay of a game: its public board turn by turn, as one GIF (issue 16).

Frames are drawn from public views only (:func:`render_frames`, which a render pool may
run for several chunks of a game side by side) and put together by :func:`assemble`,
with Pillow's own animation writer (``save_all``). Every frame is mapped onto one shared
palette without dithering, so a pixel that does not change between turns keeps its
index and Pillow's GIF writer stores only the part of each frame that changed. The
result stays under :data:`MAX_BYTES` (Discord's upload limit without a boost): the
frames are made smaller when the size estimated from a few of them says so (down to
half the width), then, if still needed, every other turn is left out. One frame per
turn, except that the longest games show :data:`MAX_FRAMES` turns evenly spread.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any, TypeVar

from PIL import Image

T = TypeVar("T")

#: Discord's upload limit without a server boost is 8 MiB; keep a margin for the message.
MAX_BYTES = 8 * 1024 * 1024 - 256 * 1024
#: The width of a frame (the boards are drawn 1,200 px wide and scaled down).
FRAME_WIDTH = 720
#: How long each turn is shown, and the final board (milliseconds).
FRAME_MS = 700
LAST_FRAME_MS = 5000
#: The longest games show at most this many turns (evenly spread, the last one kept):
#: at :data:`FRAME_MS` a frame, over two minutes.
MAX_FRAMES = 200
#: Consecutive frames :func:`assemble` encodes first to estimate the whole size.
PROBE_FRAMES = 8
#: Frames are made no smaller than this (of :data:`FRAME_WIDTH`) before turns are left out.
MIN_SCALE = 0.5


def render_frames(game_id: str, frames: Sequence[tuple[Any, str]], names: Sequence[str],
                  locale: str, width: int = FRAME_WIDTH) -> list[bytes]:
    """Each (public view, caption) drawn as a board ``width`` px wide (PNG bytes)."""
    from . import render_public

    out = []
    for view, caption in frames:
        board: Image.Image = Image.open(
            io.BytesIO(render_public(game_id, view, names, caption, locale)))
        board = board.convert("RGB")
        if board.width > width:
            board = board.resize((width, round(board.height * width / board.width)),
                                 Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        board.save(buffer, "PNG", compress_level=1)
        out.append(buffer.getvalue())
    return out


def _open(png: bytes, scale: float) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    if scale != 1.0:
        image = image.resize((max(1, round(image.width * scale)),
                              max(1, round(image.height * scale))), Image.Resampling.LANCZOS)
    return image


def _palette(frames: Sequence[bytes]) -> Image.Image:
    """One 256-colour palette for the whole animation, from a few frames side by side."""
    picks = [_open(frames[i], 1.0) for i in sorted({0, len(frames) // 2, len(frames) - 1})]
    sample = Image.new("RGB", (sum(im.width for im in picks), max(im.height for im in picks)))
    x = 0
    for im in picks:
        sample.paste(im, (x, 0))
        x += im.width
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT)


def _gif(frames: Sequence[bytes], scale: float, palette: Image.Image) -> bytes:
    """The GIF of ``frames`` at ``scale``; each frame is decoded, scaled and mapped onto
    ``palette`` only when the writer asks for it (a long game's frames never sit in
    memory in full colour all at once)."""
    first = _open(frames[0], scale)
    size = first.size

    def indexed(png: bytes | None) -> Image.Image:
        image = first if png is None else _open(png, scale)
        if image.size != size:  # boards of one game may differ by a few pixels
            canvas = Image.new("RGB", size, "white")
            canvas.paste(image, (0, 0))
            image = canvas
        return image.quantize(palette=palette, dither=Image.Dither.NONE)

    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    indexed(None).save(buffer, "GIF", save_all=True,
                       append_images=(indexed(png) for png in frames[1:]),
                       duration=durations, loop=0, optimize=True, disposal=1)
    return buffer.getvalue()


def thinned(frames: Sequence[T], most: int) -> list[T]:
    """At most ``most`` of ``frames``, evenly spread, the first and last kept."""
    if len(frames) <= most:
        return list(frames)
    step = (len(frames) - 1) / (most - 1)
    return [frames[round(i * step)] for i in range(most)]


def _first_scale(frames: Sequence[bytes], palette: Image.Image, limit: int) -> float:
    """A scale at which the whole animation should fit, estimated from a run of
    consecutive frames in the middle of the game (so a long game is put together once,
    not once too large and then again)."""
    if len(frames) <= 2 * PROBE_FRAMES:
        return 1.0
    middle = len(frames) // 2
    run = frames[middle:middle + PROBE_FRAMES]
    first = len(_gif(run[:1], 1.0, palette))
    per_turn = (len(_gif(run, 1.0, palette)) - first) / (len(run) - 1)
    estimate = first + per_turn * (len(frames) - 1)
    if estimate <= limit * 0.9:
        return 1.0
    scale: float = (limit * 0.9 / estimate) ** 0.5
    return max(MIN_SCALE, scale)


def assemble(frames: Sequence[bytes], limit: int = MAX_BYTES) -> bytes:
    """The animated GIF of ``frames`` (PNG bytes, in order), at most ``limit`` bytes: one
    frame per turn, or, for the longest games, at most :data:`MAX_FRAMES` of them."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    frames = thinned(frames, MAX_FRAMES)
    palette = _palette(frames)
    scale = _first_scale(frames, palette, limit)
    data = _gif(frames, scale, palette)
    while len(data) > limit:
        if scale > MIN_SCALE:
            # the size goes roughly with the area: aim just below the limit at once
            scale = max(MIN_SCALE, min(scale * 0.9, scale * (limit / len(data)) ** 0.5 * 0.95))
        elif len(frames) > 2:
            frames = thinned(frames, (len(frames) + 1) // 2)
        else:
            return data  # two tiny frames over the limit: no board is that large
        data = _gif(frames, scale, palette)
    return data


def render_animation(game_id: str, frames: Sequence[tuple[Any, str]], names: Sequence[str],
                     locale: str = "en") -> bytes:
    """All in one process (the ``replay`` command line): frames drawn, then assembled."""
    return assemble(render_frames(game_id, thinned(frames, MAX_FRAMES), names, locale))
