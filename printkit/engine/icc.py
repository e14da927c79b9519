"""Reading a user's ICC profile for ``--icc-profile``: enough of its header to know it can be a PDF output intent.

printkit ships no profile (press profiles such as FOGRA39 or GRACoL come with their own licences): the user
brings the one their print shop names.  Only the fixed 128-byte header and the tag table are read (ICC.1:2010,
section 7); the profile's colour tables are not used, because printkit's CMYK conversion is not colour-managed
(see :mod:`printkit.engine.render.cmyk`).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from printkit.engine.errors import InputError

MAX_PROFILE_BYTES = 16 * 1024 * 1024  # press profiles are 0.5-3 MB; a bigger "profile" is not one
HEADER_BYTES = 128
_SIGNATURE = b"acsp"
# Device classes (header bytes 12-15) a print output intent may name: an output device's profile.
_OUTPUT_CLASS = b"prtr"
_CLASS_NAMES = {b"scnr": "input device (scanner/camera)", b"mntr": "display", b"prtr": "output device (printer)",
                b"link": "device link", b"spac": "colour space", b"abst": "abstract", b"nmcl": "named colour"}


@dataclass(frozen=True)
class IccProfile:
    """A profile's bytes and what its header says."""

    data: bytes
    colour_space: str  # "CMYK", "RGB", "GRAY", ...
    device_class: str  # "prtr", "mntr", ...
    version: str  # "2.1", "4.3"
    description: str  # the profile's own name ('desc' tag), or the file's name when it has none

    @property
    def components(self) -> int:
        """How many colour components the profile's device space has (the PDF stream's ``/N``)."""
        return {"GRAY": 1, "RGB": 3, "CMY": 3, "CMYK": 4}.get(self.colour_space, 0)


def read_icc_profile(path: Path, flag: str = "--icc-profile") -> IccProfile:
    """The CMYK output-device profile at ``path``; anything else is an error naming what was found."""
    def fail(message: str) -> InputError:
        return InputError.single(f"{flag} {path}: {message}")

    if not path.is_file():
        raise fail("no such file")
    size = path.stat().st_size
    if size > MAX_PROFILE_BYTES:
        raise fail(f"{size:,} bytes is more than an ICC profile's {MAX_PROFILE_BYTES:,}; is it the right file?")
    data = path.read_bytes()
    if len(data) < HEADER_BYTES + 4 or data[36:40] != _SIGNATURE:
        raise fail("not an ICC profile (no 'acsp' signature at byte 36 of the header)")
    (declared,) = struct.unpack(">I", data[0:4])
    if declared != len(data):
        raise fail(f"the header says the profile has {declared:,} bytes, the file has {len(data):,} "
                   "(cut short or padded?)")
    space = data[16:20].decode("latin-1").strip()
    cls = data[12:16]
    if space != "CMYK":
        raise fail(f"a {space or 'unknown'} profile; a CMYK output intent for --cmyk needs a CMYK profile "
                   "(e.g. the FOGRA or GRACoL profile your print shop names)")
    if cls != _OUTPUT_CLASS:
        raise fail(f"a {_CLASS_NAMES.get(cls, repr(cls.decode('latin-1')))} profile; an output intent needs an "
                   "output device (printer) profile")
    version = f"{data[8]}.{data[9] >> 4}"
    return IccProfile(data, space, cls.decode("latin-1"), version, _description(data) or path.name)


def _description(data: bytes) -> str:
    """The 'desc' tag's text (ICC v2 textDescriptionType or v4 multiLocalizedUnicodeType), or ''."""
    try:
        (count,) = struct.unpack(">I", data[128:132])
        for i in range(min(count, 1000)):
            sig, offset, size = struct.unpack(">4sII", data[132 + 12 * i:144 + 12 * i])
            if sig != b"desc" or offset + size > len(data):
                continue
            tag = data[offset:offset + size]
            if tag[:4] == b"desc":
                (n,) = struct.unpack(">I", tag[8:12])
                return tag[12:12 + n].split(b"\0", 1)[0].decode("latin-1").strip()
            if tag[:4] == b"mluc":
                records, _ = struct.unpack(">II", tag[8:16])
                if records:
                    length, start = struct.unpack(">II", tag[20:28])
                    return tag[start:start + length].decode("utf-16-be", "replace").strip()
    except struct.error:
        return ""
    return ""
