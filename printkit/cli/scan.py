"""`printkit scan`: read photographed or scanned Ganz schön clever sheets.  Formatting only."""

from __future__ import annotations

import json as jsonlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from printkit.games.ganz_schon_clever.model.messages import CheckTexts
    from printkit.games.ganz_schon_clever.scan.run import Outcome

INSTALL_HINT = ("printkit scan needs the scan extra (OpenCV, NumPy, pillow-heif): "
                "pip install 'printkit[scan]'  (in a checkout: pip install -e '.[scan]')")


def _missing_extra(load: bool) -> str | None:
    """What keeps the scan extra from serving, or None.  A process that reads imports its modules, so that
    one installed but broken says so here rather than as a traceback later; a ``--jobs`` parent, which
    never reads, only looks them up (importing them would load OpenCV and NumPy into a process that never
    uses them, adding to the memory a batch takes)."""
    from importlib.util import find_spec

    for module in ("cv2", "numpy", "pillow_heif"):
        if load:
            try:
                __import__(module)
            except ImportError as exc:
                return f"{module} cannot be imported: {exc}"
        elif find_spec(module) is None:
            return f"{module} is not installed"
    return None


def scan(
    images: Annotated[list[Path], typer.Argument(help="Photos or scans: JPEG, PNG, TIFF, HEIC or PDF.")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON: one object per sheet, and per file or page "
                                       "not read (a list for several).")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for the .yaml and .read.png files "
                                             "(default: next to each image).")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the report: en or zh-TW.")] = "en",
    jobs: Annotated[int, typer.Option("--jobs", min=0, max=64, help="Read this many files at once; 0: one per "
                                      "core.")] = 1,
    players: Annotated[int | None, typer.Option("--players", min=1, max=4,
                                                help="Players, when the sheet's QR code does not say.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite transcriptions a person has corrected, typed, "
                                        "or read from another image.")
                     ] = False,
    solo_passive: Annotated[str | None, typer.Option(
        "--solo-passive", help="Solo passive turn: none (no actions, the printed rule) or plus1 (the +1 allowed, "
                               "the variant). Default: a sheet possible under either is legal.")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only (no progress bar); the exit "
                                        "code tells the rest. --json still prints its JSON.")] = False,
) -> None:
    """Read filled-in Ganz schön clever sheets from photos or scans and check them.

    Writes <image>.yaml (the transcription, uncertain fields marked) and <image>.read.png (what was \
read, uncertain boxes in red) per sheet. Exit 0: read confidently, legal, claims right; 1: illegal \
or a claim wrong; 3: some fields uncertain, or the file damaged (look at the overlay); 2: not a sheet or \
unreadable.
    """
    # One file is read on one core: the digit model's small matrix products only lose time to BLAS
    # threads (most of all on a busy machine), and --jobs spreads files over the cores.  Set before
    # NumPy loads; a setting of the user's own stands.
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    from printkit.games.ganz_schon_clever.scan.run import workers

    jobs = workers(jobs, len(images))
    missing = _missing_extra(load=jobs == 1)
    if missing is not None:
        typer.echo(f"error: {INSTALL_HINT} ({missing})", err=True)
        raise typer.Exit(2)
    from printkit.engine.scan.memory import keep_freed_memory
    from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
    from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
    from printkit.games.ganz_schon_clever.model.game import SOLO_PASSIVE_RULINGS
    from printkit.games.ganz_schon_clever.scan.run import before_reading, one_run

    texts = load_check_texts()
    if lang not in texts.languages:
        typer.echo("error: " + texts.report_text("bad_lang", "en", langs=", ".join(texts.languages)), err=True)
        raise typer.Exit(2)
    if solo_passive is not None and solo_passive not in SOLO_PASSIVE_RULINGS:
        typer.echo(f"error: --solo-passive must be one of: {', '.join(SOLO_PASSIVE_RULINGS)}", err=True)
        raise typer.Exit(2)
    problems = before_reading([str(p) for p in images], str(out) if out else None)
    for why in problems:
        typer.echo(f"error: {why}", err=True)
    if problems:
        raise typer.Exit(2)
    game = load_gsc_game()
    keep_freed_memory()  # each image reuses the last one's memory instead of faulting in its own
    with one_run() as claims:
        outcomes = _read(images, out, players, force, solo_passive, claims, jobs, quiet)
    _report(outcomes, json, quiet, lang, texts, game)


def _read(images: list[Path], out: Path | None, players: int | None, force: bool, solo_passive: str | None,
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


def _report(outcomes: list[Outcome], json: bool, quiet: bool, lang: str, texts: CheckTexts, game: Any) -> None:
    from printkit.games.ganz_schon_clever.check import as_json, as_text
    from printkit.games.ganz_schon_clever.scan.run import worst

    objects: list[dict[str, Any]] = []
    for o in outcomes:
        if o.error:  # errors are said in English, as every other error of the command line
            typer.echo(f"error: {_where(o, texts, 'en')}: {o.error}" if not o.error.startswith(o.file)
                       else f"error: {o.error}", err=True)
        if o.warning and not quiet:
            typer.echo(f"warning: {_where(o, texts, 'en')}: {o.warning}" if not o.warning.startswith(o.file)
                       else f"warning: {o.warning}", err=True)
        if o.result is None or o.sheet is None:
            if json and o.error:  # a file, page or half not read, or a sheet whose files were not written
                objects.append({"file": o.file, "page": o.page, "position": o.position, "error": o.error})
            continue
        if json:
            objects.append({**o.json, "check": as_json(Path(o.yaml_path), o.sheet.players, o.result, game, texts,
                                                       lang), **({"error": o.error} if o.error else {})})
        elif not quiet:
            typer.echo(texts.report_text("scan_read", lang, where=_where(o, texts, lang),
                                         files=f"{o.yaml_path}, {o.png_path}"))
            typer.echo(as_text(Path(o.yaml_path), o.sheet.players, o.result, game, texts, lang))
            if o.uncertain:
                places = texts.scan_fields(game, o.uncertain, lang)
                typer.echo(texts.report_text("scan_uncertain", lang, n=len(o.uncertain), fields=places))
            if o.two_legal:
                typer.echo(texts.report_text("scan_two_legal", lang))
            typer.echo("")
    if json:
        typer.echo(jsonlib.dumps(objects[0] if len(objects) == 1 else objects, ensure_ascii=False, indent=2))
    if all(o.skipped for o in outcomes):
        typer.echo("error: nothing read: every file given is an overlay or a transcription printkit scan wrote",
                   err=True)
    raise typer.Exit(worst(outcomes))


def _where(o: Outcome, texts: CheckTexts, lang: str) -> str:
    """The file a sheet came from, with its page and half where it has them: "x.pdf page 2 (top)"."""
    where = texts.report_text("scan_page", lang, file=o.file, page=o.page) if o.page is not None else o.file
    return texts.report_text(f"scan_{o.position}", lang, where=where) if o.position != "full" else where


def _stderr():  # -> rich Console, imported late: rich is slow to import
    from rich.console import Console

    return Console(stderr=True)
