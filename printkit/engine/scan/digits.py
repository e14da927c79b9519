"""Handwritten digits in one box of a score sheet, read with a small NumPy model.

Knows no game: the caller hands a grayscale crop of one box (any size, the printed outline may show at its
edges) and the values that may stand in it; the reader answers the most probable value, its probability and the
alternatives. An empty box reads as ``None``.

How a box is read:

1. The crop is scaled to a working height, paper and ink levels are measured, and the ink is normalised to 0..1.
2. Remnants of the printed box outline (long lines along the edges) and specks set apart from the writing are
   removed, then the writing is deslanted (shear from its second moments).
3. A small logistic model on a few ink measures gives the probability that the box holds writing at all.
4. The writing is read as one, two, ... digits: for k digits it is cut at gaps or at the thinnest columns, every
   part is scaled into a 20x20 image (with its size relative to the whole writing), and a small convolutional
   network classifies each image as 0-9 or "not one digit" (two digits, a scribble, a fragment). Where no
   cutting between columns reads the writing well and it holds separate pieces of ink, the pieces are read too,
   each deslanted alone; where it is one piece (two digits touching), so are the parts of a few cuts along the
   ink. Writing whose whole the network surely takes for one digit is not cut where "no number" or an allowed
   digit scores enough that no reading as several digits could be listed or read (:data:`ONE_DIGIT_BELOW`).
5. A cut part's probabilities are weighed by whether its cuts run through blank columns (whole strokes) or
   through a stroke, which its image cannot show (Bayes' rule with counts from the trainer's boxes).
6. A value's score is the product of its parts' probabilities (times "not one digit" for the whole when it has two
   or more digits). Mass the caller's ``allowed`` values do not take (a 7 in a box that allows 1-6, garbage) stays
   with no value, so confidence never rises by renormalising onto allowed values.

The weights (``digits.npz`` beside this file) are made by ``scripts/train_digits.py``. Confidence is a calibrated
probability: a reading below :data:`CONFIDENT` must be shown to a person (see docs/scan-digits.md).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from printkit.engine.scan.quantiles import quantile

WEIGHTS = Path(__file__).with_name("digits.npz")

SIDE = 20  # the classifier sees SIDE x SIDE images
# and the part's height and width relative to the whole writing's height, and its width relative to the whole
# writing's width (1 for the whole: a lone stroke is then a 1, never a fragment cut from a wider digit)
INPUTS = SIDE * SIDE + 3
CELL = 4  # stroke directions are pooled over CELL x CELL cells
FEATURES = INPUTS + 4 * (SIDE // CELL) ** 2
FIT = 16  # the writing is scaled to fit FIT x FIT, centred
WORK_HEIGHT = 40  # crops are scaled to this height before anything else
OTHER = 10  # class index of "not one digit"
LISTED = 5  # a reading lists at most this many alternatives ...
LISTED_ABOVE = 1e-4  # ... each scoring at least this: a value not listed scored less than both bounds
MIN_CONTRAST = 60.0  # gray levels: fainter differences never count as full-strength ink
INK = 0.4  # normalised ink above this is part of the writing
SPLIT_SINGLE = 0.05  # weight of "one digit" for writing split into tall parts by blank columns
FAINT = 0.2  # normalised ink above this, below INK, is faint: a light stroke beside the writing, not paper
FAINT_WEIGHT = 0.5  # at most this score for any value when a faint stroke stands beside the writing read
# A writing whose whole reads "not one digit" below this is read as one digit only, never cut into parts,
# where "no number" or an allowed single digit scores at least as much: a reading of k >= 2 digits scores
# at most that probability (its parts' product times the whole's "not one digit"; see _digit_strings), so
# it could be neither listed (LISTED_ABOVE) nor read.  Only the sum the scores are divided by (at least 1)
# may move, by at most the number of cuttings times this (a confidence by 2e-3 at the very most; 1e-7 on
# the tuning boxes).  A fifth of a sheet's parts, in boxes that allow two digits and hold one.  Not for
# writing split by blank columns, whose cuttings are not weighed by the whole.
ONE_DIGIT_BELOW = LISTED_ABOVE
APART_BELOW = 0.5  # the writing's separate pieces are read only where no cutting between columns reaches this
CUT_WINDOW = 0.15  # a cut along the ink (touching digits) keeps this share of the writing's width from its sides
CUT_BEND = 0.05  # cost of a sideways step of such a cut, against 1 for a pixel of full-strength ink crossed
CUT_MIN_WIDTH = 0.5  # writing narrower than this share of its height is not cut along the ink
CUT_CAP = 0.85  # at most this score for a reading that only a cut along the ink explains
CUT_PATHS = 3  # at most this many cuts along the ink are read
CONFIDENT = 0.9  # readings with less confidence must be checked by a person (measured: docs/scan-digits.md)
MAX_CROP_SIDE = 4000  # bound the work on untrusted input
_PI = np.float32(np.pi)  # what ``% np.pi`` divides a float32 angle by


@dataclass(frozen=True)
class Reading:
    """What a box holds: ``value`` (None = empty), its probability, and the ranked alternatives."""

    value: int | None
    confidence: float
    alternatives: tuple[tuple[int | None, float], ...]
    # what the reading was made of, for reading it again beside the same writer's other boxes (:func:`adapt`)
    basis: Basis | None = field(default=None, compare=False, repr=False)

    @property
    def certain(self) -> bool:
        return self.confidence >= CONFIDENT


@dataclass(frozen=True)
class Basis:
    """A box's prepared parts, their class probabilities (given the cuts) and the values it allowed; the
    parts' last hidden layer in ``model`` (:meth:`DigitModel.hidden`), which :func:`adapt` compares."""

    prepared: Prepared
    probs: np.ndarray
    values: tuple[int, ...]
    hidden: np.ndarray | None = field(default=None, compare=False)
    model: DigitModel | None = field(default=None, compare=False)

    def hidden_in(self, model: DigitModel, rows: Sequence[int] | None = None) -> np.ndarray:
        """The last hidden layer of the parts ``rows`` (default all) in ``model``: kept from the reading
        when it was made by that model, else computed."""
        if self.hidden is None or self.model is not model:
            return model.hidden(self.prepared.images if rows is None else self.prepared.images[list(rows)])
        return self.hidden if rows is None else self.hidden[list(rows)]


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
    # images from this index on are the writing's separate pieces (see _apart), or the parts of cuts along
    # the ink where it is one piece (see _ink_cuts, ``along_ink``), each deslanted alone: their ``spans`` are
    # columns of the crop scaled to the working height, not of the deslanted image
    apart_from: int | None = None
    along_ink: bool = False


class DigitModel:
    """The classifier (softmax over 0-9 and "not one digit") and the empty-box logistic model.

    The classifier is an MLP (ReLU hidden ``layers``) on :func:`features`; with ``convs`` it first runs those
    convolutions (3x3, ReLU, 2x2 max pooling each) over the part's image and the MLP sees their maps in place
    of the pixels, beside the part's sizes and stroke directions.
    """

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], temperature: float,
                 empty_coef: np.ndarray, empty_bias: float, empty_mean: np.ndarray, empty_scale: np.ndarray,
                 calibration: np.ndarray | None = None, intact: np.ndarray | None = None,
                 convs: list[tuple[np.ndarray, np.ndarray]] | None = None) -> None:
        self.layers = [(w.astype(np.float32), b.astype(np.float32)) for w, b in layers]
        # (out channels, in channels, 3, 3) kernels and their biases
        self.convs = [(w.astype(np.float32), b.astype(np.float32)) for w, b in convs or ()]
        self.temperature = float(temperature)
        self.empty_coef = empty_coef.astype(np.float64)
        self.empty_bias = float(empty_bias)
        self.empty_mean = empty_mean.astype(np.float64)
        self.empty_scale = empty_scale.astype(np.float64)
        # confidence of a written value: logistic on (1, log best score, log best / second-best score)
        self.calibration = None if calibration is None else np.asarray(calibration, np.float64)
        # P(a cut part is intact | its class), 0-9 and "not one digit", counted on the trainer's boxes: what a
        # part's image cannot show, whether its cuts severed a stroke (see :func:`_given_cuts`)
        self.intact = None if intact is None else np.asarray(intact, np.float64)

    @classmethod
    def load(cls, path: Path = WEIGHTS) -> DigitModel:
        with np.load(path, allow_pickle=False) as data:
            n = int(data["n_layers"])
            layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(n)]
            n_convs = int(data["n_convs"]) if "n_convs" in data.files else 0
            convs = [(data[f"conv_w{i}"], data[f"conv_b{i}"]) for i in range(n_convs)]
            return cls(layers, float(data["temperature"]), data["empty_coef"], float(data["empty_bias"]),
                       data["empty_mean"], data["empty_scale"],
                       data["calibration"] if "calibration" in data.files else None,
                       data["intact"] if "intact" in data.files else None, convs)

    def save(self, path: Path, **extra: np.ndarray) -> None:
        arrays: dict[str, np.ndarray] = {"n_layers": np.array(len(self.layers))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(np.float32)
            arrays[f"b{i}"] = b.astype(np.float32)
        if self.convs:
            arrays["n_convs"] = np.array(len(self.convs))
        for i, (w, b) in enumerate(self.convs):
            arrays[f"conv_w{i}"] = w
            arrays[f"conv_b{i}"] = b
        arrays |= {"temperature": np.array(self.temperature), "empty_coef": self.empty_coef,
                   "empty_bias": np.array(self.empty_bias), "empty_mean": self.empty_mean,
                   "empty_scale": self.empty_scale}
        if self.calibration is not None:
            arrays["calibration"] = self.calibration
        if self.intact is not None:
            arrays["intact"] = self.intact
        np.savez_compressed(path, **arrays, **extra)

    def uncalibrated(self, temperature: float | None = None) -> DigitModel:
        """The same networks without the fitted confidence (the raw scores), at ``temperature`` (default this
        model's own): what the training script fits the temperature and the confidence on."""
        return DigitModel(self.layers, self.temperature if temperature is None else temperature, self.empty_coef,
                          self.empty_bias, self.empty_mean, self.empty_scale, intact=self.intact, convs=self.convs)

    def logits(self, images: np.ndarray) -> np.ndarray:
        return self.logits_of(self.hidden(images))

    def logits_of(self, hidden: np.ndarray) -> np.ndarray:
        """The classifier's scores from its last hidden layer (:meth:`hidden`)."""
        w, b = self.layers[-1]
        return hidden @ w + b

    def hidden(self, images: np.ndarray) -> np.ndarray:
        """(n, width) the last hidden layer: the model's own description of each part."""
        if self.convs:
            x = images.astype(np.float32, copy=False)
            maps = x[:, : SIDE * SIDE].reshape(len(x), SIDE, SIDE, 1)
            for w, b in self.convs:
                maps = _conv_relu_pool(maps, w, b)
            # flattened channel by channel, as PyTorch flattens the maps it was trained on; then the part's
            # sizes and directions, as :func:`features` appends them to the pixels
            x = np.concatenate([maps.transpose(0, 3, 1, 2).reshape(len(x), -1), x[:, SIDE * SIDE:],
                                directions(x)], axis=1)
        else:
            x = features(images)
        for w, b in self.layers[:-1]:
            x = np.maximum(x @ w + b, 0.0)
        return x

    def probabilities(self, images: np.ndarray) -> np.ndarray:
        """(n, 11) probabilities of 0-9 and "not one digit", temperature-calibrated."""
        return self.probabilities_of(self.hidden(images))

    def probabilities_of(self, hidden: np.ndarray) -> np.ndarray:
        """:meth:`probabilities` from the last hidden layer (:meth:`hidden`)."""
        z = self.logits_of(hidden).astype(np.float64) / self.temperature
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)

    def writing_probability(self, features: np.ndarray) -> float:
        """Probability that the box holds writing (not empty), from the empty-box features."""
        z = float((expand((features - self.empty_mean) / self.empty_scale) @ self.empty_coef)[0] + self.empty_bias)
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def confidence(self, best: float, second: float) -> float:
        """How sure a written value is, from its score and the runner-up's (see :func:`margin_features`)."""
        if self.calibration is None:
            return best
        z = float(margin_features(best, second) @ self.calibration)
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def margin_features(best: float, second: float) -> np.ndarray:
    """(1, log score of the best value, log of how far it leads the runner-up): what the confidence weighs.

    A value read with a fair score and far ahead of every other reading (the empty box included) is right
    far more often than its raw score says (a plain 1 leaves much probability to "not one digit"); a close
    runner-up (1 or 7, 15 or 75) means a person must look.
    """
    b, s = max(best, 1e-4), max(second, 1e-4)
    return np.array([1.0, math.log(b), math.log(b / s)])


def _conv_relu_pool(maps: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(n, s, s, c) maps -> (n, s/2, s/2, k): a 3x3 convolution with zero padding and (k, c, 3, 3) kernels
    (PyTorch's layout), ReLU and 2x2 max pooling. One matrix product over every pixel's 3x3 neighbourhood; the
    bias and the ReLU come after the pooling, which gives the same maps for a quarter of the work."""
    n, s, _, c = maps.shape
    k = len(w)
    padded = np.zeros((n, s + 2, s + 2, c), maps.dtype)  # np.pad's own bookkeeping took as long as this conv
    padded[:, 1:-1, 1:-1] = maps
    # each pixel's 3x3 neighbourhood, row by row, channels innermost.  A window view copied once is three
    # times faster than joining nine shifted copies for 16 channels (0.7 ms against 2 a batch) and three
    # times slower for one, where the copies are a few values each: both the same array
    if c == 1:
        columns = np.concatenate([padded[:, dy:dy + s, dx:dx + s, :] for dy in range(3) for dx in range(3)], axis=3)
    else:
        columns = np.ascontiguousarray(sliding_window_view(padded, (3, 3), axis=(1, 2)).transpose(0, 1, 2, 4, 5, 3))
    out = (columns.reshape(-1, 9 * c) @ w.transpose(2, 3, 1, 0).reshape(9 * c, k)).reshape(n, s // 2, 2, s // 2, 2, k)
    pooled = np.maximum(np.maximum(out[:, :, 0, :, 0], out[:, :, 0, :, 1]),
                        np.maximum(out[:, :, 1, :, 0], out[:, :, 1, :, 1]))
    pooled += b
    return np.maximum(pooled, 0.0, out=pooled)


def features(images: np.ndarray) -> np.ndarray:
    """What the classifier sees: the part images with pooled stroke directions appended.

    Directions (4 orientations, soft-binned, pooled over 4x4 cells) change little with pen width and blur, which
    the raw pixels do not.
    """
    x = images.astype(np.float32, copy=False)
    return np.concatenate([x, directions(x)], axis=1)


def directions(images: np.ndarray) -> np.ndarray:
    """(n, 100) the pooled stroke directions of :func:`features`: per 4x4 cell, the gradient magnitude in each
    of 4 orientations."""
    n = len(images)
    img = images[:, : SIDE * SIDE].reshape(n, SIDE, SIDE)
    p = np.zeros((n, SIDE + 2, SIDE + 2), np.float32)
    p[:, 1:-1, 1:-1] = img
    gx = p[:, 1:-1, 2:] - p[:, 1:-1, :-2]
    gy = p[:, 2:, 1:-1] - p[:, :-2, 1:-1]
    mag = np.sqrt(gx * gx + gy * gy)
    # unsigned orientation in [0, pi): soft-assigned to 4 bins centred on 0, 45, 90, 135 degrees.  Only the
    # pixels with a gradient are measured: a pixel without one adds 0 to every bin whatever its angle, and
    # much of a part's image is blank paper (a fifth less time than measuring every pixel).  The angle is moved
    # into [0, pi) in a third of the time ``% np.pi`` takes, giving the same bins and shares to the bit (the
    # trained model's inputs; checked on every part of the tuning sheets): NumPy gives pi itself for a tiny
    # negative angle and this 0 (both bin 0, share 0), and -0.0 stays -0.0 (the same bin and share)
    at = np.flatnonzero(mag)
    strength = mag.reshape(-1)[at]
    angle = np.arctan2(gy.reshape(-1)[at], gx.reshape(-1)[at])
    angle = np.where(angle < 0, angle + _PI, angle)
    angle[angle >= _PI] -= _PI
    pos = angle / (np.pi / 4)
    whole = np.floor(pos)
    lo = whole.astype(np.intp) % 4  # whole is 0..4
    frac = pos - whole
    cells = SIDE // CELL
    shares = np.zeros((4, n * SIDE * SIDE), np.float32)
    shares[lo, at] = strength * (1 - frac)  # each pixel's share for its lower bin ...
    shares[(lo + 1) % 4, at] = strength * frac  # ... and the next one up
    # each cell's sum taken along its rows, then down them: the order of NumPy's sum over both axes, so the
    # same bits, without its reduction machinery (a third of the time of this function)
    cell = shares.reshape(4, n, cells, CELL, cells, CELL)
    rows = cell[..., 0] + cell[..., 1]
    for k in range(2, CELL):
        rows += cell[..., k]
    sums = rows[:, :, :, 0] + rows[:, :, :, 1]
    for k in range(2, CELL):
        sums += rows[:, :, :, k]
    out = sums / CELL
    return out.transpose(1, 0, 2, 3).reshape(n, -1)


@functools.cache
def default_model() -> DigitModel:
    return DigitModel.load()


def _values(allowed: Iterable[int]) -> list[int]:
    values = sorted({int(v) for v in allowed})
    if not values or values[0] < 0:
        raise ValueError("allowed must hold non-negative integers")
    return values


def read_number(crop: np.ndarray, allowed: Sequence[int], model: DigitModel | None = None) -> Reading:
    """Read a handwritten non-negative number among ``allowed`` (e.g. ``range(1, 19)``) from one box."""
    return read_each([crop], [allowed], model)[0]


def read_digit(crop: np.ndarray, allowed: Iterable[int] = range(10), model: DigitModel | None = None) -> Reading:
    """Read one handwritten digit (0-9, restricted to ``allowed``) from one box."""
    values = sorted({int(v) for v in allowed})
    if not values or values[0] < 0 or values[-1] > 9:
        raise ValueError("allowed must hold digits 0-9")
    return read_each([crop], [values], model)[0]


def read_numbers(crops: Sequence[np.ndarray], allowed: Sequence[int], model: DigitModel | None = None) -> list[Reading]:
    """Read many boxes that allow the same values (see :func:`read_each`)."""
    values = _values(allowed)  # once: ``allowed`` may be an iterator
    return read_each(crops, [values] * len(crops), model)


def read_each(crops: Sequence[np.ndarray], allowed: Sequence[Iterable[int]], model: DigitModel | None = None
              ) -> list[Reading]:
    """Read many boxes, each among the values it allows (``allowed[i]`` for ``crops[i]``), as
    :func:`read_number` reads one, with the classifier run over every box's whole writing together, then
    over the parts of those that may hold several digits, ``BATCH`` at a time (a sheet's 18 numbers hold 120
    parts or so: three quarters of the time of one run per box).  The values read are the same; a
    confidence may differ from reading the box alone in the sixth decimal, as a matrix product's last bits
    depend on how many rows it is computed with."""
    if len(crops) != len(allowed):
        raise ValueError(f"{len(crops)} crops but {len(allowed)} sets of allowed values")
    model = model or default_model()
    values = [_values(a) for a in allowed]
    writings = [_writing(c) for c in crops]
    wholes = [w for w in writings if isinstance(w, _Writing)]
    # every writing is read whole first; only where it might be several digits is it cut into parts
    whole_hidden = _hidden_in_batches(model, np.stack([w.whole for w in wholes])) if wholes else None
    whole_probs = model.probabilities_of(whole_hidden) if whole_hidden is not None else None
    prepared: list[Prepared] = []
    at = 0
    for w, v in zip(writings, values, strict=True):
        if not isinstance(w, _Writing):
            prepared.append(w)
            continue
        alone = _surely_one_digit(w, whole_probs[at], v, model)  # type: ignore[index]
        prepared.append(_cut(w, 1 if alone else len(str(v[-1]))))
        at += 1
    hidden, probs = None, np.zeros((0, OTHER + 1))
    if whole_hidden is not None:
        # each box's rows: its whole writing's, then its parts' (in the order of its images)
        read = [p for p in prepared if len(p.images)]  # the boxes of ``wholes``, in order
        rest = np.concatenate([p.images[1:] for p in read])
        rest_hidden = _hidden_in_batches(model, rest) if len(rest) else whole_hidden[:0]
        rest_probs = model.probabilities_of(rest_hidden)
        rows, prows, start = [], [], 0
        for i, p in enumerate(read):
            end = start + len(p.images) - 1
            rows += [whole_hidden[i:i + 1], rest_hidden[start:end]]
            prows += [whole_probs[i:i + 1], rest_probs[start:end]]  # type: ignore[index]
            start = end
        hidden, probs = np.concatenate(rows), np.concatenate(prows)
    out, at = [], 0
    for p, v in zip(prepared, values, strict=True):
        n = len(p.images)
        out.append(_combine(p, probs[at:at + n], v, model, hidden=None if hidden is None else hidden[at:at + n]))
        at += n
    return out


def _surely_one_digit(writing: _Writing, probs: np.ndarray, values: list[int], model: DigitModel) -> bool:
    """Whether reading ``writing`` as several digits can change nothing of its reading (see
    :data:`ONE_DIGIT_BELOW`): its whole's ``probs`` say "not one digit" below that, and "no number" or an
    allowed single digit scores at least that."""
    if writing.split or probs[OTHER] >= ONE_DIGIT_BELOW:
        return False
    p_writing = model.writing_probability(writing.features)
    best = max((float(probs[v]) for v in values if v < 10), default=0.0) * p_writing
    if writing.faint_beside:
        best = min(best, FAINT_WEIGHT * p_writing)
    return max(1.0 - p_writing, best) >= ONE_DIGIT_BELOW


BATCH = 64  # parts classified at once: the convolutions' working arrays of 64 parts take 6 MB


def _hidden_in_batches(model: DigitModel, images: np.ndarray) -> np.ndarray:
    """``model.hidden(images)``, ``BATCH`` parts at a time: a page's 150 parts at once took 15 MB more at the
    peak of reading it, for no more speed than batches of 64."""
    return np.concatenate([model.hidden(images[i:i + BATCH]) for i in range(0, len(images), BATCH)])


def _combine(prepared: Prepared, probs: np.ndarray, values: list[int], model: DigitModel,
             given: bool = False, hidden: np.ndarray | None = None) -> Reading:
    p_writing = model.writing_probability(prepared.empty_features)
    if not given:
        probs = _given_cuts(prepared, probs, model.intact)
    basis = Basis(prepared, probs, tuple(values), hidden, model if hidden is not None else None)
    empty = 1.0 - p_writing
    if len(prepared.images):
        arr, lengths = _digits_of(tuple(values))
        best = np.zeros(len(values))
        for k in sorted(set(lengths.tolist())):
            table = _digit_strings(prepared, probs, k)
            if table is None:
                continue
            chosen = np.flatnonzero(lengths == k)
            # the digits of each value of length k, most significant first, index the table
            idx = tuple((arr[chosen] // 10 ** (k - 1 - i)) % 10 for i in range(k))
            best[chosen] = table[idx]
        written = p_writing * best
        if prepared.faint_beside:  # part of the writing may be unread (a light 1 beside a 6): a person must look
            np.minimum(written, FAINT_WEIGHT * p_writing, out=written)
        ranked = _ranked(empty, arr, written)
        # what no allowed value explains (garbage, a value not allowed) is the rest: it is never handed to a
        # value (summed in the order the values come, as the readings were tuned)
        total = max(1.0, sum([empty, *written.tolist()]))
    else:
        ranked, total = [(None, empty)], max(1.0, empty)
    alternatives = tuple((v, round(float(s / total), 6)) for v, s in ranked if s / total >= LISTED_ABOVE)
    value, score = ranked[0]
    if value is None:
        return Reading(None, float(score / total), alternatives, basis)
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    return Reading(value, model.confidence(score / total, second / total), alternatives, basis)


def _ranked(empty: float, values: np.ndarray, scores: np.ndarray) -> list[tuple[int | None, float]]:
    """The ``LISTED`` best of "no number" (scoring ``empty``) and ``values`` (scoring ``scores``): highest score
    first, a tie going to the smaller value, "no number" before any.  One NumPy sort over the hundreds a score
    box allows: ranking them as Python pairs took a tenth of reading a sheet's numbers."""
    order = np.lexsort((np.concatenate(([-1], values)), -np.concatenate(([empty], scores))))[:LISTED].tolist()
    return [(None, empty) if i == 0 else (int(values[i - 1]), float(scores[i - 1])) for i in order]


@functools.lru_cache(maxsize=64)
def _digits_of(values: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``values`` as an array, and how many digits each has (read-only: kept for the next box)."""
    arr = np.asarray(values)
    lengths = np.array([len(str(v)) for v in values])
    arr.setflags(write=False)
    lengths.setflags(write=False)
    return arr, lengths


def _given_cuts(prepared: Prepared, probs: np.ndarray, intact: np.ndarray | None) -> np.ndarray:
    """The cut parts' class probabilities given what the cutting knows and a part's image does not show.

    A part with no ink at all (a cut that fell in a wide gap) is no digit. A part whose cuts run through
    blank columns holds whole strokes: the classifier, which sees the part cropped to its ink, cannot tell a
    lone 1 standing apart from the stem of a 4 cut off through the 4's bar, so it leaves a lone 1 much
    "not one digit" (a fragment). Bayes' rule with ``intact`` (P(a cut part is intact | class), counted on
    the trainer's boxes) weighs each class by how often parts of that class are intact, or severed.
    The whole writing (image 0) is never cut and keeps its probabilities.
    """
    if len(probs) < 2:
        return probs
    out = probs.copy()
    blank = prepared.images[1:, : SIDE * SIDE].max(axis=1) <= 0
    out[1:][blank] = np.eye(probs.shape[1])[OTHER]
    if intact is not None and len(prepared.intact) == len(probs):
        whole = np.asarray(prepared.intact[1:])[:, None]
        w = out[1:] * np.where(whole, intact[None, :], 1.0 - intact[None, :])
        out[1:] = w / np.maximum(w.sum(axis=1, keepdims=True), 1e-12)
    return out


def _digit_strings(prepared: Prepared, probs: np.ndarray, k: int) -> np.ndarray | None:
    """(10,) * k array: the best probability over the cuttings into k parts of each string of k digits.

    Writing split by blank columns into parts that each run most of its height is read as several
    digits: a single digit (a 0 for two thin 1s) is then improbable.
    """
    cuts = prepared.hypotheses.get(k)
    if not cuts:
        return None
    table = np.zeros((10,) * k)
    pieces = None
    for cut in cuts:
        t = probs[cut[0], :OTHER]
        for idx in cut[1:]:
            t = np.multiply.outer(t, probs[idx, :OTHER])
        if prepared.apart_from is not None and cut[0] >= prepared.apart_from:
            pieces = t if pieces is None else np.maximum(pieces, t)
        else:
            np.maximum(table, t, out=table)
    # the writing's pieces are read only where no cutting between columns reads it as k digits at even odds
    if pieces is not None and table.max() < APART_BELOW:
        if prepared.along_ink:  # parts unlike any the classifier was taught: never sure on their own
            pieces = np.minimum(pieces, CUT_CAP)
        np.maximum(table, pieces, out=table)
    if k == 1:
        return table * (SPLIT_SINGLE if prepared.split else 1.0)
    return table * (1.0 if prepared.split else probs[0, OTHER])


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


def prepare(crop: np.ndarray, max_digits: int = 2) -> Prepared:
    """Normalise one box crop into what the models see (also used by the training script)."""
    writing = _writing(crop)
    return writing if isinstance(writing, Prepared) else _cut(writing, max_digits)


def _writing(crop: np.ndarray) -> _Writing | Prepared:
    """The first stage of :func:`prepare`: the writing and its whole image, or the Prepared of a box with
    no writing (no images)."""
    ink = _normalised_ink(crop)
    scale_y, scale_x = ink.shape[0] / crop.shape[0], ink.shape[1] / crop.shape[1]
    mask = ink > INK
    ink, mask = _drop_specks(ink, mask)
    features = _empty_features(ink, mask)
    if mask.sum() < 3:
        return Prepared(features, np.zeros((0, INPUTS), np.float32), {}, ())
    faint_beside = _faint_beside(ink, mask)
    upright_ink, upright_mask = ink, mask
    sheared, slant, centre, pad = _deslant(ink, mask)
    if (sheared > INK).sum() >= 3:
        ink = sheared
    else:  # a faint hairline can fall below the threshold once interpolated: read it unsheared
        slant, pad = 0.0, 0
    mask = ink > INK
    cols = np.flatnonzero(mask.any(axis=0))
    left, right = int(cols[0]), int(cols[-1]) + 1
    profile = mask[:, left:right].sum(axis=0).astype(np.float64)
    rows = np.flatnonzero(mask.any(axis=1))
    height = float(rows[-1] - rows[0] + 1)
    whole = _fitted(ink[rows[0]:rows[-1] + 1, left:right], height, right - left)  # :func:`_digit_image` of it all
    return _Writing(features, ink, mask, upright_ink, upright_mask, (scale_x, scale_y, slant, centre, pad),
                    left, right, profile, height, whole, _split(mask[:, left:right], profile, height), faint_beside)


def _cut(w: _Writing, max_digits: int) -> Prepared:
    """The second stage of :func:`prepare`: the writing's parts for reading it as 1..``max_digits`` digits."""
    ink, mask, left, right, profile, height = w.ink, w.mask, w.left, w.right, w.profile, w.height
    spans: list[tuple[int, int]] = [(left, right)]
    hypotheses: dict[int, list[tuple[int, ...]]] = {1: [(0,)]}
    index: dict[tuple[int, int], int] = {(left, right): 0}

    def part(a: int, b: int) -> int:
        if (a, b) not in index:
            index[(a, b)] = len(spans)
            spans.append((a, b))
        return index[(a, b)]

    for k in range(2, max_digits + 1):
        cuts = _cuttings(profile, k)
        hyp = []
        for cutting in cuts:
            bounds = [0, *cutting, right - left]
            hyp.append(tuple(part(left + bounds[i], left + bounds[i + 1]) for i in range(k)))
        if hyp:
            hypotheses[k] = hyp
    parts = [w.whole, *_span_images(ink, mask, spans[1:], height, right - left)]
    intact = [(a == left or not _severs(mask, a)) and (b == right or not _severs(mask, b)) for a, b in spans]
    apart_from, apart = None, None
    upright_ink, upright_mask = w.upright_ink, w.upright_mask
    if max_digits > 1 and not w.split:
        apart = _apart(upright_ink, upright_mask, max_digits)
        if apart is not None:
            apart_from = len(parts)
            hypotheses.setdefault(len(apart), []).append(tuple(range(apart_from, apart_from + len(apart))))
            for (a, b), image in apart:
                spans.append((a, b))
                parts.append(image)
                intact.append(True)
        else:
            rows_up = np.flatnonzero(upright_mask.any(axis=1))
            height_up = float(rows_up[-1] - rows_up[0] + 1)
            for first, second, whole in _ink_cuts(upright_ink, upright_mask):
                if apart_from is None:
                    apart_from = len(parts)
                hypotheses.setdefault(2, []).append((len(parts), len(parts) + 1))
                for (a, b), image in _own_images(upright_ink, upright_mask, (first, second), height_up):
                    spans.append((a, b))
                    parts.append(image)
                    intact.append(whole)
    return Prepared(w.features, np.stack(parts), hypotheses, tuple(spans), w.geometry, w.split, w.faint_beside,
                    tuple(intact), apart_from, apart is None and apart_from is not None)


def _apart(ink: np.ndarray, mask: np.ndarray, max_digits: int) -> list[tuple[tuple[int, int], np.ndarray]] | None:
    """The writing's separate strokes as digits, each deslanted alone, when it holds 2..max_digits tall
    pieces of ink that touch nowhere (see :func:`_pieces`): the column range and classifier image of each,
    left to right; else None.

    Cutting between columns fails where two digits written apart still share columns: a 7 whose bar
    reaches back over the 6 before it, or whose stem leans under the 6 after it once one shear is applied
    to the whole writing. No cutting then holds one digit (a claimed 76 read 56 at 0.01). Taken piece by
    piece, each digit is read as written (7 at 0.96, 6 at 0.98).
    """
    pieces = _pieces(mask)
    rows = np.flatnonzero(mask.any(axis=1))
    height = float(rows[-1] - rows[0] + 1)
    total = float(mask.sum())
    is_tall = [np.ptp(np.nonzero(p)[0]) + 1 >= 0.5 * height and p.sum() >= 0.1 * total for p in pieces]
    tall = [p.copy() for p, t in zip(pieces, is_tall, strict=True) if t]
    if not 2 <= len(tall) <= max_digits:
        return None
    # every small piece (a dot of a broken stroke) goes with the tall piece nearest to it
    centres = [np.nonzero(p)[1].mean() for p in tall]
    for p, t in zip(pieces, is_tall, strict=True):
        if not t:
            x = np.nonzero(p)[1].mean()
            tall[min(range(len(tall)), key=lambda i: abs(centres[i] - x))] |= p
    order = sorted(range(len(tall)), key=lambda i: centres[i])
    return _own_images(ink, mask, [tall[i] for i in order], height)


def _ink_cuts(ink: np.ndarray, mask: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, bool]]:
    """Ways to cut writing whose two digits touch into a left and a right part along the ink, as masks.

    A path from the writing's top row to its bottom row, one pixel a row, that may step one column sideways
    a row (bending round a stroke, following a slant) and crosses as little ink as it can: the least-cost
    path by dynamic programming, where a pixel costs its ink (0 on paper, 1 at full strength) and a step
    sideways ``CUT_BEND``. It stays ``CUT_WINDOW`` of the writing's width away from its sides. Where two
    digits touch (a 7's bar running into the 6, a 1 leaning into the 4), no blank column and no piece of
    ink parts them, and every cut between columns runs through both; the cheapest paths run through the
    thin link between the two ink masses. The ``CUT_PATHS`` cheapest ends that part the ink differently are
    kept, each only where both parts run at least half the writing's height and hold a tenth of its ink, with
    whether its parts hold whole strokes (the path crosses ink at most once: a link). Writing narrower than
    ``CUT_MIN_WIDTH`` of its height (a 1, most single digits) is not cut.
    """
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    r0, r1, c0, c1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
    if c1 - c0 < CUT_MIN_WIDTH * (r1 - r0) or r1 - r0 < 4:
        return []
    margin = round(CUT_WINDOW * (c1 - c0))
    lo, hi = c0 + margin, c1 - margin
    if hi - lo < 2:
        return []
    cost = ink[r0:r1, lo:hi].astype(np.float64)
    h, w = cost.shape
    acc = cost[0].copy()
    step = np.zeros((h, w), np.int8)  # -1, 0, 1: the column the path came from, relative to this one
    left, right = np.full(w, np.inf), np.full(w, np.inf)
    for y in range(1, h):
        np.add(acc[:-1], CUT_BEND, out=left[1:])
        np.add(acc[1:], CUT_BEND, out=right[:-1])
        # the first of (left, here, right) that is least, as argmin over the three would take it
        from_left = (left <= acc) & (left <= right)
        from_right = ~from_left & (right < acc)
        step[y] = from_right.view(np.int8) - from_left.view(np.int8)
        acc = np.where(from_left, left, np.where(from_right, right, acc)) + cost[y]
    # every end's path at once, traced back row by row
    paths = np.empty((h, w), np.int64)
    x = np.arange(w)
    for y in range(h - 1, -1, -1):
        paths[y] = x
        x = x + step[y, x]
    paths += lo
    # a path parts each row's ink by how many of its pixels lie left of it
    sub = mask[r0:r1]
    before = np.concatenate((np.zeros((h, 1), np.int64), sub.cumsum(axis=1)), axis=1)
    counts = before[np.arange(h)[:, None], paths]  # (rows, ends)
    rest = before[:, -1:] - counts
    total = float(sub.sum())
    tall = ((_extent(counts > 0) >= 0.5 * h) & (counts.sum(axis=0) >= 0.1 * total)
            & (_extent(rest > 0) >= 0.5 * h) & (rest.sum(axis=0) >= 0.1 * total))
    on = sub[np.arange(h)[:, None], paths]  # rows where each path runs through ink
    crossings = on[0].astype(np.int64) + (on[1:] & ~on[:-1]).sum(axis=0)
    out: list[tuple[np.ndarray, np.ndarray, bool]] = []
    seen: set[bytes] = set()
    xs = np.arange(mask.shape[1])[None, :]
    for end in np.argsort(acc, kind="stable").tolist():
        key = counts[:, end].tobytes()
        if key in seen:
            continue
        seen.add(key)
        if tall[end]:
            limit = np.full(mask.shape[0], lo)
            limit[r0:r1] = paths[:, end]
            left = mask & (xs < limit[:, None])
            # a link between two touching digits is crossed once: both parts then hold whole strokes
            out.append((left, mask & ~left, bool(crossings[end] <= 1)))
        if len(out) >= CUT_PATHS or len(seen) >= 4 * CUT_PATHS:
            break
    return out


def _extent(rows: np.ndarray) -> np.ndarray:
    """Per column of ``rows`` (bool, rows x columns), how many rows its first to last True span (0: none)."""
    first = rows.argmax(axis=0)
    last = len(rows) - 1 - rows[::-1].argmax(axis=0)
    return np.where(rows.any(axis=0), last - first + 1, 0)


def _own_images(ink: np.ndarray, mask: np.ndarray, owns: Sequence[np.ndarray], height: float
                ) -> list[tuple[tuple[int, int], np.ndarray]]:
    """Each part of the writing given as a mask of its own ink (left to right), deslanted alone: its column
    range and its classifier image."""
    cols = np.flatnonzero(mask.any(axis=0))
    width = int(cols[-1]) + 1 - int(cols[0])
    out = []
    for own in owns:
        c = np.flatnonzero(own.any(axis=0))
        a, b = int(c[0]), int(c[-1]) + 1
        part_ink = np.where(own, ink, 0.0)[:, a:b]
        sheared, _, _, _ = _deslant(part_ink, own[:, a:b])
        if (sheared > INK).sum() >= 3:
            part_ink = sheared
        out.append(((a, b), _digit_image(part_ink, part_ink > INK, height, width)))
    return out


def _pieces(mask: np.ndarray) -> list[np.ndarray]:
    """The 8-connected pieces of ``mask``, each as a mask of its own: runs of ink along each row, joined
    where they touch a run of the row above (a writing holds a hundred runs or so)."""
    # every row's runs at once (row by row, finding them took three quarters of the time)
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)  # a blank column each side (np.pad: slower)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    ys, a_s = np.nonzero(edges > 0)
    _, b_s = np.nonzero(edges < 0)  # row-major, like the starts: the k-th end closes the k-th start
    runs: list[tuple[int, int, int]] = list(zip(ys.tolist(), a_s.tolist(), b_s.tolist(), strict=True))
    starts = np.searchsorted(ys, np.arange(mask.shape[0] + 1)).tolist()  # index of each row's first run
    parent = list(range(len(runs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(1, mask.shape[0]):
        for i in range(starts[y], starts[y + 1]):
            _, a, b = runs[i]
            for j in range(starts[y - 1], starts[y]):
                _, c, d = runs[j]
                if c <= b and a <= d:  # touching, diagonals included (ends are exclusive)
                    parent[root(i)] = root(j)
    out: dict[int, np.ndarray] = {}
    for i, (y, a, b) in enumerate(runs):
        piece = out.setdefault(root(i), np.zeros(mask.shape, dtype=bool))
        piece[y, a:b] = True
    return list(out.values())


def _normalised_ink(crop: np.ndarray) -> np.ndarray:
    gray = np.asarray(crop)
    if gray.ndim == 3:
        gray = gray[..., :3].mean(axis=2)
    if gray.ndim != 2 or min(gray.shape) < 4:
        raise ValueError(f"a box crop must be a 2-D grayscale image of at least 4x4 pixels, got shape {gray.shape}")
    if max(gray.shape) > MAX_CROP_SIDE:
        raise ValueError(f"a box crop of {gray.shape[1]}x{gray.shape[0]} pixels is too large for one box")
    h, w = gray.shape
    out_w = max(8, min(6 * WORK_HEIGHT, round(w * WORK_HEIGHT / h)))
    g = _resample(h, WORK_HEIGHT) @ gray.astype(np.float32) @ _resample(w, out_w).T
    paper, dark = _paper_and_dark(g)
    # the printed outline may be far darker than a pencil: find it first (at a low threshold, as a faint or
    # blurred line must go too), then measure the ink without it
    outline = _outline((paper - g) / max(paper - dark, MIN_CONTRAST) > 0.25)
    g = np.where(outline, paper, g)
    dark = float(g.min())
    return np.clip((paper - g) / max(paper - dark, MIN_CONTRAST), 0.0, 1.0)


def _paper_and_dark(g: np.ndarray) -> tuple[float, float]:
    """The crop's 70th and 1st percentiles, taken as paper and as the darkest ink: ``np.percentile(g, 70)`` and
    ``np.percentile(g, 1)`` to the last bit (:mod:`.quantiles`: NumPy's own calls took a tenth of reading a
    sheet's numbers)."""
    return float(quantile(g, 70 / 100)), float(quantile(g, 1 / 100))


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
    band_r = max(2, round(0.16 * h))
    band_c = max(2, round(0.16 * min(h, w)))
    top = np.flatnonzero(row_frac[:band_r] > 0.7)
    if len(top):
        out[: top[-1] + 2] = True
    bottom = np.flatnonzero(row_frac[h - band_r:] > 0.7)
    if len(bottom):
        out[max(0, h - band_r + bottom[0] - 1):] = True
    left = np.flatnonzero(col_frac[:band_c] > 0.85)
    if len(left):
        out[:, : left[-1] + 2] = True
    right = np.flatnonzero(col_frac[w - band_c:] > 0.85)
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
            if m < 0.08 * total and m < keep and (b - a) <= max(3, 0.15 * len(profile)) and size < 0.4 * span:
                if axis == 0:
                    ink[:, a:b] = 0
                else:
                    ink[a:b] = 0
        mask = ink > INK
        total = mask.sum()
        if total == 0:
            break
    return ink, mask


def _empty_features(ink: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Ink measures the empty-box model weighs: extent, amount and strength of the writing, and the extent of
    the faint ink around it (a faint digit spreads where a stray dot stays small)."""
    h = mask.shape[0]
    faint = ink > 0.2
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


@functools.lru_cache(maxsize=8)
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    i, j = np.triu_indices(n)
    i.setflags(write=False)
    j.setflags(write=False)
    return i, j


def expand(z: np.ndarray) -> np.ndarray:
    """Standardised empty-box features with their pairwise products (the model is logistic on these)."""
    z = np.atleast_2d(z)
    i, j = _pairs(z.shape[1])
    return np.concatenate([z, z[:, i] * z[:, j]], axis=1)


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
    slant = max(-0.7, min(0.7, slant))
    if abs(slant) < 0.05:
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
    """Whether faint ink (between FAINT and INK) beside the writing's columns runs at least half the writing's
    height with as many pixels: a light or thin stroke (the 1 of a 16) the writing's threshold left out, so
    the reading of the rest must not be taken as the whole."""
    cols = np.flatnonzero(mask.any(axis=0))
    rows = np.flatnonzero(mask.any(axis=1))
    height = rows[-1] - rows[0] + 1
    faint = ink > FAINT
    faint[:, max(0, cols[0] - 1): cols[-1] + 2] = False
    if faint.sum() < 0.5 * height:
        return False
    frows = np.flatnonzero(faint.any(axis=1))
    return bool(frows[-1] - frows[0] + 1 >= 0.5 * height)


def _split(mask: np.ndarray, profile: np.ndarray, height: float) -> bool:
    """Whether blank columns split the writing into two or more parts that each run at least half its
    height and hold a tenth of its ink (no one digit is written that way; a 1 beside a digit is)."""
    total = profile.sum()
    tall = 0
    for a, b in _runs(profile):
        rows = np.flatnonzero(mask[:, a:b].any(axis=1))
        if rows[-1] - rows[0] + 1 >= 0.5 * height and profile[a:b].sum() >= 0.1 * total:
            tall += 1
    return tall >= 2


def _severs(mask: np.ndarray, c: int) -> bool:
    """Whether a cut between columns ``c - 1`` and ``c`` runs through a stroke (ink on both sides, touching)."""
    before, after = mask[:, c - 1], mask[:, c].copy()
    after[1:] |= mask[:-1, c]
    after[:-1] |= mask[1:, c]
    return bool((before & after).any())


def _cuttings(profile: np.ndarray, k: int) -> list[tuple[int, ...]]:
    """Candidate ways to cut the writing's column profile into k parts, left to right (at most a few)."""
    n = len(profile)
    if n < 2 * k:
        return []
    gaps = [((a + b) // 2, b - a) for a, b in _runs(profile == 0)]
    smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
    cands: set[int] = {c for c, _ in gaps}
    for i in range(1, k):
        lo, hi = round(n * (i / k - 0.5 / k)), round(n * (i / k + 0.5 / k))
        lo, hi = max(1, lo), min(n - 1, hi)
        if hi > lo:
            seg = smooth[lo:hi]
            cands.add(lo + int(np.argmin(seg)))
            # a second candidate: the thinnest column away from the first
            order = np.argsort(seg, kind="stable")
            for j in order[1:]:
                if abs(int(j) - int(order[0])) >= 3:
                    cands.add(lo + int(j))
                    break
    positions = sorted(c for c in cands if 1 <= c <= n - 1)
    out: list[tuple[int, ...]] = []
    min_part = max(2, n // (4 * k))

    def extend(prefix: tuple[int, ...], start: int) -> None:
        if len(out) >= 8:
            return
        if len(prefix) == k - 1:
            if n - (prefix[-1] if prefix else 0) >= min_part:
                out.append(prefix)
            return
        for c in positions:
            if c - start >= min_part:
                extend((*prefix, c), c)

    extend((), 0)
    return out


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


# Reading a box again beside the same writer's sure boxes (docs/scan-digits.md, "The writer's own digits").
WRITER_MIN = 1  # a class weighs in only with at least this many sure parts of it by the same writer
WRITER_GAIN = 15.0  # per unit of cosine similarity (house value, see the doc)
WRITER_REF = 0.8  # similarity at which the writer's exemplars neither favour nor disfavour a class (house value)
WRITER_BOUND = 5.0  # a class's weight stays within [1 / bound, 1]: a few exemplars decide nothing alone
WRITER_CAP = 0.89  # an adapted reading stays below CONFIDENT: only the sheet's own checks can make it sure


def _parts_of(basis: Basis, value: int) -> tuple[int, ...] | None:
    """The images of ``value``'s digits in its most probable cutting, left to right."""
    digits = [int(d) for d in str(value)]
    cuts = basis.prepared.hypotheses.get(len(digits))
    if not cuts:
        return None
    return max(cuts, key=lambda cut: math.prod(float(basis.probs[i, d]) for i, d in zip(cut, digits, strict=True)))


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-9)


def adapt(readings: Sequence[Reading | None], sure: Sequence[bool], model: DigitModel | None = None
          ) -> list[Reading | None]:
    """The unsure readings read again beside one writer's ``sure`` ones (same order; None: no reading).

    Every sure reading lends its digits' parts as this writer's exemplars. A part of an unsure box is then
    compared, in the model's own last hidden layer, with the writer's exemplars of each digit class; a class
    whose exemplars it does not resemble is weighed down (at most by ``WRITER_BOUND``, only for classes with
    ``WRITER_MIN`` exemplars); never up, as the true class may be one the writer never wrote surely. Only the
    digit classes the model already gives probability are reweighed, and their total (against "not one digit")
    is kept: no reading is invented.
    The reading that results stays below :data:`CONFIDENT` (``WRITER_CAP``).
    """
    model = model or default_model()
    embeds: list[np.ndarray] = []
    labels: list[int] = []
    for r, s in zip(readings, sure, strict=True):
        if not s or r is None or r.basis is None or r.value is None or not len(r.basis.prepared.images):
            continue
        parts = _parts_of(r.basis, r.value)
        if parts is None:
            continue
        embeds.append(r.basis.hidden_in(model, parts))
        labels.extend(int(d) for d in str(r.value))
    out = list(readings)
    if not embeds:
        return out
    ex = _unit(np.concatenate(embeds))
    lab = np.asarray(labels)
    classes = [c for c in range(OTHER) if (lab == c).sum() >= WRITER_MIN]
    if not classes:
        return out
    for n, (r, s) in enumerate(zip(readings, sure, strict=True)):
        if s or r is None or r.basis is None or r.confidence >= CONFIDENT or not len(r.basis.prepared.images):
            continue
        b = r.basis
        hidden = b.hidden_in(model)
        sim = _unit(hidden) @ ex.T  # (parts, exemplars)
        w = np.ones((len(sim), OTHER))
        for c in classes:
            best = sim[:, lab == c].max(axis=1)
            # only ever down: a part unlike every sure c of this writer is unlikely a c; one like their 4s
            # may still be a 9 they never wrote surely (a 9 read 9 at 0.54 became 4 when likeness weighed up)
            w[:, c] = np.clip(np.exp(WRITER_GAIN * (best - WRITER_REF)), 1 / WRITER_BOUND, 1.0)
        digits = b.probs[:, :OTHER]
        moved = digits * w
        moved *= digits.sum(axis=1, keepdims=True) / np.maximum(moved.sum(axis=1, keepdims=True), 1e-12)
        probs = np.concatenate([moved, b.probs[:, OTHER:]], axis=1)
        again = _combine(b.prepared, probs, list(b.values), model, given=True, hidden=hidden)
        out[n] = Reading(again.value, min(again.confidence, WRITER_CAP), again.alternatives, again.basis)
    return out
