"""A quantile exactly as NumPy computes it (its default, linear interpolation), without its bookkeeping.

``np.quantile`` and ``np.percentile`` spend most of a call on small arrays in argument handling, and the
reader takes some seventy of them a sheet. This takes the same steps as NumPy 2:
partition, the two order statistics either side of (n - 1) q, and their interpolation in the input's
precision (a Python-number q: NumPy's weak promotion); so it gives the same numbers to the last bit (the tests
hold it to NumPy on random arrays). No NaNs: the reader's arrays hold none, and NumPy gives NaN for any slice
that does.
"""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np


def quantile(a: np.ndarray, q: float, axis: int | None = None) -> np.ndarray:
    """``np.quantile(a, q, axis=axis)`` for a Python float ``q`` in [0, 1]; ``axis`` None (all values) or 0
    (a 2-D array's columns)."""
    arr = np.asarray(a)
    if axis is None:
        arr = arr.ravel()
    elif axis != 0:
        raise ValueError("axis must be None or 0")
    below, above, gamma = _ranks(arr.shape[0], q)
    ordered = np.partition(arr, sorted({below, above}), axis=0)
    return _between(ordered[below], ordered[above], gamma)


def channel_quantiles_u8(img: np.ndarray, q: float) -> np.ndarray:
    """``quantile(img.reshape(-1, c).astype(np.float32), q, axis=0)`` of a uint8 image of c channels (fewer than
    2**24 pixels): the same float32 numbers, each channel's two order statistics found in its histogram
    instead of by partitioning every value (a box's crop: a tenth of the time)."""
    below, above, gamma = _ranks(img.shape[0] * img.shape[1], q)
    stats = np.array([_levels_at(img, k, (below, above)) for k in range(img.shape[2])], np.float32)
    return _between(stats[:, 0], stats[:, 1], gamma)


def percentile_u8(img: np.ndarray, p: float) -> float:
    """``np.percentile(img, p)`` of a grey uint8 image to the last bit, from its histogram: the two order
    statistics either side of (n - 1) p / 100 are the levels where the counts pass them, interpolated as
    NumPy does (counting, where NumPy sorts).  NumPy itself takes anything else:
    no pixels, colour, p outside 0-100, or 2**24 pixels and more (OpenCV counts in float32)."""
    if img.dtype != np.uint8 or img.ndim != 2 or not 0 < img.size < 2 ** 24 or not 0 <= p <= 100:
        return float(np.percentile(img, p))
    below, above, gamma = _ranks(img.size, p / 100)
    lo, hi = (np.uint8(v) for v in _levels_at(img, 0, (below, above)))
    return float(_between(lo, hi, gamma))


def _ranks(n: int, q: float) -> tuple[int, int, float]:
    """The places (0-based) of the two order statistics either side of the ``q`` quantile of ``n`` values,
    and how far between them it lies, as NumPy counts them."""
    if n == 0:
        raise ValueError("no values to take a quantile of")
    virtual = (n - 1) * q
    below = min(math.floor(virtual), n - 1)
    return below, min(below + 1, n - 1), virtual - below


def _between(lo: Any, hi: Any, gamma: float) -> Any:
    """NumPy's interpolation, in the precision of ``lo`` and ``hi``, from the nearer end: a - b + b = a need
    not hold in floating point."""
    diff = hi - lo
    return hi - diff * (1 - gamma) if gamma >= 0.5 else lo + diff * gamma


def _levels_at(img: np.ndarray, channel: int, ranks: tuple[int, int]) -> np.ndarray:
    """The levels of a uint8 image's ``channel`` at these places (0-based) of its values in order."""
    counts = cv2.calcHist([img], [channel], None, [256], [0, 256]).ravel().astype(np.int64).cumsum()
    return np.searchsorted(counts, [r + 1 for r in ranks], side="left")
