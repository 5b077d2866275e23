"""PNG files of 8-bit palette images, written with ISA-L's deflate.

Pillow's own PNG writer spends most of a board's drawing time in zlib; ISA-L compresses
the same rows several times faster to about the same size. Two writers:

* :func:`palette_png`: a whole image, its rows compressed as one stream;
* :func:`rows_png`: a board composed of parts (:meth:`renderers.common.KeptPalettes.compose`)
  whose rows are compressed in *row segments*, each ended by a full flush so that it
  stands on its own; a segment whose every pixel comes from parts kept since an earlier
  board is not compressed again (:class:`EncodedRows`). Most of a large board's rows (an
  island's unchanged bands, the cards of players whose counts did not change) are then
  neither read out nor deflated on the next move (issue 29 item 6: deflate was about
  2 ms of a Hexfolk 8-player board's 10).

A full flush ends a segment's deflate blocks on a byte boundary and forgets the window,
so compressed segments can be joined in any combination: the zlib stream is a header,
the segments, one final empty block, and the Adler-32 of all the rows, combined from
each segment's (:func:`adler32_combine`). The file decodes to exactly the pixels of the
whole image; measured on Hexfolk 8-player boards it is about 1 % *smaller* than one
stream (each segment gets Huffman codes of its own).
"""

from __future__ import annotations

import struct
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

# ISA-L's deflate: several times faster than zlib at the same size (a dependency; its
# wheels cover every platform the bot runs on)
from isal.isal_zlib import DEFLATED, Z_FINISH, Z_FULL_FLUSH, adler32, compressobj, crc32
from isal.isal_zlib import compress as _deflate
from PIL import Image

from .sized_lru import SizedLru

#: Deflate level of every PNG (ISA-L's 0-3; chosen by measurement: see
#: :func:`renderers.common.png_bytes`).
PNG_LEVEL = 1

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: A zlib stream's header: deflate with a 32 KB window, "fastest" (the check bits make
#: the two bytes a multiple of 31).
_ZLIB_HEADER = b"\x78\x01"
#: The modulus of Adler-32.
_ADLER_BASE = 65521


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data and the CRC of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc32(kind + data))


def _png_file(width: int, height: int, palette: Sequence[int], idat: bytes) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette
    return b"".join((
        _PNG_SIGNATURE,
        png_chunk(b"IHDR", header),
        png_chunk(b"PLTE", bytes(palette[:768])),
        png_chunk(b"IDAT", idat),
        png_chunk(b"IEND", b""),
    ))


def palette_png(indexed: Image.Image, level: int = PNG_LEVEL, *, framed: bool = False
                ) -> bytes:
    """An 8-bit palette (``P``) image as PNG bytes, compressed with ISA-L's deflate.

    A palette image is written unfiltered (PNG filter type 0 on every row, as Pillow
    writes it too), so the rows are the pixels with a zero byte in front: an image one
    pixel wider with a zero left column, whose raw bytes are exactly the PNG's scanlines.

    Each pass over a board's megabytes costs (issue 29 item 6): the framed copy is one
    ``crop`` that reaches a pixel left of the image (Pillow fills it with index 0), not a
    new image and a paste, and its rows are read out in one piece (:func:`raw_rows`),
    not in 64 KB pieces joined again. A board composed ``framed`` (its first column the
    zeros) is written as it is, one pixel narrower, with no copy made."""
    if indexed.mode != "P":
        raise ValueError(f"palette_png needs a P image, not {indexed.mode}")
    if framed:
        width, height = indexed.width - 1, indexed.height
        rows = indexed
    else:
        width, height = indexed.size
        rows = indexed.crop((-1, 0, width, height))
    idat = _deflate(raw_rows(rows, 0, height), level)
    return _png_file(width, height, indexed.getpalette("RGB") or [0, 0, 0], idat)


def raw_rows(indexed: Image.Image, top: int, bottom: int) -> bytes:
    """The indices of rows ``top`` to ``bottom`` of a ``P`` image, row after row, read
    in one piece with no copy of the rows made first (``tobytes`` encodes 64 KB at a
    time and joins the pieces, a second copy of a board's megabytes)."""
    width = indexed.width
    encoder = Image._getencoder("P", "raw", ("P",))
    encoder.setimage(indexed.im, (0, top, width, bottom))
    chunks: list[bytes] = []
    while True:  # one round: the rows fit the buffer
        _, status, chunk = encoder.encode(width * (bottom - top) + 1024)
        chunks.append(chunk)
        if status:
            break
    if status < 0:
        raise ValueError(f"Pillow's raw encoder failed ({status})")
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from the Adler-32 of each
    and the length of the second (zlib's ``adler32_combine``, which Python's zlib and
    ISA-L's do not offer)."""
    remainder = second_length % _ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) - 1
    high = (first >> 16) + (second >> 16) + remainder * (first & 0xFFFF) - remainder
    return (low % _ADLER_BASE) | ((high % _ADLER_BASE) << 16)


@dataclass(frozen=True, slots=True)
class Segment:
    """Rows ``top`` to ``bottom`` of a board compressed on their own: the deflate bytes,
    the rows' Adler-32 and their length in bytes. Ended by a full flush, or, when it is
    ``final`` (the board's last rows, drawn for this board alone), by the stream's last
    block, which saves the 7 bytes of a flush and an empty last block."""

    top: int
    bottom: int
    deflated: bytes
    adler: int
    length: int
    final: bool = False


def encode_segment(indexed: Image.Image, first: int, last: int, *, final: bool = False,
                   level: int = PNG_LEVEL, origin: int = 0) -> Segment:
    """Rows ``first`` to ``last`` of a framed ``P`` image (its first column the PNG's
    zero filter bytes) as a :class:`Segment`, ``final`` if they are the image's last;
    ``indexed`` holds the image's rows from row ``origin`` on (a part of a board).
    Compressed by a compressor of its own, so that its bytes depend on these rows
    alone (not on what was compressed before)."""
    rows = raw_rows(indexed, first - origin, last - origin)
    compressor = compressobj(level, DEFLATED, -15)  # raw deflate: one header per file
    deflated = compressor.compress(rows) + compressor.flush(Z_FINISH if final else Z_FULL_FLUSH)
    return Segment(first, last, deflated, adler32(rows), len(rows), final)


def _final_block() -> bytes:
    compressor = compressobj(PNG_LEVEL, DEFLATED, -15)
    return compressor.flush()  # the last block, empty


#: The deflate block that ends every stream of segments.
_FINAL_BLOCK = _final_block()


def rows_png(width: int, height: int, palette: Sequence[int],
             segments: Sequence[Segment]) -> bytes:
    """The PNG of a ``width`` x ``height`` palette image whose rows, top to bottom, are
    ``segments`` (each with its zero filter bytes)."""
    adler, covered = 1, 0
    for segment in segments:
        if segment.final and segment is not segments[-1]:
            raise ValueError(f"a final segment (rows {segment.top} to {segment.bottom}) "
                             "is not the last")
        if segment.top != covered:
            raise ValueError(f"the segments leave rows {covered} to {segment.top} out")
        adler = adler32_combine(adler, segment.adler, segment.length)
        covered = segment.bottom
    if covered != height:
        raise ValueError(f"the segments end at row {covered}, not {height}")
    ended = bool(segments) and segments[-1].final
    idat = b"".join((_ZLIB_HEADER, *(s.deflated for s in segments),
                     b"" if ended else _FINAL_BLOCK, struct.pack(">I", adler)))
    return _png_file(width, height, palette, idat)


class EncodedRows(SizedLru[Segment]):
    """Compressed row segments kept from earlier boards, by what their pixels are made
    of (the caller's key: which kept tiles, where, on which palette and background),
    the least recently used dropped first once ``limit`` bytes of deflate data are
    kept. Safe to share between threads."""

    def keep(self, key: Hashable, segment: Segment) -> None:
        """Keep ``segment`` for ``key``, sized by its deflate data."""
        self.put(key, segment, len(segment.deflated))
