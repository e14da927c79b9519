"""Layouts: the printed grids as the reference gives them, and random ones that obey the rules.

Expected grids are copied by hand from ../shared/reference/istanbul.md C3 (confirmed there three ways),
not read from layouts.yaml.
"""

from __future__ import annotations

import pytest

from printkit.games.istanbul.model import Apart, Layouts, Localized, RandomRules
from printkit.games.istanbul.rules import grid as g

SHORT = ((15, 5, 2, 14), (4, 12, 7, 3), (8, 6, 11, 9), (13, 10, 1, 16))
LONG = ((16, 2, 8, 11), (15, 7, 6, 4), (3, 5, 12, 1), (10, 9, 14, 13))
IN_ORDER = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16))
CENTRE = {(1, 1), (1, 2), (2, 1), (2, 2)}  # (row, column) of the 4 centre places, 0-based
SEEDS = range(1000)


@pytest.mark.parametrize(("layout_id", "expected"), [("short", SHORT), ("long", LONG), ("in-order", IN_ORDER)])
def test_fixed_layouts_equal_the_reference(game, layout_id, expected):
    assert g.fixed_layout(game.layouts, layout_id).grid == expected


def test_printed_layouts_obey_the_official_constraints(game):
    for grid in (SHORT, LONG, IN_ORDER):
        assert g.obeys(game.layouts, grid)
    # short paths has the Black Market and Tea House in one row (positions 9 and 12), so the stricter rule
    # is not the base game's: the official layout itself breaks it
    assert not g.obeys(game.layouts, SHORT, apart_lines=True)
    assert g.steps(SHORT, 8, 9) == 3


def test_steps_are_orthogonal_moves():
    assert g.steps(IN_ORDER, 1, 16) == 6
    assert g.steps(IN_ORDER, 6, 11) == 2  # diagonal neighbours are two moves apart
    assert g.steps(IN_ORDER, 7, 7) == 0


def _assert_official(grid, apart_lines=False):
    """The constraints written out independently of grid.checks."""
    flat = sorted(n for row in grid for n in row)
    assert flat == list(range(1, 17))
    where = {n: (r, c) for r, row in enumerate(grid) for c, n in enumerate(row)}
    assert where[7] in CENTRE
    (r8, c8), (r9, c9) = where[8], where[9]
    assert abs(r8 - r9) + abs(c8 - c9) >= 3
    if apart_lines:
        assert r8 != r9 and c8 != c9


@pytest.mark.parametrize("apart_lines", [False, True])
def test_a_thousand_random_seeds_obey_the_constraints(game, apart_lines):
    for seed in SEEDS:
        lay = g.random_layout(game.layouts, seed, apart_lines)
        _assert_official(lay.grid, apart_lines)
        assert lay.seed == seed


def test_same_seed_same_grid(game):
    for seed in (0, 1, 42, 2**40):
        assert g.random_layout(game.layouts, seed).grid == g.random_layout(game.layouts, seed).grid


def test_seed_1_is_pinned(game):
    # if this changes, every printed seed stops rebuilding its layout: treat it as a breaking change
    assert g.random_layout(game.layouts, 1).grid == ((3, 14, 1, 16), (10, 7, 6, 4), (12, 8, 11, 15), (5, 2, 13, 9))


def test_random_layouts_vary(game):
    grids = {g.random_layout(game.layouts, s).grid for s in range(200)}
    assert len(grids) == 200
    fountain = {g.cell(grid, 7) for grid in grids}
    assert fountain == CENTRE  # every centre place is used


def test_randomness_is_local(game):
    import random

    random.seed(5)
    before = random.random()
    random.seed(5)
    g.random_layout(game.layouts, 9)
    assert random.random() == before


def test_pack_uses_consecutive_seeds(game):
    pack = g.layout_pack(game.layouts, 20, 100)
    assert [lay.seed for lay in pack] == list(range(100, 120))
    assert len({lay.grid for lay in pack}) == 20


def _tiny() -> Layouts:
    """A 2×2 board of places 1..4: place 1 fixed top left, 2 and 3 at least 1 step apart: 6 layouts in all."""
    text = Localized(en="x", **{"zh-TW": "x"}, de="x")
    fixed = {"id": "in-order", "name": text, "note": text, "grid": ((1, 2), (3, 4))}
    return Layouts(schema="printkit/istanbul-layouts/1", rows=2, columns=2, fixed=(fixed,), printed_positions=(),
                   random=RandomRules(name=text, centre_place=1, centre_positions=(1,),
                                      apart=Apart(places=(2, 3), min_steps=1)))


def test_pack_skips_a_seed_that_repeats_a_grid():
    tiny = _tiny()
    pack = g.layout_pack(tiny, 6, 0)
    assert len({lay.grid for lay in pack}) == 6  # all six there are
    seeds = [lay.seed for lay in pack]
    assert seeds == sorted(seeds) and seeds[0] == 0 and seeds[-1] > 5  # some seeds repeated a grid and were skipped
    assert all(g.random_layout(tiny, lay.seed).grid == lay.grid for lay in pack)
    with pytest.raises(ValueError, match="different layouts"):
        g.layout_pack(tiny, 7, 0)


def test_pack_size_is_bounded(game):
    with pytest.raises(ValueError, match="1 to 200"):
        g.layout_pack(game.layouts, 201, 0)


def test_dice_ways():
    assert [g.dice_ways(n) for n in range(2, 13)] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert g.dice_ways(1) == 0


def test_zh_tw_apart_lines_rule_says_row_and_column_as_the_kit_does():
    # 列 is a row and 欄 a column throughout the zh-TW kit; the random-layout rule said 同一行 for a column
    from devkit.readback import all_text
    from printkit.engine.components import BuildOptions, SheetComponent
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render
    from printkit.games.istanbul import kit

    opts = BuildOptions(lang="zh-TW", seed=5, extra={"layout": "random", "apart_lines": True})
    sheet = next(c for c in kit.components(opts) if isinstance(c, SheetComponent) and c.name == "layout")
    text = "".join(all_text(render(sheet, PrintSettings(), "zh-TW").pdf)).replace("\n", "").replace(" ", "")
    assert "且不在同一列或同一欄" in text and "同一行" not in text
