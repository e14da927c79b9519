"""Loading a user's deck: the YAML definition, its CSV, and the named card sizes."""

from __future__ import annotations

import csv
import io
import re
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from printkit.engine.containment import Containment
from printkit.engine.errors import InputError, Problem, blamed_on
from printkit.engine.limits import MAX_CARDS
from printkit.engine.paths import templates_root
from printkit.engine.pieces import (
    SQRT3,
    PieceShape,
    circle_shape,
    hex_shape,
    polygon_shape,
    square_shape,
    star_shape,
)
from printkit.engine.remote import fetch, is_url, url_suffix
from printkit.engine.render.fonts import FAMILY_STYLES, declare_family
from printkit.engine.source import Document, load_document, read_text
from printkit.engine.spreadsheets import SPREADSHEET_SUFFIXES, column_letter, read_sheet
from printkit.engine.template.files import CardTemplate, SearchPath, find_template, load_template
from printkit.games.deck.model import SHAPE_KEYS, Card, CustomSize, DeckDefinition, PieceSpec, Place
from printkit.games.deck.translations import Localised, deck_language, load_translation, localise, split_key

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
    sources: tuple[tuple[str, str, str], ...] = ()  # (url, sha256, url after redirects) of data fetched
    notes: tuple[str, ...] = ()  # warnings found while loading (a cached copy used, ...)
    warnings: tuple[str, ...] = ()  # columns no template reads, fields a template reads that no card has
    families: tuple[tuple[str, str], ...] = ()  # (name under fonts:, the token a text's font: is given)
    icon_dirs: tuple[Path, ...] = ()  # the deck's own icon folder (from templates:)
    lang: str = "en"  # the language the cards' texts are in
    languages: tuple[str, ...] = ("en",)  # every language the deck has texts in, its own first
    shape: PieceShape | None = None  # shaped pieces (hexes, tokens, die faces); None: cards or a board
    sections: tuple[LoadedDeck, ...] = ()  # the definition's sections:, each loaded as a deck of its own

    @property
    def name(self) -> str:
        """What its PDF is named after: ``cards`` for the file's own deck, a section's ``name:``."""
        return self.definition.name or "cards"


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
        problems.append(replace(where, message=f"quantity must be a whole number; found {_shown(value)}"))
        return 0
    if qty < 0:
        problems.append(replace(where, message=f"quantity must be 0 or more; found {qty}"))
        return 0
    return qty


def load_deck(path: Path, templates: Path | None = None, max_cards: int = MAX_CARDS,
              allow_outside: bool = False, allow_network: bool = False, lang: str | None = None,
              lenient: bool = False) -> LoadedDeck:
    """Read a deck definition, its cards file (if any) and its templates (``templates`` first), and each of its
    ``sections:`` the same way.

    Cards data at a URL is fetched only with ``allow_network``.  The cards' texts are those of ``lang`` (None:
    the deck's own language); a missing translation is an error, or with ``lenient`` a warning (translations.py).

    Every problem found in the definition and its cards is reported at once.  Files the definition
    names must lie in its folder or ``templates`` (unless ``allow_outside``); a deck of more than
    ``max_cards`` cards is refused at the row that crosses the cap, before any card is made.
    """
    doc = load_document(path)
    if not isinstance(doc.data, dict):
        raise doc.error((), "a deck definition is a mapping with at least title: and cards: (or csv:)")
    definition = doc.validate(DeckDefinition, kind="deck")
    named: set[str] = {"cards"}  # the file's own deck prints as cards-...pdf
    problems = []
    for i, sec in enumerate(definition.sections):
        if sec.name is None:
            problems.append(doc.problem(("sections", i), "a section needs a name: (a word: tokens, hexes, board); "
                                                         "its PDF is named after it"))
        elif sec.name in named:
            problems.append(doc.problem(("sections", i, "name"), f"section name {sec.name!r} is used twice (the "
                                                                 "deck's own cards are 'cards')"))
        named.add(sec.name or "")
    if problems:
        raise InputError(problems)
    main = _load_part(doc, path, definition, templates, max_cards, allow_outside, allow_network, lang, lenient)
    sections = tuple(_load_part(_Within(doc, ("sections", i)), path, sec, templates, max_cards, allow_outside,
                                allow_network, lang, lenient) for i, sec in enumerate(definition.sections))
    return replace(main, sections=sections)


class _Within(Document):
    """A part of a document (a section of a deck) read as a document of its own: its problems name the lines of
    the part, their keys the path from the file's top (``sections.1.piece``)."""

    __slots__ = ("_at", "_outer")

    def __init__(self, outer: Document, at: tuple) -> None:
        super().__init__(outer.data, None, outer.file)
        self._outer, self._at = outer, at

    def locate(self, path: Sequence[Any]) -> tuple[int | None, int | None]:
        return self._outer.locate((*self._at, *path))

    def problem(self, path: Sequence[Any], message: str) -> Problem:
        return self._outer.problem((*self._at, *path), message)


def piece_shape(spec: PieceSpec) -> PieceShape | None:
    """The cut shape a ``piece:`` declares (None for cards, which the deck's ``size:`` sizes, and boards)."""
    if spec.shape == "hex":
        flat = spec.flat_to_flat if spec.flat_to_flat is not None else (spec.corner_to_corner or 0) * SQRT3 / 2
        return hex_shape(flat, spec.top == "pointy")
    if spec.shape == "circle":
        return circle_shape(spec.diameter or 0)
    if spec.shape == "polygon":
        return polygon_shape(spec.diameter or 0, spec.sides)
    if spec.shape == "star":
        return star_shape(spec.diameter or 0, spec.points, spec.inner)
    if spec.shape == "square":
        return square_shape(spec.side or 0)
    if spec.shape == "die":
        side = spec.side or 0
        return PieceShape("die", side, side, side=side)
    return None


def _load_part(doc: Document, path: Path, definition: DeckDefinition, templates: Path | None, max_cards: int,
               allow_outside: bool, allow_network: bool, lang: str | None, lenient: bool) -> LoadedDeck:
    """One deck of the file (the file's own, or a section of it): its cards, templates and shape."""
    own = _own_templates(doc, path, definition)
    templates = templates or own  # --templates DIR, when given, replaces the deck's own folder
    contain = deck_containment(path, templates, allow_outside)
    problems: list[Problem] = []
    width = height = 0.0
    spec = definition.piece
    shape = piece_shape(spec)
    if shape is not None:
        width, height = shape.width, shape.height
    elif spec.shape == "board":
        width, height = spec.width or 0.0, spec.height or 0.0
    elif isinstance(definition.size, CustomSize):
        width, height = definition.size.width, definition.size.height
    elif definition.size in card_sizes():
        size = card_sizes()[definition.size]
        width, height = float(size["width"]), float(size["height"])
    else:
        problems.append(doc.problem(("size",), f"unknown card size {definition.size!r}; known: "
                                               f"{', '.join(card_sizes())}, or {{width: .., height: ..}} in mm"))
    if "size" in definition.model_fields_set and spec.shape != "card":
        problems.append(doc.problem(("size",), f"size: is for cards; a {spec.shape}'s size is given under piece: "
                                               f"({' or '.join(SHAPE_KEYS[spec.shape][0])})"))
    given_back = "back" in definition.model_fields_set
    if spec.shape in ("die", "board") and definition.back is not None and given_back:
        problems.append(doc.problem(("back",), f"a {spec.shape} has no back; leave back: out (or back: null)"))
    # the bundled card back is for cards and square tiles; a hex or a token has a back only when given one
    backed = definition.back is not None and (spec.shape in ("card", "square") or given_back)
    qcol = definition.quantity_column
    rows: list[tuple[dict, Problem]] = []
    sources: tuple[tuple[str, str, str], ...] = ()
    notes: tuple[str, ...] = ()
    places: list[Place] = []
    if definition.cards is not None:
        for i, fields in enumerate(definition.cards):
            rows.append((fields, doc.problem(("cards", i, qcol) if qcol in fields else ("cards", i), "")))
            places.append(_inline_place(doc, i, fields))
    else:
        name = definition.data or definition.csv
        assert name is not None
        key = "data" if definition.data else "csv"
        rows, places, qcol, sources, notes = _read_rows(doc, path, key, name, definition, allow_network, contain)
    localised = _localised(doc, path, definition, rows, lang, lenient, contain)
    rows = localised.rows
    places = [_moved(place, moved) for place, moved in zip(places, localised.origins, strict=True)]
    if localised.title is not None or localised.style != definition.style:
        definition = definition.model_copy(update={"title": localised.title or definition.title,
                                                   "style": localised.style})
    cards: list[Card] = []
    total = 0
    for (fields, where), place in zip(rows, places, strict=True):
        qty = _quantity(fields.get(qcol), where, problems)
        total += qty
        if total > max_cards:
            raise InputError([replace(where, message=f"the deck would have more than {max_cards:,} cards here "
                                                     f"(the cap; `printkit build --max-cards N` raises it)")])
        clean = {k: v for k, v in fields.items() if k != qcol}
        for copy in range(1, qty + 1):
            cards.append(Card(fields=clean, index=len(cards) + 1, copy=copy, source=place.row, place=place))
    if spec.shape == "die" and len(cards) % 6:
        n, left = len(cards), len(cards) % 6
        whole = f"{n // 6} {'die' if n // 6 == 1 else 'dice'} and " if n >= 6 else ""
        problems.append(doc.problem(("piece",), f"a die takes six cards, one a face (face k and 7 - k opposite); "
                                                f"found {n} ({whole}{left} left over): add {6 - left} or "
                                                f"remove {left}"))
    if problems:
        raise InputError(problems)
    search = SearchPath(user=templates)
    front = load_template(_template_path(doc, "front", definition.front, templates, contain), search)
    back = load_template(_template_path(doc, "back", definition.back, templates, contain), search) \
        if backed and definition.back and spec.shape not in ("die", "board") else None
    source = definition.data or definition.csv or path.name
    warnings = _field_warnings([f for f, _ in rows], [t for t in (front, back) if t is not None], qcol, source,
                               set(definition.back_fields))
    families = _families(doc, path, definition, contain)
    return LoadedDeck(definition, tuple(cards), width, height, path, front, back, sources,
                      notes + localised.warnings, warnings, families,
                      (templates / "icons",) if templates is not None and templates == own else (),
                      localised.lang, localised.languages, shape=shape)


def _localised(doc: Document, path: Path, definition: DeckDefinition, rows: list[tuple[dict, Problem]],
               lang: str | None, lenient: bool, contain: Containment) -> Localised:
    """The rows, style and title in ``lang`` (None: the deck's own language), from ``field@lang`` columns and
    the deck's translations files."""
    keys = dict.fromkeys(k for fields, _ in rows for k in fields)
    for key in definition.style:
        try:
            split_key(key)
        except ValueError as exc:
            raise doc.error(("style", key), str(exc)) from None
    try:
        language = deck_language(definition.language, [*keys, *definition.style], definition.translations)
    except ValueError as exc:  # a column's name: blamed on the cards' source, whose header names it
        where = rows[0][1] if rows else Problem("", str(path))
        raise InputError([Problem(f"header: {exc}", where.file)]) from None
    if language.base in definition.translations:
        raise doc.error(("translations",), f"translations: {language.base} is the deck's own language (its plain "
                                           "columns, language:); a file gives the texts of another language")
    chosen = lang or language.base
    file = None
    if chosen in definition.translations:
        line, col = doc.locate(("translations", chosen))
        name = definition.translations[chosen]
        file = load_translation(contain.check(resolve_input(path, name), f"translations: {chosen}:", path, line, col),
                                chosen)
    return localise(rows, definition.style, chosen, language, file, definition.translation_key, doc, lenient)


def _own_templates(doc: Document, path: Path, definition: DeckDefinition) -> Path | None:
    """The deck's ``templates:`` folder: inside the deck's own folder (it travels with the deck), and a folder."""
    if definition.templates is None:
        return None
    line, col = doc.locate(("templates",))
    folder = Containment((path.parent,)).check(resolve_input(path, definition.templates), "templates:", path,
                                               line, col)
    if not folder.is_dir():
        raise doc.error(("templates",), f"not a folder: {folder} (a folder with cards/ and icons/ inside)")
    return folder


def _families(doc: Document, path: Path, definition: DeckDefinition, contain: Containment
              ) -> tuple[tuple[str, str], ...]:
    """The deck's ``fonts:``, each family's files checked (inside the deck's folders, a .ttf/.otf that exists)."""
    out = []
    for name, fam in definition.fonts.items():
        files: list[str | None] = []
        for style in FAMILY_STYLES:
            given = getattr(fam, style)
            if given is None:
                files.append(None)
                continue
            line, col = doc.locate(("fonts", name, style))
            file = contain.check(resolve_input(path, given), f"fonts: {name}: {style}:", path, line, col)
            if file.suffix.lower() not in (".ttf", ".otf"):
                raise doc.error(("fonts", name, style), f"a font file is a .ttf or .otf; found {given!r}")
            if not file.is_file():
                raise doc.error(("fonts", name, style), f"font file not found: {file}")
            files.append(str(file.resolve()))
        out.append((name, declare_family(name, tuple(files))))
    return tuple(out)


_FIELD = re.compile(r"card\.([A-Za-z_][A-Za-z0-9_]*)|card\[['\"]([^'\"]+)['\"]\]")
_GUARDED = re.compile(r"\s*(?:or\b|is\s+(?:not\s+)?defined|\|\s*default\b|if\b)")
_ALWAYS = {"index", "copy"}  # printkit gives every card these


def template_fields(template: CardTemplate) -> tuple[set[str], set[str]]:
    """Card fields a template reads: (all of them, those it prints without a fallback or a ``when:``)."""
    used: set[str] = set()
    needed: set[str] = set()
    values = [template.background, *template.elements, *template.vars.values()]
    for value in values:
        text = str(value)
        guard = str(value.get("when", "")) if isinstance(value, dict) else ""
        for m in _FIELD.finditer(text):
            name = m.group(1) or m.group(2)
            used.add(name)
            if name not in guard and not _GUARDED.match(text, m.end()) and "when" not in (value or {}):
                needed.add(name)
    return used, needed


def element_fields(template: CardTemplate) -> tuple[tuple[str, ...], ...]:
    """The card fields each element of ``template`` draws with (its ``when:`` aside, which only decides whether
    it is drawn), in the order it reads them."""
    out = []
    for raw in template.elements:
        text = str({k: v for k, v in raw.items() if k not in ("when", "id")})
        out.append(tuple(dict.fromkeys(m.group(1) or m.group(2) for m in _FIELD.finditer(text))))
    return tuple(out)


def _field_warnings(rows: list[dict], templates: list[CardTemplate], qcol: str, source: str,
                    back_fields: set[str]) -> tuple[str, ...]:
    columns: set[str] = {k for row in rows for k in row} - {qcol}
    used: set[str] = set()
    needed: set[str] = set()
    for t in templates:
        u, n = template_fields(t)
        used |= u
        needed |= n
    warnings = []
    unused = sorted(columns - used)
    if unused and rows:
        names = ", ".join(t.name for t in templates)
        warnings.append(f"{source}: no template reads {', '.join(unused)} (templates: {names}); check the "
                        "spelling, or use it in your own template")
    missing = sorted(needed - columns - _ALWAYS - back_fields)
    if missing and rows:
        warnings.append(f"{source}: the templates print {', '.join('card.' + m for m in missing)}, but no card "
                        "has it; it prints empty")
    return tuple(warnings)


def _template_path(doc: Document, key: str, name: str, templates: Path | None, contain: Containment) -> Path:
    """``front:``/``back:`` found on the search path or next to the deck; a problem names the key's line."""
    try:
        return find_template(name, templates, Path(doc.file).parent, contain)
    except InputError as exc:
        raise InputError([doc.problem((key,), p.message) for p in exc.problems]) from None


def deck_containment(path: Path, templates: Path | None, allow_outside: bool) -> Containment:
    """The folders a deck may read from: its own, the user's templates, the bundled templates."""
    return Containment((path.parent, templates_root()), allow_outside).with_roots(templates)


def _inline_place(doc: Document, i: int, fields: dict) -> Place:
    """Where an inline card (``cards:`` in the definition) is written, and each of its values."""
    line, _ = doc.locate(("cards", i))
    columns, elsewhere = {}, {}
    for key in fields:
        at, col = doc.locate(("cards", i, key))
        if at == line and col is not None:  # a card written on one line: {name: Fireball, text: ...}
            columns[key] = f"column {col} ({key})"
        elif at is not None:
            elsewhere[key] = f"{doc.file}:{at}" + (f":{col}" if col is not None else "") + f" ({key})"
    return Place(f"{doc.file}:{line}" if line is not None else str(doc.file), columns, elsewhere)


def _moved(place: Place, origin: tuple[dict[str, str], dict[str, str]]) -> Place:
    """``place`` with each translated field at the cell its text came from: its ``field@lang`` column, or its
    entry in a translations file."""
    columns_from, located = origin
    if not columns_from and not located:
        return place
    columns, elsewhere = dict(place.columns), dict(place.elsewhere)
    for field, key in columns_from.items():
        if key in place.columns:
            columns[field] = place.columns[key]
        elif key in place.elsewhere:
            columns.pop(field, None)
            elsewhere[field] = place.elsewhere[key]
    for field, at in located.items():
        columns.pop(field, None)
        elsewhere[field] = at
    return replace(place, columns=columns, elsewhere=elsewhere)


def _columns(numbers: Mapping[str, int]) -> dict[str, str]:
    """Each header's column (1-based) as a spreadsheet shows it: ``{"text": "column F (text)"}``."""
    return {h: f"column {column_letter(n - 1)} ({h})" for h, n in numbers.items()}


def _read_rows(doc: Document, path: Path, key: str, name: str, definition: DeckDefinition, allow_network: bool,
               contain: Containment) -> tuple[list[tuple[dict, Problem]], list[Place], str, tuple, tuple]:
    """Card rows from a CSV or spreadsheet file, or from a URL serving one, where each is, and the quantity
    column's name.

    A file must pass the deck's containment; CSV header names are lower-cased (so is the quantity column).
    """
    line, col = doc.locate((key,))
    qcol = definition.quantity_column
    data: bytes | None = None
    sources: tuple[tuple[str, str, str], ...] = ()
    notes: tuple[str, ...] = ()
    if is_url(name):
        got = fetch(name, allow_network, f"{path}:{line}:{col}")
        data, suffix, label = got.data, url_suffix(name), name
        sources = ((name, got.sha256, got.final_url or name),)
        if got.from_cache:
            notes = (f"could not reach {name}; used the copy cached earlier (sha256 {got.sha256[:12]}…)",)
        file = Path(name)
    else:
        file = contain.check(resolve_input(path, name), f"{key}:", path, line, col)
        suffix, label = file.suffix.lower(), str(file)
    if suffix in SPREADSHEET_SUFFIXES:
        rows = []
        places = []
        columns: dict[str, str] = {}  # one header for every row of the sheet
        for r in read_sheet(file, definition.sheet, definition.header_row, data, label):
            col_no = r.columns.get(qcol)
            where = f"{label}: {r.where(qcol if col_no else None)}"
            rows.append((r.fields, Problem("", where, None, None, "")))
            if not columns:
                columns = _columns(r.columns)
            places.append(Place(f"{label}: {r.where()}", columns))
        return rows, places, qcol, sources, notes
    if definition.sheet is not None or definition.header_row != 1:
        raise doc.error(("sheet",) if definition.sheet is not None else ("header_row",),
                        f"sheet: and header_row: are for spreadsheets (.xlsx, .xls, .ods); {name} is CSV")
    if data is not None:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError.single(f"{name}: the data is not UTF-8 text (CSV) nor a known spreadsheet") from None
        return *_read_csv(file, qcol.lower(), text, label), qcol.lower(), sources, notes
    return *_read_csv(file, qcol.lower()), qcol.lower(), sources, notes


def _read_csv(path: Path, qcol: str, text: str | None = None, label: str | None = None
              ) -> tuple[list[tuple[dict, Problem]], list[Place]]:
    """Rows of a CSV as exported by spreadsheets: the delimiter sniffed (``,``, ``;`` as Excel writes in
    much of Europe, tab, ``|``), header names matched case-insensitively (keys are lower case); and where each
    row is (its line, and each column by the letter a spreadsheet opening the file shows)."""
    if text is None:
        text = read_text(path, "CSV file")
    else:
        path = Path(label or path)
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text.split("\n", 1)[0] or ",", ",;\t|")
    except csv.Error:
        dialect = csv.excel
    # quoted newlines kept; strict: a quote never closed is an error, not the rest of the file in one field
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=dialect.delimiter, strict=True)
    try:
        with blamed_on(path, 1):
            header = next(reader)
    except StopIteration:
        raise InputError.single("the CSV file is empty; it needs a header row", path, 1, 1) from None
    header = [h.strip().lower() for h in header]
    if any(not h for h in header):
        raise InputError.single(f"column {header.index('') + 1} of the header row has no name", path, 1,
                                header.index("") + 1)
    counts = Counter(header)  # counted once: `header.count` per column took 64 s on 80,000 columns
    twice = sorted(h for h, n in counts.items() if n > 1)
    if twice:
        raise InputError.single(f"the header names column {twice[0]!r} twice (names are matched ignoring case)",
                                path, 1, len(header) - header[::-1].index(twice[0]))
    rows = []
    places = []
    columns = _columns({h: i + 1 for i, h in enumerate(header)})
    col = header.index(qcol) + 1 if qcol in counts else None
    for row in _records(reader, path):
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise InputError.single(f"expected {len(header)} columns as in the header row, found {len(row)}"
                                    f" (separated by {dialect.delimiter!r})", path, line, 1)
        fields = {h: _cell(v) for h, v in zip(header, row, strict=True)}
        rows.append((fields, Problem("", str(path), line, col, qcol if col else "")))
        places.append(Place(f"{path}:{line}", columns))
    return rows, places


def _shown(value: object, most: int = 60) -> str:
    """``repr(value)``, cut short: a message quotes a cell, not a megabyte of it."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 3] + "..."


def _records(reader: Iterator[list[str]], path: Path) -> Iterator[list[str]]:
    """The reader's records; a malformed one (a quote never closed, a field over the csv module's limit) is an
    error naming the line where that record starts."""
    while True:
        start = reader.line_num + 1  # type: ignore[attr-defined]
        try:
            with blamed_on(path, start):
                yield next(reader)
        except StopIteration:
            return


_MAX_NUMBER_CHARS = sys.get_int_max_str_digits()  # longer digit runs stay text: Python will not read them as int
_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")


def _cell(value: str) -> object:
    """Plain decimal numbers in a CSV become numbers, so templates can compare them.

    Only plain decimals: "007", "1_000", "NaN" or "inf" stay text exactly as written.
    """
    v = value.strip()
    if len(v) <= _MAX_NUMBER_CHARS and _NUMBER.fullmatch(v):
        return float(v) if "." in v else int(v)
    return v
