"""Marks between a dot and a cross: how far the pen spans decides (issue 38's mutation audit of the cross span,
printkit/engine/scan/marks/thresholds.py).

In the tuning set dots span at most 0.24 of a box side and crosses at least 0.45.  A short tick spanning
about a third of the box lies between: it must go to a person (confidence below CONFIDENT), not be read
as a sure cross, while a real cross is.  The boxes are drawn here, as tests/engine/scan/test_mark_boxes.py draws
them: an empty printed box on a page at 8 px/mm, the pen a dark straight line of a fine pen's width.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from printkit.engine.scan import sheet_boxes
from printkit.engine.scan.boxes import BoxReading, BoxSpec

P = 8.0  # px per mm, as the rectified sheet
BOX_MM = 7.83  # a half-sheet yellow box, the smallest crosses are read in
MARGIN_MM = 5.0
PEN_MM = 0.5  # a ballpoint's line
CONFIDENT = 0.9  # what printkit scan lists as uncertain below (transcribe.CONFIDENT)


def _box() -> tuple[np.ndarray, np.ndarray, BoxSpec]:
    n = round((BOX_MM + 2 * MARGIN_MM) * P)
    page = np.full((n, n, 3), 246, np.uint8)
    a, b = round(MARGIN_MM * P), round((MARGIN_MM + BOX_MM) * P)
    cv2.rectangle(page, (a, a), (b, b), (40, 40, 40), 2)
    ref = np.where(page.min(axis=2) < 200, 255, 0).astype(np.uint8)
    return page, ref, BoxSpec("yellow", 0, MARGIN_MM, MARGIN_MM, BOX_MM, BOX_MM)


def _line(page: np.ndarray, x0: float, y0: float, x1: float, y1: float) -> None:
    """A pen line between two points given in box sides from the box's top-left corner."""
    def px(v: float) -> int:
        return round((MARGIN_MM + v * BOX_MM) * P)

    cv2.line(page, (px(x0), px(y0)), (px(x1), px(y1)), (25, 25, 25), round(PEN_MM * P), cv2.LINE_AA)


def _read(page: np.ndarray, ref: np.ndarray, spec: BoxSpec) -> BoxReading:
    return sheet_boxes.read_boxes(page, [spec], ref, P, None)[0]


@pytest.mark.parametrize("length", [0.19, 0.21, 0.22])  # drawn; the pen's width adds about 0.12
@pytest.mark.parametrize("where", [(0.35, 0.55), (0.5, 0.4), (0.3, 0.3)])
def test_a_short_tick_spanning_a_third_of_the_box_is_not_a_confident_cross(length: float,
                                                                          where: tuple[float, float]) -> None:
    page, ref, spec = _box()
    x, y = where  # a tick rising to the right, ``length`` box sides wide and as high
    _line(page, x, y + length, x + length, y)
    r = _read(page, ref, spec)
    assert 0.29 <= r.features["span"] <= 0.36, r.features  # what is drawn: a third of the box, pen included
    assert r.confidence < CONFIDENT, (r.value, r.confidence, r.features)


@pytest.mark.parametrize("reach", [0.5, 0.6, 0.7])
def test_a_cross_is_a_confident_cross(reach: float) -> None:
    page, ref, spec = _box()
    lo, hi = 0.5 - reach / 2, 0.5 + reach / 2
    _line(page, lo, lo, hi, hi)
    _line(page, lo, hi, hi, lo)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (True, True), (r.confidence, r.features)


@pytest.mark.parametrize("length", [0.05, 0.1])
def test_a_tick_as_short_as_a_dot_is_confidently_no_cross(length: float) -> None:
    page, ref, spec = _box()
    _line(page, 0.45, 0.45 + length, 0.45 + length, 0.45)
    r = _read(page, ref, spec)
    assert r.features["span"] <= 0.24, r.features
    assert (r.value, r.confidence >= CONFIDENT) == (False, True), (r.confidence, r.features)
