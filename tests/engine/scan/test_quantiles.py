"""The reader's quantile is NumPy's to the last bit (it stands in for np.quantile / np.percentile, whose argument
handling cost more than the work on the reader's small arrays)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from printkit.engine.scan.decode.speed.quantiles import channel_quantiles_u8, quantile

LEVELS = st.floats(0, 255, width=32)


@settings(max_examples=300, deadline=None)
@given(hnp.arrays(st.sampled_from([np.float32, np.float64]), hnp.array_shapes(min_dims=1, max_dims=2, max_side=60),
                  elements=LEVELS), st.sampled_from([0.0, 0.01, 0.1, 0.3, 0.5, 0.9, 0.99, 1.0]) | st.floats(0, 1))
def test_a_quantile_of_all_values_is_numpys(a: np.ndarray, q: float) -> None:
    got, want = np.asarray(quantile(a, q)), np.asarray(np.quantile(a, q))
    assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


@settings(max_examples=200, deadline=None)
@given(hnp.arrays(np.float32, st.tuples(st.integers(1, 200), st.integers(1, 4)), elements=LEVELS))
def test_a_quantile_of_each_column_is_numpys_percentile(a: np.ndarray) -> None:
    assert quantile(a, 90 / 100, axis=0).tobytes() == np.percentile(a, 90, axis=0).tobytes()


@settings(max_examples=200, deadline=None)
@given(hnp.arrays(np.float32, hnp.array_shapes(min_dims=2, max_dims=2, max_side=70), elements=LEVELS))
def test_a_crops_paper_and_dark_levels_are_numpys_percentiles(g: np.ndarray) -> None:
    from printkit.engine.scan.numbers.preprocess import _paper_and_dark

    assert _paper_and_dark(g) == (float(np.percentile(g, 70)), float(np.percentile(g, 1)))


@settings(max_examples=300, deadline=None)
@given(hnp.arrays(np.uint8, st.tuples(st.integers(1, 40), st.integers(1, 40), st.integers(1, 4))),
       st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]) | st.floats(0, 1), st.integers(0, 3), st.integers(0, 3))
def test_a_quantile_of_each_channel_from_histograms_is_numpys(img: np.ndarray, q: float, top: int, left: int) -> None:
    # the crop of a larger image, as a box's crop of the sheet is
    h, w, c = img.shape
    page = np.zeros((h + top + 2, w + left + 2, c), np.uint8)
    page[top:top + h, left:left + w] = img
    got = channel_quantiles_u8(page[top:top + h, left:left + w], q)
    # in float32, as NumPy 2 computes it (the scan extra asks for NumPy 2)
    want = np.quantile(img.reshape(-1, c).astype(np.float32), q, axis=0)
    assert got.dtype == want.dtype == np.float32 and got.tobytes() == want.tobytes()


def test_the_interpolation_is_numpys_from_the_nearer_end() -> None:
    # 0.65 of the way from 174.8 to 250.1 (float32): from the lower end 223.745, from the upper (NumPy) 223.74501
    a = np.array([174.8, 250.1], np.float32)
    assert quantile(a, 0.65) == np.quantile(a, 0.65) == np.float32(223.74501)
    assert a[0] + (a[1] - a[0]) * 0.65 == np.float32(223.745)


def test_no_values_and_other_axes_are_refused() -> None:
    with pytest.raises(ValueError, match="no values"):
        quantile(np.zeros(0), 0.5)
    with pytest.raises(ValueError, match="axis"):
        quantile(np.zeros((3, 3)), 0.5, axis=1)
    with pytest.raises(ValueError, match="no values"):
        channel_quantiles_u8(np.zeros((0, 4, 3), np.uint8), 0.5)
