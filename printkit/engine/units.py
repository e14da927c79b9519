"""Lengths with units: ``63``, ``"63mm"``, ``"6.3cm"``, ``"2.5in"``, ``"12pt"``.

A plain number is millimetres everywhere a length is asked for (a text size is points).  Templates,
card sizes and paper sizes accept any of these units, so a designer can copy measurements from a
print shop's spec sheet as written.
"""

from __future__ import annotations

import re

MM_PER_PT = 25.4 / 72  # a point is 1/72 inch
PT_PER_MM = 72 / 25.4
MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": MM_PER_PT}
_LENGTH = re.compile(r"\s*(-?(?:\d+(?:\.\d*)?|\.\d+))\s*(mm|cm|in|pt)\s*")


def parse_length(value: object, unit: str = "mm") -> object:
    """``value`` in ``unit`` (mm or pt) when it is a number with a unit; anything else unchanged."""
    if isinstance(value, str):
        m = _LENGTH.fullmatch(value)
        if m:
            mm = float(m.group(1)) * MM_PER[m.group(2)]
            return mm / MM_PER[unit]
    return value


# Element settings measured in points rather than millimetres.
POINT_FIELDS = frozenset({"size", "min_size"})
