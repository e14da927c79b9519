"""Clipping a line segment to a rectangle (Liang-Barsky), for layouts and for the preflight."""

from __future__ import annotations


def clip_interval(x1: float, y1: float, x2: float, y2: float, left: float, top: float, right: float,
                  bottom: float) -> tuple[float, float] | None:
    """The part of the segment inside the rectangle as parameters (t0, t1) along it, or None if it misses."""
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - left), (dx, right - x1), (-dy, y1 - top), (dy, bottom - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1
