"""Pieces that are not rectangles: their outlines, and how they share a sheet of paper.

Pure geometry in millimetres, origin top-left, y down, as in :mod:`printkit.engine.imposition`.  A shaped piece
is drawn in its bounding box (``width`` x ``height``, what its template sees) and cut along its ``outline``.

* hex tiles butt on a hex grid, so neighbours share an edge and one cut makes both; only the outer edges bleed;
* round tokens, polygons and stars stand apart on a grid with a gutter of twice the bleed, each bled all round;
* a die is a cube net of six faces with glue tabs, fold lines between the faces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from printkit.engine.imposition import Box, Segment
from printkit.engine.paper import PrintSettings

Point = tuple[float, float]
ShapeKind = Literal["rect", "hex", "circle", "polygon", "star", "die"]

SQRT3 = math.sqrt(3.0)
CIRCLE_SIDES = 180  # a circle's outline as a polygon: 0.015 % of the radius off the true circle, far below a cut
EDGE_TOL = 1e-6  # mm: two edges whose ends lie this close are one edge
DIE_TAB = 6.0  # mm: a glue tab deep enough to hold with a glue stick
DIE_TAB_SHARE = 0.3  # of a face's side at most, so the tabs of a small die stay clear of each other
# The faces of a die by its rows: (row, col) of each face in the cross-shaped net, so that face k and face 7 - k
# are opposite when folded (1-6 top and bottom, 2-5 front and back, 3-4 left and right), as on a real die.
DIE_CELLS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, 2), (3, 1), (2, 1))
# The net's seven seams: each glued with a tab on one of its two edges, (face, side) of the edge that has it.
DIE_TABS: tuple[tuple[int, str], ...] = ((2, "t"), (3, "t"), (5, "l"), (5, "r"), (4, "l"), (4, "r"), (4, "b"))


@dataclass(frozen=True)
class PieceShape:
    """A piece's cut shape: its bounding box and its outline in the box's millimetres (empty for a rectangle)."""

    kind: ShapeKind
    width: float
    height: float
    outline: tuple[Point, ...] = ()
    side: float = 0.0  # hex: edge length; die: a face's side
    pointy: bool = True  # hex: a corner at the top (else a flat edge)

    @property
    def round(self) -> bool:
        return self.kind == "circle"

    def facts(self) -> dict[str, object]:
        """What a template may read as ``piece``: shape, size, centre, outline points."""
        out: dict[str, object] = {"shape": self.kind, "width": self.width, "height": self.height,
                                  "cx": self.width / 2, "cy": self.height / 2,
                                  "outline": [list(p) for p in self.outline]}
        if self.kind == "hex":
            out |= {"side": self.side, "flat_to_flat": self.side * SQRT3, "corner_to_corner": 2 * self.side,
                    "top": "pointy" if self.pointy else "flat"}
        if self.kind in ("circle", "polygon", "star"):
            out["diameter"] = self.width
        if self.kind == "die":
            out["side"] = self.side
        return out


def hexagon(cx: float, cy: float, flat_to_flat: float, pointy: bool = True) -> tuple[Point, ...]:
    """A regular hexagon's corners, clockwise on the page from the top (pointy) or the top-left (flat)."""
    s = flat_to_flat / SQRT3
    f = flat_to_flat / 2
    if pointy:
        return ((cx, cy - s), (cx + f, cy - s / 2), (cx + f, cy + s / 2), (cx, cy + s), (cx - f, cy + s / 2),
                (cx - f, cy - s / 2))
    return ((cx - s / 2, cy - f), (cx + s / 2, cy - f), (cx + s, cy), (cx + s / 2, cy + f), (cx - s / 2, cy + f),
            (cx - s, cy))


def regular(cx: float, cy: float, r: float, sides: int) -> tuple[Point, ...]:
    """A regular polygon's corners on a circle of radius ``r``, the first at the top, clockwise on the page."""
    return tuple((cx + r * math.sin(2 * math.pi * k / sides), cy - r * math.cos(2 * math.pi * k / sides))
                 for k in range(sides))


def star(cx: float, cy: float, r: float, points: int, inner: float) -> tuple[Point, ...]:
    """A star's tips on radius ``r`` and notches on ``inner`` x r, the first tip at the top, clockwise."""
    out = []
    for k in range(2 * points):
        a = math.pi * k / points
        rr = r if k % 2 == 0 else r * inner
        out.append((cx + rr * math.sin(a), cy - rr * math.cos(a)))
    return tuple(out)


def hex_shape(flat_to_flat: float, pointy: bool) -> PieceShape:
    s = flat_to_flat / SQRT3
    w, h = (flat_to_flat, 2 * s) if pointy else (2 * s, flat_to_flat)
    return PieceShape("hex", w, h, hexagon(w / 2, h / 2, flat_to_flat, pointy), side=s, pointy=pointy)


def circle_shape(diameter: float) -> PieceShape:
    r = diameter / 2
    return PieceShape("circle", diameter, diameter, regular(r, r, r, CIRCLE_SIDES))


def polygon_shape(diameter: float, sides: int) -> PieceShape:
    """A regular polygon in a circle of ``diameter``; its box is the circle's (so a template's centre is the
    piece's centre whatever the number of sides)."""
    r = diameter / 2
    return PieceShape("polygon", diameter, diameter, regular(r, r, r, sides))


def star_shape(diameter: float, points: int, inner: float) -> PieceShape:
    r = diameter / 2
    return PieceShape("star", diameter, diameter, star(r, r, r, points, inner))


def square_shape(side: float) -> PieceShape:
    return PieceShape("rect", side, side)


def _area(points: tuple[Point, ...]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)) / 2


def offset(points: tuple[Point, ...], distances: float | tuple[float, ...]) -> tuple[Point, ...]:
    """``points`` (a simple polygon) with edge ``i`` (from point i to i + 1) moved ``distances[i]`` mm outwards
    (negative: inwards); each corner where its two moved edges meet.  One number moves every edge by it."""
    n = len(points)
    ds = (distances,) * n if isinstance(distances, int | float) else distances
    turn = 1.0 if _area(points) > 0 else -1.0  # which side of an edge is outside
    lines = []
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = turn * (y2 - y1) / length, -turn * (x2 - x1) / length
        lines.append(((x1 + nx * ds[i], y1 + ny * ds[i]), (x2 - x1, y2 - y1)))
    out = []
    for i in range(n):
        (px, py), (dx, dy) = lines[i - 1]
        (qx, qy), (ex, ey) = lines[i]
        cross = dx * ey - dy * ex
        if abs(cross) < 1e-12:  # the edges run on in one line: the corner moves with them
            out.append((qx, qy))
            continue
        t = ((qx - px) * ey - (qy - py) * ex) / cross
        out.append((px + t * dx, py + t * dy))
    return tuple(out)


def edges(points: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _key(a: Point, b: Point) -> tuple:
    ends = sorted((round(a[0], 4), round(a[1], 4)) for a in (a, b))
    return tuple(ends)


def shared_edges(outlines: list[tuple[Point, ...]]) -> list[list[bool]]:
    """For each outline (on one page), which of its edges another outline has too: there the two pieces share a
    cut, and neither bleeds across it."""
    count: dict[tuple, int] = {}
    for pts in outlines:
        for a, b in edges(pts):
            count[_key(a, b)] = count.get(_key(a, b), 0) + 1
    return [[count[_key(a, b)] > 1 for a, b in edges(pts)] for pts in outlines]


def cut_segments(outlines: list[tuple[Point, ...]]) -> list[Segment]:
    """Every edge of the outlines once (an edge two pieces share is one cut)."""
    seen: set[tuple] = set()
    out = []
    for pts in outlines:
        for a, b in edges(pts):
            k = _key(a, b)
            if k not in seen:
                seen.add(k)
                out.append(Segment(a[0], a[1], b[0], b[1]))
    return out


def mirrored(points: tuple[Point, ...], w: float, h: float, short_edge: bool) -> tuple[Point, ...]:
    """An outline in a ``w`` x ``h`` box as it lies behind the sheet after a long-edge (left-right) or short-edge
    (top-bottom) flip."""
    return tuple((x, h - y) if short_edge else (w - x, y) for x, y in points)


def symmetric(points: tuple[Point, ...], w: float, h: float, short_edge: bool) -> bool:
    """Whether the outline is its own mirror image across the flip (a hex and a circle are; a pentagon
    turned top to bottom is not)."""
    own = {(round(x, 3), round(y, 3)) for x, y in points}
    return {(round(x, 3), round(y, 3)) for x, y in mirrored(points, w, h, short_edge)} == own


@dataclass(frozen=True)
class ShapedSheet:
    """Where shaped pieces go on one side of a sheet: the top-left corner of each one's box, in filling order."""

    paper: tuple[float, float]
    piece: tuple[float, float]  # the box each piece is drawn in
    slots: tuple[Point, ...]
    rows: int
    cols: int

    @property
    def per_page(self) -> int:
        return len(self.slots)


def _fitted(rows: int, cols: int, count: int | None) -> tuple[int, int]:
    """A grid cut down to the rows (and, in one row, the columns) ``count`` pieces fill, when they fit on one
    sheet: a small set sits centred on the paper, as a small deck of cards does."""
    if count is not None and 0 < count < rows * cols:
        rows = math.ceil(count / cols)
        if rows == 1:
            cols = count
    return rows, cols


def hex_sheet(shape: PieceShape, settings: PrintSettings, count: int | None = None) -> ShapedSheet:
    """The most hexes that fit inside the margins on one grid, neighbours sharing edges.

    Pointy-top hexes stand in rows one flat-to-flat apart, every other row shifted by half of that and the rows
    one and a half sides apart; flat-top hexes are the same turned a quarter (columns shifted).  The block is
    centred on the paper (with ``count``, fewer than a sheet holds, only the rows they fill).  Raises ValueError
    when not even one hex fits.
    """
    pw, ph = settings.paper_size
    f = shape.side * SQRT3  # flat to flat
    s = shape.side
    # Work in pointy-top terms, across (x) and along (y) the rows; a flat-top sheet swaps the paper's axes.
    across, along = (pw, ph) if shape.pointy else (ph, pw)
    usable_a = across - 2 * settings.margin
    usable_l = along - 2 * settings.margin
    rows = math.floor((usable_l - 2 * s) / (1.5 * s) + 1e-9) + 1 if usable_l >= 2 * s - 1e-9 else 0
    cols = math.floor((usable_a - (f / 2 if rows > 1 else 0.0)) / f + 1e-9)
    if cols < 1 or rows < 1:
        raise ValueError(f"a hex {f:g} mm across the flats does not fit on {settings.paper.upper()} paper inside "
                         f"{settings.margin:g} mm margins")
    rows, cols = _fitted(rows, cols, count)
    block_a = cols * f + (f / 2 if rows > 1 else 0.0)
    block_l = 2 * s + (rows - 1) * 1.5 * s
    a0, l0 = (across - block_a) / 2, (along - block_l) / 2
    slots = []
    for r in range(rows):
        for c in range(cols):
            a = a0 + c * f + (f / 2 if r % 2 else 0.0)
            ll = l0 + r * 1.5 * s
            slots.append((a, ll) if shape.pointy else (ll, a))
    return ShapedSheet((pw, ph), (shape.width, shape.height), tuple(slots), rows, cols)


def spaced_sheet(w: float, h: float, settings: PrintSettings, gap: float, count: int | None = None) -> ShapedSheet:
    """A grid of ``w`` x ``h`` boxes ``gap`` apart, centred inside the margins (tokens, die nets); with ``count``,
    fewer than a sheet holds, only the rows they fill."""
    pw, ph = settings.paper_size
    cols = math.floor((pw - 2 * settings.margin + gap) / (w + gap) + 1e-9)
    rows = math.floor((ph - 2 * settings.margin + gap) / (h + gap) + 1e-9)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {w:g} x {h:g} mm piece does not fit on {settings.paper.upper()} paper inside "
                         f"{settings.margin:g} mm margins")
    rows, cols = _fitted(rows, cols, count)
    x0 = (pw - cols * w - (cols - 1) * gap) / 2
    y0 = (ph - rows * h - (rows - 1) * gap) / 2
    slots = tuple((x0 + c * (w + gap), y0 + r * (h + gap)) for r in range(rows) for c in range(cols))
    return ShapedSheet((pw, ph), (w, h), slots, rows, cols)


def bounding(points: list[Point]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class DieNet:
    """A cube's net in its own box (origin top-left): four faces in a column, one either side of the second,
    seven glue tabs.  Faces are ``side`` mm squares at ``faces[k]`` (top-left) for die face k + 1."""

    side: float
    tab: float
    faces: tuple[Point, ...]
    tabs: tuple[tuple[Point, ...], ...]  # each a trapezoid: its base on a face's edge, then outwards
    folds: tuple[Segment, ...]  # between two faces, and between a face and its tab
    cut: tuple[Segment, ...]  # the outline to cut: face edges without a tab, and each tab's three free sides
    tabbed: tuple[tuple[int, str], ...]  # (face, side) with a tab: the face does not bleed there

    @property
    def width(self) -> float:
        return 3 * self.side

    @property
    def height(self) -> float:
        return 4 * self.side + self.tab  # the bottom face's tab hangs below the column


def _face_edge(x: float, y: float, s: float, side: str) -> tuple[Point, Point, Point]:
    """A face's edge as (start, end, outward unit normal), going clockwise on the page."""
    return {"t": ((x, y), (x + s, y), (0.0, -1.0)), "r": ((x + s, y), (x + s, y + s), (1.0, 0.0)),
            "b": ((x + s, y + s), (x, y + s), (0.0, 1.0)), "l": ((x, y + s), (x, y), (-1.0, 0.0))}[side]


def die_net(side: float) -> DieNet:
    s = side
    t = min(DIE_TAB, DIE_TAB_SHARE * s)
    faces = tuple((c * s, r * s) for r, c in DIE_CELLS)
    tabs = []
    folds = []
    cut = []
    tabbed = set(DIE_TABS)
    seen: set[tuple] = set()
    for k, (x, y) in enumerate(faces):
        for name in "trbl":
            (ax, ay), (bx, by), (nx, ny) = _face_edge(x, y, s, name)
            key = _key((ax, ay), (bx, by))
            neighbour = any(j != k and key in {_key(*_face_edge(*faces[j], s, o)[:2]) for o in "trbl"}
                            for j in range(6))
            if neighbour:
                if key not in seen:
                    seen.add(key)
                    folds.append(Segment(ax, ay, bx, by))
                continue
            if (k, name) in tabbed:
                ux, uy = (bx - ax) / s, (by - ay) / s
                trap = ((ax, ay), (ax + ux * t + nx * t, ay + uy * t + ny * t),
                        (bx - ux * t + nx * t, by - uy * t + ny * t), (bx, by))
                tabs.append(trap)
                folds.append(Segment(ax, ay, bx, by))
                cut.extend(Segment(*trap[i], *trap[i + 1]) for i in range(3))
            else:
                cut.append(Segment(ax, ay, bx, by))
    return DieNet(s, t, faces, tuple(tabs), tuple(folds), tuple(cut), tuple(sorted(tabbed)))


def face_bleed(net: DieNet, face: int, bleed: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) bleed of a die face: past a cut edge the face's own bleed; none at a fold."""
    x, y = net.faces[face]
    out = []
    for name in "ltrb":
        (ax, ay), (bx, by), _ = _face_edge(x, y, net.side, name)
        key = _key((ax, ay), (bx, by))
        folded = (face, name) in net.tabbed or any(
            j != face and key in {_key(*_face_edge(*net.faces[j], net.side, o)[:2]) for o in "trbl"}
            for j in range(6))
        out.append(0.0 if folded else bleed)
    return out[0], out[1], out[2], out[3]


def depth(points: tuple[Point, ...], p: Point) -> float:
    """How far ``p`` lies inside the outline (mm to its nearest edge; negative outside)."""
    x, y = p
    nearest = math.inf
    inside = False
    for (x1, y1), (x2, y2) in edges(points):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / ((dx * dx + dy * dy) or 1.0)))
        nearest = min(nearest, math.hypot(x - x1 - t * dx, y - y1 - t * dy))
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * dx / dy:
            inside = not inside
    return nearest if inside else -nearest
