"""Pieces of several sizes on shared sheets: each size a band of its own grid, a small run in the room a large one
leaves, a sheet of its own only when no row fits; the expected places worked out by hand for A4 (210 x 297 mm,
6 mm margins: 198 x 285 mm usable; 3 mm bleed and 4 mm marks: 14 mm between bands)."""

from __future__ import annotations

import pytest

from printkit.engine.imposition import back_band, band_sheets
from printkit.engine.paper import PrintSettings

A4 = PrintSettings(paper="a4")


def test_a_small_run_goes_below_a_large_one_on_the_same_sheet():
    # 10 cards 63 x 88 (3 a row, gutter 0): 4 rows = 352 mm do not fit 285, so 3 rows (264 mm) on sheet 1 and 1 on
    # sheet 2; 8 tokens 20 x 20 then fit below that last card row: 88 + 14 + 20 = 122 mm, centred.
    sheets = band_sheets([(63.0, 88.0, 10, 0.0), (20.0, 20.0, 8, 0.0)], A4)
    assert [[(b.first, b.count, b.grid.rows, b.grid.cols) for b in s] for s in sheets] == [
        [(0, 9, 3, 3)],
        [(9, 1, 1, 1), (10, 8, 1, 8)],
    ]
    card, tokens = sheets[1]
    assert card.grid.origin == pytest.approx(((210 - 63) / 2, (297 - 122) / 2))
    assert tokens.grid.origin == pytest.approx(((210 - 160) / 2, (297 - 122) / 2 + 88 + 14))


def test_a_run_splits_where_the_sheet_runs_out_of_rows():
    # 30 x 30 pieces, 6 a row with no gutter (180 of 198 mm): a 200 mm band first leaves 285 - 200 - 14 = 71 mm,
    # two rows (60 mm) of 6; the other 8 go on a new sheet.
    sheets = band_sheets([(190.0, 200.0, 1, 0.0), (30.0, 30.0, 20, 0.0)], A4)
    assert [[(b.first, b.count, b.grid.rows, b.grid.cols) for b in s] for s in sheets] == [
        [(0, 1, 1, 1), (1, 12, 2, 6)],
        [(13, 8, 2, 6)],
    ]


def test_a_gutter_counts_between_rows_and_columns():
    # 22 x 11 with 6 mm gutters: (198 + 6) // 28 = 7 a row; 36 in 6 rows: 6 * 11 + 5 * 6 = 96 mm
    (sheet,) = band_sheets([(22.0, 11.0, 36, 6.0)], A4)
    (band,) = sheet
    assert (band.grid.rows, band.grid.cols, band.grid.block.h) == (6, 7, 96.0)


def test_a_piece_wider_than_the_paper_is_an_error():
    with pytest.raises(ValueError, match="does not fit"):
        band_sheets([(20.0, 20.0, 2, 0.0), (250.0, 20.0, 1, 0.0)], A4)


def test_the_back_band_mirrors_top_to_bottom_on_a_short_edge_flip_only():
    (_, tokens), = band_sheets([(63.0, 88.0, 1, 0.0), (20.0, 20.0, 8, 0.0)], A4)[-1:]
    y = tokens.grid.origin[1]
    assert back_band(tokens, PrintSettings(paper="a4", duplex="long")).grid.origin[1] == pytest.approx(y)
    short = back_band(tokens, PrintSettings(paper="a4", duplex="short", offset_x=1.0))
    assert short.grid.origin == pytest.approx((tokens.grid.origin[0] + 1.0, 297 - y - 20))
