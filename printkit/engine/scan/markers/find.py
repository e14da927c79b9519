"""Find printkit's corner markers in an image.

A marker is a black square with a white inside and a black block filling one quarter of that
inside (six units: a one-unit black ring, a 4 x 4 white field, a 2 x 2 block in one corner of it).
Each candidate is a four-cornered dark blob; it is warped to a small square and accepted only if
that pattern is there, which rules out QR finder patterns (their centre block sits in the middle)
and the printed squares of the sheet.  The block points to the sheet's own corner, i.e. away from
the sheet's centre, which is what :mod:`printkit.engine.scan.locate.sheets` uses to group markers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.engine.scan.markers.thresholds import MARKERS

PATCH = 36  # pixels of the warped marker patch (6 units of 6 pixels)
UNIT = PATCH // 6


@dataclass(frozen=True)
class MarkerSeen:
    center: tuple[float, float]
    corners: np.ndarray  # 4 x 2 float32, image pixels, in contour order
    block: tuple[float, float]  # image position of the black block's centre
    size: float  # mean side in pixels
    score: float  # pattern contrast, 0..1


def _patch_cells(patch: np.ndarray) -> np.ndarray:
    """Mean of each of the 6 x 6 units, sampling their inner part to skip blur at the edges."""
    units = patch.reshape(6, UNIT, 6, UNIT)[:, 1:-1, :, 1:-1]
    return units.mean(axis=(1, 3))


_QUADRANTS = ((1, 1), (1, 3), (3, 3), (3, 1))  # top-left, top-right, bottom-right, bottom-left of the field


def _pattern(cells: np.ndarray) -> tuple[int, float]:
    """(quadrant of the block, contrast score) of a 6 x 6 unit grid; score 0 when not a marker.

    In plain Python on the 36 values: a sheet has a few hundred square candidates, and NumPy's
    per-call overhead on arrays this small cost more than the arithmetic.
    """
    c = cells.tolist()
    ring = c[0] + c[5] + [c[r][0] for r in range(1, 5)] + [c[r][5] for r in range(1, 5)]
    quads = [(c[r][k], c[r][k + 1], c[r + 1][k], c[r + 1][k + 1]) for r, k in _QUADRANTS]
    means = [sum(q) / 4 for q in quads]
    block = min(range(4), key=means.__getitem__)
    white = [q for k, q in enumerate(quads) if k != block]
    white_min = min(min(q) for q in white)
    dark_max = max(max(ring), max(quads[block]))
    span = sum(means[k] for k in range(4) if k != block) / 3 - (sum(ring) / len(ring) + means[block]) / 2
    if span <= MARKERS.min_contrast:
        return block, 0.0
    score = (white_min - dark_max) / span
    return block, max(0.0, min(1.0, score))


def _holes_area(contours: Sequence[np.ndarray], links: np.ndarray, i: int) -> float:
    total, child = 0.0, int(links[i, 2])
    while child >= 0:
        total += cv2.contourArea(contours[child])
        child = int(links[child, 0])
    return total


def darker_than_around(gray: np.ndarray, block: int, by: int) -> np.ndarray:
    """255 where a pixel is at least ``by`` levels darker than the mean of the ``block`` x ``block`` pixels
    around it, else 0: ``cv2.adaptiveThreshold(gray, 255, ADAPTIVE_THRESH_MEAN_C, THRESH_BINARY_INV, block,
    by)`` to the bit (the same mean, then the same test), whose comparison runs a pixel at a time, slower than
    the whole of this.  Only for ``by`` >= 1 (the difference saturates at 0, so "not
    darker" cannot be told from "lighter") and an odd ``block`` > 1, as OpenCV asks."""
    if by < 1 or block < 3 or block % 2 == 0:
        raise ValueError(f"need a whole difference >= 1 and an odd block > 1, got {by} and {block}")
    mean = cv2.boxFilter(gray, -1, (block, block), normalize=True,
                         borderType=cv2.BORDER_REPLICATE | cv2.BORDER_ISOLATED)
    return cv2.threshold(cv2.subtract(mean, gray), by - 1, 255, cv2.THRESH_BINARY)[1]


_SPECK = np.ones((3, 3), np.uint8)


def find_markers(gray: np.ndarray, min_score: float = MARKERS.min_score, clear_specks: bool = False
                 ) -> list[MarkerSeen]:
    """Every marker in ``gray`` (uint8), best first.

    ``clear_specks``: dark specks and lines under three pixels wide are opened away before the dark blobs
    are traced.  A photo's table or a paper's grain leaves many thousands of blobs, and tracing them is most of
    the work of finding the markers.  A marker (above 30 pixels, its
    ring a sixth of that) keeps its outline to about a pixel, and its corners are placed on the full image
    afterwards (:func:`refined`); on the tuning sets the readings came out the same.  Where what is found on
    the opened copy frames no sheet, leaves a marker framing none, or holds a marker small enough that a
    smaller one may have been opened away, the caller looks again without clearing
    (:func:`printkit.engine.scan.locate.sheets.locate_sheets`)."""
    h, w = gray.shape
    short = min(h, w)
    block = max(MARKERS.window_min, (short // MARKERS.window_per_short) | 1)
    binary = darker_than_around(gray, block, MARKERS.darker_by)
    if clear_specks:
        binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, _SPECK)
    # A marker is the outer edge of a dark blob, never the edge of a hole in one (its white field is
    # such a hole, L-shaped): two levels let the holes, half of all contours (the inside of every
    # printed box), be skipped before any work.
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    min_area, max_area = (short * MARKERS.min_side) ** 2, (short * MARKERS.max_side) ** 2
    found: list[MarkerSeen] = []
    dst = np.array([[0, 0], [PATCH, 0], [PATCH, PATCH], [0, PATCH]], dtype=np.float32)
    links = hierarchy[0] if contours else np.empty((0, 4), np.int32)  # next, previous, first hole, parent
    outer = (links[:, 3] < 0).tolist()  # a photo has thousands of contours: plain booleans, not NumPy's
    for i, cnt in enumerate(contours):
        # Under four points no quadrilateral can come of it (approxPolyDP keeps at most the points there
        # are): most of a photo's blobs are such specks, and not measuring their area saves most of the loop.
        if not outer[i] or len(cnt) < 4:
            continue
        area = cv2.contourArea(cnt)
        if not min_area <= area <= max_area:
            continue
        peri = cv2.arcLength(cnt, True)
        approx = cv2.approxPolyDP(cnt, MARKERS.outline_tolerance * peri, True)
        if len(approx) != 4 or not cv2.isContourConvex(approx):
            continue
        quad = approx.reshape(4, 2).astype(np.float32)
        edges = quad - quad[[3, 0, 1, 2]]  # each corner from the one before it
        sides = np.sqrt((edges * edges).sum(axis=1))
        if sides.max() > MARKERS.side_ratio * sides.min():
            continue
        if not MARKERS.hole_share_min <= _holes_area(contours, links, i) / area <= MARKERS.hole_share_max:
            continue
        m = cv2.getPerspectiveTransform(quad, dst)
        patch = cv2.warpPerspective(gray, m, (PATCH, PATCH), flags=cv2.INTER_LINEAR)
        cells = _patch_cells(patch.astype(np.float32))
        k, score = _pattern(cells)
        if score < min_score:
            continue
        r, c = _QUADRANTS[k]
        bx, by = (c + 1) * UNIT, (r + 1) * UNIT  # block centre in the patch
        inv = np.linalg.inv(m)
        pt = inv @ np.array([bx, by, 1.0])
        center = quad.mean(axis=0)
        block_at = (float(pt[0] / pt[2]), float(pt[1] / pt[2]))
        found.append(MarkerSeen((float(center[0]), float(center[1])), quad, block_at, float(sides.mean()), score))
    found.sort(key=lambda mk: -mk.score)
    kept: list[MarkerSeen] = []
    for mk in found:  # the same marker may be found as several nested contours
        if all(np.hypot(mk.center[0] - o.center[0], mk.center[1] - o.center[1]) > MARKERS.same_marker * o.size
               for o in kept):
            kept.append(mk)
    return kept


_SUBPIX = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.01)


def refined(gray: np.ndarray, m: MarkerSeen) -> MarkerSeen:
    """``m`` with its corners placed to a fraction of a pixel on ``gray``, the full-resolution image
    (``m`` is in its pixels; markers are found on a reduced copy, where a pixel is two of these).

    The search window stays inside the marker's one-unit black ring, so only the corner itself is
    in it.  On the tuning set this cut the mean distance of the 16 corners from the fitted sheet
    from 0.09 to 0.02 mm.  A corner the search moved further than its window is kept where it was.
    """
    win = max(MARKERS.corner_window_min, round(MARKERS.corner_window * m.size))
    start = m.corners.astype(np.float32).reshape(-1, 1, 2)
    found = cv2.cornerSubPix(gray, start.copy(), (win, win), (-1, -1), _SUBPIX).reshape(-1, 2)
    moved = np.hypot(*(found - m.corners).T)
    corners = np.where((moved <= win)[:, None], found, m.corners).astype(np.float32)
    return MarkerSeen(m.center, corners, m.block, m.size, m.score)
