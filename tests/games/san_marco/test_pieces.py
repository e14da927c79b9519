"""San Marco's pieces measured in millimetres: nobles butted on shared cut lines, and every piece against the
board space it sits on. Expected sizes are pinned here by hand."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from printkit.engine.elements import Circle, Line, Polygon, Rect
from printkit.engine.paper import paper_dimensions
from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.layout.board import board
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.layout.pieces import pieces_sheets

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
    colours = kit.game.player_colors[:6]
    pages = [page for page in pieces_sheets(kit, 6) if any(_nobles(page, c) for c in colours)]
    assert len(pages) == 1  # six players' nobles and markers on one sheet
    page = pages[0]
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


# --- every piece against the board space it sits on, in mm (sizes pinned by hand) ---------------------------

NOBLE = 10.5  # a noble token's side
MARKER = 10.5  # the score and role discs' diameter
BRIDGE = (8.5, 22.0)  # a bridge piece: width, length
SUNDIAL = 14.0  # the sundial marker's diameter
DOGE_FOOTPRINT = (28.0, 28.0)  # the standee: 28 mm wide, its two 14 mm base tabs folded out to either side
TRACK_FILLS = ("#f3ead6", "#e6d5b0")
ROLE_FILLS = ("#7b2d26", "#fffaf0")
SUNDIAL_FILLS = ("#f2c14e", "#e9a23b")
SITE_FILL = "#f3e9d2"


def _sides(poly) -> list[float]:
    pts = poly.points
    return [math.dist(pts[k], pts[(k + 1) % len(pts)]) for k in range(len(pts))]


@pytest.fixture(scope="module", params=["classic", "six-players"])
def table(request):
    path = loader.CLASSIC if request.param == "classic" else loader.SIX_PLAYERS
    kit = KitContext(loader.load(path), loader.load_texts(), loader.load_style(), "en", None, paper_dimensions("a4"))
    pieces = [e for page in pieces_sheets(kit, 6) for e in page.elements]
    return kit, board(kit).elements, pieces


def test_pieces_are_the_pinned_sizes(table):
    kit, _, pieces = table
    bridges = {(round(e.w, 2), round(e.h, 2)) for e in pieces if isinstance(e, Rect) and e.fill == "#a77b4f"}
    assert bridges == {BRIDGE}
    assert {round(2 * e.r, 2) for e in pieces if isinstance(e, Circle) and e.fill == "#e07b24"} == {SUNDIAL}
    nobles = [e for e in pieces if isinstance(e, Rect) and e.fill in kit.game.player_colors and e.w == e.h]
    assert {round(e.w, 2) for e in nobles} == {NOBLE}
    markers = [e for e in pieces if isinstance(e, Circle) and e.fill in kit.game.player_colors]
    assert {round(2 * e.r, 2) for e in markers} == {MARKER}
    doge = kit.style.pieces
    assert (doge.doge_w, 2 * doge.doge_base) == DOGE_FOOTPRINT


def test_a_bridge_covers_its_site_and_no_more_across(table):
    kit, board_els, _ = table
    panel_x = kit.style.board.panel_x
    sites = [e for e in board_els if isinstance(e, Polygon) and e.fill == SITE_FILL and e.points[0][0] < panel_x]
    assert len(sites) == sum(len(a.sites) for a in kit.game.map.adjacency) > 0
    for site in sites:
        sides = sorted(_sides(site))
        across, along = sides[0], sides[-1]
        assert across >= BRIDGE[0]  # laid on its site, a bridge does not spill onto the canal beside it
        assert BRIDGE[1] >= along  # and reaches past both ends of the site onto land


def test_markers_fit_the_track_and_the_role_slots(table):
    _, board_els, _ = table
    cells = [e for e in board_els if isinstance(e, Rect) and e.fill in TRACK_FILLS]
    assert len(cells) == 100
    assert min(min(c.w, c.h) for c in cells) >= MARKER + 0.4  # 11 x 11.9 mm at the smallest
    slots = [e for e in board_els if isinstance(e, Circle) and e.fill in ROLE_FILLS]
    assert slots and min(2 * s.r for s in slots) >= MARKER + 2  # 13 mm


def test_the_sundial_marker_fits_one_field_of_the_dial(table):
    kit, board_els, _ = table
    fields = [e for e in board_els if isinstance(e, Polygon) and e.fill in SUNDIAL_FILLS]
    assert len(fields) == kit.game.rules.passages == 3
    for f in fields:
        centre, arc = f.points[0], f.points[1:]
        radius = math.dist(centre, arc[0])
        a0 = math.atan2(arc[0][1] - centre[1], arc[0][0] - centre[0])
        a1 = math.atan2(arc[-1][1] - centre[1], arc[-1][0] - centre[0])
        half = abs(a1 - a0) / 2
        inscribed = 2 * radius * math.sin(half) / (1 + math.sin(half))  # the largest circle inside the sector
        assert radius == pytest.approx(24.0) and inscribed == pytest.approx(16.0)
        assert inscribed >= SUNDIAL


def test_the_doge_stands_on_his_waiting_place(table):
    kit, board_els, _ = table
    places = [e for e in board_els if isinstance(e, Rect) and e.fill == "#fffaf0" and e.x > kit.style.board.panel_x
              and e.w >= 20]
    assert len(places) == 1
    assert places[0].w >= DOGE_FOOTPRINT[0] and places[0].h >= DOGE_FOOTPRINT[1]


@pytest.mark.parametrize(("paper", "sheets"), [("a4", 2), ("letter", 2), ("a3", 1)])
def test_the_board_takes_as_few_sheets_as_the_paper_allows(paper, sheets):
    """384 x 250 mm: one A3 sheet; two tiles side by side on A4 and on Letter (a 260 mm board took four
    Letter sheets: 279.4 mm less two 6 mm margins and the 16 mm tile caption band leaves 251.4)."""
    from printkit.engine.components import BuildOptions
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render
    from printkit.games.san_marco import kit as K

    comps = K.components(BuildOptions(paper=paper, lang="en", seed=7))
    board_comp = next(c for c in comps if getattr(c, "name", None) == "board")
    assert (board_comp.piece.width, board_comp.piece.height) == (384.0, 250.0)
    assert render(board_comp, PrintSettings(paper=paper), "en").pages == sheets


# --- the pieces packed onto as few sheets as they fit -------------------------------------------------------

def _boxes(page, fill: str) -> list[tuple[float, float, float, float]]:
    return [(e.x, e.y, e.x + e.w, e.y + e.h) for e in page.elements if isinstance(e, Rect) and e.fill == fill]


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_classic_pieces_take_two_sheets_and_nothing_overlaps(kit_for, paper):
    """Four players' nobles and markers, 12 bridges, the sundial, a d6 deck and net, the Doge: two sheets (they
    took three half-empty ones), every piece there once, no piece on another, every piece inside the page."""
    kit = kit_for(paper)
    sheets = pieces_sheets(kit, 4)
    assert len(sheets) == 2
    everything = [e for page in sheets for e in page.elements]
    colours = kit.game.player_colors[:4]
    assert [sum(len(_nobles(page, c)) for page in sheets) for c in colours] == [25, 25, 25, 25]
    assert len([e for e in everything if isinstance(e, Rect) and e.fill == "#a77b4f"]) == 12  # bridges
    assert len([e for e in everything if isinstance(e, Circle) and e.fill == "#e07b24"]) == 1  # sundial
    doge = [e for e in everything if isinstance(e, Rect) and e.fill == "#e9dcc0"]  # the Doge's front and back
    assert sorted(sorted((round(e.w, 2), round(e.h, 2))) for e in doge) == [[28.0, 42.0], [28.0, 42.0]]
    assert len([e for e in everything if isinstance(e, Rect) and e.fill == "#fbf7ee"]) == 6  # d6 die cards
    for page in sheets:
        for e in page.elements:
            if isinstance(e, Rect):
                assert e.x >= 0 and e.x + e.w <= page.width and e.y >= 0 and e.y + e.h <= page.height
        kinds = [_boxes(page, fill) for fill in ("#a77b4f", "#e9dcc0", "#e8dcc4", "#fbf7ee",
                                                 *colours)]
        for i, one in enumerate(kinds):
            for other in kinds[i + 1:]:
                assert not any(_overlap(a, b) for a in one for b in other)


def test_six_players_nobles_fill_a_sheet_the_rest_shares_the_next(kit_for):
    """Six players (the shipped six-player map: a d10 and a d6): nobles on the first sheet, bridges, sundial,
    dice and Doge after; no sheet holds fewer than its share (they took three sheets before, two half empty)."""
    kit = KitContext(loader.load(loader.SIX_PLAYERS), loader.load_texts(), loader.load_style(), "en", None,
                     paper_dimensions("a4"))
    sheets = pieces_sheets(kit, 6)
    everything = [e for page in sheets for e in page.elements]
    assert len([e for e in everything if isinstance(e, Rect) and e.fill == "#fbf7ee"]) == 10 + 6
    assert len(sheets) <= 3


@pytest.mark.parametrize(("definition", "players", "sheets"), [("classic", 4, 4), ("six-players", 6, 5)])
def test_on_a5_each_piece_goes_where_a_sheet_still_has_room(definition, players, sheets):
    """A5 pages hold two players' nobles each; the bridges, sundial, dice and Doge fill the room they leave
    (classic: 4 sheets; six players: 5, where one sheet each for nobles, pieces and dice made 6), every noble
    and die card still printed once."""
    path = loader.CLASSIC if definition == "classic" else loader.SIX_PLAYERS
    kit = KitContext(loader.load(path), loader.load_texts(), loader.load_style(), "en", None, paper_dimensions("a5"))
    pages = pieces_sheets(kit, players)
    assert len(pages) == sheets
    everything = [e for page in pages for e in page.elements]
    for colour in kit.game.player_colors[:players]:
        assert len([e for e in everything if isinstance(e, Rect) and e.fill == colour and e.w == e.h == 10.5]) == 25
    cards = len([e for e in everything if isinstance(e, Rect) and e.fill == "#fbf7ee"])
    assert cards == (6 if definition == "classic" else 10 + 6)
