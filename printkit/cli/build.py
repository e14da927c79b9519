"""``printkit build`` and ``printkit calibrate``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.cli.common import err, out, user_errors, with_game_options
from printkit.engine.limits import MAX_CARDS
from printkit.engine.registry import all_languages

# The engine (and ReportLab under it) is imported inside the commands, so `printkit --help` and
# `printkit games` start without it.


def _paper(value: str) -> str:
    from printkit.engine.paper import paper_dimensions

    try:
        paper_dimensions(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def _safe_zone(value: str | None) -> float | None:
    from printkit.engine.errors import InputError
    from printkit.engine.units import parse_length

    if value is None:
        return None
    try:
        mm = float(parse_length(value))
    except (ValueError, TypeError):
        raise InputError.single(f"--safe-zone takes a length (3mm, 0.125in); found {value!r}") from None
    if not 0 <= mm <= 50:
        raise InputError.single(f"--safe-zone takes 0 to 50 mm; found {mm:g} mm")
    return mm


PAPER_HELP = "Paper: a4, letter, a3, a5, legal, tabloid, or WIDTHxHEIGHT (mm, or with a unit: 12x18in)."


# Any language tag: a bundled game refuses one it has no texts in (naming its own: every language some game
# declares, "en+zh-TW" putting both on every piece), a deck one it has no column or file for.
LANG_HELP = (f"Language of printed text: for a bundled game one of {', '.join(all_languages())}; for your own deck "
             "one it has texts in (a column name@de, or a translations: file). Default: en, or your deck's own "
             "language:.")
# the calibration sheet's instructions exist in the languages the games print in
Lang = StrEnum("Lang", {lang: lang for lang in all_languages()})  # type: ignore[misc]
ENGLISH = Lang("en")


class Rotate(StrEnum):
    off = "off"
    auto = "auto"


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
    paper: Annotated[str, typer.Option(help=PAPER_HELP, callback=_paper)] = "a4",
    lang: Annotated[str | None, typer.Option(help=LANG_HELP, show_default=False)] = None,
    players: Annotated[int | None, typer.Option(help="Number of players (games that depend on it).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed for anything random (variant maps, random layouts). Same seed, same bytes. Without it a build "
             "that makes a random choice draws a fresh seed and prints it.", show_default=False)] = None,
    png: Annotated[bool, typer.Option("--png", help="Also write a PNG preview of every page.")] = False,
    templates: Annotated[Path | None, typer.Option(
        help="Your own templates folder (cards/*.yaml, icons/*.svg), searched before the bundled one.")] = None,
    max_cards: Annotated[int, typer.Option(help="Most cards one deck may have (a shared file cannot raise it).")]
    = MAX_CARDS,
    allow_outside: Annotated[bool, typer.Option("--allow-outside", help="Let a definition read files outside its "
                                                "own folder and --templates (your own files only).")] = False,
    bleed: Annotated[float, typer.Option(help="Bleed around cut pieces, mm.", min=0, max=10)] = 3.0,
    gap: Annotated[float | None, typer.Option(help="Gap between cards, mm (0: cards share cut lines). Default: 0 "
                                              "where neighbouring cards' edges match, twice the bleed where they "
                                              "differ (each card its own bleed).", min=0, max=20,
                                              show_default=False)] = None,
    duplex: Annotated[Duplex, typer.Option(help="How your printer flips for card backs; off: no backs; "
                                                "fold: fronts and backs side by side on one side, to fold and glue.")]
    = Duplex.long,
    offset_x: Annotated[float, typer.Option(help="Shift back pages right by this many mm "
                                                 "(read it off `printkit calibrate`).")] = 0.0,
    offset_y: Annotated[float, typer.Option(help="Shift back pages down by this many mm.")] = 0.0,
    rotate: Annotated[Rotate, typer.Option(help="auto: turn cards 90° on the sheet when more fit that way.")]
    = Rotate.off,
    cmyk: Annotated[bool, typer.Option("--cmyk", help="Write colours as DeviceCMYK and convert images to CMYK "
                                                      "(a plain conversion, no ICC profile; see docs).")] = False,
    icc_profile: Annotated[Path | None, typer.Option(help="With --cmyk: your print shop's CMYK profile (.icc), "
                                                          "embedded as the PDF's output intent (not used to convert "
                                                          "colours).")] = None,
    pod: Annotated[str | None, typer.Option(help="One card a page for a print-on-demand service: a preset "
                                                 "(drivethrucards-poker) or your service's numbers: "
                                                 "width_px=825,height_px=1125,dpi=300,bleed=0.125in.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace output files that printkit did not write "
                                                        "or that were changed since.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress, no summary; errors only.")]
    = False,
    strict: Annotated[bool, typer.Option("--strict", help="Preflight problems (text that does not fit, too small, "
                                                          "off the trim, ...) are errors, not warnings.")] = False,
    allow_network: Annotated[bool, typer.Option("--allow-network", help="Let a definition read its cards from an "
                                                                        "https:// URL (cached).")] = False,
    only: Annotated[str | None, typer.Option(help="Build just these cards, numbered as the deck numbers them: "
                                                  "3,7-10. Written to a file name of its own.")] = None,
    where: Annotated[str | None, typer.Option(help="Build just the cards for which this expression is true: "
                                                   "\"type == 'Spell'\". Written to a file name of its own.")]
    = None,
    changed: Annotated[bool, typer.Option("--changed", help="Build just the cards whose data, template or style "
                                                            "changed since the last full build in --out (its "
                                                            "manifest knows). Written to a file name of its own.")]
    = False,
    png_cards: Annotated[int | None, typer.Option(help="Also write one PNG per card at this dpi.", min=30,
                                                  max=1200)] = None,
    tts: Annotated[bool, typer.Option("--tts", help="Also write Tabletop Simulator deck sheets "
                                                    "(up to 10x7, 4096 px), a back image and a saved object "
                                                    "(saved-object.json) that imports the deck in one piece.")]
    = False,
    tts_url: Annotated[str | None, typer.Option(help="With --tts: the URL the output folder will be uploaded to "
                                                     "(the saved object's FaceURL/BackURL start with it). Default: "
                                                     "file:/// URLs of --out, for TTS on this computer.",
                                                show_default=False)] = None,
    placeholders: Annotated[bool, typer.Option("--placeholders", help="Draw a labelled stand-in for art files "
                                                                      "that do not exist yet (and warn), instead "
                                                                      "of stopping.")] = False,
    safe_zone: Annotated[str | None, typer.Option(help="Text and icons must keep this far inside the trim (3mm, "
                                                       "0.125in; 0: not checked); over the deck's safe_zone:. "
                                                       "Outside it: a warning, an error with --strict.",
                                                  show_default=False)] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Rebuild whenever the definition, its data, a template, "
                                                        "a font or an image changes (Ctrl-C stops).")] = False,
    watch_limit: Annotated[int | None, typer.Option(hidden=True, help="Stop watching after this many builds "
                                                                      "(for tests).")] = None,
    **game_options: object,
) -> None:
    """Build print-ready PDFs into the output folder (and a manifest.json).

    Exit 0: built; 2: a problem with the input or the options (named on stderr).
    """
    from printkit.cli.progress import BuildProgress
    from printkit.engine.build import BuildRequest
    from printkit.engine.build import build as run_build
    from printkit.engine.components import BuildOptions
    from printkit.engine.paper import PrintSettings
    from printkit.engine.pod import pod_layout

    extra = {k: v for k, v in game_options.items() if v is not None and v is not False}
    with user_errors():
        request = BuildRequest(
            targets=tuple(targets or ()),
            options=BuildOptions(paper=paper, lang=lang or "en", lang_given=lang is not None, players=players,
                                 seed=1 if seed is None else seed,
                                 seed_given=seed is not None, extra=extra,
                                 max_cards=max_cards, allow_outside=allow_outside, allow_network=allow_network,
                                 only=only, where=where, placeholders=placeholders, changed=changed),
            settings=PrintSettings(paper=paper, bleed=bleed, gap=gap, duplex=duplex.value, offset_x=offset_x,
                                   offset_y=offset_y, rotate=rotate.value, cmyk=cmyk,
                                   icc_profile=str(icc_profile) if icc_profile else None,
                                   pod=pod_layout(pod) if pod else None),
            png=png or watch,
            templates=templates,
            strict=strict,
            png_cards=png_cards,
            tts=tts,
            safe_zone=_safe_zone(safe_zone),
            tts_url=tts_url if tts_url is not None else out_dir.resolve().as_uri(),
        )
    if watch:
        from printkit.engine.watch import watch_build

        watch_build(request, out_dir, force, lambda r: _summary(r, out_dir, quiet),
                    lambda text: err.print(f"[cyan]watch:[/] {text}"), limit=watch_limit)
        return
    with user_errors(), BuildProgress(err.console, quiet) as progress:
        report = run_build(request, out_dir, force, progress=progress)
    _summary(report, out_dir, quiet)


def _summary(report, out_dir: Path, quiet: bool) -> None:
    from printkit.engine.components import count_label

    if quiet:  # -q: errors only
        return
    from rich.markup import escape

    for warning in report.warnings:
        err.print(f"[yellow]warning:[/] {escape(warning)}")  # a rule's tag ("[fit]") is text, not a style
    for f in report.files:
        e = f.entry
        if e is None or e.pages == 0 or e.kind == "preview":
            what = e.kind if e else ""
        else:
            what = f"{count_label(e.pieces, e.kind)}, {count_label(e.pages, 'pages')}"
        out.print(f"{f.status:>9}  {out_dir / f.path}  ({what})")
        changes = (e.record or {}).get("changed") if e is not None else None
        if changes:
            cards = ", ".join(str(n) for n in changes["cards"])
            out.print(f"{'':>9}  {count_label(len(changes['cards']), 'cards')} of {changes['of']} changed since the "
                      f"last full build: {cards}")
    for game, seed in report.seeds.items():
        out.print(f"{game}: random choices from seed {seed} (--seed {seed} builds the same again)")
    out.print(f"manifest: {out_dir / 'manifest.json'}")


def calibrate(
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Folder to write into.")] = Path("output"),
    paper: Annotated[str, typer.Option(help=PAPER_HELP, callback=_paper)] = "a4",
    lang: Annotated[Lang, typer.Option(help="Language of the instructions.")] = ENGLISH,  # type: ignore[valid-type]
    force: Annotated[bool, typer.Option("--force", help="Replace a calibration file not written by printkit.")]
    = False,
) -> None:
    """Print a duplex calibration sheet to measure your printer's front/back offset."""
    from printkit.engine.build import calibrate as run_calibrate

    with user_errors():
        result = run_calibrate(out_dir, paper, lang.value, force)
    out.print(f"wrote {out_dir / result.path}: print it double-sided at 100%, then read the offsets off the back.")


def showcase(
    deck: Annotated[str, typer.Argument(help="Your deck definition (.yaml/.json).", show_default=False)],
    out_dir: Annotated[Path, typer.Option("--out", "-o", help="Folder to write into.")] = Path("output"),
    only: Annotated[str | None, typer.Option(help="The cards to fan, numbered as the deck numbers them "
                                                  "(default: the first five).")] = None,
    where: Annotated[str | None, typer.Option(help="Fan the cards for which this expression is true.")] = None,
    dpi: Annotated[int, typer.Option(help="Resolution of the cards in the picture.", min=50, max=600)] = 150,
    background: Annotated[str | None, typer.Option(help="Background colour (default: transparent).")] = None,
    lang: Annotated[str | None, typer.Option(help="Language of printed text (default: the deck's own).",
                                             show_default=False)] = None,
    templates: Annotated[Path | None, typer.Option(help="Your own templates folder.")] = None,
    allow_network: Annotated[bool, typer.Option("--allow-network", help="Let the deck read its cards from a "
                                                                        "URL.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Replace a file printkit did not write.")] = False,
) -> None:
    """A fanned hand of a deck's cards as one PNG, for a shop page or a rulebook."""
    from printkit.engine.build import showcase as run_showcase
    from printkit.engine.components import BuildOptions

    with user_errors():
        result = run_showcase(deck, out_dir, BuildOptions(lang=lang or "en", lang_given=lang is not None, only=only,
                                                          where=where, allow_network=allow_network),
                              templates, dpi, background, force)
    out.print(f"{result.status:>9}  {out_dir / result.path}  (showcase)")
