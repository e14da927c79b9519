"""Minimal ICC profiles written byte by byte from the ICC.1 specification, for tests (printkit ships none)."""

from __future__ import annotations

import struct


def _pad(tag: bytes) -> bytes:
    return tag + b"\0" * (-len(tag) % 4)


def _desc(text: str) -> bytes:
    """textDescriptionType (ICC v2): ASCII, then empty Unicode and ScriptCode parts."""
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_)) + ascii_ + b"\0" * 8 + b"\0" * 3 + b"\0" * 67


def _xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(struct.pack(">i", round(v * 65536)) for v in (x, y, z))


def _text(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def icc_profile(space: bytes = b"CMYK", device_class: bytes = b"prtr", description: str = "Test press CMYK") -> bytes:
    """A v2.1 profile: the 128-byte header, a tag table and the desc, wtpt and cprt tags."""
    tags = [(b"desc", _pad(_desc(description))), (b"wtpt", _xyz(0.9642, 1.0, 0.8249)),
            (b"cprt", _pad(_text("No copyright, test data")))]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    table = struct.pack(">I", len(tags))
    body = b""
    for sig, data in tags:
        table += struct.pack(">4sII", sig, offset + len(body), len(data))
        body += data
    size = 128 + table_size + len(body)
    header = struct.pack(">I4sI4s4s4s6H4s4sI4s4sQI", size, b"lcms", 0x02100000, device_class, space, b"Lab ",
                         2026, 11, 30, 0, 0, 0, b"acsp", b"APPL", 0, b"none", b"none", 0, 0)
    header += struct.pack(">iii", round(0.9642 * 65536), 65536, round(0.8249 * 65536))  # D50 illuminant
    header += b"\0" * (128 - len(header))
    assert len(header) == 128
    return header + table + body
