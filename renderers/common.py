"""Drawing helpers shared by the renderers of every game.

* fonts: the bundled DejaVu Sans (Latin, Czech and Cyrillic), loaded once per size;
* seats: a palette of eight colour-blind-safe colours (Okabe–Ito), each seat also
  with its own letter and shape so that colour is never the only cue;
* tokens: a seat's shape filled with its colour and marked with its letter,
  drawn antialiased and cached per size;
* text: width measurement, ellipsis, shrink-to-fit and word wrapping;
* :func:`png_bytes`: a compact PNG of a finished image, and :class:`KeptPalettes`, the
  palette of each board chosen once and kept;
* :class:`PaletteCanvas`: a part of a board drawn straight into its kept palette's
  indices, with no RGB image to map.
"""

from __future__ import annotations

import ast
import bisect
import itertools
import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from PIL import Image, ImageColor, ImageDraw, ImageFont

from .png_writer import EncodedRows, Segment, encode_segment, palette_png, rows_png
from .sized_lru import SizedLru

RGB = tuple[int, int, int]

FONT_DIR = Path(__file__).with_name("fonts")
ELLIPSIS = "…"
#: Smallest text size any renderer may use (phone readability).
MIN_TEXT = 14

#: Near-black ink for text and outlines on light backgrounds.
INK: RGB = (26, 26, 26)
#: Secondary text (notes, units) on light backgrounds.
MUTED: RGB = (92, 92, 92)
WHITE: RGB = (255, 255, 255)


# -- fonts -----------------------------------------------------------------------
@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (or Sans Bold) at ``size`` pixels; loaded once per size."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONT_DIR / name), size)


# -- seats: colour, letter and shape ---------------------------------------------------
class Shape(StrEnum):
    """The outline of a seat's token."""

    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"
    PENTAGON = "pentagon"
    HEXAGON = "hexagon"
    STAR = "star"
    CROSS = "cross"


@dataclass(frozen=True, slots=True)
class SeatStyle:
    """How one seat is shown: colour, a letter and a shape, never colour alone."""

    key: str  #: colour key, also the suffix of the game's colour-name message
    rgb: RGB
    letter: str
    shape: Shape

    @property
    def ink(self) -> RGB:
        """Black or white, whichever reads better on :attr:`rgb`."""
        return readable_ink(self.rgb)


#: Eight seats in seat order. Colours are the Okabe–Ito set, which stays
#: distinguishable under the common colour-vision deficiencies; the first four are
#: the red, green, yellow and blue of games with coloured pieces.
PALETTE: tuple[SeatStyle, ...] = (
    SeatStyle("red", (213, 94, 0), "R", Shape.CIRCLE),
    SeatStyle("green", (0, 158, 115), "G", Shape.SQUARE),
    SeatStyle("yellow", (240, 228, 66), "Y", Shape.TRIANGLE),
    SeatStyle("blue", (0, 114, 178), "B", Shape.DIAMOND),
    SeatStyle("orange", (230, 159, 0), "O", Shape.PENTAGON),
    SeatStyle("sky", (86, 180, 233), "S", Shape.HEXAGON),
    SeatStyle("purple", (204, 121, 167), "P", Shape.STAR),
    SeatStyle("black", (60, 60, 60), "K", Shape.CROSS),
)
_BY_KEY: dict[str, SeatStyle] = {style.key: style for style in PALETTE}


def seat_style(seat: int, colour: str | None = None) -> SeatStyle:
    """The style of ``seat``, or of the named ``colour`` when the game assigns colours."""
    if colour is not None and colour in _BY_KEY:
        return _BY_KEY[colour]
    return PALETTE[seat % len(PALETTE)]


def _luminance(rgb: RGB) -> float:
    """Relative luminance as defined by WCAG 2."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_ink(background: RGB) -> RGB:
    """:data:`INK` or :data:`WHITE`, whichever has more contrast on ``background``."""
    lum = _luminance(background)
    return INK if (lum + 0.05) / (_luminance(INK) + 0.05) >= 1.05 / (lum + 0.05) else WHITE


def shape_points(shape: Shape, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon of ``shape`` centred on ``(cx, cy)`` fitting a circle of radius ``r``.

    Not meaningful for :attr:`Shape.CIRCLE`, which is drawn as an ellipse.
    """

    def regular(n: int, radius: float, start: float = -90.0) -> list[tuple[float, float]]:
        return [
            (
                cx + radius * math.cos(math.radians(start + 360 * i / n)),
                cy + radius * math.sin(math.radians(start + 360 * i / n)),
            )
            for i in range(n)
        ]

    match shape:
        case Shape.SQUARE:
            s = r * 0.86
            return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
        case Shape.TRIANGLE:
            # Enlarged so that it fills its box like the other shapes.
            return regular(3, r * 1.15)
        case Shape.DIAMOND:
            return regular(4, r * 1.05)
        case Shape.PENTAGON:
            return regular(5, r * 1.02)
        case Shape.HEXAGON:
            return regular(6, r, 0.0)
        case Shape.STAR:
            outer, inner = regular(5, r * 1.12), regular(5, r * 0.6, -54.0)
            return [p for pair in zip(outer, inner, strict=True) for p in pair]
        case Shape.CROSS:
            a, w = r * 0.98, r * 0.45
            return [
                (cx - w, cy - a),
                (cx + w, cy - a),
                (cx + w, cy - w),
                (cx + a, cy - w),
                (cx + a, cy + w),
                (cx + w, cy + w),
                (cx + w, cy + a),
                (cx - w, cy + a),
                (cx - w, cy + w),
                (cx - a, cy + w),
                (cx - a, cy - w),
                (cx - w, cy - w),
            ]
        case _:
            raise ValueError(f"{shape} is not a polygon")


_SUPERSAMPLE = 4


@cache
def token_image(style: SeatStyle, size: int) -> Image.Image:
    """An antialiased RGBA token ``size`` pixels across (cached; do not modify it).

    The shape is filled with the seat colour, outlined in dark ink inside a thin
    white halo (so it stands out on any background) and marked with the letter.
    """
    big = size * _SUPERSAMPLE
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    c = big / 2
    halo = max(2.0, big * 0.05)
    stroke = max(2, round(big * 0.06))
    r = c - halo - stroke / 2
    letter_y = c
    if style.shape is Shape.CIRCLE:
        box = (c - r - halo, c - r - halo, c + r + halo, c + r + halo)
        draw.ellipse(box, fill=WHITE)
        draw.ellipse((c - r, c - r, c + r, c + r), fill=style.rgb, outline=INK, width=stroke)
    else:
        # A triangle's circumcentre sits above the middle of its box: move it down.
        dy = r * 1.15 / 4 if style.shape is Shape.TRIANGLE else 0.0
        draw.polygon(shape_points(style.shape, c, c + dy, r + halo), fill=WHITE)
        draw.polygon(
            shape_points(style.shape, c, c + dy, r), fill=style.rgb, outline=INK, width=stroke
        )
        letter_y = c + dy * 1.25
    letter_size = {Shape.TRIANGLE: 0.34, Shape.STAR: 0.36, Shape.CROSS: 0.4}.get(style.shape, 0.46)
    letter_font = font(round(big * letter_size), bold=True)
    draw.text((c, letter_y), style.letter, font=letter_font, fill=style.ink, anchor="mm")
    return layer.resize((size, size), Image.Resampling.LANCZOS)


class PasteTarget(Protocol):
    """Where a sprite can be pasted: an image, or a window onto one (Hexfolk's island
    inside the board)."""

    def paste(self, im: Image.Image, box: tuple[int, int], mask: Image.Image | None = None, /
              ) -> None: ...


def draw_token(
    image: PasteTarget, centre: tuple[float, float], size: int, style: SeatStyle
) -> None:
    """Paste ``style``'s token of ``size`` pixels centred on ``centre`` into ``image``."""
    token = token_image(style, size)
    x, y = round(centre[0] - size / 2), round(centre[1] - size / 2)
    image.paste(token, (x, y), token)


@dataclass(frozen=True, slots=True)
class SplitSprite:
    """An RGBA sprite cut for fast pasting (:func:`split_sprite`): its fully opaque
    middle, copied as it is, and the pieces around it, blended through their alpha."""

    sprite: Image.Image
    #: (x, y) offset and the opaque middle, as RGB and as RGBA (``None``: none worth it)
    middle: tuple[tuple[int, int], Image.Image, Image.Image] | None
    #: (x, y) offset and RGBA piece, pasted with its own alpha as the mask
    edges: tuple[tuple[tuple[int, int], Image.Image], ...]


def split_sprite(sprite: Image.Image) -> SplitSprite:
    """Cut ``sprite`` (RGBA) into the largest fully opaque rectangle (over each row's
    longest run of alpha 255: a shrunk picture rings to 251 next to its outline) and
    the pieces around it, each trimmed to what it draws.

    A masked paste blends every pixel of the sprite's box, the transparent corners and
    the opaque middle included; a pixel of alpha 255 comes out as the sprite's own and
    one of alpha 0 leaves the image as it was, so copying the middle without a mask and
    blending only the rest gives exactly the same pixels (:func:`paste_split`). Worth it
    for large sprites such as a hex (most of it opaque); keep the result (it is meant to
    be cached beside the sprite)."""
    if sprite.mode != "RGBA":
        raise ValueError(f"split_sprite needs an RGBA sprite, not {sprite.mode}")
    w, h = sprite.size
    alpha = sprite.getchannel("A")
    pixels = alpha.tobytes()
    runs: list[tuple[int, int] | None] = []  # each row's longest run of alpha 255
    for y in range(h):
        row = pixels[y * w:(y + 1) * w]
        longest: tuple[int, int] | None = None
        x = row.find(255)
        while x >= 0:
            end = x
            while end < w and row[end] == 255:
                end += 1
            if longest is None or end - x > longest[1] - longest[0]:
                longest = (x, end)
            x = row.find(255, end)
        runs.append(longest)
    best: tuple[int, int, int, int] | None = None  # x0, y0, x1, y1
    best_area = 0
    for y0 in range(h):
        first = runs[y0]
        if first is None:
            continue
        x0, x1 = first
        for y1 in range(y0 + 1, h + 1):
            run = runs[y1 - 1]
            if run is None:
                break
            x0, x1 = max(x0, run[0]), min(x1, run[1])
            if x1 <= x0:
                break
            area = (x1 - x0) * (y1 - y0)
            if area > best_area:
                best, best_area = (x0, y0, x1, y1), area
    if best is None or best_area * 4 < w * h:  # not worth the extra pastes
        return SplitSprite(sprite, None, (((0, 0), sprite),))
    x0, y0, x1, y1 = best
    if alpha.crop(best).getextrema() != (255, 255):  # cannot happen; never paste wrong
        return SplitSprite(sprite, None, (((0, 0), sprite),))
    middle = sprite.crop(best)
    edges: list[tuple[tuple[int, int], Image.Image]] = []
    for box in ((0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1)):
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        drawn = alpha.crop(box).getbbox()
        if drawn is None:
            continue
        left, top = box[0] + drawn[0], box[1] + drawn[1]
        piece = sprite.crop((left, top, box[0] + drawn[2], box[1] + drawn[3]))
        edges.append(((left, top), piece))
    return SplitSprite(sprite, ((x0, y0), middle.convert("RGB"), middle), tuple(edges))


def paste_split(image: Image.Image, split: SplitSprite, xy: tuple[int, int]) -> None:
    """Paste a :func:`split_sprite` at ``xy`` (its top left) into ``image``: the same
    pixels as ``image.paste(sprite, xy, sprite)``, with the opaque middle copied."""
    x, y = xy
    if split.middle is None or image.mode not in ("RGB", "RGBA"):
        image.paste(split.sprite, (x, y), split.sprite)
        return
    (mx, my), rgb, rgba = split.middle
    image.paste(rgb if image.mode == "RGB" else rgba, (x + mx, y + my))
    for (ex, ey), piece in split.edges:
        image.paste(piece, (x + ex, y + ey), piece)


# -- text ---------------------------------------------------------------------------------
@lru_cache(maxsize=2048)
def _text_mask(
    text: str, face: ImageFont.FreeTypeFont, anchor: str | None
) -> tuple[object, tuple[int, int]]:
    """The antialiased glyph mask of one line of ``text`` and its offset from the anchor."""
    return face.getmask2(text, "L", anchor=anchor)


class CachedDraw(ImageDraw.ImageDraw):
    """An ``ImageDraw`` whose one-line texts reuse their rendered glyph masks.

    Boards draw the same labels on every render (names, segment cards, counts); FreeType
    rendering was the largest part of a Hagoth board's time. The text is placed on whole
    pixels, as a mask rendered once per text, font and anchor."""

    # override: one-line texts take the fast path; any other call goes on to ImageDraw.text
    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: object = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        *args: object,
        **kwargs: object,
    ) -> None:
        if (args or kwargs or not isinstance(text, str) or "\n" in text
                or not isinstance(font, ImageFont.FreeTypeFont) or self.fontmode != "L"):
            self._other_text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        ink, fill_ink = self._getink(fill)  # type: ignore[arg-type]  # fill as ImageDraw.text takes it
        ink = fill_ink if ink is None else ink
        if ink is None or not text:
            return
        self._draw_mask(xy, text, font, anchor, ink, fill)

    def _other_text(self, xy: tuple[float, float], text: str, fill: object,
                    font: ImageFont.FreeTypeFont | None, anchor: str | None, *args: object,
                    **kwargs: object) -> None:
        """A text off the fast path (several lines, a stroke...): ``ImageDraw.text``."""
        # arg-type: ImageDraw.text's own arguments, passed on as they came
        super().text(xy, text, fill, font, anchor, *args, **kwargs)  # type: ignore[arg-type]

    def _draw_mask(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
                   anchor: str | None, ink: object, fill: object) -> None:
        """Place the text's cached mask (:meth:`_mask_at`) in ``ink`` (``fill`` drawn)."""
        mask, corner = self._mask_at(xy, text, font, anchor)
        self.draw.draw_bitmap(corner, mask, ink)

    def _mask_at(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
                 anchor: str | None) -> tuple[Any, tuple[int, int]]:
        """The text's cached mask and its top left corner: on the nearest whole pixel."""
        mask, (dx, dy) = _text_mask(text, font, anchor)
        return mask, (round(xy[0]) + dx, round(xy[1]) + dy)


def drawing(image: Image.Image) -> ImageDraw.ImageDraw:
    """A :class:`CachedDraw` on ``image`` (use it instead of ``ImageDraw.Draw``), or a
    :class:`PaletteDraw` on a :func:`palette_canvas`."""
    return PaletteDraw(image) if isinstance(image, PaletteCanvas) else CachedDraw(image)


# -- drawing straight into a board's palette (issue 29 item 6) -----------------------------
_NEAREST = "tidebound.nearest"  # in a kept palette's ``info``: colour -> nearest index
_COLOURS = "tidebound.colours"  # in a kept palette's ``info``: its colours, as bytes
#: Bytes of blend tables, sprites and pictures mapped onto kept palettes that are kept
#: for later canvases, over every palette (:data:`MAPPED_PARTS`): a Shipyard palette's
#: cards and canals are some 0.5 MB, a Hagoth palette's lanes 0.4 MB.
MAPPED_BYTES = 16_000_000


def nearest_index(palette: Image.Image, colour: RGB) -> int:
    """The index of ``palette``'s colour nearest to ``colour``: the index
    :func:`map_to_palette` gives a pixel of that colour (remembered with the palette)."""
    found = palette.info.setdefault(_NEAREST, {})
    index = found.get(colour)
    if index is None:
        pixel = map_to_palette(Image.new("RGB", (1, 1), colour), palette).getpixel((0, 0))
        assert isinstance(pixel, int)
        found[colour] = index = pixel
    assert isinstance(index, int)
    return index


#: What is kept mapped onto the kept palettes for the canvases drawn in them, over every
#: palette: each blend of a text's ink over a colour (a coverage to index table), each
#: sprite over a colour and each picture, by (id of the palette, what it is), with the
#: palette and the sprite or picture held so that their ids are not reused while kept
#: (the renderers paste cached sprites and pictures, so they are found again). Sized in
#: bytes; :func:`clear_kept_palettes` forgets it.
MAPPED_PARTS: SizedLru[tuple[Image.Image, object, Any]] = SizedLru(MAPPED_BYTES)


def _mapped_part(palette: Image.Image, key: Hashable, held: object,
                 make: Callable[[], tuple[Any, int]]) -> Any:
    """The part ``key`` (of ``held``) mapped onto ``palette``: kept in
    :data:`MAPPED_PARTS`, else ``make()`` gives it and its size in bytes."""
    handle = (id(palette), key)
    found = MAPPED_PARTS.get(handle)
    if found is not None and found[0] is palette and found[1] is held:
        return found[2]
    value, size = make()
    MAPPED_PARTS.put(handle, (palette, held, value), size)
    return value


class PaletteCanvas(Image.Image):
    """A part of a board drawn straight into the indices of its kept palette
    (:func:`palette_canvas`), with no RGB image to map onto the palette afterwards.

    Pillow's shapes are not antialiased: a rectangle, polygon, line or ellipse drawn
    with a fill's index covers the pixels it covers in RGB, and a pixel of that fill
    maps to that index. Only what blends is blended in RGB and mapped: a text's
    antialiased mask (:class:`PaletteDraw`) and a sprite's alpha, over one colour from
    a table kept with the palette, over several on the pixels it covers
    (:meth:`blend`). A blend reads each index as the colour drawn with it
    (:meth:`index`), not as the palette's, which may be a neighbour (Pillow maps a
    colour to a near entry, not always to the same colour the palette also holds). So
    the part has the pixels of the same part drawn in RGB and mapped, but where a blend
    lies over a blend (a token over a road's antialiased edge), which is blended over
    the palette's colour of the first.

    :meth:`paste` takes what an RGB image takes: an RGBA sprite through its alpha, an
    opaque RGB picture (mapped once, remembered with the palette), a colour, or a tile
    or canvas of the same palette."""

    palette_image: Image.Image
    #: the colour drawn with each index, 3 bytes an index (:meth:`index`)
    drawn: bytearray

    def index(self, colour: RGB) -> int:
        """The index ``colour`` is drawn with (the kept palette's for it), noted as
        drawn with it."""
        index = nearest_index(self.palette_image, colour)
        self.drawn[3 * index:3 * index + 3] = bytes(colour)
        return index

    def drawn_colour(self, index: int) -> RGB:
        """The colour last drawn with ``index`` (else the palette's)."""
        return (self.drawn[3 * index], self.drawn[3 * index + 1], self.drawn[3 * index + 2])

    def blend(self, box: tuple[int, int, int, int],
              paint: Callable[[Image.Image, int, int], None]) -> None:
        """Blend something into the pixels ``box``: they are read out in RGB (as
        drawn), ``paint(rgb, left, top)`` draws on them (``rgb``'s top left corner is
        ``(left, top)`` here), and they are mapped back onto the kept palette."""
        left, top = max(box[0], 0), max(box[1], 0)
        right, bottom = min(box[2], self.width), min(box[3], self.height)
        if right <= left or bottom <= top:
            return
        region = self.crop((left, top, right, bottom))  # a plain palette image
        region.putpalette(self.drawn)
        rgb = region.convert("RGB")
        paint(rgb, left, top)
        self.im.paste(map_to_palette(rgb, self.palette_image).im,
                      (left, top, right, bottom))

    def uniform(self, box: tuple[int, int, int, int]) -> int | None:
        """The one index of the pixels ``box``, if they are all one and inside."""
        x0, y0, x1, y1 = box
        if x0 < 0 or y0 < 0 or x1 > self.width or y1 > self.height:
            return None
        low, high = self.im.crop(box).getextrema()
        return int(low) if low == high else None

    # override: what an RGB image's paste takes, drawn in the palette's indices
    def paste(self, im: Any, box: Any = None, mask: Image.Image | None = None) -> None:
        if box is None:
            box = (0, 0)
        if not isinstance(im, Image.Image):  # a colour over a box
            colour = _as_rgb(im)
            if mask is None or colour is None:
                super().paste(im if colour is None else self.index(colour), box, mask)
            else:  # through a mask: blended
                corners = (box[0], box[1], box[0] + mask.width, box[1] + mask.height)
                self.blend(corners, lambda rgb, left, top: rgb.paste(
                    colour, (corners[0] - left, corners[1] - top), mask))
            return
        x, y = box[0], box[1]
        where = (x, y, x + im.width, y + im.height)
        if mask is None and im.mode == "P":  # a tile or canvas of this palette
            super().paste(im, (x, y))
        elif mask is None:  # an opaque picture
            indexed, fills = self._picture(im)
            for index, rgb in fills:
                self.drawn[3 * index:3 * index + 3] = rgb
            self.im.paste(indexed, where)
        elif mask is im and im.mode == "RGBA" and (under := self.uniform(where)) is not None:
            self.im.paste(self._sprite_over(under, im), where)
        else:
            self.blend(where, lambda rgb, left, top: rgb.paste(im, (x - left, y - top),
                                                               mask))

    def _sprite_over(self, under: int, sprite: Image.Image) -> Any:
        """``sprite`` through its alpha over the colour drawn with ``under``, mapped:
        Pillow's core image of the indices."""
        background = self.drawn_colour(under)

        def make() -> tuple[Any, int]:
            rgb = Image.new("RGB", sprite.size, background)
            rgb.paste(sprite, (0, 0), sprite)
            return map_to_palette(rgb, self.palette_image).im, sprite.width * sprite.height

        return _mapped_part(self.palette_image, ("sprite", id(sprite), background),
                                sprite, make)

    def _picture(self, picture: Image.Image) -> tuple[Any, tuple[tuple[int, bytes], ...]]:
        """``picture`` mapped (Pillow's core image), and the colour each index mostly
        stands for in it: its fills, noted as drawn so that a text over the picture
        blends over them."""

        def make() -> tuple[tuple[Any, tuple[tuple[int, bytes], ...]], int]:
            rgb = picture.convert("RGB")
            counts: dict[int, tuple[int, RGB]] = {}
            least = picture.width * picture.height // 16  # a fill, not an antialiased edge
            for count, colour in rgb.getcolors(1 << 16) or ():
                if count >= least and isinstance(colour, tuple):
                    fill = (colour[0], colour[1], colour[2])
                    index = nearest_index(self.palette_image, fill)
                    if count > counts.get(index, (0, fill))[0]:
                        counts[index] = (count, fill)
            return ((map_to_palette(rgb, self.palette_image).im,
                     tuple((index, bytes(fill)) for index, (_, fill) in counts.items())),
                    picture.width * picture.height)

        found: tuple[Any, tuple[tuple[int, bytes], ...]] = _mapped_part(
            self.palette_image, ("picture", id(picture)), picture, make)
        return found

    def blend_lut(self, under: int, colour: RGB) -> list[int]:
        """For each coverage 0-255 of ``colour`` over the colour drawn with ``under``,
        the index of the blend: the pixels Pillow's text blending and
        :func:`map_to_palette` give."""
        background = self.drawn_colour(under)

        def make() -> tuple[list[int], int]:
            ramp = Image.new("RGB", (256, 1), background)
            coverage = Image.new("L", (256, 1))
            coverage.putdata(range(256))
            core = ImageDraw.Draw(ramp).draw
            core.draw_bitmap((0, 0), coverage.im, core.draw_ink(colour))
            return list(map_to_palette(ramp, self.palette_image).tobytes()), 2_400

        lut: list[int] = _mapped_part(self.palette_image, ("blend", background, colour),
                                          None, make)
        return lut


def palette_canvas(palette: Image.Image, size: tuple[int, int], fill: RGB) -> PaletteCanvas:
    """A :class:`PaletteCanvas` of ``size`` in the kept ``palette``, filled with ``fill``."""
    colours = palette.info.get(_COLOURS)
    if not isinstance(colours, bytes):
        colours = palette.info[_COLOURS] = bytes(palette.getpalette("RGB") or [0, 0, 0])
    index = nearest_index(palette, fill)
    canvas = Image.new("P", size, index)  # its own palette is never read
    canvas.__class__ = PaletteCanvas  # the same image, with the canvas's paste
    assert isinstance(canvas, PaletteCanvas)
    canvas.palette_image = palette
    canvas.drawn = bytearray(colours)
    canvas.drawn[3 * index:3 * index + 3] = bytes(fill)
    return canvas


def _as_rgb(colour: object) -> RGB | None:
    """``colour`` (an RGB or RGBA tuple, or a colour name) as RGB; ``None`` if it is
    none of these (an index, or no colour)."""
    if isinstance(colour, str):
        colour = ImageColor.getrgb(colour)
    if isinstance(colour, tuple) and len(colour) >= 3:
        return (int(colour[0]), int(colour[1]), int(colour[2]))
    return None


class PaletteDraw(CachedDraw):
    """A :class:`CachedDraw` on a :class:`PaletteCanvas`: fills are given as RGB, as on
    any image, and drawn as the palette's index for them; a text's antialiased mask is
    blended over the colour under it from a table (or, over several colours, in RGB
    over the pixels it covers: :meth:`PaletteCanvas.blend`).

    Pillow draws a palette image's text without antialiasing; a one-line text in a
    FreeType font is drawn here from the same cached mask as on an RGB image, any
    other (several lines, a stroke) in RGB over the whole canvas (no board does)."""

    def __init__(self, image: Image.Image) -> None:
        if not isinstance(image, PaletteCanvas):
            raise TypeError("a palette drawing needs a palette canvas: palette_canvas()")
        super().__init__(image)
        self.canvas = image
        self.fontmode = "L"  # the masks are blended in RGB: antialiased as on RGB

    # override: an RGB fill becomes the kept palette's index for it
    def _getink(self, ink: object, fill: object = None
                ) -> tuple[int | None, int | None]:
        return super()._getink(self._index(ink), self._index(fill))  # type: ignore[arg-type]

    def _index(self, colour: object) -> object:
        rgb = _as_rgb(colour)
        return colour if rgb is None else self.canvas.index(rgb)

    def _other_text(self, xy: tuple[float, float], text: str, fill: object,
                    font: ImageFont.FreeTypeFont | None, anchor: str | None, *args: object,
                    **kwargs: object) -> None:
        """A text off the fast path, drawn in RGB over the whole canvas and mapped."""

        def paint_text(rgb: Image.Image, left: int, top: int) -> None:
            ImageDraw.Draw(rgb).text((xy[0] - left, xy[1] - top), text, fill, font,  # type: ignore[arg-type]
                                     anchor, *args, **kwargs)  # type: ignore[arg-type]

        self.canvas.blend((0, 0, self.canvas.width, self.canvas.height), paint_text)

    def _draw_mask(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
                   anchor: str | None, ink: object, fill: object) -> None:
        """Blend the text's cached mask (:meth:`_mask_at`) in the colour ``fill``."""
        mask, (x, y) = self._mask_at(xy, text, font, anchor)
        width, height = mask.size
        colour = _as_rgb(fill)
        if colour is None:
            raise TypeError(f"a palette drawing's text needs an RGB fill, not {fill!r}")
        box = (x, y, x + width, y + height)
        under = self.canvas.uniform(box)
        if under is not None:  # on one colour: each coverage's blend is looked up
            self.canvas.im.paste(mask.point(self.canvas.blend_lut(under, colour), "L"), box)
            return

        def paint(rgb: Image.Image, left: int, top: int) -> None:
            core = ImageDraw.Draw(rgb).draw
            core.draw_bitmap((x - left, y - top), mask, core.draw_ink(colour))

        self.canvas.blend(box, paint)


@lru_cache(maxsize=2048)
def _exact_text_mask(
    text: str, face: ImageFont.FreeTypeFont, anchor: str | None, start: tuple[float, float]
) -> tuple[object, tuple[int, int]]:
    """The glyph mask of one line of ``text`` as Pillow renders it from the sub-pixel
    ``start`` (the fractional part of where it is drawn), and its offset."""
    return face.getmask2(text, "L", None, None, None, 0, anchor, 0, start, stroke_filled=True)


class ExactCachedDraw(CachedDraw):
    """An ``ImageDraw`` whose one-line texts reuse their glyph masks and come out
    exactly as ``ImageDraw.text`` draws them, pixel for pixel.

    Unlike :class:`CachedDraw`, which places a text on the nearest whole pixel, this
    keys each mask by the fractional part of its position too and places it as Pillow
    does (the position truncated, the fraction rendered into the glyphs): a renderer
    that switches to it keeps its PNG bytes. Boards draw the same labels at the same
    places on every render, so the masks are found again."""

    def _mask_at(self, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
                 anchor: str | None) -> tuple[Any, tuple[int, int]]:
        """The mask rendered from the text's sub-pixel start and its top left corner,
        placed as Pillow does."""
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mask, (dx, dy) = _exact_text_mask(text, font, anchor, start)
        return mask, (int(x) + dx, int(y) + dy)


class ExactPaletteDraw(PaletteDraw, ExactCachedDraw):
    """A :class:`PaletteDraw` whose texts are placed as :class:`ExactCachedDraw` places
    them: the pixels of an exact drawing in RGB, drawn in a kept palette."""


def exact_drawing(image: Image.Image) -> ImageDraw.ImageDraw:
    """An :class:`ExactCachedDraw` on ``image``: cached texts, the same pixels as
    ``ImageDraw.Draw`` (for renderers whose images must not move by a pixel); on a
    :func:`palette_canvas`, an :class:`ExactPaletteDraw`."""
    return ExactPaletteDraw(image) if isinstance(image, PaletteCanvas) else ExactCachedDraw(image)


@lru_cache(maxsize=8192)
def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    """Advance width of ``text`` in ``face``, in pixels (remembered: boards measure the
    same labels on every render)."""
    return face.getlength(text)


@lru_cache(maxsize=4096)
def ellipsize(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text``, cut and ended with an ellipsis if it is wider than ``max_width``."""
    if text_width(text, face) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that still fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, face) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=4096)
def fit_font(
    text: str, max_width: float, size: int, bold: bool = False, min_size: int = MIN_TEXT
) -> ImageFont.FreeTypeFont:
    """The largest font from ``size`` down to ``min_size`` in which ``text`` fits."""
    for candidate in range(size, min_size - 1, -1):
        face = font(candidate, bold)
        if text_width(text, face) <= max_width:
            return face
    return font(min_size, bold)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    max_width: float | None = None,
    anchor: str = "la",
) -> float:
    """Draw ``text`` (ellipsised to ``max_width`` if given); return its drawn width."""
    if max_width is not None:
        text = ellipsize(text, face, max_width)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)
    return text_width(text, face)


def draw_words(draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str,
               face: ImageFont.FreeTypeFont, fill: RGB, anchor: str = "la") -> None:
    """Draw one line of running text word by word: each word's glyphs are a cached mask
    (:class:`CachedDraw`), placed where the widths of the words and spaces before it
    end, on the nearest whole pixel. ``anchor`` is a left one whose height comes from the
    font, not the text ("la", "lm", "ls" or "ld"), so that every word sits on one line.

    For lines that are new on every board but made of the same few dozen words: the
    account of the last moves (rendering each new line whole cost about 0.4 ms of
    FreeType a line, 1.2 ms of a Hexfolk 8-player board's 8-10; issue 29 item 6) and
    a card's counts. A word may sit up to a pixel from where the line drawn whole would
    put it (kerning across a space, and each word rounded on its own), which the eye
    does not see."""
    if anchor not in ("la", "lm", "ls", "ld"):
        raise ValueError(f"words are drawn on a left, font-high anchor, not {anchor!r}")
    x, y = xy
    space = text_width(" ", face)
    for word in line.split(" "):
        if word:  # on a whole pixel: an exact drawing's mask is found again too
            draw.text((round(x), y), word, font=face, fill=fill, anchor=anchor)
            x += text_width(word, face)
        x += space


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    max_width: float,
    size: int,
    fill: RGB,
    bold: bool = False,
    anchor: str = "la",
    min_size: int = MIN_TEXT,
) -> float:
    """Draw ``text`` shrunk (down to ``min_size``) and if need be ellipsised to fit."""
    face = fit_font(text, max_width, size, bold, min_size)
    return draw_text(draw, xy, text, face, fill, max_width, anchor)


def draw_title_with_note(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    title: str,
    note: str,
    max_width: float,
    *,
    size: int,
    note_size: int,
    min_size: int,
    note_max: float | None = None,
) -> None:
    """A bold headline (shrunk to fit) followed by a smaller muted note on its line,
    e.g. "Ann to play  first card played"; the note keeps its room (up to ``note_max``)."""
    gap = 14
    note_w = 0.0
    if note:
        note_w = text_width(note, font(note_size)) + gap
        if note_max is not None:
            note_w = min(note_w, note_max)
    x, y = xy
    used = draw_fitted(draw, (x, y), title, max_width - note_w, size, INK, bold=True,
                       anchor="lm", min_size=min_size)
    if note:
        draw_text(draw, (x + gap + used, y + 2), note, font(note_size), MUTED,
                  max_width - gap - used, "lm")


def wrap_text(
    text: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int
) -> list[str]:
    """Word-wrap ``text`` to at most ``max_lines`` lines; the last one is ellipsised if cut.

    A line's width is the sum of its words' widths and the spaces between them, each
    word measured once and remembered (:func:`text_width`): the words of an account
    recur on every board, its lines do not, and measuring every candidate line cost a
    Lovci board about 9 ms (issue 10). Shaping does not join a word to a space, so the
    sum is the line's width; within :data:`_WRAP_SLACK` px of the limit the line is
    measured whole all the same, so the wrap is exactly the one measuring would give."""
    lines: list[str] = []
    widths: list[float] = []
    words = text.split()
    space = text_width(" ", face)
    current, current_w = "", 0.0
    for i, word in enumerate(words):
        word_w = text_width(word, face)
        if not current:
            current, current_w = word, word_w
            continue
        candidate_w = current_w + space + word_w
        if _fits(f"{current} {word}", candidate_w, face, max_width):
            current, current_w = f"{current} {word}", candidate_w
            continue
        lines.append(current)
        widths.append(current_w)
        if len(lines) == max_lines:
            return [*lines[:-1], ellipsize(" ".join([current, *words[i:]]), face, max_width)]
        current, current_w = word, word_w
    if current:
        lines.append(current)
        widths.append(current_w)
    return [line if width < max_width - _WRAP_SLACK else ellipsize(line, face, max_width)
            for line, width in zip(lines, widths, strict=True)]


#: How near the limit (px) a summed line width is checked by measuring the line whole.
_WRAP_SLACK = 2.0


def _fits(line: str, summed: float, face: ImageFont.FreeTypeFont, max_width: float) -> bool:
    """Whether ``line`` (its words' widths summing to ``summed``) fits in ``max_width``."""
    if summed <= max_width - _WRAP_SLACK:
        return True
    if summed > max_width + _WRAP_SLACK:
        return False
    return face.getlength(line) <= max_width


def wrap_account(
    account: str, face: ImageFont.FreeTypeFont, max_width: float, max_lines: int
) -> list[str]:
    """The account of the last move(s), one event a line of ``account``, wrapped into at
    most ``max_lines``: the newest events are kept whole and older ones give way, marked
    by a leading "…" (issue 9 item 14: the caption is never cut down to a clipped tail,
    and what just happened is always there). An event too long on its own is ellipsised."""
    events = [e for e in (line.strip() for line in account.splitlines()) if e]
    # From the newest event back, add older ones while they still fit: a long account
    # (a round of eight bots is hundreds of events) costs a few wraps, not one per event.
    fitted: list[str] | None = None
    for first in range(len(events) - 1, -1, -1):
        text = " ".join(events[first:])
        if first:
            text = f"… {text}"
        lines = wrap_text(text, face, max_width, max_lines + 1)
        if len(lines) > max_lines:
            break
        fitted = lines
    if fitted is not None:
        return fitted
    return wrap_text(events[-1], face, max_width, max_lines) if events else []


def line_height(face: ImageFont.FreeTypeFont, spacing: float = 1.3) -> int:
    """Baseline-to-baseline distance for ``face``."""
    return round(face.size * spacing)


def draw_caption(draw: ImageDraw.ImageDraw, lines: Sequence[str], top: float, *,
                 left: float, right: float, accent: RGB) -> None:
    """The already wrapped account of the last move (:func:`wrap_account`, 19 px) in a
    white box from ``left`` to ``right``, with an ``accent`` bar down its left side,
    drawn word by word (:func:`draw_words`)."""
    face = font(19)
    step = line_height(face)
    height = step * len(lines) + 16
    draw.rectangle((left, top, right, top + height), fill=WHITE)
    draw.rectangle((left, top, left + 6, top + height), fill=accent)
    for i, line in enumerate(lines):
        draw_words(draw, (left + 20, top + 8 + i * step), line, face, INK)


# -- turn order ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnSeat:
    """One seat in the turn-order strip."""

    seat: int
    style: SeatStyle
    name: str | None  #: ``None``: the compact strip shows tokens only
    current: bool = False  #: this seat is to play
    out: bool = False  #: this seat no longer plays (drawn faded)


def play_order(first: int, seats: int) -> list[int]:
    """The seats in the order they play, starting with ``first`` (seat 0 if unknown)."""
    start = first if 0 <= first < seats else 0
    return [(start + i) % seats for i in range(seats)]


_TURN_GAP = 8


def draw_turn_order(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    width: float,
    order: Sequence[TurnSeat],
    locale: str,
    *,
    first_known: bool = True,
    dark: bool = False,
    size: int = 26,
) -> float:
    """Who plays after whom: "Turn order: 1st [A] Ann › [B] Bob › …", left to right from
    the seat that went first (tagged "1st" when ``first_known``); the seat to play sits
    on a highlighted pill. ``xy`` is the left end of the strip's middle line; ``dark``
    for a dark background. With names the strip shares ``width`` evenly between the
    seats and cuts long names; without names it is a row of tokens. Returns the width
    used."""
    from i18n import t  # renderers draw words through the translation layer

    ink = WHITE if dark else INK
    muted = (200, 212, 226) if dark else MUTED
    x, cy = xy
    label_face = font(max(MIN_TEXT, size * 6 // 10), bold=True)
    label = t("render.common.turn_order", locale)
    x += draw_text(draw, (x, cy), label, label_face, muted, anchor="lm") + _TURN_GAP
    tag = t("render.common.first_tag", locale)
    tag_face = font(MIN_TEXT, bold=True)
    tag_w = text_width(tag, tag_face) + 10 if first_known else 0.0
    arrow_face = font(max(MIN_TEXT, size * 7 // 10), bold=True)
    arrow_w = text_width("›", arrow_face) + 2 * _TURN_GAP
    n = len(order)
    named = any(entry.name for entry in order)
    room = xy[0] + width - x - tag_w - arrow_w * max(0, n - 1)
    per_seat = room / max(1, n)
    name_face = font(max(MIN_TEXT, size * 6 // 10), bold=True)
    # Names that do not all fit whole are not cut to "Игро…" (unreadable, and alike for
    # every seat): the seats become tokens (the player cards show the same tokens) and
    # only the seat to play keeps its name, in the room the others leave.
    whole = all(text_width(e.name, name_face) <= per_seat - size - 18
                for e in order if e.name)
    current_room = room - (n - 1) * (size + 8)
    for i, entry in enumerate(order):
        if i == 0 and first_known:
            draw.rounded_rectangle((x, cy - 10, x + tag_w - 4, cy + 10), radius=8,
                                   fill=(246, 196, 48), outline=INK, width=1)
            draw.text((x + (tag_w - 4) / 2, cy), tag, font=tag_face, fill=INK, anchor="mm")
            x += tag_w
        name_w = 0.0
        name = ""
        if named and entry.name and (whole or entry.current):
            name = ellipsize(entry.name, name_face,
                             max(0.0, (per_seat if whole else current_room) - size - 18))
            name_w = text_width(name, name_face) if name != ELLIPSIS else 0.0
        seat_w = size + (name_w + 6 if name_w else 0) + 8
        if entry.current:
            draw.rounded_rectangle((x - 4, cy - size / 2 - 4, x + seat_w, cy + size / 2 + 4),
                                   radius=size / 2 + 4, fill=(255, 236, 170), outline=INK,
                                   width=2)
        draw_token(image, (x + size / 2, cy), size, entry.style)
        if name_w:
            colour = INK if entry.current else (muted if entry.out else ink)
            draw.text((x + size + 6, cy), name, font=name_face, fill=colour, anchor="lm")
        if entry.out:
            draw.line((x, cy, x + seat_w - 8, cy), fill=muted, width=2)
        x += seat_w
        if i < n - 1:
            draw.text((x + arrow_w / 2 - 4, cy), "›", font=arrow_face, fill=muted, anchor="mm")
            x += arrow_w - 4
    return x - xy[0]


# -- shapes -----------------------------------------------------------------------------
def dashed_rectangle(
    draw: ImageDraw.ImageDraw,
    box: Sequence[float],
    colour: RGB,
    width: int = 2,
    dash: int = 8,
) -> None:
    """Outline ``box`` (x0, y0, x1, y1) with a dashed line."""
    x0, y0, x1, y1 = box
    for a, b, fixed, horizontal in (
        (x0, x1, y0, True),
        (x0, x1, y1, True),
        (y0, y1, x0, False),
        (y0, y1, x1, False),
    ):
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            if horizontal:
                draw.line((pos, fixed, end, fixed), fill=colour, width=width)
            else:
                draw.line((fixed, pos, fixed, end), fill=colour, width=width)
            pos += dash * 2


# -- output -----------------------------------------------------------------------------
def choose_palette(image: Image.Image, step: int = 2,
                   swatch: Sequence[RGB] = ()) -> Image.Image:
    """256 colours for ``image`` without dithering, chosen from every ``step``-th pixel
    in each direction (a very large image may take fewer); with a ``swatch``, its
    colours are in the palette exactly and the rest are chosen from the image, so that a
    kept palette also holds the fills this image lacks.

    The swatch colours are added as they are, not sampled: the octree merges close
    colours, and a block of Lovci pokladů's lavender octopus card beside the pale blue
    ones came out blue-grey on a later board (12 of 255 off on a whole card)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    step = max(1, step)
    sample = rgb.resize((max(1, rgb.width // step), max(1, rgb.height // step)),
                        Image.Resampling.NEAREST)
    exact = list(dict.fromkeys(swatch))[:192]  # at least 64 colours for the image's own
    chosen = sample.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE)
    if not exact:
        return chosen
    colours = (chosen.getpalette("RGB") or [])[:3 * (256 - len(exact))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [v for colour in exact for v in colour])
    return palette


#: Fills every game's board may paint: the seat colours (all of them: a palette kept for
#: one table may serve another of the same size) and those of the shared drawing helpers
#: (the turn order's pill of the seat to play, its "1st" tag, its muted ink on a dark
#: background).
COMMON_FILLS: tuple[RGB, ...] = (
    *(style.rgb for style in PALETTE), INK, MUTED, WHITE, (255, 236, 170), (246, 196, 48),
    (200, 212, 226))


def fills(namespace: Mapping[str, object], sources: Sequence[str] = ()) -> tuple[RGB, ...]:
    """Every colour a renderer module paints (``fills(globals())``), each once: its
    top-level ``RGB`` constants and the colours in its tuples and dicts of them
    (imported ones too), and every colour written out in its source, such as a card
    icon's ``fill=(160, 84, 180)``; a swatch for :class:`KeptPalettes`. A colour the
    module computes while drawing is not found: a kept palette maps it to the nearest
    colour it holds.

    A renderer that is a package passes the namespace of the module holding its colour
    constants and the ``sources`` of all its modules: they are read as one module, their
    statements one after the other, so the swatch (and its order, which is the order of
    the PNG palette) is the one the same code gives in a single file."""
    found: dict[RGB, None] = {}

    def add(value: object) -> None:
        if (isinstance(value, tuple) and len(value) == 3
                and all(type(v) is int and 0 <= v <= 255 for v in value)):
            found[value] = None

    for name, value in namespace.items():
        if not name.lstrip("_").isupper():
            continue
        add(value)
        if isinstance(value, Mapping):
            for item in value.values():
                add(item)
        elif isinstance(value, (tuple, list)):
            for item in value:
                add(item)
    source = namespace.get("__file__")
    if not sources and isinstance(source, str) and source.endswith(".py"):
        sources = (source,)
    if sources:
        body = [statement for path in sources
                for statement in ast.parse(Path(path).read_text(encoding="utf-8")).body]
        for node in ast.walk(ast.Module(body=body, type_ignores=[])):
            if isinstance(node, ast.Tuple) and all(
                    isinstance(item, ast.Constant) for item in node.elts):
                add(tuple(item.value for item in node.elts if isinstance(item, ast.Constant)))
    return tuple(found)


_KEPT_PALETTES: weakref.WeakSet[KeptPalettes] = weakref.WeakSet()

#: Pixels of board parts each :class:`KeptPalettes` keeps as palette tiles (one byte
#: each: about 6 MB, some thirty Hagoth player panels).
TILE_PIXELS = 6_000_000
#: Bytes of compressed board rows each :class:`KeptPalettes` keeps (about as many boards
#: as its tiles: a Hexfolk 8-player board's kept rows are some 150 KB).
ENCODED_ROW_BYTES = 1_000_000
#: The fewest rows of a board written as a segment of their own (:meth:`KeptPalettes.compose`).
SEGMENT_ROWS = 16


@dataclass(frozen=True, slots=True, eq=False)
class _Placed:
    """Where a part of a composed board lies (rows ``top`` to ``bottom``, from column
    ``x``) and, for a kept tile, its serial number (else ``None``)."""

    top: int
    bottom: int
    x: int
    serial: int | None
    #: its place among the board's parts (a later one is pasted over an earlier one)
    order: int
    #: the part as palette indices
    image: Image.Image


def _canvas(width: int, height: int, fill: int, parts: Sequence[_Placed],
            top: int = 0) -> Image.Image:
    """Rows ``top`` to ``top + height`` of a board ``width`` wide, ``fill`` under
    ``parts`` (in paste order), one pixel to the right of a zero column: the PNG's
    scanlines as they are (``palette_png``'s ``framed``), with no framed copy of the
    board made."""
    canvas = Image.new("P", (width + 1, height), fill)
    core = canvas.im
    for part in parts:
        # the core's paste (it clips as Image.paste does): a board pastes a hundred
        # tiles, and Image.paste's checks cost more than copying a small one
        core.paste(part.image.im, (part.x + 1, part.top - top,
                                   part.x + 1 + part.image.width, part.bottom - top))
    canvas.paste(0, (0, 0, 1, height))  # after the parts: one reaching left is cut
    return canvas


class KeptPalettes:
    """The PNG palette of each board, chosen once from its first image and kept.

    Choosing a palette (:func:`choose_palette`) was about a fifth of a board's drawing
    time (7-10 ms CPU of a Hexfolk 8-player board, 1200 x 1762 px; issue 10), and a
    board's colours hardly change from one move to the next: the same sea, terrain,
    panels and seat colours, and new pieces drawn in colours already there. So a
    renderer keys its boards by what stays the same over a game (its seat colours, its
    map) and chooses the palette of a key once, from the first image and a ``swatch`` of
    every fill the board may show later (all seat colours, highlights, overlays), so that
    a later board's new fills are in it too::

        _PALETTES = KeptPalettes(fills(globals()))  # the seat colours are always in
        ...
        return _PALETTES.png(key, image)

    The palette is chosen from every ``step``-th pixel each way (:func:`choose_palette`):
    3 rather than :func:`png_bytes`' 2, as good with the swatch in exactly (the final
    boards' mean error 0.1-1.1 of 255 either way) and half the time, which a board pays
    again when it has dropped out of the caches ("mid-game cold" in bench/render.py).
    A palette's first mapping also costs more than later ones (Pillow builds its
    nearest-colour cache on first use and keeps it with the palette): about 17 ms CPU
    against 10 on the Hexfolk 8-player board.

    The last ``size`` palettes are kept (about 1 KB each), the least recently used
    dropped first; :func:`clear_kept_palettes` forgets them all (as
    ``renderers.clear_caches(boards=True)`` does)."""

    def __init__(self, swatch: Sequence[RGB] = (), step: int = 3, size: int = 64,
                 tile_pixels: int = TILE_PIXELS, encoded_bytes: int = ENCODED_ROW_BYTES,
                 reuse_rows: bool = True) -> None:
        self.swatch = tuple(dict.fromkeys((*COMMON_FILLS, *swatch)))
        self.step = step
        self.size = size
        self.tile_pixels = tile_pixels
        #: whether :meth:`compose` keeps compressed rows for later boards (a board whose
        #: rows mostly change every move pays more to cut them than it saves)
        self.reuse_rows = reuse_rows
        self._kept: OrderedDict[Hashable, Image.Image] = OrderedDict()
        #: (board key, id of its palette, part) -> (that palette, the part's tile); the
        #: palette is held so that its id is not reused while the tile is kept
        self._tiles: OrderedDict[tuple[Hashable, int, Hashable],
                                 tuple[Image.Image, Image.Image]] = OrderedDict()
        self._tiled = 0  # pixels of the kept tiles
        #: id of each kept tile -> a number no other tile had: a segment of a board's rows
        #: is known by the numbers of the tiles in it (its id is reused once it is freed)
        self._serials: dict[int, int] = {}
        self._serial_numbers = itertools.count()
        #: compressed row segments of boards composed of tiles (:meth:`_segments`)
        self._encoded = EncodedRows(encoded_bytes)
        self._lock = threading.Lock()  # renders may run in threads
        _KEPT_PALETTES.add(self)

    def palette(self, key: Hashable, image: Image.Image) -> Image.Image:
        """The palette kept for ``key``, chosen from ``image`` and the swatch if new."""
        with self._lock:
            palette = self._kept.get(key)
            if palette is not None:
                self._kept.move_to_end(key)
                return palette
        palette = choose_palette(image, self.step, self.swatch)
        with self._lock:
            self._kept[key] = palette
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return palette

    def png(self, key: Hashable, image: Image.Image) -> bytes:
        """``image`` as :func:`png_bytes`, mapped onto the palette kept for ``key``."""
        return png_bytes(image, self.palette(key, image))

    # -- boards drawn in parts (issue 29 item 6) ----------------------------------------
    def kept(self, key: Hashable) -> Image.Image | None:
        """The palette already chosen for ``key``, or ``None``: a board drawn in parts
        (:meth:`tile`, :meth:`compose`) needs it, so the first board of a key is drawn
        whole and chooses it (:meth:`png`), from the same pixels as before."""
        with self._lock:
            palette = self._kept.get(key)
            if palette is not None:
                self._kept.move_to_end(key)
            return palette

    def canvas(self, key: Hashable, size: tuple[int, int], fill: RGB) -> Image.Image:
        """A :func:`palette_canvas` in the palette kept for ``key`` (which must have
        one): a part of a board drawn straight into palette indices, which
        :meth:`tile` and :meth:`compose` take as it is, with nothing to map."""
        palette = self.kept(key)
        if palette is None:
            raise KeyError(f"no palette is kept for {key!r}: draw that board whole first")
        return palette_canvas(palette, size, fill)

    def tile(self, key: Hashable, part: Hashable,
             draw: Callable[[], Image.Image]) -> Image.Image:
        """The palette (``P``) tile of one ``part`` of the board ``key`` (which must have
        a :meth:`kept` palette): kept from an earlier board, else ``draw()``-n: a
        :meth:`canvas` of this palette, taken as it is, or an RGB image, mapped onto the
        palette. ``part`` must hold everything the drawing
        reads (a player panel: the player's view, its name, the locale, whether it is
        to play...): a tile is reused whenever ``part`` is equal.

        A board whose players' panels mostly stay the same from one move to the next
        then neither draws them nor maps their pixels onto the palette again, the two
        costliest steps of a board after the PNG's deflate. The last
        :attr:`tile_pixels` pixels of tiles are kept (about 1 byte each), the least
        recently used dropped first, and a palette dropped or chosen again leaves its
        tiles unused."""
        palette = self.kept(key)
        if palette is None:
            raise KeyError(f"no palette is kept for {key!r}: draw that board whole first")
        handle = (key, id(palette), part)
        with self._lock:
            found = self._tiles.get(handle)
            if found is not None:
                self._tiles.move_to_end(handle)
                return found[1]
        drawn = draw()
        tile = drawn if isinstance(drawn, PaletteCanvas) and (
            drawn.palette_image is palette) else map_to_palette(drawn, palette)
        with self._lock:
            if handle not in self._tiles:
                self._tiles[handle] = (palette, tile)
                self._tiled += tile.width * tile.height
                self._serials[id(tile)] = next(self._serial_numbers)
            while self._tiled > self.tile_pixels and self._tiles:
                _, (_, old) = self._tiles.popitem(last=False)
                self._tiled -= old.width * old.height
                del self._serials[id(old)]
        return tile

    def compose(self, key: Hashable, size: tuple[int, int], background: RGB,
                parts: Sequence[tuple[tuple[int, int], Image.Image]]) -> bytes:
        """The PNG of a board of ``size`` drawn in parts: ``background`` under ``parts``,
        each an RGB image (mapped onto the palette of ``key`` here) or a :meth:`tile`,
        pasted at its top left corner in order. The same pixels as :meth:`png` of the
        whole board drawn in one RGB image, as every pixel is mapped on its own.

        The rows are written in segments cut at the parts' edges (:func:`rows_png`): a
        segment made only of kept tiles, placed as on an earlier board, is neither
        composed, read out nor compressed again (:meth:`_segments`)."""
        palette = self.kept(key)
        if palette is None:
            raise KeyError(f"no palette is kept for {key!r}: draw that board whole first")
        fill = nearest_index(palette, background)  # remembered with the palette
        placed: list[_Placed] = []
        for order, ((x, y), part) in enumerate(parts):
            # a tile, or a canvas drawn in this palette, as it is; an RGB part mapped
            indexed = part if part.mode == "P" and (not isinstance(part, PaletteCanvas)
                                                    or part.palette_image is palette) else (
                map_to_palette(part, palette))
            serial = self._serials.get(id(indexed)) if part.mode == "P" else None
            placed.append(_Placed(y, y + indexed.height, x, serial, order, indexed))
        width, height = size
        colours = palette.getpalette("RGB") or [0, 0, 0]
        if not self.reuse_rows:
            canvas = _canvas(width, height, fill, placed)
            canvas.putpalette(colours)
            return palette_png(canvas, framed=True)
        return rows_png(width, height, colours, self._segments(width, height, fill, placed))

    def _segments(self, width: int, height: int, fill: int,
                  placed: Sequence[_Placed]) -> list[Segment]:
        """The board's rows (``fill`` under the ``placed`` parts) as segments, cut
        wherever a part starts or ends (a span of fewer than :data:`SEGMENT_ROWS` rows
        joins the next). A segment whose rows hold only kept tiles (or only the
        background) has the same bytes whenever the same tiles lie at the same places in
        it, wherever it is on the board: it is kept by that recipe
        (:class:`~renderers.png_writer.EncodedRows`) and not composed or compressed
        again. The others, and the last, are composed and compressed for this board."""
        cuts = sorted({0, height, *(min(max(edge, 0), height)
                                    for part in placed for edge in (part.top, part.bottom))})
        spans = list(itertools.pairwise(cuts))
        inside: list[list[_Placed]] = [[] for _ in spans]
        for part in placed:  # each part into the spans it covers, in paste order
            first = bisect.bisect_right(cuts, part.top) - 1
            for index in range(max(first, 0), len(spans)):
                if spans[index][0] >= part.bottom:
                    break
                inside[index].append(part)
        # spans of fewer than SEGMENT_ROWS rows join the next (a segment's own deflate
        # header costs some 60 bytes: thin gaps between panels would make the file larger)
        groups: list[tuple[int, int, Hashable | None, list[_Placed]]] = []
        pieces: list[Hashable] | None = []
        group_top, group_parts = 0, dict[int, _Placed]()
        for (top, bottom), parts in zip(spans, inside, strict=True):
            if pieces is not None and all(part.serial is not None for part in parts):
                pieces.append((bottom - top, tuple(
                    (part.serial, part.x, part.top - top) for part in parts)))
            else:
                pieces = None
            group_parts.update((part.order, part) for part in parts)
            if bottom - group_top >= SEGMENT_ROWS or bottom == spans[-1][1]:
                groups.append((group_top, bottom, None if pieces is None else (
                    width, fill, *pieces), [group_parts[o] for o in sorted(group_parts)]))
                pieces, group_top, group_parts = [], bottom, {}
        last = len(groups) - 1
        kept = [None if recipe is None or index == last else self._encoded.get(recipe)
                for index, (_, _, recipe, _) in enumerate(groups)]
        # each segment compressed on its own, the last one ending the stream: the bytes
        # of a board depend on its pixels and the places of its parts only, never on
        # what the caches held (two states that differ only in hidden information give
        # the same PNG bytes; issue 7)
        segments: list[Segment] = []
        for drawn, run in itertools.groupby(range(len(groups)), lambda i: kept[i] is None):
            indices = list(run)
            if not drawn:
                for index in indices:
                    top, bottom, _, _ = groups[index]
                    found = kept[index]
                    assert found is not None
                    segments.append(Segment(top, bottom, found.deflated, found.adler,
                                            found.length))
                continue
            # a run of segments not kept is composed on a canvas of its own rows, with
            # only the parts that reach them (the kept rows between runs are neither
            # filled nor pasted: most of a board's rows, most moves)
            run_top, run_bottom = groups[indices[0]][0], groups[indices[-1]][1]
            pasted = {part.order: part for index in indices for part in groups[index][3]}
            canvas = _canvas(width, run_bottom - run_top, fill,
                             [pasted[order] for order in sorted(pasted)], top=run_top)
            for index in indices:
                top, bottom, recipe, _ = groups[index]
                encoded = encode_segment(canvas, top, bottom, final=index == last,
                                         origin=run_top)
                if recipe is not None and index != last:
                    self._encoded.keep(recipe, encoded)
                segments.append(encoded)
        return segments

    def values(self) -> list[Image.Image]:
        """The kept palettes, least recently used first."""
        with self._lock:
            return list(self._kept.values())

    def clear(self) -> None:
        """Forget every kept palette and tile."""
        with self._lock:
            self._kept.clear()
            self._tiles.clear()
            self._serials.clear()
            self._tiled = 0
        self._encoded.clear()

    def __len__(self) -> int:
        return len(self._kept)


def clear_kept_palettes() -> None:
    """Forget the palettes every :class:`KeptPalettes` keeps, and what is mapped onto
    them for palette canvases (:data:`MAPPED_PARTS`)."""
    for kept in list(_KEPT_PALETTES):
        kept.clear()
    MAPPED_PARTS.clear()


def png_bytes(image: Image.Image, palette: Image.Image | None = None,
              palette_step: int = 2) -> bytes:
    """``image`` as a compact 8-bit palette PNG.

    Our images are flat fills plus antialiased text, so 256 colours without
    dithering keep every edge crisp (no pixel moves by more than about 10 %) at a
    third of the size of an RGB PNG. The palette is chosen from every other pixel
    in each direction (see :func:`choose_palette`), which is four times faster and just
    as good, and the image is then mapped onto it and written by :func:`palette_png`; a
    renderer whose colours are known may pass a ``palette`` it chose once and kept
    (:class:`KeptPalettes`: every board and hand of the games does). Choosing it is
    about as costly as the mapping, which is a per-pixel floor: on the mid-game boards at
    the largest tables the whole call takes 20-24 ms CPU with a palette chosen afresh
    and 8-10 ms with a kept one (Hexfolk 8 players 24.2 -> 10.4, Lovci pokladů 21.0 ->
    8.8, Hagoth 20.0 -> 8.2, Haze Islands 15.2 -> 6.2; medians of 15, interleaved, on
    the shared 2-core machine under load).

    Deflate level :data:`~renderers.png_writer.PNG_LEVEL` = 1 of ISA-L, by measurement
    (issue 10; CPU time, minimum of 20, of the 1200 x 1762 px Hexfolk 8-player mid-game
    board, on the shared 2-core machine under load):

    ===================== ====== ======
    writer                ms     KB
    ===================== ====== ======
    Pillow, zlib level 1  10.1   182
    Pillow, zlib level 3  12.6   169
    Pillow, zlib level 6  25.2   149
    ISA-L level 0         1.9    199
    ISA-L level 1         2.1    174
    ===================== ====== ======

    ISA-L's level 1 is as small as zlib's level 3 (far under the 300 KB limit) for a
    sixth of the time; the whole write, framing included, takes about 3 ms.
    """
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    if palette is None:
        palette = choose_palette(rgb, palette_step)
    return palette_png(map_to_palette(rgb, palette))


def even_floor(value: float) -> int:
    """The even whole number at or just below ``value``. A part of a board drawn on an
    image of its own that starts there is drawn moved by an even number of pixels, so
    that every half-pixel position rounds as on the board (Python's ``round`` and
    Pillow's both send halves to a neighbour that depends on parity)."""
    whole = math.floor(value)
    return whole - whole % 2


def map_to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """``image`` mapped onto ``palette`` without dithering: each pixel to the palette's
    nearest colour, whatever its neighbours (so a board mapped in parts gives the same
    indices as mapped whole)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)
