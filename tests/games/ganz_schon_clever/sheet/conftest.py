"""Shared fixtures for the Ganz schön clever score-sheet tests: the definitions and rendered pads."""

from __future__ import annotations

from functools import cache

import pypdfium2
import pytest

from printkit.engine.components import BuildOptions, SheetComponent, TextFile
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import Rendered, render
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.kit import components
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="session")
def game() -> GscGame:
    return load_gsc_game()


@pytest.fixture(scope="session")
def layout() -> SheetLayout:
    return load_sheet_layout()


@cache
def build(paper: str = "a4", lang: str = "en", per_page: int = 1, ink_saver: bool = False,
          players: int | None = None, count: int = 1, seed: int = 1) -> tuple[SheetComponent, SheetComponent, TextFile]:
    comps = components(BuildOptions(paper=paper, lang=lang, players=players, seed=seed,
                                    extra={"count": count, "per_page": per_page, "ink_saver": ink_saver}))
    sheets, solo, table = comps
    assert isinstance(sheets, SheetComponent) and isinstance(solo, SheetComponent) and isinstance(table, TextFile)
    return sheets, solo, table


@cache
def rendered(paper: str = "a4", lang: str = "en", per_page: int = 1, ink_saver: bool = False,
             players: int | None = None, count: int = 1) -> Rendered:
    sheets, _, _ = build(paper, lang, per_page, ink_saver, players, count)
    return render(sheets, PrintSettings(paper=paper), lang)


def pdf_of(r: Rendered) -> pypdfium2.PdfDocument:
    return pypdfium2.PdfDocument(r.pdf)
