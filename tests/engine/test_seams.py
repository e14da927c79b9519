"""Tile seams run where a board prints nothing it asked to keep whole, or the build says what they cut.

Paper arithmetic used below (default settings: 6 mm margins, 10 mm overlap, 16 mm caption band):
A4 portrait holds tiles 198 mm wide, Letter portrait 203.9 mm.  A 384 mm board on two tiles is cut at
``start + 5``; two A4 tiles allow cuts from 191 to 193 mm, two Letter tiles from 185.1 to 198.9 mm.
"""

from __future__ import annotations

import pytest

from devkit.readback import boxes_mm, page_count
from printkit.engine.components import BoardComponent
from printkit.engine.elements import Piece, Rect
from printkit.engine.imposition import tile_board
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.engine.seams import KeepWhole


def _band(name: str, left: float, right: float, margin: float = 0.0) -> KeepWhole:
    """A feature spanning the whole board height between ``left`` and ``right`` (so every vertical seam sees it)."""
    return KeepWhole(name, left, 20, right - left, 100, margin)


def test_without_features_the_tiles_are_the_even_split():
    t = tile_board(384, 250, PrintSettings(paper="letter"))
    assert (t.rows, t.cols) == (1, 2)
    assert t.cuts_x == pytest.approx((192.0,)) and t.crossed == ()
    assert [round(tile.window.w, 6) for tile in t.tiles] == [197.0, 197.0]


def test_a_seam_moves_off_a_label_to_the_nearer_clear_side():
    # the even cut (192) would cross the label; 189 is 3 mm away, 196 is 4 mm: 189, exactly on the label's edge
    label = _band("the label", 189, 196)
    t = tile_board(384, 250, PrintSettings(paper="letter"), keep_whole=(label,))
    assert t.cuts_x == pytest.approx((189.0,)) and t.crossed == ()
    left, right = sorted(t.tiles, key=lambda tile: tile.col)
    assert left.window.x == 0 and left.window.right == pytest.approx(194.0)  # cut + half the overlap
    assert right.window.x == pytest.approx(184.0) and right.window.right == pytest.approx(384.0)
    # the registration crosses sit on the seam
    assert [x for x, _ in t.registration] == pytest.approx([189.0, 189.0])


def test_a_margin_keeps_the_seam_that_far_from_the_box():
    label = _band("the label", 190, 195, margin=1.0)
    t = tile_board(384, 250, PrintSettings(paper="letter"), keep_whole=(label,))
    assert t.cuts_x == pytest.approx((189.0,))


def test_three_tiles_whose_nearest_clear_cuts_cannot_both_be_used():
    # 560 mm on A4: three tiles (starts 0, 183.33, 366.67; a tile may reach 188 mm past the previous start).
    # Alone, the first seam would go to 186 (start 181) and the second to 375 (start 370): 189 mm apart, too far.
    # The best pair that fits: 192 and 375.
    features = (_band("first", 186, 192), _band("second", 366, 375))
    t = tile_board(560, 250, PrintSettings(paper="a4"), keep_whole=features)
    assert (t.rows, t.cols) == (1, 3)
    assert t.cuts_x == pytest.approx((192.0, 375.0)) and t.crossed == ()
    for tile in t.tiles:
        assert tile.window.w <= 198 + 1e-9


def test_when_every_allowed_seam_crosses_something_the_build_says_what():
    # two A4 tiles can only be cut between 191 and 193 mm; the label covers all of it
    label = _band("the compass rose", 185, 200)
    board = Piece("sea chart", 384, 250, (Rect(0, 0, 384, 250, fill="#cfe3ea", stroke=None),))
    r = render(BoardComponent("board", "Sea chart", board, keep_whole=(label,)), PrintSettings(paper="a4"), "en")
    assert page_count(r.pdf) == 2  # still the fewest sheets
    assert r.warnings == [
        "no tile seam on a4 paper misses everything printed: the seam 192.0 mm from the board's left edge cuts "
        "through the compass rose; move them off that line, or print on larger paper"]


def test_the_seam_read_back_from_the_tiles_trim_boxes():
    label = _band("the label", 189, 196)
    board = Piece("sea chart", 384, 250, (Rect(0, 0, 384, 250, fill="#cfe3ea", stroke=None),))
    r = render(BoardComponent("board", "Sea chart", board, keep_whole=(label,)), PrintSettings(paper="letter"), "en")
    assert not r.warnings
    widths = []
    for i in range(page_count(r.pdf)):
        left, _top, right, _bottom = boxes_mm(r.pdf, i)["trim"]
        widths.append(right - left)
    # the first tile runs to the cut plus half the 10 mm overlap, the second from the cut less half of it
    assert widths == [pytest.approx(194.0, abs=0.01), pytest.approx(200.0, abs=0.01)]


def test_a_designers_seam_is_kept_even_through_a_feature_and_the_build_names_what_it_cuts():
    # Letter portrait: the automatic cut would move to 189 (the label's edge); the designer's 192 stays, and the
    # crossing is reported.  Down the board nothing is given, so that axis is still placed automatically: 250 mm
    # fits one Letter tile's height (279.4 - 12 - 16 = 251.4), so there is no horizontal seam.
    label = _band("the label", 189, 196)
    t = tile_board(384, 250, PrintSettings(paper="letter"), keep_whole=(label,), seams=((192.0,), ()))
    assert (t.rows, t.cols) == (1, 2)
    assert t.cuts_x == pytest.approx((192.0,)) and t.cuts_y == ()
    left, right = sorted(t.tiles, key=lambda tile: tile.col)
    assert left.window.right == pytest.approx(197.0) and right.window.x == pytest.approx(187.0)
    assert len(t.crossed) == 1 and "192.0 mm from the board's left edge cuts through the label" in t.crossed[0]


def test_a_designers_seams_that_leave_a_tile_too_wide_for_the_paper_are_refused():
    # one seam at 100 mm leaves the right tile 384 - 95 = 289 mm wide: more than either way round of A4 holds
    with pytest.raises(ValueError, match="the seams leave a part of the 384 x 250 mm board larger than A4"):
        tile_board(384, 250, PrintSettings(paper="a4"), seams=((100.0,), ()))
