"""Tabletop Simulator deck sheets: cards on a grid image, for TTS's Custom Deck import.

TTS reads a deck from one image holding up to 10 columns by 7 rows of equal cards; the last slot
(bottom right) is the *hidden* card TTS shows for a card in another player's hand, so a sheet holds
at most 69 cards.  Sheets stay within 4096 px on each side (larger images fail to load on many
machines).  The back is one separate image (or, when backs differ, a sheet of backs on the same
grid).  The grid of each sheet goes into the manifest so the import dialog can be filled in:
"Width" = columns, "Height" = rows, "Number" = cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # px
MAX_CARD_DPI = 300  # no point in more detail than print quality


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    cards: int  # cards on this sheet (the hidden card not counted)
    card_px: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card_px[0], self.rows * self.card_px[1]

    @property
    def hidden_slot(self) -> int:
        """0-based slot of the hidden card: the last one of the grid."""
        return self.columns * self.rows - 1


def card_pixels(width_mm: float, height_mm: float, columns: int, rows: int) -> tuple[int, int]:
    """The largest card size (px) whose grid fits in MAX_SIDE, at most MAX_CARD_DPI."""
    scale = min(MAX_SIDE / (columns * width_mm), MAX_SIDE / (rows * height_mm), MAX_CARD_DPI / 25.4)
    return max(1, math.floor(width_mm * scale)), max(1, math.floor(height_mm * scale))


def sheet_grids(count: int, width_mm: float, height_mm: float) -> list[SheetGrid]:
    """How ``count`` cards fill sheets: full 10x7 sheets of 69, then the smallest grid for the rest."""
    per_full = MAX_COLUMNS * MAX_ROWS - 1
    grids = []
    left = count
    while left > 0:
        n = min(left, per_full)
        slots = n + 1  # the hidden card
        columns = min(MAX_COLUMNS, slots)
        rows = math.ceil(slots / columns)
        grids.append(SheetGrid(columns, rows, n, card_pixels(width_mm, height_mm, columns, rows)))
        left -= n
    return grids


def compose(grid: SheetGrid, cards: list[Image.Image], hidden: Image.Image | None) -> Image.Image:
    """One sheet: ``cards`` in reading order, ``hidden`` in the last slot."""
    sheet = Image.new("RGB", grid.size, "#ffffff")
    cw, ch = grid.card_px
    for i, img in enumerate(cards):
        r, c = divmod(i, grid.columns)
        sheet.paste(img if img.size == (cw, ch) else img.resize((cw, ch), Image.LANCZOS), (c * cw, r * ch))
    if hidden is not None:
        r, c = divmod(grid.hidden_slot, grid.columns)
        sheet.paste(hidden if hidden.size == (cw, ch) else hidden.resize((cw, ch), Image.LANCZOS), (c * cw, r * ch))
    return sheet
