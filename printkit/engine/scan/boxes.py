"""What the box stages share: a box to read (:class:`BoxSpec`), what was read in it (:class:`BoxReading`), and
the number reader's contract (:data:`NumberReader`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

ReadKind = Literal["mark", "loop", "number"]


@dataclass(frozen=True)
class BoxSpec:
    area: str
    index: int
    x: float  # mm, top-left
    y: float
    w: float
    h: float
    shape: Literal["rect", "circle"] = "rect"
    read: ReadKind = "mark"
    allowed: tuple[int, ...] = ()  # numbers: the values that may stand in it


@dataclass(frozen=True)
class BoxReading:
    spec: BoxSpec
    value: object  # mark: bool; loop: "empty" | "earned" | "used"; number: int or None (empty)
    confidence: float
    alternatives: tuple[tuple[object, float], ...] = ()  # (value, probability), best first, the read one included
    features: dict[str, float] = field(default_factory=dict)
    number: object = field(default=None, compare=False, repr=False)  # a number box: the reader's own reading


class NumberReading:
    """What a number reader returns (duck type of ``printkit.engine.scan.numbers.ranking.Reading``)."""

    value: int | None
    confidence: float
    alternatives: tuple[tuple[int | None, float], ...]


# reads many boxes at once: their grayscale crops, and the values each allows, to one reading each
NumberReader = Callable[[Sequence[np.ndarray], Sequence[Sequence[int]]], Sequence["NumberReading"]]
