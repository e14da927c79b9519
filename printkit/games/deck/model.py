"""A user's own deck definition: cards from inline data or a CSV file, a size, templates.

Example (``printkit schema deck`` prints the full JSON Schema)::

    title: My deck
    size: poker            # or {width: 60, height: 90}
    front: standard        # templates/cards/standard.yaml, or a path to your own
    back: standard-back
    style: {accent: "#7a1f1f"}
    cards:
      - {name: Fireball, qty: 3, text: "Deal 3 damage."}
    # or: csv: cards.csv   (a header row; a qty column, default name "qty")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class CustomSize(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    width: float = Field(gt=5, le=400, description="trim width in mm")
    height: float = Field(gt=5, le=400, description="trim height in mm")


class DeckDefinition(BaseModel):
    """A deck of cards printed n-up with bleed, crop marks and backs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, description="printed in the PDF title and summaries")
    size: str | CustomSize = Field("poker", description="a named size (see `printkit sizes`) or width/height in mm")
    front: str = Field("standard", description="front template: a name in templates/cards/ or a .yaml path")
    back: str | None = Field("standard-back", description="back template, or null for no backs")
    style: dict[str, Any] = Field(default_factory=dict, description="values templates read as {{ style.x }}")
    back_fields: dict[str, Any] = Field(default_factory=dict, description="values the back reads as {{ card.x }}")
    cards: list[dict[str, Any]] | None = Field(None, description="inline cards; each may have a qty")
    csv: str | None = Field(None, description="CSV file with one card per row, relative to this file")
    quantity_column: str = Field("qty", description="the column/key giving how many copies to print")

    @model_validator(mode="after")
    def _one_source(self) -> DeckDefinition:
        if (self.cards is None) == (self.csv is None):
            raise ValueError("give the cards either inline (cards:) or as a file (csv:), exactly one of them")
        return self


@dataclass(frozen=True)
class Card:
    """One printed card after quantities are expanded: its fields and where it came from."""

    fields: dict[str, Any]
    index: int  # 1-based position in the printed deck
    copy: int  # 1..qty
    source: str  # "cards.csv:7" or "deck.yaml:12", for messages


def json_schema() -> dict[str, Any]:
    """JSON Schema of a deck definition file, for editor completion (``printkit schema deck``)."""
    return DeckDefinition.model_json_schema()
