"""Writer adaptation: a sheet's unsure numbers read again beside the same writer's sure ones (:func:`adapt`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from printkit.engine.scan.numbers.network import OTHER, DigitModel, default_model
from printkit.engine.scan.numbers.ranking import Basis, Reading, _combine
from printkit.engine.scan.numbers.thresholds import NUMBERS


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
    whose exemplars it does not resemble is weighed down (at most by ``NUMBERS.writer_bound``, only for classes with
    ``NUMBERS.writer_min`` exemplars); never up, as the true class may be one the writer never wrote surely. Only the
    digit classes the model already gives probability are reweighed, and their total (against "not one digit")
    is kept: no reading is invented.
    The reading that results stays below ``NUMBERS.confident`` (``NUMBERS.writer_cap``).
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
    classes = [c for c in range(OTHER) if (lab == c).sum() >= NUMBERS.writer_min]
    if not classes:
        return out
    for n, (r, s) in enumerate(zip(readings, sure, strict=True)):
        if s or r is None or r.basis is None or r.confidence >= NUMBERS.confident or not len(r.basis.prepared.images):
            continue
        b = r.basis
        hidden = b.hidden_in(model)
        sim = _unit(hidden) @ ex.T  # (parts, exemplars)
        w = np.ones((len(sim), OTHER))
        for c in classes:
            best = sim[:, lab == c].max(axis=1)
            # only ever down: a part unlike every sure c of this writer is unlikely a c; one like their 4s
            # may still be a 9 they never wrote surely (a 9 read 9 at 0.54 became 4 when likeness weighed up)
            w[:, c] = np.clip(np.exp(NUMBERS.writer_gain * (best - NUMBERS.writer_ref)), 1 / NUMBERS.writer_bound, 1.0)
        digits = b.probs[:, :OTHER]
        moved = digits * w
        moved *= digits.sum(axis=1, keepdims=True) / np.maximum(moved.sum(axis=1, keepdims=True), 1e-12)
        probs = np.concatenate([moved, b.probs[:, OTHER:]], axis=1)
        again = _combine(b.prepared, probs, list(b.values), model, given=True, hidden=hidden)
        out[n] = Reading(again.value, min(again.confidence, NUMBERS.writer_cap), again.alternatives, again.basis)
    return out
