"""Every Sanssouci piece fits the space printed for it, in millimetres, measured on the built pieces.

Pinned: a tile is 24 mm square on a 25 mm garden space and a 26 mm display space; a noble is
22 x 11 mm on a terrace start box of 24 x 12.5 mm and later on a tile; a score marker is 14 mm on an
18 mm track space.  A piece needs at least 0.5 mm of play on every side of its space to be set down
and picked up without covering the neighbours.
"""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.elements import Rect
from printkit.games.sanssouci import kit
from printkit.games.sanssouci.definitions import load_game, load_style
from printkit.games.sanssouci.layout.boards import garden_geometry

PLAY = 0.5  # mm on each side


@pytest.fixture(scope="module")
def comps():
    return {c.name: c for c in kit.components(BuildOptions(paper="a4", lang="en"))}


def _size(comp, prefix: str = "") -> tuple[float, float]:
    sizes = {(p.width, p.height) for p in comp.fronts if p.name.startswith(prefix)}
    assert len(sizes) == 1
    return sizes.pop()


def _fits(piece: tuple[float, float], space: tuple[float, float]) -> bool:
    return piece[0] + 2 * PLAY <= space[0] + 1e-9 and piece[1] + 2 * PLAY <= space[1] + 1e-9


def _terrace_boxes(comps) -> list[tuple[float, float]]:
    """The dashed start boxes drawn on the terrace of garden board 1 (one per column)."""
    board = comps["garden-board-1"].piece
    g = garden_geometry(load_game(), load_style().garden)
    return [(e.w, e.h) for e in board.elements
            if isinstance(e, Rect) and e.dash and g.terrace_y <= e.y < g.grid_y]


def test_pinned_sizes(comps):
    assert _size(comps["tiles"]) == (24.0, 24.0)
    assert _size(comps["tokens"], "noble ") == (22.0, 11.0)
    assert _size(comps["tokens"], "score marker ") == (14.0, 14.0)
    boxes = _terrace_boxes(comps)
    assert len(boxes) == 9 and set(boxes) == {(24.0, 12.5)}


def test_noble_fits_its_terrace_start_box(comps):
    noble = _size(comps["tokens"], "noble ")
    for box in _terrace_boxes(comps):
        assert _fits(noble, box), (noble, box)
    # the old 19 mm square token did not: it was taller than the box
    assert not _fits((19.0, 19.0), (24.0, 12.5))


def test_noble_fits_on_a_tile_and_a_tile_on_its_spaces(comps):
    tile = _size(comps["tiles"])
    assert _fits(_size(comps["tokens"], "noble "), tile)
    style = load_style()
    assert _fits(tile, (style.garden.space, style.garden.space))
    assert _fits(tile, (style.central.space, style.central.space))


def test_score_marker_fits_a_track_space(comps):
    board = comps["central-board"].piece
    cells = {(round(e.w, 2), round(e.h, 2)) for e in board.elements
             if isinstance(e, Rect) and e.fill is not None and abs(e.w - e.h) < 1e-6 and e.w < 20 and e.w > 10}
    assert (18.0, 18.0) in cells  # the track's spaces, pinned
    assert _fits(_size(comps["tokens"], "score marker "), (18.0, 18.0))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_registration_mark_lands_on_a_display_space(comps, paper):
    """Tiled on two pages, the central board gets registration crosses in the overlap; none may sit on a display
    space (a cross there reads like a symbol of the game)."""
    from printkit.engine.imposition import tile_board
    from printkit.engine.paper import PrintSettings

    board = comps["central-board"].piece
    game = load_game()
    fills = {game.colour(c).hex.lower() for c in game.display_colours()}
    spaces = [e for e in board.elements if isinstance(e, Rect) and e.fill and e.fill.lower() in fills
              and abs(e.w - 26.0) < 1e-6]
    assert len(spaces) == 10  # 2 per colour
    marks = tile_board(board.width, board.height, PrintSettings(paper=paper)).registration
    assert marks  # the board is tiled on this paper
    reach = 4.0  # mm: a cross's arm
    for x, y in marks:
        for e in spaces:
            assert not (e.x - reach < x < e.x + e.w + reach and e.y - reach < y < e.y + e.h + reach), (x, y, e)


# Measured on the printed PDFs (what a player's ruler finds), not on the layout's elements.
BLEED = 3.0  # mm: printkit build's default bleed around each cut token


def _pdf(comps, name: str, paper: str = "a4") -> bytes:
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render

    return render(comps[name], PrintSettings(paper=paper), "en").pdf


def test_noble_fits_its_terrace_start_box_on_paper(comps):
    from devkit.readback import shapes

    yellow = (242, 194, 48)  # the first player colour's fill
    nobles = [s for s in shapes(_pdf(comps, "tokens")) if s.fill == yellow and 25 < s.width < 32 and s.height < 20]
    assert len(nobles) == 9
    noble = {(round(s.width - 2 * BLEED, 1), round(s.height - 2 * BLEED, 1)) for s in nobles}
    assert noble == {(22.0, 11.0)}
    stroke = 0.6  # the box's outline, half of it each side of the drawn line
    boxes = {(round(s.width - stroke, 1), round(s.height - stroke, 1)) for s in shapes(_pdf(comps, "garden-board-1"))
             if 20 < s.width < 30 and 10 < s.height < 15}
    assert boxes == {(24.0, 12.5)}
    ((w, h),), ((bw, bh),) = noble, boxes
    assert w + 2 * PLAY <= bw and h + 2 * PLAY <= bh


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_registration_cross_on_a_display_space_on_paper(comps, paper):
    from devkit.readback import shapes

    pdf = _pdf(comps, "central-board", paper)
    seen = 0
    for page in (0, 1):
        drawn = shapes(pdf, page)
        crosses = [s for s in drawn if abs(s.width - 4.4) < 0.2 and abs(s.height - 4.4) < 0.2 and s.top < 250]
        # the display and stack spaces this tile prints (26 mm, with their outline): no cross may sit on either
        spaces = [s for s in drawn if s.fill and 25.5 < s.width < 27.5 and 25.5 < s.height < 27.5]
        assert len(crosses) == 2 and len(spaces) >= 8
        arm = 3.2  # mm: half the cross's 6.4 mm arms
        for c in crosses:
            cx, cy = (c.left + c.right) / 2, (c.top + c.bottom) / 2
            near = min(max(s.left - cx, cx - s.right, s.top - cy, cy - s.bottom) for s in spaces)
            assert near > arm, (page, cx, cy, near)
            seen += 1
    assert seen == 4
