"""Reading a printed PDF back: text, where characters and shapes are, boxes, fonts.

Tests use it to check what a user would check on paper; it is also handy for checking
a kit by hand (``python -c "from devkit.readback import page_text; ..."`` with
PYTHONPATH=. from the repository root).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from printkit.engine.units import PT_PER_MM


def _mm(v: float) -> float:
    return v / PT_PER_MM


@dataclass(frozen=True)
class CharBox:
    char: str
    left: float  # mm from the page's left edge
    top: float  # mm from the page's top edge
    right: float
    bottom: float


@dataclass(frozen=True)
class ShapeBox:
    """A vector path's bounds in mm, page origin top-left, and its fill colour (r, g, b)."""

    left: float
    top: float
    right: float
    bottom: float
    fill: tuple[int, int, int] | None

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top


def open_pdf(data: bytes) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(data)


def page_count(data: bytes) -> int:
    return len(open_pdf(data))


def page_text(data: bytes, index: int) -> str:
    doc = open_pdf(data)
    return doc[index].get_textpage().get_text_range()


def all_text(data: bytes) -> list[str]:
    doc = open_pdf(data)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def page_size_mm(data: bytes, index: int = 0) -> tuple[float, float]:
    w, h = open_pdf(data)[index].get_size()
    return _mm(w), _mm(h)


def boxes_mm(data: bytes, index: int = 0) -> dict[str, tuple[float, float, float, float]]:
    """TrimBox, BleedBox and MediaBox as (left, top, right, bottom) in mm from the top-left."""
    page = open_pdf(data)[index]
    _, h = page.get_size()
    out = {}
    for name, getter in (("trim", page.get_trimbox), ("bleed", page.get_bleedbox), ("media", page.get_mediabox)):
        left, b, r, t = getter()
        out[name] = (_mm(left), _mm(h - t), _mm(r), _mm(h - b))
    return out


def char_boxes(data: bytes, index: int = 0) -> list[CharBox]:
    page = open_pdf(data)[index]
    _, h = page.get_size()
    tp = page.get_textpage()
    text = tp.get_text_range()
    out = []
    for i in range(tp.count_chars()):
        left, b, r, t = tp.get_charbox(i)
        out.append(CharBox(text[i] if i < len(text) else "", _mm(left), _mm(h - t), _mm(r), _mm(h - b)))
    return out


def find_text(data: bytes, needle: str, index: int = 0) -> list[tuple[float, float]]:
    """Centres (mm) of every occurrence of ``needle`` on the page."""
    chars = char_boxes(data, index)
    text = "".join(c.char for c in chars)
    hits = []
    start = text.find(needle)
    while start >= 0:
        span = chars[start:start + len(needle)]
        hits.append(((min(c.left for c in span) + max(c.right for c in span)) / 2,
                     (min(c.top for c in span) + max(c.bottom for c in span)) / 2))
        start = text.find(needle, start + 1)
    return hits


def shapes(data: bytes, index: int = 0) -> list[ShapeBox]:
    """Every vector path on the page (recursing into forms), with its bounds and fill."""
    page = open_pdf(data)[index]
    _, h = page.get_size()
    out = []
    for obj in page.get_objects(max_depth=8):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        left, b, r, t = obj.get_bounds()
        rgba = (pdfium_c.c_uint(), pdfium_c.c_uint(), pdfium_c.c_uint(), pdfium_c.c_uint())
        fill = None
        if pdfium_c.FPDFPageObj_GetFillColor(obj.raw, *map(pdfium_c.byref, rgba)):
            fill = (rgba[0].value, rgba[1].value, rgba[2].value)
        out.append(ShapeBox(_mm(left), _mm(h - t), _mm(r), _mm(h - b), fill))
    return out


def render_page(data: bytes, index: int = 0, dpi: int = 100):
    """The page as a PIL image (RGB)."""
    return open_pdf(data)[index].render(scale=dpi / 72).to_pil().convert("RGB")


def unembedded_fonts(data: bytes) -> list[str]:
    """Names of fonts used but not embedded (what `pdffonts` shows with emb = no)."""
    import pikepdf

    missing = []
    with pikepdf.open(__import__("io").BytesIO(data)) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                sub = obj.get("/Subtype")
                if sub == "/Type0":
                    continue  # its descendant font is checked on its own
                if sub == "/Type3":
                    continue  # glyphs are drawn inline
                desc = obj.get("/FontDescriptor")
                if desc is None and sub == "/CIDFontType2":
                    missing.append(str(obj.get("/BaseFont")))
                    continue
                if desc is None or not any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.append(str(obj.get("/BaseFont")))
    return missing


def qpdf_problems(data: bytes) -> list[str]:
    """What `qpdf --check` would complain about (through pikepdf, which wraps qpdf)."""
    import io

    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        return [str(p) for p in pdf.check_pdf_syntax()] if hasattr(pdf, "check_pdf_syntax") else \
            [str(p) for p in pdf.check()]


@dataclass(frozen=True)
class CharStyle:
    """A printed character with the font it is set in and its fill colour (r, g, b)."""

    char: str
    font: str
    fill: tuple[int, int, int]


def char_styles(data: bytes, index: int = 0) -> list[CharStyle]:
    """Every character on the page with its font's name (subset prefix removed) and fill colour."""
    import ctypes

    page = open_pdf(data)[index]
    tp = page.get_textpage()
    text = tp.get_text_range()
    out = []
    for i in range(tp.count_chars()):
        n = pdfium_c.FPDFText_GetFontInfo(tp.raw, i, None, 0, None)
        buf = ctypes.create_string_buffer(n)
        pdfium_c.FPDFText_GetFontInfo(tp.raw, i, buf, n, None)
        name = buf.value.decode("utf-8", "replace").split("+", 1)[-1]
        rgba = [ctypes.c_uint() for _ in range(4)]
        pdfium_c.FPDFText_GetFillColor(tp.raw, i, *map(ctypes.byref, rgba))
        out.append(CharStyle(text[i] if i < len(text) else "", name, (rgba[0].value, rgba[1].value, rgba[2].value)))
    return out


def char_sizes(data: bytes, index: int = 0) -> list[tuple[str, float]]:
    """Every printed character (spaces left out) with the font size it is set at, in pt."""
    page = open_pdf(data)[index]
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        ch = chr(pdfium_c.FPDFText_GetUnicode(tp.raw, i))
        if ch.isprintable() and not ch.isspace():
            out.append((ch, round(pdfium_c.FPDFText_GetFontSize(tp.raw, i), 2)))
    return out


def opacities(data: bytes) -> set[tuple[float, float]]:
    """Every (fill, stroke) opacity an ExtGState of the document sets (``/ca``, ``/CA``; 1.0 when it sets only
    the other), on its pages and in the forms they draw, rounded to 3 places."""
    import pikepdf

    found: set[tuple[float, float]] = set()
    seen: set[tuple[int, int]] = set()

    def visit(resources) -> None:
        states = resources.get("/ExtGState") if resources is not None else None
        for state in (states or {}).values():
            if "/ca" in state or "/CA" in state:
                found.add((round(float(state.get("/ca", 1.0)), 3), round(float(state.get("/CA", 1.0)), 3)))
        for xobject in (resources.get("/XObject") or {}).values() if resources is not None else ():
            key = xobject.objgen
            if key in seen or xobject.get("/Subtype") != "/Form":
                continue
            seen.add(key)
            visit(xobject.get("/Resources"))

    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            visit(page.obj.get("/Resources"))
    return found


@dataclass(frozen=True)
class PathPoints:
    """A vector path's points in mm (page origin top-left, its transform applied), its stroke colour (r, g, b;
    None when not stroked), whether it is filled and whether its stroke is dashed."""

    points: tuple[tuple[float, float], ...]
    stroke: tuple[int, int, int] | None
    filled: bool
    dashed: bool = False


def paths(data: bytes, index: int = 0) -> list[PathPoints]:
    """Every top-level vector path of the page (not inside forms) with its points, for measuring lines and
    outlines where they print (a curve's control points are left out, its end points kept)."""
    page = open_pdf(data)[index]
    _, h = page.get_size()
    out = []
    for obj in page.get_objects(max_depth=1):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        m = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFPageObj_GetMatrix(obj.raw, m)
        pts = []
        curve = 0  # a curve is three segments in pdfium (two control points, then its end): only the end is kept
        for i in range(pdfium_c.FPDFPath_CountSegments(obj.raw)):
            seg = pdfium_c.FPDFPath_GetPathSegment(obj.raw, i)
            if pdfium_c.FPDFPathSegment_GetType(seg) == pdfium_c.FPDF_SEGMENT_BEZIERTO:
                curve += 1
                if curve % 3:
                    continue
            else:
                curve = 0
            x, y = pdfium_c.c_float(), pdfium_c.c_float()
            pdfium_c.FPDFPathSegment_GetPoint(seg, x, y)
            px, py = m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f
            pts.append((_mm(px), _mm(h - py)))
        mode, stroked = pdfium_c.c_int(), pdfium_c.c_int()
        pdfium_c.FPDFPath_GetDrawMode(obj.raw, mode, stroked)
        stroke = None
        if stroked.value:
            rgba = (pdfium_c.c_uint(), pdfium_c.c_uint(), pdfium_c.c_uint(), pdfium_c.c_uint())
            if pdfium_c.FPDFPageObj_GetStrokeColor(obj.raw, *map(pdfium_c.byref, rgba)):
                stroke = (rgba[0].value, rgba[1].value, rgba[2].value)
        dashed = pdfium_c.FPDFPageObj_GetDashCount(obj.raw) > 0
        out.append(PathPoints(tuple(pts), stroke, mode.value != 0, dashed))
    return out
