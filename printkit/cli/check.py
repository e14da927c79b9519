"""``printkit check``: check filled-in sheets; the game is named by each file's ``game:`` key."""

from __future__ import annotations

import json as jsonlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

STDIN = "-"


def check(
    files: Annotated[list[Path], typer.Argument(help="Transcribed sheets (YAML or JSON); - reads one from stdin.")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON: an object for one file, a list for several; "
                                                      "a malformed file is an entry with its errors.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the report: en or zh-TW.")] = "en",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only; the exit code tells the rest.")]
    = False,
    solo_passive: Annotated[str | None, typer.Option(
        "--solo-passive", help="Ganz schön clever solo passive turn: none (no actions, the printed rule) or plus1 "
                               "(the +1 allowed, the variant). Default: a sheet possible under either is legal, "
                               "and the report says when it needed plus1.")] = None,
) -> None:
    """Check filled-in score sheets: score, legality, claims.

    Exit 0: every sheet legal and every claim right; 1: a sheet illegal or a claim wrong;
    2: malformed input.
    """
    # Imported here: `printkit --help` should not pay for the checkers (and check never loads the renderer).
    from printkit.engine.checking import check_languages

    langs = check_languages()
    if lang not in langs:
        message = f"--lang must be one of: {', '.join(langs)}"
        if json:
            typer.echo(jsonlib.dumps({"errors": [{"message": message}]}))
        typer.echo(message, err=True)
        raise typer.Exit(2)
    rulings = {} if solo_passive is None else {"solo_passive": solo_passive}
    from printkit.games.ganz_schon_clever.model.game import SOLO_PASSIVE_RULINGS

    if solo_passive is not None and solo_passive not in SOLO_PASSIVE_RULINGS:
        message = f"--solo-passive must be one of: {', '.join(SOLO_PASSIVE_RULINGS)}"
        if json:
            typer.echo(jsonlib.dumps({"errors": [{"message": message}]}))
        typer.echo(message, err=True)
        raise typer.Exit(2)
    worst = 0
    objects: list[dict[str, Any]] = []
    for name, outcome, problems in _check_all(files, lang, rulings):
        if problems is not None:
            typer.echo("\n".join(str(p) for p in problems), err=True)
            worst = 2
            if json:
                objects.append({"file": name, "errors": [_problem_json(p) for p in problems]})
            continue
        assert outcome is not None
        if not outcome.ok:
            worst = max(worst, 1)
        if json:
            objects.append(outcome.json)
        elif not quiet:
            typer.echo(outcome.text)
    if json:
        typer.echo(jsonlib.dumps(objects[0] if len(files) == 1 else objects, ensure_ascii=False, indent=2))
    raise typer.Exit(worst)


PARALLEL_FROM = 200  # files; fewer are checked in this process (starting workers costs more than it saves)


def _check_one(path: Path, lang: str, rulings: dict[str, str]) -> tuple[str, Any, Any]:
    """(name, outcome, None) or (name, None, problems) for one file; ``-`` is stdin."""
    from printkit.engine.checking import check_document
    from printkit.engine.errors import InputError
    from printkit.engine.source import parse_text, read_text

    name = "<stdin>" if str(path) == STDIN else str(path)
    try:
        text = sys.stdin.read() if str(path) == STDIN else read_text(path)
        doc = parse_text(text, name, strict=False, as_json=path.suffix.lower() == ".json")
        return name, check_document(doc, lang, rulings), None
    except InputError as err:
        return name, None, err.problems


def _check_chunk(paths: list[Path], lang: str, rulings: dict[str, str]) -> list[tuple[str, Any, Any]]:
    return [_check_one(p, lang, rulings) for p in paths]


def _check_all(files: list[Path], lang: str, rulings: dict[str, str]) -> Iterator[tuple[str, Any, Any]]:
    """Every file's result in the order given; many files are shared among the machine's cores."""
    workers = min(os.cpu_count() or 1, 8)
    if len(files) < PARALLEL_FROM or workers < 2 or any(str(f) == STDIN for f in files):
        yield from (_check_one(f, lang, rulings) for f in files)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    size = max(16, len(files) // (workers * 8))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for results in pool.map(_check_chunk, chunks, [lang] * len(chunks), [rulings] * len(chunks)):
            yield from results


def _problem_json(problem: Any) -> dict[str, Any]:
    return {"message": problem.message, "line": problem.line, "column": problem.column, "path": problem.path,
            "text": str(problem)}
