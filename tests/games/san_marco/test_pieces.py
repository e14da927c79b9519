"""San Marco's pieces measured in millimetres: nobles butted on shared cut lines, and every piece against the
board space it sits on. Expected sizes are pinned here by hand."""

from __future__ import annotations

from itertools import pairwise

import pytest

from printkit.engine.elements import Line, Rect
from printkit.engine.paper import paper_dimensions
from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.tokens import tokens_page

MARK_REACH = 4.5  # mm: a crop mark of a block ends within this of the block


@pytest.fixture(scope="module")
def kit_for():
    def make(paper: str) -> KitContext:
        return KitContext(loader.load(), loader.load_texts(), loader.load_style(), "en", None,
                          paper_dimensions(paper))
    return make


def _nobles(page, colour: str) -> list[Rect]:
    return [e for e in page.elements if isinstance(e, Rect) and e.fill == colour and abs(e.w - e.h) < 1e-9]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nobles_are_butted_in_one_block_per_player(kit_for, paper):
    kit = kit_for(paper)
    pages = tokens_page(kit, 6)
    assert len(pages) == 1  # six players' nobles and markers on one sheet
    page = pages[0]
    colours = kit.game.player_colors[:6]
    for colour in colours:
        nobles = _nobles(page, colour)
        assert len(nobles) == 25
        assert {(round(n.w, 3), round(n.h, 3)) for n in nobles} == {(10.5, 10.5)}
        xs = sorted({round(v, 3) for n in nobles for v in (n.x, n.x + n.w)})
        ys = sorted({round(v, 3) for n in nobles for v in (n.y, n.y + n.h)})
        # 5 x 5 nobles edge to edge: 6 vertical and 6 horizontal cuts, 12 in all (not 4 x 25 = 100)
        assert len(xs) == 6 and len(ys) == 6
        assert [round(b - a, 3) for a, b in pairwise(xs)] == [10.5] * 5
        assert [round(b - a, 3) for a, b in pairwise(ys)] == [10.5] * 5
        # a crop mark outside the block at both ends of every cut line: 6 x 2 + 6 x 2, none on a noble
        assert len([m for m in _marks(page) if _marks_block(m, xs, ys)]) == 24


def _marks(page) -> list[Line]:
    return [e for e in page.elements if isinstance(e, Line) and (e.x1 == e.x2 or e.y1 == e.y2)]


def _marks_block(m: Line, xs: list[float], ys: list[float]) -> bool:
    """A mark in line with one of the block's cuts, just outside it."""
    lo_y, hi_y = min(m.y1, m.y2), max(m.y1, m.y2)
    lo_x, hi_x = min(m.x1, m.x2), max(m.x1, m.x2)
    if m.x1 == m.x2 and round(m.x1, 3) in xs:
        return (ys[0] - MARK_REACH <= lo_y and hi_y <= ys[0]) or (ys[-1] <= lo_y and hi_y <= ys[-1] + MARK_REACH)
    if m.y1 == m.y2 and round(m.y1, 3) in ys:
        return (xs[0] - MARK_REACH <= lo_x and hi_x <= xs[0]) or (xs[-1] <= lo_x and hi_x <= xs[-1] + MARK_REACH)
    return False
