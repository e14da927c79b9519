"""Gradients inside shared forms (drawn once per PDF as an XObject: an SVG icon, a stamp of the elements a pad's
sheets share) carry their shading in the form's own resources: else the form's ``sh`` names nothing and the
gradient is not painted.  Checked with qpdf's syntax check (through pikepdf), the form's /Resources, and pixels."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.elements import Gradient, Piece, Rect
from printkit.engine.render.draw import draw_piece, make_stamp
from tests.engine.deck_files import build, write

GLOW = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient></defs>
  <rect x="0" y="0" width="24" height="24" fill="url(#g)"/>
</svg>
"""


def _forms_shadings(pdf: pikepdf.Pdf) -> list[tuple[set[str], set[str]]]:
    """For each form the pages place: the shadings its content paints (``/ShN sh``), those its /Resources hold."""
    out = []
    for page in pdf.pages:
        for xo in page.Resources.get("/XObject", {}).values():
            if xo.get("/Subtype") != "/Form":
                continue
            ops = xo.read_bytes().split()
            used = {ops[i - 1].decode() for i, op in enumerate(ops) if op == b"sh"}
            res = xo.get("/Resources")
            held = {str(k) for k in res.Shading} if res is not None and "/Shading" in res else set()
            out.append((used, held))
    return out


def _pixel(pdf_bytes: bytes, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    page = pdfium.PdfDocument(pdf_bytes)[0]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")
    return image.getpixel((round(x_mm / 25.4 * 72 * scale), round(y_mm / 25.4 * 72 * scale)))


def test_an_svg_icon_with_a_gradient_keeps_its_shading_in_its_form(tmp_path: Path) -> None:
    write(tmp_path / "templates" / "icons" / "glow.svg", GLOW)
    write(tmp_path / "templates" / "cards" / "front.yaml", """
        elements:
          - icon: {x: 5, y: 5, w: 20, h: 20, name: glow}
          - text: {x: 4, y: 40, w: 55, h: 10, text: "{{ card.name }} :glow:", size: 12}
    """)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ntemplates: templates\nfront: front\n"
                                         "cards:\n  - {name: A, qty: 3}\n")
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    data = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert pdf.check_pdf_syntax() == []
        forms = _forms_shadings(pdf)
    assert len(forms) == 2  # the icon drawn once as an element, once inline in the text (another size)
    for used, held in forms:
        assert used and used <= held, (used, held)


def test_a_stamp_with_gradients_keeps_their_shadings_in_its_form(tmp_path: Path) -> None:
    sky = Rect(0, 0, 100, 40, fill=None, stroke=None, gradient=Gradient(colors=("#ff0000", "#0000ff"), angle=0))
    sun = Rect(0, 50, 100, 40, fill=None, stroke=None,
               gradient=Gradient(colors=("#00ff00", "#000000"), kind="radial"))
    piece = Piece("sheet", 100, 100, (sky, sun))
    out = io.BytesIO()
    c = Canvas(out, pagesize=(100 * mm, 100 * mm))
    stamp = make_stamp(c, piece, 2, "pkstamp1", lambda _w: None)
    draw_piece(c, piece, (0, 100 * mm), lambda _w: None, stamp=stamp)
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(out.getvalue())) as pdf:
        assert pdf.check_pdf_syntax() == []
        (used, held), = _forms_shadings(pdf)
    assert len(used) == 2 and used <= held
    left, right = _pixel(out.getvalue(), 3, 20), _pixel(out.getvalue(), 97, 20)
    assert left[0] > 200 and left[2] < 60 and right[2] > 200 and right[0] < 60  # red to blue, painted
