"""``printkit check``: check filled-in sheets; the game is named by each file's ``game:`` key."""

from __future__ import annotations

import json as jsonlib
import sys
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
) -> None:
    """Check filled-in score sheets: score, legality, claims.

    Exit 0: every sheet legal and every claim right; 1: a sheet illegal or a claim wrong;
    2: malformed input.
    """
    # Imported here: `printkit --help` should not pay for the checkers (and check never loads the renderer).
    from printkit.engine.checking import check_document, check_languages
    from printkit.engine.errors import InputError
    from printkit.engine.source import parse_text, read_text

    langs = check_languages()
    if lang not in langs:
        message = f"--lang must be one of: {', '.join(langs)}"
        if json:
            typer.echo(jsonlib.dumps({"errors": [{"message": message}]}))
        typer.echo(message, err=True)
        raise typer.Exit(2)
    worst = 0
    objects: list[dict[str, Any]] = []
    for path in files:
        name = "<stdin>" if str(path) == STDIN else str(path)
        try:
            text = sys.stdin.read() if str(path) == STDIN else read_text(path)
            doc = parse_text(text, name, strict=False, as_json=path.suffix.lower() == ".json")
            outcome = check_document(doc, lang)
        except InputError as err:
            typer.echo(str(err), err=True)
            worst = 2
            if json:
                objects.append({"file": name, "errors": [_problem_json(p) for p in err.problems]})
            continue
        if not outcome.ok:
            worst = max(worst, 1)
        if json:
            objects.append(outcome.json)
        elif not quiet:
            typer.echo(outcome.text)
    if json:
        typer.echo(jsonlib.dumps(objects[0] if len(files) == 1 else objects, ensure_ascii=False, indent=2))
    raise typer.Exit(worst)


def _problem_json(problem: Any) -> dict[str, Any]:
    return {"message": problem.message, "line": problem.line, "column": problem.column, "path": problem.path,
            "text": str(problem)}
