"""What the sheet reader hands the digit model for a number box, what it records about print in the way,
and when it must not trust the model: boxes drawn here with a pen over a mark printed inside the box (a
doubled box's "x2")."""

from __future__ import annotations

import numpy as np

from printkit.engine.scan import marks
from printkit.engine.scan.marks import BoxSpec

P = 8.0  # px per mm, as the rectified sheet
INSET = round(0.06 * 10 * P)  # the crop starts this far inside the box
SPEC = BoxSpec("orange", 3, 0.0, 0.0, 10.0, 10.0, "rect", "number", (2, 4, 6, 8, 10, 12))


def _box(print_dark: float, pen_dark: float, pen_through_mark: bool) -> tuple[np.ndarray, np.ndarray]:
    """(darkness, pen mask) of a 10 mm box: a 2 mm printed square right of the centre (its darkness
    ``print_dark``), a vertical pen stroke down the middle and, if asked, a pen stroke running right through
    the mark (ink multiplies where it crosses the print)."""
    n = round(10 * P)
    dark = np.zeros((n, n), np.float32)
    printed = np.zeros((n, n), bool)
    printed[48:64, 52:68] = True
    dark[printed] = print_dark
    stroke = np.zeros((n, n), bool)
    stroke[15:70, 38:42] = True
    if pen_through_mark:
        stroke[54:58, 38:75] = True
    dark[stroke] = 1 - (1 - dark[stroke]) * (1 - pen_dark)
    grown = np.zeros_like(printed)
    grown[46:66, 50:70] = True  # the reference is grown a little before it is taken out
    return dark, stroke & ~grown


def test_a_pen_clear_of_the_printed_mark_is_read_as_it_is() -> None:
    dark, pen = _box(0.9, 0.9, pen_through_mark=False)
    assert not marks.hidden_by_print(dark, pen, SPEC, P)
    crop = marks.number_crop(dark, dark, pen, SPEC, P)
    assert crop[40 - INSET, 40 - INSET] < 60  # the stroke is ink
    assert crop[56 - INSET, 60 - INSET] > 200  # the printed mark is painted out


def test_pen_running_into_dark_print_is_recorded() -> None:
    dark, pen = _box(0.92, 0.8, pen_through_mark=True)
    assert marks.hidden_by_print(dark, pen, SPEC, P)


def test_pen_running_into_light_print_is_recorded_too() -> None:
    # darkness alone cannot tell pen from an orange "x2": the writing under it may be lost just the same
    dark, pen = _box(0.35, 0.9, pen_through_mark=True)
    assert marks.hidden_by_print(dark, pen, SPEC, P)
    crop = marks.number_crop(dark, dark, pen, SPEC, P)
    assert crop[50 - INSET, 60 - INSET] > 200  # the mark itself is painted out


def test_a_box_where_strokes_were_seen_is_never_confidently_empty() -> None:
    class Empty:
        value = None
        confidence = 0.99
        alternatives = ((None, 0.99),)

    dark, _ = _box(0.0, 0.9, pen_through_mark=False)
    rgb = np.repeat((255 * (1 - dark))[..., None], 3, axis=2).astype(np.uint8)
    got = marks.read_boxes(rgb, [SPEC], None, P, lambda crop, allowed: Empty())
    assert got[0].value is None
    assert got[0].confidence <= marks.WRITTEN_BUT_EMPTY
