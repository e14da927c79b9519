"""Crosses and action circles: read right *and* confidently, and never a dot, a smudge or stray ink taken
for a cross.

Two kinds of cases.  Real ones: boxes of the synthetic scan test set (tuning seeds) that the reader once
flagged or got wrong, cut out by ``scripts/make_mark_crops.py`` with the truth they were drawn from
(``tests/engine/scan/data/marks/cases.json``).  And boxes drawn here with the test set's pen on a printed box, where
what was drawn is the truth.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from devkit.scan.handwriting import INKS, Pen, Writer
from printkit.engine.scan import boxes as scan_boxes
from printkit.engine.scan import sheet_boxes
from printkit.engine.scan.boxes import BoxSpec

P = 8.0  # px per mm, as the rectified sheet
DATA = Path(__file__).parent / "data" / "marks"
# crosses and action circles (the number boxes of the same folder are read in test_number_boxes.py)
CASES = [c for c in json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
         if all(b["read"] != "number" for b in c["boxes"])]
CONFIDENT = 0.9  # what printkit scan lists as uncertain below (transcribe.CONFIDENT)
# Only required never to be confidently wrong.  The first: its crop holds three crossed circles and no clean one, so
# the printed icon's own darkness cannot be measured on it (on its whole sheet it is read right, as the
# case s300-09-full-plus12 with two clean circles shows).
# The second: black pen over black print is lost where it crosses it, and all that shows of the slash is a
# tip as short as a dot; it is shown to a person, never read surely empty.
STILL_HARD = {"s300-09-full-plus10", "s790-38-top-blue8"}


def _read_case(case: dict) -> dict[tuple[str, int], scan_boxes.BoxReading]:
    # the first cases were kept as the darkest channel, which is all the cross and circle readers looked at
    rgb = cv2.cvtColor(cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    ref = cv2.imread(str(DATA / f"{case['name']}.ink.png"), cv2.IMREAD_GRAYSCALE)
    specs = [BoxSpec(b["area"], b["index"], b["x"], b["y"], b["w"], b["h"], b["shape"], b["read"])
             for b in case["boxes"]]
    return {(r.spec.area, r.spec.index): r for r in sheet_boxes.read_boxes(rgb, specs, ref, P, None)}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_marks_once_flagged_or_wrong_are_read_right_with_confidence(case: dict) -> None:
    got = _read_case(case)
    for b in case["boxes"]:
        r = got[(b["area"], b["index"])]
        if r.value != b["truth"]:
            assert r.confidence < CONFIDENT, f"{b['area']} {b['index']}: {r.value} read with {r.confidence:.2f}"
    target = got[tuple(case["target"])]  # type: ignore[index]
    truth = next(b["truth"] for b in case["boxes"] if [b["area"], b["index"]] == case["target"])
    if case["name"] in STILL_HARD:
        assert target.value == truth or target.confidence < CONFIDENT
    else:
        assert (target.value, target.confidence >= CONFIDENT) == (truth, True), (case["what"], target.confidence)


# Boxes drawn here: a half-sheet yellow box (the smallest crosses are read in), a printed number in it.
BOX_MM = 7.83
MARGIN_MM = 5.0


def _printed_box(number: str = "5") -> tuple[np.ndarray, np.ndarray, BoxSpec]:
    n = round((BOX_MM + 2 * MARGIN_MM) * P)
    page = np.full((n, n, 3), 246, np.uint8)
    a, b = round(MARGIN_MM * P), round((MARGIN_MM + BOX_MM) * P)
    cv2.rectangle(page, (a, a), (b, b), (40, 40, 40), 2)
    if number:
        x = a + 16 if len(number) == 1 else a + 6
        cv2.putText(page, number, (x, b - 16), cv2.FONT_HERSHEY_SIMPLEX, 1.1, (30, 30, 30), 3, cv2.LINE_AA)
    ref = np.where(page.min(axis=2) < 200, 255, 0).astype(np.uint8)
    return page, ref, BoxSpec("yellow", 0, MARGIN_MM, MARGIN_MM, BOX_MM, BOX_MM)


def _writer(width_mm: float, ink: str = "black", reach: float = 0.8, slash: bool = False) -> Writer:
    return Writer(INKS[ink], width_mm, 0.0, 0.6, reach, 1.0 if slash else 0.0, True, 0.02, (0,) * 10)


def _read(page: np.ndarray, ref: np.ndarray, spec: BoxSpec) -> scan_boxes.BoxReading:
    return sheet_boxes.read_boxes(page, [spec], ref, P, None)[0]


@pytest.mark.parametrize("width", [0.3, 0.5, 0.75])
@pytest.mark.parametrize("seed", range(4))
def test_a_fine_slash_across_a_printed_number_is_a_confident_cross(width: float, seed: int) -> None:
    page, ref, spec = _printed_box()
    Pen(page, P, random.Random(seed)).cross(_writer(width, reach=0.75, slash=True), spec.x, spec.y, spec.w, spec.h)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (True, True), r.features


@pytest.mark.parametrize("seed", range(8))
def test_a_short_slash_mostly_over_the_printed_number_is_never_confidently_empty(seed: int) -> None:
    # the known limit: pen on black print is invisible, so a slash that runs mostly along the number can
    # keep too little visible ink to be sure of; it is then shown to a person, never read empty
    page, ref, spec = _printed_box()
    Pen(page, P, random.Random(seed)).cross(_writer(0.3, reach=0.6, slash=True), spec.x, spec.y, spec.w, spec.h)
    r = _read(page, ref, spec)
    assert r.value or r.confidence < CONFIDENT, r.features


def _print_top(ref: np.ndarray, spec: BoxSpec) -> tuple[float, float, float]:
    """(x, y) of the middle of the number printed in the box, and the y of its top, in pixels."""
    y0, x0 = round((spec.y + 1) * P), round((spec.x + 1) * P)
    ys, xs = np.nonzero(ref[y0:round((spec.y + spec.h - 1) * P), x0:round((spec.x + spec.w - 1) * P)])
    return x0 + xs.mean(), y0 + ys.mean(), y0 + ys.min()


@pytest.mark.parametrize("number", ["5", "10"])
@pytest.mark.parametrize("tip_mm", [1.2, 1.6])
def test_a_black_line_showing_only_its_tip_past_the_printed_number_is_never_confidently_empty(
        number: str, tip_mm: float) -> None:
    # black pen on black print is lost where it crosses it: all that shows is a tip as short as a dot, but
    # long and thin (a slash drawn mostly over the number once read surely empty: case s790-38-top-blue8)
    page, ref, spec = _printed_box(number)
    cx, cy, top = _print_top(ref, spec)
    end = (round(cx + (cy - top + tip_mm * P) * 0.6), round(top - tip_mm * P))
    cv2.line(page, (round(cx), round(cy)), end, (25, 25, 25), round(0.35 * P), cv2.LINE_AA)
    r = _read(page, ref, spec)
    assert r.value or r.confidence < CONFIDENT, r.features


@pytest.mark.parametrize("number", ["5", "10"])
def test_a_dot_touching_the_printed_number_is_confidently_no_cross(number: str) -> None:
    page, ref, spec = _printed_box(number)
    cx, _, top = _print_top(ref, spec)
    cv2.circle(page, (round(cx), round(top - 0.25 * P)), round(0.4 * P), (25, 25, 25), -1, cv2.LINE_AA)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (False, True), r.features


@pytest.mark.parametrize("ink", ["blue", "red", "green", "purple"])
@pytest.mark.parametrize("seed", range(8))
def test_a_short_coloured_slash_mostly_over_the_printed_number_is_a_confident_cross(ink: str, seed: int) -> None:
    # off the print's colour, the pen shows in the digits' gaps and holes that the grown reference covers
    page, ref, spec = _printed_box("10")
    Pen(page, P, random.Random(seed)).cross(_writer(0.3, ink, reach=0.6, slash=True), spec.x, spec.y, spec.w,
                                            spec.h)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (True, True), r.features


@pytest.mark.parametrize("ink", ["black", "blue", "pencil", "purple"])
@pytest.mark.parametrize("width", [0.3, 0.75])
@pytest.mark.parametrize("seed", range(3))
def test_a_stray_dot_is_confidently_no_cross(ink: str, width: float, seed: int) -> None:
    rng = random.Random(seed)
    page, ref, spec = _printed_box("")
    Pen(page, P, rng).dot(_writer(width, ink), spec.x + rng.uniform(0.3, 0.7) * spec.w,
                          spec.y + rng.uniform(0.3, 0.7) * spec.h)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (False, True), r.features


def test_a_dot_on_the_printed_number_is_confidently_no_cross() -> None:
    page, ref, spec = _printed_box("8")
    Pen(page, P, random.Random(1)).dot(_writer(0.75), spec.x + spec.w / 2, spec.y + spec.h / 2)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (False, True), r.features


@pytest.mark.parametrize("radius", [3.0, 5.0, 8.0])
def test_a_smudge_is_confidently_no_cross(radius: float) -> None:
    page, ref, spec = _printed_box("3")
    Pen(page, P, random.Random(0)).smudge(spec.x + spec.w / 2, spec.y + spec.h / 2, radius)
    r = _read(page, ref, spec)
    assert (r.value, r.confidence >= CONFIDENT) == (False, True), r.features


def test_two_dots_far_apart_are_never_a_confident_cross() -> None:
    # as wide apart as a slash, but no line between them: a person decides
    page, ref, spec = _printed_box("")
    pen = Pen(page, P, random.Random(2))
    pen.dot(_writer(0.6), spec.x + 0.25 * spec.w, spec.y + 0.25 * spec.h)
    pen.dot(_writer(0.6), spec.x + 0.75 * spec.w, spec.y + 0.75 * spec.h)
    r = _read(page, ref, spec)
    assert not (r.value and r.confidence >= CONFIDENT)
    assert r.confidence < CONFIDENT


def test_a_dot_inside_a_looped_action_circle_is_shown_to_a_person() -> None:
    n = round(30 * P)
    page = np.full((n, n, 3), 246, np.uint8)
    cv2.circle(page, (n // 2, n // 2), round(3.7 * P), (40, 40, 40), 2)
    ref = np.where(page.min(axis=2) < 200, 255, 0).astype(np.uint8)
    spec = BoxSpec("reroll", 0, 15 - 3.7, 15 - 3.7, 7.4, 7.4, "circle", "loop")
    pen = Pen(page, P, random.Random(3))
    pen.loop(_writer(0.5), 15, 15, 3.7)
    r = sheet_boxes.read_boxes(page, [spec], ref, P, None)[0]
    assert (r.value, r.confidence >= CONFIDENT) == ("earned", True)
    pen.dot(_writer(0.5), 15.5, 14.5)
    r = sheet_boxes.read_boxes(page, [spec], ref, P, None)[0]
    assert r.value in ("earned", "used") and r.confidence < CONFIDENT


# A row of action circles as a half sheet prints them (the smallest: 4.92 mm, 5.78 mm apart), a second row
# unwritten below it as on the sheet, loops drawn round some of them here (not by the test set's writer):
# ovals a little off centre, open or overlapping where they close, as a hand draws them.
ROW_R = 2.46
ROW_STEP = 5.784


def _circle_rows(pattern: str, loop_r: float, seed: int) -> tuple[np.ndarray, np.ndarray, list[BoxSpec]]:
    rng = random.Random(seed)
    w, h = round((10 + ROW_STEP * len(pattern)) * P), round(30 * P)
    page = np.full((h, w), 246, np.uint8)
    specs = []
    for row, cy in (("plus1", 8.0), ("reroll", 20.0)):
        for i in range(len(pattern)):
            cx = 6 + ROW_R + i * ROW_STEP
            cv2.circle(page, (round(cx * P * 16), round(cy * P * 16)), round(ROW_R * P * 16), 40, 3, cv2.LINE_AA, 4)
            a, b = round((cx - 0.9) * P), round((cx + 0.9) * P)
            cv2.rectangle(page, (a, round((cy - 0.9) * P)), (b, round((cy + 0.9) * P)), 175, 1)
            specs.append(BoxSpec(row, i, cx - ROW_R, cy - ROW_R, 2 * ROW_R, 2 * ROW_R, "circle", "loop"))
    ref = np.where(page < 120, 255, np.where(page < 220, 128, 0)).astype(np.uint8)
    for i, v in enumerate(pattern):
        if v == "_":
            continue
        cx, cy = 6 + ROW_R + i * ROW_STEP, 8.0
        rad, ecc, a0 = loop_r * ROW_R * rng.uniform(0.97, 1.03), rng.uniform(0.93, 1.07), rng.uniform(0, 6.3)
        ox, oy = rng.gauss(0, 0.1), rng.gauss(0, 0.1)
        t = a0 + np.linspace(0, rng.uniform(1.9, 2.1) * np.pi, 80)
        pts = np.stack([cx + ox + rad * ecc * np.cos(t), cy + oy + rad / ecc * np.sin(t)], axis=1)
        cv2.polylines(page, [np.round(pts * P * 16).astype(np.int32)], False, 35, round(0.5 * P), cv2.LINE_AA, 4)
        if v == "U":
            s = 0.55 * ROW_R
            cv2.line(page, (round((cx - s) * P * 16), round((cy - s) * P * 16)),
                     (round((cx + s) * P * 16), round((cy + s) * P * 16)), 35, round(0.5 * P), cv2.LINE_AA, 4)
    return np.repeat(page[..., None], 3, axis=2), ref, specs


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("pattern", ["E_E__EU", "_E_U_E_", "EE_E_UU"])
def test_a_neighbours_loop_through_an_empty_circle_leaves_it_empty_and_earned_ones_earned(pattern: str,
                                                                                         seed: int) -> None:
    # loops drawn 1.25 radii out reach over the next circle's line into its band, from one side or both
    rgb, ref, specs = _circle_rows(pattern, 1.25, seed)
    got = {(r.spec.area, r.spec.index): r for r in sheet_boxes.read_boxes(rgb, specs, ref, P, None)}
    truth = {"_": "empty", "E": "earned", "U": "used"}
    for i, v in enumerate(pattern):
        r = got[("plus1", i)]
        assert (r.value, r.confidence >= CONFIDENT) == (truth[v], True), (i, r.value, r.confidence, r.features)
        assert got[("reroll", i)].value == "empty"


@pytest.mark.parametrize("seed", range(4))
def test_an_empty_circle_between_two_wide_loops_is_never_read_otherwise_with_confidence(seed: int) -> None:
    # The known limit (bench/notes/gsc-scan.md): loops of 1.45 radii on both sides light half the circle's band;
    # it may be flagged, never confidently earned, and the looped ones stay earned.
    rgb, ref, specs = _circle_rows("_E_E_", 1.45, seed)
    got = {(r.spec.area, r.spec.index): r for r in sheet_boxes.read_boxes(rgb, specs, ref, P, None)}
    r = got[("plus1", 2)]
    assert r.value == "empty" or r.confidence < CONFIDENT, (r.value, r.confidence, r.features)
    for i in (1, 3):
        assert got[("plus1", i)].value == "earned"
