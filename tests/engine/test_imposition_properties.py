"""Imposition invariants for any card size, paper, bleed and gap (property-based)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.engine.imposition import Box, card_grid, crop_marks, fold_sheet
from printkit.engine.paper import PrintSettings

sizes = st.tuples(st.floats(20, 190), st.floats(20, 270))
papers = st.sampled_from(["a4", "letter", "a3"])
bleeds = st.sampled_from([0.0, 2.0, 3.0, 3.175])
gaps = st.sampled_from([0.0, 2.0, 6.0])


def fits(s: PrintSettings, w: float, h: float) -> bool:
    pw, ph = s.paper_size
    return w <= pw - 2 * s.margin and h <= ph - 2 * s.margin


@settings(max_examples=150, deadline=None)
@given(sizes, papers, bleeds, gaps)
def test_cards_sit_inside_the_margins_and_never_overlap(size, paper, bleed, gap):
    w, h = size
    s = PrintSettings(paper=paper, bleed=bleed, gap=gap)
    if not fits(s, w, h):
        return
    g = card_grid(w, h, s)
    pw, ph = s.paper_size
    boxes = [Box(*g.position(r, c), w, h) for r in range(g.rows) for c in range(g.cols)]
    for b in boxes:
        assert b.x >= s.margin - 1e-6 and b.y >= s.margin - 1e-6
        assert b.right <= pw - s.margin + 1e-6 and b.bottom <= ph - s.margin + 1e-6
    for a, b in itertools.combinations(boxes, 2):
        assert not a.intersects(Box(b.x + 1e-6, b.y + 1e-6, b.w - 2e-6, b.h - 2e-6))
    # No room was wasted: one more column or row would not fit.
    assert (g.cols + 1) * w + g.cols * gap > pw - 2 * s.margin - 1e-6
    assert (g.rows + 1) * h + g.rows * gap > ph - 2 * s.margin - 1e-6


@settings(max_examples=150, deadline=None)
@given(sizes, papers, bleeds, gaps, st.sampled_from(["long", "short"]))
def test_every_back_slot_is_a_front_slot_mirrored(size, paper, bleed, gap, duplex):
    w, h = size
    s = PrintSettings(paper=paper, bleed=bleed, gap=gap)
    if not fits(s, w, h):
        return
    g = card_grid(w, h, s)
    pw, ph = s.paper_size
    slots = set()
    for i in range(g.per_page):
        row, col = g.slot(i)
        br, bc = g.back_slot(i, duplex)
        slots.add((br, bc))
        fx, fy = g.position(row, col)
        bx, by = g.position(br, bc)
        if duplex == "long":  # flipping about the vertical axis: x mirrored, y kept
            assert abs((pw - (bx + w)) - fx) < 1e-6 and abs(by - fy) < 1e-6
        else:
            assert abs((ph - (by + h)) - fy) < 1e-6 and abs(bx - fx) < 1e-6
    assert len(slots) == g.per_page  # one back per slot


@settings(max_examples=150, deadline=None)
@given(sizes, papers, bleeds, gaps)
def test_crop_marks_never_touch_a_card_or_leave_the_paper(size, paper, bleed, gap):
    w, h = size
    s = PrintSettings(paper=paper, bleed=bleed, gap=gap)
    if not fits(s, w, h):
        return
    g = card_grid(w, h, s)
    xs, ys = g.cut_lines()
    pw, ph = s.paper_size
    block = g.block
    bleed_box = Box(block.x - g.bleed, block.y - g.bleed, block.w + 2 * g.bleed, block.h + 2 * g.bleed)
    for m in crop_marks(block, xs, ys, s):
        box = m.box(pad=0.0)
        inner = Box(box.x + 1e-6, box.y + 1e-6, max(box.w - 2e-6, 0), max(box.h - 2e-6, 0))
        if m.inside:  # a tick where the margin has no room: in line with a cut, never across a card
            assert any(abs(m.x1 - x) < 1e-6 for x in xs) or any(abs(m.y1 - y) < 1e-6 for y in ys)
        else:
            assert not inner.intersects(bleed_box)
        # on the printable area: 5 mm clear of every paper edge
        assert box.x >= 5 - 1e-6 and box.y >= 5 - 1e-6 and box.right <= pw - 5 + 1e-6 and box.bottom <= ph - 5 + 1e-6


@settings(max_examples=100, deadline=None)
@given(sizes, papers, bleeds, gaps)
def test_fold_backs_mirror_fronts_across_the_fold(size, paper, bleed, gap):
    w, h = size
    s = PrintSettings(paper=paper, bleed=bleed, gap=gap)
    try:
        sheet = fold_sheet(w, h, s)
    except ValueError:
        return
    pw, ph = sheet.paper
    for i in range(sheet.per_page):
        row, col = sheet.front.slot(i)
        x, y = sheet.front.position(row, col)
        bx, by = sheet.back_position(row, col)
        if sheet.vertical:
            assert x + w <= pw / 2 - bleed + 1e-6 and bx >= pw / 2 + bleed - 1e-6
            assert abs((bx + w / 2) - pw / 2 - (pw / 2 - (x + w / 2))) < 1e-6
        else:
            assert y + h <= ph / 2 - bleed + 1e-6 and by >= ph / 2 + bleed - 1e-6
            assert abs((by + h / 2) - ph / 2 - (ph / 2 - (y + h / 2))) < 1e-6
