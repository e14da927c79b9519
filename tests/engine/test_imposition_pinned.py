"""Imposition and text-setting values pinned literally at their boundaries (mistakes a mutation run found
the suite did not notice): where the scale bar goes, when a board still fits one page, which characters
break like CJK."""

from __future__ import annotations

import pytest

from printkit.engine.imposition import Box, fold_sheet, footer_place, tile_board
from printkit.engine.paper import PrintSettings
from printkit.engine.render.text import _is_cjk

A4 = (210.0, 297.0)
# The scale-bar band is 74 x 4 mm and stays 5 mm inside the paper (what home printers can print).


def test_the_scale_bar_goes_bottom_centre_on_an_empty_page():
    f = footer_place(A4, [])
    assert f is not None and f.rotation == 0
    assert (f.box.x, f.box.y, f.box.w, f.box.h) == pytest.approx((68.0, 288.0, 74.0, 4.0))


def test_the_scale_bar_moves_to_the_top_then_to_the_left_edge():
    bottom = Box(0, 280, 210, 17)
    top = footer_place(A4, [bottom])
    assert top is not None and (top.box.x, top.box.y) == pytest.approx((68.0, 5.0))
    side = footer_place(A4, [bottom, Box(0, 0, 210, 17)])
    assert side is not None and side.rotation == 90
    assert (side.box.x, side.box.y, side.box.w, side.box.h) == pytest.approx((5.0, 111.5, 4.0, 74.0))


def test_the_scale_bar_takes_the_right_edge_last():
    """Bottom, top and left blocked: the band turns to read bottom-to-top on the right edge, 5 mm in
    (x = 210 - 5 - 4 = 201) and centred between the printable top and bottom (5 + (287 - 74) / 2 = 111.5)."""
    side = footer_place(A4, [Box(0, 280, 210, 17), Box(0, 0, 210, 17), Box(0, 0, 17, 297)])
    assert side is not None and side.rotation == 90
    assert (side.box.x, side.box.y, side.box.w, side.box.h) == pytest.approx((201.0, 111.5, 4.0, 74.0))
    assert footer_place(A4, [Box(0, 280, 210, 17), Box(0, 0, 210, 17), Box(0, 0, 17, 297), Box(193, 0, 17, 297)]) \
        is None


def test_the_scale_bar_never_runs_into_the_unprintable_edge_of_a_small_paper():
    """80 mm wide leaves 70 mm between the 5 mm edges: too short for the 74 mm band across, so it stands on
    the left edge, centred in 120 mm: y = 5 + (110 - 74) / 2 = 23.  80 x 80 mm has room neither way."""
    narrow = footer_place((80.0, 120.0), [])
    assert narrow is not None and narrow.rotation == 90
    assert (narrow.box.x, narrow.box.y, narrow.box.w, narrow.box.h) == pytest.approx((5.0, 23.0, 4.0, 74.0))
    low = footer_place((120.0, 80.0), [])  # and 80 mm high: across the bottom, centred in 120 mm
    assert low is not None and low.rotation == 0
    assert (low.box.x, low.box.y) == pytest.approx((23.0, 71.0))
    assert footer_place((80.0, 80.0), []) is None


@pytest.mark.parametrize(("card", "vertical", "rows", "cols"), [
    # A4 with 6 mm margins and a 6 mm gutter (two 3 mm bleeds).  Vertical fold: halves of 297 x 210 give
    # 297 / 2 - 3 - 6 = 139.5 x 198 mm; horizontal fold: halves of 210 x 297 give 198 x 139.5 mm.
    ((63, 88), True, 2, 2),  # 2 x 2 = 4 beats 1 x 3
    ((63, 100), False, 1, 3),  # vertically only 1 x 2: two 100 mm cards need 200 > 198
    ((63, 140), True, 1, 2),  # 140 > 139.5: no room on a horizontal fold
    ((140, 63), False, 2, 1),  # 140 > 139.5: no room on a vertical fold
    ((63, 97), True, 2, 2),  # 2 x 97 = 194 fits in 198
    ((66, 100), False, 1, 3),  # 3 x 66 = 198 fits exactly across a horizontal half
    ((68, 100), True, 1, 2),  # 3 x 68 = 204 does not: 2 against 2, the vertical fold comes first
    ((67, 88), True, 2, 2),  # 2 x 67 = 134 fits in 139.5
    ((88, 67), False, 2, 2),  # and 2 x 67 down a horizontal half
])
def test_fold_over_halves_keep_the_margins_and_the_gutter(card, vertical, rows, cols):
    sheet = fold_sheet(*card, PrintSettings(duplex="fold"))
    assert (sheet.vertical, sheet.front.rows, sheet.front.cols) == (vertical, rows, cols)


def test_box_inside_needs_all_four_sides():
    outer = Box(10, 10, 100, 100)
    assert Box(10, 10, 100, 100).inside(outer)
    for poking in (Box(9, 20, 10, 10), Box(20, 9, 10, 10), Box(101, 20, 10, 10), Box(20, 101, 10, 10)):
        assert not poking.inside(outer), poking


def test_a_board_fits_one_a4_page_up_to_the_margins_and_label_band():
    """A4 portrait, 6 mm margins, a 6 mm label band: 198 x 279 mm is the largest single-page board."""
    assert tile_board(198, 279, PrintSettings()).single
    assert not tile_board(198.5, 279, PrintSettings()).single
    assert not tile_board(198, 279.5, PrintSettings()).single


@pytest.mark.parametrize(("ch", "cjk"), [
    ("\u2e7f", False), ("\u2e80", True),  # CJK Radicals Supplement starts at U+2E80
    ("\u9fff", True), ("\ua000", False),  # the Unified Ideographs end at U+9FFF (Yi follows)
    ("\uf8ff", False), ("\uf900", True), ("\ufaff", True), ("\ufb00", False),  # Compatibility Ideographs
    ("\ufeff", False), ("\uff00", True), ("\uffef", True), ("\ufff0", False),  # half- and full-width forms
    ("\u3000", True), ("\u303f", True),  # CJK punctuation
    ("\U00020000", True), ("\U0002fa1f", True), ("\U0002fa20", False),  # Extension B .. Compatibility Supplement
    ("a", False), ("é", False), ("火", True), ("，", True),
])
def test_which_characters_break_like_cjk(ch, cjk):
    assert _is_cjk(ch) is cjk
