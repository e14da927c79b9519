"""``printkit scan`` for one input file: read every sheet in it and write its transcription and overlay.

Returns light, picklable outcomes (so ``--jobs`` can run files in worker processes); the CLI formats
them.  Exit codes per sheet: 0 read confidently, legal and every claim right; 1 illegal or a claim
wrong; 3 read, but some fields uncertain or the file damaged; 2 not a sheet or unreadable.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.engine.outputs import claimed, write_together
from printkit.engine.scan.errors import OwnOverlay, ScanError
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
    skipped: bool = False  # a file printkit scan wrote, given again with the images: not read, no exit code
    two_legal: bool = False  # two readings of its uncertain boxes both make a legal sheet
    boxes: list[dict[str, Any]] = field(default_factory=list)  # where each box read lies: see tappable_boxes


def output_stem(image: Path, page: int | None, position: str, out: Path | None) -> Path:
    """``<image>[-p<page>][-top|-bottom]`` next to the image, or in ``out``; ``<image>`` is the image's
    name without its last suffix (``sheet.1.png``: ``sheet.1``)."""
    name = image.stem
    if page is not None:
        name += f"-p{page}"
    if position in ("top", "bottom"):
        name += f"-{position}"
    return (out if out is not None else image.parent) / name


def output_paths(stem: Path) -> tuple[Path, Path]:
    """The transcription and the overlay of one sheet: ``<stem>.yaml`` and ``<stem>.read.png``."""
    return stem.with_name(stem.name + ".yaml"), stem.with_name(stem.name + ".read.png")


def before_reading(images: list[str], out: str | None) -> list[str]:
    """What is wrong with a run before any image is read: an image named twice (also by another path to
    the same file), an ``--out`` that is not a folder.  One message each."""
    problems = []
    if out is not None and Path(out).exists() and not Path(out).is_dir():
        problems.append(f"--out {out}: not a folder")
    named: dict[object, list[str]] = {}
    for image in images:
        try:  # the same file by any name: another path, a link, another case on a disk that ignores case
            st = os.stat(image)
            key: object = (st.st_dev, st.st_ino)
        except OSError:  # said when it is read
            key = _name_key(image)
        named.setdefault(key, []).append(image)
    for same in named.values():
        if len(same) > 1:
            problems.append(f"{' and '.join(dict.fromkeys(same))} {'are one image' if len(set(same)) > 1 else 'is'}"
                            f" given {len(same)} times")
    return problems


@contextmanager
def one_run() -> Iterator[str]:
    """A folder where the files of one run (its ``--jobs`` workers included) claim the sheets' output
    names: the first image to claim a name writes there; another image of the same run that would write
    the same files (``x.jpg`` and ``x.heic``; ``a/x.png`` and ``b/x.png`` into one ``--out``; ``x.png``
    holding two half sheets and ``x-top.png``) is refused, ``--force`` or not (:func:`scan_one`)."""
    with tempfile.TemporaryDirectory(prefix="printkit-scan-") as claims:
        yield claims


def _name_key(path: str | Path) -> str:
    """A name as a disk may store it: a disk that ignores case (macOS, Windows) or the Unicode form (macOS)
    writes ``X.yaml`` and ``x.yaml`` to one file, so they are one name here on every disk."""
    return unicodedata.normalize("NFC", os.path.realpath(path)).casefold()


def _claim_file(claims: str, stem: Path) -> str:
    return os.path.join(claims, hashlib.sha256(_name_key(stem).encode("utf-8", "surrogateescape")).hexdigest())


def _claimed_by(claims: str | None, stem: Path) -> str | None:
    """The image of this run that claimed ``stem``'s files, if any."""
    if claims is None:
        return None
    try:
        return Path(_claim_file(claims, stem)).read_text(encoding="utf-8", errors="replace") or "another image"
    except FileNotFoundError:
        return None
    except OSError:
        return "another image"


def _claim(claims: str | None, stem: Path, source: str) -> str | None:
    """Claim ``stem``'s files for ``source`` in this run; the image that claimed them first, if another."""
    if claims is None:
        return None
    try:
        fd = os.open(_claim_file(claims, stem), os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError:  # atomic: of two workers claiming at once, one wins
        return _claimed_by(claims, stem) or "another image"
    with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
        f.write(source)
    return None


def scan_one(path: str, out: str | None, players: int | None, force: bool, solo_passive: str | None = None,
             numbers: object = None, claims: str | None = None) -> list[Outcome]:
    """Read every sheet of one file; ``solo_passive`` (``none``/``plus1``) checks the result under that
    ruling (the reading itself, which prefers legal sheets, accepts either); ``claims``: the run's
    :func:`one_run` folder, so no two images of one run write the same files.

    Each sheet's files are written as soon as its page is read and its images let go, so a PDF of any
    number of pages is read in the memory of one: only the small outcomes are kept.  Pages not read come
    first in the outcomes, then the sheets, each in page order."""
    # The reader (OpenCV, NumPy, the digit model: large) is imported where a file is read, not with this
    # module: the --jobs parent only hands out files and collects outcomes, and takes memory from its workers.
    from printkit.engine.scan.reader import PageFailure
    from printkit.games.ganz_schon_clever.scan import iter_scan_file
    from printkit.games.ganz_schon_clever.scan.output import written_by_scan

    image = Path(path)
    if written_by_scan(_head(image)):
        return [Outcome(path, code=0, warning=f"{path}: a transcription printkit scan wrote, not a photo or a scan: "
                                              "skipped", skipped=True)]
    game = load_gsc_game()
    try:
        items = iter_scan_file(image, game, players, numbers)
    except OwnOverlay as exc:
        return [Outcome(path, code=0, warning=f"{exc}: skipped", skipped=True)]
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
            read.append(_write_sheet(item, path, out_dir, force, solo_passive, game, claims))
        del item  # the sheet's images go before the next page is read
    if not read and not failed:  # pragma: no cover - the reader reports a failure for every page
        failed.append(Outcome(path, error="no sheet found"))
    return failed + read


def _head(path: Path) -> bytes:
    """The first 4 kB of ``path`` (where printkit scan's own files say they are its own), or nothing."""
    try:
        with path.open("rb") as f:
            return f.read(4096)
    except OSError:
        return b""  # said when it is read, or written


def _another_writes(yaml_path: Path, first: str) -> str:
    return f"{yaml_path}: not written: {first} of this run writes it; read one of them into another folder " \
           "(--out) or rename it"


def _write_sheet(s: ScannedSheet, path: str, out_dir: Path | None, force: bool, solo_passive: str | None,
                 game: GscGame, claims: str | None = None) -> Outcome:
    """Write one sheet's overlay and transcription; its outcome holds nothing of its images."""
    from printkit.games.ganz_schon_clever.scan.output import damage_warning, overlay_png, scan_json, transcription_yaml
    from printkit.games.ganz_schon_clever.scan.tables import field_places

    image = Path(path)
    stem = output_stem(image, s.image.page, s.image.position, out_dir)
    yaml_path, png_path = output_paths(stem)
    source = _from(image, yaml_path.parent)
    # said whatever becomes of the files
    warning = "; ".join([*s.warnings, *([damage_warning(s.image.damage)] if s.image.damage else [])])
    if s.read.blank:  # nothing to check: a sheet not filled in is no illegal game (its bonuses "missing")
        return Outcome(path, s.image.page, s.image.position, warning=warning,
                       error="nothing is written on this sheet: every box read empty (not filled in yet?)")
    result = s.read.result
    if solo_passive is not None:
        result = check(s.read.sheet, game, solo_passive_ruling({"solo_passive": solo_passive}))
    o = Outcome(path, s.image.page, s.image.position, yaml_path=str(yaml_path), png_path=str(png_path),
                sheet=s.read.sheet, result=result, json=scan_json(s, {}), warning=warning,
                uncertain=field_places(s.table.table, [(u.area, u.index) for u in s.read.uncertain]),
                two_legal=s.read.two_legal, boxes=tappable_boxes(s))
    files = [(png_path, overlay_png(s)), (yaml_path, transcription_yaml(s, source).encode("utf-8"))]
    try:
        # Checked and written under the name's claim: another printkit process writing these names at this
        # moment (two runs into one folder) waits, then checks what this one wrote.
        with claimed(yaml_path):
            refused = _refused(stem, path, source, force, claims)
            if refused is None:
                # both new or both old, never half of either: the overlay is what the transcription was read with
                write_together(files)
    except OSError as exc:
        return Outcome(path, s.image.page, s.image.position, error=_cannot_write(png_path.parent, exc),
                       warning=warning)
    if refused is not None:  # neither file is written: the overlay beside a transcription is the one it was read from
        return Outcome(path, s.image.page, s.image.position, error=refused, warning=warning)
    o.code = 3 if s.read.uncertain or s.image.damage else (0 if result.ok else 1)
    return o


def _refused(stem: Path, path: str, source: str, force: bool, claims: str | None) -> str | None:
    """Why a sheet of ``path`` must not write ``stem``'s files, or None (and they are then claimed for it in this
    run): another image of this run writes them, a folder or another's file has their name, or the
    transcription there is a person's or another image's (:func:`why_kept`)."""
    from printkit.engine.scan.decode.speed.png import is_overlay
    from printkit.games.ganz_schon_clever.scan.output import why_kept

    yaml_path, png_path = output_paths(stem)
    if (first := _claimed_by(claims, stem)) is not None:
        return _another_writes(yaml_path, first)
    if folder := next((f for f in (png_path, yaml_path) if f.is_dir()), None):
        return f"{folder}: cannot write: a folder has that name"
    if png_path.exists() and not is_overlay(_head(png_path)):
        return (f"{png_path}: not overwritten: it is not an overlay printkit scan wrote (a photo named like "
                "one, or an overlay of a printkit before 2026-12-04?): move it away or delete it")
    if yaml_path.exists() and not force and (kept := why_kept(yaml_path, source)) is not None:
        return f"{yaml_path}: not overwritten: {kept}; use --force to replace it"
    if (first := _claim(claims, stem, path)) is not None:  # claimed last: only by a sheet about to be written
        return _another_writes(yaml_path, first)
    return None


_TRACKS = {"reroll": "rerolls", "plus1": "extra_dice"}  # the box table's areas, the transcription's keys


def tappable_boxes(s: ScannedSheet) -> list[dict[str, Any]]:
    """Every box read, where it lies on the overlay (pixels), how sure its reading is, and which part of the
    transcription it writes (``edit``), for a page that lets a person tap a box to correct it:

    - ``{"kind": "cross", "field": "yellow", "row": r, "value": v}``: ``v`` in row ``r`` or not;
    - ``{"kind": "cross", "field": "blue", "value": v}``: ``v`` in the list or not;
    - ``{"kind": "count", "field": "green", "position": n}``: crossed, the count is at least ``n``;
    - ``{"kind": "number", "field": "orange", "position": i, "choices": [...]}``: the list's ``i``-th number;
    - ``{"kind": "circle", "field": "rerolls", "position": i}``: the track's ``i``-th circle
      (``empty``/``earned``/``used``: earned counts the circles earned or used, used those used);
    - ``{"kind": "claim", "field": "claimed", "key": "total", "choices": [...]}``: a score the player wrote.
    """
    from printkit.engine.scan.locate.sheets import OVERVIEW_PX_PER_MM as p

    boxes = {(b["area"], int(b["index"])): b for b in s.table.table["boxes"]}
    unsure = {(u.area, u.index) for u in s.read.uncertain}
    agreed = {(c.area, c.index) for c in s.read.confirmed}
    out = []
    for r in s.image.readings:
        sp = r.spec
        b = boxes[(sp.area, sp.index)]
        key = (sp.area, str(b["name"]) if sp.area == "score" else sp.index)
        if sp.area == "yellow":
            edit: dict[str, Any] = {"kind": "cross", "field": "yellow", "row": int(b["row"]), "value": int(b["value"])}
        elif sp.area == "blue":
            edit = {"kind": "cross", "field": "blue", "value": int(b["value"])}
        elif sp.area == "green":
            edit = {"kind": "count", "field": "green", "position": sp.index + 1}
        elif sp.area in ("orange", "purple"):
            edit = {"kind": "number", "field": sp.area, "position": sp.index, "choices": list(sp.allowed)}
        elif sp.area in _TRACKS:
            edit = {"kind": "circle", "field": _TRACKS[sp.area], "position": sp.index}
        else:
            edit = {"kind": "claim", "field": "claimed", "key": key[1], "choices": list(sp.allowed)}
        out.append({"area": sp.area, "index": key[1], "x": round(sp.x * p), "y": round(sp.y * p),
                    "w": round(sp.w * p), "h": round(sp.h * p), "shape": sp.shape,
                    "state": "uncertain" if key in unsure else "confirmed" if key in agreed else "sure",
                    "edit": edit})
    return out


def _from(image: Path, folder: Path) -> str:
    """``image`` as a path from ``folder`` (its name when the transcription is written beside it), or its
    absolute path where that is shorter (a folder far from it: no ``../../..`` climbing to the root)."""
    absolute = image.resolve().as_posix()
    try:
        relative = Path(os.path.relpath(image.resolve(), folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): no relative path
        relative = absolute
    # one line of YAML comment, written as UTF-8: no line break, no byte of a name that is not UTF-8
    return "".join(c if c.isprintable() and not "\ud800" <= c <= "\udfff" else "?"
                   for c in (relative if len(relative) <= len(absolute) else absolute))


def _cannot_write(where: Path, exc: OSError) -> str:
    return f"{exc.filename or where}: cannot write: {exc.strerror or exc}"


def workers(jobs: int, files: int) -> int:
    """How many processes read ``files`` files for ``--jobs jobs``: 0 is one per core this process may run
    on; never more than the files (one file is read in this process)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(1, min(jobs or cores, files))


def start_worker() -> None:
    """Start a ``--jobs`` worker: it reads on one core, as the files are already spread over the cores
    (OpenCV's own thread pool in every worker, or libheif's decoding an iPhone photo's tiles four at a
    time, would put several threads on each core), and keeps its memory from one image to the next, as
    the single process does.  Ctrl-C, ``kill`` and a closed terminal are left to the main process, which
    stops handing out files: a worker finishes the one it reads, never leaving half a file."""
    import cv2

    from printkit.engine.scan.decode.speed.memory import keep_freed_memory
    from printkit.engine.signals import leave_stopping_to_the_main_process

    leave_stopping_to_the_main_process()
    cv2.setNumThreads(1)
    try:
        import pillow_heif
    except ImportError:  # pragma: no cover - part of the [scan] extra; HEIC files are then refused as such
        pass
    else:
        pillow_heif.options.DECODE_THREADS = 1
    keep_freed_memory()


def worst(outcomes: list[Outcome]) -> int:
    """A batch's exit code: the most serious of its sheets, 2 > 3 > 1 > 0; 2 when nothing was read (every
    file given was one printkit scan wrote)."""
    rank = {2: 3, 3: 2, 1: 1, 0: 0}
    codes = [o.code for o in outcomes if not o.skipped]
    return max(codes, key=lambda c: rank[c]) if codes else 2
