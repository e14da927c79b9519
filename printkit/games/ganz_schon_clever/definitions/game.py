"""Load the bundled Ganz schön clever game definition."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printkit.engine.source import load_document
from printkit.games.ganz_schon_clever.model.game import GscGame

BUNDLED = Path(__file__).resolve().parents[1] / "data" / "game.yaml"


def load_gsc_game(path: str | Path | None = None) -> GscGame:
    """Read and validate a GSC game file (the bundled one by default); errors are InputError."""
    if path is None:
        return _bundled()
    return load_document(path).validate(GscGame)


@lru_cache(maxsize=1)
def _bundled() -> GscGame:
    # The bundled file never changes while we run; checking many sheets should not re-read it.
    return load_document(BUNDLED).validate(GscGame)
