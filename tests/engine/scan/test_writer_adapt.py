"""Unsure numbers read again beside the same writer's sure ones (``adaptation.adapt``), on one real sheet.

Real crops: every written number box of one sheet of the synthetic scan test set (tuning seed 600), cut by
``scripts/make_writer_crops.py`` exactly as the sheet reader hands them to the digit model, with the truth the
sheet was drawn from (``tests/engine/scan/data/writer/cases.json``). On that sheet a handwritten 7 (the blue claim and
the lowest claim) read as 2 alone by the MLP digit model shipped until 2026-12-02 (kept here as
``mlp-digits-2026-12-01.npz`` to test the mechanism with); the writer's sure 2s do not look like it. The
convolutional classifier shipped since reads all 22 boxes right and sure on its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from printkit.engine.scan.numbers import adaptation, network, ranking

DATA = Path(__file__).parent / "data" / "writer"
SHEET = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
BOXES = SHEET["boxes"]
MLP = network.DigitModel.load(DATA / "mlp-digits-2026-12-01.npz")


def _read(model: network.DigitModel | None) -> list[ranking.Reading]:
    out = []
    for case in BOXES:
        crop = cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_GRAYSCALE)
        assert crop is not None, case["name"]
        out.append(ranking.read_number(crop, case["allowed"], model))
    return out


@pytest.fixture(scope="module")
def readings() -> list[ranking.Reading]:
    return _read(MLP)


def test_the_shipped_classifier_reads_the_whole_sheet_surely_right() -> None:
    read = _read(None)
    assert [r.value for r in read] == [c["truth"] for c in BOXES]
    assert all(r.certain for r in read)


def test_the_sevens_read_as_two_alone_read_seven_beside_the_writers_own_digits(readings: list) -> None:
    sevens = [n for n, c in enumerate(BOXES) if c["name"].endswith(("score1", "score6"))]
    assert [BOXES[n]["truth"] for n in sevens] == [7, 7]
    assert [readings[n].value for n in sevens] == [2, 2]  # alone: a 2, unsure
    again = adaptation.adapt(readings, [r.certain for r in readings], MLP)
    for n in sevens:
        assert again[n].value == 7, BOXES[n]["name"]
        assert not again[n].certain  # the writer's exemplars alone never make a reading sure


def test_sure_readings_are_left_alone_and_nothing_becomes_sure(readings: list) -> None:
    sure = [r.certain for r in readings]
    again = adaptation.adapt(readings, sure, MLP)
    for r, a, s in zip(readings, again, sure, strict=True):
        if s:
            assert a is r
        else:
            assert not a.certain
            # only values the reading already listed can come up: no reading is invented
            assert a.value in {v for v, _ in r.alternatives}


def test_without_sure_readings_nothing_changes(readings: list) -> None:
    assert adaptation.adapt(readings, [False] * len(readings), MLP) == readings
