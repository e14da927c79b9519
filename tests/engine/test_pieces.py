"""Shaped pieces on paper, read back from the PDF: hex tiles sharing their cut edges, round tokens with cut guides
and crop marks, backs behind their fronts, die nets.  Expected geometry is worked out here from first principles
(a regular hexagon of flat-to-flat f has side f/√3, rows 1.5 sides apart), never from printkit's tables."""

from __future__ import annotations

import math

import pytest

from devkit.readback import boxes_mm, find_text, page_count, paths, render_page
from printkit.engine.components import CardComponent, count_label
from printkit.engine.elements import Piece, Rect, Text
from printkit.engine.errors import InputError
from printkit.engine.paper import PrintSettings
from printkit.engine.pieces import PieceShape, circle_shape, hex_shape, star_shape
from printkit.engine.render.pdf import render

GUIDE = (122, 122, 122)  # the cut guides' grey, as a user would pick it out of the PDF
COLOURS = ("#c0392b", "#2980b9", "#27ae60", "#8e44ad")
A4 = (210.0, 297.0)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def _pieces(shape: PieceShape, n: int, tag: str = "F", fill: str | None = None) -> tuple[Piece, ...]:
    return tuple(Piece(f"{tag}{i + 1}", shape.width, shape.height,
                       (Rect(-10, -10, shape.width + 20, shape.height + 20, fill=fill or COLOURS[i % 4], stroke=None),
                        Text(2, shape.height / 2 - 3, shape.width - 4, 6, f"{tag}{i + 1}", size=9, color="#ffffff")),
                       outline=shape.outline) for i in range(n))


def _render(shape: PieceShape, n: int, backs: bool = False, **settings) -> bytes:
    comp = CardComponent("pieces", "Pieces", _pieces(shape, n), _pieces(shape, n, "B", "#333333") if backs else None,
                         shape=shape)
    return render(comp, PrintSettings(**settings), "en").pdf


def _segments(pdf: bytes, page: int = 0) -> set[tuple[tuple[float, float], tuple[float, float]]]:
    """The guide lines on the page, each as its two ends (rounded to 0.01 mm, in order)."""
    out = set()
    for p in paths(pdf, page):
        if p.stroke == GUIDE and len(p.points) == 2:
            a, b = sorted((round(x, 2), round(y, 2)) for x, y in p.points)
            out.add((a, b))
    return out


def _hex_corners(cx: float, cy: float, f: float, pointy: bool) -> list[tuple[float, float]]:
    """A regular hexagon's corners from its circumradius (= the side, f/√3), every 60°."""
    r = f / math.sqrt(3)
    start = 90 if pointy else 0
    return [(cx + r * math.cos(math.radians(start + 60 * k)), cy - r * math.sin(math.radians(start + 60 * k)))
            for k in range(6)]


def _expected_edges(centres: list[tuple[float, float]], f: float, pointy: bool) -> set:
    edges = set()
    for cx, cy in centres:
        pts = _hex_corners(cx, cy, f, pointy)
        for k in range(6):
            a, b = sorted(((round(pts[k][0], 2), round(pts[k][1], 2)),
                           (round(pts[(k + 1) % 6][0], 2), round(pts[(k + 1) % 6][1], 2))))
            edges.add((a, b))
    return edges


def _near(a: set, b: set, tol: float = 0.02) -> bool:
    """Two sets of segments equal to within ``tol`` mm at each end."""
    return len(a) == len(b) and all(any(all(abs(u - v) <= tol for u, v in zip(
        (*s[0], *s[1]), (*t[0], *t[1]), strict=True)) for t in b) for s in a)


def test_pointy_hexes_sit_in_offset_rows_and_every_edge_is_cut_once():
    f = 38.0
    pdf = _render(hex_shape(f, True), 12)
    assert page_count(pdf) == 1
    side = f / math.sqrt(3)
    # A4 inside 6 mm margins: 198 mm across takes 4 hexes (4 f + f/2 = 171 mm); 12 hexes fill 3 rows
    block_w, block_h = 4 * f + f / 2, 2 * side + 2 * 1.5 * side
    x0, y0 = (A4[0] - block_w) / 2, (A4[1] - block_h) / 2
    centres = [(x0 + f / 2 + c * f + (f / 2 if r % 2 else 0), y0 + side + r * 1.5 * side)
               for r in range(3) for c in range(4)]
    got = _segments(pdf)
    # 72 edges, of which 9 within rows and 2 x 7 between rows are shared: 49 cuts
    assert len(got) == 49
    assert _near(got, _expected_edges(centres, f, True))
    trim = boxes_mm(pdf)["trim"]
    assert trim == pytest.approx((x0, y0, x0 + block_w, y0 + block_h), abs=0.01)


def test_flat_top_hexes_sit_in_offset_columns():
    f = 30.0
    pdf = _render(hex_shape(f, False), 6)
    side = f / math.sqrt(3)
    # flat-top: columns 1.5 sides apart, every other column half a flat-to-flat lower; 285 mm of height takes 9
    # hexes a column, so 6 hexes fill the first column only
    assert page_count(pdf) == 1
    got = _segments(pdf)
    block_w, block_h = 2 * side, 6 * f
    x0, y0 = (A4[0] - block_w) / 2, (A4[1] - block_h) / 2
    centres = [(x0 + side, y0 + f / 2 + k * f) for k in range(6)]
    assert len(got) == 6 * 6 - 5
    assert _near(got, _expected_edges(centres, f, False))


def test_neighbouring_hexes_share_an_edge_with_no_gap_and_only_outer_edges_bleed():
    f = 38.0
    pdf = _render(hex_shape(f, True), 12)
    side = f / math.sqrt(3)
    x0, y0 = (A4[0] - 4.5 * f) / 2, (A4[1] - 5 * side) / 2
    dpi = 254  # 10 px a mm
    img = render_page(pdf, 0, dpi)

    def px(x: float, y: float) -> tuple[int, int, int]:
        return img.getpixel((round(x * 10), round(y * 10)))

    shared_x, mid_y = x0 + f, y0 + side  # the edge between the first row's first two hexes, at its middle
    left, right = px(shared_x - 0.4, mid_y), px(shared_x + 0.4, mid_y)
    assert _close(left, _rgb(COLOURS[0])) and _close(right, _rgb(COLOURS[1]))
    # the outer left edge bleeds 3 mm: its colour 2 mm outside the cut, paper 4 mm outside
    assert _close(px(x0 - 2.0, mid_y), _rgb(COLOURS[0]))
    assert px(x0 - 4.0, mid_y) == (255, 255, 255)
    # along the cut hex 2 shares with hex 5 below it (its lower-left edge), each side keeps its own colour
    a, b = _hex_corners(x0 + 1.5 * f, y0 + side, f, True)[2:4]  # hex 2's lower-left and bottom corners
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = math.cos(math.radians(240)), -math.sin(math.radians(240))  # that edge's outward normal, page y down
    assert _close(px(mx - 0.5 * nx, my - 0.5 * ny), _rgb(COLOURS[1]))
    assert _close(px(mx + 0.5 * nx, my + 0.5 * ny), _rgb(COLOURS[0]))


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(u - v) <= tol for u, v in zip(a, b, strict=False))


def test_round_tokens_get_circle_guides_crop_marks_at_their_boxes_and_mirrored_backs():
    d = 25.0
    pdf = _render(circle_shape(d), 10, backs=True)
    assert page_count(pdf) == 2  # a front page and the backs behind it
    gap = 6.0  # twice the 3 mm bleed: each token bleeds all round
    cols = math.floor((A4[0] - 12 + gap) / (d + gap))
    assert cols == 6
    x0 = (A4[0] - cols * d - (cols - 1) * gap) / 2
    rows = 2  # 10 tokens, 6 a row
    y0 = (A4[1] - rows * d - (rows - 1) * gap) / 2
    circles = [p for p in paths(pdf, 0) if p.stroke == GUIDE and len(p.points) > 2]
    assert len(circles) == 10
    in_order = sorted(circles, key=lambda c: (round(min(y for _, y in c.points)), min(x for x, _ in c.points)))
    for k, c in enumerate(in_order):
        cx, cy = x0 + (k % cols) * (d + gap) + d / 2, y0 + (k // cols) * (d + gap) + d / 2
        assert all(abs(math.hypot(x - cx, y - cy) - d / 2) < 0.02 for x, y in c.points)
    # crop marks (black, outside the block) in line with each token box's left and right edges
    marks = [p for p in paths(pdf, 0) if p.stroke == (0, 0, 0) and len(p.points) == 2]
    vertical = {round(p.points[0][0], 2) for p in marks if abs(p.points[0][0] - p.points[1][0]) < 1e-6}
    want = {round(x0 + c * (d + gap) + e, 2) for c in range(cols) for e in (0, d)}
    assert vertical == want
    # each back lies behind its front: mirrored left-right for a long-edge flip
    for k in (2, 5, 7):  # (not 1: "F1" is in "F10" too)
        (fx, fy), = find_text(pdf, f"F{k}", 0)
        (bx, by), = find_text(pdf, f"B{k}", 1)
        assert bx == pytest.approx(A4[0] - fx, abs=0.3) and by == pytest.approx(fy, abs=0.3)


def test_a_star_back_turns_half_round_on_a_short_edge_flip():
    # a five-point star is not its own mirror top to bottom: behind its front on a short-edge flip it is drawn
    # turned, tip down, in the mirrored slot
    shape = star_shape(30, 5, 0.5)
    pdf = _render(shape, 2, backs=True, duplex="short")
    (fx, fy), = find_text(pdf, "F1", 0)
    (bx, by), = find_text(pdf, "B1", 1)
    assert bx == pytest.approx(fx, abs=0.3) and by == pytest.approx(A4[1] - fy, abs=0.3)
    near = [(x, y) for p in paths(pdf, 1) if p.stroke == GUIDE for x, y in p.points if abs(x - bx) < 16]
    # tip down: the lowest corner a tip's 15 mm below the centre, the highest a notch pair's 15 cos 36° above it
    assert max(y for _, y in near) - by == pytest.approx(15.0, abs=0.3)
    assert by - min(y for _, y in near) == pytest.approx(15 * math.cos(math.radians(36)), abs=0.3)


def test_a_die_net_places_six_faces_opposite_faces_summing_to_seven():
    s = 18.0
    shape = PieceShape("die", s, s, side=s)
    faces = tuple(Piece(f"face {k}", s, s, (Rect(-5, -5, s + 10, s + 10, fill="#2980b9", stroke=None),
                                             Text(2, 5, s - 4, 8, f"N{k}", size=12, color="#ffffff")))
                  for k in range(1, 7))
    pdf = render(CardComponent("die", "Die", faces, shape=shape), PrintSettings(), "en").pdf
    assert page_count(pdf) == 1
    tab = min(6.0, 0.3 * s)
    net_w, net_h = 3 * s, 4 * s + tab
    x0, y0 = (A4[0] - net_w) / 2, (A4[1] - net_h) / 2
    cells = {}
    for k in range(1, 7):
        (x, y), = find_text(pdf, f"N{k}", 0)
        col, row = int((x - x0) // s), int((y - y0) // s)
        assert x == pytest.approx(x0 + (col + 0.5) * s, abs=0.5)  # centred on its face
        cells[(row, col)] = k
    # a cross net: four faces down the middle column, one either side of the second
    assert set(cells) == {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)}
    # folded, the cells two apart down the column are opposite, and so are the two arms
    assert cells[(0, 1)] + cells[(2, 1)] == 7 and cells[(1, 1)] + cells[(3, 1)] == 7
    assert cells[(1, 0)] + cells[(1, 2)] == 7
    lines = [p for p in paths(pdf, 0) if p.stroke is not None and len(p.points) == 2]
    folds = [p for p in lines if p.dashed]
    # five folds between faces and seven between a face and its glue tab, each a face's side long
    assert len(folds) == 12
    assert all(math.dist(*p.points) == pytest.approx(s, abs=0.01) for p in folds)
    cuts = [p for p in lines if p.stroke == (0, 0, 0) and not p.dashed]
    lengths = sorted(round(math.dist(*p.points), 2) for p in cuts)
    # seven face edges cut straight, and each of the seven tabs three sides: two slopes and its outer edge
    assert lengths.count(round(s, 2)) == 7
    assert lengths.count(round(tab * math.sqrt(2), 2)) == 14
    assert lengths.count(round(s - 2 * tab, 2)) == 7


def test_a_die_needs_six_faces_each():
    shape = PieceShape("die", 18, 18, side=18)
    faces = tuple(Piece(f"f{k}", 18, 18, ()) for k in range(7))
    with pytest.raises(InputError, match="six faces"):
        render(CardComponent("die", "Die", faces, shape=shape), PrintSettings(), "en")


def test_a_hex_larger_than_the_paper_is_refused():
    with pytest.raises(InputError, match="does not fit on A4"):
        _render(hex_shape(250, True), 1)


def test_the_build_counts_one_die_and_two_dice():
    assert [count_label(n, "dice") for n in (1, 2)] == ["1 die", "2 dice"]
    assert [count_label(n, "tokens") for n in (1, 22)] == ["1 token", "22 tokens"]
