"""ReportLab's reading of a TrueType file, kept on disk so the next build does not read it again.

ReportLab reads a font's character map, widths and glyph offsets one number at a time in Python, which for
a font of some 20,000 characters such as the bundled Noto Sans TC is a noticeable part of every build.  What
it works out depends only on the file (and ReportLab's version), so it is written once under
``$PRINTKIT_CACHE/fonts`` (default ``~/.cache/printkit/fonts``) and read back, which is much quicker (figures:
bench/notes/timings.md).  The face read back holds the very values
ReportLab worked out, so the PDFs are byte for byte the same; a missing, stale or damaged entry is simply
read from the font again.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from pathlib import Path
from typing import Any

import reportlab
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFontFace

from printkit.engine.outputs import atomic_write
from printkit.engine.remote import cache_dir

_MAGIC = b"printkit-face-1\n"
_NOT_KEPT = ("_ttf_data", "_pdfScale")  # the file's bytes (read again) and a function (made again)


def load_face(path: Path) -> TTFontFace:
    """The face ReportLab makes of ``path``, from the cache when it holds this very file."""
    try:
        stat = path.stat()
        key = f"{reportlab.Version}|{sys.version_info[:2]}|{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    except OSError:
        return TTFontFace(str(path))
    entry = cache_dir() / "fonts" / hashlib.sha256(key.encode("utf-8")).hexdigest()
    face = _read(entry, path)
    if face is None:
        face = TTFontFace(str(path))
        _write(entry, face)
    return face


def _read(entry: Path, path: Path) -> TTFontFace | None:
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    head, digest, payload = data[:len(_MAGIC)], data[len(_MAGIC):len(_MAGIC) + 32], data[len(_MAGIC) + 32:]
    if head != _MAGIC or hashlib.sha256(payload).digest() != digest:
        return None  # another version's entry, or a damaged one
    try:
        state, names = marshal.loads(payload)
        ttf = path.read_bytes()
    except (OSError, ValueError, EOFError, TypeError):
        return None
    state.update({k: TTFNameBytes(v) for k, v in names.items()})  # stored as their UTF-8 bytes
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(state)
    face._ttf_data = ttf
    face._pdfScale = _scale(face.unitsPerEm)
    return face


def _scale(units_per_em: int) -> Any:
    """Font units to PDF's thousandths of an em, as ReportLab's reading sets it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _write(entry: Path, face: TTFontFace) -> None:
    state = {k: v for k, v in face.__dict__.items() if k not in _NOT_KEPT and not isinstance(v, TTFNameBytes)}
    names = {k: bytes(v) for k, v in face.__dict__.items() if isinstance(v, TTFNameBytes)}
    try:
        payload = marshal.dumps((state, names))
        atomic_write(entry, _MAGIC + hashlib.sha256(payload).digest() + payload)
    except (OSError, ValueError):
        pass  # no cache (a read-only home, a value marshal cannot hold): the next build reads the font again
