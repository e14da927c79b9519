"""Field types that every game's definition schema (pydantic) uses the same way.

A game's model declares its own records; what a colour, an identifier or a frozen record *is* stays
one definition here, so a definition file is validated alike whichever game reads it.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Hex = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]
"""A colour as ``#rrggbb``."""

Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
"""A name a definition refers to by: lower-case letters, digits and ``_``, starting with a letter."""


class Frozen(BaseModel):
    """An immutable record that refuses unknown keys; fields with an alias (``zh-TW``) accept either name."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


_LANGUAGE_FIELDS = {"en": "en", "zh-TW": "zh_TW", "de": "de"}


class LocalizedText(Frozen):
    """A text in each language the bundled games print: English, Traditional Chinese (Taiwan) and German.

    A game whose files may leave a language out subclasses it with that field optional (``de: str | None``);
    :meth:`get` then gives the English, as it does for a language no field holds.
    """

    en: str = Field(min_length=1)
    zh_TW: str = Field(alias="zh-TW", min_length=1)
    de: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        """The text in ``lang``; the English where it is not written in ``lang``."""
        field = _LANGUAGE_FIELDS.get(lang)
        text = getattr(self, field) if field is not None else None
        return text or self.en

    def languages(self) -> tuple[str, ...]:
        """The languages this text is written in (``en``, ``zh-TW``, ...)."""
        return tuple(lang for lang, field in _LANGUAGE_FIELDS.items() if getattr(self, field))
