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
    # or: data: cards.xlsx  (.xlsx/.xls/.ods; sheet: Cards; header_row: 2), or data: https://... (--allow-network)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from printkit.engine.languages import LANG_FORM, canonical_tag
from printkit.engine.units import parse_length


def _tag(value: str) -> str:
    tag = canonical_tag(value)
    if tag is None:
        raise ValueError(f"{value!r} is not a language: {LANG_FORM}")
    return tag


class CustomSize(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    width: float = Field(gt=5, le=400, description="trim width: mm, or with a unit (2.5in, 6.3cm, 180pt)")
    height: float = Field(gt=5, le=400, description="trim height: mm, or with a unit")

    @field_validator("width", "height", mode="before")
    @classmethod
    def _units(cls, value: object) -> object:
        return parse_length(value)


class FontFamily(BaseModel):
    """A font family's files, relative to the definition: ``**bold**`` and ``*italic*`` pick its faces."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    regular: str = Field(description="the regular face: a .ttf or .otf file")
    bold: str | None = Field(None, description="the bold face (for **bold** and bold: true)")
    italic: str | None = Field(None, description="the italic face (for *italic*)")
    bold_italic: str | None = Field(None, description="the bold italic face (for ***both***)")


FAMILY_NAME = r"^[A-Za-z][A-Za-z0-9_-]*$"
SECTION_NAME = r"^[a-z][a-z0-9_-]*$"
Shape = Literal["card", "square", "hex", "circle", "polygon", "star", "board", "die"]
# What each shape is sized by (the keys it needs one of) and may be given besides; everything else is a mistake.
SHAPE_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "card": ((), ()),
    "square": (("side",), ()),
    "hex": (("flat_to_flat", "corner_to_corner"), ("top",)),
    "circle": (("diameter",), ()),
    "polygon": (("diameter",), ("sides",)),
    "star": (("diameter",), ("points", "inner")),
    "board": (("width",), ("height", "overlap", "seams")),
    "die": (("side",), ()),
}
DEFAULT_OVERLAP = 10.0  # mm: --tile-overlap's default, what a board's seams must keep clear of its edges
INHERITED = ("title", "style", "fonts", "templates", "safe_zone", "quantity_column", "language",
             "hyphenate", "direction")
SIZE_KEYS = ("side", "flat_to_flat", "corner_to_corner", "top", "diameter", "sides", "points", "inner", "width",
             "height", "overlap", "seams")


class Seams(BaseModel):
    """Where a board's sheets join, in board mm from its left (x) and top (y) edge: the middle of each overlap."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: list[float] = Field(default_factory=list, description="joins across the board's width, left to right")
    y: list[float] = Field(default_factory=list, description="joins down the board's height, top to bottom")

    @field_validator("x", "y", mode="before")
    @classmethod
    def _units(cls, value: object) -> object:
        return [parse_length(v) for v in value] if isinstance(value, list) else value


class PieceSpec(BaseModel):
    """A piece's shape and size: cards (the deck's ``size:``), square or hex tiles, round or shaped tokens, a board
    (one big piece, tiled over sheets when larger than the paper) or dice (six rows to a die)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    shape: Shape = Field("card", description="card, square, hex, circle, polygon, star, board or die")
    side: float | None = Field(None, gt=5, le=400, description="square: its side; die: a face's side (mm)")
    flat_to_flat: float | None = Field(None, gt=5, le=400, description="hex: across the flat sides (mm)")
    corner_to_corner: float | None = Field(None, gt=5, le=460, description="hex: across the corners (mm)")
    top: Literal["pointy", "flat"] = Field("pointy", description="hex: a corner at the top, or a flat side")
    diameter: float | None = Field(None, gt=5, le=400, description="circle, polygon, star: across (mm)")
    sides: int = Field(6, ge=3, le=24, description="polygon: number of sides")
    points: int = Field(5, ge=3, le=24, description="star: number of tips")
    inner: float = Field(0.5, gt=0.1, lt=1, description="star: the notches' radius as a share of the tips'")
    width: float | None = Field(None, gt=5, le=3000, description="board: width (mm)")
    height: float | None = Field(None, gt=5, le=3000, description="board: height (mm)")
    overlap: float | None = Field(None, ge=0, le=50, description="board: mm the sheets overlap to glue "
                                                                 "(default: --tile-overlap, 10 mm)")
    seams: Seams | None = Field(None, description="board: where its sheets join, {x: [..], y: [..]} in board mm "
                                                  "(default: spread evenly)")

    @field_validator("side", "flat_to_flat", "corner_to_corner", "diameter", "width", "height", "overlap",
                     mode="before")
    @classmethod
    def _units(cls, value: object) -> object:
        return parse_length(value) if value is not None else None

    @model_validator(mode="after")
    def _keys_fit_shape(self) -> PieceSpec:
        needs, may = SHAPE_KEYS[self.shape]
        given = [k for k in SIZE_KEYS if k in self.model_fields_set]
        wrong = [k for k in given if k not in needs + may]
        if wrong:
            allowed = ", ".join(needs + may) or "none (a card's size is the deck's size:)"
            raise ValueError(f"{', '.join(wrong)} is not for a {self.shape}; its keys: {allowed}")
        sizing = [k for k in needs if k in self.model_fields_set]
        if needs and len(sizing) != 1 and self.shape != "board":
            raise ValueError(f"a {self.shape} is sized by {' or '.join(needs)} (mm), exactly one of them; "
                             f"found {', '.join(sizing) or 'none'}")
        if self.shape == "board" and (self.width is None or self.height is None):
            raise ValueError("a board is sized by width and height (mm), both of them")
        if self.seams is not None and self.width is not None and self.height is not None:
            half = (self.overlap if self.overlap is not None else DEFAULT_OVERLAP) / 2
            for axis, length in (("x", self.width), ("y", self.height)):
                at = getattr(self.seams, axis)
                if at != sorted(set(at)) or any(not half < v < length - half for v in at):
                    raise ValueError(f"seams: {axis}: joins in order, each inside the board by more than half the "
                                     f"overlap ({half:g} mm to {length - half:g} mm); found {at}")
        return self


class DeckDefinition(BaseModel):
    """A deck of cards printed n-up with bleed, crop marks and backs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, description="printed in the PDF title and summaries")
    size: str | CustomSize = Field("poker", description="a named size (see `printkit sizes`) or width/height in mm")
    piece: PieceSpec = Field(default_factory=PieceSpec, description="the pieces' shape and size when they are not "
                             "cards: square, hex, circle, polygon, star, board or die (docs/pieces.md)")
    name: str | None = Field(None, description="a section's name: its PDF is NAME-LANG-PAPER.pdf", pattern=SECTION_NAME)
    sections: list[DeckDefinition] = Field(default_factory=list, description="more pieces from the same "
                                           "templates and data: each a deck of its own (name:, piece:, data:/sheet:, "
                                           "front:, back:) that takes title, style, fonts and templates from this one")
    front: str = Field("standard", description="front template: a name in templates/cards/ or a .yaml path")
    back: str | None = Field("standard-back", description="back template, or null for no backs")
    style: dict[str, Any] = Field(default_factory=dict, description="values templates read as {{ style.x }}")
    back_fields: dict[str, Any] = Field(default_factory=dict, description="values the back reads as {{ card.x }}")
    cards: list[dict[str, Any]] | None = Field(None, description="inline cards; each may have a qty")
    csv: str | None = Field(None, description="CSV file with one card per row, relative to this file")
    data: str | None = Field(None, description="cards from a file relative to this one, or an https:// URL (fetched "
                                               "only with --allow-network): .csv, .xlsx, .xls or .ods")
    sheet: str | None = Field(None, description="the spreadsheet's sheet to read (needed when it has several)")
    header_row: int = Field(1, ge=1, le=1000, description="the spreadsheet row that names the columns")
    templates: str | None = Field(None, description="the deck's own template folder, inside its folder: cards/ for "
                                                    "templates by name, icons/ for icons (--templates DIR replaces it)")
    fonts: dict[str, FontFamily] = Field(default_factory=dict, description="font families by name; a text "
                                         "element's font: names one (font: serif, or font: \"serif, sans\")")
    quantity_column: str = Field("qty", description="the column/key giving how many copies to print")
    hyphenate: bool | str = Field(False, description="the default of every text element's hyphenate: (true: in the "
                                                     "build's language, or a language such as de)")
    direction: Literal["auto", "ltr", "rtl"] = Field("auto", description="the default of every text element's "
                                                     "direction: (auto: each paragraph's first letter says; rtl: "
                                                     "right to left, for Arabic and Hebrew)")
    safe_zone: float | None = Field(None, ge=0, le=50, description="a margin inside the trim (mm, or with a unit) "
                                                                  "that text and icons keep clear of: warned about, "
                                                                  "an error with --strict")
    corner_radius: float = Field(0, ge=0, le=20, description="rounded card corners (mm) for the cutter: shown as a "
                                                             "cut outline on previews, transparent in --png-cards")
    language: str | None = Field(None, description="the language the cards' plain columns are in (default en): "
                                                 "a tag such as de, ja or zh-TW")
    translations: dict[str, str] = Field(default_factory=dict, description="a file of texts per language, beside "
                                         "the deck: {de: strings/de.yaml} (or columns name@de in the cards)")
    translation_key: str = Field("name", min_length=1, description="the card field (in the deck's language) "
                                                                    "matching a card to its translations file entry")

    @field_validator("language")
    @classmethod
    def _language_tag(cls, value: str | None) -> str | None:
        return None if value is None else _tag(value)

    @field_validator("translations")
    @classmethod
    def _translation_tags(cls, value: dict[str, str]) -> dict[str, str]:
        return {_tag(k): v for k, v in value.items()}

    @field_validator("fonts")
    @classmethod
    def _family_names(cls, value: dict[str, FontFamily]) -> dict[str, FontFamily]:
        for name in value:
            if not re.match(FAMILY_NAME, name) or name.lower() in ("sans", "printkitsans"):
                raise ValueError(f"font family name {name!r}: a word of letters, digits, - and _ (not 'sans', "
                                 "which is the bundled family)")
        return value

    @field_validator("hyphenate")
    @classmethod
    def _hyphenation_language(cls, value: bool | str) -> bool | str:
        from printkit.engine.render.hyphenation import hyphenation_problem, hyphenation_setting

        setting = hyphenation_setting(value)
        problem = hyphenation_problem(setting) if isinstance(value, str) and isinstance(setting, str) else None
        if problem is not None:
            raise ValueError(problem.removeprefix("hyphenate: "))
        return value

    @field_validator("safe_zone", mode="before")
    @classmethod
    def _safe_units(cls, value: object) -> object:
        return parse_length(value) if value is not None else None

    @model_validator(mode="before")
    @classmethod
    def _sections_inherit(cls, data: Any) -> Any:
        """A section takes the deck's title, style, fonts, templates, safe zone, quantity column, language,
        hyphenate and direction unless it gives its own (not its translations files: those belong to the deck's own
        cards)."""
        if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
            return data
        shared = {k: data[k] for k in INHERITED if k in data}
        sections = [{**shared, **s} if isinstance(s, dict) else s for s in data["sections"]]
        return {**data, "sections": sections}

    @model_validator(mode="after")
    def _no_nested_sections(self) -> DeckDefinition:
        if any(s.sections for s in self.sections):
            raise ValueError("a section cannot have sections of its own")
        return self

    @model_validator(mode="after")
    def _one_source(self) -> DeckDefinition:
        given = [k for k in ("cards", "csv", "data") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("give the cards inline (cards:) or from one file or URL (data:, or csv:), "
                             f"exactly one of them; found {', '.join(given) or 'none'}")
        return self


@dataclass(frozen=True)
class Card:
    """One printed card after quantities are expanded: its fields and where it came from."""

    fields: dict[str, Any]
    index: int  # 1-based position in the printed deck
    copy: int  # 1..qty
    source: str  # "cards.csv:7" or "deck.yaml:12", for messages
    place: Place | None = None  # the cell of each field, for a message about one of its values


@dataclass(frozen=True)
class Place:
    """Where a card's row sits in its data, and where each field's value is: a message about a value names the
    cell it came from (``cards.xlsx: sheet 'Cards', row 7, column F (text)``), not merely the row."""

    row: str  # "cards.csv:7", "cards.xlsx: sheet 'Cards', row 7", "deck.yaml:12"
    columns: Mapping[str, str] = field(default_factory=dict)  # field → "column F (text)", a column of that row
    elsewhere: Mapping[str, str] = field(default_factory=dict)  # field → "deck.yaml:14:9 (text)": inline cards,
    # or a text a translations file gives

    def cells(self, fields: Iterable[str]) -> str:
        """The cells of ``fields`` (those the card has), one location; the row when it has none of them."""
        wanted = list(dict.fromkeys(fields))
        same = sorted((self.columns[f] for f in wanted if f in self.columns), key=_column_order)
        other = [self.elsewhere[f] for f in wanted if f in self.elsewhere and f not in self.columns]
        head = [self.row + "".join(f", {c}" for c in same)] if same or not other else []
        return "; ".join(head + other)


def _column_order(column: str) -> tuple[int, str]:
    letters = column.split()[1] if column.startswith("column ") else column
    return len(letters), letters


def json_schema() -> dict[str, Any]:
    """JSON Schema of a deck definition file, for editor completion (``printkit schema deck``): the deck at the
    top (pydantic puts a model that holds itself, as ``sections:`` does, under ``$defs``), a section refers back
    to it as ``#``."""
    schema = DeckDefinition.model_json_schema()
    defs = schema.get("$defs", {})
    if "$ref" not in schema or "DeckDefinition" not in defs:
        return schema
    top = defs.pop("DeckDefinition")
    text = json.dumps({**top, "$defs": defs}).replace('"#/$defs/DeckDefinition"', '"#"')
    return json.loads(text)
