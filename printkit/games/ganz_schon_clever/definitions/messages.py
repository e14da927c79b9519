"""Load the bundled words of the Ganz schön clever checker (``messages.yaml``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.engine.source import load_document
from printkit.games.ganz_schon_clever.model.messages import CheckTexts

BUNDLED = Path(__file__).resolve().parents[1] / "data" / "messages.yaml"


@cache
def load_check_texts() -> CheckTexts:
    """The checker's message catalogue, validated (errors are InputError with file and line)."""
    return load_document(BUNDLED).validate(CheckTexts)
