"""Sheets painted to their edge (a player aid's cream) and cut out, two to a page: each gets bleed, with a gutter of
twice the bleed between the two where the paper has room, so a miscut shows neither white nor the other sheet."""

from __future__ import annotations

import pytest

from devkit.readback import boxes_mm, render_page
from printkit.engine.components import SheetComponent
from printkit.engine.elements import Piece, Rect
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight import read_back
from printkit.engine.render.pdf import render

CREAM, RED, BLUE = (251, 247, 238), (200, 30, 30), (30, 60, 200)


def _aid(header: str) -> Piece:
    return Piece(
        "aid",
        200,
        130,
        (Rect(0, 0, 200, 130, fill="#fbf7ee", stroke=None), Rect(-3, -3, 206, 14, fill=header, stroke=None)),
        bleed_color="#fbf7ee",
    )


def _pixel(img, x: float, y: float, dpi: int = 150) -> tuple[int, int, int]:
    return img.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi)))


def _near(a, b, tol: int = 12) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


# A4 has room for a gutter of twice the 3 mm bleed; Letter (19.4 mm to spare) for one of 2 x 1.5 mm with the scale
# bar below; 215 x 270 mm (10 mm to spare) for none: the two share a cut line.
@pytest.mark.parametrize(("paper", "gutter"), [("a4", 6.0), ("letter", 3.0), ("215x270", 0.0)])
def test_two_aids_to_a_page_get_bleed_and_a_gutter_where_it_fits(paper: str, gutter: float, tmp_path):
    comp = SheetComponent("aids", "Aids", (_aid("#c81e1e"), _aid("#1e3cc8")), per_page=2)
    pdf = render(comp, PrintSettings(paper=paper), "en").pdf
    boxes = boxes_mm(pdf, 0)
    left, top, right, bottom = boxes["trim"]
    assert (right - left, bottom - top) == pytest.approx((200, 260 + gutter), abs=0.01)
    assert boxes["bleed"] == pytest.approx((left - 3, top - 3, right + 3, bottom + 3), abs=0.01)
    img = render_page(pdf, 0, 150)
    mid = (left + right) / 2
    assert _near(_pixel(img, mid, top - 2), RED)  # the first header runs into the bleed above its cut
    assert _near(_pixel(img, left - 2, top + 60), CREAM)  # cream past the side cut
    assert _near(_pixel(img, mid, bottom + 2), CREAM)  # and past the bottom cut
    first_cut = top + 130
    if gutter:  # each aid's own bleed in the gutter: cream below the first, blue above the second
        assert _near(_pixel(img, mid, first_cut + gutter / 2 - 0.4), CREAM)
        assert _near(_pixel(img, mid, first_cut + gutter / 2 + 0.4), BLUE)
    else:  # a shared cut: the first aid's cream stops at it, the second's header starts there
        assert _near(_pixel(img, mid, first_cut - 0.5), CREAM)
        assert _near(_pixel(img, mid, first_cut + 0.5), BLUE)
    path = tmp_path / "aids.pdf"
    path.write_bytes(pdf)
    assert read_back(path).findings == []
