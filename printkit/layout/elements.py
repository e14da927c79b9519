"""The drawing vocabulary every game shares.

A *piece* (a card, a tile, a score sheet, a board) is a size in millimetres and a list of
elements.  Coordinates are millimetres from the piece's top-left trim corner, y pointing
down, as in SVG and Squib layouts; the renderer turns them into PDF points.  Elements may
reach into the bleed (negative coordinates or beyond the trim size).

Colours are CSS-style hex strings (``"#1f6fb2"``) or ``None`` for no paint.
Layout code builds these; only :mod:`printkit.render` knows about ReportLab.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Color = str | None
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25  # mm
    radius: float = 0.0  # mm, rounded corners
    dash: tuple[float, ...] = ()  # mm on, mm off


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (or an open polyline with ``closed=False``)."""

    points: tuple[tuple[float, float], ...]
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    closed: bool = True
    smooth: bool = False  # draw as a closed Catmull-Rom curve through the points (coastlines)


@dataclass(frozen=True)
class Text:
    """Text set inside a box; shrinks from ``size`` down to ``min_size`` (pt) to fit.

    ``wrap`` breaks lines at word boundaries (and between CJK characters, with kinsoku
    rules).  If the text still does not fit at ``min_size`` the renderer reports it.
    ``:icon-name:`` inside the text draws that icon inline at text height.
    """

    x: float
    y: float
    w: float
    h: float
    text: str
    size: float = 10.0  # pt
    min_size: float = 5.0  # pt
    color: str = "#000000"
    align: Align = "center"
    valign: VAlign = "middle"
    bold: bool = False
    wrap: bool = True
    rotation: Literal[0, 90, 180, 270] = 0  # degrees counter-clockwise, about the box centre
    leading: float = 1.2  # line height as a multiple of the size


@dataclass(frozen=True)
class Icon:
    """A named vector icon from ``templates/icons/<name>.svg``, scaled into the box."""

    name: str
    x: float
    y: float
    w: float
    h: float
    color: Color = None  # replaces the icon's ``currentColor``; None keeps its own colours


@dataclass(frozen=True)
class Image:
    """A raster or SVG file, scaled into the box keeping its aspect ratio."""

    path: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class QRCode:
    data: str
    x: float
    y: float
    size: float  # mm, including the quiet zone


@dataclass(frozen=True)
class Marker:
    """A fiducial for scanning: a filled square with a distinct inner pattern per ``kind`` 0..3."""

    kind: int
    x: float
    y: float
    size: float


Element = Rect | Line | Circle | Polygon | Text | Icon | Image | QRCode | Marker


@dataclass(frozen=True)
class Piece:
    """One physical thing to print: a card face, a tile, a sheet, a board.

    ``name`` identifies it in warnings ("card 'Bridge' #3: text shrunk below 6 pt").
    ``bleed_color`` fills the bleed area so cutting a little off never shows white.
    """

    name: str
    width: float  # mm, trim size
    height: float  # mm, trim size
    elements: tuple[Element, ...] = field(default_factory=tuple)
    bleed_color: Color = None
