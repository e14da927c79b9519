"""``printkit build`` and ``printkit calibrate``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.cli.common import err, out, user_errors, with_game_options
from printkit.engine.limits import MAX_CARDS

# The engine (and ReportLab under it) is imported inside the commands, so `printkit --help` and
# `printkit games` start without it.


class Paper(StrEnum):
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


class Lang(StrEnum):
    en = "en"
    zh_tw = "zh-TW"
    de = "de"
    en_zh_tw = "en+zh-TW"  # both languages on every piece, where a game offers it (Istanbul)


class Duplex(StrEnum):
    long = "long"
    short = "short"
    off = "off"
    fold = "fold"


@with_game_options
def build(
    targets: Annotated[list[str] | None, typer.Argument(
        help="Bundled games (see `printkit games`) or your own definition files (.yaml/.json). "
             "None: every bundled game.", show_default=False)] = None,
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Folder to write into.")] = Path("output"),
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.a4,
    lang: Annotated[Lang, typer.Option(help="Language of printed text.")] = Lang.en,
    players: Annotated[int | None, typer.Option(help="Number of players (games that depend on it).")] = None,
    seed: Annotated[int, typer.Option(help="Seed for anything random (variant maps, serials). "
                                           "Same seed, same bytes.")] = 1,
    png: Annotated[bool, typer.Option("--png", help="Also write a PNG preview of every page.")] = False,
    templates: Annotated[Path | None, typer.Option(
        help="Your own templates folder (cards/*.yaml, icons/*.svg), searched before the bundled one.")] = None,
    max_cards: Annotated[int, typer.Option(help="Most cards one deck may have (a shared file cannot raise it).")]
    = MAX_CARDS,
    allow_outside: Annotated[bool, typer.Option("--allow-outside", help="Let a definition read files outside its "
                                                "own folder and --templates (your own files only).")] = False,
    bleed: Annotated[float, typer.Option(help="Bleed around cut pieces, mm.", min=0, max=10)] = 3.0,
    gap: Annotated[float, typer.Option(help="Gap between cards, mm (0: cards share cut lines).", min=0,
                                       max=20)] = 0.0,
    duplex: Annotated[Duplex, typer.Option(help="How your printer flips for card backs; off: no backs; "
                                                "fold: fronts and backs side by side on one side, to fold and glue.")]
    = Duplex.long,
    offset_x: Annotated[float, typer.Option(help="Shift back pages right by this many mm "
                                                 "(read it off `printkit calibrate`).")] = 0.0,
    offset_y: Annotated[float, typer.Option(help="Shift back pages down by this many mm.")] = 0.0,
    force: Annotated[bool, typer.Option("--force", help="Replace output files that printkit did not write "
                                                        "or that were changed since.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, no summary; errors only.")]
    = False,
    strict: Annotated[bool, typer.Option("--strict", help="Preflight problems (text that does not fit, too small, "
                                                          "off the trim, ...) are errors, not warnings.")] = False,
    **game_options: object,
) -> None:
    """Build print-ready PDFs into the output folder (and a manifest.json).

    Exit 0: built; 2: a problem with the input or the options (named on stderr).
    """
    from printkit.cli.progress import BuildProgress
    from printkit.engine.build import BuildRequest
    from printkit.engine.build import build as run_build
    from printkit.engine.components import BuildOptions, count_label
    from printkit.engine.paper import PrintSettings

    extra = {k: v for k, v in game_options.items() if v is not None and v is not False}
    with user_errors():
        request = BuildRequest(
            targets=tuple(targets or ()),
            options=BuildOptions(paper=paper.value, lang=lang.value, players=players, seed=seed, extra=extra,
                                 max_cards=max_cards, allow_outside=allow_outside),
            settings=PrintSettings(paper=paper.value, bleed=bleed, gap=gap, duplex=duplex.value, offset_x=offset_x,
                                   offset_y=offset_y),
            png=png,
            templates=templates,
            strict=strict,
        )
        with BuildProgress(err, quiet) as progress:
            report = run_build(request, out_dir, force, progress=progress)
    if quiet:  # -q: errors only
        return
    for warning in report.warnings:
        err.print(f"[yellow]warning:[/] {warning}")
    for f in report.files:
        e = f.entry
        if e is None or e.pages == 0 or e.kind == "preview":
            what = e.kind if e else ""
        else:
            what = f"{count_label(e.pieces, e.kind)}, {count_label(e.pages, 'pages')}"
        out.print(f"{f.status:>9}  {out_dir / f.path}  ({what})")
    out.print(f"manifest: {out_dir / 'manifest.json'}")


def calibrate(
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Folder to write into.")] = Path("output"),
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.a4,
    lang: Annotated[Lang, typer.Option(help="Language of the instructions.")] = Lang.en,
    force: Annotated[bool, typer.Option("--force", help="Replace a calibration file not written by printkit.")]
    = False,
) -> None:
    """Print a duplex calibration sheet to measure your printer's front/back offset."""
    from printkit.engine.build import calibrate as run_calibrate

    with user_errors():
        result = run_calibrate(out_dir, paper.value, lang.value, force)
    out.print(f"wrote {out_dir / result.path}: print it double-sided at 100%, then read the offsets off the back.")
