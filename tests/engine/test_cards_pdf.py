"""Cards imposed into a PDF, read back: sizes, marks, backs, pages, text, fonts."""

from __future__ import annotations

import io

import pikepdf
import pytest

from devkit.readback import (
    all_text,
    boxes_mm,
    char_boxes,
    find_text,
    page_count,
    page_size_mm,
    qpdf_problems,
    shapes,
    unembedded_fonts,
)
from printkit.engine.components import CardComponent
from printkit.engine.elements import Piece, Rect, Text
from printkit.engine.errors import MissingGlyphError
from printkit.engine.imposition import card_grid
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

MARKER = "#12ab34"  # a fill no other shape uses
MARKER_RGB = (0x12, 0xAB, 0x34)


def deck(n: int, w: float = 63, h: float = 88, label: str = "F") -> CardComponent:
    fronts = tuple(
        Piece(f"card {i}", w, h, (
            Rect(0, 0, w, h, fill=MARKER, stroke=None),
            Text(5, 5, w - 10, 10, f"{label}{i + 1}", size=12),
        )) for i in range(n)
    )
    backs = tuple(Piece(f"back {i}", w, h, (Text(5, 5, w - 10, 10, f"B{i + 1}", size=12),)) for i in range(n))
    return CardComponent("test", "Test deck", fronts, backs)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("w", "h"), [(63, 88), (57.15, 88.9), (44.45, 63.5), (70, 120)])
def test_every_card_is_its_trim_size_within_0_05_mm(paper, w, h):
    pdf = render(deck(3, w, h), PrintSettings(paper=paper), "en").pdf
    cards = [s for s in shapes(pdf, 0) if s.fill == MARKER_RGB]
    assert len(cards) == 3
    for s in cards:
        assert s.width == pytest.approx(w, abs=0.05)
        assert s.height == pytest.approx(h, abs=0.05)


def test_page_is_exactly_the_paper_size():
    for paper, size in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        pdf = render(deck(1), PrintSettings(paper=paper), "en").pdf
        assert page_size_mm(pdf) == pytest.approx(size, abs=0.01)


def test_crop_marks_line_up_with_card_edges_outside_the_bleed():
    settings = PrintSettings(paper="a4", bleed=3)
    pdf = render(deck(9), settings, "en").pdf
    grid = card_grid(63, 88, settings)
    xs, ys = grid.cut_lines()
    b = grid.block
    # A stroked line's bounds include half the stroke (0.5 pt) on each side.
    lines = [s for s in shapes(pdf, 0) if min(s.width, s.height) < 0.4]
    vertical = [s for s in lines if s.width < 0.4 and s.height > 1 and (s.bottom < b.y or s.top > b.bottom)]
    horizontal = [s for s in lines if s.height < 0.4 and s.width > 1 and (s.right < b.x or s.left > b.right)]
    for x in xs:
        at = [s for s in vertical if abs((s.left + s.right) / 2 - x) < 0.05]
        assert len(at) == 2, f"cut at x={x:.2f} needs a mark above and below"
        for s in at:
            assert s.bottom <= b.y - 3 + 0.2 or s.top >= b.bottom + 3 - 0.2
    for y in ys:
        assert len([s for s in horizontal if abs((s.top + s.bottom) / 2 - y) < 0.05]) == 2


def test_trim_and_bleed_boxes_frame_the_cards():
    pdf = render(deck(9), PrintSettings(paper="a4", bleed=3), "en").pdf
    boxes = boxes_mm(pdf, 0)
    left, top, right, bottom = boxes["trim"]
    assert right - left == pytest.approx(189, abs=0.05)
    assert bottom - top == pytest.approx(264, abs=0.05)
    bl, bt, br, bb = boxes["bleed"]
    assert (left - bl, top - bt, br - right, bb - bottom) == pytest.approx((3, 3, 3, 3), abs=0.05)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_sit_behind_their_fronts(duplex):
    pdf = render(deck(9), PrintSettings(paper="a4", duplex=duplex), "en").pdf
    assert page_count(pdf) == 2
    for i in range(1, 10):
        (fx, fy), = find_text(pdf, f"F{i}", 0)
        (bx, by), = find_text(pdf, f"B{i}", 1)
        # Card i's label sits at the same spot on its card; flip the sheet and it must meet its front.
        if duplex == "long":
            front_col = round((fx - 10.5) // 63)
            back_col = round((bx - 10.5) // 63)
            assert back_col == 2 - front_col
            assert by == pytest.approx(fy, abs=0.05)
        else:
            front_row = round((fy - 16.5) // 88)
            back_row = round((by - 16.5) // 88)
            assert back_row == 2 - front_row
            assert bx == pytest.approx(fx, abs=0.05)


def test_back_card_outline_mirrors_the_front_exactly():
    """The back of card (r, c) occupies the mirror image of its front on the sheet."""
    pw = 210
    pdf = render(deck(2), PrintSettings(paper="a4"), "en").pdf
    front = sorted((s for s in shapes(pdf, 0) if s.fill == MARKER_RGB), key=lambda s: s.left)
    comp = deck(2)
    backs = tuple(Piece(p.name, 63, 88, (Rect(0, 0, 63, 88, fill=MARKER, stroke=None),)) for p in comp.fronts)
    pdf2 = render(CardComponent("t", "t", comp.fronts, backs), PrintSettings(paper="a4"), "en").pdf
    back = sorted((s for s in shapes(pdf2, 1) if s.fill == MARKER_RGB), key=lambda s: s.left, reverse=True)
    for f, b in zip(front, back, strict=True):
        assert b.left == pytest.approx(pw - f.right, abs=0.05)
        assert b.top == pytest.approx(f.top, abs=0.05)


def test_duplex_offset_moves_backs_only():
    plain = render(deck(1), PrintSettings(), "en").pdf
    shifted = render(deck(1), PrintSettings(offset_x=2.0, offset_y=-1.0), "en").pdf
    assert find_text(plain, "F1", 0)[0] == pytest.approx(find_text(shifted, "F1", 0)[0], abs=0.01)
    (x0, y0), = find_text(plain, "B1", 1)
    (x1, y1), = find_text(shifted, "B1", 1)
    assert (x1 - x0, y1 - y0) == pytest.approx((2.0, -1.0), abs=0.05)


@pytest.mark.parametrize(("cards", "pages"), [(0, 0), (9, 2), (10, 4), (1, 2), (18, 4)])
def test_pagination(cards, pages):
    result = render(deck(cards), PrintSettings(), "en")
    assert result.pages == pages
    if cards:
        assert page_count(result.pdf) == pages
        texts = all_text(result.pdf)
        assert f"F{cards}" in texts[-2] and f"B{cards}" in texts[-1]
        if cards == 10:
            assert "F9" in texts[0] and "F10" not in texts[0] and "F10" in texts[2]


def test_no_backs_when_duplex_is_off():
    result = render(deck(10), PrintSettings(duplex="off"), "en")
    assert result.pages == 2
    assert all("B1" not in t for t in all_text(result.pdf))


def test_chinese_text_comes_back_out_of_the_pdf():
    text = "放置一位貴族到聖馬可區，然後可移動過自己的橋。"
    comp = CardComponent("t", "t", (Piece("c", 63, 88, (Text(3, 10, 57, 60, text, size=10),)),))
    pdf = render(comp, PrintSettings(), "zh-TW").pdf
    assert text in all_text(pdf)[0].replace("\r\n", "").replace("\n", "")


def test_missing_glyph_is_an_error_naming_the_string_and_character():
    comp = CardComponent("t", "t", (Piece("card 'Dice'", 63, 88, (Text(3, 10, 57, 20, "Roll ⚀ now"),)),))
    with pytest.raises(MissingGlyphError) as exc:
        render(comp, PrintSettings(), "en")
    message = str(exc.value)
    assert "card 'Dice'" in message and "'⚀'" in message and "U+2680" in message and "Roll ⚀ now" in message


def test_every_font_embedded_pdf_valid_and_not_to_be_scaled():
    pdf = render(deck(10), PrintSettings(), "en").pdf
    assert unembedded_fonts(pdf) == []
    assert qpdf_problems(pdf) == []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        prefs = doc.Root.ViewerPreferences
        assert prefs.PrintScaling == "/None"
        assert prefs.Duplex == "/DuplexFlipLongEdge"


def test_same_input_same_bytes():
    a = render(deck(12), PrintSettings(), "en").pdf
    b = render(deck(12), PrintSettings(), "en").pdf
    assert a == b


def test_scale_bar_is_fifty_millimetres():
    pdf = render(deck(9), PrintSettings(paper="a4"), "en").pdf
    assert "100%" in all_text(pdf)[0]
    thin = [s for s in shapes(pdf, 0) if min(s.width, s.height) < 0.7]
    bars = [s for s in thin if abs(s.width - 50.3) < 0.5]
    assert bars, "a 50 mm scale bar is on the page"
    bar = bars[0]
    ends = sorted((s for s in thin if s.height > 1.5 and bar.left - 0.1 <= s.left <= bar.right), key=lambda s: s.left)
    length = (ends[-1].left + ends[-1].right) / 2 - (ends[0].left + ends[0].right) / 2
    assert length == pytest.approx(50, abs=0.05)


def test_sheets_carry_the_scale_bar_where_their_drawing_leaves_room():
    from printkit.engine.components import SheetComponent

    busy = Piece("aid", 210, 297, (Rect(10, 10, 190, 250, fill="#eeeeee"),))
    full = Piece("poster", 210, 297, (Rect(0, 0, 210, 297, fill="#eeeeee"),))
    pdf = render(SheetComponent("s", "s", (busy, full)), PrintSettings(paper="a4"), "en").pdf
    texts = all_text(pdf)
    assert "50 mm" in texts[0]
    assert "50 mm" not in texts[1]  # never printed over the page's own drawing


def test_crop_marks_around_sheets_only_when_they_are_to_be_cut():
    from printkit.engine.components import SheetComponent

    page = Piece("pad sheet", 210, 297, (Rect(20, 20, 170, 250, fill="#eeeeee"),))

    def corner_marks(cut: bool) -> list:
        pdf = render(SheetComponent("s", "s", (page,), cut=cut), PrintSettings(paper="a3"), "en").pdf
        # marks continue the A4 trim edges, outside the piece: x = 43.5 or 253.5 on A3 (297 wide)
        return [s for s in shapes(pdf, 0) if s.width < 0.4 and s.height > 1
                and abs((s.left + s.right) / 2 - 43.5) < 0.05 and (s.bottom < 61.5 or s.top > 358.5)]

    assert len(corner_marks(True)) == 2
    assert corner_marks(False) == []


def test_one_page_landscape_board_keeps_its_crop_marks_on_the_paper():
    from printkit.engine.components import BoardComponent

    board = Piece("board", 270, 180, (Rect(0, 0, 270, 180, fill=MARKER, stroke=None),))
    pdf = render(BoardComponent("b", "b", board), PrintSettings(paper="a4"), "en").pdf
    assert page_size_mm(pdf) == pytest.approx((297, 210), abs=0.01)
    left, top, right, bottom = boxes_mm(pdf, 0)["trim"]
    assert (right - left, bottom - top) == pytest.approx((270, 180), abs=0.05)

    def on_edge(s) -> bool:
        cx, cy = (s.left + s.right) / 2, (s.top + s.bottom) / 2
        return any(abs(cx - v) < 0.05 for v in (left, right)) or any(abs(cy - v) < 0.05 for v in (top, bottom))

    marks = [s for s in shapes(pdf, 0) if min(s.width, s.height) < 0.4 and 1 < max(s.width, s.height) < 5
             and on_edge(s)]
    assert len(marks) == 8
    for m in marks:
        assert m.left >= 2 - 0.2 and m.right <= 297 - 2 + 0.2 and m.top >= 2 - 0.2 and m.bottom <= 210 - 2 + 0.2


@pytest.mark.parametrize(("w", "h", "paper", "vertical"), [(63, 88, "a4", True), (70, 120, "a4", False)])
def test_fold_over_puts_each_back_behind_its_front_on_the_same_side(w, h, paper, vertical):
    from printkit.engine.imposition import fold_sheet

    settings = PrintSettings(paper=paper, duplex="fold")
    sheet = fold_sheet(w, h, settings)
    assert sheet.vertical is vertical
    n = sheet.per_page + 1
    result = render(deck(n, w, h), settings, "en")
    assert result.pages == 2  # no separate back pages
    pw, ph = sheet.paper
    assert page_size_mm(result.pdf) == pytest.approx((pw, ph), abs=0.01)
    for i in range(sheet.per_page):
        row, col = sheet.front.slot(i)
        x, y = sheet.front.position(row, col)
        bx, by = sheet.back_position(row, col)
        # The back slot is the front slot's mirror image across the fold line.
        if vertical:
            assert bx + w / 2 - pw / 2 == pytest.approx(pw / 2 - (x + w / 2)) and by == pytest.approx(y)
        else:
            assert by + h / 2 - ph / 2 == pytest.approx(ph / 2 - (y + h / 2)) and bx == pytest.approx(x)
        (fx, fy), = find_text(result.pdf, f"F{i + 1}", 0)
        label = f"B{i + 1}"
        hits = find_text(result.pdf, label, 0) or find_text(result.pdf, label[::-1], 0)
        (lx, ly), = hits
        # Vertical fold: drawn as it is in the mirrored slot; horizontal: turned 180 degrees about its centre.
        expected = (bx + (fx - x), by + (fy - y)) if vertical else (bx + w - (fx - x), by + h - (fy - y))
        assert (lx, ly) == pytest.approx(expected, abs=0.3)
    fronts = [s for s in shapes(result.pdf, 0) if s.fill == MARKER_RGB]
    assert len(fronts) == sheet.per_page
    for s in fronts:
        assert (s.width, s.height) == pytest.approx((w, h), abs=0.05)
        assert (s.right <= pw / 2) if vertical else (s.bottom <= ph / 2)


def test_fold_over_backs_on_a_horizontal_fold_are_turned_upright_for_a_sideways_flip():
    settings = PrintSettings(paper="a4", duplex="fold")
    pdf = render(deck(2, 70, 120), settings, "en").pdf
    chars = {c.char: c for c in char_boxes(pdf, 0) if c.char in "B1" and c.top > 297 / 2}
    assert chars["1"].right <= chars["B"].left + 0.01  # "B1" printed upside down reads "1B" left to right


def test_fold_over_marks_stay_out_of_the_gutter():
    from printkit.engine.imposition import fold_sheet

    settings = PrintSettings(paper="a4", duplex="fold")
    sheet = fold_sheet(63, 88, settings)
    pdf = render(deck(4), settings, "en").pdf
    fb, bb = sheet.front.block, sheet.back_block
    marks = [s for s in shapes(pdf, 0) if min(s.width, s.height) < 0.4 and 1 < max(s.width, s.height) < 5]
    assert marks
    for m in marks:
        cx = (m.left + m.right) / 2
        assert not (fb.right + 0.01 < cx < bb.x - 0.01)
    assert "fold" in all_text(pdf)[0]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "fold"])
def test_scale_bar_and_note_print_inside_the_printable_area(paper, duplex):
    pdf = render(deck(9), PrintSettings(paper=paper, duplex=duplex), "en").pdf
    pw, ph = page_size_mm(pdf)
    chars = char_boxes(pdf, 0)
    start = "".join(c.char for c in chars).find("Print at 100%")
    assert start >= 0, "the print note is on the page"
    printable = (5 - 0.1, 5 - 0.1, pw - 5 + 0.1, ph - 5 + 0.1)

    def inside(b) -> bool:
        return b.left >= printable[0] and b.top >= printable[1] and b.right <= printable[2] and \
            b.bottom <= printable[3]

    for c in (c for c in chars[start:start + 40] if c.char.strip()):
        assert inside(c)
    bars = [s for s in shapes(pdf, 0) if min(s.width, s.height) < 0.7 and abs(max(s.width, s.height) - 50.3) < 0.5]
    assert bars
    assert all(inside(s) for s in bars)
