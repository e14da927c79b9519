"""A baseline JPEG's structure, as far as telling a scanner's padding from damage needs it.

libjpeg-turbo complains of "extraneous bytes before marker 0xdN" when a restart interval's data does not
end where the decoder's reading of it ended: the data was damaged, and the decoder picked up again at
the next restart marker (0xd0-0xd7), so part of the picture is garbage.  But some scanners (a Brother
DSmobile 920DW, image-rs/jpeg-decoder#100) write more restart intervals than the picture has, after its
last one: the decoder reads every pixel, then complains of what follows.  :func:`cut_after_the_image`
lets the two be told apart: the file cut where its picture's last interval ends decodes without a
complaint only in the second case.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterator

SOI, EOI = b"\xff\xd8", b"\xff\xd9"
_SEQUENTIAL = (0xC0, 0xC1)  # baseline and extended sequential Huffman frames
# every other start of frame: progressive, lossless, arithmetic-coded, hierarchical
_OTHER_FRAMES = frozenset(range(0xC2, 0xD0)) - {0xC4, 0xC8, 0xCC}
_DRI, _SOS = 0xDD, 0xDA
# In entropy-coded data a 0xFF byte is followed by 0x00 (a stuffed data byte) or begins a marker, which any
# number of 0xFF fill bytes may precede.  The look-behind starts a match only at the first 0xFF of a run:
# without it a long run of 0xFF with no marker after it took quadratic time in its length.
_MARKER_IN_SCAN = re.compile(rb"(?<!\xff)\xff+[^\x00\xff]")
_RUN = re.compile(rb"\xff+")
MAX_SEGMENTS = 4096  # before the scan: a file's headers are a few dozen


def _mcus(width: int, height: int, sampling: list[tuple[int, int]], interleaved: bool) -> int:
    """The minimum coded units of a frame's one scan (ITU T.81 A.2): 8 x 8 blocks of its one component
    where not interleaved, else units of the largest sampling factors' size."""
    h_max, v_max = max(h for h, _ in sampling), max(v for _, v in sampling)
    if not interleaved:
        h, v = sampling[0]
        cw, ch = -(-width * h // h_max), -(-height * v // v_max)
        return -(-cw // 8) * -(-ch // 8)
    return -(-width // (8 * h_max)) * -(-height // (8 * v_max))


def _headers(data: bytes) -> Iterator[tuple[int, int, int]]:
    """(marker, start, end) of each segment from the start of image up to its first scan's header, that one
    included: ``start`` at the segment's 0xFF, ``end`` past its body.  Stray bytes between segments are
    passed over, as libjpeg-turbo passes over them (with a warning); it stops at anything else it cannot
    follow: a segment running past the end, a second start or an end of image, too many segments."""
    if not data.startswith(SOI):
        return
    pos, n = 2, len(data)
    for _ in range(MAX_SEGMENTS):
        ff = data.find(b"\xff", pos)  # the next marker, after stray bytes if any
        if ff < 0:
            return
        run = _RUN.match(data, ff)  # and after fill bytes
        after = run.end() if run else ff + 1
        if after + 3 > n:
            return
        if data[after] == 0x00:  # 0xFF 0x00 among stray bytes: no marker
            pos = after + 1
            continue
        pos, marker = after - 1, data[after]
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:  # markers with no segment (stray here)
            pos += 2
            continue
        if marker in (0xD8, 0xD9):
            return
        (length,) = struct.unpack(">H", data[pos + 2:pos + 4])
        if length < 2 or pos + 2 + length > n:
            return
        yield marker, pos, pos + 2 + length
        if marker == _SOS:
            return
        pos += 2 + length


def _up_to_the_scan(data: bytes) -> list[tuple[int, int, int]] | None:
    """:func:`_headers` of a file whose headers can be followed to its first scan's; None for any other."""
    segments = list(_headers(data))
    return segments if segments and segments[-1][0] == _SOS else None


def cut_after_the_image(data: bytes) -> bytes | None:
    """``data`` cut where its picture's last restart interval ends, and closed with an end-of-image marker,
    when its entropy-coded data holds as many restart markers as its picture has intervals or more (a marker
    comes between each two intervals: the one after the last interval opens a surplus one); None otherwise
    (no surplus, or not a single-scan sequential JPEG with a restart interval and a height in its frame).

    Whatever lies between the last interval's data and the first surplus marker is kept: libjpeg-turbo
    reads every pixel before it and calls it extraneous bytes before the end-of-image marker."""
    frame: tuple[int, int, list[tuple[int, int]]] | None = None
    interval, scan = 0, None
    for marker, start, end in _headers(data):
        body = data[start + 4:end]
        if marker in _OTHER_FRAMES:
            return None
        if marker in _SEQUENTIAL:
            if len(body) < 6:
                return None
            _, height, width, count = struct.unpack(">BHHB", body[:6])
            if height == 0 or width == 0 or count == 0 or len(body) < 6 + 3 * count:
                return None  # a height given later (DNL) is not followed here
            factors = body[7:6 + 3 * count:3]
            frame = (width, height, [(f >> 4, f & 15) for f in factors])
        elif marker == _DRI and len(body) >= 2:
            (interval,) = struct.unpack(">H", body[:2])
        elif marker == _SOS and body:
            scan = (body[0], end)
    if frame is None or interval == 0 or scan is None:
        return None
    width, height, sampling = frame
    in_scan, data_start = scan
    if in_scan not in (1, len(sampling)) or min(min(f) for f in sampling) == 0:
        return None  # the frame's components in several scans, or a sampling factor no JPEG has
    if in_scan == 1 and len(sampling) > 1:
        return None
    intervals = -(-_mcus(width, height, sampling, in_scan > 1) // interval)
    for restarts, m in enumerate(_MARKER_IN_SCAN.finditer(data, data_start), start=1):
        if not 0xD0 <= data[m.end() - 1] <= 0xD7:
            return None  # the scan ended (end of image, or another marker) with no surplus interval
        if restarts == intervals:  # one marker between each two intervals: this one opens a surplus one
            return data[:m.start()] + EOI
    return None


# What decoding the pixels reads before the first scan: frames, Huffman and arithmetic-coding tables,
# quantisation tables, the restart interval, Adobe's colour transform (APP14), and the scan's header.
_FOR_THE_PIXELS = frozenset(range(0xC0, 0xD0)) - {0xC8} | {0xDB, 0xDD, 0xEE, _SOS}
# A JFIF header (version 1.01, no density, no thumbnail): all libjpeg-turbo takes from one is that the
# colours are YCbCr, which a file that had one keeps.
_JFIF = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"


def headers_for_the_pixels(data: bytes) -> bytes | None:
    """``data`` with only the segments decoding its pixels reads before its first scan (a JFIF header
    replaced by a plain one, stray bytes between segments left out); None where that changes nothing, or
    the headers cannot be followed to a scan.  A JFIF header is one of at least 14 bytes, as libjpeg-turbo
    takes it (a shorter one left the colours to the frame's component ids and an Adobe segment).

    libjpeg-turbo warns of a JFIF header of an unknown version (2.01, some old writers) or stray bytes
    between segments, and simplejpeg gives up on a file it warns of while reading its headers, even when
    told to decode past what it can: this copy of the file has the same pixels, and no such warning."""
    segments = _up_to_the_scan(data)
    if segments is None:
        return None
    kept = [SOI]
    for marker, start, end in segments:
        if marker == 0xE0 and data[start + 4:start + 9] == b"JFIF\x00" and end - start >= 18:
            kept.append(_JFIF)  # a shorter one is no JFIF header to libjpeg-turbo: it says nothing of colours
        elif marker in _FOR_THE_PIXELS:
            kept.append(data[start:end])
    cleaned = b"".join(kept) + data[segments[-1][2]:]
    return None if cleaned == data else cleaned


def picture_end(data: bytes) -> int | None:
    """Where the end-of-image marker that closes the picture is (its 0xFF, after any 0xFF fill bytes): the
    first 0xFF 0xD9 after the first scan's header, as in scan data 0xFF is followed by 0x00 or a marker, and
    the tables between the scans of a progressive file hold no 0xFF; None where there is none, or the
    headers cannot be followed to a scan.  Not the file's last such marker: a preview or a second picture
    may follow (MPO files)."""
    segments = _up_to_the_scan(data)
    if segments is None:
        return None
    at = data.find(EOI, segments[-1][2])
    return None if at < 0 else at
