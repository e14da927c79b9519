"""Which parts of a sheet are warped and read: rectangles round its boxes, joined where one warp costs less."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from printkit.engine.scan.boxes import BoxSpec
from printkit.engine.scan.locate.sheets import Part
from printkit.engine.scan.locate.thresholds import LOCATE
from printkit.engine.scan.marks.thresholds import MARKS


def read_parts(specs: Sequence[BoxSpec], shape: tuple[int, ...], px_per_mm: float) -> tuple[Part, ...]:
    """The rectangles of a sheet of ``shape`` (pixels, at ``px_per_mm``) that reading the boxes of ``specs``
    looks at: every box, and round each action circle as far as its ring reaches (:func:`_ring_at`),
    grown by LOCATE.part_margin_mm; near ones joined.  A sheet's boxes cover about a quarter of it, so a reader
    that rectifies only these reads the sheet in a part of the time (the same for every sheet of a
    layout: worked out once)."""
    return _read_parts(tuple(specs), tuple(shape[:2]), px_per_mm)


@functools.lru_cache(maxsize=32)
def _read_parts(specs: tuple[BoxSpec, ...], shape: tuple[int, int], p: float) -> tuple[Part, ...]:
    h, w = shape
    g = LOCATE.part_margin_mm
    rects = []
    for s in specs:
        x0, y0, x1, y1 = s.x, s.y, s.x + s.w, s.y + s.h
        if s.read == "loop":  # as far as the loop reader looks (_ring_at), so the two cannot drift apart
            cx, cy, reach = s.x + s.w / 2, s.y + s.h / 2, MARKS.ring_outer * s.w / 2
            x0, y0, x1, y1 = min(x0, cx - reach), min(y0, cy - reach), max(x1, cx + reach), max(y1, cy + reach)
        r = (max(0, math.floor((x0 - g) * p)), max(0, math.floor((y0 - g) * p)),
             min(w, math.ceil((x1 + g) * p)), min(h, math.ceil((y1 + g) * p)))
        if r[2] > r[0] and r[3] > r[1]:
            rects.append(r)
    return tuple(sorted(_joined(rects)))


def _joined(rects: list[Part]) -> list[Part]:
    """``rects`` with any two joined into the rectangle round both while that costs fewer than LOCATE.part_call_px
    pixels more than the two alone (their overlap counted twice, as two warps would do it twice)."""
    def area(r: Part) -> int:
        return (r[2] - r[0]) * (r[3] - r[1])

    rects = list(rects)
    joined = True
    while joined:
        joined = False
        i = 0
        while i < len(rects):
            j = i + 1
            while j < len(rects):
                a, b = rects[i], rects[j]
                both = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if area(both) < area(a) + area(b) + LOCATE.part_call_px:
                    rects[i] = both
                    del rects[j]
                    joined, j = True, i + 1  # grown, it may now join one looked at before
                else:
                    j += 1
            i += 1
    return rects
