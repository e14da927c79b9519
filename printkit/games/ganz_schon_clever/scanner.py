"""``printkit scan`` for Ganz schön clever: read the sheets in each image, check them, print the report.

The command line hands over a :class:`~printkit.engine.scanning.ScanRequest`; this is the game's side of
the declared :class:`~printkit.engine.registry.Scanner`.  Exit codes: 0 read confidently, legal, claims
right; 1 illegal or a claim wrong; 3 some fields uncertain, or the file damaged; 2 not a sheet or unreadable.
"""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from printkit.engine.scanning import INSTALL_HINT, ScanAnswer, ScanRequest, SheetFiles, missing_extra
from printkit.games.ganz_schon_clever import GAME

if TYPE_CHECKING:
    from printkit.games.ganz_schon_clever.model.messages import CheckTexts
    from printkit.games.ganz_schon_clever.scan.run import Outcome


def scan(request: ScanRequest) -> int:
    """Read, write and report every image of ``request``; the exit code."""
    said = answer(request)
    for stream, line in said.lines:
        typer.echo(line, err=stream == "err")
    return said.code


def answer(request: ScanRequest) -> ScanAnswer:
    """Read and write every image of ``request``: what ``printkit scan`` prints and its exit code, printed by
    the command line, answered by ``printkit serve``."""
    from printkit.games.ganz_schon_clever.scan.run import workers

    jobs = workers(request.jobs, len(request.images))
    missing = missing_extra(load=jobs == 1)
    if missing is not None:
        return ScanAnswer(2, (("err", f"error: {INSTALL_HINT} ({missing})"),))
    from printkit.engine.scan.decode.speed.memory import keep_freed_memory
    from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
    from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
    from printkit.games.ganz_schon_clever.scan.run import before_reading, one_run

    texts = load_check_texts()
    if request.lang not in texts.languages:
        return ScanAnswer(2, (("err", "error: " + texts.report_text("bad_lang", "en",
                                                                          langs=", ".join(texts.languages))),))
    for ruling in GAME.checker.rulings if GAME.checker else ():
        why = ruling.refusal(request.rulings.get(ruling.name))
        if why:
            return ScanAnswer(2, (("err", f"error: {why}"),))
    problems = before_reading([str(p) for p in request.images], str(request.out) if request.out else None)
    if problems:
        return ScanAnswer(2, tuple(("err", f"error: {why}") for why in problems))
    game = load_gsc_game()
    keep_freed_memory()  # each image reuses the last one's memory instead of faulting in its own
    players = request.options.get("players")
    solo_passive = request.rulings.get("solo_passive")
    with one_run() as claims:
        outcomes = _read(list(request.images), request.out, players, request.force, solo_passive, claims, jobs,
                         request.quiet)
    return _report(outcomes, request.json, request.quiet, request.lang, texts, game)


def _read(images: list[Path], out: Path | None, players: Any, force: bool, solo_passive: str | None,
          claims: str, jobs: int, quiet: bool) -> list[Outcome]:
    from printkit.games.ganz_schon_clever.scan.run import scan_one, start_worker

    args = [(str(p), str(out) if out else None, players, force, solo_passive, None, claims) for p in images]
    outcomes: list[Outcome] = []
    if jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        from rich.progress import Progress

        from printkit.engine.signals import helpers_started_deaf

        # Fresh worker processes, not forks: a fork of a process whose OpenCV or BLAS threads hold a lock
        # waits for it forever.
        spawn = multiprocessing.get_context("spawn")
        with helpers_started_deaf():
            pool = ProcessPoolExecutor(max_workers=jobs, mp_context=spawn, initializer=start_worker)
        with (pool,
              Progress(transient=True, console=_stderr(), disable=quiet) as bar):
            task = bar.add_task("reading", total=len(images))
            try:
                for result in pool.map(scan_one, *zip(*args, strict=True)):
                    outcomes.extend(result)
                    bar.advance(task)
            except BrokenProcessPool as exc:  # e.g. OpenCV installed but unable to load in a worker
                typer.echo(f"error: a reading process stopped ({exc}); try without --jobs to see why", err=True)
                raise typer.Exit(2) from None
            except KeyboardInterrupt:  # the images not begun are not read: each worker ends the one it reads
                pool.shutdown(cancel_futures=True)
                raise
    else:
        for a in args:
            outcomes.extend(scan_one(*a))
    return outcomes


def _report(outcomes: list[Outcome], json: bool, quiet: bool, lang: str, texts: CheckTexts, game: Any
            ) -> ScanAnswer:
    from printkit.games.ganz_schon_clever.check import as_json, as_text
    from printkit.games.ganz_schon_clever.scan.run import worst

    said: list[tuple[str, str]] = []  # ("out" or "err", line), in the order printed
    objects: list[dict[str, Any]] = []
    for o in outcomes:
        if o.error:  # errors are said in English, as every other error of the command line
            said.append(("err", f"error: {_where(o, texts, 'en')}: {o.error}" if not o.error.startswith(o.file)
                         else f"error: {o.error}"))
        if o.warning and not quiet:
            said.append(("err", f"warning: {_where(o, texts, 'en')}: {o.warning}"
                         if not o.warning.startswith(o.file) else f"warning: {o.warning}"))
        if o.result is None or o.sheet is None:
            if json and o.error:  # a file, page or half not read, or a sheet whose files were not written
                objects.append({"file": o.file, "page": o.page, "position": o.position, "error": o.error})
            continue
        if json:
            objects.append({**o.json, "check": as_json(Path(o.yaml_path), o.sheet.players, o.result, game, texts,
                                                       lang), **({"error": o.error} if o.error else {})})
        elif not quiet:
            said.append(("out", texts.report_text("scan_read", lang, where=_where(o, texts, lang),
                                                  files=f"{o.yaml_path}, {o.png_path}")))
            said.append(("out", as_text(Path(o.yaml_path), o.sheet.players, o.result, game, texts, lang)))
            if o.uncertain:
                places = texts.scan_fields(game, o.uncertain, lang)
                said.append(("out", texts.report_text("scan_uncertain", lang, n=len(o.uncertain), fields=places)))
            if o.two_legal:
                said.append(("out", texts.report_text("scan_two_legal", lang)))
            said.append(("out", ""))
    if json:
        said.append(("out", jsonlib.dumps(objects[0] if len(objects) == 1 else objects, ensure_ascii=False,
                                          indent=2)))
    if all(o.skipped for o in outcomes):
        said.append(("err", "error: nothing read: every file given is an overlay or a transcription printkit "
                            "scan wrote"))
    sheets = tuple(SheetFiles(Path(o.yaml_path), Path(o.png_path), tuple(o.boxes)) for o in outcomes
                   if o.yaml_path and not o.error)
    return ScanAnswer(worst(outcomes), tuple(said), sheets)


def _where(o: Outcome, texts: CheckTexts, lang: str) -> str:
    """The file a sheet came from, with its page and half where it has them: "x.pdf page 2 (top)"."""
    where = texts.report_text("scan_page", lang, file=o.file, page=o.page) if o.page is not None else o.file
    return texts.report_text(f"scan_{o.position}", lang, where=where) if o.position != "full" else where


def _stderr():  # -> rich Console, imported late: rich is slow to import
    from rich.console import Console

    return Console(stderr=True)
