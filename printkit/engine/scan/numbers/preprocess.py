"""A box's crop made ready for the network: scaled to a working height, paper and ink levels measured and the
ink normalised, the printed outline and stray specks removed, the writing deslanted and fitted into the
network's images."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from printkit.engine.scan.decode.speed.quantiles import quantile
from printkit.engine.scan.numbers.network import INPUTS, SIDE
from printkit.engine.scan.numbers.thresholds import NUMBERS

FIT = 16  # the writing is scaled to fit FIT x FIT, centred
WORK_HEIGHT = 40  # crops are scaled to this height before anything else


@dataclass(frozen=True)
class Prepared:
    """A box after normalisation: what the models see.

    ``empty_features`` feed the empty-box model; ``images`` (n, SIDE*SIDE) are the parts to classify;
    ``hypotheses[k]`` lists, for reading the writing as k digits, candidate cuttings as tuples of indexes into
    ``images`` (left to right). ``hypotheses[1] == [(0,)]``: the whole writing. No writing at all: no images.
    """

    empty_features: np.ndarray
    images: np.ndarray
    hypotheses: dict[int, list[tuple[int, ...]]]
    spans: tuple[tuple[int, int], ...]  # column range of each image in the deslanted working image
    # crop pixel (x, y) lands at column x * scale_x + pad - slant * (y * scale_y - centre) of the working image
    geometry: tuple[float, float, float, float, float] = (1.0, 1.0, 0.0, 0.0, 0.0)
    split: bool = False  # blank columns split the writing into parts that each run most of its height
    faint_beside: bool = False  # a faint stroke, left out of the writing, stands beside it (see _faint_beside)
    # per image: whether it holds whole strokes only (its cuts run through blank columns, no stroke severed)
    intact: tuple[bool, ...] = ()
    # images from this index on are the writing's separate pieces, or parts of them cut along the ink (see
    # cutting._piece_cuttings), each deslanted alone: their ``spans`` are columns of the crop scaled to the
    # working height, not of the deslanted image
    apart_from: int | None = None
    # images from this index on are parts of cuts along the ink: a reading using one is never sure alone
    ink_cut_from: int | None = None
    # a reading made by cutting a piece (not the whole writing) along the ink -> that piece's image: weighed by
    # the piece's "not one digit", as a cutting of the whole writing is by the whole's
    cut_of: dict[tuple[int, ...], int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Writing:
    """A box's writing normalised and deslanted, and the image of the whole of it: what reading it as one
    digit needs.  :func:`_cut` adds the parts for reading it as several."""

    features: np.ndarray
    ink: np.ndarray  # deslanted (where the shear left ink), 0..1
    mask: np.ndarray
    upright_ink: np.ndarray  # before deslanting
    upright_mask: np.ndarray
    geometry: tuple[float, float, float, float, float]
    left: int  # the writing's columns in ``ink``
    right: int
    profile: np.ndarray  # ink pixels per column, left:right
    height: float  # rows the writing spans
    whole: np.ndarray  # the classifier's image of the whole writing
    split: bool
    faint_beside: bool


def _writing(crop: np.ndarray) -> _Writing | Prepared:
    """The first stage of :func:`prepare`: the writing and its whole image, or the Prepared of a box with
    no writing (no images)."""
    ink = _normalised_ink(crop)
    scale_y, scale_x = ink.shape[0] / crop.shape[0], ink.shape[1] / crop.shape[1]
    mask = ink > NUMBERS.ink
    ink, mask = _drop_specks(ink, mask)
    features = _empty_features(ink, mask)
    if mask.sum() < 3:
        return Prepared(features, np.zeros((0, INPUTS), np.float32), {}, ())
    faint_beside = _faint_beside(ink, mask)
    upright_ink, upright_mask = ink, mask
    sheared, slant, centre, pad = _deslant(ink, mask)
    if (sheared > NUMBERS.ink).sum() >= 3:
        ink = sheared
    else:  # a faint hairline can fall below the threshold once interpolated: read it unsheared
        slant, pad = 0.0, 0
    mask = ink > NUMBERS.ink
    cols = np.flatnonzero(mask.any(axis=0))
    left, right = int(cols[0]), int(cols[-1]) + 1
    profile = mask[:, left:right].sum(axis=0).astype(np.float64)
    rows = np.flatnonzero(mask.any(axis=1))
    height = float(rows[-1] - rows[0] + 1)
    whole = _fitted(ink[rows[0]:rows[-1] + 1, left:right], height, right - left)  # :func:`_digit_image` of it all
    return _Writing(features, ink, mask, upright_ink, upright_mask, (scale_x, scale_y, slant, centre, pad),
                    left, right, profile, height, whole, _split(mask[:, left:right], profile, height), faint_beside)


def _normalised_ink(crop: np.ndarray) -> np.ndarray:
    gray = np.asarray(crop)
    if gray.ndim == 3:
        gray = gray[..., :3].mean(axis=2)
    if gray.ndim != 2 or min(gray.shape) < 4:
        raise ValueError(f"a box crop must be a 2-D grayscale image of at least 4x4 pixels, got shape {gray.shape}")
    if max(gray.shape) > NUMBERS.max_crop_side:
        raise ValueError(f"a box crop of {gray.shape[1]}x{gray.shape[0]} pixels is too large for one box")
    h, w = gray.shape
    out_w = max(8, min(6 * WORK_HEIGHT, round(w * WORK_HEIGHT / h)))
    g = _resample(h, WORK_HEIGHT) @ gray.astype(np.float32) @ _resample(w, out_w).T
    paper, dark = _paper_and_dark(g)
    # the printed outline may be far darker than a pencil: find it first (at a low threshold, as a faint or
    # blurred line must go too), then measure the ink without it
    outline = _outline((paper - g) / max(paper - dark, NUMBERS.min_contrast) > NUMBERS.outline_ink)
    g = np.where(outline, paper, g)
    dark = float(g.min())
    return np.clip((paper - g) / max(paper - dark, NUMBERS.min_contrast), 0.0, 1.0)


def _paper_and_dark(g: np.ndarray) -> tuple[float, float]:
    """The crop's 70th and 1st percentiles, taken as paper and as the darkest ink: ``np.percentile(g, 70)`` and
    ``np.percentile(g, 1)`` to the last bit (:mod:`.quantiles`: NumPy's own calls took a tenth of reading a
    sheet's numbers)."""
    return float(quantile(g, NUMBERS.paper_percentile / 100)), float(quantile(g, NUMBERS.dark_percentile / 100))


@functools.lru_cache(maxsize=512)
def _resample(n_in: int, n_out: int) -> np.ndarray:
    """(n_out, n_in) matrix: area averaging when shrinking, linear interpolation when growing."""
    j = np.arange(n_in, dtype=np.float64)[None, :]
    i = np.arange(n_out, dtype=np.float64)[:, None]
    if n_out <= n_in:
        scale = n_in / n_out
        m = np.clip(np.minimum((i + 1) * scale, j + 1) - np.maximum(i * scale, j), 0.0, None)
    else:
        x = np.clip((i + 0.5) * n_in / n_out - 0.5, 0.0, n_in - 1)
        m = np.clip(1.0 - np.abs(x - j), 0.0, None)
    return (m / m.sum(axis=1, keepdims=True)).astype(np.float32)


def _outline(mask: np.ndarray) -> np.ndarray:
    """Where the printed box outline shows: long lines along the crop's edges, and everything outside them."""
    h, w = mask.shape
    out = np.zeros_like(mask)
    # a line tilted by imperfect rectification spreads over neighbouring rows: look at 3 rows (columns) at once
    rows = mask.copy()
    rows[1:] |= mask[:-1]
    rows[:-1] |= mask[1:]
    cols = mask.copy()
    cols[:, 1:] |= mask[:, :-1]
    cols[:, :-1] |= mask[:, 1:]
    row_frac = rows.mean(axis=1)
    col_frac = cols.mean(axis=0)
    # an outline runs (nearly) the whole side; a digit's stroke near the edge rarely does
    band_r = max(2, round(NUMBERS.outline_band * h))
    band_c = max(2, round(NUMBERS.outline_band * min(h, w)))
    top = np.flatnonzero(row_frac[:band_r] > NUMBERS.outline_rows)
    if len(top):
        out[: top[-1] + 2] = True
    bottom = np.flatnonzero(row_frac[h - band_r:] > NUMBERS.outline_rows)
    if len(bottom):
        out[max(0, h - band_r + bottom[0] - 1):] = True
    left = np.flatnonzero(col_frac[:band_c] > NUMBERS.outline_columns)
    if len(left):
        out[:, : left[-1] + 2] = True
    right = np.flatnonzero(col_frac[w - band_c:] > NUMBERS.outline_columns)
    if len(right):
        out[:, max(0, w - band_c + right[0] - 1):] = True
    return out


def _runs(profile: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of the runs where profile > 0."""
    on = np.concatenate(([0], (profile > 0).astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(on))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def _drop_specks(ink: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Blank small marks set apart (by blank rows or columns) from the main writing: dots, edge stubs.

    A speck is small both ways: a thin "1" beside a digit holds little ink but runs the writing's height.
    """
    total = mask.sum()
    if total == 0:
        return ink, mask
    for axis in (0, 1):
        profile = mask.sum(axis=axis)
        runs = _runs(profile)
        if len(runs) < 2:
            continue
        across = mask.any(axis=1 - axis)  # the writing's extent across the runs
        extent = np.flatnonzero(across)
        span = extent[-1] - extent[0] + 1
        masses = [profile[a:b].sum() for a, b in runs]
        keep = max(masses)
        for (a, b), m in zip(runs, masses, strict=True):
            part = mask[:, a:b] if axis == 0 else mask[a:b]
            inside = np.flatnonzero(part.any(axis=1 if axis == 0 else 0))
            size = inside[-1] - inside[0] + 1
            if (m < NUMBERS.speck_ink * total and m < keep and (b - a) <= max(3, NUMBERS.speck_width * len(profile))
                    and size < NUMBERS.speck_extent * span):
                if axis == 0:
                    ink[:, a:b] = 0
                else:
                    ink[a:b] = 0
        mask = ink > NUMBERS.ink
        total = mask.sum()
        if total == 0:
            break
    return ink, mask


def _empty_features(ink: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Ink measures the empty-box model weighs: extent, amount and strength of the writing, and the extent of
    the faint ink around it (a faint digit spreads where a stray dot stays small)."""
    h = mask.shape[0]
    faint = ink > NUMBERS.faint
    n_faint = float(faint.sum())
    if n_faint:
        rows, cols = np.flatnonzero(faint.any(axis=1)), np.flatnonzero(faint.any(axis=0))
        faint_extent = [(rows[-1] - rows[0] + 1) / h, (cols[-1] - cols[0] + 1) / h]
    else:
        faint_extent = [0.0, 0.0]
    tail = [math.log1p(float(ink.sum())), math.log1p(n_faint), float(ink.max()), *faint_extent]
    n = float(mask.sum())
    if n == 0:
        return np.array([0.0, 0.0, 0.0, 0.0, *tail])
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    return np.array([(rows[-1] - rows[0] + 1) / h, (cols[-1] - cols[0] + 1) / h, math.log1p(n),
                     float(ink[mask].mean()), *tail])


def _deslant(ink: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, float, float, int]:
    """Shear the writing upright: x -= slant * (y - centre), slant from the second moments of the ink.

    Returns the sheared image, the slant, the centre row and the columns added on the left.
    """
    ys, xs = np.nonzero(mask)
    cy, cx = ys.mean(), xs.mean()
    dy = ys - cy
    var_y = float((dy * dy).mean())
    if var_y < 1.0:
        return ink, 0.0, float(cy), 0
    slant = float(((xs - cx) * dy).mean()) / var_y
    slant = max(-NUMBERS.max_slant, min(NUMBERS.max_slant, slant))
    if abs(slant) < NUMBERS.min_slant:
        return ink, 0.0, float(cy), 0
    h, w = ink.shape
    pad = math.ceil(abs(slant) * h) + 1
    out_w = w + 2 * pad
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(out_w, dtype=np.float32)[None, :] - pad + slant * (y - cy)
    x0 = np.floor(x).astype(np.int64)
    f = x - x0
    margin = 2 * pad + 2  # every sampled column (shifted by at most pad) stays inside the zero margin
    src = np.zeros((h, w + 2 * margin), ink.dtype)  # np.pad's own bookkeeping took longer than the copy
    src[:, margin:margin + w] = ink
    x0 = x0 + margin
    rows = np.arange(h)[:, None]
    return src[rows, x0] * (1 - f) + src[rows, x0 + 1] * f, slant, float(cy), pad


def _faint_beside(ink: np.ndarray, mask: np.ndarray) -> bool:
    """Whether faint ink (between ``NUMBERS.faint`` and ``ink``) beside the writing's columns runs at least half its
    height with as many pixels: a light or thin stroke (the 1 of a 16) the writing's threshold left out, so
    the reading of the rest must not be taken as the whole."""
    cols = np.flatnonzero(mask.any(axis=0))
    rows = np.flatnonzero(mask.any(axis=1))
    height = rows[-1] - rows[0] + 1
    faint = ink > NUMBERS.faint
    faint[:, max(0, cols[0] - 1): cols[-1] + 2] = False
    if faint.sum() < NUMBERS.faint_beside * height:
        return False
    frows = np.flatnonzero(faint.any(axis=1))
    return bool(frows[-1] - frows[0] + 1 >= NUMBERS.faint_beside * height)


def _split(mask: np.ndarray, profile: np.ndarray, height: float) -> bool:
    """Whether blank columns split the writing into two or more parts that each run at least half its
    height and hold a tenth of its ink (no one digit is written that way; a 1 beside a digit is)."""
    total = profile.sum()
    tall = 0
    for a, b in _runs(profile):
        rows = np.flatnonzero(mask[:, a:b].any(axis=1))
        tall_enough = rows[-1] - rows[0] + 1 >= NUMBERS.cut_part_height * height
        if tall_enough and profile[a:b].sum() >= NUMBERS.cut_part_ink * total:
            tall += 1
    return tall >= 2


def _digit_image(ink: np.ndarray, mask: np.ndarray, height: float, width: float) -> np.ndarray:
    """The classifier's input for one part of the writing.

    The part cropped to its ink, scaled to fit FIT x FIT (aspect kept) and centred in SIDE x SIDE, then its
    height and width relative to the whole writing's ``height`` (a fragment blown up must not pass for a digit)
    and its width relative to the whole writing's ``width`` (the whole is never a fragment).
    """
    rows = np.flatnonzero(mask.any(axis=1))
    if len(rows) == 0:
        return np.zeros(INPUTS, np.float32)
    cols = np.flatnonzero(mask.any(axis=0))
    return _fitted(ink[rows[0]: rows[-1] + 1, cols[0]: cols[-1] + 1], height, width)


def _span_images(ink: np.ndarray, mask: np.ndarray, spans: Sequence[tuple[int, int]], height: float,
                 width: float) -> list[np.ndarray]:
    """:func:`_digit_image` of the columns ``a:b`` of the writing for each span (a, b), a < b, the same
    arrays: each span's ink found from every column's first and last row of ink, taken once for all the
    spans (a box has a dozen spans, and finding each one's ink anew took a third of making its image)."""
    h, n = mask.shape
    inked = mask.any(axis=0)
    first = np.where(inked, mask.argmax(axis=0), h).tolist()
    last = np.where(inked, h - 1 - mask[::-1].argmax(axis=0), -1).tolist()
    # the first inked column at or after each column, and the last at or before it (n and -1: none)
    after = np.minimum.accumulate(np.where(inked, np.arange(n), n)[::-1])[::-1].tolist()
    before = np.maximum.accumulate(np.where(inked, np.arange(n), -1)).tolist()
    out = []
    for a, b in spans:
        c0, c1 = after[a], before[b - 1]
        if c0 > c1:
            out.append(np.zeros(INPUTS, np.float32))
            continue
        r0, r1 = min(first[c0:c1 + 1]), max(last[c0:c1 + 1])
        out.append(_fitted(ink[r0:r1 + 1, c0:c1 + 1], height, width))
    return out


def _fitted(part: np.ndarray, height: float, width: float) -> np.ndarray:
    """The classifier's input for ``part``, a part of the writing cropped to its ink (see :func:`_digit_image`)."""
    out = np.zeros(INPUTS, np.float32)
    h, w = part.shape
    scale = FIT / max(h, w)
    oh, ow = max(1, round(h * scale)), max(1, round(w * scale))
    small = _resample(h, oh) @ part.astype(np.float32, copy=False) @ _resample(w, ow).T
    top, left = (SIDE - oh) // 2, (SIDE - ow) // 2
    canvas = out[: SIDE * SIDE].reshape(SIDE, SIDE)  # the image is written into the input it becomes
    canvas[top: top + oh, left: left + ow] = small
    peak = small.max()  # the rest of the canvas is 0
    if peak > 0:
        canvas /= peak
    out[SIDE * SIDE:] = (h / height, w / height, min(1.0, w / width))
    return out
