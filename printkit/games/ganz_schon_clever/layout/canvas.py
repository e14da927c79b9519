"""The design frame of a Ganz schön clever sheet: drawing in the layout's millimetres, scaled onto the page.

``sheet.yaml`` places everything in one design frame; a :class:`DesignCanvas` scales it to a format's
page, keeps text at the format's print floor and remembers every text it set (for the glyph check).
"""

from __future__ import annotations

import math
import re
from typing import Literal

from printkit.engine.clipping import clip_interval
from printkit.engine.elements import Align, Circle, Element, Icon, Line, Polygon, Rect, Text, VAlign
from printkit.games.ganz_schon_clever.model.sheet_layout import FontName, PrintFloor, SheetLayout


class DesignCanvas:
    """Collects elements drawn in design millimetres and places them on the sheet."""

    def __init__(self, layout: SheetLayout, scale: float, origin: tuple[float, float], floor: PrintFloor):
        self.layout = layout
        self.floor = floor
        self.scale = scale
        self.left, self.top = origin
        self.elements: list[Element] = []
        self.printed: list[str] = []

    def x(self, v: float) -> float:
        return self.left + v * self.scale

    def y(self, v: float) -> float:
        return self.top + v * self.scale

    def len(self, v: float) -> float:
        return v * self.scale

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             width: float = 0.3, radius: float = 0.0, dash: tuple[float, ...] = ()) -> None:
        self.elements.append(Rect(self.x(x), self.y(y), self.len(w), self.len(h), fill=fill, stroke=stroke,
                                  stroke_width=self.len(width), radius=self.len(radius),
                                  dash=tuple(self.len(d) for d in dash)))

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None,
               width: float = 0.3) -> None:
        self.elements.append(Circle(self.x(cx), self.y(cy), self.len(r), fill=fill, stroke=stroke,
                                    stroke_width=self.len(width)))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, width: float = 0.3,
             dash: tuple[float, ...] = ()) -> None:
        self.elements.append(Line(self.x(x1), self.y(y1), self.x(x2), self.y(y2), stroke=stroke,
                                  stroke_width=self.len(width), dash=tuple(self.len(d) for d in dash)))

    def polygon(self, points: list[tuple[float, float]], fill: str | None, stroke: str | None = None,
                width: float = 0.3) -> None:
        self.elements.append(Polygon(tuple((self.x(px), self.y(py)) for px, py in points), fill=fill,
                                     stroke=stroke, stroke_width=self.len(width)))

    def text(self, x: float, y: float, w: float, h: float, text: str, font: FontName, color: str,
             align: Align = "center", valign: VAlign = "middle", bold: bool = False, wrap: bool = False,
             rotation: Literal[0, 90, 180, 270] = 0) -> None:
        spec = self.layout.fonts[font]
        # Fonts scale with the design, but never print below the format's floor: the design keeps
        # room for text at the floor wherever scaling would take it lower.
        floor = self.floor.cjk if has_cjk(text) else self.floor.latin
        size, min_size = max(spec.size * self.scale, floor), max(spec.min * self.scale, floor)
        self.elements.append(Text(self.x(x), self.y(y), self.len(w), self.len(h), text, size=size,
                                  min_size=min_size, color=color, align=align, valign=valign, bold=bold,
                                  wrap=wrap, rotation=rotation))
        self.printed.append(text)

    def icon(self, name: str, x: float, y: float, w: float, h: float, color: str | None) -> None:
        self.elements.append(Icon(name, self.x(x), self.y(y), self.len(w), self.len(h), color=color))


_CJK = re.compile("[\u2e80-\u303f\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")


def has_cjk(text: str) -> bool:
    """Whether ``text`` holds a Chinese (or other CJK) character, which needs a larger print size."""
    return _CJK.search(text) is not None


def hatch(x: float, y: float, w: float, h: float, angle: float, step: float
          ) -> list[tuple[float, float, float, float]]:
    """Parallel lines at ``angle`` degrees, ``step`` apart, clipped to the rectangle."""
    a = math.radians(angle)
    dx, dy = math.cos(a), -math.sin(a)  # direction, y down
    nx, ny = -dy, dx  # normal
    cx, cy = x + w / 2, y + h / 2
    reach = math.hypot(w, h) / 2
    out: list[tuple[float, float, float, float]] = []
    k = -math.floor(reach / step)
    while k * step <= reach:
        px, py = cx + nx * k * step, cy + ny * k * step
        seg = clip_segment(px - dx * reach, py - dy * reach, px + dx * reach, py + dy * reach, x, y, x + w, y + h)
        if seg is not None:
            out.append(seg)
        k += 1
    return out


def clip_segment(x1: float, y1: float, x2: float, y2: float, left: float, top: float, right: float,
                 bottom: float) -> tuple[float, float, float, float] | None:
    """The part of a segment inside a rectangle; None when it misses or keeps less than 0.3 mm."""
    interval = clip_interval(x1, y1, x2, y2, left, top, right, bottom)
    if interval is None:
        return None
    t0, t1 = interval
    dx, dy = x2 - x1, y2 - y1
    if (t1 - t0) * math.hypot(dx, dy) < 0.3:
        return None
    return (x1 + t0 * dx, y1 + t0 * dy, x1 + t1 * dx, y1 + t1 * dy)
