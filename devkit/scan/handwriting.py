"""Synthetic pen marks for the scanner's test set: crosses, slashes, loops, digits, dots, smudges.

Each *writer* has its own hand (slant, size, stroke width, how far a cross reaches, digit shapes)
and pen (ink colour and how dark it is); marks get fresh jitter every time.  Drawing happens on an
RGB page image in pixels, with a multiply blend so ink over printed colour looks like ink.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import cv2
import numpy as np

Stroke = list[tuple[float, float]]

# Digit skeletons in a unit box (x right, y down), several ways people write them.
_DIGITS: dict[str, list[list[Stroke]]] = {
    "0": [[[(0.5, 0.03), (0.15, 0.25), (0.12, 0.7), (0.45, 0.97), (0.85, 0.72), (0.85, 0.25), (0.5, 0.03)]]],
    "1": [[[(0.5, 0.03), (0.5, 0.97)]], [[(0.25, 0.25), (0.55, 0.03), (0.55, 0.97)]],
          [[(0.3, 0.22), (0.55, 0.03), (0.55, 0.97)], [(0.3, 0.97), (0.8, 0.97)]]],
    "2": [[[(0.15, 0.25), (0.4, 0.03), (0.75, 0.08), (0.82, 0.3), (0.6, 0.55), (0.12, 0.95), (0.9, 0.95)]],
          [[(0.2, 0.2), (0.5, 0.03), (0.8, 0.2), (0.15, 0.95), (0.9, 0.92)]]],
    "3": [[[(0.15, 0.12), (0.55, 0.03), (0.8, 0.22), (0.45, 0.47), (0.85, 0.7), (0.6, 0.97), (0.12, 0.85)]],
          [[(0.15, 0.05), (0.85, 0.05), (0.45, 0.42), (0.85, 0.68), (0.55, 0.97), (0.15, 0.85)]]],
    "4": [[[(0.65, 0.03), (0.1, 0.65), (0.9, 0.65)], [(0.65, 0.3), (0.65, 0.97)]],
          [[(0.25, 0.03), (0.15, 0.58), (0.88, 0.58)], [(0.68, 0.1), (0.68, 0.97)]]],
    "5": [[[(0.82, 0.04), (0.25, 0.04), (0.2, 0.45), (0.6, 0.38), (0.86, 0.65), (0.62, 0.96), (0.15, 0.88)]],
          [[(0.25, 0.04), (0.2, 0.45), (0.6, 0.38), (0.86, 0.65), (0.62, 0.96), (0.15, 0.88)],
           [(0.25, 0.04), (0.85, 0.04)]]],
    "6": [[[(0.75, 0.04), (0.35, 0.3), (0.15, 0.7), (0.4, 0.96), (0.78, 0.85), (0.8, 0.6), (0.5, 0.48),
            (0.18, 0.65)]]],
    "7": [[[(0.1, 0.05), (0.9, 0.05), (0.38, 0.97)]],
          [[(0.1, 0.05), (0.9, 0.05), (0.4, 0.97)], [(0.35, 0.5), (0.8, 0.5)]]],
    "8": [[[(0.5, 0.5), (0.2, 0.28), (0.5, 0.03), (0.8, 0.28), (0.5, 0.5), (0.17, 0.74), (0.5, 0.97),
            (0.83, 0.74), (0.5, 0.5)]]],
    "9": [[[(0.8, 0.3), (0.5, 0.5), (0.18, 0.3), (0.5, 0.03), (0.82, 0.28), (0.75, 0.97)]],
          [[(0.8, 0.3), (0.5, 0.5), (0.18, 0.3), (0.5, 0.03), (0.82, 0.28), (0.8, 0.65), (0.45, 0.97)]]],
}

INKS = {  # RGB of the pen
    "black": (28, 28, 34), "blue": (25, 55, 165), "red": (175, 35, 35), "green": (20, 105, 55),
    "pencil": (105, 105, 112), "purple": (95, 40, 140),
}


@dataclass(frozen=True)
class Writer:
    """One person with one pen."""

    ink: tuple[int, int, int]
    width_mm: float  # stroke width
    slant: float  # shear of digits (positive leans right)
    size: float  # digit height as a fraction of the box height
    reach: float  # how far a cross reaches towards the box corners (fraction of the half box)
    slash_rate: float  # how often a single slash stands for a cross
    smooth: bool  # rounded digits (spline) or angular ones
    jitter: float
    shapes: tuple[int, ...]  # which variant of each digit (index modulo the variants)

    @classmethod
    def random(cls, rng: random.Random) -> Writer:
        ink = INKS[rng.choice(["black", "black", "blue", "blue", "blue", "pencil", "red", "green", "purple"])]
        return cls(ink, rng.uniform(0.3, 0.75), rng.uniform(-0.25, 0.3), rng.uniform(0.5, 0.78),
                   rng.uniform(0.55, 1.05), rng.choice([0.0, 0.0, 0.2, 0.6]), rng.random() < 0.6,
                   rng.uniform(0.015, 0.05), tuple(rng.randrange(4) for _ in range(10)))


def _smooth(points: Stroke, n: int = 8) -> Stroke:
    """Catmull-Rom through the points."""
    if len(points) < 3:
        return points
    pts = [points[0], *points, points[-1]]
    out: Stroke = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in range(2)))  # type: ignore[misc]
    out.append(points[-1])
    return out


class Pen:
    """Draws on an RGB page (uint8, modified in place) at ``px_per_mm``."""

    def __init__(self, page: np.ndarray, px_per_mm: float, rng: random.Random):
        self.page = page
        self.p = px_per_mm
        self.rng = rng
        self._mask = np.zeros(page.shape[:2], np.float32)
        self._inks: list[tuple[np.ndarray, tuple[int, int, int], float]] = []

    def _stroke(self, pts_mm: Stroke, width_mm: float, ink: tuple[int, int, int], strength: float = 1.0) -> None:
        shift = 4  # sub-pixel precision of cv2 drawing
        f = self.p * (1 << shift)
        pts = np.array([[round(x * f), round(y * f)] for x, y in pts_mm], np.int32)
        x0, y0 = (pts.min(axis=0) >> shift) - 20
        x1, y1 = (pts.max(axis=0) >> shift) + 20
        h, w = self.page.shape[:2]
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            return
        m = np.zeros((y1 - y0, x1 - x0), np.uint8)
        t = max(1, round(width_mm * self.p))
        cv2.polylines(m, [pts - np.array([x0 << shift, y0 << shift])], False, 255, t, cv2.LINE_AA, shift)
        a = (m.astype(np.float32) / 255.0 * strength)[..., None]
        region = self.page[y0:y1, x0:x1].astype(np.float32)
        tint = np.array(ink, np.float32) / 255.0
        self.page[y0:y1, x0:x1] = np.clip(region * (1 - a) + region * tint * a, 0, 255).astype(np.uint8)

    def _jit(self, v: float, s: float) -> float:
        return v + self.rng.gauss(0, s)

    def cross(self, w: Writer, x: float, y: float, bw: float, bh: float) -> None:
        """An X (or a slash) over a box at (x, y) mm of size bw x bh."""
        cx, cy = x + bw / 2 + self.rng.gauss(0, bw * 0.04), y + bh / 2 + self.rng.gauss(0, bh * 0.04)
        rx, ry = bw / 2 * w.reach * self.rng.uniform(0.85, 1.1), bh / 2 * w.reach * self.rng.uniform(0.85, 1.1)
        j = 0.06 * min(bw, bh)
        lines = [((cx - rx, cy - ry), (cx + rx, cy + ry)), ((cx + rx, cy - ry), (cx - rx, cy + ry))]
        if self.rng.random() < w.slash_rate:
            lines = [lines[1]]
        for (ax, ay), (bx, by) in lines:
            mid = ((ax + bx) / 2 + self.rng.gauss(0, j), (ay + by) / 2 + self.rng.gauss(0, j))
            pts = _smooth([(self._jit(ax, j), self._jit(ay, j)), mid, (self._jit(bx, j), self._jit(by, j))], 6)
            self._stroke(pts, w.width_mm * self.rng.uniform(0.85, 1.15), w.ink)

    def loop(self, w: Writer, cx: float, cy: float, r: float) -> None:
        """A loop round a printed circle of radius ``r`` mm."""
        rad = r * self.rng.uniform(1.1, 1.3)
        a0 = self.rng.uniform(0, 2 * math.pi)
        sweep = self.rng.uniform(1.85, 2.15) * math.pi
        ecc = self.rng.uniform(0.9, 1.1)
        pts = []
        for k in range(60):
            t = a0 + sweep * k / 59
            rr = rad * (1 + 0.06 * math.sin(3 * t + a0)) + self.rng.gauss(0, r * 0.01)
            pts.append((cx + rr * math.cos(t) * ecc, cy + rr * math.sin(t) / ecc))
        self._stroke(pts, w.width_mm, w.ink)

    def number(self, w: Writer, value: int, x: float, y: float, bw: float, bh: float) -> None:
        """``value`` written in a box at (x, y) mm, bw x bh."""
        text = str(value)
        h = bh * w.size * self.rng.uniform(0.9, 1.08)
        dw = h * 0.55
        total = dw * len(text) + dw * 0.25 * (len(text) - 1)
        scale = min(1.0, bw * 0.85 / total)
        h, dw, total = h * scale, dw * scale, total * scale
        left = x + (bw - total) / 2 + self.rng.gauss(0, bw * 0.03)
        top = y + (bh - h) / 2 + self.rng.gauss(0, bh * 0.04)
        for k, ch in enumerate(text):
            variants = _DIGITS[ch]
            strokes = variants[w.shapes[int(ch)] % len(variants)]
            ox = left + k * dw * 1.25
            for s in strokes:
                pts = [(ox + (u + self.rng.gauss(0, w.jitter)) * dw + w.slant * (0.5 - v) * h,
                        top + (v + self.rng.gauss(0, w.jitter)) * h) for u, v in s]
                self._stroke(_smooth(pts) if w.smooth else pts, w.width_mm, w.ink)

    def dot(self, w: Writer, x: float, y: float) -> None:
        r = self.rng.uniform(0.2, 0.45)
        pts = [(x + r * math.cos(t / 6 * math.pi), y + r * math.sin(t / 6 * math.pi)) for t in range(13)]
        self._stroke(pts, w.width_mm, w.ink)

    def smudge(self, x: float, y: float, r: float, strength: float = 0.18) -> None:
        """A light grey blur (a wiped finger), never as dark as pen."""
        p = self.p
        h, wd = self.page.shape[:2]
        cx, cy, rr = x * p, y * p, r * p
        x0, y0, x1, y1 = int(max(0, cx - 2 * rr)), int(max(0, cy - 2 * rr)), int(min(wd, cx + 2 * rr)), \
            int(min(h, cy + 2 * rr))
        if x1 <= x0 or y1 <= y0:
            return
        yy, xx = np.mgrid[y0:y1, x0:x1]
        a = strength * np.exp(-(((xx - cx) / rr) ** 2 + ((yy - cy) / (rr * 0.6)) ** 2))
        reg = self.page[y0:y1, x0:x1].astype(np.float32)
        self.page[y0:y1, x0:x1] = np.clip(reg * (1 - a[..., None] * 0.8), 0, 255).astype(np.uint8)
