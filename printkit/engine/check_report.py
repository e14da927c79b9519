"""``printkit check``'s answers, for the command line and for ``printkit serve`` alike: one sheet's
verdict and report (text or JSON), and the JSON a run prints.  One implementation, so the web API answers
character for character what ``printkit check --json`` prints."""

from __future__ import annotations

import json as jsonlib
import sys
from collections.abc import Mapping
from json.encoder import encode_basestring  # the C escaping json.dumps(ensure_ascii=False) uses
from typing import Any

from printkit.engine.registry import all_rulings, check_languages

STDIN = "-"
Result = tuple[int, str, str]  # (0 ok / 1 illegal or a claim wrong / 2 malformed, report or JSON entry, errors)


def refusal(lang: str, rulings: Mapping[str, str | None]) -> str | None:
    """The first option of a check that is not offered (a language, a ruling's value), or None."""
    langs = check_languages()
    if lang not in langs:
        return f"--lang must be one of: {', '.join(langs)}"
    declared = all_rulings()
    for name, value in rulings.items():
        if name not in declared:
            return f"--{name.replace('_', '-')}: no such ruling"
        why = declared[name][0].refusal(value)
        if why:
            return why
    return None


def refusal_json(message: str) -> str:
    """What ``printkit check --json`` prints for an option refused before any file is read."""
    return jsonlib.dumps({"errors": [{"message": message}]})


def check_text(text: str, shown: str, lang: str, report: str | None, rulings: Mapping[str, str] | None = None,
               as_json: bool = False) -> Result:
    """One transcription's verdict, its report as ``report`` asks ("json", "text" or None) and its errors;
    ``shown`` names it in the report, ``as_json`` parses it as JSON (else YAML)."""
    from printkit.engine.checking import check_document
    from printkit.engine.errors import InputError
    from printkit.engine.source import parse_text

    try:
        doc = parse_text(text, shown, strict=False, as_json=as_json)
        outcome = check_document(doc, lang, dict(rulings) if rulings else None)
    except InputError as err:
        return _malformed(err, shown, report)
    if report == "json":
        return 0 if outcome.ok else 1, dump(outcome.json), ""
    return 0 if outcome.ok else 1, outcome.text if report == "text" else "", ""


def check_one(name: str, lang: str, report: str | None, rulings: Mapping[str, str] | None = None) -> Result:
    """:func:`check_text` of the file ``name``; ``-`` is stdin."""
    from printkit.engine.errors import InputError
    from printkit.engine.source import read_text

    shown = "<stdin>" if name == STDIN else name
    try:
        text = sys.stdin.read() if name == STDIN else read_text(name)
    except InputError as err:
        return _malformed(err, shown, report)
    return check_text(text, shown, lang, report, rulings, as_json=name.lower().endswith(".json"))


def _malformed(err: Any, shown: str, report: str | None) -> Result:
    entry = {"file": shown, "errors": [_problem_json(p) for p in err.problems]} if report == "json" else None
    return 2, dump(entry) if entry else "", "\n".join(str(p) for p in err.problems)


def joined(entries: list[str]) -> str:
    """The JSON of a run from each file's entry (already dumped, indented): the object for one file, else
    the list, indented one level more, which is exactly what json.dumps(list, indent=2) gives."""
    return entries[0] if len(entries) == 1 else "[\n" + ",\n".join(
        "  " + e.replace("\n", "\n  ") for e in entries) + "\n]"


def dump(entry: dict[str, Any]) -> str:
    """``json.dumps(entry, ensure_ascii=False, indent=2)``, character for character, at about half the
    cost: the standard library indents with its pure-Python encoder, a few percent of a big run."""
    return _indented(entry, "\n")


def _indented(value: Any, newline: str) -> str:
    kind = type(value)  # the usual exact types first, then their subclasses (booleans are ints too)
    if kind is str:
        return encode_basestring(value)
    if kind is int:
        return int.__repr__(value)
    if kind is dict and all(type(k) is str for k in value):
        return _object(value, newline)
    if kind is list:
        return _array(value, newline)
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return _object(value, newline)
    if isinstance(value, (list, tuple)):
        return _array(value, newline)
    # floats, keys that are not strings, anything else: as json.dumps writes them (or refuses them)
    text = jsonlib.dumps(value, ensure_ascii=False, indent=2)
    return text.replace("\n", newline)


def _object(value: dict[str, Any], newline: str) -> str:
    if not value:
        return "{}"
    inner = newline + "  "
    return "{" + ",".join([f"{inner}{encode_basestring(k)}: {_indented(v, inner)}" for k, v in value.items()]) + (
        newline + "}")


def _array(value: list[Any] | tuple[Any, ...], newline: str) -> str:
    if not value:
        return "[]"
    inner = newline + "  "
    return "[" + ",".join([inner + _indented(v, inner) for v in value]) + newline + "]"


def _problem_json(problem: Any) -> dict[str, Any]:
    return {"message": problem.message, "line": problem.line, "column": problem.column, "path": problem.path,
            "text": str(problem)}
