"""A number read from its parts' probabilities: every value the box allows scored from the cuttings that could
spell it, ranked, with a calibrated confidence (:func:`read_each`, :func:`read_number`)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from printkit.engine.scan.numbers.cutting import _cut
from printkit.engine.scan.numbers.network import OTHER, SIDE, DigitModel, _hidden_in_batches, default_model
from printkit.engine.scan.numbers.preprocess import Prepared, _Writing, _writing
from printkit.engine.scan.numbers.thresholds import NUMBERS


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
        return self.confidence >= NUMBERS.confident


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
    ``NUMBERS.one_digit_below``): its whole's ``probs`` say "not one digit" below that, and "no number" or an
    allowed single digit scores at least that."""
    if writing.split or probs[OTHER] >= NUMBERS.one_digit_below:
        return False
    p_writing = model.writing_probability(writing.features)
    best = max((float(probs[v]) for v in values if v < 10), default=0.0) * p_writing
    if writing.faint_beside:
        best = min(best, NUMBERS.faint_weight * p_writing)
    return max(1.0 - p_writing, best) >= NUMBERS.one_digit_below


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
            np.minimum(written, NUMBERS.faint_weight * p_writing, out=written)
        ranked = _ranked(empty, arr, written)
        # what no allowed value explains (garbage, a value not allowed) is the rest: it is never handed to a
        # value (summed in the order the values come, as the readings were tuned)
        total = max(1.0, sum([empty, *written.tolist()]))
    else:
        ranked, total = [(None, empty)], max(1.0, empty)
    alternatives = tuple((v, round(float(s / total), 6)) for v, s in ranked if s / total >= NUMBERS.listed_above)
    value, score = ranked[0]
    if value is None:
        return Reading(None, float(score / total), alternatives, basis)
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    return Reading(value, model.confidence(score / total, second / total), alternatives, basis)


def _ranked(empty: float, values: np.ndarray, scores: np.ndarray) -> list[tuple[int | None, float]]:
    """The ``NUMBERS.listed`` best of "no number" (scoring ``empty``) and ``values`` (scoring ``scores``): highest score
    first, a tie going to the smaller value, "no number" before any.  One NumPy sort over the hundreds a score
    box allows: ranking them as Python pairs took a tenth of reading a sheet's numbers."""
    order = np.lexsort((np.concatenate(([-1], values)), -np.concatenate(([empty], scores))))[:NUMBERS.listed].tolist()
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
            if cut in prepared.cut_of:  # the piece cut must be no one digit (a 0 cut into a 0 and a sliver is)
                t = t * probs[prepared.cut_of[cut], OTHER]
            if prepared.ink_cut_from is not None and max(cut) >= prepared.ink_cut_from:
                t = np.minimum(t, NUMBERS.cut_cap)  # parts unlike any the classifier was taught: never sure alone
            pieces = t if pieces is None else np.maximum(pieces, t)
        else:
            np.maximum(table, t, out=table)
    # the writing's pieces are read only where no cutting between columns reads it as k digits at even odds
    if pieces is not None and table.max() < NUMBERS.apart_below:
        np.maximum(table, pieces, out=table)
    if k == 1:
        return table * (NUMBERS.split_single if prepared.split else 1.0)
    return table * (1.0 if prepared.split else probs[0, OTHER])
