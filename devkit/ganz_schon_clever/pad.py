"""Print a Ganz schön clever pad in memory: the PDF printkit would write, and its box table.

Used to freeze box tables (``scripts/freeze_gsc_box_tables.py``) and by the synthetic test set,
which fills in exactly what a user would print.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from printkit.engine.components import BuildOptions, SheetComponent, TextFile
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.ganz_schon_clever.kit import components


@dataclass(frozen=True)
class PrintedPad:
    pdf: bytes
    table: dict  # the box table JSON printkit wrote next to the pad
    per_page: int
    paper: str
    count: int


def print_pad(paper: str = "a4", per_page: int = 1, lang: str = "en", ink_saver: bool = False,
              players: int | None = None, count: int = 1, seed: int = 1) -> PrintedPad:
    opts = BuildOptions(paper=paper, lang=lang, players=players, seed=seed,
                        extra={"count": count, "per_page": per_page, "ink_saver": ink_saver})
    comps = components(opts)
    sheets = next(c for c in comps if isinstance(c, SheetComponent) and c.name == "score-sheets")
    table = next(c for c in comps if isinstance(c, TextFile))
    pdf = render(sheets, PrintSettings(paper=paper), lang).pdf
    return PrintedPad(pdf, json.loads(table.text), per_page, paper, count)


def sheet_origins(page_size_mm: tuple[float, float], sheet_size_mm: tuple[float, float], per_page: int
                  ) -> list[tuple[float, float]]:
    """Top-left corners of the sheets on a printed page (the engine centres them; two side by side on
    landscape paper, or stacked when they fit)."""
    pw, ph = page_size_mm
    w, h = sheet_size_mm
    if per_page == 1:
        return [((pw - w) / 2, (ph - h) / 2)]
    if per_page * h <= ph + 1e-6:
        y0 = (ph - per_page * h) / 2
        return [((pw - w) / 2, y0 + k * h) for k in range(per_page)]
    x0 = (pw - per_page * w) / 2
    return [(x0 + k * w, (ph - h) / 2) for k in range(per_page)]
