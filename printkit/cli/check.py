"""``printkit check``: check filled-in sheets; the game is named by each file's ``game:`` key."""

from __future__ import annotations

import json as jsonlib
import os
import sys
from collections.abc import Iterator
from json.encoder import encode_basestring  # the C escaping json.dumps(ensure_ascii=False) uses
from typing import Annotated, Any

import typer

from printkit.cli.common import either, with_declared
from printkit.engine.registry import all_rulings, check_languages

STDIN = "-"


@with_declared(all_rulings())
def check(
    files: Annotated[list[str], typer.Argument(help="Transcribed sheets (YAML or JSON); - reads one from stdin.",
                                               show_default=False)],
    json: Annotated[bool, typer.Option("--json", help="Print JSON: an object for one file, a list for several; "
                                                      "a malformed file is an entry with its errors.")] = False,
    lang: Annotated[str, typer.Option("--lang", help=f"Language of the report: {either(check_languages())}.")]
    = "en",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only; the exit code tells the rest.")]
    = False,
    **rulings: str | None,
) -> None:
    """Check filled-in score sheets: score, legality, claims.

    Exit 0: every sheet legal and every claim right; 1: a sheet illegal or a claim wrong; \
2: malformed input.
    """
    langs = check_languages()
    declared = all_rulings()
    refusals = [f"--lang must be one of: {', '.join(langs)}"] if lang not in langs else []
    refusals += [why for name, value in rulings.items() if (why := declared[name][0].refusal(value))]
    if refusals:  # the first wrong option, as each check stops at it
        if json:
            typer.echo(jsonlib.dumps({"errors": [{"message": refusals[0]}]}))
        typer.echo(f"error: {refusals[0]}", err=True)
        raise typer.Exit(2)
    picked = {name: value for name, value in rulings.items() if value is not None}
    worst = 0
    entries: list[str] = []
    report = "json" if json else None if quiet else "text"
    for status, shown, errors in _check_all(files, lang, report, picked):
        if errors:
            typer.echo(errors, err=True)
        worst = max(worst, status)
        if json:
            entries.append(shown)
        elif shown:
            typer.echo(shown)
    if json:
        # Each entry was dumped (indented) where it was checked; a list indents them one level more,
        # which gives exactly what json.dumps(list, indent=2) gives.
        typer.echo(entries[0] if len(files) == 1 else "[\n" + ",\n".join(
            "  " + e.replace("\n", "\n  ") for e in entries) + "\n]")
    raise typer.Exit(worst)


PARALLEL_FROM = 200  # files; fewer are checked in this process (starting workers costs more than it saves)
Result = tuple[int, str, str]  # (0 ok / 1 illegal or a claim wrong / 2 malformed, report or JSON entry, errors)


def _check_one(name: str, lang: str, report: str | None, rulings: dict[str, str] | None = None) -> Result:
    """One file's verdict, its report as ``report`` asks ("json", "text" or None) and its errors; ``-`` is stdin."""
    from printkit.engine.checking import check_document
    from printkit.engine.errors import InputError
    from printkit.engine.source import parse_text, read_text

    shown = "<stdin>" if name == STDIN else name
    try:
        text = sys.stdin.read() if name == STDIN else read_text(name)
        doc = parse_text(text, shown, strict=False, as_json=name.lower().endswith(".json"))
        outcome = check_document(doc, lang, rulings)
    except InputError as err:
        entry = {"file": shown, "errors": [_problem_json(p) for p in err.problems]} if report == "json" else None
        return 2, _dump(entry) if entry else "", "\n".join(str(p) for p in err.problems)
    if report == "json":
        return 0 if outcome.ok else 1, _dump(outcome.json), ""
    return 0 if outcome.ok else 1, outcome.text if report == "text" else "", ""


def _dump(entry: dict[str, Any]) -> str:
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


def _check_chunk(names: list[str], lang: str, report: str | None, rulings: dict[str, str] | None = None
                 ) -> list[Result]:
    return [_check_one(n, lang, report, rulings) for n in names]


def _check_all(files: list[str], lang: str, report: str | None, rulings: dict[str, str] | None = None
               ) -> Iterator[Result]:
    """Every file's result in the order given; many files are shared among the machine's cores.

    The first file is checked here before the workers start, so they begin with the checker
    imported and its game data read (a fork shares them) instead of each reading them again.
    """
    workers = min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1, 8)
    if len(files) < PARALLEL_FROM or workers < 2 or STDIN in files:
        yield from (_check_one(f, lang, report, rulings) for f in files)
        return
    import gc
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    yield _check_one(files[0], lang, report, rulings)
    rest = files[1:]
    gc.freeze()  # what is loaded now stays: the collector need not walk it again, in here or in a worker
    size = max(16, len(rest) // (workers * 32))  # small enough that no worker waits long for the last one
    chunks = [rest[i:i + size] for i in range(0, len(rest), size)]
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for results in pool.map(_check_chunk, chunks, [lang] * len(chunks), [report] * len(chunks),
                                [rulings] * len(chunks)):
            yield from results


def _problem_json(problem: Any) -> dict[str, Any]:
    return {"message": problem.message, "line": problem.line, "column": problem.column, "path": problem.path,
            "text": str(problem)}
