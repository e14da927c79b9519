"""The digit network: a small convolutional classifier of 20x20 images into 0-9 and "not one digit", its
stroke-direction features, and its weights (``digits.npz`` beside this file, made by ``scripts/train_digits.py``)."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

WEIGHTS = Path(__file__).with_name("digits.npz")

SIDE = 20  # the classifier sees SIDE x SIDE images
# and the part's height and width relative to the whole writing's height, and its width relative to the whole
# writing's width (1 for the whole: a lone stroke is then a 1, never a fragment cut from a wider digit)
INPUTS = SIDE * SIDE + 3
CELL = 4  # stroke directions are pooled over CELL x CELL cells
FEATURES = INPUTS + 4 * (SIDE // CELL) ** 2


OTHER = 10  # class index of "not one digit"


_PI = np.float32(np.pi)  # what ``% np.pi`` divides a float32 angle by


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
    # each pixel's 3x3 neighbourhood, row by row, channels innermost.  A window view copied once is
    # faster than joining nine shifted copies for 16 channels and slower for one, where the copies are a few
    # values each: both the same array
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


BATCH = 64  # parts classified at once: the convolutions' working arrays stay small, and larger is no faster


def _hidden_in_batches(model: DigitModel, images: np.ndarray) -> np.ndarray:
    """``model.hidden(images)``, ``BATCH`` parts at a time: a page's parts all at once raise the
    peak memory of reading it, for no more speed."""
    return np.concatenate([model.hidden(images[i:i + BATCH]) for i in range(0, len(images), BATCH)])


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
