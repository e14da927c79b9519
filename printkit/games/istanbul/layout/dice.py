"""A fold-up six-sided die: a cross-shaped net of six faces with glue tabs, pips drawn as discs.

Pure geometry: faces on a 4 x 3 grid (the top face above the second, the bottom face below it), opposite faces
adding up to 7 once folded, and a tab on each of the seven edges that are glued.
"""

from __future__ import annotations

from printkit.engine.elements import Circle, Element, Line, Piece, Polygon, Rect

# (column, row) of each face value on the net: 1 in the middle, 6 behind it, 2/5 above and below, 3/4 the sides
FACES = {1: (1, 1), 6: (3, 1), 2: (1, 0), 5: (1, 2), 3: (0, 1), 4: (2, 1)}
# pip positions on a face, as fractions of its side
PIPS = {1: ((0.5, 0.5),), 2: ((0.25, 0.25), (0.75, 0.75)), 3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
        4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
        5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
        6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78))}
# the glued edges: (column, row, side) of the face that carries the tab
TABS = ((1, 0, "left"), (1, 0, "right"), (1, 0, "top"), (1, 2, "left"), (1, 2, "right"), (1, 2, "bottom"),
        (3, 1, "right"))
EDGE = 1.0  # mm of paper round the tabs inside the piece: the cut follows the net, not the piece's edge
BLEED = 3.0  # mm the white ground runs past the piece, as every printed piece's background does
TAB_INSET = 0.22  # a tab's slanted ends, as a fraction of the face side, so folded tabs do not collide


def opposite_faces() -> dict[int, int]:
    """Which face lies opposite each face once the net is folded (for the tests and the rules)."""
    out = {}
    for a, (ca, ra) in FACES.items():
        for b, (cb, rb) in FACES.items():
            across_row = ra == rb == 1 and abs(ca - cb) == 2
            across_column = ca == cb == 1 and abs(ra - rb) == 2
            if across_row or across_column:
                out[a] = b
    return out


def die_net(name: str, side: float, tab: float, color: str, pip_color: str) -> Piece:
    """One die's net, ``side`` mm faces and ``tab`` mm glue tabs; the piece is the net with its tabs."""
    ox, oy = tab + EDGE, tab + EDGE  # the net and its tabs sit inside the piece, cut along the net's outline
    w, h = 4 * side + 2 * (tab + EDGE), 3 * side + 2 * (tab + EDGE)
    els: list[Element] = [Rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="#ffffff", stroke=None)]
    for c, r, where in TABS:
        x, y = ox + c * side, oy + r * side
        i = side * TAB_INSET
        points = {
            "left": ((x, y), (x - tab, y + i), (x - tab, y + side - i), (x, y + side)),
            "right": ((x + side, y), (x + side + tab, y + i), (x + side + tab, y + side - i), (x + side, y + side)),
            "top": ((x, y), (x + i, y - tab), (x + side - i, y - tab), (x + side, y)),
            "bottom": ((x, y + side), (x + i, y + side + tab), (x + side - i, y + side + tab), (x + side, y + side)),
        }[where]
        els.append(Polygon(points, fill="#eeeeee", stroke="#555555", stroke_width=0.3))
    for value, (c, r) in FACES.items():
        x, y = ox + c * side, oy + r * side
        els.append(Rect(x, y, side, side, fill=color, stroke="#333333", stroke_width=0.35))
        for fx, fy in PIPS[value]:
            els.append(Circle(x + fx * side, y + fy * side, side * 0.09, fill=pip_color, stroke=None))
    # fold lines between the faces: dashed, on top of the faces
    for c in (1, 2, 3):
        x = ox + c * side
        els.append(Line(x, oy + side, x, oy + 2 * side, stroke="#777777", stroke_width=0.25, dash=(1.2, 0.8)))
    for r in (1, 2):
        y = oy + r * side
        els.append(Line(ox + side, y, ox + 2 * side, y, stroke="#777777", stroke_width=0.25, dash=(1.2, 0.8)))
    return Piece(name, w, h, tuple(els))
