"""Loading a user's deck: the YAML definition, its CSV, and the named card sizes."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import yaml

from printkit.engine.errors import InputError, Problem
from printkit.engine.source import load_document, read_text
from printkit.engine.template.files import CardTemplate, find_template, load_template
from printkit.games.deck.model import Card, CustomSize, DeckDefinition

SIZES_FILE = Path(__file__).resolve().parents[2] / "engine" / "data" / "card-sizes.yaml"


@cache
def card_sizes() -> dict[str, dict]:
    return yaml.safe_load(SIZES_FILE.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class LoadedDeck:
    """Everything a deck build needs, read from disk: the definition, its cards, its templates."""

    definition: DeckDefinition
    cards: tuple[Card, ...]
    width: float
    height: float
    file: Path
    front: CardTemplate
    back: CardTemplate | None


def _quantity(value: object, where: Problem, problems: list[Problem]) -> int:
    """How many copies; a bad value is recorded in ``problems`` (and counts as 0)."""
    if value is None or value == "":
        return 1
    try:
        qty = int(str(value).strip())
    except ValueError:
        problems.append(replace(where, message=f"quantity must be a whole number; found {value!r}"))
        return 0
    if qty < 0:
        problems.append(replace(where, message=f"quantity must be 0 or more; found {qty}"))
        return 0
    return qty


def load_deck(path: Path, templates: Path | None = None) -> LoadedDeck:
    """Read a deck definition, its CSV (if any) and its templates (``templates`` first).

    Every problem found in the definition and its cards is reported at once.
    """
    doc = load_document(path)
    if not isinstance(doc.data, dict):
        raise doc.error((), "a deck definition is a mapping with at least title: and cards: (or csv:)")
    definition = doc.validate(DeckDefinition, kind="deck")
    problems: list[Problem] = []
    width = height = 0.0
    if isinstance(definition.size, CustomSize):
        width, height = definition.size.width, definition.size.height
    elif definition.size in card_sizes():
        size = card_sizes()[definition.size]
        width, height = float(size["width"]), float(size["height"])
    else:
        problems.append(doc.problem(("size",), f"unknown card size {definition.size!r}; known: "
                                               f"{', '.join(card_sizes())}, or {{width: .., height: ..}} in mm"))
    qcol = definition.quantity_column
    rows: list[tuple[dict, Problem]] = []
    if definition.cards is not None:
        for i, fields in enumerate(definition.cards):
            rows.append((fields, doc.problem(("cards", i, qcol) if qcol in fields else ("cards", i), "")))
    else:
        assert definition.csv is not None
        rows = _read_csv(path.parent / definition.csv, qcol)
    cards: list[Card] = []
    for fields, where in rows:
        qty = _quantity(fields.get(qcol), where, problems)
        clean = {k: v for k, v in fields.items() if k != qcol}
        for copy in range(1, qty + 1):
            cards.append(Card(fields=clean, index=len(cards) + 1, copy=copy,
                              source=f"{where.file}:{where.line}" if where.line else str(where.file)))
    if problems:
        raise InputError(problems)
    front = load_template(find_template(definition.front, templates, path.parent))
    back = load_template(find_template(definition.back, templates, path.parent)) if definition.back else None
    return LoadedDeck(definition, tuple(cards), width, height, path, front, back)


def _read_csv(path: Path, qcol: str) -> list[tuple[dict, Problem]]:
    text = read_text(path, "CSV file")
    reader = csv.reader(io.StringIO(text, newline=""))  # keeps newlines inside quoted cells
    try:
        header = next(reader)
    except StopIteration:
        raise InputError.single("the CSV file is empty; it needs a header row", path, 1, 1) from None
    header = [h.strip() for h in header]
    if any(not h for h in header):
        raise InputError.single(f"column {header.index('') + 1} of the header row has no name", path, 1,
                                header.index("") + 1)
    rows = []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InputError.single(f"expected {len(header)} columns as in the header row, found {len(row)}",
                                    path, line, 1)
        fields = {h: _cell(v) for h, v in zip(header, row, strict=True)}
        col = header.index(qcol) + 1 if qcol in header else None
        rows.append((fields, Problem("", str(path), line, col, qcol if col else "")))
    return rows


_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")


def _cell(value: str) -> object:
    """Plain decimal numbers in a CSV become numbers, so templates can compare them.

    Only plain decimals: "007", "1_000", "NaN" or "inf" stay text exactly as written.
    """
    v = value.strip()
    if _NUMBER.fullmatch(v):
        return float(v) if "." in v else int(v)
    return v
