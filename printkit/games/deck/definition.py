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
from printkit.engine.remote import fetch, is_url, url_suffix
from printkit.engine.source import load_document, read_text
from printkit.engine.spreadsheets import SPREADSHEET_SUFFIXES, read_sheet
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
    sources: tuple[tuple[str, str], ...] = ()  # (url, sha256) of data fetched from the network
    notes: tuple[str, ...] = ()  # warnings found while loading (a cached copy used, ...)


def resolve_input(definition_file: Path, name: str) -> Path:
    """A file the definition names (cards data, template, font, image), relative to the definition.

    Every path a deck definition names goes through here, so one rule decides what it may reach.
    """
    p = Path(name)
    return p if p.is_absolute() else definition_file.parent / p


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


def load_deck(path: Path, templates: Path | None = None, allow_network: bool = False) -> LoadedDeck:
    """Read a deck definition, its cards file (if any) and its templates (``templates`` first).

    Cards data at a URL is fetched only with ``allow_network``.

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
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    if definition.cards is not None:
        for i, fields in enumerate(definition.cards):
            rows.append((fields, doc.problem(("cards", i, qcol) if qcol in fields else ("cards", i), "")))
    else:
        name = definition.data or definition.csv
        assert name is not None
        key = "data" if definition.data else "csv"
        rows, sources, notes = _read_rows(doc, path, key, name, definition, allow_network)
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
    return LoadedDeck(definition, tuple(cards), width, height, path, front, back, sources, notes)


def _read_rows(doc, path: Path, key: str, name: str, definition: DeckDefinition,
               allow_network: bool) -> tuple[list[tuple[dict, Problem]], tuple, tuple]:
    """Card rows from a CSV or spreadsheet file, or from a URL serving one."""
    line, col = doc.locate((key,))
    qcol = definition.quantity_column
    data: bytes | None = None
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    if is_url(name):
        got = fetch(name, allow_network, f"{path}:{line}:{col}")
        data, suffix, label = got.data, url_suffix(name), name
        sources = ((name, got.sha256),)
        if got.from_cache:
            notes = (f"could not reach {name}; used the copy cached earlier (sha256 {got.sha256[:12]}…)",)
        file = Path(name)
    else:
        file = resolve_input(path, name)
        suffix, label = file.suffix.lower(), str(file)
    if suffix in SPREADSHEET_SUFFIXES:
        rows = []
        for r in read_sheet(file, definition.sheet, definition.header_row, data, label):
            col_no = r.columns.get(qcol)
            where = f"{label}: {r.where(qcol if col_no else None)}"
            rows.append((r.fields, Problem("", where, None, None, "")))
        return rows, sources, notes
    if definition.sheet is not None or definition.header_row != 1:
        raise doc.error(("sheet",) if definition.sheet is not None else ("header_row",),
                        f"sheet: and header_row: are for spreadsheets (.xlsx, .xls, .ods); {name} is CSV")
    if data is not None:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError.single(f"{name}: the data is not UTF-8 text (CSV) nor a known spreadsheet") from None
        return _read_csv(file, qcol, text, label), sources, notes
    return _read_csv(file, qcol), sources, notes


def _read_csv(path: Path, qcol: str, text: str | None = None, label: str | None = None) -> list[tuple[dict, Problem]]:
    if text is None:
        text = read_text(path, "CSV file")
    else:
        path = Path(label or path)
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
