"""What the renderer placed on each page, kept for the preflight.

The renderer appends one :class:`Placement` per piece it draws (cards, sheets, boards, and its own
furniture such as the scale bar or a fold label) with the transform from the piece's millimetres
to the page's, the bleed it let the piece paint, and how every text element was actually set
(size chosen by shrink-to-fit, the lines it broke into).  The checks read this record, never the
layout's intentions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from printkit.engine.elements import Piece, Text
from printkit.engine.imposition import Box, Segment

Role = Literal["cut", "sheet", "board", "furniture", "shaped"]  # shaped: cut along its outline (pieces.py)


@dataclass(frozen=True)
class SetTextRecord:
    """How one text element came out: the size it was printed at and its lines."""

    index: int  # position of the element in the piece
    element: Text
    size: float  # pt, as printed
    lines: tuple[str, ...]
    line_widths: tuple[float, ...]  # mm
    ends: tuple[bool, ...]  # which lines end a paragraph
    fits: bool
    floor: float  # the size shrink-to-fit was not allowed to go below
    runs: tuple[tuple[tuple[str, str], ...], ...] = ()  # per line, its runs as (text, font) as set (markup faces)
    rtl: tuple[bool, ...] = ()  # per line, whether its paragraph is right to left (empty: none is)


@dataclass(frozen=True)
class Affine:
    """Piece mm → page mm: X = a·x + c·y + e, Y = b·x + d·y + f (y down on both)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    @staticmethod
    def place(x: float, y: float) -> Affine:
        return Affine(e=x, f=y)

    @staticmethod
    def turned(x: float, y: float, w: float, h: float, rotation: int) -> Affine:
        """A ``w`` x ``h`` piece drawn in the slot at (x, y), turned counter-clockwise about the slot's centre
        (for 90 or 270 the slot is ``h`` wide and ``w`` tall)."""
        if rotation == 180:
            return Affine(-1, 0, 0, -1, x + w, y + h)
        if rotation == 90:  # the piece's top faces the slot's left
            return Affine(0, -1, 1, 0, x, y + w)
        if rotation == 270:  # the piece's top faces the slot's right
            return Affine(0, 1, -1, 0, x + h, y)
        return Affine.place(x, y)

    def edge(self, side: str) -> str:
        """The page edge (l, t, r, b) that the piece's edge ``side`` lands on."""
        nx, ny = {"l": (-1, 0), "r": (1, 0), "t": (0, -1), "b": (0, 1)}[side]
        px, py = self.a * nx + self.c * ny, self.b * nx + self.d * ny
        if abs(px) >= abs(py):
            return "r" if px > 0 else "l"
        return "b" if py > 0 else "t"

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    def box(self, left: float, top: float, right: float, bottom: float) -> Box:
        pts = [self.point(px, py) for px in (left, right) for py in (top, bottom)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class Placement:
    """One piece drawn on one page."""

    page: int  # 0-based
    piece: Piece
    transform: Affine
    role: Role
    bleed: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # drawn past the trim: left, top, right, bottom
    texts: tuple[SetTextRecord, ...] = ()
    component: str = ""
    # Its first ``checked`` elements are a form an earlier placement drew and was checked with
    # (render.draw.Stamp): their findings would only repeat.
    checked: int = 0

    @cached_property
    def trim(self) -> Box:
        """Where the piece's trim lands on the page (computed once: the bleed check asks for it per neighbour)."""
        return self.transform.box(0, 0, self.piece.width, self.piece.height)


@dataclass
class PageRecord:
    index: int
    size: tuple[float, float]  # mm, as printed
    marks: list[Segment] = field(default_factory=list)  # crop marks
    back: bool = False  # the back side of a duplex sheet
    service_cut: bool = False  # a print-on-demand page: the service cuts by its own template, no marks wanted


@dataclass
class RenderLog:
    """Everything placed while rendering one component."""

    component: str
    lang: str
    bleed: float  # the bleed asked for, mm
    pages: list[PageRecord] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the renderer changed to keep the page printable
