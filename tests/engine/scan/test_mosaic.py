"""Crops worked on together in a mosaic give, crop by crop, exactly what each gives worked on alone."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from printkit.engine.scan.decode.speed import mosaic
from printkit.engine.scan.marks import printed, strokes
from printkit.engine.scan.marks.thresholds import MARKS

P = 8.0  # px per mm, as the reader rectifies


def _blobs(rng: np.random.Generator, shape: tuple[int, int], share: float) -> np.ndarray:
    """A boolean mask of pen-like pieces: random dots and lines, some touching the crop's edges."""
    img = np.zeros(shape, np.uint8)
    h, w = shape
    for _ in range(rng.integers(0, 9)):
        x0, y0 = int(rng.integers(-5, w + 5)), int(rng.integers(-5, h + 5))
        if rng.random() < share:
            cv2.circle(img, (x0, y0), int(rng.integers(1, 6)), 1, -1)
        else:
            x1, y1 = int(rng.integers(-5, w + 5)), int(rng.integers(-5, h + 5))
            cv2.line(img, (x0, y0), (x1, y1), 1, int(rng.integers(1, 5)))
    return img.astype(bool)


def _shapes(rng: np.random.Generator, n: int) -> list[tuple[int, int]]:
    # odd and even sizes, tall and flat: each must start its crop's labelling the way it starts alone
    return [(int(rng.integers(1, 90)), int(rng.integers(1, 90))) for _ in range(n)]


def test_a_mosaic_puts_each_crop_at_an_even_column_with_the_gap_between() -> None:
    m = mosaic.layout([(10, 5), (20, 8), (4, 3)], 6)
    assert m.starts == (0, 12, 26)  # 0 + 5 + 6 = 11 -> 12; 12 + 8 + 6 = 26
    assert (m.height, m.width) == (20, 29)
    crops = [np.full(s, k + 1, np.uint8) for k, s in enumerate([(10, 5), (20, 8), (4, 3)])]
    image = m.gather(crops)
    assert [np.array_equal(a, b) for a, b in zip(m.pieces(image), crops, strict=True)] == [True] * 3
    assert int(image.sum()) == 10 * 5 * 1 + 20 * 8 * 2 + 4 * 3 * 3  # nothing but the crops
    assert int(m.outside().sum()) == 20 * 29 - (50 + 160 + 12)
    assert [m.crop_of(x) for x in (0, 4, 11, 12, 25, 26, 28)] == [0, 0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize("seed", range(6))
def test_closing_crops_in_a_mosaic_closes_each_as_alone(seed: int) -> None:
    rng = np.random.default_rng(seed)
    crops = [_blobs(rng, s, 0.5).astype(np.uint8) for s in _shapes(rng, 12)]
    for k in (3, 5, 11):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        m = mosaic.layout([c.shape for c in crops], k // 2 + 1)
        closed = m.pieces(mosaic.close(m.gather(crops), kernel, m.outside()))
        for c, got in zip(crops, closed, strict=True):
            assert np.array_equal(got, cv2.morphologyEx(c, cv2.MORPH_CLOSE, kernel))


def test_a_gap_narrower_than_the_kernel_reaches_would_change_crops() -> None:
    # what the gap's width rule is for: closed across too narrow a gap, crops see each other's ink
    rng = np.random.default_rng(7)
    crops = [_blobs(rng, s, 0.5).astype(np.uint8) for s in _shapes(rng, 12)]
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (11, 11))
    m = mosaic.layout([c.shape for c in crops], 1)
    closed = m.pieces(mosaic.close(m.gather(crops), kernel, m.outside()))
    same = [np.array_equal(got, cv2.morphologyEx(c, cv2.MORPH_CLOSE, kernel))
            for c, got in zip(crops, closed, strict=True)]
    assert not all(same)


@pytest.mark.parametrize("seed", range(8))
def test_strokes_measured_together_are_those_of_each_box_alone(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    masks = [_blobs(rng, s, 0.7) for s in _shapes(rng, 15)]
    sides = [float(rng.uniform(20, 90)) for _ in masks]
    together = strokes.strokes_each(masks, sides, P)
    assert together == [strokes._strokes(k, side, P) for k, side in zip(masks, sides, strict=True)]


def _sheet(rng: np.random.Generator, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Darkness (pen lines of every strength over light noise) and print zones (0, 128, 255) of a
    made-up sheet."""
    dark = (rng.random(shape) * 0.25).astype(np.float32)
    for _ in range(120):
        pts = rng.integers(0, max(shape), 4)
        cv2.line(dark, (int(pts[0]), int(pts[1])), (int(pts[2]), int(pts[3])), float(rng.uniform(0.15, 1.0)),
                 int(rng.integers(1, 4)))
    zones = np.zeros(shape, np.uint8)
    for _ in range(60):
        x, y = (int(v) for v in rng.integers(0, max(shape), 2))
        cv2.rectangle(zones, (x, y), (x + int(rng.integers(2, 30)), y + int(rng.integers(2, 30))),
                      int(rng.choice([128, 255])), int(rng.choice([-1, 2])))
    return dark, zones


@pytest.mark.parametrize("faint", [MARKS.pen_over_faint, 0.45])
@pytest.mark.parametrize("seed", range(4))
def test_pen_found_for_many_boxes_at_once_is_each_box_pen_alone(seed: int, faint: float) -> None:
    rng = np.random.default_rng(200 + seed)
    dark, zones = _sheet(rng, (300, 300))
    rois = []
    for _ in range(20):  # overlapping, at the sheet's edges, and one of a single pixel
        y, x = (int(v) for v in rng.integers(-10, 290, 2))
        h, w = (int(v) for v in rng.integers(1, 100, 2))
        rois.append((slice(max(0, y), min(300, y + h)), slice(max(0, x), min(300, x + w))))
    rois.append((slice(5, 6), slice(7, 8)))
    for z in (zones, None):
        together = printed.box_pens(dark, z, rois, P, faint)
        for roi, got in zip(rois, together, strict=True):
            alone = printed.box_pen(dark[roi], None if z is None else z[roi], P, faint)
            assert got.dtype == bool and np.array_equal(got, alone)


def test_crops_without_pixels_read_as_no_pen_instead_of_crashing() -> None:
    # OpenCV 5 labels an empty image by killing the process: a box cut off at the sheet's edge must not
    dark = np.full((40, 40), 0.9, np.float32)
    zones = np.zeros((40, 40), np.uint8)
    empty = [(slice(5, 5), slice(0, 10)), (slice(0, 10), slice(40, 40))]
    pens = printed.box_pens(dark, zones, empty, P)
    assert [p.shape for p in pens] == [(0, 10), (10, 0)]
    assert strokes.strokes_each(pens, [10.0, 10.0], P) == [strokes.Strokes(), strokes.Strokes()]
    assert strokes._strokes(pens[0], 10.0, P) == strokes.Strokes()
    # beside a crop with pen, an empty one changes nothing
    both = printed.box_pens(dark, zones, [*empty, (slice(0, 20), slice(0, 20))], P)
    assert both[2].all()
