"""Drawing pieces San Marco's pages share: a rotated rectangle, a die face, and text flowing over columns.

The board, the pieces, the player aid, the rules booklet and the variant sheet all draw with these; they
know nothing of the kit being built, so every layout module may import them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printkit.engine.elements import Circle, Element, Line, Rect, Text
from printkit.engine.render.text import wrapped_lines
from printkit.engine.template.functions import pips

# A block in San Marco's flow takes each of its lines at full leading (the last one too), at 0.3528 mm a point
# (25.4 / 72 rounded up in the fourth place), and 0.6 mm more: a little more room than the set text needs, so a
# block never runs into the next one. Its pages are laid out with these values.
FLOW_MM_PER_PT = 0.3528
FLOW_BLOCK_SLACK = 0.6  # mm


def flow_height(text: str, size: float, width: float, leading: float = 1.2) -> float:
    """Height in mm a flow gives ``text`` set at ``size`` in a ``width`` mm column, with the renderer's own
    line breaking (so a column holds what it can, with no guessed line count)."""
    return wrapped_lines(text, size, width, leading) * size * leading * FLOW_MM_PER_PT + FLOW_BLOCK_SLACK


def rotated_rect(cx: float, cy: float, length: float, width: float,
                 angle_deg: float) -> tuple[tuple[float, float], ...]:
    a = math.radians(angle_deg)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    hl, hw = length / 2, width / 2
    return tuple((cx + sx * hl * ux + sy * hw * vx, cy + sx * hl * uy + sy * hw * vy)
                 for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)))


def die_face(x: float, y: float, size: float, face: int, sides: int, ink: str = "#1e1e1e") -> list[Element]:
    """A d6 face with pips, or for bigger dice a die outline with the number."""
    out: list[Element] = [Rect(x, y, size, size, fill="#ffffff", stroke=ink, stroke_width=0.35, radius=size * 0.18)]
    spots = pips(face) if sides == 6 else []
    if spots:
        r = size * 0.09
        out += [Circle(x + fx * size, y + fy * size, r, fill=ink, stroke=None) for fx, fy in spots]
    else:
        out.append(Text(x, y, size, size, str(face), size=size * 1.7, min_size=4, color=ink, bold=True, wrap=False))
        if face in (6, 9) and sides >= 9:  # underlined, as on real dice, so a card turned over reads right
            out.append(Line(x + size * 0.36, y + size * 0.86, x + size * 0.64, y + size * 0.86, stroke=ink,
                            stroke_width=max(0.3, size * 0.05)))
    return out


@dataclass
class Flow:
    """Stacks text blocks down a column and on into the next, like a newspaper page.

    A block added with ``keep=True`` (a heading) waits for the next block and moves to the
    next column together with it, so no heading is left alone at the foot of a column.
    """

    columns: list[tuple[float, float]]  # (x, width)
    top: float
    bottom: float
    col: int = 0
    y: float = 0.0
    first_top: float | None = None  # where the first page's columns start (below a title), if not at top
    first_columns: int = 1  # how many columns the first page has

    def __post_init__(self) -> None:
        self.y = self._top(0)
        self.elements: list[Element] = []
        self.column_of: list[int] = []  # the column each element went to (a page, in a booklet)
        self._pending: list[tuple[str, float, str, bool, float, str]] = []

    def _top(self, col: int) -> float:
        return self.first_top if self.first_top is not None and col < self.first_columns else self.top

    def add(self, text: str, size: float, color: str = "#222222", bold: bool = False, gap: float = 1.2,
            align: str = "left", keep: bool = False) -> None:
        self._pending.append((text, size, color, bold, gap, align))
        if keep:
            return
        blocks, self._pending = self._pending, []
        _x, w = self.columns[self.col]
        need = sum(flow_height(b[0], b[1], w) + b[4] for b in blocks) - blocks[-1][4]
        if self.y + need > self.bottom and self.y > self._top(self.col) and self.col + 1 < len(self.columns):
            self.col += 1
            self.y = self._top(self.col)
        x, w = self.columns[self.col]
        for text_, size_, color_, bold_, gap_, align_ in blocks:
            h = flow_height(text_, size_, w)
            if self.col + 1 == len(self.columns) and self.y + h > self.bottom:
                # The last column is full: the block gets what is left and shrinks to fit it (the
                # preflight reports it if even the smallest legible size does not fit).
                h = max(self.bottom - self.y, size_ * 0.5)
            self.elements.append(Text(x, self.y, w, h, text_, size=size_, min_size=max(5.0, size_ * 0.7),
                                      color=color_, align=align_, valign="top", bold=bold_))  # type: ignore[arg-type]
            self.column_of.append(self.col)
            self.y += h + gap_
