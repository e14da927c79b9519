"""A box's pixels in a rectified image: its region, its inside without the printed edges."""

from __future__ import annotations

import numpy as np

from printkit.engine.scan.boxes import BoxSpec
from printkit.engine.scan.marks.thresholds import MARKS


def _roi(img: np.ndarray, x: float, y: float, w: float, h: float, p: float) -> tuple[slice, slice]:
    return _roi_in(img.shape, x, y, w, h, p)


def _roi_in(shape: tuple[int, ...], x: float, y: float, w: float, h: float, p: float) -> tuple[slice, slice]:
    H, W = shape[:2]
    return (slice(max(0, round(y * p)), min(H, round((y + h) * p))),
            slice(max(0, round(x * p)), min(W, round((x + w) * p))))


def _inside(shape: tuple[int, ...]) -> np.ndarray:
    """The crop of a number box less a band along its edges: print there is the box's outline, not a
    mark printed in it."""
    h, w = shape[:2]
    edge = max(2, round(MARKS.edge_share * min(h, w)))
    out = np.zeros((h, w), bool)
    out[edge:h - edge, edge:w - edge] = True
    return out


def _box_crop(img: np.ndarray, spec: BoxSpec, p: float, share: float = MARKS.number_inset) -> tuple[slice, slice]:
    """A box's inside, ``share`` of its side in from its outline (a number box's writing is read from 0.06
    in; a cross, and whether a number box holds any stroke, from 0.1 in)."""
    inset = share * min(spec.w, spec.h)
    return _roi(img, spec.x + inset, spec.y + inset, spec.w - 2 * inset, spec.h - 2 * inset, p)
