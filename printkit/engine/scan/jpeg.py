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

SOI, EOI = b"\xff\xd8", b"\xff\xd9"
_SEQUENTIAL = (0xC0, 0xC1)  # baseline and extended sequential Huffman frames
# every other start of frame: progressive, lossless, arithmetic-coded, hierarchical
_OTHER_FRAMES = frozenset(range(0xC2, 0xD0)) - {0xC4, 0xC8, 0xCC}
_DRI, _SOS = 0xDD, 0xDA
# in entropy-coded data a 0xFF byte is followed by 0x00 (a stuffed data byte) or begins a marker, which
# any number of 0xFF fill bytes may precede
_MARKER_IN_SCAN = re.compile(rb"\xff+[^\x00\xff]")
_FILL = re.compile(rb"\xff+")
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


def cut_after_the_image(data: bytes) -> bytes | None:
    """``data`` cut where its picture's last restart interval ends, and closed with an end-of-image marker,
    when its entropy-coded data holds more restart markers than its picture has intervals; None otherwise
    (no surplus, or not a single-scan sequential JPEG with a restart interval and a height in its frame).

    Whatever lies between the last interval's data and the first surplus marker is kept: libjpeg-turbo
    reads every pixel before it and calls it extraneous bytes before the end-of-image marker."""
    if not data.startswith(SOI):
        return None
    pos, n = 2, len(data)
    frame: tuple[int, int, list[tuple[int, int]]] | None = None
    interval = 0
    for _ in range(MAX_SEGMENTS):
        fill = _FILL.match(data, pos)  # fill bytes before a marker
        pos = fill.end() - 1 if fill else pos
        if pos + 4 > n or data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        (length,) = struct.unpack(">H", data[pos + 2:pos + 4])
        body = data[pos + 4:pos + 2 + length]
        if length < 2 or len(body) != length - 2:
            return None
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
        elif marker == _SOS:
            break
        elif marker in (0xD8, 0xD9):
            return None
        pos += 2 + length
    else:
        return None
    if frame is None or interval == 0 or not body:
        return None
    width, height, sampling = frame
    in_scan = body[0]
    if in_scan not in (1, len(sampling)) or min(min(f) for f in sampling) == 0:
        return None  # the frame's components in several scans, or a sampling factor no JPEG has
    if in_scan == 1 and len(sampling) > 1:
        return None
    intervals = -(-_mcus(width, height, sampling, in_scan > 1) // interval)
    for restarts, m in enumerate(_MARKER_IN_SCAN.finditer(data, pos + 2 + length), start=1):
        if not 0xD0 <= data[m.end() - 1] <= 0xD7:
            return None  # the scan ended (end of image, or another marker) with no surplus interval
        if restarts == intervals:  # one marker between each two intervals: this one opens a surplus one
            return data[:m.start()] + EOI
    return None
