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
