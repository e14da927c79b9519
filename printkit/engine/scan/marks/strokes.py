"""Pen in a box measured as strokes: how far its pieces reach across the box, dots and specks set apart, and the
probability that they make a cross."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.engine.scan.decode.speed import mosaic
from printkit.engine.scan.marks.thresholds import MARKS


def _sig(x: float) -> float:
    return float(1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, x)))))


@dataclass(frozen=True)
class Strokes:
    """The pen ink in a box, measured in box sides: ``span``, the extent of all pieces together;
    ``coverage``, their pixels / side / the thinnest pen line (about strokes x their length);
    ``largest``, the extent of the biggest piece; ``dots``, of one or two pieces, how many are dots (round
    and not long: a piece of a line cut by print may be as short, but it is thin), and 0 for more pieces,
    where it decides nothing (:func:`_mark_probability`); ``round``, the length squared over
    the area of the largest piece.  Printed ink cuts a cross into pieces, so the pieces are taken
    together."""

    span: float = 0.0
    coverage: float = 0.0
    pieces: int = 0
    largest: float = 0.0
    dots: int = 0
    round: float = 0.0


def _roundness(labels: np.ndarray, i: int, area: int, box: tuple[int, int, int, int], left: int = 0) -> float:
    """How round piece ``i`` (``box``: x, y, w, h, x counted from column ``left`` of ``labels``) is: its
    least rectangle's long side squared over its area."""
    x, y, w, h = box
    # the piece's pixels looked for in its own box, in the order a search of the whole would list them
    pts = (np.argwhere(labels[y:y + h, left + x:left + x + w] == i) + np.array([y, x])).astype(np.float32)
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
    return float((max(rw, rh) + 1) ** 2 / area)


def _strokes(extra: np.ndarray, side: float, p: float) -> Strokes:
    if not extra.size:  # no pixels (OpenCV 5 labels an empty image by crashing the process)
        return Strokes()
    _, labels, stats, _ = cv2.connectedComponentsWithStats(extra.view(np.uint8), connectivity=8)
    return _measured(list(enumerate(stats.tolist()))[1:], labels, 0, side, p)


def strokes_each(masks: Sequence[np.ndarray], sides: Sequence[float], p: float) -> list[Strokes]:
    """``_strokes`` of each boolean mask, ``sides[i]`` being mask i's box side in pixels: the same
    measures, labelled in one call (:mod:`printkit.engine.scan.decode.speed.mosaic`)."""
    if not masks:
        return []
    m = mosaic.layout([k.shape for k in masks], 1)
    if not m.height * m.width:
        return [Strokes() for _ in masks]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(m.gather(masks).view(np.uint8), connectivity=8)
    own: list[list[tuple[int, list[int]]]] = [[] for _ in masks]
    for i, piece in enumerate(stats.tolist()[1:], 1):
        own[m.crop_of(piece[0])].append((i, piece))
    return [_measured(own[j], labels, m.starts[j], sides[j], p) for j in range(len(masks))]


def _measured(pieces: list[tuple[int, list[int]]], labels: np.ndarray, left: int, side: float, p: float) -> Strokes:
    """The :class:`Strokes` of the pieces (label, [x, y, w, h, area]) of one mask labelled in ``labels``,
    which may hold other masks beside it: this one starts at column ``left``."""
    x0 = y0 = 10**9
    x1 = y1 = -1
    pixels = largest = 0
    min_px = MARKS.min_piece_mm2 * p * p
    kept: list[tuple[int, int, int, int, int, int]] = []
    biggest = 0
    for i, (x, y, w, h, a) in pieces:
        if a < min_px:
            continue
        x -= left
        pixels += a
        extent = max(w, h)
        if extent > largest:
            largest, biggest = extent, len(kept)
        kept.append((i, x, y, w, h, a))
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    if not kept:
        return Strokes()

    def roundness(i: int, x: int, y: int, w: int, h: int, a: int) -> float:
        return _roundness(labels, i, a, (x, y, w, h), left) if max(w, h) < MARKS.blob * side else 99.0

    # Which pieces are dots decides a reading only where there are one or two (_mark_probability), and
    # measuring one takes longer than the rest of this: the pieces of the others are not measured.
    rounds = [roundness(*k) for k in kept] if len(kept) <= 2 else [roundness(*kept[biggest])]
    dots = sum(r < MARKS.roundness for r in rounds) if len(kept) <= 2 else 0
    round_ = rounds[biggest] if len(kept) <= 2 else rounds[0]
    coverage = pixels / side / (MARKS.line_width_mm * p)
    return Strokes(max(x1 - x0, y1 - y0) / side, coverage, len(kept), largest / side, dots, round_)


def _mark_probability(st: Strokes) -> float:
    """Probability the box is crossed.  A cross or slash spans a good part of the box (at least 0.45
    of it in the tuning set, where dots reach 0.24) with some line's worth of ink; nothing, a dot or a
    speck spans far less.  Coverage only asks for a thin line's worth: it depends on the pen (a dot of
    a thick pen has more than a slash of a fine one), so the span decides."""
    if st.pieces == 1 and (st.largest < MARKS.dot or st.dots):
        return MARKS.one_dot  # one dot
    p = min(_sig((st.span - MARKS.cross_span) / MARKS.cross_span_width),
            _sig((st.coverage - MARKS.cross_coverage) / MARKS.cross_coverage_width))
    if st.dots == st.pieces == 2:
        # two dots far apart, no line between them: never a confident cross; a person looks.  (More round
        # pieces in a row are what is seen of a faint pencil line in a soft photo, not stray dots.)
        p = min(p, MARKS.two_dots)
    return p
