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

from printkit.engine.svgpath import Segment, parse_path, path_bounds

Color = str | None
# justify: every line but a paragraph's last is flush; start and end: left and right, or right and left in
# right-to-left text
Align = Literal["left", "center", "right", "justify", "start", "end"]
Direction = Literal["auto", "ltr", "rtl"]  # auto: each paragraph's first strong character says
VAlign = Literal["top", "middle", "bottom"]


@dataclass(frozen=True)
class Gradient:
    """A fill that runs through ``colors``: ``linear`` along ``angle`` (degrees: 0 left to right, 90 top to
    bottom), or ``radial`` from the shape's centre outwards."""

    colors: tuple[str, ...]
    kind: Literal["linear", "radial"] = "linear"
    angle: float = 90.0


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
    opacity: float = 1.0  # 0-1, fill and stroke
    gradient: Gradient | None = None  # instead of ``fill``


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()
    opacity: float = 1.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    opacity: float = 1.0
    gradient: Gradient | None = None


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (or an open polyline with ``closed=False``)."""

    points: tuple[tuple[float, float], ...]
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    closed: bool = True
    smooth: bool = False  # draw as a closed Catmull-Rom curve through the points (coastlines)
    opacity: float = 1.0
    gradient: Gradient | None = None


@dataclass(frozen=True)
class Star:
    """A star of ``points`` tips on a circle of radius ``r`` about (cx, cy), its notches at ``inner`` times r;
    the first tip points up, turned by ``rotation`` degrees clockwise."""

    cx: float
    cy: float
    r: float
    points: int = 5
    inner: float = 0.5
    rotation: float = 0.0
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    opacity: float = 1.0
    gradient: Gradient | None = None

    def outline(self) -> tuple[tuple[float, float], ...]:
        """Its corners, tip and notch in turn, in mm."""
        import math

        n = max(2, self.points)
        pts = []
        for k in range(2 * n):
            a = math.radians(self.rotation + 180 * k / n)
            r = self.r if k % 2 == 0 else self.r * self.inner
            pts.append((self.cx + r * math.sin(a), self.cy - r * math.cos(a)))
        return tuple(pts)


@dataclass(frozen=True)
class PathShape:
    """An SVG path (``d``) drawn in the box (x, y, w, h): ``viewbox`` (min_x, min_y, width, height) is the part of
    the path's own coordinates the box shows (default: the box itself, so ``d`` is in mm from its corner).
    ``fit``: ``contain`` scales it evenly and centres it, as an SVG's viewBox does; ``stretch`` fills the box.
    ``fill_rule``: how a shape that crosses itself is filled (``nonzero``, or ``evenodd`` for holes)."""

    d: str
    x: float
    y: float
    w: float
    h: float
    viewbox: tuple[float, float, float, float] | None = None
    fit: Literal["contain", "stretch"] = "contain"
    fill: Color = None
    stroke: Color = "#000000"
    stroke_width: float = 0.25
    opacity: float = 1.0
    gradient: Gradient | None = None
    fill_rule: Literal["nonzero", "evenodd"] = "nonzero"

    def segments_mm(self) -> tuple[Segment, ...]:
        """The path's segments placed in the box, in mm from the piece's corner (a bad ``d`` raises
        :class:`~printkit.engine.svgpath.PathDataError`)."""
        vx, vy, vw, vh = self.viewbox or (0.0, 0.0, self.w, self.h)
        sx, sy = self.w / vw, self.h / vh
        ox, oy = self.x, self.y
        if self.fit == "contain":
            sx = sy = min(sx, sy)
            ox += (self.w - vw * sx) / 2
            oy += (self.h - vh * sy) / 2
        return tuple(Segment(s.op, tuple(ox + (v - vx) * sx if i % 2 == 0 else oy + (v - vy) * sy
                                         for i, v in enumerate(s.points))) for s in parse_path(self.d))


@dataclass(frozen=True)
class Text:
    """Text set inside a box; shrinks from ``size`` down to ``min_size`` (pt) to fit.

    ``wrap`` breaks lines at word boundaries (and between CJK characters, with kinsoku
    rules).  If the text still does not fit at ``min_size`` the renderer reports it.
    ``:icon-name:`` inside the text draws that icon inline at text height; ``**bold**``,
    ``*italic*``, ``{color=#a00|words}`` and ``<br>`` are inline markup (render/markup.py).
    Words are shaped (kerning, ligatures); ``hyphenate`` breaks long words by the language's dictionary (never
    Chinese), ``align: justify`` makes both edges flush (a paragraph's last line stays at its start side).
    ``direction``: ``rtl`` or ``ltr`` sets every paragraph so; ``auto`` takes each paragraph's direction from its
    first letter (Arabic and Hebrew: right to left).  Right-to-left and mixed text is reordered line by line by
    the Unicode bidi algorithm; ``align: start`` / ``end`` follow the paragraph's direction.
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
    font: str | None = None  # None: the bundled Noto Sans family; else a .ttf/.otf file
    emphasis: str = "#a33a1f"  # colour of *emphasis* in text with no italic face (Chinese)
    outline: Color = None  # a stroke around every glyph, in this colour
    outline_width: float = 0.2  # mm
    shadow: Color = None  # the text set again beneath, in this colour, shifted by (shadow_dx, shadow_dy) mm
    shadow_dx: float = 0.3
    shadow_dy: float = 0.3
    hyphenate: bool | str = False  # True: hyphenate in the build's language; or a language ("en", "de-CH")
    direction: Direction = "auto"


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
    """A raster or SVG file in a box.

    ``fit``: ``contain`` (all of it, keeping its shape), ``cover`` (fills the box, keeping its shape,
    the overflow cut off) or ``stretch`` (exactly the box).  ``focus_x``/``focus_y`` (0 to 1) say which
    part stays in view when it is cut (0: left/top, 0.5: centre) or where it sits when it is contained.
    ``rotation`` turns box and picture about the box centre (degrees counter-clockwise); ``opacity``
    0-1; ``radius`` rounds the box's corners (mm) and clips the picture to them.
    """

    path: str
    x: float
    y: float
    w: float
    h: float
    fit: Literal["contain", "cover", "stretch"] = "contain"
    focus_x: float = 0.5
    focus_y: float = 0.5
    rotation: float = 0.0
    opacity: float = 1.0
    radius: float = 0.0


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


Element = Rect | Line | Circle | Polygon | Star | PathShape | Text | Icon | Image | QRCode | Marker

# The element kinds a card template may use, by the key that names them in YAML.
ELEMENT_KINDS: dict[str, type] = {
    "rect": Rect, "line": Line, "circle": Circle, "polygon": Polygon, "star": Star, "path": PathShape, "text": Text,
    "icon": Icon, "image": Image, "qrcode": QRCode,
}
MAX_TEXT_SIZE = 400.0  # pt; anything larger cannot be a card's text
MAX_STAR_POINTS = 360  # a star's tips: past this it draws as a ragged circle
MAX_DRAWN_NUMBER = 100_000.0  # mm, pt or degrees: 100 m, far past any paper; ReportLab cannot write ~1e307 pt at all
QR_MAX_BYTES = 2_331  # UTF-8 bytes a QR code holds at level M (version 40, byte mode)


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
    # what a warning calls each element: "front.yaml: rules" (its id) or "front.yaml:31 text"; () when unknown
    labels: tuple[str | None, ...] = field(default=(), compare=False)
    # what an error about each element calls the piece, when more than its name: the card and the cells of its data
    # the element's values came from ("card 3 (Fireball, cards.xlsx: sheet 'Cards', row 4, column F (text))")
    places: tuple[str | None, ...] = field(default=(), compare=False)
    # where it is cut when not along its box (a hex, a token): a closed polygon in its mm; () for a rectangle
    outline: tuple[tuple[float, float], ...] = ()


def bounds(e: Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm that the element may paint, strokes included."""
    if isinstance(e, Rect):
        p = e.stroke_width / 2 if e.stroke else 0.0
        return e.x - p, e.y - p, e.x + e.w + p, e.y + e.h + p
    if isinstance(e, Line):
        p = e.stroke_width / 2
        return min(e.x1, e.x2) - p, min(e.y1, e.y2) - p, max(e.x1, e.x2) + p, max(e.y1, e.y2) + p
    if isinstance(e, Circle | Star):
        r = e.r + (e.stroke_width / 2 if e.stroke else 0.0)
        return e.cx - r, e.cy - r, e.cx + r, e.cy + r
    if isinstance(e, Polygon):
        xs = [x for x, _ in e.points]
        ys = [y for _, y in e.points]
        p = e.stroke_width / 2 + (2.0 if e.smooth else 0.0)  # a smooth curve may bulge past its points
        return min(xs) - p, min(ys) - p, max(xs) + p, max(ys) + p
    if isinstance(e, PathShape):
        p = e.stroke_width / 2 if e.stroke else 0.0  # the curves lie within their control points' box
        box = path_bounds(e.segments_mm()) or (e.x, e.y, e.x, e.y)
        return box[0] - p, box[1] - p, box[2] + p, box[3] + p
    if isinstance(e, (QRCode, Marker)):
        return e.x, e.y, e.x + e.size, e.y + e.size
    return e.x, e.y, e.x + e.w, e.y + e.h  # Text, Icon, Image: their box
