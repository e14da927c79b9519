"""The duplex calibration sheet: crosses on the front, offset scales behind them on the back.

Print double-sided, hold against a light, and read on each back scale where the front's
cross shows through: that reading is the ``--offset-x``/``--offset-y`` to use (mm).
Targets sit symmetrically, so they line up for both long- and short-edge flips.
"""

from __future__ import annotations

from printkit.engine.components import SheetComponent
from printkit.engine.elements import Align, Circle, Element, Line, Piece, Text
from printkit.engine.messages import message
from printkit.engine.render.text import LATIN_FLOOR

SCALE_MM = 5  # the scales read -5..+5 mm
INSET = 35.0  # mm from the paper edge to the corner targets
ARM = 22.0  # mm, half the length of a front cross
# The scale numbers: the smallest Latin text printkit prints (render.text.LATIN_FLOOR; the preflight flags less).
# "+4" at 6 pt is about 2.3 mm wide, in a 4 mm label box; labelled ticks are 2 mm apart.
LABEL_PT = LATIN_FLOOR


def _targets(w: float, h: float) -> list[tuple[float, float]]:
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET), (w - INSET, h - INSET)]


def _number(x: float, y: float, w: float, v: float, align: Align = "center") -> Text:
    """A scale's reading ``v`` (mm, signed) in a 3 mm tall box."""
    return Text(x, y, w, 3, f"{v:+g}" if v else "0", size=LABEL_PT, min_size=LABEL_PT, align=align)


def calibration_sheet(paper: tuple[float, float], lang: str) -> SheetComponent:
    w, h = paper
    front: list[Element] = []
    back: list[Element] = []
    for x, y in _targets(w, h):
        front += [
            # Arms long enough to cross both scales printed on the back.
            Line(x - ARM, y, x + ARM, y, stroke_width=0.35),
            Line(x, y - ARM, x, y + ARM, stroke_width=0.35),
            Circle(x, y, 1.0, stroke_width=0.2),
        ]
        for k in range(-SCALE_MM * 2, SCALE_MM * 2 + 1):
            v = k / 2
            long_tick = k % 2 == 0
            t = 2.5 if long_tick else 1.3
            back += [
                Line(x + v, y - 11, x + v, y - 11 - t, stroke_width=0.15),  # x scale above the target
                Line(x + 11, y + v, x + 11 + t, y + v, stroke_width=0.15),  # y scale right of it (down = +)
            ]
            if long_tick and k % 4 == 0:
                back += [
                    # every other number a row higher: side by side, 2 mm apart, "+2" and "+4" would touch
                    _number(x + v - 2, y - 17.5 - (0 if k % 8 == 0 else 3), 4, v),
                    _number(x + 14, y + v - 1.5, 5, v, align="left"),
                ]
        back += [
            Line(x - SCALE_MM, y - 11, x + SCALE_MM, y - 11, stroke_width=0.15),
            Line(x + 11, y - SCALE_MM, x + 11, y + SCALE_MM, stroke_width=0.15),
            Text(x - 10, y - 26, 20, 4, "x", size=7),
            Text(x + 20, y - 2, 5, 4, "y", size=7),
        ]
    front.append(Text(30, h / 2 - 45, w - 60, 14, message("calibration_front", lang), size=10, min_size=6))
    back.append(Text(30, h / 2 - 45, w - 60, 14, message("calibration_back", lang), size=10, min_size=6))
    return SheetComponent(
        "calibration",
        "Duplex calibration",
        (Piece("calibration front", w, h, tuple(front)), Piece("calibration back", w, h, tuple(back))),
    )
