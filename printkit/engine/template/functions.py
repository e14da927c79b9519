"""The functions and filters every template may call, besides Jinja2's own.

Filters: ``shade(f)`` (a colour darkened by factor f), ``contrast`` (black or white ink for a
background); both take ``#rrggbb``, ``#rgb`` or a colour name (``darkred``).  Functions: ``pips(n)``
(a d6 face's pip centres), ``zigzag(x0, x1, y, step, amplitude)`` (the points of a wavy line, for polygon
``points``), ``inset(points, d)`` (an outline moved ``d`` mm inwards: a frame inside a hex tile's
``piece.outline``), ``hexagon(cx, cy, flat_to_flat, top)`` (a hexagon's corners, ``top`` "pointy" or "flat").
"""

from __future__ import annotations

from printkit.engine.colors import contrast_ink, shade, tint
from printkit.engine.pieces import hexagon as _hexagon
from printkit.engine.pieces import offset

_PIPS = {
    1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
MAX_POINTS = 2000  # a zigzag longer than this is a mistake, not a card


def pips(face: int) -> list[tuple[float, float]]:
    """Pip centres of a d6 face as fractions of the face (x right, y down); none for other numbers."""
    return list(_PIPS.get(int(face), []))


def zigzag(x0: float, x1: float, y: float, step: float, amplitude: float) -> list[tuple[float, float]]:
    """Points from ``x0`` to ``x1`` at height ``y``, alternately ``amplitude`` above and below."""
    if step <= 0:
        raise ValueError("zigzag step must be positive")
    n = min(MAX_POINTS, int((x1 - x0) / step) + 1)
    return [(x0 + i * step, y + (amplitude if i % 2 else -amplitude)) for i in range(n)]


def inset(points: list, d: float) -> list[tuple[float, float]]:
    """The outline ``points`` with every edge moved ``d`` mm inwards (outwards when negative)."""
    pts = tuple((float(x), float(y)) for x, y in points)
    if not 3 <= len(pts) <= MAX_POINTS:
        raise ValueError(f"inset takes an outline of 3 to {MAX_POINTS} points; found {len(pts)}")
    return list(offset(pts, -float(d)))


def hexagon(cx: float, cy: float, flat_to_flat: float, top: str = "pointy") -> list[tuple[float, float]]:
    """A regular hexagon's six corners about (cx, cy), ``flat_to_flat`` mm across its flat sides."""
    if top not in ("pointy", "flat"):
        raise ValueError(f"hexagon top is 'pointy' or 'flat'; found {top!r}")
    return list(_hexagon(float(cx), float(cy), float(flat_to_flat), top == "pointy"))


FILTERS = {"shade": shade, "tint": tint, "contrast": contrast_ink, "contrast_ink": contrast_ink}
GLOBALS = {"pips": pips, "zigzag": zigzag, "inset": inset, "hexagon": hexagon}
