"""Decoding a PNG page: inflated by libdeflate, unfiltered by libspng.

Decoding a noisy 300-dpi A4 scan with libspng alone spends about two thirds of its time in zlib's
inflate.  libdeflate (the ``deflate`` package, in the ``[scan]`` extra where pyspng is)
inflates the same stream in about half zlib's time, but only whole, into one buffer, while libspng
inflates as it goes and takes no rows already inflated.  So the rows are inflated by libdeflate and
handed to libspng *stored*: the PNG rewritten with one IDAT chunk of uncompressed deflate blocks, which
zlib copies at memory speed.  libspng then undoes the row filters and converts to RGB exactly as it
would have: the same code on the same filtered rows, so the same pixels, in about half the time
(the figures: ``bench/RESULTS.md``).

Undoing the filters in NumPy instead would need no libspng, but not at this speed: most rows of a
scanner's PNG are Paeth-filtered (each byte predicted from the one just undone to its left), a loop
per pixel, seconds a page in Python.

Everything this module does not handle (an interlaced image, a file whose chunks do not add up, a
stream that does not inflate to exactly the rows its header promises, libdeflate missing) is left to
libspng on the file as it is, and what libspng refuses to Pillow, whose messages name the damage;
except a file whose pixel data ends before the rows its header promises, which Pillow would decode with
the missing rows painted black: it is refused, saying how many rows it holds.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Rows larger than this (a page beyond 4800 x 4800 RGB) are decoded by libspng from the file.  The fast
# path's rewritten file is as large as the rows, and libspng copies it once more: the peak memory while
# decoding grows by up to twice the rows: for a page of sheet size (A4, A3 at 300 dpi) that stays below what
# reading the sheet takes afterwards, beyond that it would set the peak.
MAX_FAST_ROW_BYTES = 72 * 1024 * 1024
STORED_BLOCK = 65535  # the most one stored deflate block holds
# channels per pixel of each colour type, and the bit depths the PNG specification allows it
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}


def chunks(data: bytes) -> Iterator[tuple[bytes, int, int]]:
    """(type, start, end) of each chunk's body up to IEND; stops at the first chunk that runs past the
    end of ``data`` (a truncated file), so nothing is read outside it."""
    pos = len(SIGNATURE)
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data):
            return
        yield kind, pos + 8, end
        if kind == b"IEND":
            return
        pos = end + 4


OVERLAY_KEYWORD = b"Software"
OVERLAY_TEXT = b"printkit scan overlay"  # what marks an overlay printkit scan wrote (see :func:`tagged_as_overlay`)


def tagged_as_overlay(png: bytes) -> bytes:
    """``png`` with a text chunk saying printkit scan wrote it as an overlay, just after its header: a later
    run given it with the photos (``printkit scan *.png``) knows it for what it is (:func:`is_overlay`)."""
    body = OVERLAY_KEYWORD + b"\0" + OVERLAY_TEXT
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    header_end = len(SIGNATURE) + 8 + 13 + 4  # IHDR's body is 13 bytes
    if not png.startswith(SIGNATURE) or png[len(SIGNATURE) + 4:len(SIGNATURE) + 8] != b"IHDR":
        raise ValueError("not a PNG file starting with its header chunk")
    return png[:header_end] + chunk + png[header_end:]


def is_overlay(data: bytes) -> bool:
    """Whether ``data`` is a PNG that :func:`tagged_as_overlay` marked (its text chunks before the pixels)."""
    if not data.startswith(SIGNATURE):
        return False
    for kind, start, end in chunks(data):
        if kind == b"IDAT":
            return False
        if kind == b"tEXt" and data[start:end] == OVERLAY_KEYWORD + b"\0" + OVERLAY_TEXT:
            return True
    return False


def row_bytes(width: int, height: int, depth: int, colour: int) -> int:
    """The size of a non-interlaced image's filtered rows: a filter byte and the packed pixels each."""
    return height * (1 + (width * _CHANNELS[colour] * depth + 7) // 8)


def _stored_idat(rows: bytearray) -> list[bytes | memoryview]:
    """One IDAT chunk holding ``rows`` as a zlib stream of stored deflate blocks, in pieces to join
    (the rows are copied once, by the join)."""
    import deflate

    view = memoryview(rows)
    n = len(rows)
    blocks = -(-n // STORED_BLOCK)
    # deflate with a 32 kB window and no dictionary: (0x78 * 256 + 0x01) % 31 == 0, as zlib's header must be
    stream: list[bytes | memoryview] = [b"\x78\x01"]
    for i in range(0, n, STORED_BLOCK):
        block = view[i:i + STORED_BLOCK]
        final = i + STORED_BLOCK >= n  # BFINAL, the lowest bit; BTYPE 00 (stored), then aligned to the byte
        stream += (struct.pack("<BHH", final, len(block), len(block) ^ 0xFFFF), block)
    stream.append(struct.pack(">I", deflate.adler32(rows)))
    crc = deflate.crc32(b"IDAT")
    for piece in stream:
        crc = deflate.crc32(piece, crc)
    return [struct.pack(">I4s", 2 + 5 * blocks + n + 4, b"IDAT"), *stream, struct.pack(">I", crc)]


def _layout(data: bytes) -> tuple[tuple[int, ...], list[tuple[int, int]]] | None:
    """The header and the IDAT chunks' bodies (start, end) of a PNG whose chunks add up: a header, IDAT
    chunks one after the other, an end; None otherwise."""
    if not data.startswith(SIGNATURE):
        return None
    header: tuple[int, ...] | None = None
    idat: list[tuple[int, int]] = []
    ended = False
    for kind, start, end in chunks(data):
        if kind == b"IHDR" and header is None and end - start == 13:
            header = struct.unpack(">IIBBBBB", data[start:end])
        elif kind == b"IDAT":
            if idat and idat[-1][1] + 4 != start - 8:
                return None  # IDAT chunks must follow each other; libspng says what is wrong
            idat.append((start, end))
        elif kind == b"IEND":
            ended = True
    if header is None or not idat or not ended:
        return None
    return header, idat


def _rows_known(width: int, height: int, depth: int, colour: int) -> bool:
    """Whether a header's size, colour type and depth are ones the specification allows, so that
    :func:`row_bytes` gives the size of its rows."""
    return colour in _CHANNELS and depth in _DEPTHS[colour] and width > 0 and height > 0


def rows_short(data: bytes) -> tuple[int, int] | None:
    """(rows held, rows promised) when a non-interlaced PNG's pixel data ends before the rows its header
    promises, else None.  libspng refuses such a file; Pillow decodes it and paints the missing rows
    black, which the reader would take for a page without its corner markers."""
    found = _layout(data)
    if found is None:
        return None
    (width, height, depth, colour, _, _, interlace), idat = found
    if interlace or not _rows_known(width, height, depth, colour):
        return None
    row = row_bytes(width, 1, depth, colour)
    expected, held = row * height, 0
    z = zlib.decompressobj()
    try:
        for start, end in idat:
            # at most what the header promises, in pieces: a bomb inflates no further than the image
            pending = data[start:end]
            while pending and held < expected:
                held += len(z.decompress(pending, min(expected - held, 1 << 20)))
                pending = z.unconsumed_tail
    except zlib.error:
        return None  # damaged, not short: Pillow names the damage
    return (held // row, height) if held < expected else None


def inflated(data: bytes) -> bytes | None:
    """``data`` (a PNG) with its pixel data inflated by libdeflate and stored uncompressed, every
    other chunk as it was; None where the file is left to libspng as it is (see the module's doc)."""
    try:
        import deflate
    except ImportError:  # no wheel for this platform: libspng inflates
        return None
    found = _layout(data)
    if found is None:
        return None
    header, idat = found
    width, height, depth, colour, compression, filtering, interlace = header
    if compression or filtering or interlace or not _rows_known(width, height, depth, colour):
        return None  # interlaced (its rows come in seven passes) or not a valid header: libspng decides
    expected = row_bytes(width, height, depth, colour)
    if expected > MAX_FAST_ROW_BYTES:
        return None
    view = memoryview(data)
    compressed = view[idat[0][0]:idat[0][1]] if len(idat) == 1 else b"".join(view[s:e] for s, e in idat)
    try:
        rows = deflate.zlib_decompress(compressed, expected)
    except deflate.DeflateError:
        return None  # damaged, or more than the header promises
    if len(rows) != expected:
        return None  # fewer rows than the header promises: a truncated image
    first, last = idat[0][0] - 8, idat[-1][1] + 4  # from the first IDAT's length to the last one's CRC
    return b"".join((view[:first], *_stored_idat(rows), view[last:]))


def png_rgb(data: bytes) -> np.ndarray | None:
    """The pixels of a PNG as RGB (libspng, after libdeflate where it can), or None where Pillow must
    decode: libspng missing, or the file refused.  OSError when the file is refused because its pixel
    data ends early (Pillow would paint the missing rows black)."""
    try:
        import pyspng
    except ImportError:  # no wheel for this platform: Pillow decodes
        return None
    fast = inflated(data)
    for png in (fast, data) if fast is not None else (data,):
        try:
            return pyspng.load(png, "RGB")
        except (RuntimeError, ValueError):
            continue  # the rewritten file refused (no such file is known): libspng on the file itself
    short = rows_short(data)
    if short is not None:
        raise OSError(f"its pixel data ends after {short[0]} of the {short[1]} rows its header promises")
    return None
