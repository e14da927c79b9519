"""Plane geometry for San Marco maps: clipped Voronoi cells, canals, label points.

Pure functions on tuples of floats (millimetres, y down).  Only what the map generator
and its tests need; polygons are lists of (x, y) in either orientation unless noted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Pt = tuple[float, float]
Poly = list[Pt]


def area(poly: Sequence[Pt]) -> float:
    """Signed area (positive for counter-clockwise in y-up terms)."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        s += x1 * y2 - x2 * y1
    return s / 2.0


def centroid(poly: Sequence[Pt]) -> Pt:
    a = area(poly)
    if abs(a) < 1e-9:
        n = len(poly)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        cross = x1 * y2 - x2 * y1
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return (cx / (6 * a), cy / (6 * a))


def clip_halfplane(poly: Sequence[Pt], nx: float, ny: float, c: float) -> Poly:
    """Keep the part of ``poly`` where nx*x + ny*y <= c (one Sutherland–Hodgman step).

    Correct for any simple subject polygon as long as the kept part is connected, which
    holds for the shapes we clip (star-shaped coasts against Voronoi half-planes).
    """
    out: Poly = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp = nx * p[0] + ny * p[1] - c
        dq = nx * q[0] + ny * q[1] - c
        if dp <= 0:
            out.append(p)
        if (dp < 0 < dq) or (dq < 0 < dp):
            t = dp / (dp - dq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return _dedupe(out)


def _dedupe(poly: Poly, eps: float = 1e-7) -> Poly:
    out: Poly = []
    for p in poly:
        if not out or abs(p[0] - out[-1][0]) > eps or abs(p[1] - out[-1][1]) > eps:
            out.append(p)
    if len(out) > 1 and abs(out[0][0] - out[-1][0]) <= eps and abs(out[0][1] - out[-1][1]) <= eps:
        out.pop()
    return out


def bisector(p: Pt, q: Pt, gap: float = 0.0, wp: float = 0.0, wq: float = 0.0) -> tuple[float, float, float]:
    """Half-plane (nx, ny, c) of points nearer ``p`` than ``q``, moved ``gap`` towards ``p``.

    With weights this is the power-diagram border (|x-p|² - wp = |x-q|² - wq): a heavier
    site pushes the border away from itself and gets a bigger cell.
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    nx, ny = dx / d, dy / d
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    return nx, ny, nx * mx + ny * my + (wp - wq) / (2 * d) - gap


def voronoi_cells(sites: Sequence[Pt], bounds: Sequence[Pt], gap: float = 0.0,
                  weights: Sequence[float] | None = None,
                  gaps: Mapping[tuple[int, int], float] | None = None) -> list[Poly]:
    """Cell of each site inside ``bounds``; ``gap`` leaves a channel that wide between cells.

    ``gaps`` gives some pairs (i < j) a channel of their own width instead: each cell then lies
    on its side of a line moved half that width towards it, so the two cells are at least that
    far apart everywhere (also where they would only meet at a corner).
    """
    w = weights or [0.0] * len(sites)
    gaps = gaps or {}
    cells = []
    for i, p in enumerate(sites):
        cell: Poly = list(bounds)
        for j, q in enumerate(sites):
            if i != j and cell:
                g = gaps.get((min(i, j), max(i, j)), gap)
                cell = clip_halfplane(cell, *bisector(p, q, g / 2, w[i], w[j]))
        cells.append(cell)
    return cells


def shared_border(cell: Sequence[Pt], p: Pt, q: Pt, eps: float = 1e-6, wp: float = 0.0,
                  wq: float = 0.0) -> tuple[Pt, Pt] | None:
    """The edge of ``cell`` (of site p) lying on the border of p and q, if any."""
    nx, ny, c = bisector(p, q, 0.0, wp, wq)
    on = [v for v in cell if abs(nx * v[0] + ny * v[1] - c) < eps]
    if len(on) < 2:
        return None
    # a convex cell meets a line in one segment: its two extreme points along the line
    on.sort(key=lambda v: -ny * v[0] + nx * v[1])
    return on[0], on[-1]


def point_in_polygon(pt: Pt, poly: Sequence[Pt]) -> bool:
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def segment_distance(pt: Pt, a: Pt, b: Pt) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((pt[0] - ax) * dx + (pt[1] - ay) * dy) / L2))
    return math.hypot(pt[0] - ax - t * dx, pt[1] - ay - t * dy)


def boundary_distance(pt: Pt, poly: Sequence[Pt]) -> float:
    n = len(poly)
    return min(segment_distance(pt, poly[i], poly[(i + 1) % n]) for i in range(n))


def inside_distance(pt: Pt, poly: Sequence[Pt]) -> float:
    """Distance to the boundary, negative outside."""
    d = boundary_distance(pt, poly)
    return d if point_in_polygon(pt, poly) else -d


_inside_distance = inside_distance


def pole_of_inaccessibility(poly: Sequence[Pt], steps: int = 24,
                             obstacles: Sequence[tuple[float, float, float]] = (),
                             bands: Sequence[tuple[int, float, float]] = ()) -> tuple[Pt, float]:
    """The inside point farthest from the boundary (grid search, then two refinements).

    ``obstacles`` are discs (x, y, r) to keep away from too, e.g. bridge sites at the shore; ``bands`` are strips
    (axis 0 = x or 1 = y, position, half width) the point may not lie in, e.g. where a board is cut.  The distance
    is negative when no point of the search lies outside the bands.
    Deterministic and good to ~1% of the cell size, which is all a label needs.
    """

    def inside_distance(pt: Pt, poly: Sequence[Pt]) -> float:
        if any(abs(pt[axis] - at) < half for axis, at, half in bands):
            return -math.inf
        d = _inside_distance(pt, poly)
        for ox, oy, r in obstacles:
            d = min(d, math.hypot(pt[0] - ox, pt[1] - oy) - r)
        return d

    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    best = centroid(poly)
    best_d = inside_distance(best, poly)
    span_x, span_y = (x1 - x0), (y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    for _ in range(3):
        for i in range(steps + 1):
            for j in range(steps + 1):
                pt = (cx - span_x / 2 + span_x * i / steps, cy - span_y / 2 + span_y * j / steps)
                d = inside_distance(pt, poly)
                if d > best_d + 1e-9:
                    best, best_d = pt, d
        cx, cy = best
        span_x, span_y = span_x * 4 / steps, span_y * 4 / steps
    return best, best_d


def ellipse(cx: float, cy: float, rx: float, ry: float, n: int = 48) -> Poly:
    return [(cx + rx * math.cos(2 * math.pi * k / n), cy + ry * math.sin(2 * math.pi * k / n)) for k in range(n)]


def convex_intersection_area(a: Sequence[Pt], b: Sequence[Pt]) -> float:
    """Area of a ∩ b when ``b`` is convex (a may be any simple polygon whose cut stays connected)."""
    bb = list(b)
    if area(bb) < 0:
        bb.reverse()
    out: Poly = list(a)
    n = len(bb)
    for i in range(n):
        (x1, y1), (x2, y2) = bb[i], bb[(i + 1) % n]
        # counter-clockwise (y-up sense) edge: inside is to the left, i.e. cross >= 0
        nx, ny = (y2 - y1), -(x2 - x1)
        out = clip_halfplane(out, nx, ny, nx * x1 + ny * y1)
        if len(out) < 3:
            return 0.0
    return abs(area(out))
