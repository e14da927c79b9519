"""Load the bundled words of the Ganz schön clever checker (``messages.yaml``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.definitions.source import load_document
from printkit.model.gsc_messages import CheckTexts

BUNDLED = Path(__file__).parent / "bundled" / "ganz-schon-clever" / "messages.yaml"


@cache
def load_check_texts() -> CheckTexts:
    """The checker's message catalogue, validated (errors are InputError with file and line)."""
    return load_document(BUNDLED).validate(CheckTexts)
