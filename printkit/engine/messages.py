"""The engine's own printed words (scale note, tile labels) in each language."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

MESSAGES_FILE = Path(__file__).resolve().parent / "data" / "messages.yaml"
LANGUAGES = ("en", "zh-TW", "de")


@cache
def _catalogue() -> dict[str, dict[str, str]]:
    return yaml.safe_load(MESSAGES_FILE.read_text(encoding="utf-8"))


def message(key: str, lang: str, **values: object) -> str:
    """The text for ``key`` in ``lang``, falling back to English for a missing entry."""
    cat = _catalogue()
    text = cat.get(lang, {}).get(key) or cat["en"][key]
    return text.format(**values) if values else text
