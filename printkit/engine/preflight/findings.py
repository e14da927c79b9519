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
    # where on the page (mm from its top-left corner), for a finding read back from a file: until a build names
    # the piece and element there, the point is all that says where
    at: tuple[float, float] | None = None

    def __str__(self) -> str:
        point = f"at ({self.at[0]:.1f}, {self.at[1]:.1f}) mm" if self.at and not self.piece else ""
        where = [w for w in (self.component, f"page {self.page}" if self.page else "", point, self.piece and
                             f"{self.piece!r}", self.element) if w]
        return f"{', '.join(where)}: {self.message} [{self.rule}]" if where else f"{self.message} [{self.rule}]"
