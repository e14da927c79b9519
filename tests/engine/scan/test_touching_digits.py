"""Two handwritten digits whose ink touches: cut along the ink (bench/notes/scan-digits.md, "Digits that touch").

The boxes are made with the digit trainer's own pen writers (``scripts/train_digits.py``), never with the scan
test set's generator: two digits drawn apart, pushed together a pixel at a time until their ink touches, put in
a box on paper. Only boxes the reader sees as touching count: one piece of ink, no blank column between the
digits (without cuts along the ink it had only cuttings between columns, through both digits, to go on).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageFilter

from printkit.engine.scan.numbers import cutting, preprocess, ranking
from printkit.engine.scan.numbers.thresholds import NUMBERS

ROOT = Path(__file__).resolve().parents[3]

pytest.importorskip("HersheyFonts", reason="the `train` extra (Hershey-Fonts, scikit-learn) makes test boxes")
sys.path.insert(0, str(ROOT / "scripts"))
import train_digits as train  # noqa: E402  (the training script's writers draw the digits)

PEN = train.Style("pen", "pen")
HEIGHT = 48  # pixels a digit is drawn at before the box is scaled


def _scaled(ink: np.ndarray) -> np.ndarray:
    w = max(1, round(ink.shape[1] * HEIGHT / ink.shape[0]))
    img = Image.fromarray((ink * 255).astype(np.uint8)).resize((w, HEIGHT), Image.BILINEAR)
    return np.asarray(img, np.float32) / 255.0


def _side_by_side(a: np.ndarray, b: np.ndarray, x: int, dy: int) -> np.ndarray:
    out = np.zeros((HEIGHT + 8, max(a.shape[1], x + b.shape[1])), np.float32)
    out[4: 4 + HEIGHT, : a.shape[1]] = a
    out[4 + dy: 4 + dy + HEIGHT, x: x + b.shape[1]] = np.maximum(out[4 + dy: 4 + dy + HEIGHT, x: x + b.shape[1]], b)
    return out


def touching_box(value: int, rng: np.random.Generator) -> np.ndarray | None:
    """A grayscale box crop of the two-digit ``value`` written by one pen writer, its digits touching."""
    a = _scaled(train.digit_ink(value // 10, PEN, rng, HEIGHT))
    b = _scaled(train.digit_ink(value % 10, PEN, rng, HEIGHT))
    dy = int(rng.integers(-3, 4))
    for x in range(a.shape[1], a.shape[1] // 2, -1):  # the second digit moves left until the ink touches
        ink = _side_by_side(a, b, x, dy)
        if len([p for p in cutting._pieces(ink > 0.4) if p.sum() > 10]) == 1:
            ink = _side_by_side(a, b, x - int(rng.integers(0, 3)), dy)
            break
    else:
        return None
    h = int(rng.integers(40, 90))
    scale = h * rng.uniform(0.55, 0.8) / ink.shape[0]
    size = (max(1, round(ink.shape[1] * scale)), max(1, round(ink.shape[0] * scale)))
    ink = np.asarray(Image.fromarray((ink * 255).astype(np.uint8)).resize(size, Image.BILINEAR), np.float32) / 255
    w = int(max(ink.shape[1] + 6, h * rng.uniform(1.2, 2.0)))
    canvas = np.zeros((h, w), np.float32)
    y, x = (h - ink.shape[0]) // 2, int(rng.integers(2, max(3, w - ink.shape[1] - 2)))
    canvas[y: y + ink.shape[0], x: x + ink.shape[1]] = ink[:, : w - x]
    gray = rng.uniform(200, 245) - rng.uniform(120, 200) * canvas + rng.normal(0, 3, canvas.shape)
    img = Image.fromarray(np.clip(gray, 0, 255).astype(np.uint8))
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.0)))
    return np.asarray(img)


def touching_boxes(n: int, seed: int) -> list[tuple[int, np.ndarray]]:
    """``n`` boxes of two-digit values (10-18 more often, as orange values), digits touching as the reader
    sees them."""
    rng = np.random.default_rng(seed)
    out: list[tuple[int, np.ndarray]] = []
    while len(out) < n:
        value = int(rng.integers(10, 19)) if rng.random() < 0.6 else int(rng.integers(10, 100))
        crop = touching_box(value, rng)
        if crop is None:
            continue
        p = cutting.prepare(crop, 2)
        if p.split or len(cutting._tall_pieces(_upright(crop)[1]) or []) >= 2:
            continue  # a blank column or two pieces of ink: not touching
        out.append((value, crop))
    return out


def _upright(crop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    ink = preprocess._normalised_ink(crop)
    return preprocess._drop_specks(ink, ink > NUMBERS.ink)


def _allowed(value: int) -> range:
    return range(1, 19) if value <= 18 else range(0, 100)


def test_a_cut_along_the_ink_runs_through_the_thin_link() -> None:
    """Two rings, the second lower and reaching under the first, joined by a short link: every column
    through the link holds ring too, so no cut between columns parts them. The cheapest cut along the ink
    crosses it once, at the link, and parts the rings."""
    yy, xx = np.mgrid[0:44, 0:56]

    def ring(cx: float, cy: float) -> np.ndarray:
        return np.abs(np.hypot(xx - cx, yy - cy) - 10) < 2.2

    first, second = ring(15, 13), ring(37, 29)
    mask = first | second
    for t in np.linspace(0, 1, 20):  # the link, between the rings' nearest points
        x, y = 23.1 + t * (28.9 - 23.1), 18.9 + t * (23.1 - 18.9)
        mask[round(y) - 1: round(y) + 1, round(x) - 1: round(x) + 1] = True
    cols = np.flatnonzero(mask.any(axis=0))
    assert len(cutting._pieces(mask)) == 1 and len(cols) == cols[-1] - cols[0] + 1  # one piece, no blank column
    cuts = cutting._ink_cuts(mask.astype(np.float64), mask)
    assert cuts
    left, right, crossings = cuts[0]
    assert crossings == 1
    assert not (left & second).any() and (left & first).sum() == first.sum()
    assert (left | right).sum() == mask.sum() and not (left & right).any()


def test_narrow_writing_is_not_cut_along_the_ink() -> None:
    mask = np.zeros((40, 30), bool)
    mask[5:35, 12:15] = True  # one stroke: a 1
    assert cutting._ink_cuts(mask.astype(np.float64), mask) == []


def test_touching_pairs_are_read_right_more_often_and_never_surely_by_a_cut_along_the_ink(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without cuts along the ink 60% of these were read right (trainer pen writers, seeds 1 and 2 of this
    generator, 500 boxes); with them 72% (the MLP digit model). Of these 120, the MLP read 71 right without the
    cuts and 87 with them; the convolutional classifier, which reads more alone, 75 and 84. A reading that only
    such a cut explains stays below CONFIDENT (``NUMBERS.cut_cap``): the classifier never saw parts cut that way
    (uncapped, a 40 whose 4 runs into the 0 was cut into a triangle read 8 at 1.00 and a 0: 80 at 0.99). So
    nothing read surely changes."""
    boxes = touching_boxes(120, 7)
    after = [ranking.read_number(crop, _allowed(v)) for v, crop in boxes]
    monkeypatch.setattr(cutting, "_ink_cuts", lambda ink, mask: [])
    before = [ranking.read_number(crop, _allowed(v)) for v, crop in boxes]
    values = [v for v, _ in boxes]
    right_before = sum(r.value == v for v, r in zip(values, before, strict=True))
    right_after = sum(r.value == v for v, r in zip(values, after, strict=True))
    assert right_after >= right_before + 8, (right_before, right_after)
    for v, b, a in zip(values, before, after, strict=True):
        assert b.certain == a.certain and (a.value == b.value or not a.certain), (v, b, a)


TOUCHING = Path(__file__).parent / "data" / "digits" / "touching"
PINNED = json.loads((TOUCHING / "cases.json").read_text(encoding="utf-8"))
# Read wrong but flagged by the weights fine-tuned on real writing: the 1 leaning into the 6 reads 6 at 0.35, 16
# next at 0.31 (the weights before them: 16 at 0.18, 6 next at 0.13). Both readings are flags for a person to look
# at, as every touching pair's reading is (below CONFIDENT); a confident 6 would fail.
FLAGGED_NOT_RIGHT = {"pen-16"}


@pytest.mark.parametrize("case", PINNED, ids=[c["name"] for c in PINNED])
def test_pinned_touching_pairs_misread_before_are_read_right(case: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boxes of the generator above (seed 7), kept as PNGs so that they stay the same whatever becomes of
    the trainer's writers: read wrong without cuts along the ink by the MLP digit model, right with them, never
    surely wrong. The convolutional classifier reads the 14 right without the cuts too (at 0.04, as with them).
    The 86 is read (surely, with the weights of before real writing) since cuts between columns are sought at
    every thin column, not only near where equal parts would end: the cut at its link parts an 8 and a 6 (1.00
    each), with or without cuts along the ink."""
    crop = np.asarray(Image.open(TOUCHING / f"{case['name']}.png").convert("L"))
    allowed = range(case["allowed"][0], case["allowed"][1] + 1)
    after = ranking.read_number(crop, allowed)
    if case["name"] in FLAGGED_NOT_RIGHT:  # a flag, the truth its runner-up: never a confident wrong number
        assert not after.certain and case["truth"] in [v for v, _ in after.alternatives[:2]], after.alternatives
    else:
        assert after.value == case["truth"], (case["what"], after.alternatives)
    assert not after.certain or case["name"] == "pen-86", (case["what"], after.alternatives)
    monkeypatch.setattr(cutting, "_ink_cuts", lambda ink, mask: [])
    before = ranking.read_number(crop, allowed)
    if case["name"] == "pen-86":  # read by a cut between columns: the cuts along the ink add nothing to it
        assert before.value == case["truth"] and before.certain == after.certain, before.alternatives
        return
    assert not before.certain, (case["what"], before.alternatives)
    assert before.value != case["truth"] or case["name"] == "pen-14", (case["what"], before.alternatives)
