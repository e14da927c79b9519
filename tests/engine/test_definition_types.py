"""The per-language text every bundled game's definitions use: one type, one way to pick a language."""

from __future__ import annotations

import pytest
from pydantic import Field, ValidationError

from printkit.engine.definition_types import LocalizedText


class _GermanOptional(LocalizedText):
    de: str | None = Field(default=None, min_length=1)  # type: ignore[assignment]


def test_each_language_and_english_where_one_is_missing() -> None:
    text = LocalizedText.model_validate({"en": "Bridge", "zh-TW": "橋", "de": "Brücke"})
    assert [text.get(lang) for lang in ("en", "zh-TW", "de", "fr")] == ["Bridge", "橋", "Brücke", "Bridge"]
    assert text.languages() == ("en", "zh-TW", "de")
    older = _GermanOptional.model_validate({"en": "Bridge", "zh-TW": "橋"})
    assert older.get("de") == "Bridge" and older.languages() == ("en", "zh-TW")


def test_a_missing_or_empty_language_is_refused_by_its_name() -> None:
    with pytest.raises(ValidationError) as err:
        LocalizedText.model_validate({"en": "Bridge", "de": "Brücke"})
    assert [e["loc"] for e in err.value.errors()] == [("zh-TW",)]
    with pytest.raises(ValidationError) as err:
        LocalizedText.model_validate({"en": "", "zh-TW": "橋", "de": "Brücke", "fr": "Pont"})
    assert {e["loc"] for e in err.value.errors()} == {("en",), ("fr",)}
