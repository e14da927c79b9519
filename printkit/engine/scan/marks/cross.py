"""Crossed or not: a box's pen read as a cross, looking under print where a stroke may run on beneath it."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from printkit.engine.scan.boxes import BoxReading, BoxSpec
from printkit.engine.scan.marks.colour import MarksInBoxes, _inner_print, _pen_over_print
from printkit.engine.scan.marks.printed import box_pen, box_pens
from printkit.engine.scan.marks.regions import _box_crop
from printkit.engine.scan.marks.strokes import Strokes, _mark_probability, _strokes, strokes_each
from printkit.engine.scan.marks.thresholds import MARKS


def _pen_at(dark: np.ndarray, zones: np.ndarray | None, sy: slice, sx: slice, p: float,
            faint: float = MARKS.pen_over_faint) -> np.ndarray:
    return box_pen(dark[sy, sx], None if zones is None else zones[sy, sx], p, faint)


def _line_runs_under_print(pen: np.ndarray, inner: np.ndarray, p: float) -> bool:
    """Whether a piece of pen line (not a dot) runs out from under the number printed in the box (``inner``:
    :func:`_inner_print`).

    Pen as dark as the print is lost where it crosses it: a slash drawn mostly over the number shows only
    a tip beyond it, as short as a stray dot.  A dot beside the number, cut by it, leaves a crescent
    along the print; the tip of a line reaches straight out of it (from the print grown by MARKS.ref_grow_mm,
    which is where pen is seen at all), further than the line is wide."""
    if not inner.any():
        return False
    grow = max(1, round(MARKS.ref_grow_mm * p))
    away = cv2.distanceTransform((~inner).astype(np.uint8), cv2.DIST_L2, 3)  # px from the printed number
    _, labels, stats, _ = cv2.connectedComponentsWithStats(pen.astype(np.uint8), connectivity=8)
    for i in np.unique(labels[pen & (away <= grow + 2)]):
        a = int(stats[i, cv2.CC_STAT_AREA])
        if a < MARKS.min_piece_mm2 * p * p:
            continue
        piece = labels == i
        (_, _), (rw, rh), _ = cv2.minAreaRect(np.argwhere(piece).astype(np.float32))
        width = a / (max(rw, rh) + 1)
        reach = float(away[piece].max()) - grow
        if reach >= MARKS.tip_reach * width and reach >= MARKS.tip_min_mm * p:
            return True
    return False


def read_mark(dark: np.ndarray, zones: np.ndarray | None, spec: BoxSpec, p: float,
              rgb: np.ndarray | None = None, inside: MarksInBoxes | None = None) -> BoxReading:
    """Crossed or not (``zones``: :func:`print_zones` of the sheet).

    ``rgb`` and ``inside`` (:func:`marks_in_boxes` of the cross boxes: their printed numbers): where the
    pen runs over the box's printed number, the part of it that is off the print's colour counts as pen
    too, so a slash lying mostly over the number is not taken for the dot left beside it."""
    sy, sx = _box_crop(dark, spec, p, MARKS.mark_inset)
    extra = _pen_at(dark, zones, sy, sx, p)
    hue = None if inside is None else inside.hues.get(spec.area)
    inner = None if inside is None else _inner_print(inside.printed[sy, sx])  # the box's printed number
    if inner is not None and hue is not None and rgb is not None and rgb.ndim == 3 and extra.any():
        extra = extra | _pen_over_print(rgb[sy, sx], dark[sy, sx], inner, extra, hue, p)
    side = min(spec.w, spec.h) * p
    st = _strokes(extra, side, p)
    prob = _mark_probability(st)
    if prob < MARKS.under_print_doubt and inner is not None and st.pieces and _line_runs_under_print(extra, inner, p):
        prob = MARKS.under_print_doubt
    return _mark_reading(spec, st, prob)


def read_marks(dark: np.ndarray, zones: np.ndarray | None, specs: Sequence[BoxSpec], p: float) -> list[BoxReading]:
    """:func:`read_mark` of each box, without the colour image: the same readings, the pen of every box
    found at once (:func:`box_pens`, :func:`strokes_each`)."""
    pens = box_pens(dark, zones, [_box_crop(dark, s, p, MARKS.mark_inset) for s in specs], p)
    strokes = strokes_each(pens, [min(s.w, s.h) * p for s in specs], p)
    return [_mark_reading(s, st, _mark_probability(st)) for s, st in zip(specs, strokes, strict=True)]


def _mark_reading(spec: BoxSpec, st: Strokes, prob: float) -> BoxReading:
    value = prob >= 0.5
    conf = prob if value else 1 - prob
    alts = ((value, conf), (not value, 1 - conf))
    return BoxReading(spec, value, conf, alts, {"span": st.span, "coverage": st.coverage, "pieces": st.pieces,
                                                 "largest": st.largest, "round": st.round})
