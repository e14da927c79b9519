"""Load the Ganz schön clever score-sheet layout (``sheet.yaml``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.engine.source import load_document
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

BUNDLED = Path(__file__).resolve().parents[1] / "data" / "sheet.yaml"


def load_sheet_layout(path: str | Path | None = None) -> SheetLayout:
    """Read and validate a sheet layout (the bundled one by default); errors are InputError."""
    if path is None:
        return _bundled()
    return load_document(path).validate(SheetLayout)


@lru_cache(maxsize=1)
def _bundled() -> SheetLayout:
    # Building a pad of many sheets asks for the layout once per sheet; read the file once.
    return load_document(BUNDLED).validate(SheetLayout)
