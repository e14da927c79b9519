"""The read-back preflight (`printkit preflight`) on PDFs made with ReportLab directly, each made to be wrong in
one way or made to be right: every problem is found with its page and position, and nothing right is flagged.

Positions are pinned in mm from the page's top-left corner, worked out from how each file was drawn."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas
from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.errors import InputError
from printkit.engine.preflight import read_back
from printkit.engine.preflight.pdf_checks import east_asian_script
from printkit.engine.render import fonts

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
runner = CliRunner()


def _pdf(
    tmp_path: Path,
    draw: Callable[[Canvas], None],
    trim: tuple[float, float, float, float] | None = None,
    bleed: float = 3.0,
    name: str = "t.pdf",
    pages: int = 1,
) -> Path:
    """An A4 PDF; ``trim`` (left, top, right, bottom in mm from the top-left) sets TrimBox and BleedBox."""
    fonts.register()
    path = tmp_path / name
    c = Canvas(str(path), pagesize=A4, invariant=1)
    for _ in range(pages):
        if trim is not None:
            left, top, right, bottom = trim
            c.setTrimBox((left * MM, (297 - bottom) * MM, right * MM, (297 - top) * MM))
            c.setBleedBox(
                ((left - bleed) * MM, (297 - bottom - bleed) * MM, (right + bleed) * MM, (297 - top + bleed) * MM)
            )
        draw(c)
        c.showPage()
    c.save()
    return path


def _at(y_down: float) -> float:
    """PDF y of a point ``y_down`` mm from the top of an A4 page."""
    return (297 - y_down) * MM


def _messages(path: Path) -> list[str]:
    return [str(f) for f in read_back(path).findings]


def _position(message: str) -> tuple[float, float]:
    x, y = re.search(r"at \((-?[\d.]+), (-?[\d.]+)\) mm", message).groups()
    return float(x), float(y)


def _text(c: Canvas, x: float, y_down: float, text: str, size: float = 10) -> None:
    c.setFont(fonts.SANS, size)
    c.drawString(x * MM, _at(y_down), text)


def test_a_clean_card_sheet_with_marks_scale_bar_and_bled_art_passes(tmp_path: Path):
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.rect(17 * MM, _at(283), 176 * MM, 269 * MM, fill=1, stroke=0)  # art to 3 mm past the cut
        _text(c, 30, 40, "Legible text well inside")
        c.setLineWidth(0.5)
        c.line(5.0 * MM, _at(17), 15 * MM, _at(17))  # a crop mark from 5 mm off the left edge
        c.line(20 * MM, _at(5), 20 * MM, _at(12))  # and from 5 mm off the top edge
        c.line(4.995 * MM, _at(290), 4.995 * MM, _at(288))  # the scale bar's end tick at 4.995 mm

    path = _pdf(tmp_path, draw, trim=(20, 17, 190, 280))
    assert _messages(path) == []
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.exit_code == 0 and "clean" in result.output


def test_text_inside_the_trim_two_mm_from_the_edge_is_found_with_page_and_position(tmp_path: Path):
    path = _pdf(tmp_path, lambda c: _text(c, 2, 100, "Edge"), trim=(0, 0, 210, 297), bleed=0, pages=2)
    found = _messages(path)
    assert len(found) == 2  # one per page
    for page, message in enumerate(found, start=1):
        assert f"page {page}:" in message and "text 'Edge' inside the trim" in message
        assert "[trim]" in message
        # drawn from 2 mm: the first glyph's ink starts a side bearing further in
        assert 2.0 <= float(re.search(r"comes ([\d.]+) mm from the left paper edge", message).group(1)) <= 2.6
        x, y = _position(message)
        assert 2 <= x <= 5 and 96 <= y <= 100


def test_a_mark_near_each_of_the_four_edges_is_found_at_its_edge(tmp_path: Path):
    def draw(c: Canvas) -> None:
        c.setLineWidth(0.5)
        c.line(1 * MM, _at(150), 4 * MM, _at(150))  # left, 1 mm in
        c.line(206 * MM, _at(60), 208 * MM, _at(60))  # right, 2 mm in
        c.line(100 * MM, _at(2), 100 * MM, _at(4.5))  # top, 2 mm in
        c.line(60 * MM, _at(294), 60 * MM, _at(296.5))  # bottom, 0.5 mm in

    found = _messages(_pdf(tmp_path, draw, trim=(30, 30, 180, 267)))
    expect = {
        "left": (1.0, (2.5, 150)),
        "right": (2.0, (207, 60)),
        "top": (2.0, (100, 3.2)),
        "bottom": (0.5, (60, 295.2)),
    }
    assert len(found) == 4
    for side, (distance, (x, y)) in expect.items():
        (message,) = [m for m in found if f"the {side} paper edge" in m]
        assert "a line outside the bleed" in message and f"comes {distance:.1f} mm" in message
        px, py = _position(message)
        assert abs(px - x) <= 1.5 and abs(py - y) <= 1.5, message


def test_a_line_drawn_through_a_form_is_judged_where_it_prints(tmp_path: Path):
    def form(c: Canvas, x: float, y_down: float) -> None:
        c.beginForm("mark")
        c.setLineWidth(0.5)
        c.line(0, 0, 5 * MM, 0)  # 5 mm long at the form's origin
        c.endForm()
        c.saveState()
        c.translate(x * MM, _at(y_down))
        c.doForm("mark")
        c.restoreState()

    inside = _pdf(tmp_path, lambda c: form(c, 100, 150), trim=(30, 30, 180, 267), name="inside.pdf")
    assert _messages(inside) == []  # pdfium alone reads it at the paper's corner
    near = _pdf(tmp_path, lambda c: form(c, 202, 150), trim=(30, 30, 180, 267), name="near.pdf")
    (message,) = _messages(near)
    assert "the right paper edge" in message and "comes 3.0 mm" in message
    assert abs(_position(message)[1] - 150) <= 0.5


def test_a_form_scaled_down_prints_its_text_small_and_a_clip_hides_what_it_cuts(tmp_path: Path):
    def draw(c: Canvas) -> None:
        c.beginForm("label")
        c.setFont(fonts.SANS, 10)
        c.drawString(0, 0, "Shrunk")
        c.endForm()
        c.saveState()
        c.translate(50 * MM, _at(100))
        c.scale(0.5, 0.5)  # 10 pt drawn at half size: 5 pt on paper
        c.doForm("label")
        c.restoreState()
        c.saveState()  # text 1 mm from the edge, clipped away entirely
        p = c.beginPath()
        p.rect(20 * MM, _at(200), 50 * MM, 10 * MM)
        c.clipPath(p, stroke=0, fill=0)
        _text(c, 1, 195, "Hidden")
        c.restoreState()

    (message,) = _messages(_pdf(tmp_path, draw, trim=(0, 0, 210, 297), bleed=0))
    assert "Latin text 'Shrunk' printed at 5.00 pt" in message and "below 6 pt" in message
    x, y = _position(message)
    assert abs(x - 50) <= 0.5 and 97 <= y <= 100


def test_each_script_is_held_to_its_own_floor(tmp_path: Path):
    def draw(c: Canvas) -> None:
        _text(c, 30, 50, "Latin at six", size=6.0)  # Latin's floor: fine
        _text(c, 30, 80, "中文字", size=6.2)  # under Chinese's 6.5 pt floor, above Latin's

    (message,) = _messages(_pdf(tmp_path, draw, trim=(0, 0, 210, 297), bleed=0))
    assert "Chinese text '中文字' printed at 6.20 pt" in message and "below 6.5 pt" in message
    assert abs(_position(message)[0] - 30) <= 0.5


def test_japanese_and_korean_text_are_named_so_not_chinese(tmp_path: Path):
    def draw(c: Canvas) -> None:
        _text(c, 30, 80, "火のカード", size=6.2)  # kana: Japanese, though 火 is a Han character too

    (message,) = _messages(_pdf(tmp_path, draw, trim=(0, 0, 210, 297), bleed=0))
    assert "Japanese text '火のカード' printed at 6.20 pt" in message and "Chinese" not in message
    assert east_asian_script("카드 한 장") == "Korean" and east_asian_script("火球術") == "Chinese"
    assert east_asian_script("ｶｰﾄﾞ") == "Japanese"  # half-width katakana


def test_text_under_six_points_is_found(tmp_path: Path):
    (message,) = _messages(
        _pdf(tmp_path, lambda c: _text(c, 40, 60, "Tiny", size=5.5), trim=(0, 0, 210, 297), bleed=0, pages=1)
    )
    assert "page 1:" in message and "5.50 pt" in message and "[floor]" in message


def test_a_card_with_no_bleed_is_found_and_one_with_bleed_passes(tmp_path: Path):
    def card(run: float) -> Callable[[Canvas], None]:
        def draw(c: Canvas) -> None:
            c.setFillColorRGB(0.1, 0.5, 0.2)
            c.rect((30 - run) * MM, _at(118 + run), (63 + 2 * run) * MM, (88 + 2 * run) * MM, fill=1, stroke=0)

        return draw

    bare = _pdf(tmp_path, card(0), trim=(30, 30, 93, 118), name="bare.pdf")
    found = _messages(bare)
    assert len(found) == 4 and all("no bleed" in m and "[bleed]" in m for m in found)
    assert {re.search(r"the (\w+) cut", m).group(1) for m in found} == {"left", "right", "top", "bottom"}
    left = next(m for m in found if "left cut" in m)
    assert _position(left) == (30.0, 74.0)
    assert _messages(_pdf(tmp_path, card(3), trim=(30, 30, 93, 118), name="bled.pdf")) == []
    # a white panel stopping at the cut shows nothing when cut short
    white = _pdf(
        tmp_path,
        lambda c: (c.setFillColorRGB(1, 1, 1), c.rect(30 * MM, _at(118), 63 * MM, 88 * MM, fill=1, stroke=0)),
        trim=(30, 30, 93, 118),
        name="white.pdf",
    )
    assert _messages(white) == []


def test_an_unembedded_font_is_named(tmp_path: Path):
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50 * MM, _at(50), "Helvetica is never embedded")

    (message,) = _messages(_pdf(tmp_path, draw, trim=(0, 0, 210, 297), bleed=0))
    assert "fonts not embedded: Helvetica" in message


def test_a_full_page_fill_with_no_trim_is_a_note_not_a_problem(tmp_path: Path):
    def draw(c: Canvas) -> None:
        c.setFillColorRGB(0.95, 0.9, 0.8)
        c.rect(0, 0, *A4, fill=1, stroke=0)
        _text(c, 30, 50, "On cream")

    path = _pdf(tmp_path, draw)
    report = read_back(path)
    assert report.findings == []
    assert len(report.notes) == 1 and "white border" in report.notes[0]
    result = runner.invoke(app, ["preflight", str(path)])
    assert result.exit_code == 0 and "note:" in result.output and "white border" in result.output


def test_bleed_running_into_the_margin_is_fine_but_art_inside_the_trim_there_is_not(tmp_path: Path):
    def draw(run_to: float) -> Callable[[Canvas], None]:
        def paint(c: Canvas) -> None:
            c.setFillColorRGB(0.2, 0.2, 0.6)
            c.rect(run_to * MM, _at(150), 60 * MM, 40 * MM, fill=1, stroke=0)

        return paint

    # trim 6 mm from the left edge: the bleed reaches 3 mm from it, into the unprintable band, and is cut away
    assert _messages(_pdf(tmp_path, draw(3), trim=(6, 30, 180, 267), name="bleed.pdf")) == []
    # trim at 2 mm from the edge: the art inside the trim is lost to the printer
    (message,) = _messages(_pdf(tmp_path, draw(-1), trim=(2, 30, 180, 267), bleed=2, name="lost.pdf"))
    assert "a filled shape inside the trim" in message and "left paper edge" in message


def _nested_forms(c: Canvas) -> None:
    """A page of 2 rectangles and a form of 3 rectangles and a form of 4: 11 objects as pdfium counts them (each
    placed form is one object, its contents counted besides)."""
    if not c.hasForm("outer"):  # defined once, placed on every page
        c.beginForm("inner")
        for i in range(4):
            c.rect(100 + 10 * i, 400, 5, 5)
        c.endForm()
        c.beginForm("outer")
        for i in range(3):
            c.rect(100 + 10 * i, 300, 5, 5)
        c.doForm("inner")
        c.endForm()
    c.rect(100, 200, 5, 5)
    c.rect(120, 200, 5, 5)
    c.doForm("outer")


def test_objects_inside_forms_inside_forms_count_toward_the_page_cap(tmp_path: Path, monkeypatch):
    from printkit.engine.preflight import pdf_checks

    path = _pdf(tmp_path, _nested_forms)
    monkeypatch.setattr(pdf_checks, "MAX_PAGE_OBJECTS", 11)
    assert read_back(path).findings == []
    monkeypatch.setattr(pdf_checks, "MAX_PAGE_OBJECTS", 10)
    with pytest.raises(InputError, match="page 1 draws more than 10 objects"):
        read_back(path)


def test_the_document_cap_counts_every_page_and_names_the_pages_it_read(tmp_path: Path, monkeypatch):
    from printkit.engine.preflight import pdf_checks

    path = _pdf(tmp_path, _nested_forms, pages=3)
    monkeypatch.setattr(pdf_checks, "MAX_DOCUMENT_OBJECTS", 33)
    assert read_back(path).findings == []
    monkeypatch.setattr(pdf_checks, "MAX_DOCUMENT_OBJECTS", 30)
    with pytest.raises(InputError, match="pages 1-3 draw more than 30 objects"):
        read_back(path)
    # a page over both caps at once is named by the one an object-by-object count passes first
    monkeypatch.setattr(pdf_checks, "MAX_PAGE_OBJECTS", 10)
    monkeypatch.setattr(pdf_checks, "MAX_DOCUMENT_OBJECTS", 5)
    with pytest.raises(InputError, match="pages 1-1 draw more than 5 objects"):
        read_back(path)
