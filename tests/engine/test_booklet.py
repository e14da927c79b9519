"""Booklet imposition: saddle-stitch page order, blanks, and the order read back from the PDF."""

from __future__ import annotations

import pytest

from devkit.readback import find_text, page_count, page_size_mm, shapes
from printkit.engine.booklet import booklet, booklet_page_size, saddle_stitch_order
from printkit.engine.elements import Piece, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

# Written out by hand from a folded paper dummy: (front left, front right, back left, back right) per sheet.
PUBLISHED = {
    4: [4, 1, 2, 3],
    8: [8, 1, 2, 7, 6, 3, 4, 5],
    12: [12, 1, 2, 11, 10, 3, 4, 9, 8, 5, 6, 7],
}


@pytest.mark.parametrize("n", [4, 8, 12])
def test_order_of_whole_booklets(n):
    assert saddle_stitch_order(n) == PUBLISHED[n]


@pytest.mark.parametrize(("n", "expected"), [
    (1, [None, 1, None, None]),
    (2, [None, 1, 2, None]),
    (3, [None, 1, 2, 3]),
    (5, [None, 1, 2, None, None, 3, 4, 5]),
    (7, [None, 1, 2, 7, 6, 3, 4, 5]),
    (9, [None, 1, 2, None, None, 3, 4, 9, 8, 5, 6, 7]),
])
def test_odd_counts_get_blank_pages(n, expected):
    assert saddle_stitch_order(n) == expected
    numbers = [p for p in saddle_stitch_order(n) if p is not None]
    assert sorted(numbers) == list(range(1, n + 1))


@pytest.mark.parametrize(("paper", "size"), [("a4", (148.5, 210.0)), ("letter", (139.7, 215.9)),
                                              ("a3", (210.0, 297.0))])
def test_page_sizes(paper, size):
    assert booklet_page_size(paper) == pytest.approx(size)


@pytest.mark.parametrize("paper", ["300x450", "450x300", "30x45cm"])
def test_page_size_on_a_paper_of_ones_own(paper):
    """Any --paper works (a custom size crashed the build): half the long side by the short side."""
    assert booklet_page_size(paper) == pytest.approx((225.0, 300.0))


@pytest.mark.parametrize(("n", "paper"), [(4, "a4"), (8, "letter"), (12, "a3"), (6, "a4")])
def test_page_order_read_back_from_the_pdf(n, paper):
    w, h = booklet_page_size(paper)
    pages = [Piece(f"p{i}", w, h, (Text(20, 20, w - 40, 30, f"PAGE{i}Q", size=20),)) for i in range(1, n + 1)]
    data = render(booklet("rules", "Rules", pages), PrintSettings(paper=paper), "en").pdf
    sheets = -(-n // 4)
    assert page_count(data) == 2 * sheets  # front and back of each sheet
    pw, ph = page_size_mm(data, 0)
    assert pw > ph  # landscape
    got: list[int | None] = []
    for side in range(2 * sheets):
        found = {i: find_text(data, f"PAGE{i}Q", side) for i in range(1, n + 1)}
        on_side = sorted((xy[0][0], i) for i, xy in found.items() if xy)
        left = [i for x, i in on_side if x < pw / 2]
        right = [i for x, i in on_side if x >= pw / 2]
        got += [left[0] if left else None, right[0] if right else None]
    expected = saddle_stitch_order(n)
    assert got == expected
    if n == 6:
        assert got == [None, 1, 2, None, 6, 3, 4, 5]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_booklet_sheets_carry_no_crop_marks(paper):
    """Two pages fill the side exactly and the sheet is folded, not cut: nothing is drawn near the paper
    edge (a mark there would be lost by the printer and tell a print shop to cut the pages apart)."""
    w, h = booklet_page_size(paper)
    pages = [Piece(f"p{i}", w, h, (Text(20, 20, w - 40, 30, f"PAGE{i}Q", size=20),)) for i in range(1, 5)]
    data = render(booklet("rules", "Rules", pages), PrintSettings(paper=paper), "en").pdf
    for side in range(page_count(data)):
        pw, ph = page_size_mm(data, side)
        near_edge = [s for s in shapes(data, side)
                     if min(s.left, s.top, pw - s.right, ph - s.bottom) < 5.0]
        assert near_edge == [], (paper, side)
        # and nothing printkit adds (the scale bar) straddles the fold, half on each page
        assert [s for s in shapes(data, side) if s.left < pw / 2 - 0.5 < s.right] == [], (paper, side)


def test_a_booklet_page_colour_stops_in_an_even_frame_inside_the_printable_area(tmp_path):
    """A page colour drawn to the page edge would meet the paper edge (TrimBox = MediaBox: nothing is cut), where
    home printers leave an uneven 3-5 mm white border: it stops 5 mm in instead, and runs on across the fold."""
    from devkit.readback import render_page
    from printkit.engine.booklet import booklet, booklet_page_size
    from printkit.engine.elements import Piece, Rect
    from printkit.engine.paper import PrintSettings
    from printkit.engine.preflight import read_back
    from printkit.engine.render.pdf import render

    w, h = booklet_page_size("a4")
    pages = [Piece(f"page {i}", w, h, (Rect(0, 0, w, h, fill="#f6ecd6", stroke=None),)) for i in range(4)]
    pdf = render(booklet("rules", "Rules", pages), PrintSettings(paper="a4"), "en").pdf
    path = tmp_path / "booklet.pdf"
    path.write_bytes(pdf)
    report = read_back(path)
    assert report.findings == [] and report.notes == []
    img = render_page(pdf, 0, 150)

    def px(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return img.getpixel((round(x_mm / 25.4 * 150), round(y_mm / 25.4 * 150)))

    cream, white = (246, 236, 214), (255, 255, 255)
    for x, y in ((4.5, 100), (292.5, 100), (70, 4.5), (220, 205.5)):  # inside each edge's 5 mm
        assert px(x, y) == white, (x, y)
    for x, y in ((5.5, 100), (291.5, 100), (70, 5.5), (220, 204.5), (148.5, 100)):  # past it, and at the fold
        assert all(abs(a - b) <= 3 for a, b in zip(px(x, y), cream, strict=True)), (x, y)
