"""Written numbers the digit reader once misread or read unsure: read right now, and never confidently wrong.

Real crops: number boxes of the synthetic scan test set (tuning seeds 100, 300 and 710) exactly as the sheet reader
hands them to the digit model, cut out by ``scripts/make_digit_crops.py`` with the truth the sheets were drawn
from (``tests/engine/scan/data/digits/cases.json``).  What each was read as before is in its ``what``.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from printkit.engine.scan.numbers import cutting as numbers_cutting
from printkit.engine.scan.numbers import network, ranking

DATA = Path(__file__).parent / "data" / "digits"
CASES = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
# Still read wrong or unsure: only required never to be read wrong with confidence.
STILL_HARD = {
    "s100-01-full-score5",  # a lone thin 1 in the foxes box: the empty-box model still says empty (0.71)
    "s100-09-full-score5",  # the same, thicker (0.88); the sheet reader caps "empty" where it saw strokes
    "s300-03-full-score4",  # 17 whose 7's bar is a short tick: read 11, below the threshold (MLP 0.51, CNN 0.86)
    # a total of 73 whose 7 is a stem with a short bar: the MLP read 13 at 0.99 (the claims' own sum flags it:
    # test_agreement.py, test_a_sure_total_the_claims_do_not_add_up_to_is_flagged_when_no_box_sum_can_check_it);
    # the convolutional classifier reads 13 at 0.54, 73 at 0.44
    "s710-37-full-score7",
}
# Read wrong with confidence by the digit reader alone: a 67 whose 7 is one slanted stroke with a tick reads 61
# at 0.91 since a lone stroke standing apart is weighed as a whole one (before: 0.52, the same stroke as likely
# "not one digit"). No reader of one box can tell that 7 from a 1; the sheet flags the claim
# (test_agreement.py, test_a_sure_claim_that_a_misreading_explains_better_is_flagged_not_replaced).
READ_SURELY_WRONG = {"s300-04-bottom-score7"}  # 61 at 0.95 with the convolutional classifier
# Read right now but not yet with confidence: required to be read right (and never confidently wrong). The
# convolutional classifier (2026-12-02) reads the total 101 (s100-04-bottom-score7) at 0.58, 10 next (the MLP:
# 0.96), and the claimed 76 below at 0.83 (the MLP: sure). The weights fine-tuned on real writing read the purple
# 5 with a short flat top (s300-03-full-purple1, was read 6) right at 0.88 (the weights before them: 0.99): a
# flag, which the sheet's sums may confirm, not a wrong number.
RIGHT_NOT_SURE = {c["name"] for c in CASES} - STILL_HARD - READ_SURELY_WRONG - {
    "s100-20-bottom-score7",  # total 82: was 0.14
    "s300-00-full-score0",  # claim 10: was 0.20, 110 next
    # a lone 1 beside another digit, no longer doubted as a fragment (bench/notes/scan-digits.md, "How it reads", 5)
    "s100-03-full-score0",  # claim 14: 0.64 -> 0.94
    "s100-04-top-score0",  # claim 11: 0.73 -> 0.96
    "s300-21-full-score0",  # claim 19: 0.88 -> 0.98
    "s300-16-bottom-score7",  # total 150: 0.83 -> 0.98
}


def _read(case: dict) -> ranking.Reading:
    crop = cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_GRAYSCALE)
    assert crop is not None, case["name"]
    return ranking.read_number(crop, case["allowed"])


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_numbers_once_misread_or_unsure(case: dict) -> None:
    r = _read(case)
    if case["name"] in READ_SURELY_WRONG:
        assert r.value != case["truth"] and case["truth"] in [v for v, _ in r.alternatives]
        return
    if r.value != case["truth"]:
        assert not r.certain, f"{case['what']}: read {r.value} with {r.confidence:.2f}"
    if case["name"] in STILL_HARD:
        return
    assert r.value == case["truth"], (case["what"], r.alternatives)
    if case["name"] not in RIGHT_NOT_SURE:
        assert r.certain, (case["what"], r.alternatives)


def test_a_faint_stroke_beside_the_writing_keeps_the_reading_unsure() -> None:
    """A light, thin 1 beside a dark 6 falls under the ink threshold: what is read (6) is not the whole
    number (16), so it must not be taken confidently."""
    crop = np.full((60, 80), 235, np.uint8)
    cv2.putText(crop, "6", (36, 48), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 40, 4, cv2.LINE_AA)
    cv2.line(crop, (22, 14), (20, 48), 150, 1, cv2.LINE_AA)  # the faint 1
    r = ranking.read_number(crop, range(1, 19))
    assert r.value != 6 or not r.certain, r
    dark = crop.copy()
    cv2.line(dark, (22, 14), (20, 48), 40, 3, cv2.LINE_AA)
    assert ranking.read_number(dark, range(1, 19)).value == 16


def _case(name: str) -> dict:
    return next(c for c in CASES if c["name"] == name)


def test_a_lone_one_beside_a_digit_was_doubted_as_a_fragment() -> None:
    """Where a claim of 14's missing probability went: to "not one digit" for its 1, a lone stroke that the
    classifier (seeing the part cropped to its ink) could not tell from a stem cut off a 4. The counts of intact
    parts lift it: the weights before real writing read it at 0.67 without them and 0.95 with them (the 1 alone:
    1 at 0.68, "not one digit" 0.31). The weights fine-tuned on real writing, which met many lone 1s beside a
    digit, read the 1 alone as a 1 at 0.95 ("not one digit" 0.05) and the 14 at 0.94 without the counts; with
    them, surely and no less surely."""
    case = _case("s100-03-full-score0")
    crop = cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_GRAYSCALE)
    shipped = network.default_model()
    other = network.OTHER
    assert shipped.intact is not None and shipped.intact[other] < 0.1 < 0.4 < shipped.intact[:other].min()
    blind = network.DigitModel(shipped.layers, shipped.temperature, shipped.empty_coef, shipped.empty_bias,
                              shipped.empty_mean, shipped.empty_scale, convs=shipped.convs)
    before = ranking.read_number(crop, case["allowed"], model=blind)
    after = ranking.read_number(crop, case["allowed"], model=shipped)
    assert before.value == after.value == 14
    assert after.certain and after.confidence >= before.confidence
    prepared = numbers_cutting.prepare(crop, 3)
    probs = shipped.probabilities(prepared.images)
    ones = [cut[0] for cut in prepared.hypotheses[2] if prepared.intact[cut[0]]]
    assert ones  # the 1 stands apart: a cut through blank columns holds it whole
    for i in ones:  # the classifier alone reads it a 1, more likely than a fragment of a wider digit
        assert probs[i, 1] > 0.5 > probs[i, network.OTHER]


def test_a_cut_holding_no_ink_is_no_digit() -> None:
    """A cutting into three parts whose middle part fell in the blank gap of a 14 once listed 114 (the blank
    image's answer, 1 at 0.02): no three-digit reading is listed now."""
    r = _read(_case("s100-03-full-score0"))
    assert all(v is None or v < 100 for v, _ in r.alternatives), r.alternatives


def test_two_digits_that_share_columns_are_read_piece_by_piece() -> None:
    """A claimed 76 in a photo: the 7 leans hard, the 6 stands upright, the two never touch. One shear for
    the whole writing laid the 7's stem under the 6: no cut between columns held one digit and it read 56
    at 0.01. Read as its two separate pieces, each deslanted alone, it reads 76 (surely with the MLP, at 0.83
    with the convolutional classifier, 18 next at 0.06). Writing that blank columns already split (a 14 whose 1
    stands apart) is cut there, as before, and is not read as its pieces again (only cut along the ink, where
    it may hold a third digit)."""
    case = _case("s300-03-full-score7")
    crop = cv2.imread(str(DATA / f"{case['name']}.png"), cv2.IMREAD_GRAYSCALE)
    r = ranking.read_number(crop, case["allowed"])
    assert r.value == 76 and r.confidence > 0.7, r.alternatives
    prepared = numbers_cutting.prepare(crop, 3)
    assert prepared.apart_from is not None and (prepared.apart_from, prepared.apart_from + 1) in \
        prepared.hypotheses[2]
    assert prepared.ink_cut_from is None or prepared.ink_cut_from >= prepared.apart_from + 2
    split = numbers_cutting.prepare(cv2.imread(str(DATA / "s100-03-full-score0.png"), cv2.IMREAD_GRAYSCALE), 3)
    assert split.split and split.apart_from == split.ink_cut_from


def test_pieces_of_ink_are_what_touches_diagonals_included() -> None:
    mask = np.zeros((10, 12), bool)
    mask[1:4, 1] = True
    mask[4, 2] = True  # touches the stroke above it only at a corner: the same piece
    mask[1:8, 8] = True
    mask[0, 5] = True  # a dot on its own
    assert sorted(int(p.sum()) for p in numbers_cutting._pieces(mask)) == [1, 4, 7]


def test_pieces_of_ink_are_opencvs_8_connected_components() -> None:
    rng = np.random.default_rng(4)
    for _ in range(200):
        mask = rng.random((int(rng.integers(1, 45)), int(rng.integers(1, 90)))) < rng.uniform(0.05, 0.6)
        n, labels = cv2.connectedComponents(mask.astype(np.uint8), connectivity=8)
        expected = sorted(np.flatnonzero(labels.ravel() == i).tolist() for i in range(1, n))
        assert sorted(np.flatnonzero(p.ravel()).tolist() for p in numbers_cutting._pieces(mask)) == expected
