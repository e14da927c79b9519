"""Every box of a rectified sheet read: marks, loops and numbers (:func:`read_boxes`)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from printkit.engine.scan.boxes import BoxReading, BoxSpec, NumberReader
from printkit.engine.scan.locate.parts import read_parts
from printkit.engine.scan.marks.colour import MarksInBoxes, marks_in_boxes
from printkit.engine.scan.marks.cross import read_mark, read_marks
from printkit.engine.scan.marks.loops import read_loops
from printkit.engine.scan.marks.paper import darkness
from printkit.engine.scan.marks.printed import _pen_in_boxes, sheet_print
from printkit.engine.scan.marks.thresholds import MARKS
from printkit.engine.scan.numbers.crops import (
    _number_box,
    _print_in_the_way,
    number_crop,
    numbers_empty,
)


def read_boxes(rgb: np.ndarray, specs: Sequence[BoxSpec], ref: np.ndarray | None, px_per_mm: float,
               numbers: NumberReader | None, overview: np.ndarray | None = None) -> list[BoxReading]:
    """Read every box of a rectified sheet (``rgb``: the sheet at ``px_per_mm``, origin top-left; only its
    :func:`read_parts` are looked at).

    ``ref``: where the blank sheet has ink (any resolution; resized here), or None.
    ``numbers``: the digit reader; without it every written number is unread (confidence 0).
    ``overview``: the whole sheet at a lower resolution, where the paper level is measured (:func:`darkness`;
    needed for a sheet rectified in parts).
    """
    p = px_per_mm
    dark = darkness(rgb, p, overview, read_parts(specs, rgb.shape, p))
    print_ = None if ref is None else sheet_print(ref, dark.shape, p)
    printed, zones = (None, None) if print_ is None else (print_.printed, print_.zones)
    cores = None if print_ is None else print_.cores
    number_boxes = [s for s in specs if s.read == "number"]
    refm = _pen_in_boxes(dark, zones, number_boxes, p)
    loops = [s for s in specs if s.read == "loop"]
    inside = marks_in_boxes(rgb, printed, specs, p, cores=cores)
    numbered: dict[str, MarksInBoxes | None] = {}  # per area, measured when a box first needs it: most never do
    looped = dict(zip(map(id, loops), read_loops(dark, zones, printed, loops, p), strict=True))
    crosses = [s for s in specs if s.read == "mark"]
    seen = dict(zip(map(id, crosses), read_marks(dark, zones, crosses, p), strict=True))
    blank = dict(zip(map(id, number_boxes), numbers_empty(refm, number_boxes, p), strict=True))
    out: list[BoxReading] = []
    written: list[tuple[int, np.ndarray]] = []  # (place in out, crop) of each number box with writing
    for s in specs:
        if s.read == "mark":
            r = seen[id(s)]
            if r.features["pieces"] and not (r.value and r.confidence >= MARKS.sure_cross):
                if s.area not in numbered:
                    numbered[s.area] = marks_in_boxes(rgb, printed, [b for b in specs if b.area == s.area], p,
                                                      read="mark", cores=cores)
                r = read_mark(dark, zones, s, p, rgb, numbered[s.area])
            out.append(r)
        elif s.read == "loop":
            out.append(looped[id(s)])
        else:
            empty, conf = blank[id(s)]
            if empty:
                out.append(BoxReading(s, None, conf, ((None, conf),)))
                continue
            if numbers is not None:
                written.append((len(out), number_crop(rgb, dark, refm, s, p, inside)))
            out.append(BoxReading(s, None, 0.0, ()))  # unread, unless the reader below reads it
    # every written number at once: the reader classifies all their parts in one pass
    readings = [] if numbers is None or not written else \
        list(numbers([c for _, c in written], [out[n].spec.allowed for n, _ in written]))
    if len(readings) != len(written):
        raise ValueError(f"the number reader read {len(readings)} boxes of the {len(written)} it was given")
    for (n, _), reading in zip(written, readings, strict=True):
        s = out[n].spec
        # Writing that runs into the print is only recorded where the pen's colour carried it across (capping
        # every such reading flagged most doubled boxes of clean sheets); where it could not be, capped.
        hidden, unseen = _print_in_the_way(rgb, dark, refm, s, p, inside)
        out[n] = _number_box(s, reading, {"hidden_by_print": float(hidden), "unseen_under_print": float(unseen)})
    return out
