"""Adjacent full-width punctuation is set close, as Taiwan prints it (W3C clreq: two marks side by side take one and
a half ems): "），" prints the comma half an em after the bracket, not a whole em.  Read back from the PDF: where
each glyph is drawn (its origin) and its ink."""

from __future__ import annotations

import ctypes
import io
import itertools

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from printkit.engine.components import SheetComponent
from printkit.engine.elements import Piece, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.engine.render.text import fit_text

SIZE = 10.0  # pt: an em of the bundled Chinese face is 10 pt wide


def _glyphs(text: str, width_mm: float = 100, wrap: bool = False) -> list[tuple[str, float, float, float]]:
    """Each printed character of the piece: (character, origin x, ink left, ink right) in pt."""
    piece = Piece("p", 120, 40, (Text(10, 5, width_mm, 30, text, size=SIZE, min_size=SIZE, wrap=wrap),))
    pdf = render(SheetComponent("t", "t", (piece,)), PrintSettings(paper="a4"), "zh-TW").pdf
    page = pypdfium2.PdfDocument(io.BytesIO(pdf))[0]
    tp = page.get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    shown = text.replace(" ", "").replace("*", "")
    out = []
    for i in range(tp.count_chars()):
        ch = tp.get_text_range(i, 1)
        if ch not in text or not ch.strip():
            continue
        pdfium_c.FPDFText_GetCharOrigin(tp, i, x, y)
        left, _, right, _ = tp.get_charbox(i)
        out.append((ch, x.value, left, right))
        if len(out) == len(shown):
            break  # the page's own calibration line follows
    assert "".join(g[0] for g in out) == shown, out
    return out


def _steps(text: str) -> list[float]:
    """The distance in ems from each glyph's origin to the next's."""
    g = _glyphs(text)
    return [round((b[1] - a[1]) / SIZE, 2) for a, b in itertools.pairwise(g)]


def test_a_closing_bracket_before_a_comma_gives_up_its_blank_half():
    # 甲 ） ， 乙: the bracket takes half an em, everything else a whole one
    assert _steps("甲），乙") == [1.0, 0.5, 1.0]


def test_a_colon_before_an_opening_bracket_pulls_the_bracket_in():
    # 說 ： 「 丙: the opening bracket is drawn half an em early and still ends where 丙 begins
    g = _glyphs("說：「丙")
    assert [round((b[1] - a[1]) / SIZE, 2) for a, b in itertools.pairwise(g)] == [1.0, 0.5, 1.0]
    colon, bracket = g[1], g[2]
    assert bracket[2] - colon[3] == pytest.approx(0.57 * SIZE, abs=0.1)  # Noto Sans TC: 「's ink starts 0.65 em in


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("丙」。丁", [1.0, 0.5, 1.0]),  # closing + full stop
        ("甲」）乙", [1.0, 0.5, 1.0]),  # closing + closing
        ("書名》（注", [1.0, 1.0, 0.5, 1.0]),  # closing + opening, across what was a break opportunity
        ("甲（「乙", [1.0, 0.5, 1.0]),  # opening + opening: the second one's blank left half
        ("甲。」乙", [1.0, 0.75, 1.0]),  # a middle mark before a closing bracket has only its quarter to give
    ],
)
def test_every_kind_of_pair_is_set_close(text, steps):
    assert _steps(text) == steps


@pytest.mark.parametrize("text", ["甲，乙", "（甲）", "「甲」", "甲）乙（丙", "甲？」乙", "甲） ，乙"])
def test_a_mark_without_a_mark_beside_it_keeps_its_whole_em(text):
    # a lone mark, a question mark (its ink reaches the quarters), and a pair with a space between
    steps = _steps(text)
    assert all(s >= 1.0 for s in steps), steps


def test_bold_is_set_close_too():
    # the bold face has no halt feature: the blank is read from each glyph's ink
    assert _steps("**甲），乙**") == [1.0, 0.5, 1.0]


def test_no_ink_overlaps_in_a_run_of_marks():
    g = _glyphs("甲（「乙」），丙。」「丁」）；戊")
    for a, b in itertools.pairwise(g):
        assert a[3] <= b[2] + 0.05, (a, b)


def test_the_line_is_measured_as_it_is_set():
    # 甲），乙 is 3.5 ems: it fits a box 3.5 ems wide at 10 pt without shrinking, and not one a little narrower
    assert fit_text("甲），乙", 3.5 * SIZE + 0.01, 100, SIZE, SIZE).lines[0].width == pytest.approx(3.5 * SIZE)
    assert fit_text("甲），乙", 3.5 * SIZE + 0.01, 100, SIZE, SIZE, wrap=False).fits
    assert not fit_text("甲），乙", 3.4 * SIZE, 100, SIZE, SIZE, wrap=False).fits


def test_a_right_aligned_line_ends_at_the_edge():
    piece = Piece(
        "p", 120, 40, (Text(10, 5, 100, 30, "甲），乙", size=SIZE, min_size=SIZE, align="right", wrap=False),)
    )
    pdf = render(SheetComponent("t", "t", (piece,)), PrintSettings(paper="a4"), "zh-TW").pdf
    tp = pypdfium2.PdfDocument(io.BytesIO(pdf))[0].get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    pdfium_c.FPDFText_GetCharOrigin(tp, 3, x, y)  # 乙, whose em ends where the box does
    box_right_pt = ((210 - 120) / 2 + 110) * 72 / 25.4
    assert x.value + SIZE == pytest.approx(box_right_pt, abs=0.05)


def test_the_pair_never_starts_a_line_apart():
    # "》（" may not be split by a line break (where "甲乙書名》" would fill the line): it breaks before 名
    lines = fit_text("甲乙書名》（注釋）", 6.2 * SIZE, 100, SIZE, SIZE).line_texts
    assert lines == ("甲乙書", "名》（注釋）"), lines


def test_the_text_reads_back_as_written():
    piece = Piece("p", 120, 40, (Text(10, 5, 100, 30, "甲），乙說：「丙」。", size=SIZE, min_size=SIZE, wrap=False),))
    pdf = render(SheetComponent("t", "t", (piece,)), PrintSettings(paper="a4"), "zh-TW").pdf
    text = pypdfium2.PdfDocument(io.BytesIO(pdf))[0].get_textpage().get_text_range()
    assert "甲），乙說：「丙」。" in text
