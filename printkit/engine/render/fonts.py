"""The fonts printkit embeds, and the check that every printed character exists in them.

One family, Noto Sans TC, covers Latin (with German umlauts) and Traditional Chinese in
Taiwan glyph forms.  It ships as TrueType outlines (converted once by
``scripts/make_tc_font.py``) because ReportLab cannot embed CFF fonts.  ReportLab never
falls back to another font and draws a missing character as an empty box without a
word, so :func:`check_text` runs before anything is drawn.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.engine.errors import MissingGlyphError, Problem

FONT_DIR = Path(__file__).resolve().parents[2] / "fonts"
SANS = "PrintkitSans"
SANS_FILE = FONT_DIR / "NotoSansTC-Regular.ttf"

# Vertical metrics of the face, as fractions of the font size (from its OS/2 table).
CAP_HEIGHT = 0.733
ASCENT = 0.88
DESCENT = 0.12

# Characters that never print ink and so need no glyph check.
_INVISIBLE = frozenset("\n\r\t\u200b")


@cache
def register() -> str:
    """Register the embedded font with ReportLab once per process; return its name."""
    pdfmetrics.registerFont(TTFont(SANS, str(SANS_FILE)))
    return SANS


@cache
def _cmap() -> frozenset[int]:
    register()
    face = pdfmetrics.getFont(SANS).face
    return frozenset(face.charToGlyph)


def missing_characters(text: str) -> list[str]:
    """Characters of ``text`` the font cannot draw, in order of first appearance."""
    cmap = _cmap()
    seen: list[str] = []
    for ch in text:
        if ch not in _INVISIBLE and ord(ch) not in cmap and ch not in seen:
            seen.append(ch)
    return seen


def check_text(text: str, where: str) -> None:
    """Raise :class:`MissingGlyphError` if ``text`` has a character the font lacks.

    ``where`` names the piece (e.g. ``"san-marco: action card 'Doge' #3"``) so the user
    can find the string.
    """
    missing = missing_characters(text)
    if missing:
        chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing)
        raise MissingGlyphError([Problem(f"{where}: the font has no glyph for {chars} in {text!r}")])


def string_width(text: str, size: float) -> float:
    """Width in points of ``text`` set at ``size`` points."""
    register()
    return pdfmetrics.stringWidth(text, SANS, size)
