"""Number boxes on the sheet: the grayscale crop handed to the digit reader (printed ink painted white), an empty
box recognised without the reader, and whether print hides part of the writing."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from printkit.engine.scan.boxes import BoxReading, BoxSpec, NumberReading
from printkit.engine.scan.marks.colour import MarksInBoxes, _around_print, _inner_print, _off_colour, _pen_over_mark
from printkit.engine.scan.marks.regions import _box_crop, _inside
from printkit.engine.scan.marks.strokes import strokes_each
from printkit.engine.scan.marks.thresholds import MARKS
from printkit.engine.scan.numbers.thresholds import NUMBERS


def _number_region(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float
                   ) -> tuple[tuple[slice, slice], np.ndarray, np.ndarray, np.ndarray, bool]:
    """(where, darkness, pen, hidden, unseen) inside a number box.

    ``hidden``: what is dark but not pen (print, and pen over print), painted over from around.
    ``unseen``: the pen runs into a mark printed inside the box (a doubled box's "x2"), where what it
    wrote cannot be told from the print by darkness alone (:func:`number_crop` looks at the colours).
    """
    sy, sx = _box_crop(dark, spec, p)
    d, pen = dark[sy, sx], ref[sy, sx]
    hidden = (d > MARKS.ink) & ~pen
    mark = hidden & _inside(pen.shape)
    if not mark.any() or not pen.any():
        return (sy, sx), d, pen, hidden, False
    near_pen = cv2.dilate(pen.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    return (sy, sx), d, pen, hidden, int((near_pen & mark).sum()) >= NUMBERS.touch_mm2 * p * p


def number_crop(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                inside: MarksInBoxes | None = None) -> np.ndarray:
    """The box's inside as grayscale (paper white), printed ink painted white; pen strokes that cross
    print inside the box carried across it (inpainted from around).

    ``inside``: the marks printed inside boxes (:func:`marks_in_boxes`): where the pen runs over such a
    mark, it is told from the print by colour and kept, as dark as the rest of its strokes."""
    (sy, sx), d, pen, hidden, _ = _number_region(dark, ref, spec, p)
    ink = d * pen
    hue = None if inside is None else inside.hues.get(spec.area)
    if hue is not None and rgb.ndim == 3 and pen.any() and hidden.any():
        inner = _inner_print(inside.printed[sy, sx])  # type: ignore[union-attr]
        if inner.any():
            over, off = _pen_over_mark(rgb[sy, sx], hidden & _around_print(inner, p), pen, hue)
            if over.any():
                # as dark as the pen's other strokes where fully off the mark's colour, lighter where the
                # pen only grazes the mark (its edge): a stroke neither blotted nor thinned
                seen = float(np.median(d[pen])) * np.clip((off - MARKS.off_hue / 2) / MARKS.off_full, 0.0, 1.0)
                ink = np.where(over, seen, ink)
                pen, hidden = pen | over, hidden & ~over
    crop = (255 * (1 - ink)).astype(np.uint8)
    if pen.any() and hidden.any():
        crop = cv2.inpaint(crop, hidden.astype(np.uint8), max(1.0, NUMBERS.inpaint_mm * p), cv2.INPAINT_TELEA)
    return crop


def hidden_by_print(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> bool:
    """Whether the writing runs into a mark printed inside the box (see :func:`_number_region`), where
    darkness alone cannot tell pen from print."""
    return _number_region(dark, ref, spec, p)[4]


def unseen_under_print(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                       inside: MarksInBoxes | None) -> bool:
    """Whether strokes of the writing may lie unseen under a mark printed inside the box: the pen runs into
    the mark (:func:`hidden_by_print`) and its colour cannot be told from the mark's (a grey image, or a pen
    within ``NUMBERS.pen_like_print`` of the mark's colour), so :func:`number_crop` could not carry it across."""
    return _print_in_the_way(rgb, dark, ref, spec, p, inside)[1]


def _print_in_the_way(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                      inside: MarksInBoxes | None) -> tuple[bool, bool]:
    """(:func:`hidden_by_print`, :func:`unseen_under_print`) from one look at the box."""
    (sy, sx), _, pen, _, touching = _number_region(dark, ref, spec, p)
    if not touching:
        return False, False
    hue = None if inside is None else inside.hues.get(spec.area)
    if hue is None or rgb.ndim != 3:
        return True, True
    return True, float(np.median(_off_colour(rgb[sy, sx], hue)[pen])) < NUMBERS.pen_like_print


def number_is_empty(ref: np.ndarray, spec: BoxSpec, p: float) -> tuple[bool, float]:
    """(empty, confidence) without the digit model: no stroke at all means an empty box (``ref``: the pen
    on the sheet, :func:`pen_ink`)."""
    return numbers_empty(ref, [spec], p)[0]


def numbers_empty(ref: np.ndarray, specs: Sequence[BoxSpec], p: float) -> list[tuple[bool, float]]:
    """:func:`number_is_empty` of each box, the strokes of all measured at once (:func:`strokes_each`)."""
    crops = [ref[_box_crop(ref, s, p, MARKS.mark_inset)] for s in specs]
    return [(True, NUMBERS.empty_confidence) if st.pieces == 0 or st.span < NUMBERS.empty_span else (False, 0.0)
            for st in strokes_each(crops, [min(s.w, s.h) * p for s in specs], p)]


def _number_box(s: BoxSpec, reading: NumberReading, features: dict[str, float]) -> BoxReading:
    alts = tuple((v, float(c)) for v, c in reading.alternatives)
    conf = float(reading.confidence)
    if reading.value is None:
        # strokes were seen above: "empty" is then never taken on the model's word alone
        conf = min(conf, NUMBERS.written_but_empty)
    elif features.get("unseen_under_print"):
        conf = min(conf, NUMBERS.unseen_cap)
    return BoxReading(s, reading.value, conf, alts, features, reading)


def adapt_numbers(readings: Sequence[BoxReading], sure: Sequence[bool]) -> list[BoxReading]:
    """The unsure number boxes read again beside the same writer's ``sure`` ones (the caller, who knows the
    sheet, says which are sure: read surely, or confirmed by its own checks); see
    :func:`printkit.engine.scan.numbers.adaptation.adapt`. Boxes not read by the bundled reader stay as they are."""
    from printkit.engine.scan.numbers.adaptation import adapt
    from printkit.engine.scan.numbers.ranking import Reading

    mine = [n for n, r in enumerate(readings) if isinstance(r.number, Reading) and r.number.basis is not None]
    if not mine:
        return list(readings)
    again = adapt([readings[n].number for n in mine], [sure[n] for n in mine])  # type: ignore[misc]
    out = list(readings)
    for n, a in zip(mine, again, strict=True):
        if a is not readings[n].number and a is not None:
            out[n] = _number_box(readings[n].spec, a, readings[n].features)
    return out
