"""`printkit scan`: read photographed or scanned sheets with the scanner a game declares.  Flags only:
the reading, the checking and the report are the game's."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.cli.common import either, with_declared
from printkit.engine.registry import scan_options, scan_rulings, scanners


def _scanned() -> str:
    """The games scanned, for the command's summary: "Ganz schön clever"."""
    return " or ".join(g.title() for g in scanners()) or "score"


def _languages() -> tuple[str, ...]:
    """The report languages every scanning game's checker speaks."""
    langs = [lang for g in scanners() if g.checker for lang in g.checker.languages]
    return tuple(lang for lang in dict.fromkeys(langs) if all(
        g.checker is None or lang in g.checker.languages for g in scanners())) or ("en",)


@with_declared({**scan_options(), **scan_rulings()})
def scan(
    images: Annotated[list[Path], typer.Argument(help="Photos or scans: JPEG, PNG, TIFF, HEIC or PDF.")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON: one object per sheet, and per file or page "
                                       "not read (a list for several).")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Folder for the .yaml and .read.png files "
                                             "(default: next to each image).")] = None,
    lang: Annotated[str, typer.Option("--lang", help=f"Language of the report: {either(_languages())}.")] = "en",
    jobs: Annotated[int, typer.Option("--jobs", min=0, max=64, help="Read this many files at once; 0: one per "
                                      "core.")] = 1,
    force: Annotated[bool, typer.Option("--force", help="Overwrite transcriptions a person has corrected, typed, "
                                        "or read from another image.")
                     ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only (no progress bar); the exit "
                                        "code tells the rest. --json still prints its JSON.")] = False,
    game: Annotated[str | None, typer.Option("--game", hidden=len(scanners()) < 2,
                                             help="The game the images show: " + ", ".join(
                                                 g.id for g in scanners()) + ".")] = None,
    **declared: Any,
) -> None:
    """Read filled-in sheets from photos or scans and check them.

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
    from printkit.engine.registry import find_game
    from printkit.engine.scanning import ScanRequest

    can = scanners()
    chosen = find_game(game) if game else can[0] if len(can) == 1 else None
    if chosen is None or chosen.scanner is None:
        typer.echo(f"error: --game must be one of: {', '.join(g.id for g in can)}", err=True)
        raise typer.Exit(2)
    own = {o.name for o in chosen.scanner.options}
    ruled = {r.name for r in chosen.checker.rulings} if chosen.checker else set()
    request = ScanRequest(tuple(images), json=json, out=out, lang=lang, jobs=jobs, force=force, quiet=quiet,
                          options={k: v for k, v in declared.items() if k in own and v is not None},
                          rulings={k: v for k, v in declared.items() if k in ruled})
    raise typer.Exit(chosen.scan(request))


scan.__doc__ = (scan.__doc__ or "").replace("filled-in sheets", f"filled-in {_scanned()} sheets", 1)
