"""A preflight finding: which rule, where (component, page, piece, element), and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

RULES = {
    "fit": "text does not fit its box",
    "trim": "text outside the piece's trim",
    "safe-zone": "text or an icon outside the safe zone a deck sets inside its trim",
    "floor": "text printed below the legible size",
    "bleed": "a cut edge without bleed",
    "marks": "crop marks missing or off the printable area",
    "overlap": "text over other text or art",
    "language": "text not in the chosen language",
    "typography": "Chinese typography",
    "fonts": "fonts not embedded",
    "boxes": "page and box sizes",
    "pdf": "not a readable PDF",
}


@dataclass(frozen=True)
class Finding:
    rule: str  # a key of RULES
    message: str
    component: str = ""
    page: int | None = None  # 1-based
    piece: str = ""
    element: str = ""  # e.g. "text #4 'Runde 1'"

    def __str__(self) -> str:
        where = [w for w in (self.component, f"page {self.page}" if self.page else "", self.piece and
                             f"{self.piece!r}", self.element) if w]
        return f"{', '.join(where)}: {self.message} [{self.rule}]" if where else f"{self.message} [{self.rule}]"
