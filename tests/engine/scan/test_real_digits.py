"""Real handwriting, held out from training and tuning, read in real sheet boxes (crops of the printed pad).

The digits are real people's (MNIST test set, first 5,000, in ``../shared/data/handwritten-digits`` beside the
repository); the held-out blocks 8-9 (digits 4000-4999) were never trained on nor looked at while choosing
anything. A CI-sized sample of numbers is written with them into the pad's number boxes, scanned or
photographed, cropped as ``printkit scan`` crops a box, and read with ``ranking.read_number``.
The floors are the figures measured on this very sample (bench/RESULTS.md, "Real handwriting") less a margin.
"""

from __future__ import annotations

import numpy as np
import pytest

from devkit import real_digits as rd
from printkit.engine.scan.numbers import network, ranking
from printkit.engine.scan.numbers.thresholds import NUMBERS

SAMPLE = 200  # numbers: about 15 s on one core
SEED = 9107  # the sample's seed (not the bench's 9001: the test and the bench do not share boxes)
# Measured on this sample with the shipped weights, fine-tuned on real writing (`scripts/train_digits.py --real`;
# bench/RESULTS.md, "Real handwriting"): 182 of 200 numbers right, 106 of the 122 with two or three digits, none
# read wrong with confidence. The weights before them read 163 and 91 (none confident wrong). The floors leave a
# margin of about 5 numbers for another machine's last bits of floating point and JPEG; one confident wrong is
# allowed, as the held-out bench's rate (7 of 1500) makes one in 200 likely.
RIGHT_FLOOR = 0.88
MULTI_FLOOR = 0.82
CONFIDENT_WRONG_AT_MOST = 1  # the aim is none: not met (bench/RESULTS.md)


@pytest.fixture(scope="module")
def readings() -> list[tuple[rd.Written, ranking.Reading]]:
    if not rd.available():
        if rd.ci():
            pytest.fail(f"the real handwritten digits are missing on CI: {rd.data_path()}")
        pytest.skip(f"real handwritten digits not found at {rd.data_path()}")
    written = rd.written_set("held-out", SAMPLE, SEED)
    return [(w, ranking.read_number(w.crop, w.allowed)) for w in written]


def test_the_split_keeps_blocks_8_and_9_out() -> None:
    held = set(rd.indices("held-out").tolist())
    assert held == set(range(4000, 5000))
    assert not held & set(rd.indices("train").tolist())
    assert not held & set(rd.indices("tune").tolist())
    assert set(rd.indices("tune").tolist()) == set(range(3500, 4000))


def test_the_sample_is_real_numbers_in_real_boxes(readings: list[tuple[rd.Written, ranking.Reading]]) -> None:
    lengths = [len(str(w.value)) for w, _ in readings]
    # one, two and three digits, every digit of each from the held-out blocks
    assert {lengths.count(k) >= 30 for k in (1, 2, 3)} == {True}
    assert all(4000 <= i < 5000 for w, _ in readings for i in w.digits)
    labels = rd.load()[1]
    assert all("".join(str(labels[i]) for i in w.digits) == str(w.value) for w, _ in readings)
    # the crop shows the writing: pen-dark pixels in every box but the faintest pencil
    dark = [int((w.crop < 128).sum()) for w, _ in readings if not w.pencil]
    assert min(dark) >= 20


def test_held_out_numbers_are_read_at_the_measured_accuracy(
        readings: list[tuple[rd.Written, ranking.Reading]]) -> None:
    right = sum(r.value == w.value for w, r in readings)
    assert right / len(readings) >= RIGHT_FLOOR, f"{right} of {len(readings)} read right"
    multi = [(w, r) for w, r in readings if w.value >= 10]
    multi_right = sum(r.value == w.value for w, r in multi)
    assert multi_right / len(multi) >= MULTI_FLOOR, f"{multi_right} of {len(multi)} multi-digit numbers"


def test_held_out_numbers_are_rarely_read_wrong_with_confidence(
        readings: list[tuple[rd.Written, ranking.Reading]]) -> None:
    wrong = [(w.value, r.value, round(r.confidence, 3)) for w, r in readings
             if r.confidence >= NUMBERS.confident and r.value != w.value]
    assert len(wrong) <= CONFIDENT_WRONG_AT_MOST, wrong


def test_fine_tuning_on_real_writing_runs_and_writes_weights_the_reader_loads(tmp_path, monkeypatch) -> None:
    """``scripts/train_digits.py --real`` on a few boxes: weights of the same shapes as the base's, the base's
    empty-box model kept, a temperature fitted on the tuning block; and --real without --base refused."""
    pytest.importorskip("torch", reason="the train-cnn extra (PyTorch) trains the classifier")
    pytest.importorskip("HersheyFonts", reason="the train extra makes the synthetic boxes")
    if not rd.available():
        if rd.ci():
            pytest.fail(f"the real handwritten digits are missing on CI: {rd.data_path()}")
        pytest.skip(f"real handwritten digits not found at {rd.data_path()}")
    import sys

    sys.path.insert(0, str(rd.ROOT / "scripts"))
    import train_digits as train

    for name, n in (("REAL_SYNTHETIC_BOXES", 30), ("REAL_ONES_BOXES", 20), ("REAL_TRAINER_BOXES", 30),
                    ("REAL_PAD_BOXES", 20), ("REAL_EPOCHS", 1), ("TUNE_NUMBERS", 20)):
        monkeypatch.setattr(train, name, n)
    with pytest.raises(SystemExit) as refused:
        train.main(["--real", "--out", str(tmp_path / "x.npz")])
    assert refused.value.code == 2
    out = tmp_path / "real.npz"
    assert train.main(["--real", "--base", str(network.WEIGHTS), "--out", str(out)]) == 0
    base, tuned = network.DigitModel.load(), network.DigitModel.load(out)
    assert [w.shape for w, _ in tuned.convs] == [w.shape for w, _ in base.convs]
    assert [w.shape for w, _ in tuned.layers] == [w.shape for w, _ in base.layers]
    assert any(not np.array_equal(a, b) for (a, _), (b, _) in zip(tuned.layers, base.layers, strict=True))
    assert np.array_equal(tuned.empty_coef, base.empty_coef) and np.array_equal(tuned.intact, base.intact)
    assert tuned.calibration is None and 0.8 <= tuned.temperature <= 3.0
    assert ranking.read_number(np.full((40, 60), 255, np.uint8), range(1, 7), tuned).value is None
