"""The preflight of any PDF, from what can be read back: fonts embedded, page and box sizes, where ink lies
against the page boxes and the printable area, text below the legible size.  Works on files made elsewhere too.

Every object is placed where it prints: the matrices of the forms it sits in are composed, and what their
clip paths hide is cut off (pdfium gives an object inside a form in the form's own coordinates, and its clip
in the same space).  Strokes are measured by their centre lines: pdfium pads a stroke's bounds for its width.
"""

from __future__ import annotations

import ctypes
import math
import mmap
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from printkit.engine.errors import InputError
from printkit.engine.imposition import PRINTABLE_EDGE
from printkit.engine.pdf_drawing import drawing_bytes
from printkit.engine.preflight.findings import Finding
from printkit.engine.render.text import CJK_FLOOR, KANA, LATIN_FLOOR, is_cjk
from printkit.engine.units import PT_PER_MM

MAX_PAGES = 2000  # a preflight reads every page: bound the work for an untrusted file
# drawing objects (paths, texts, images, inside forms too) the preflight walks: ~1 CPU s a 100,000 here; the
# busiest bundled page has 1,620. A "vector bomb" page of millions took 25 s and 1.1 GB.
MAX_PAGE_OBJECTS = 100_000
MAX_DOCUMENT_OBJECTS = 500_000
# What the file's drawing instructions (every stream but pictures, unpacked) may come to, before pdfium parses
# any: pdfium parses a page's whole content on loading it, 31 MB of strokes (a million) in 2.3 s and some
# 350 MB here, 93 MB in 5.6 s and 1 GB.  The bundled kits' PDFs come to at most 77 kB (fonts included, which
# are counted too: a content stream could pass for a font).
MAX_DRAWING_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 8  # forms inside forms read; deeper nesting is not something a print file needs
MARK_THICKNESS = 1.0  # mm: a path thinner than this is a mark or a rule, not artwork
EDGE_SLACK = 0.05  # mm: what a PDF's rounding of mm to points may move ink (the scale bar's ticks sit at 4.995 mm)
BLEED_MIN = 1.0  # mm past the cut a fill must run to count as bleed (printkit gives 3; miscuts are ~0.5)
FULL_PAGE = 1.0  # mm: a fill this close to every paper edge covers the page
FLOOR_SLACK = 0.05  # pt: a size set to the floor and written with rounding is at the floor
WHITE = 250  # a fill this light on every channel is paper colour: nothing shows if it is cut short

Rect = tuple[float, float, float, float]  # left, bottom, right, top in PDF points
Matrix = tuple[float, float, float, float, float, float]  # a, b, c, d, e, f as in PDF
SIDES = ("left", "bottom", "right", "top")


@dataclass(frozen=True)
class Ink:
    """One object's ink as it prints: where it shows on the page (after forms and clips), what it is."""

    kind: str  # "text", "stroke", "fill" or "image"
    box: Rect  # the part that shows, page points; strokes by their centre lines
    text: str = ""
    size: float = 0.0  # text: the size it prints at (its font size scaled by every matrix it is drawn through)
    light: bool = False  # a fill in paper colour


@dataclass
class ReadBack:
    """What the read-back of one PDF found: problems, and notes (a choice the reader should know about)."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _open(source: Path | bytes, name: str) -> pdfium.PdfDocument:
    _check_drawing(source, name)
    try:
        return pdfium.PdfDocument(source if isinstance(source, bytes) else str(source))
    except (pdfium.PdfiumError, OSError, ValueError) as exc:
        raise InputError.single(f"not a readable PDF ({exc})", name) from None


def _check_drawing(source: Path | bytes, name: str) -> None:
    """Refuse a PDF whose drawing instructions unpack past :data:`MAX_DRAWING_BYTES`, counted before pdfium
    parses them (a file that cannot be opened is left to pdfium to say so)."""
    if isinstance(source, bytes):
        drawing = drawing_bytes(source, MAX_DRAWING_BYTES)
    else:
        try:
            with source.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
                drawing = drawing_bytes(data, MAX_DRAWING_BYTES)
        except (OSError, ValueError):  # no such file, a folder, an empty file: pdfium's words say which
            return
    if drawing > MAX_DRAWING_BYTES:
        raise InputError.single(f"its drawing instructions unpack to more than {MAX_DRAWING_BYTES // (1024 * 1024)} "
                                "MB (a vector bomb?): the preflight does not read it", name)


def check_pdf(path: Path) -> list[Finding]:
    """Every check that can be read back from the PDF at ``path``; an unreadable file is an InputError."""
    return read_back(path).findings


def read_back(source: Path | bytes, name: str = "", service: bool = False) -> ReadBack:
    """The read-back preflight of a PDF file or of PDF bytes (``name`` says which file they are).  ``service``:
    the file is for a print service that prints to the paper's edge, so the home printer's outer 5 mm is not
    checked."""
    name = name or (source.name if isinstance(source, Path) else "PDF")
    doc = _open(source, name)
    if len(doc) == 0:
        raise InputError.single("not a readable PDF (no pages)", name)
    if len(doc) > MAX_PAGES:
        raise InputError.single(f"{len(doc)} pages; the preflight reads at most {MAX_PAGES}", name)
    report = ReadBack()
    unembedded: set[str] = set()
    walked = 0
    for index in range(len(doc)):
        page = doc[index]
        number = index + 1
        walked += _count_objects(page, name, number, walked)
        report.findings.extend(_boxes(page, name, number))
        inks = list(_inks(page, unembedded))
        edges, notes = _edges(page, inks, name, number) if not service else ([], [])
        report.findings.extend(edges)
        report.notes.extend(n for n in notes if n not in report.notes)
        report.findings.extend(_bleed(page, inks, name, number))
        report.findings.extend(_sizes(page, inks, name, number))
    if unembedded:
        report.findings.append(
            Finding(
                "fonts",
                f"fonts not embedded: {', '.join(sorted(unembedded))} (the printer "
                "substitutes its own, so text may reflow or lose characters)",
                name,
            )
        )
    return report


# --- where everything prints -------------------------------------------------------------------------------


def _matrix(obj) -> Matrix:
    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, m):
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _apply(m: Matrix, r: Rect) -> Rect:
    """The bounding box of rectangle ``r`` mapped through ``m``."""
    a, b, c, d, e, f = m
    if b == 0 and c == 0:  # no turn or shear: the common case, done without lists
        x0, x1, y0, y1 = a * r[0] + e, a * r[2] + e, d * r[1] + f, d * r[3] + f
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    xs, ys = [], []
    for x, y in ((r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _times(inner: Matrix, outer: Matrix) -> Matrix:
    """``inner`` then ``outer``."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _meet(a: Rect | None, b: Rect | None) -> Rect | None:
    """The overlap of two rectangles (None: nothing shows); None for ``b`` alone means no limit."""
    if a is None:
        return None
    if b is None:
        return a
    r = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return r if r[0] <= r[2] and r[1] <= r[3] else None


_NO_CLIP = (-math.inf, -math.inf, math.inf, math.inf)


def _clip(obj) -> Rect:
    """The box an object's clip path leaves visible, in the space the object's bounds are given in (the clip is
    the overlap of all its paths; each path is taken by its bounding box)."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return _NO_CLIP
    box = _NO_CLIP
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFClipPath_CountPaths(clip)):
        n = raw.FPDFClipPath_CountPathSegments(clip, i)
        if n <= 0:
            continue
        xs, ys = [], []
        for j in range(n):
            seg = raw.FPDFClipPath_GetPathSegment(clip, i, j)
            if seg and raw.FPDFPathSegment_GetPoint(seg, x, y):
                xs.append(x.value)
                ys.append(y.value)
        if xs:
            box = _meet(box, (min(xs), min(ys), max(xs), max(ys))) or (0.0, 0.0, -1.0, -1.0)
    return box


def _bounds(obj) -> Rect | None:
    l_, b, r, t = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
    if not raw.FPDFPageObj_GetBounds(obj, l_, b, r, t):
        return None
    return (l_.value, b.value, r.value, t.value)


def _centre_line(obj) -> Rect | None:
    """A path's bounds by the points it runs through (in its container's space): no padding for its stroke."""
    n = raw.FPDFPath_CountSegments(obj)
    if n <= 0:
        return None
    x, y = ctypes.c_float(), ctypes.c_float()
    xs, ys = [], []
    for i in range(n):
        seg = raw.FPDFPath_GetPathSegment(obj, i)
        if seg and raw.FPDFPathSegment_GetPoint(seg, x, y):
            xs.append(x.value)
            ys.append(y.value)
    if not xs:
        return None
    return _apply(_matrix(obj), (min(xs), min(ys), max(xs), max(ys)))


def _text(obj, textpage) -> str:
    n = raw.FPDFTextObj_GetText(obj, textpage.raw, None, 0)
    if n <= 2:
        return ""
    buf = (ctypes.c_ushort * (n // 2))()
    raw.FPDFTextObj_GetText(obj, textpage.raw, buf, n)
    return bytes(buf).decode("utf-16-le", "replace").rstrip("\x00")


def _light(obj) -> bool:
    rgba = [ctypes.c_uint() for _ in range(4)]
    if not raw.FPDFPageObj_GetFillColor(obj, *rgba):
        return False
    return all(v.value >= WHITE for v in rgba[:3])


def _inks(page, unembedded: set[str]) -> Iterator[Ink]:
    """Every object whose ink a check needs to see, where it shows (nothing for what is clipped away).  Ink that
    lies well inside the printable area and clear of the cut is left out (no rule judges it), except text
    below the floor, so that a page of a thousand objects is read in milliseconds."""
    media, trim = _box(page.get_mediabox), _box(page.get_trimbox)
    band, need = PRINTABLE_EDGE * PT_PER_MM - EDGE_SLACK * PT_PER_MM, (BLEED_MIN + EDGE_SLACK) * PT_PER_MM
    printable = (media[0] + band, media[1] + band, media[2] - band, media[3] - band)
    inner = (trim[0] + need, trim[1] + need, trim[2] - need, trim[3] - need)
    outer = (trim[0] - need, trim[1] - need, trim[2] + need, trim[3] + need)

    def matters(box: Rect, fill: bool) -> bool:
        """Whether a rule may judge ink in ``box``: it reaches the unprintable band, or (a fill) the cut."""
        if not _inside(box, printable, 0.0):
            return True
        return fill and _meet(box, outer) is not None and not _inside(box, inner, 0.0)

    textpage = None
    identity: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    # (container handle or the page, its matrix to the page, the visible box on the page its clips leave, depth)
    stack: list[tuple[object, Matrix, Rect, int]] = [(None, identity, _NO_CLIP, 0)]
    while stack:
        form, to_page, visible, depth = stack.pop()
        if form is None:
            count, get = raw.FPDFPage_CountObjects(page.raw), lambda i: raw.FPDFPage_GetObject(page.raw, i)
        else:
            count, get = raw.FPDFFormObj_CountObjects(form), lambda i, f=form: raw.FPDFFormObj_GetObject(f, i)
        for i in range(count):
            obj = get(i)
            if not obj:
                continue
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                shown = _shown(obj, to_page, visible)
                if depth + 1 < MAX_DEPTH and shown is not None:
                    stack.append((obj, _times(_matrix(obj), to_page), shown, depth + 1))
                continue
            box = _bounds(obj)  # in the container's space; a stroke's padded for its width
            if box is None:
                continue
            box = _apply(to_page, box)
            if kind == raw.FPDF_PAGEOBJ_TEXT:
                font = raw.FPDFTextObj_GetFont(obj)
                if font and not raw.FPDFFont_GetIsEmbedded(font):
                    unembedded.add(_font_name(font))
                if raw.FPDFTextObj_GetTextRenderMode(obj) == raw.FPDF_TEXTRENDERMODE_INVISIBLE:
                    continue
                size = ctypes.c_float()
                raw.FPDFTextObj_GetFontSize(obj, size)
                printed = size.value * _scale(_times(_matrix(obj), to_page))
                if printed >= CJK_FLOOR - FLOOR_SLACK and not matters(box, False):
                    continue
                where = _meet(box, _shown(obj, to_page, visible))
                if where is None:
                    continue
                if textpage is None:
                    textpage = page.get_textpage()
                text = _text(obj, textpage)
                if text.strip():
                    yield Ink("text", where, text, printed)
            elif kind == raw.FPDF_PAGEOBJ_PATH:
                fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
                raw.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
                if not matters(box, bool(fill_mode.value)):
                    continue
                shown = _shown(obj, to_page, visible)
                if fill_mode.value:
                    where = _meet(box, shown)
                    if where is not None:
                        yield Ink("fill", where, light=_light(obj))
                if stroke.value:
                    line = _centre_line(obj)
                    where = line and _meet(_apply(to_page, line), shown)
                    if where is not None:
                        yield Ink("stroke", where)
            elif kind in (raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_SHADING) and matters(box, True):
                where = _meet(box, _shown(obj, to_page, visible))
                if where is not None:
                    yield Ink("image", where)


def _shown(obj, to_page: Matrix, visible: Rect) -> Rect | None:
    """The part of the page an object's clips leave: its container's, and its own (given in its container's
    space, as its bounds are)."""
    clip = _clip(obj)
    return visible if clip == _NO_CLIP else _meet(visible, _apply(to_page, clip))


def _count_objects(page, name: str, number: int, before: int) -> int:
    """The page's drawing objects, counted (and refused past the caps) before any check walks them: those of
    the page and of the forms in it, down to :data:`MAX_DEPTH` levels, as pypdfium2's ``get_objects`` walks them
    (counted through pdfium's own calls: a Python wrapper per object cost a fifth of a deck's read-back)."""
    count = 0
    form_kind = raw.FPDF_PAGEOBJ_FORM
    get_type = raw.FPDFPageObj_GetType
    # (container: None for the page, its depth)
    stack: list[tuple[object, int]] = [(None, 0)]
    while stack:
        form, level = stack.pop()
        n = raw.FPDFPage_CountObjects(page.raw) if form is None else raw.FPDFFormObj_CountObjects(form)
        if n < 0:
            raise pdfium.PdfiumError("Failed to get number of pageobjects.")
        count += n
        if count > MAX_PAGE_OBJECTS or before + count > MAX_DOCUMENT_OBJECTS:
            # the cap an object-by-object count would have passed first (the page's on a tie)
            if MAX_DOCUMENT_OBJECTS - before >= MAX_PAGE_OBJECTS:
                raise InputError.single(f"page {number} draws more than {MAX_PAGE_OBJECTS:,} objects; the "
                                        "preflight reads at most that many a page", name)
            raise InputError.single(f"pages 1-{number} draw more than {MAX_DOCUMENT_OBJECTS:,} objects; the "
                                    "preflight reads at most that many a file", name)
        if level >= MAX_DEPTH - 1:
            continue  # its forms' objects lie deeper than the walk goes
        for i in range(n):
            obj = raw.FPDFPage_GetObject(page.raw, i) if form is None else raw.FPDFFormObj_GetObject(form, i)
            if not obj:
                raise pdfium.PdfiumError("Failed to get pageobject.")
            if get_type(obj) == form_kind:
                stack.append((obj, level + 1))
    return count


def _font_name(font) -> str:
    n = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buf = ctypes.create_string_buffer(n)
    raw.FPDFFont_GetBaseFontName(font, buf, n)
    return buf.value.decode("latin-1", "replace") or "?"


# --- the checks --------------------------------------------------------------------------------------------


def _box(getter) -> Rect:
    left, bottom, right, top = getter()
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


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


def _at(page_top: float, media: Rect, x: float, y: float) -> str:
    """A page point as people measure it: mm from the page's top-left corner."""
    return f"({(x - media[0]) / PT_PER_MM:.1f}, {(page_top - y) / PT_PER_MM:.1f}) mm"


def _describe(ink: Ink) -> str:
    if ink.kind == "text":
        words = ink.text.strip()
        return f"text {words[:24] + ('…' if len(words) > 24 else '')!r}"
    return {"stroke": "a line", "fill": "a filled shape", "image": "an image"}[ink.kind]


def _edges(page, inks: list[Ink], name: str, number: int) -> tuple[list[Finding], list[str]]:
    """Ink in the outer band most printers cannot print, judged against the page boxes: inside the trim it is
    lost from the piece (a problem); a line or text outside the bleed is a mark or a label lost (a problem);
    bleed and art running off past the cut into the band are cut away (fine).  A fill covering the whole page
    of a page with no trim is a note: a home printer leaves a white border round it."""
    media, trim, bleed = _box(page.get_mediabox), _box(page.get_trimbox), _box(page.get_bleedbox)
    band = PRINTABLE_EDGE * PT_PER_MM
    slack = EDGE_SLACK * PT_PER_MM
    no_trim = all(abs(t - m) <= slack for t, m in zip(trim, media, strict=True))
    notes: list[str] = []
    worst: dict[tuple[str, str], tuple[float, Ink, float, float]] = {}
    counts: dict[tuple[str, str], int] = {}
    for ink in inks:
        box = _meet(ink.box, media)
        if box is None:
            continue
        if (
            ink.kind in ("fill", "image")
            and not ink.light
            and no_trim
            and any(abs(b - m) <= FULL_PAGE * PT_PER_MM for b, m in zip(box, media, strict=True))
        ):
            if not notes:
                notes.append(
                    f"page {number}: art runs to the paper edge of a page with no trim (TrimBox = "
                    "MediaBox): a home printer leaves a white border of about 3-5 mm round it"
                )
            continue
        for side in SIDES:
            # the part of the ink inside this side's band, and how far it comes to the edge
            if side == "left":
                part, distance = (box[0], box[1], min(box[2], media[0] + band), box[3]), box[0] - media[0]
            elif side == "right":
                part, distance = (max(box[0], media[2] - band), box[1], box[2], box[3]), media[2] - box[2]
            elif side == "bottom":
                part, distance = (box[0], box[1], box[2], min(box[3], media[1] + band)), box[1] - media[1]
            else:
                part, distance = (box[0], max(box[1], media[3] - band), box[2], box[3]), media[3] - box[3]
            if distance >= band - slack:
                continue
            in_trim = _meet(part, (trim[0] + slack, trim[1] + slack, trim[2] - slack, trim[3] - slack))
            if in_trim is not None:
                problem = "inside the trim"
            elif ink.kind in ("text", "stroke") and not _inside(part, bleed, slack):
                problem = "outside the bleed"
            else:
                continue  # bleed or art running past the cut: cut away
            key = (side, problem)
            counts[key] = counts.get(key, 0) + 1
            x = (part[0] + part[2]) / 2
            y = (part[1] + part[3]) / 2
            if key not in worst or distance < worst[key][0]:
                worst[key] = (distance, ink, x, y)
    out = []
    for (side, problem), (distance, ink, x, y) in sorted(worst.items(), key=lambda kv: SIDES.index(kv[0][0])):
        more = counts[(side, problem)] - 1
        out.append(
            Finding(
                "trim" if problem == "inside the trim" else "marks",
                f"{_describe(ink)} {problem} comes {max(distance, 0) / PT_PER_MM:.1f} mm from the {side} paper edge at "
                f"{_at(media[3], media, x, y)}{f' (and {more} more)' if more else ''}; printers lose the outer "
                f"{PRINTABLE_EDGE:g} mm",
                name,
                number,
            )
        )
    return out, notes


def _inside(a: Rect, b: Rect, slack: float) -> bool:
    return a[0] >= b[0] - slack and a[1] >= b[1] - slack and a[2] <= b[2] + slack and a[3] <= b[3] + slack


def _bleed(page, inks: list[Ink], name: str, number: int) -> list[Finding]:
    """A coloured fill or image that reaches the cut but stops there: a miscut shows a white sliver.  Sides of the
    trim at the paper edge are left to the note of ``_edges`` (there is no paper to bleed onto)."""
    media, trim = _box(page.get_mediabox), _box(page.get_trimbox)
    slack, need = EDGE_SLACK * PT_PER_MM, BLEED_MIN * PT_PER_MM
    out = []
    for i, side in enumerate(SIDES):
        outward = -1 if i < 2 else 1
        if abs(trim[i] - media[i]) <= slack:
            continue
        for ink in inks:
            if ink.kind not in ("fill", "image") or ink.light:
                continue
            box = ink.box
            across = (box[1], box[3], trim[1], trim[3]) if i % 2 == 0 else (box[0], box[2], trim[0], trim[2])
            if min(across[1], across[3]) - max(across[0], across[2]) <= slack:
                continue  # not along this side of the trim
            past = (box[i] - trim[i]) * outward  # how far the ink runs past the cut
            if -slack <= past < need and not _covered(inks, i, across[0], across[1], trim[i] + outward * need):
                x = trim[i] if i % 2 == 0 else (max(box[0], trim[0]) + min(box[2], trim[2])) / 2
                y = trim[i] if i % 2 == 1 else (max(box[1], trim[1]) + min(box[3], trim[3])) / 2
                # within the PDF's rounding of the cut: it stops at the cut, not "0.0 mm past" it
                stops = "at" if past < slack else f"{past / PT_PER_MM:.1f} mm past"
                out.append(
                    Finding(
                        "bleed",
                        f"{_describe(ink)} stops {stops} the {side} cut: no bleed, a miscut shows white",
                        name,
                        number,
                        at=((x - media[0]) / PT_PER_MM, (media[3] - y) / PT_PER_MM),
                    )
                )
                break
    return out


def _covered(inks: list[Ink], side: int, start: float, end: float, reach: float) -> bool:
    """Whether coloured ink runs out to ``reach`` (a coordinate past the cut on ``side``) all along ``start``-``end``
    of that side: then a shape stopping at the cut has bleed behind it."""
    lo, hi = (1, 3) if side % 2 == 0 else (0, 2)
    outward = -1 if side < 2 else 1
    return any(
        ink.kind in ("fill", "image")
        and not ink.light
        and (ink.box[side] - reach) * outward >= 0
        and ink.box[lo] <= start + EDGE_SLACK * PT_PER_MM
        and ink.box[hi] >= end - EDGE_SLACK * PT_PER_MM
        for ink in inks
    )


_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def _east_asian(ch: str) -> bool:
    """A character set against the CJK floor: Han, kana, full-width forms (:func:`is_cjk`) and Hangul."""
    return is_cjk(ch) or bool(_HANGUL.match(ch))


def east_asian_script(text: str) -> str:
    """What a read-back calls text of East Asian characters: kana make it Japanese (Japanese writes Han
    characters too, Chinese never kana), Hangul Korean; Han alone is Chinese."""
    if KANA.search(text):
        return "Japanese"
    if _HANGUL.search(text):
        return "Korean"
    return "Chinese"


def _sizes(page, inks: list[Ink], name: str, number: int) -> list[Finding]:
    """Text below the legible size, each script against its own floor, with where the smallest sits."""
    media = _box(page.get_mediabox)
    smallest: dict[str, tuple[float, Ink]] = {}
    for ink in inks:
        if ink.kind != "text":
            continue
        for eastern, floor in ((True, CJK_FLOOR), (False, LATIN_FLOOR)):
            chars = [ch for ch in ink.text if not ch.isspace() and ch.isprintable() and _east_asian(ch) == eastern]
            script = east_asian_script("".join(chars)) if eastern else "Latin"
            if chars and ink.size < floor - FLOOR_SLACK and (script not in smallest or ink.size < smallest[script][0]):
                smallest[script] = (ink.size, ink)
    out = []
    for script, (size, ink) in sorted(smallest.items()):
        floor = LATIN_FLOOR if script == "Latin" else CJK_FLOOR
        x, y = ink.box[0], ink.box[3]
        out.append(
            Finding(
                "floor",
                f"{script} {_describe(ink)} printed at {size:.2f} pt at "
                f"{_at(media[3], media, x, y)}; nothing may print below {floor:g} pt",
                name,
                number,
            )
        )
    return out
