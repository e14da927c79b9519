"""Page furniture read back from the rendered PDF: the 50 mm scale bar and where it goes, a one-page board's
place, and a tiled board's registration crosses and join lines.

Expected positions are worked out by hand in mm: A4 is 210 x 297; the scale-bar band is 74 x 4 mm and stays
5 mm inside the paper (what home printers print), bottom centre first: x = 5 + (200 - 74) / 2 = 68,
y = 297 - 5 - 4 = 288.  A stroked line reads back with its bounds grown by its stroke width on every side
(pdfium), so a line is recovered as its centre line plus that width.
"""

from __future__ import annotations

import pytest

from devkit.readback import ShapeBox, all_text, boxes_mm, char_boxes, find_text, page_size_mm, shapes
from printkit.engine.components import BoardComponent, SheetComponent
from printkit.engine.elements import Circle, Piece, Rect
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

MARKER = "#12ab34"

# The scale bar drawn at (68, 288): a 50 mm bar 0.6 mm down the band, end ticks 1.2 mm tall, a half-way tick
# from 0.3 to 0.9 mm; (x1, y1, x2, y2, stroke width).
SCALE_BAR = [
    (68.0, 288.6, 118.0, 288.6, 0.3),
    (68.0, 288.0, 68.0, 289.2, 0.3),
    (118.0, 288.0, 118.0, 289.2, 0.3),
    (93.0, 288.3, 93.0, 288.9, 0.2),
]


def _segment(s: ShapeBox) -> tuple[float, float, float, float, float]:
    """A horizontal or vertical stroked line's centre line and stroke width."""
    w = min(s.width, s.height) / 2
    return (round(s.left + w, 2), round(s.top + w, 2), round(s.right - w, 2), round(s.bottom - w, 2), round(w, 2))


def _lines(pdf: bytes, page: int = 0) -> list[tuple[float, float, float, float, float]]:
    return sorted(_segment(s) for s in shapes(pdf, page) if min(s.width, s.height) < 1.0)


def _bar(pdf: bytes, page: int = 0) -> tuple[float, float, float, float, float]:
    """The 50 mm line of the scale bar."""
    (bar,) = [s for s in _lines(pdf, page) if abs(s[2] - s[0] - 50) < 0.5 and s[1] == pytest.approx(s[3])]
    return bar


def _sheet(*elements: Rect, w: float = 100, h: float = 50) -> bytes:
    return render(SheetComponent("s", "S", (Piece("page", w, h, elements),)), PrintSettings(), "en").pdf


def test_the_scale_bar_is_50_mm_with_its_ticks_where_the_drawing_says():
    """A 100 x 50 mm sheet piece in the middle of A4 leaves the bottom free: the bar is bottom centre."""
    pdf = _sheet(Rect(0, 0, 100, 50, fill=MARKER, stroke=None))
    furniture = [s for s in _lines(pdf) if s[1] > 280]
    assert len(furniture) == len(SCALE_BAR)
    for got, want in zip(furniture, sorted(SCALE_BAR), strict=True):
        assert got == pytest.approx(want, abs=0.02)
    assert find_text(pdf, "50 mm")  # the note under the bar says what it measures
    # the piece centred on the paper, (210 - 100) / 2 = 55 and (297 - 50) / 2 = 123.5, with no bleed (a sheet)
    assert boxes_mm(pdf)["trim"] == pytest.approx((55.0, 123.5, 155.0, 173.5), abs=0.01)
    assert boxes_mm(pdf)["bleed"] == pytest.approx(boxes_mm(pdf)["trim"], abs=0.01)


def test_two_half_page_sheets_share_an_a4_page_but_not_an_a5_one():
    """Two 210 x 148.5 mm pieces stack exactly on A4 (2 x 148.5 = 297); on A5 (148 x 210) they fit neither
    stacked nor side by side: a page each."""
    halves = tuple(Piece(f"half {i}", 210, 148.5, (Rect(20, 20, 10, 10, fill=MARKER, stroke=None),))
                   for i in range(2))
    a4 = render(SheetComponent("s", "S", halves, per_page=2), PrintSettings(), "en")
    assert a4.pages == 1
    art = sorted((s.left, s.top) for s in shapes(a4.pdf) if s.fill == (0x12, 0xAB, 0x34))
    assert [c for xy in art for c in xy] == pytest.approx([20.0, 20.0, 20.0, 168.5], abs=0.01)
    # crop marks at the three cuts, the paper's edges and the middle (ticks, as there is no margin)
    assert sorted({m[1] for m in _lines(a4.pdf) if m[4] == 0.18 and m[1] == m[3]}) == [0.0, 148.5, 297.0]
    a5 = render(SheetComponent("s", "S", halves, per_page=2), PrintSettings(paper="a5"), "en")
    assert a5.pages == 2


# A 200 x 290 mm page piece sits at (5, 3.5) on A4, so element (x, y) in the piece is (x + 5, y + 3.5) on paper.
@pytest.mark.parametrize(("element", "bar_x", "bar_y"), [
    # 25..65 x 283.5..293.5: beside the centre band (68..142), not in it
    (Rect(20, 280, 40, 10, fill=MARKER, stroke=None), 68.0, 288.6),
    # 75..135 x 273.5..283.5: above the band, not in it
    (Rect(70, 270, 60, 10, fill=MARKER, stroke=None), 68.0, 288.6),
    # 125..155 x 283.5..293.5: in the centre band; the band slides left in 1/20 steps of the 126 mm it can move
    # (centre first, then 0.45, 0.55, 0.4, 0.6, 0.35): x = 5 + 0.35 * 126 = 49.1 is the first that is clear
    (Rect(120, 280, 30, 10, fill=MARKER, stroke=None), 49.1, 288.6),
    # 0..210 x 283.5..293.5 (past the edges): nothing fits at the bottom, so the bar goes top centre
    (Rect(-5, 280, 210, 10, fill=MARKER, stroke=None), 68.0, 5.6),
])
def test_the_scale_bar_keeps_clear_of_what_the_page_draws(element, bar_x, bar_y):
    bar = _bar(_sheet(element, w=200, h=290))
    assert (bar[0], bar[1]) == pytest.approx((bar_x, bar_y), abs=0.02)


def test_two_a5_sheets_go_side_by_side_on_a_turned_a4():
    """Two 148.5 x 210 mm pieces do not stack on A4 (420 > 297): the sheet turns to 297 x 210 and they stand
    side by side, at x 0 and 148.5."""
    pieces = tuple(Piece(f"a5 {i}", 148.5, 210, (Rect(20, 20, 10, 10, fill=MARKER, stroke=None),)) for i in range(2))
    r = render(SheetComponent("s", "S", pieces, per_page=2), PrintSettings(), "en")
    assert r.pages == 1 and page_size_mm(r.pdf) == pytest.approx((297.0, 210.0), abs=0.01)
    art = sorted((s.left, s.top) for s in shapes(r.pdf) if s.fill == (0x12, 0xAB, 0x34))
    assert [c for xy in art for c in xy] == pytest.approx([20.0, 20.0, 168.5, 20.0], abs=0.01)


def test_a_one_page_board_is_centred_above_its_label_band():
    """150 x 200 mm on A4: x = (210 - 150) / 2 = 30; y = (297 - 6 - 200) / 2 = 45.5 (a 6 mm band is kept
    below it)."""
    piece = Piece("board", 150, 200, (Rect(10, 10, 20, 20, fill=MARKER, stroke=None),))
    pdf = render(BoardComponent("b", "Board", piece), PrintSettings(), "en").pdf
    assert boxes_mm(pdf)["trim"] == pytest.approx((30.0, 45.5, 180.0, 245.5), abs=0.01)
    (art,) = [s for s in shapes(pdf) if s.fill == (0x12, 0xAB, 0x34)]
    assert (art.left, art.top) == pytest.approx((40.0, 55.5), abs=0.01)


def test_a_board_as_big_as_one_page_allows_keeps_the_bar_below_its_bleed():
    """198 x 279 mm fills A4 inside 6 mm margins and the 6 mm label band: it sits at (6, 6), its 3 mm bleed
    ends at y = 288, where the bar's band begins, so the bar stays bottom centre."""
    pdf = render(BoardComponent("b", "Board", Piece("board", 198, 279, ())), PrintSettings(), "en").pdf
    assert boxes_mm(pdf)["bleed"] == pytest.approx((3.0, 3.0, 207.0, 288.0), abs=0.01)
    assert _bar(pdf)[:2] == pytest.approx((68.0, 288.6), abs=0.02)


def test_a_board_whose_bleed_blocks_every_band_gets_no_bar():
    """With 3 mm margins a 190 x 285 mm board sits at (10, 3); its bleed, 7..203 x 0..291, covers part of
    every band (bottom 288..292, top 5..9, left 5..9, right 201..205): no scale bar rather than one on the
    art.  The same board 180 mm wide (bleed 12..198) leaves the left edge free: the bar stands there,
    centred: y = 5 + (287 - 74) / 2 = 111.5."""
    settings = PrintSettings(margin=3.0)
    wide = render(BoardComponent("b", "Board", Piece("board", 190, 285, ())), settings, "en").pdf
    assert boxes_mm(wide)["bleed"] == pytest.approx((7.0, 0.0, 203.0, 291.0), abs=0.01)
    assert not [s for s in _lines(wide) if abs(max(s[2] - s[0], s[3] - s[1]) - 50) < 0.5]
    narrow = render(BoardComponent("b", "Board", Piece("board", 180, 285, ())), settings, "en").pdf
    (bar,) = [s for s in _lines(narrow) if abs(s[3] - s[1] - 50) < 0.5 and s[0] == pytest.approx(s[2])]
    # turned to read bottom-to-top, the band's top faces left: the bar is 0.6 mm in from its left side
    # (x = 5.6) and runs 50 mm up from the band's bottom end (y = 111.5 + 74 = 185.5)
    assert bar[:4] == pytest.approx((5.6, 135.5, 5.6, 185.5), abs=0.02)


def test_tiles_of_a_board_carry_registration_crosses_and_a_join_line():
    """A 198 x 400 mm board on A4 (6 mm margins, 16 mm band under each tile for marks and the assembly text):
    269 mm of height a page, so two tiles overlapping 10 mm, each (400 - 10) / 2 + 10 = 205 mm tall, placed
    at (6, 6 + (269 - 205) / 2) = (6, 38).  The crosses sit in the overlap's middle, 5 mm below the second
    tile's top (board y 200), a quarter and three quarters across (board x 49.5 and 148.5): on tile A1 at
    page y 38 + 200 = 238, on tile B1 at 38 + 5 = 43, where B1 also has its dashed line to cut along."""
    piece = Piece("board", 198, 400, (Circle(99, 100, 1, fill=MARKER, stroke=None),))
    r = render(BoardComponent("b", "Board", piece), PrintSettings(), "en")
    assert r.pages == 2
    for page, y in ((0, 238.0), (1, 43.0)):
        rings = [s for s in shapes(r.pdf, page) if s.width == pytest.approx(4.4, abs=0.02)]  # r 2 + 0.2 stroke
        centres = [c for s in sorted(rings, key=lambda s: s.left)
                   for c in ((s.left + s.right) / 2, (s.top + s.bottom) / 2)]
        assert centres == pytest.approx([55.5, y, 154.5, y], abs=0.02)
        arms = [s for s in _lines(r.pdf, page) if abs(max(s[2] - s[0], s[3] - s[1]) - 6) < 0.01]
        assert len(arms) == 4
        for got, want in zip(arms, sorted([(52.5, y, 58.5, y, 0.2), (55.5, y - 3, 55.5, y + 3, 0.2),
                                           (151.5, y, 157.5, y, 0.2), (154.5, y - 3, 154.5, y + 3, 0.2)]),
                             strict=True):
            assert got == pytest.approx(want, abs=0.02)
    (join,) = [s for s in _lines(r.pdf, 1) if abs(s[2] - s[0] - 198) < 0.01]
    assert join == pytest.approx((6.0, 43.0, 204.0, 43.0, 0.2), abs=0.02)
    assert not [s for s in _lines(r.pdf, 0) if abs(s[2] - s[0] - 198) < 0.01]  # the top tile has no join


def test_a_board_tiled_two_by_two_says_how_each_tile_goes_and_marks_its_joins():
    """380 x 400 mm on A4: 198 x 269 mm of room a page, so 2 x 2 tiles (landscape would need 2 x 3), each
    (370 / 2 + 10) = 195 wide and 205 tall, at (7.5, 38).  Crosses: board x 185 + 5 = 190 at y = 0.25 and
    0.75 of the first row's 205 mm (51.25, 153.75), and board y 200 at x = 0.25 and 0.75 of each column's
    195 mm (48.75, 146.25 and 233.75, 331.25).  On tile A2 (window from board x 185) those land at page
    (12.5, 89.25), (12.5, 191.75), (56.25, 238), (153.75, 238); its dashed join runs down x = 7.5 + 5 = 12.5,
    and its crop marks stand over the join (12.5) and its right trim (7.5 + 195 = 202.5), from y 34 up to 30
    (the 3 mm bleed and 1 mm clear above the tile's top at 38, 4 mm long)."""
    r = render(BoardComponent("b", "Board", Piece("board", 380, 400, ())), PrintSettings(), "en")
    assert r.pages == 4
    text = [" ".join(page.split()) for page in all_text(r.pdf)]
    for page, caption in enumerate([
        "Board — tile A1: row 1 of 2, column 1 of 2: cut the top and left edges at the crop marks.",
        "Board — tile A2: row 1 of 2, column 2 of 2: cut the top and right edges at the crop marks; cut off the left "
        "margin along the dashed line and lay this tile 5 mm over tile A1, ⊕ on ⊕.",
        "Board — tile B1: row 2 of 2, column 1 of 2: cut the bottom and left edges at the crop marks; cut off the "
        "top margin along the dashed line and lay this tile 5 mm over tile A1, ⊕ on ⊕.",
        "Board — tile B2: row 2 of 2, column 2 of 2: cut the bottom and right edges at the crop marks; cut off the "
        "top and left margins along the dashed line and lay this tile 5 mm over tiles A2 and B1, ⊕ on ⊕.",
    ]):
        assert caption in text[page]
    a2 = _lines(r.pdf, 1)
    crosses = sorted((s[0] + 3, s[1]) for s in a2 if s[1] == s[3] and abs(s[2] - s[0] - 6) < 0.01)
    assert crosses == [(12.5, 89.25), (12.5, 191.75), (56.25, 238.0), (153.75, 238.0)]
    assert (12.5, 38.0, 12.5, 243.0, 0.2) in a2  # the dashed join, the tile's full height
    # and below its bottom trim (38 + 205 = 243, no bleed there: B2 covers it) from 244 to 248
    assert [s[:4] for s in a2 if s[0] == s[2] and s[4] == 0.18] == [
        (12.5, 30.0, 12.5, 34.0), (12.5, 244.0, 12.5, 248.0), (202.5, 30.0, 202.5, 34.0), (202.5, 244.0, 202.5, 248.0)]
    # B1's horizontal marks: over the join (38 + 5 = 43) and at its bottom trim (38 + 205 = 243), both sides.
    # The margins are narrow: left of the bleed (4.5 mm from the edge) a 3 mm tick on the cut from the printable
    # edge (x 5..8); right of the join's trim (7.5 mm) a 1.5 mm mark 1 mm out (203.5..205).
    b1 = [s[:4] for s in _lines(r.pdf, 2) if s[1] == s[3] and s[4] == 0.18]
    assert b1 == [(5.0, 43.0, 8.0, 43.0), (5.0, 243.0, 8.0, 243.0), (203.5, 43.0, 205.0, 43.0),
                  (203.5, 243.0, 205.0, 243.0)]
    # The caption sits in an 8 mm band under the tile's bleed and crop marks: 2 mm below the 4 mm marks.
    # A1 has no bleed below (B1 covers it): 38 + 205 + 4 + 2 = 249, one line centred at 253.
    first = next(c for c in char_boxes(r.pdf, 0) if c.char == "B")
    assert (first.top + first.bottom) / 2 == pytest.approx(253.0, abs=0.2)
    # B1 is a bottom tile with 3 mm bleed: its band starts at 38 + 205 + 3 + 4 + 2 = 252
    assert next(c for c in char_boxes(r.pdf, 2) if c.char == "B").top >= 252.0
    b2 = _lines(r.pdf, 3)
    assert (12.5, 38.0, 12.5, 243.0, 0.2) in b2 and (7.5, 43.0, 202.5, 43.0, 0.2) in b2  # joined on two sides


def test_fold_over_crop_marks_mirror_the_fronts_cuts_across_the_fold():
    """63 x 88 mm cards folded on A4: a landscape sheet (297 x 210) folded down x = 148.5 holds 2 x 2 fronts
    (half 148.5 - 3 gutter - 6 margin = 139.5 mm wide) against 3 x 1 on a portrait fold.  The fronts' block
    (126 x 176 mm) hugs the gutter from the left: x 19.5..145.5, y 17..193.  Cuts at x 19.5, 82.5, 145.5 and
    their mirror images 297 - x = 151.5, 214.5, 277.5 get marks above (y 10..14) and below (196..200); cuts at
    y 17, 105, 193 get marks on the outer sides only (12.5..16.5 and 280.5..284.5), none in the gutter."""
    fronts = tuple(Piece(f"f{i}", 63, 88, (Rect(0, 0, 63, 88, fill=MARKER, stroke=None),)) for i in range(4))
    backs = tuple(Piece(f"b{i}", 63, 88, ()) for i in range(4))
    from printkit.engine.components import CardComponent

    pdf = render(CardComponent("c", "C", fronts, backs), PrintSettings(duplex="fold"), "en").pdf
    marks = [s[:4] for s in _lines(pdf) if s[4] == 0.18]  # 0.5 pt crop marks
    xs = (19.5, 82.5, 145.5, 151.5, 214.5, 277.5)
    expected = [(x, y0, x, y0 + 4) for x in xs for y0 in (10.0, 196.0)]
    expected += [(x0, y, x0 + 4, y) for x0 in (12.5, 280.5) for y in (17.0, 105.0, 193.0)]
    assert marks == sorted(expected)


def test_without_overlap_the_crosses_sit_on_the_cut_and_print_on_both_tiles():
    """380 x 400 mm with tile_overlap 0: tiles 190 x 200 mm meeting at board x 190 and y 200.  The crosses
    (x 190 at y 50 and 150, 250 and 350; y 200 at x 47.5, 142.5, 237.5, 332.5) lie on the cuts, and each tile
    prints the four on its own edges, half a cross each side of the cut."""
    r = render(BoardComponent("b", "Board", Piece("board", 380, 400, ())), PrintSettings(tile_overlap=0), "en")
    assert r.pages == 4
    for page in range(4):
        rings = [s for s in shapes(r.pdf, page) if s.width == pytest.approx(4.4, abs=0.02)]
        assert len(rings) == 4, page


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "cut the top, bottom and left edges at the crop marks."),
    ("de", "die Kanten oben, unten und links an den Schnittmarken schneiden."),
    ("zh-TW", "沿裁切標記裁切上、下與左邊。"),
])
def test_a_tile_with_three_outer_edges_lists_them_as_a_list(lang, expected):
    """The first tile of a board one tile high and two wide: three of its edges are the board's."""
    from printkit.engine.render.pdf import assembly_text

    assert assembly_text(0, 0, 1, 2, 5.0, lang) == expected


@pytest.mark.parametrize("lang", ["en", "de", "zh-TW"])
def test_poker_inch_cards_on_a4_carry_the_scale_bar_in_every_language(lang: str, tmp_path):
    """3 x 3 poker-inch cards (63.5 x 88.9 mm) on A4 leave 62 mm between the crop marks below the block: the bar
    (with the note as long as it must be, or its short form) goes there instead of being left out."""
    from typer.testing import CliRunner

    from printkit.cli import app

    deck = tmp_path / "deck.yaml"
    deck.write_text("title: PI\nsize: poker-inch\nfront: standard\ncards:\n"
                    + "".join(f"  - {{name: C{i}, text: 'card {i}', 'text@de': 'Karte {i}', 'text@zh-TW': '卡 {i}'}}\n"
                              for i in range(9)), encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(deck), "--out", str(tmp_path / "out"), "--lang", lang, "-q"])
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out").rglob("*.pdf")
    data = pdf.read_bytes()
    x1, y1, x2, _, _ = _bar(data)
    assert x2 - x1 == pytest.approx(50, abs=0.05)
    *_, bottom = boxes_mm(data)["bleed"]
    assert y1 > bottom and 5 <= y1 <= 297 - 5  # below the block's bleed, on the printable area
    note = {"en": "50 mm", "de": "50 mm", "zh-TW": "50 公釐"}[lang]
    assert find_text(data, note)
