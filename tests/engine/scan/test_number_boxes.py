"""What the sheet reader hands the digit model for a number box, what it records about print in the way,
and when it must not trust the model: boxes drawn here with a pen over a mark printed inside the box (a
doubled box's "x2"), and real doubled boxes of the scan test set whose writing runs over that mark."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from printkit.engine.scan import sheet_boxes
from printkit.engine.scan.boxes import BoxSpec
from printkit.engine.scan.marks import colour as marks_colour
from printkit.engine.scan.marks import paper
from printkit.engine.scan.marks import printed as marks_printed
from printkit.engine.scan.numbers import crops as numbers_crops
from printkit.engine.scan.numbers.thresholds import NUMBERS
from printkit.engine.scan.reader import default_numbers

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
    assert not numbers_crops.hidden_by_print(dark, pen, SPEC, P)
    crop = numbers_crops.number_crop(dark, dark, pen, SPEC, P)
    assert crop[40 - INSET, 40 - INSET] < 60  # the stroke is ink
    assert crop[56 - INSET, 60 - INSET] > 200  # the printed mark is painted out


def test_pen_running_into_dark_print_is_recorded() -> None:
    dark, pen = _box(0.92, 0.8, pen_through_mark=True)
    assert numbers_crops.hidden_by_print(dark, pen, SPEC, P)


def test_pen_running_into_light_print_is_recorded_too() -> None:
    # darkness alone cannot tell pen from an orange "x2": the writing under it may be lost just the same
    dark, pen = _box(0.35, 0.9, pen_through_mark=True)
    assert numbers_crops.hidden_by_print(dark, pen, SPEC, P)
    crop = numbers_crops.number_crop(dark, dark, pen, SPEC, P)
    assert crop[50 - INSET, 60 - INSET] > 200  # the mark itself is painted out


def test_a_box_where_strokes_were_seen_is_never_confidently_empty() -> None:
    class Empty:
        value = None
        confidence = 0.99
        alternatives = ((None, 0.99),)

    dark, _ = _box(0.0, 0.9, pen_through_mark=False)
    rgb = np.repeat((255 * (1 - dark))[..., None], 3, axis=2).astype(np.uint8)
    got = sheet_boxes.read_boxes(rgb, [SPEC], None, P, lambda crops, allowed: [Empty() for _ in crops])
    assert got[0].value is None
    assert got[0].confidence <= NUMBERS.written_but_empty


# Real boxes: doubled boxes of the synthetic scan test set (tuning seeds) where the pen runs over the printed
# "x2", cut out with every other box of their area that has a mark printed inside (the reader measures the
# marks' colour on them) by scripts/make_mark_crops.py, with the truth they were drawn from.
DATA = Path(__file__).parent / "data" / "marks"
NUMBER_CASES = [c for c in json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
                if c["boxes"][0]["read"] == "number"]
CONFIDENT = 0.9  # what printkit scan lists as uncertain below (transcribe.CONFIDENT)


def _case(case: dict) -> tuple[np.ndarray, np.ndarray, list[BoxSpec]]:
    rgb = cv2.cvtColor(cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    ref = cv2.imread(str(DATA / f"{case['name']}.ink.png"), cv2.IMREAD_GRAYSCALE)
    specs = [BoxSpec(b["area"], b["index"], b["x"], b["y"], b["w"], b["h"], b["shape"], b["read"],
                     tuple(b["allowed"])) for b in case["boxes"]]
    return rgb, ref, specs


@pytest.mark.parametrize("case", NUMBER_CASES, ids=[c["name"] for c in NUMBER_CASES])
def test_pen_over_a_printed_mark_is_kept_in_the_crop(case: dict) -> None:
    # Before, the pen over the "x2" was painted out with it: about a tenth of the mark's pixels at most
    # showed ink (the foot of a 12 gone, read 10); the stroke across it is now kept.
    rgb, ref, specs = _case(case)
    target = specs[0]
    dark = paper.darkness(rgb, P)
    printed = cv2.resize(ref, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_NEAREST)
    pen = marks_printed.pen_ink(dark, ref, P)
    crop = numbers_crops.number_crop(rgb, dark, pen, target, P, marks_colour.marks_in_boxes(rgb, printed, specs, P))
    (sy, sx), *_ = numbers_crops._number_region(dark, pen, target, P)
    mark = marks_colour._inner_print(printed[sy, sx])
    assert mark.sum() > 100  # the "x2" is where the case says
    inside = marks_colour.marks_in_boxes(rgb, printed, specs, P)
    if case.get("expect") == "unsure":  # a pen of the print's colour: what it wrote over the mark is not seen
        assert numbers_crops.unseen_under_print(rgb, dark, pen, target, P, inside), case["what"]
    else:
        assert ((crop < 200) & mark).sum() >= 0.25 * mark.sum(), case["what"]


@pytest.mark.parametrize("case", NUMBER_CASES, ids=[c["name"] for c in NUMBER_CASES])
def test_a_number_written_over_a_printed_mark_is_read_right(case: dict) -> None:
    rgb, ref, specs = _case(case)
    got = {(r.spec.area, r.spec.index): r for r in sheet_boxes.read_boxes(rgb, specs, ref, P, default_numbers())}
    for b in case["boxes"]:
        r = got[(b["area"], b["index"])]
        assert r.value == b["truth"] or r.confidence < CONFIDENT, (b["index"], r.value, r.confidence)
    target = got[(specs[0].area, specs[0].index)]
    if case.get("expect") == "unsure":  # what is written lies under the print: a person must look
        assert target.confidence < CONFIDENT and target.features["unseen_under_print"], case["what"]
        # read again beside the same writer's sure numbers (printkit scan does), it stays unsure
        readings = list(got.values())
        again = numbers_crops.adapt_numbers(readings, [r is not target and r.value is not None for r in readings])
        assert again[readings.index(target)].confidence < CONFIDENT
    else:
        assert target.value == case["boxes"][0]["truth"], case["what"]


def _coloured_box(stroke: tuple[int, int, int], through_mark: bool) -> tuple[np.ndarray, np.ndarray, BoxSpec]:
    """A 12 mm box on a white page with a brown "x2" printed in its lower right, and a pen stroke of
    ``stroke`` colour down the box and along its lower part, through the mark or above it.  Ink multiplies
    where pen and print overlap."""
    n = round(20 * P)
    page = np.full((n, n, 3), 245, np.uint8)
    a, b = round(4 * P), round(16 * P)
    cv2.rectangle(page, (a, a), (b, b), (30, 30, 30), 3)
    cv2.putText(page, "x2", (round(11 * P), round(13.8 * P)), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (160, 78, 0), 2,
                cv2.LINE_AA)
    ref = np.where(page.min(axis=2) < 200, 255, 0).astype(np.uint8)
    pen = np.zeros((n, n), np.uint8)
    y = round(13.0 * P) if through_mark else round(9.5 * P)
    cv2.line(pen, (round(6 * P), y), (round(15 * P), y), 1, 4)
    cv2.line(pen, (round(6 * P), round(6 * P)), (round(6 * P), y), 1, 4)
    on = pen.astype(bool)
    page[on] = (page[on] * np.array(stroke, float) / 255.0).astype(np.uint8)
    return page, ref, BoxSpec("orange", 3, 4.0, 4.0, 12.0, 12.0, "rect", "number", (2, 4))


@pytest.mark.parametrize("stroke", [(20, 20, 25), (30, 70, 180), (200, 30, 40), (110, 110, 115)],
                         ids=["black", "blue", "red", "pencil"])
def test_the_colour_of_a_printed_mark_tells_pen_over_it_from_the_mark(stroke: tuple[int, int, int]) -> None:
    for through in (True, False):
        page, ref, spec = _coloured_box(stroke, through)
        dark = paper.darkness(page, P)
        printed = cv2.resize(ref, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_NEAREST)
        pen = marks_printed.pen_ink(dark, ref, P)
        inside = marks_colour.marks_in_boxes(page, printed, [spec], P)
        crop = numbers_crops.number_crop(page, dark, pen, spec, P, inside)
        (sy, sx), *_ = numbers_crops._number_region(dark, pen, spec, P)
        mark = marks_colour._inner_print(printed[sy, sx])
        row = round(13.0 * P) - sy.start
        cols = np.flatnonzero(mark.any(axis=0))
        far = mark & (np.abs(np.arange(crop.shape[0]) - row) > 5)[:, None]
        if through:  # the stroke is kept all the way across the mark
            assert (crop[row, cols[0]:round(15 * P) - sx.start] < 160).all()
        # and the mark itself is painted out (away from the stroke)
        assert (crop[far] > 200).mean() > 0.9


@pytest.mark.parametrize(("stroke", "unseen"), [((20, 20, 25), False), ((30, 70, 180), False),
                                               ((150, 75, 10), True), ((175, 95, 30), True)],
                         ids=["black", "blue", "brown like the mark", "orange like the mark"])
def test_a_pen_of_the_marks_colour_over_it_leaves_the_number_unsure(stroke: tuple[int, int, int],
                                                                      unseen: bool) -> None:
    class Sure:  # a digit model sure of what it was shown
        value, confidence, alternatives = 4, 0.99, ((4, 0.99),)

    page, ref, spec = _coloured_box(stroke, through_mark=True)
    dark = paper.darkness(page, P)
    printed = cv2.resize(ref, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_NEAREST)
    pen = marks_printed.pen_ink(dark, ref, P)
    inside = marks_colour.marks_in_boxes(page, printed, [spec], P)
    assert numbers_crops.hidden_by_print(dark, pen, spec, P)  # every pen here runs into the mark
    assert numbers_crops.unseen_under_print(page, dark, pen, spec, P, inside) is unseen
    [got] = sheet_boxes.read_boxes(page, [spec], ref, P, lambda crops, allowed: [Sure() for _ in crops])
    assert got.value == 4
    assert (got.confidence < CONFIDENT) is unseen  # what lies under the mark must be looked at
    # without colour (a grey scan, saved as grey or as colour) no pen over the mark can be told from it
    grey = np.repeat(page.min(axis=2, keepdims=True), 3, axis=2)
    grey_dark = paper.darkness(grey, P)
    grey_pen = marks_printed.pen_ink(grey_dark, ref, P)
    inside = marks_colour.marks_in_boxes(grey, printed, [spec], P)
    assert numbers_crops.unseen_under_print(grey, grey_dark, grey_pen, spec, P, inside)
    assert numbers_crops.unseen_under_print(grey[..., 0], grey_dark, grey_pen, spec, P, None)


def test_a_number_reader_that_reads_fewer_boxes_than_it_was_given_is_named() -> None:
    dark, _ = _box(0.0, 0.9, pen_through_mark=False)
    rgb = np.repeat((255 * (1 - dark))[..., None], 3, axis=2).astype(np.uint8)
    with pytest.raises(ValueError, match="read 0 boxes of the 1 it was given"):
        sheet_boxes.read_boxes(rgb, [SPEC], None, P, lambda crops, allowed: [])


def test_a_layouts_print_is_kept_only_when_no_one_can_change_it() -> None:
    ref = np.zeros((40, 40), np.uint8)
    ref[10:20, 10:20] = 255
    # writable: made afresh
    assert marks_printed.sheet_print(ref, (80, 80), P) is not marks_printed.sheet_print(ref, (80, 80), P)
    ref.setflags(write=False)
    kept = marks_printed.sheet_print(ref, (80, 80), P)
    assert marks_printed.sheet_print(ref, (80, 80), P) is kept
    assert not kept.printed.flags.writeable and not kept.zones.flags.writeable
    assert kept.printed[20, 20] == 255 and kept.printed[60, 60] == 0  # the reference at the sheet's size


def test_a_stack_mixing_layouts_works_out_each_print_once(monkeypatch) -> None:
    """Three layouts taking turns are each worked out once while their prints fit the budget; past it the
    oldest goes and is worked out again when it comes back."""
    refs = []
    for k in range(3):
        ref = np.zeros((40, 40), np.uint8)
        ref[k:k + 10, 10:20] = 255
        ref.setflags(write=False)
        refs.append(ref)
    made = []
    real = marks_printed.print_zones
    monkeypatch.setattr(marks_printed, "print_zones", lambda *a, **k: made.append(1) or real(*a, **k))
    monkeypatch.setattr(marks_printed, "_sheet_prints", type(marks_printed._sheet_prints)())
    for _ in range(4):
        for ref in refs:
            marks_printed.sheet_print(ref, (80, 80), P)
    assert len(made) == 3
    # room for two prints of 80 x 80 (printed and zones: 12,800 bytes each): every turn works one out again
    monkeypatch.setattr(marks_printed, "SHEET_PRINTS_BYTES", 2 * 2 * 80 * 80)
    marks_printed._sheet_prints.clear()
    made.clear()
    for _ in range(2):
        for ref in refs:
            marks_printed.sheet_print(ref, (80, 80), P)
    assert len(made) == 6
    # and a print larger than the whole budget is still kept for the next sheet of its layout
    monkeypatch.setattr(marks_printed, "SHEET_PRINTS_BYTES", 1)
    made.clear()
    first = marks_printed.sheet_print(refs[0], (80, 80), P)
    assert marks_printed.sheet_print(refs[0], (80, 80), P) is first and len(made) == 1
