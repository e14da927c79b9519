"""``printkit scan`` for one input file: read every sheet in it and write its transcription and overlay.

Returns light, picklable outcomes (so ``--jobs`` can run files in worker processes); the CLI formats
them.  Exit codes per sheet: 0 read confidently, legal and every claim right; 1 illegal or a claim
wrong; 3 read, but some fields uncertain or the file damaged; 2 not a sheet or unreadable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.engine.outputs import atomic_write
from printkit.engine.scan.errors import ScanError
from printkit.games.ganz_schon_clever.check import solo_passive_ruling
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.messages import FieldPlace
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.legality import CheckResult, check

if TYPE_CHECKING:
    from printkit.games.ganz_schon_clever.scan import ScannedSheet


@dataclass
class Outcome:
    file: str
    page: int | None = None
    position: str = "full"
    code: int = 2
    error: str = ""
    yaml_path: str = ""
    png_path: str = ""
    sheet: Sheet | None = None
    result: CheckResult | None = None
    json: dict[str, Any] = field(default_factory=dict)  # without "check": the CLI adds check's own JSON
    uncertain: list[FieldPlace] = field(default_factory=list)  # worded by CheckTexts.scan_field
    warning: str = ""  # about a sheet that was read: its file was damaged


def output_stem(image: Path, page: int | None, position: str, out: Path | None) -> Path:
    """``<image>[-p<page>][-top|-bottom]`` next to the image, or in ``out``."""
    name = image.stem
    if page is not None:
        name += f"-p{page}"
    if position in ("top", "bottom"):
        name += f"-{position}"
    return (out if out is not None else image.parent) / name


def scan_one(path: str, out: str | None, players: int | None, force: bool, solo_passive: str | None = None,
             numbers: object = None) -> list[Outcome]:
    """Read every sheet of one file; ``solo_passive`` (``none``/``plus1``) checks the result under that
    ruling (the reading itself, which prefers legal sheets, accepts either).

    Each sheet's files are written as soon as its page is read and its images let go, so a PDF of any
    number of pages is read in the memory of one: only the small outcomes are kept.  Pages not read come
    first in the outcomes, then the sheets, each in page order."""
    # The reader (OpenCV, NumPy, the digit model: about 30 MB) is imported where a file is read, not with this
    # module: the --jobs parent only hands out files and collects outcomes, and takes memory from its workers.
    from printkit.engine.scan.reader import PageFailure
    from printkit.games.ganz_schon_clever.scan import iter_scan_file

    image = Path(path)
    game = load_gsc_game()
    try:
        items = iter_scan_file(image, game, players, numbers)
    except ScanError as exc:
        return [Outcome(path, error=str(exc))]
    out_dir = Path(out) if out else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return [Outcome(path, error=_cannot_write(out_dir, exc))]
    failed: list[Outcome] = []
    read: list[Outcome] = []
    for item in items:
        if isinstance(item, PageFailure):
            failed.append(Outcome(path, item.page, error=item.message))
        else:
            read.append(_write_sheet(item, path, out_dir, force, solo_passive, game))
        del item  # the sheet's images go before the next page is read
    if not read and not failed:  # pragma: no cover - the reader reports a failure for every page
        failed.append(Outcome(path, error="no sheet found"))
    return failed + read


def _write_sheet(s: ScannedSheet, path: str, out_dir: Path | None, force: bool, solo_passive: str | None,
                 game: GscGame) -> Outcome:
    """Write one sheet's overlay and transcription; its outcome holds nothing of its images."""
    from printkit.games.ganz_schon_clever.scan.output import (
        damage_warning,
        edited_by_a_person,
        overlay_png,
        scan_json,
        transcription_yaml,
    )
    from printkit.games.ganz_schon_clever.scan.tables import field_places

    image = Path(path)
    stem = output_stem(image, s.image.page, s.image.position, out_dir)
    yaml_path, png_path = stem.with_suffix(".yaml"), stem.with_suffix(".read.png")
    result = s.read.result
    if solo_passive is not None:
        result = check(s.read.sheet, game, solo_passive_ruling({"solo_passive": solo_passive}))
    o = Outcome(path, s.image.page, s.image.position, yaml_path=str(yaml_path), png_path=str(png_path),
                sheet=s.read.sheet, result=result, json=scan_json(s, {}))
    o.uncertain = field_places(s.table.table, [(u.area, u.index) for u in s.read.uncertain])
    if s.image.damage:  # said whatever becomes of the files
        o.warning = damage_warning(s.image.damage)
    try:
        atomic_write(png_path, overlay_png(s))  # a reader of the folder sees the old file or the new, never half
        if yaml_path.exists() and not force and edited_by_a_person(yaml_path):
            o.error = (f"{yaml_path}: not overwritten: it was changed after printkit scan wrote it (a "
                       "corrected transcription?); use --force to replace it")
            o.code = 2
        else:
            atomic_write(yaml_path, transcription_yaml(s, image.name).encode("utf-8"))
            o.code = 3 if s.read.uncertain or s.image.damage else (0 if result.ok else 1)
    except OSError as exc:
        o.error, o.code = _cannot_write(png_path.parent, exc), 2
    return o


def _cannot_write(where: Path, exc: OSError) -> str:
    return f"{exc.filename or where}: cannot write: {exc.strerror or exc}"


def one_thread_per_worker() -> None:
    """Start a ``--jobs`` worker: it reads on one core, as the files are already spread over the cores
    (OpenCV's own thread pool in every worker, or libheif's decoding an iPhone photo's tiles four at a
    time, would put several threads on each core), and keeps its memory from one image to the next, as
    the single process does."""
    import cv2

    from printkit.engine.scan.memory import keep_freed_memory

    cv2.setNumThreads(1)
    try:
        import pillow_heif
    except ImportError:  # pragma: no cover - part of the [scan] extra; HEIC files are then refused as such
        pass
    else:
        pillow_heif.options.DECODE_THREADS = 1
    keep_freed_memory()


def worst(codes: list[int]) -> int:
    """A batch's exit code: the most serious of its sheets, 2 > 3 > 1 > 0."""
    rank = {2: 3, 3: 2, 1: 1, 0: 0}
    return max(codes, key=lambda c: rank[c]) if codes else 0
