"""A pad repeats one layout: the shared drawing is one PDF form placed on every sheet, and nothing shows it.

Read back from the PDF: one form holds the sheet, each page places it and adds only its own serial and
QR code; the pages look the same as drawing every sheet in full (pixels), say the same (text), and
the preflight sees every text of every sheet.
"""

from __future__ import annotations

import io

import pikepdf
import pytest
from PIL import ImageChops

import printkit.engine.render.pdf as pdf_module
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

from .conftest import build, pdf_of


def _stamp_forms(data: bytes) -> list[tuple[int, list[str]]]:
    """Per page: its content stream's size and the names of the forms (XObjects) it places."""
    out = []
    with pikepdf.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            xobjects = page.Resources.get("/XObject", {})
            used = [str(k) for k in xobjects if f"{k} Do".encode() in page.Contents.read_bytes()]
            out.append((len(page.Contents.read_bytes()), used))
    return out


ORIGIN_SLACK = 0.02  # pt: the last digit ReportLab writes of a place
SNAPPED_GLYPH_PIXELS = 120  # pixels of two small glyphs at scale 2, far below any missing or moved element


def _origins(page) -> list[tuple[str, float, float]]:
    import ctypes

    import pypdfium2.raw as pdfium_c

    tp = page.get_textpage()
    out = []
    for k in range(tp.count_chars()):
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(tp.raw, k, x, y)
        out.append((chr(pdfium_c.FPDFText_GetUnicode(tp.raw, k)), x.value, y.value))
    return out


@pytest.mark.parametrize("per_page", [1, 2])
def test_the_shared_sheet_is_one_form_and_the_pages_look_the_same(per_page: int, monkeypatch) -> None:
    sheets, _, _ = build(count=4, per_page=per_page)
    stamped = render(sheets, PrintSettings(paper="a4"), "en")
    monkeypatch.setattr(pdf_module, "STAMP_FROM", 10**9)  # every sheet drawn in full, as before stamps
    full = render(sheets, PrintSettings(paper="a4"), "en")

    pages = _stamp_forms(stamped.pdf)
    assert all(any("pkstamp" in n for n in used) for _, used in pages)
    assert {n for _, used in pages for n in used if "pkstamp" in n} == {"/FormXob.pkstamp1"}
    full_pages = _stamp_forms(full.pdf)
    assert all(not any("pkstamp" in n for n in used) for _, used in full_pages)
    assert sum(size for size, _ in pages) * 5 < sum(size for size, _ in full_pages)  # each page draws little
    assert len(stamped.pdf) * 2 < len(full.pdf)

    a, b = pdf_of(stamped), pdf_of(full)
    assert len(a) == len(b) == 4 // per_page
    for i in range(len(a)):
        assert a[i].get_textpage().get_text_range() == b[i].get_textpage().get_text_range()
        # every glyph in the same place: kerned text is written with per-glyph adjustments, and a form's matrix
        # and the page's sum them in a different order, so a place may differ in the last digit
        for (ca, xa, ya), (cb, xb, yb) in zip(_origins(a[i]), _origins(b[i]), strict=True):
            assert ca == cb and abs(xa - xb) <= ORIGIN_SLACK and abs(ya - yb) <= ORIGIN_SLACK, (ca, xa, xb)
        pa, pb = (d[i].render(scale=2).to_pil().convert("RGB") for d in (a, b))
        diff = ImageChops.difference(pa, pb).convert("L").point(lambda v: 255 if v > 4 else 0)
        # anti-aliasing at most: the same drawing; pdfium snaps a glyph to whole pixels, so one glyph whose place
        # differs by that last digit may land a pixel column over (a glyph at 6 pt is some 60 pixels here)
        assert sum(diff.histogram()[255:]) <= SNAPPED_GLYPH_PIXELS


def test_every_sheet_keeps_its_own_serial_and_qr_and_the_preflight_sees_every_text() -> None:
    sheets, _, _ = build(count=3)
    r = render(sheets, PrintSettings(paper="a4"), "en")
    doc = pdf_of(r)
    texts = [doc[i].get_textpage().get_text_range() for i in range(3)]
    serials = [p.name.rsplit(" ", 1)[-1] for p in sheets.pages]
    for text, serial in zip(texts, serials, strict=True):
        assert serial in text and all(s not in text for s in serials if s != serial)
    assert r.log is not None
    placed = [p for p in r.log.placements if p.role == "sheet"]
    counts = {len(p.texts) for p in placed}
    assert len(placed) == 3 and len(counts) == 1
    assert counts.pop() == sum(1 for e in sheets.pages[0].elements if type(e).__name__ == "Text")


def test_the_preflight_of_a_stamped_pad_finds_what_checking_every_sheet_in_full_finds() -> None:
    """Later sheets skip only what involves the shared elements alone; every finding is still there,
    on shared elements (once) and on each sheet's own ones (per sheet)."""
    from dataclasses import replace

    from printkit.engine.components import SheetComponent
    from printkit.engine.elements import Line, Piece, Text
    from printkit.engine.preflight.layout_checks import check_log

    shared = [Text(20 + 10 * (k % 10), 20 + 12 * (k // 10), 9, 8, f"w{k}", size=9) for k in range(30)]
    shared += [Text(20, 20, 40, 8, "over the first words", size=9),  # overlaps shared texts
               Line(10, 60, 190, 60, "#000000", 0.5)]
    pieces = tuple(Piece(f"sheet {n}", 210, 297, (*shared, Text(60 + 30 * n, 55, 30, 10, f"serial {n}", size=9)))
                   for n in range(3))  # each sheet's own text sits on the line, somewhere else
    r = render(SheetComponent("pad", "pad", pieces), PrintSettings(paper="a4"), "en")
    assert r.log is not None and [p.checked for p in r.log.placements if p.role == "sheet"] == [0, 32, 32]
    full = replace(r.log, placements=[replace(p, checked=0) for p in r.log.placements])
    found = [str(f) for f in check_log(r.log, languages=False)]
    assert found == [str(f) for f in check_log(full, languages=False)]
    assert any("over the first words" in f for f in found)
    assert sum("'serial " in f for f in found) == 3  # each sheet's own text, on each sheet
