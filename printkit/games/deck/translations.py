"""A deck in several languages: a column per language (``name``, ``name@de``, ``name@ja``) or a file per language
(``translations: {de: strings/de.yaml}``), and the card rows of the one language a build prints.

Plain columns are in the deck's ``language:`` (English when it says none).  A field some card translates into a
language must be translated on every card that prints it: a card left without is an error naming card, field and
language (with ``--placeholders``, for a deck whose translation is in progress, a warning, and the card prints the
text of the deck's own language).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from printkit.engine.errors import InputError, Problem
from printkit.engine.languages import LANG_FORM, canonical_tag
from printkit.engine.source import Document

MARK = "@"  # "name@de": the column (or style key) holding ``name`` in German
DEFAULT_LANGUAGE = "en"
KEYS_SHOWN = 5  # card names a "no card has name" error offers
MOST_MISSING_SHOWN = 20  # missing translations listed one by one; the rest are counted (a whole column can be empty)


class TranslationFile(BaseModel):
    """One language's texts for a deck, in a file of their own (``translations: {de: strings/de.yaml}``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    title: str | None = Field(None, description="the deck's title in this language")
    style: dict[str, Any] = Field(default_factory=dict, description="style values in this language ({{ style.x }})")
    cards: dict[str | int, dict[str, Any]] = Field(
        default_factory=dict, description="per card, by its translation_key value in the deck's language "
                                          "(its name, unless the deck says otherwise): the fields in this language")


@dataclass(frozen=True)
class Language:
    """The languages a deck has and the one chosen: plain columns are ``base``; ``languages`` starts with it."""

    base: str
    languages: tuple[str, ...]
    declared: bool  # the deck says which languages it has (language:, a column@lang or translations:)


@dataclass(frozen=True)
class Localised:
    rows: list[tuple[dict, Problem]]
    style: dict[str, Any]
    title: str | None  # None: the definition's own
    warnings: tuple[str, ...]
    lang: str
    languages: tuple[str, ...]
    # per row, where its translated fields came from: field → its column (``text@de``), field → its place in a
    # translations file (``strings/ja.yaml:5:11 (text)``); what a message about a card's value names
    origins: list[tuple[dict[str, str], dict[str, str]]]


def split_key(key: str) -> tuple[str, str] | None:
    """``("name", "de")`` for ``name@de``; None for a plain key.  A tag that is not a language is an error."""
    if not isinstance(key, str) or MARK not in key:
        return None
    field, _, tag = key.rpartition(MARK)
    lang = canonical_tag(tag)
    if lang is None or not field:
        raise ValueError(f"`{key}`: a name with {MARK} is field{MARK}language, after the {MARK} {LANG_FORM}; "
                         f"found {tag!r}")
    return field, lang


def column_languages(keys: Iterable[str]) -> list[str]:
    """The languages of the ``field@lang`` keys, in the order first met."""
    out: list[str] = []
    for key in keys:
        parts = split_key(key)
        if parts is not None and parts[1] not in out:
            out.append(parts[1])
    return out


def deck_language(base: str | None, keys: Iterable[str], files: Mapping[str, object]) -> Language:
    own = base or DEFAULT_LANGUAGE
    langs = [own, *column_languages(keys), *files]
    return Language(own, tuple(dict.fromkeys(langs)), bool(base or len(langs) > 1))


def _empty(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _localise_one(fields: Mapping[str, Any], lang: str, base: str, extra: Mapping[str, Any] | None,
                  required: set[str], origin: dict[str, str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """One row (or the style) in ``lang``: plain keys, each translated field replaced by its ``lang`` text, and
    the fields of ``required`` it lacks though it prints them in ``base``.  ``origin`` is given the column each
    field taken from a ``field@lang`` column came from."""
    plain = {k: v for k, v in fields.items() if split_key(k) is None}
    given: dict[str, Any] = {}
    origin = {} if origin is None else origin
    for key, value in fields.items():
        parts = split_key(key)
        if parts is None:
            continue
        name, tag = parts
        if tag == base and _empty(plain.get(name)):  # "name@en" in an English deck is its plain column
            plain[name] = value
            origin[name] = key
        elif tag == lang and not _empty(value) and lang != base:
            given[name] = value
            origin[name] = key
    for name, value in (extra or {}).items():
        if not _empty(value):
            given[name] = value
            origin.pop(name, None)
    if lang == base:
        return plain, []
    missing = [f for f in sorted(required) if f not in given and not _empty(plain.get(f))]
    return {**plain, **given}, missing


def _required(rows: Iterable[Mapping[str, Any]], lang: str, file: TranslationFile | None, style: bool) -> set[str]:
    """The fields a deck translates into ``lang``: each with a column (or key) for it, or a text in its file."""
    out: set[str] = set()
    for row in rows:
        for key in row:
            parts = split_key(key)
            if parts is not None and parts[1] == lang:
                out.add(parts[0])
    if file is not None:
        if style:
            out |= set(file.style)
        else:
            for entry in file.cards.values():
                out |= set(entry)
    return out


def localise(rows: list[tuple[dict, Problem]], style: Mapping[str, Any], lang: str, language: Language,
             file: tuple[TranslationFile, Document] | None, key_field: str, doc: Document, lenient: bool) -> Localised:
    """The card rows and style as printed in ``lang``; every translation missing is one error (or, ``lenient``,
    a warning, the deck's own text printed instead)."""
    unknown: tuple[str, ...] = ()
    if lang not in language.languages:  # printing the deck's own texts under another language's name is a lie
        has = ", ".join(language.languages) if len(language.languages) > 1 else f"{language.base} only"
        said = (f"--lang {lang}: this deck has texts in {has} (plain columns are {language.base}; add "
                f"field{MARK}{lang} columns or a translations: file for {lang})")
        if not lenient:
            raise InputError([doc.problem(("language",) if "language" in doc.data else (), said)])
        unknown = (f"{said}; printed in {language.base} (--placeholders)",)
    tfile, tdoc = file if file is not None else (None, None)
    entries: dict[str, dict[str, Any]] = {str(k): v for k, v in tfile.cards.items()} if tfile else {}
    written = {str(k): k for k in tfile.cards} if tfile else {}  # the key as the file has it, to locate it
    if tfile is not None and tdoc is not None:
        _check_file(tfile, tdoc, rows, key_field, lang)
    required = _required((r for r, _ in rows), lang, tfile, style=False)
    out_rows: list[tuple[dict, Problem]] = []
    problems: list[Problem] = []
    short: list[str] = []  # "card 'Fireball' `text`", for the --placeholders warning
    origins: list[tuple[dict[str, str], dict[str, str]]] = []
    for fields, where in rows:
        key = fields.get(key_field)
        extra = entries.get(_key_text(key)) if not _empty(key) else None
        columns: dict[str, str] = {}
        localised, missing = _localise_one(fields, lang, language.base, extra, required, columns)
        out_rows.append((localised, where))
        origins.append((columns, _located(tdoc, written[_key_text(key)], extra) if extra and tdoc else {}))
        for field in missing:
            name = f"card {_key_text(key)!r}" if not _empty(key) else "a card"
            problems.append(replace(_row_of(where), message=f"{name} has no {lang} text for `{field}` "
                                                   f"({_how(field, lang, tfile)}); it would print "
                                                   f"{_shown(fields.get(field))} in {language.base}"))
            short.append(f"{name} `{field}`")
    style_out, style_missing = _localise_one(style, lang, language.base, tfile.style if tfile else None,
                                             _required([style], lang, tfile, style=True))
    for field in style_missing:
        problems.append(doc.problem(("style", field), f"style: `{field}` has no {lang} text ({field}{MARK}{lang}"
                                                      f"{' or style: in its translations: file' if tfile else ''})"))
        short.append(f"style `{field}`")
    warnings: tuple[str, ...] = ()
    if problems and lenient:  # a missing text was never put in: the row keeps the deck's own
        listed = "; ".join(short[:MOST_MISSING_SHOWN]) + (" …" if len(short) > MOST_MISSING_SHOWN else "")
        warnings = (f"{len(problems)} {lang} {'text is' if len(problems) == 1 else 'texts are'} missing, printed in "
                    f"{language.base} (--placeholders): {listed}",)
    elif problems:
        shown = problems[:MOST_MISSING_SHOWN]
        if len(problems) > MOST_MISSING_SHOWN:
            shown.append(Problem(f"… and {len(problems) - MOST_MISSING_SHOWN} more {lang} texts missing (build with "
                                 "--placeholders to print the deck's own text for now)", str(doc.file)))
        raise InputError(shown)
    warnings = unknown + warnings
    title = tfile.title if tfile is not None and not _empty(tfile.title) else None
    return Localised(out_rows, style_out, title, warnings, lang, language.languages, origins)


def _located(doc: Document, key: object, entry: Mapping[str, Any]) -> dict[str, str]:
    """Where a translations file writes each text of one card's entry: ``strings/ja.yaml:5:11 (text)``."""
    out = {}
    for name, value in entry.items():
        line, col = doc.locate(("cards", key, name))
        if not _empty(value) and line is not None:
            out[name] = f"{doc.file}:{line}" + (f":{col}" if col is not None else "") + f" ({name})"
    return out


def _row_of(where: Problem) -> Problem:
    """The card's row, without the quantity column a row's problems otherwise point at (a CSV's column number, a
    spreadsheet's ", column B (qty)")."""
    file = _QTY_CELL.sub("", where.file) if where.file else where.file
    return replace(where, file=file, column=None, path="")


_QTY_CELL = re.compile(r", column [A-Z]+ \([^)]*\)$")


def _key_text(value: object) -> str:
    return str(value).strip() if not isinstance(value, float) or not value.is_integer() else str(int(value))


def _shown(value: object, most: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= most else text[: most - 4] + "...'"


def _how(field: str, lang: str, file: TranslationFile | None) -> str:
    return f"column {field}{MARK}{lang}" + (", or the card's entry in its translations: file" if file else "")


def _check_file(file: TranslationFile, doc: Document, rows: list[tuple[dict, Problem]], key_field: str,
                lang: str) -> None:
    """A translations file names cards the deck has and fields they have: a typo is an error at its line."""
    keys = {_key_text(r.get(key_field)) for r, _ in rows if not _empty(r.get(key_field))}
    fields = {k for r, _ in rows for k in r if split_key(k) is None}
    problems = []
    if not keys and file.cards:
        problems.append(doc.problem(("cards",), f"no card has a `{key_field}` to match these by (translation_key: "
                                                "in the deck names the field that tells cards apart)"))
    for key, entry in file.cards.items() if keys else ():
        if _key_text(key) not in keys:
            near = ", ".join(sorted(keys)[:KEYS_SHOWN]) + (", …" if len(keys) > KEYS_SHOWN else "")
            problems.append(doc.problem(("cards", key), f"no card has {key_field} {str(key)!r}; cards are matched "
                                                        f"by their {key_field} in the deck's language ({near})"))
            continue
        for field in entry:
            if field not in fields:
                problems.append(doc.problem(("cards", key, field), f"no card has a field `{field}` to translate; "
                                                                   f"fields: {', '.join(sorted(fields))}"))
    if problems:
        raise InputError(problems)


def load_translation(path: Path, lang: str) -> tuple[TranslationFile, Document]:
    from printkit.engine.source import load_document

    doc = load_document(path)
    if not isinstance(doc.data, dict):
        raise doc.error((), f"a translations file holds the deck's {lang} texts: cards: (by card), and optionally "
                            "title: and style:")
    return doc.validate(TranslationFile, kind=f"{lang} translations"), doc
