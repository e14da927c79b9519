"""Player aids, two to a sheet, each with its own bleed: read back from the PDF, the colour 1 mm inside every cut
runs on at least 1.2 mm past it (into the gutter on Letter too, where the paper leaves 19.4 mm to spare), so a
0.3 mm miscut shows neither white nor the next aid's header; and the sheet keeps its 50 mm scale bar."""

from __future__ import annotations

import pytest

from devkit.readback import boxes_mm, find_text, page_count, render_page
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight import read_back
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K

DPI = 300
AID_H = 130.0  # mm, the aid's height
PAST, INSIDE = 1.2, 1.0  # mm: sampled past each cut, and the colour it must match inside it


def _aids_pdf(paper: str) -> bytes:
    comps = K.components(BuildOptions(paper=paper, lang="en", players=4, seed=7, extra={}))
    aids = next(c for c in comps if getattr(c, "name", None) == "player-aids")
    r = render(aids, PrintSettings(paper=paper), "en")
    assert not r.warnings
    return r.pdf


def _pixel(img, x: float, y: float) -> tuple[int, int, int]:
    return img.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI)))[:3]


def _same(a, b, tol: int = 10) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize(("paper", "gutter"), [("letter", 3.0), ("a4", 6.0)])
def test_each_aid_bleeds_past_every_cut_and_the_sheet_keeps_its_scale_bar(paper: str, gutter: float, tmp_path):
    pdf = _aids_pdf(paper)
    assert page_count(pdf) == 2
    left, top, right, bottom = boxes_mm(pdf, 0)["trim"]
    assert bottom - top == pytest.approx(2 * AID_H + gutter, abs=0.01)
    img = render_page(pdf, 0, DPI)
    mid = (left + right) / 2
    first_cut, second_top = top + AID_H, top + AID_H + gutter
    # (where a cut is, the colour just inside it, the point past it that must show that colour)
    for cut, inside, past in (
        ("first aid's top", (mid, top + INSIDE), (mid, top - PAST)),
        ("first aid's bottom", (mid, first_cut - INSIDE), (mid, first_cut + PAST)),
        ("second aid's top", (mid, second_top + INSIDE), (mid, second_top - PAST)),
        ("second aid's bottom", (mid, bottom - INSIDE), (mid, bottom + PAST)),
        ("first header's left", (left + INSIDE, top + 5), (left - PAST, top + 5)),
        ("first header's right", (right - INSIDE, top + 5), (right + PAST, top + 5)),
        ("second aid's left", (left + INSIDE, second_top + 60), (left - PAST, second_top + 60)),
        ("second aid's right", (right - INSIDE, second_top + 60), (right + PAST, second_top + 60)),
    ):
        colour = _pixel(img, *inside)
        assert not _same(colour, (255, 255, 255)), cut
        assert _same(_pixel(img, *past), colour), f"{cut} cut: {_pixel(img, *past)} past it, {colour} inside"
    # the two aids' colours at the middle cut differ: a shared cut line would show the header on a miscut
    assert not _same(_pixel(img, mid, first_cut - INSIDE), _pixel(img, mid, second_top + INSIDE))
    assert find_text(pdf, "this bar must measure 50 mm", 0)
    path = tmp_path / "aids.pdf"
    path.write_bytes(pdf)
    assert read_back(path).findings == []
