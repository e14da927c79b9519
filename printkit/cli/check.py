"""``printkit check``: check filled-in sheets; the game is named by each file's ``game:`` key."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import Annotated

import typer

from printkit.cli.common import either, with_declared
from printkit.engine.check_report import STDIN, Result, check_one, dump, joined, refusal, refusal_json
from printkit.engine.registry import all_rulings, check_languages


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
    why = refusal(lang, rulings)
    if why:  # the first wrong option, as each check stops at it
        if json:
            typer.echo(refusal_json(why))
        typer.echo(f"error: {why}", err=True)
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
        typer.echo(joined(entries))
    raise typer.Exit(worst)


PARALLEL_FROM = 200  # files; fewer are checked in this process (starting workers costs more than it saves)
_check_one = check_one
_dump = dump  # (tests hold it to json.dumps)


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

