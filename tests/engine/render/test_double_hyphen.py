"""A command's two hyphens print as two: "--seed" set in the bundled face (whose hyphens stand 0.09 em apart, one
dash at print size) gets a visible gap between them, the line is measured with it, and the PDF still reads "--"."""

from __future__ import annotations

import io

import pypdfium2
import pytest

from printkit.engine.components import SheetComponent
from printkit.engine.elements import Piece, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

SIZE = 10.0  # pt
# Noto Sans TC's hyphen: ink from 0.046 to 0.302 em of a 0.347 em advance, so two in a row stand 0.091 em apart.
FONT_GAP = 0.091
LEAST_GAP = 0.2  # em between the two hyphens' ink, past twice what the face gives (reads as two at 7 pt)


def _chars(text: str, align: str = "left"):
    piece = Piece("hyphens", 120, 20, (Text(10, 5, 100, 10, text, size=SIZE, min_size=SIZE, align=align,
                                            wrap=False),))
    pdf = render(SheetComponent("t", "t", (piece,)), PrintSettings(paper="a4"), "en").pdf
    page = pypdfium2.PdfDocument(io.BytesIO(pdf))[0]
    tp = page.get_textpage()
    n = tp.count_chars()
    return tp.get_text_range(), [(tp.get_text_range(i, 1), tp.get_charbox(i)) for i in range(n)]


@pytest.mark.parametrize("text", ["printkit build --seed 7", "以 --seed 7 重新產生", "Mit --seed 7"])
def test_two_hyphens_stand_apart_and_read_as_two(text):
    read, chars = _chars(text)
    assert "--seed 7" in read
    k = next(i for i, (c, _) in enumerate(chars) if c == "-")
    (_, first), (_, second) = chars[k], chars[k + 1]
    gap_em = (second[0] - first[2]) / SIZE
    assert gap_em >= LEAST_GAP, gap_em
    assert first[2] - first[0] > 0.2 * SIZE  # each is a whole hyphen


def test_a_single_hyphen_keeps_its_place():
    _, chars = _chars("well-known word")
    k = next(i for i, (c, _) in enumerate(chars) if c == "-")
    (_, before), (_, hyphen), (_, after) = chars[k - 1], chars[k], chars[k + 1]
    assert (hyphen[0] - before[2]) / SIZE < FONT_GAP and (after[0] - hyphen[2]) / SIZE < FONT_GAP + 0.05


def test_the_line_is_measured_with_the_gap():
    # right-aligned, the last character ends at the box's right edge (110 mm) only if the width set includes the gap
    _, chars = _chars("--seed", align="right")
    right_pt = max(box[2] for _, box in chars)
    page_left_mm = (210 - 120) / 2  # the piece is centred on A4
    assert abs(right_pt / 72 * 25.4 - (page_left_mm + 110)) < 0.3
