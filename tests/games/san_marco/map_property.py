"""The adjacency property of generated maps, checked with our own plane geometry.

"Neighbours are districts joined by bridge sites": every pair of districts either has bridge
sites that reach both shores across a canal, or is kept apart by water at least twice a canal's
width (a basin nobody mistakes for a shared border).  Shared by the test sweep (50 seeds per
style) and the bench sweep (hundreds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Pt = tuple[float, float]

APART_FACTOR = 2.0  # non-neighbours: at least this many canal widths of water between them
SHORE_REACH = 1.0  # mm past the canal's middle + half its width a bridge end must stand on land
# Two bridges of one pair lie side by side across the same canal: their centres must be at least a printed
# bridge's width apart (8.5 mm, pieces.bridge_w in style.yaml, pinned here by hand) or the second one
# cannot be laid on its site.
BRIDGE_WIDTH = 8.5


def _segment_distance(p: Pt, a: Pt, b: Pt) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _inside(p: Pt, poly: Sequence[Pt]) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 > y) != (y2 > y) and x1 + (y - y1) * (x2 - x1) / (y2 - y1) > x:
            inside = not inside
    return inside


def polygon_distance(a: Sequence[Pt], b: Sequence[Pt]) -> float:
    """Smallest distance between two disjoint polygons' outlines."""

    def one_way(ps: Sequence[Pt], qs: Sequence[Pt]) -> float:
        return min(_segment_distance(p, qs[k], qs[(k + 1) % len(qs)]) for p in ps for k in range(len(qs)))

    return min(one_way(a, b), one_way(b, a))


Sites = Sequence[tuple[float, float, float]]  # (x, y, angle) of each bridge site of a pair


def adjacency_problems(outlines: Sequence[Sequence[Pt]], pairs: dict[tuple[int, int], Sites],
                       canal: float, sites_per_pair: int) -> list[str]:
    """Every way the map breaks the property, in words (empty when it holds)."""
    out: list[str] = []
    n = len(outlines)
    for i in range(n):
        for j in range(i + 1, n):
            sites = pairs.get((i, j)) or pairs.get((j, i))
            d = polygon_distance(outlines[i], outlines[j])
            if not sites:
                if d < APART_FACTOR * canal - 0.2:  # 0.2: coordinates are rounded to 0.1 mm
                    out.append(f"districts {i} and {j}: no bridge sites but only {d:.1f} mm of water")
                continue
            if len(sites) < sites_per_pair:
                out.append(f"districts {i} and {j}: {len(sites)} bridge sites, the rules allow {sites_per_pair}")
            a, b = (i, j) if (i, j) in pairs else (j, i)
            for k, (x1, y1, _) in enumerate(sites):
                for x2, y2, _ in sites[k + 1:]:
                    if math.hypot(x2 - x1, y2 - y1) < BRIDGE_WIDTH:
                        out.append(f"districts {a} and {b}: bridge sites ({x1}, {y1}) and ({x2}, {y2}) are "
                                   f"{math.hypot(x2 - x1, y2 - y1):.1f} mm apart, closer than a bridge is wide")
            for x, y, angle in sites:
                r = canal / 2 + SHORE_REACH
                ux, uy = math.cos(math.radians(angle)) * r, math.sin(math.radians(angle)) * r
                if not (_inside((x - ux, y - uy), outlines[a]) and _inside((x + ux, y + uy), outlines[b])):
                    out.append(f"districts {a} and {b}: the bridge site at ({x}, {y}) does not reach both shores")
    return out
