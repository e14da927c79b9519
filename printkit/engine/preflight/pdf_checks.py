"""The preflight of any PDF, from what can be read back: fonts embedded, page and box sizes, marks
on the printable area, text below the legible size.  Works on files made elsewhere too."""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from printkit.engine.errors import InputError
from printkit.engine.imposition import PRINTABLE_EDGE
from printkit.engine.preflight.findings import Finding
from printkit.engine.render.text import CJK_FLOOR, LATIN_FLOOR, is_cjk
from printkit.engine.units import PT_PER_MM

MAX_PAGES = 2000  # a preflight reads every page: bound the work for an untrusted file
MARK_THICKNESS = 1.0  # mm: a path thinner than this and short is a mark or a rule, not artwork


def _open(path: Path) -> pdfium.PdfDocument:
    try:
        return pdfium.PdfDocument(str(path))
    except (pdfium.PdfiumError, OSError, ValueError) as exc:
        raise InputError.single(f"not a readable PDF ({exc})", path) from None


def check_pdf(path: Path) -> list[Finding]:
    """Every check that can be read back from the PDF at ``path``; an unreadable file is an InputError."""
    doc = _open(path)
    if len(doc) == 0:
        raise InputError.single("not a readable PDF (no pages)", path)
    if len(doc) > MAX_PAGES:
        raise InputError.single(f"{len(doc)} pages; the preflight reads at most {MAX_PAGES}", path)
    name = path.name
    out: list[Finding] = []
    unembedded: set[str] = set()
    for index in range(len(doc)):
        page = doc[index]
        out.extend(_boxes(page, name, index + 1))
        out.extend(_marks(page, name, index + 1))
        out.extend(_sizes(page, name, index + 1))
        for obj in page.get_objects(max_depth=8):
            if obj.type != raw.FPDF_PAGEOBJ_TEXT:
                continue
            font = raw.FPDFTextObj_GetFont(obj.raw)
            if font and not raw.FPDFFont_GetIsEmbedded(font):
                unembedded.add(_font_name(font))
    if unembedded:
        out.append(Finding("fonts", f"fonts not embedded: {', '.join(sorted(unembedded))} (the printer substitutes "
                           "its own, so text may reflow or lose characters)", name))
    return out


def _font_name(font) -> str:
    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buf = ctypes.create_string_buffer(n)
    raw.FPDFFont_GetBaseFontName(font, buf, n)
    return buf.value.decode("latin-1", "replace") or "?"


def _boxes(page, name: str, number: int) -> list[Finding]:
    media = page.get_mediabox()
    trim, bleed = page.get_trimbox(), page.get_bleedbox()
    out = []
    w, h = (media[2] - media[0]) / PT_PER_MM, (media[3] - media[1]) / PT_PER_MM
    if w < 10 or h < 10:
        out.append(Finding("boxes", f"page is {w:.1f} x {h:.1f} mm: too small to print", name, number))

    def inside(a, b) -> bool:
        return a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and a[2] <= b[2] + 0.01 and a[3] <= b[3] + 0.01

    if not inside(bleed, media):
        out.append(Finding("boxes", "the BleedBox reaches past the page (MediaBox)", name, number))
    if not inside(trim, bleed):
        out.append(Finding("boxes", "the TrimBox reaches past the BleedBox", name, number))
    return out


def _marks(page, name: str, number: int) -> list[Finding]:
    """Thin short paths (crop marks, rules, ticks) in the outer band most printers cannot print."""
    pw, ph = page.get_size()
    worst = None
    for obj in page.get_objects(max_depth=8):
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        w, h = (right - left) / PT_PER_MM, (top - bottom) / PT_PER_MM
        if min(w, h) > MARK_THICKNESS or max(w, h) > 30:
            continue
        distance = min(left, bottom, pw - right, ph - top) / PT_PER_MM
        # A path reaching off the page is clipped artwork, not a mark.
        if 0 <= distance < PRINTABLE_EDGE - 0.2 and (worst is None or distance < worst):
            worst = distance
    if worst is None:
        return []
    return [Finding("marks", f"a mark comes {max(worst, 0):.1f} mm from the paper edge; printers lose the outer "
                    f"{PRINTABLE_EDGE:g} mm", name, number)]


def _sizes(page, name: str, number: int) -> list[Finding]:
    tp = page.get_textpage()
    smallest: dict[str, float] = {}
    for i in range(tp.count_chars()):
        ch = chr(raw.FPDFText_GetUnicode(tp.raw, i))
        if ch.isspace() or not ch.isprintable():
            continue
        size = raw.FPDFText_GetFontSize(tp.raw, i)
        floor = CJK_FLOOR if is_cjk(ch) else LATIN_FLOOR
        if size < floor - 0.05:
            key = "Chinese" if is_cjk(ch) else "Latin"
            smallest[key] = min(size, smallest.get(key, size))
    return [Finding("floor", f"{script} text printed at {size:.2f} pt; nothing may print below "
                    f"{CJK_FLOOR if script == 'Chinese' else LATIN_FLOOR:g} pt", name, number)
            for script, size in sorted(smallest.items())]
