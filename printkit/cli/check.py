"""``printkit check``: check filled-in sheets; the game is named by each file's ``game:`` key."""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.engine.checking import check_document, check_languages
from printkit.engine.errors import InputError
from printkit.engine.source import parse_text, read_text


def check(
    files: Annotated[list[Path], typer.Argument(help="Transcribed sheets (YAML or JSON).")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON (a list for several files).")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the report: en or zh-TW.")] = "en",
) -> None:
    """Check filled-in Ganz schön clever sheets: score, legality, claims.

    Exit 0: every sheet legal and every claim right; 1: a sheet illegal or a claim wrong;
    2: malformed input.
    """
    langs = check_languages()
    if lang not in langs:
        typer.echo(f"--lang must be one of: {', '.join(langs)}", err=True)
        raise typer.Exit(2)
    worst = 0
    objects: list[dict[str, Any]] = []
    for path in files:
        try:
            outcome = check_document(parse_text(read_text(path), str(path), strict=False), lang)
        except InputError as err:
            typer.echo(str(err), err=True)
            worst = 2
            continue
        if not outcome.ok:
            worst = max(worst, 1)
        if json:
            objects.append(outcome.json)
        else:
            typer.echo(outcome.text)
    if json and objects:
        typer.echo(jsonlib.dumps(objects[0] if len(files) == 1 else objects, ensure_ascii=False, indent=2))
    raise typer.Exit(worst)
