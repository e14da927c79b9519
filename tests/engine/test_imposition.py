"""Card grids, crop marks, duplex mirroring and board tiling, in millimetres."""

from __future__ import annotations

import itertools

import pytest

from printkit.engine.imposition import card_grid, crop_marks, pages_needed, tile_board
from printkit.engine.paper import PrintSettings


def test_poker_cards_nine_up_on_a4_and_letter_centred():
    for paper, (pw, ph) in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
        g = card_grid(63, 88, PrintSettings(paper=paper))
        assert (g.rows, g.cols) == (3, 3)
        assert g.block.w == pytest.approx(189) and g.block.h == pytest.approx(264)
        assert g.block.x == pytest.approx((pw - 189) / 2)
        assert g.block.y == pytest.approx((ph - 264) / 2)


def test_gap_spaces_cards_and_limits_inner_bleed():
    g = card_grid(63, 88, PrintSettings(gap=4, bleed=3))
    assert g.pitch == (67, 92)
    assert g.inner_bleed == (2, 2)
    assert g.bleed_of(0, 0) == (3, 3, 2, 2)
    assert g.bleed_of(g.rows - 1, g.cols - 1) == (2, 2, 3, 3)


def test_long_edge_backs_mirror_columns_short_edge_mirror_rows():
    g = card_grid(63, 88, PrintSettings())
    assert [g.back_slot(i, "long") for i in range(3)] == [(0, 2), (0, 1), (0, 0)]
    assert g.back_slot(3, "long") == (1, 2)
    assert [g.back_slot(i, "short") for i in (0, 1, 2, 8)] == [(2, 0), (2, 1), (2, 2), (0, 2)]
    # Card 10 is the first card of the second sheet: same slot as card 1.
    assert g.back_slot(9, "long") == g.back_slot(0, "long")


def test_back_offset_shifts_the_whole_grid():
    s = PrintSettings(offset_x=1.5, offset_y=-0.5)
    front = card_grid(63, 88, PrintSettings())
    back = card_grid(63, 88, s, offset=(s.offset_x, s.offset_y))
    assert back.position(1, 1)[0] - front.position(1, 1)[0] == pytest.approx(1.5)
    assert back.position(1, 1)[1] - front.position(1, 1)[1] == pytest.approx(-0.5)


def test_crop_marks_sit_outside_the_bleed_in_line_with_every_cut():
    s = PrintSettings(bleed=3)
    g = card_grid(63, 88, s)
    xs, ys = g.cut_lines()
    assert len(xs) == 4 and len(ys) == 4  # butted cards share cut lines
    marks = crop_marks(g.block, xs, ys, s)
    b = g.block
    for m in marks:
        vertical = m.x1 == m.x2
        if vertical:
            assert any(m.x1 == pytest.approx(x) for x in xs)
            assert min(m.y1, m.y2) >= b.bottom + 3 - 1e-9 or max(m.y1, m.y2) <= b.y - 3 + 1e-9
        else:
            assert any(m.y1 == pytest.approx(y) for y in ys)
            assert min(m.x1, m.x2) >= b.right + 3 - 1e-9 or max(m.x1, m.x2) <= b.x - 3 + 1e-9
        length = abs(m.x2 - m.x1) + abs(m.y2 - m.y1)
        assert 1.5 <= length <= s.crop_mark_length
        # never off the paper
        for x, y in ((m.x1, m.y1), (m.x2, m.y2)):
            assert 0 < x < 210 and 0 < y < 297
    assert len(marks) == 16  # 4 cuts x 2 ends x 2 directions


def test_gapped_cards_have_two_cut_lines_per_card():
    g = card_grid(63, 88, PrintSettings(gap=6, margin=5))
    xs, ys = g.cut_lines()
    assert len(xs) == 2 * g.cols and len(ys) == 2 * g.rows


@pytest.mark.parametrize(("count", "pages"), [(0, 0), (1, 1), (9, 1), (10, 2), (18, 2), (19, 3)])
def test_pages_needed(count, pages):
    assert pages_needed(count, 9) == pages


def test_piece_too_big_for_paper_is_an_error():
    with pytest.raises(ValueError, match="does not fit"):
        card_grid(300, 88, PrintSettings())


def test_board_fits_one_page_or_tiles_with_overlap():
    one = tile_board(180, 250, PrintSettings(paper="a4"))
    assert one.single and not one.landscape
    wide = tile_board(270, 180, PrintSettings(paper="a4"))
    assert wide.single and wide.landscape
    big = tile_board(500, 400, PrintSettings(paper="a4", tile_overlap=10))
    assert big.rows * big.cols > 1
    # Tiles cover the board exactly, neighbours overlap by 10 mm.
    right = max(t.window.right for t in big.tiles)
    bottom = max(t.window.bottom for t in big.tiles)
    assert right == pytest.approx(500) and bottom == pytest.approx(400)
    row0 = sorted((t for t in big.tiles if t.row == 0), key=lambda t: t.col)
    for a, b in itertools.pairwise(row0):
        assert a.window.right - b.window.x == pytest.approx(10)
    # Each registration mark lies in an overlap, so two tiles show it.
    for x, y in big.registration:
        showing = [t for t in big.tiles if t.window.x <= x <= t.window.right and t.window.y <= y <= t.window.bottom]
        assert len(showing) >= 2
    # Tiles fit on the paper inside the margins.
    pw, ph = big.paper
    for t in big.tiles:
        assert t.origin[0] >= 6 - 1e-9 and t.origin[0] + t.window.w <= pw - 6 + 1e-9
        assert t.origin[1] >= 6 - 1e-9 and t.origin[1] + t.window.h <= ph - 6 + 1e-9


def test_a3_takes_a_board_that_a4_tiles():
    assert not tile_board(400, 270, PrintSettings(paper="a4")).single
    assert tile_board(400, 270, PrintSettings(paper="a3")).single
