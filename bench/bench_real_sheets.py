"""Whole Ganz schön clever sheets with real handwriting: how `printkit scan` reads a filled sheet whose numbers
real people wrote.

The sheets are the synthetic set's (``devkit.ganz_schon_clever.synthetic``: final sheets of simulated games on
printkit's own pads, A4/Letter/A3, one or two to a page, en/de/zh-TW, ink-saver; synthetic crosses and circles;
scanned at 200-300 dpi or photographed at 12 MP), their numbers written with real handwritten digits of one part
of the real-digit split (``devkit/real_digits.py``: blocks 0-6 train, 7 tunes, 8-9 held out), one writer's
window of digits a sheet, 5-8 mm tall, touching sometimes, pen or light pencil. The same sheets' seed with the
synthetic hand gives the synthetic rows: real and synthetic figures stay apart.

    PYTHONPATH=. python bench/bench_real_sheets.py --part tune                # what choices may look at
    PYTHONPATH=. python bench/bench_real_sheets.py --part tune --list-wrong   # ... and each sheet not exactly right
    PYTHONPATH=. python bench/bench_real_sheets.py --part held-out --write    # once, at the end

Each set is made once and kept under ``--cache`` (``/tmp/real-sheets-cache``), with its box readings: the
``--transcribe-only`` run reads nothing again and only transcribes the kept readings (the game's decisions:
``printkit/games/ganz_schon_clever/scan``), in seconds. A plain run reads every image again and times it (CPU
time on one core: the file read, the sheet found, every box read, transcribed, the overlay PNG and the YAML
made, as ``bench/bench_scan.py`` times it).

Per capture: sheets read exactly right (every field as written, nothing flagged), written numbers read right,
numbers held with confidence (not flagged) and how many of those are wrong ("how often confident is wrong"),
fields flagged for a person, CPU time per image.
"""

from __future__ import annotations

# ruff: noqa: E402  (the thread settings below must come before NumPy loads)
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import dataclasses
import datetime
import pickle
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
from bench_scan import wilson  # bench/ is on sys.path when a bench runs
from results import replace_section

from devkit.ganz_schon_clever.synthetic import RealDigits, Sample, make_samples
from devkit.ganz_schon_clever.truth import Judgement, judge
from printkit.engine.scan.decode.speed.memory import keep_freed_memory
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.reader import default_numbers
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan import scan_file, sheet_players
from printkit.games.ganz_schon_clever.scan.output import overlay_png, transcription_yaml
from printkit.games.ganz_schon_clever.scan.transcribe import transcribe

cv2.setNumThreads(1)
keep_freed_memory()

HEADING = "## scan with real handwriting (Ganz schön clever sheets; bench/bench_real_sheets.py)"
CACHE = Path("/tmp/real-sheets-cache")
# the sheets' own seed per part: tuning sheets from the synthetic set's tuning seeds (below 9000), held-out ones
# from a held-out seed never run before (bench/RESULTS.md's next fresh one), so neither the crosses nor the digits
# of the held-out rows were looked at
SEEDS = {"tune": 870, "held-out": 10800}
DIGITS = ("real", "synthetic")


@dataclass
class SheetRecord:
    """One sheet read: what is needed to transcribe it again and judge it, and its image's time."""

    name: str
    kind: str
    position: str
    readings: list  # BoxReading, the reader's own reading dropped (transcription does not use it)
    table: dict
    rounds: int
    players_printed: int | None
    truth: Any  # the Sheet written
    cpu: float  # the image's CPU seconds (every sheet on it)
    wall: float


def _make(n: int, seed: int, part: str, digits: str, folder: Path) -> list[Sample]:
    real = RealDigits(part) if digits == "real" else None
    out = []
    for s in make_samples(n, seed, ("scan", "photo"), digits=real):
        (folder / f"{s.name}{s.suffix}").write_bytes(s.data)
        out.append(dataclasses.replace(s, data=b""))
    return out


def samples_of(part: str, digits: str, n: int, cache: Path) -> tuple[Path, list[Sample]]:
    """The set's images, made once (in a child process) and kept in ``cache``."""
    folder = cache / f"{digits}-{part}-{SEEDS[part]}-{n}"
    index = folder / "samples.pkl"
    if not index.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(max_workers=1) as pool:
            samples = pool.submit(_make, n, SEEDS[part], part, digits, folder).result()
        index.write_bytes(pickle.dumps(samples))
    return folder, pickle.loads(index.read_bytes())


def read_all(folder: Path, samples: list[Sample]) -> tuple[list[SheetRecord], int, int]:
    """Every image read as ``printkit scan`` reads it, timed: (sheets, sheets on the pages, sheets not read)."""
    game, numbers = load_gsc_game(), default_numbers()
    out: list[SheetRecord] = []
    written = unread = 0
    for s in samples:
        path = folder / f"{s.name}{s.suffix}"
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            sheets, _ = scan_file(path, game, numbers=numbers)
        except ScanError:
            sheets = []
        for sh in sheets:
            overlay_png(sh)
            transcription_yaml(sh, path.name)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        written += len(s.truths)
        unread += len(s.truths) - len(sheets)
        for sh in sheets:
            readings = [dataclasses.replace(r, number=None) for r in sh.image.readings]
            out.append(SheetRecord(s.name, s.kind, sh.image.position, readings, sh.table.table, sh.sheet_id.rounds,
                                   sh.sheet_id.players, s.truth_at(sh.image.position), cpu, wall))
    return out, written, unread


def judged(records: list[SheetRecord]) -> list[tuple[SheetRecord, Any, Judgement]]:
    """Each sheet transcribed again from its kept readings (the game's decisions as the code now makes them)."""
    game = load_gsc_game()
    out = []
    for rec in records:
        who, _ = sheet_players(rec.players_printed, rec.rounds, None, game)
        read = transcribe(game, rec.table, rec.readings, rec.rounds, who)
        out.append((rec, read, judge(rec.readings, read, rec.table, rec.players_printed, rec.truth)))
    return out


def row(label: str, rows: list[tuple[SheetRecord, Any, Judgement]], written: int, unread: int,
        images: dict[str, tuple[float, float]]) -> str:
    """One line of the table: ``images`` name -> (CPU, wall) seconds of each image of the row."""
    nums = [f for _, _, j in rows for f in j.fields if f.number and f.written is not None]
    empty = [f for _, _, j in rows for f in j.fields if f.number and f.written is None]
    sure = [f for f in nums + empty if not f.flagged]
    wrong_sure = [f for f in sure if not f.right]
    exact = sum(j.exact for _, _, j in rows)
    flags = sum(j.flagged for _, _, j in rows)
    marks = [f for _, _, j in rows for f in j.fields if not f.number]
    cpu = sorted(c for c, _ in images.values())
    timing = f"{1000 * statistics.median(cpu):.0f} / {1000 * cpu[-1]:.0f} ms" if cpu else "-"
    rate = f"{len(wrong_sure)} of {len(sure)} ({100 * len(wrong_sure) / max(1, len(sure)):.2f}%)"
    return (f"| {label} | {len(images)} | {written} | {unread} | {exact} of {written} ({wilson(exact, written)}) | "
            f"{sum(f.right for f in nums)} of {len(nums)} ({100 * sum(f.right for f in nums) / max(1, len(nums)):.1f}%)"
            f" | {rate} | {sum(not f.right for f in empty)} | "
            f"{sum(f.confident_wrong for f in marks)} | {flags} ({flags / max(1, len(rows)):.1f} a sheet) | {timing} |")


TABLE_HEAD = ("| set, capture | images | sheets | not read | sheets exactly right (95% interval) | written numbers "
              "right | confident numbers wrong (of confident: how often confident is wrong) | empty boxes read as a "
              "number | crosses/circles wrong unflagged | fields flagged | CPU per image: median / slowest |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|")


def list_wrong(rows: list[tuple[SheetRecord, Any, Judgement]]) -> None:
    for rec, read, j in rows:
        if j.exact:
            continue
        wrong = [f"{f.key} read {f.read!r}, written {f.written!r} ({'flagged' if f.flagged else 'SILENT'})"
                 for f in j.fields if not f.right]
        flags = [f"{u.area}/{u.index} {u.read!r}@{u.confidence:.2f}{' doubted' if u.doubted_by_sums else ''}"
                 for u in read.uncertain]
        print(f"{rec.name} {rec.position}: wrong {wrong or 'none'}; flagged {flags}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=tuple(SEEDS), default="tune")
    ap.add_argument("--n", type=int, default=32, help="pages of each set (half scans, half photos)")
    ap.add_argument("--digits", choices=(*DIGITS, "both"), default="both")
    ap.add_argument("--cache", type=Path, default=CACHE)
    ap.add_argument("--transcribe-only", action="store_true",
                    help="transcribe the readings kept by the last full run again (no reading, no times)")
    ap.add_argument("--list-wrong", action="store_true", help="each sheet not read exactly right (tuning only)")
    ap.add_argument("--write", action="store_true", help="put the table into bench/RESULTS.md (its own section)")
    a = ap.parse_args()
    if a.list_wrong and a.part != "tune":
        ap.error("--list-wrong: the tuning part only (the held-out part is counted, never looked at)")
    load0 = os.getloadavg()[0]
    kept_times = "; times from the run that read them" if a.transcribe_only else ""
    lines = []
    for digits in DIGITS if a.digits == "both" else (a.digits,):
        folder, samples = samples_of(a.part, digits, a.n, a.cache)
        kept = folder / "readings.pkl"
        if a.transcribe_only and kept.is_file():
            records, written, unread = pickle.loads(kept.read_bytes())
        else:
            records, written, unread = read_all(folder, samples)
            kept.write_bytes(pickle.dumps((records, written, unread)))
        rows = judged(records)
        if a.list_wrong:
            list_wrong(rows)
        for kind in ("scan", "photo"):
            mine = [x for x in rows if x[0].kind == kind]
            pages = [s for s in samples if s.kind == kind]
            images = {r.name: (r.cpu, r.wall) for r, _, _ in mine}
            lines.append(row(f"{digits} {a.part}, {kind}", mine, sum(len(s.truths) for s in pages),
                             sum(len(s.truths) for s in pages) - len(mine), images))
            print(lines[-1], flush=True)
    text = "\n".join([
        HEADING, "",
        f"- {datetime.date.today()}: `python bench/bench_real_sheets.py --part {a.part} --n {a.n}`; sheets of seed "
        f"{SEEDS[a.part]}, real digits of the {a.part} part of devkit/real_digits.py's split; load {load0:.1f} at the "
        f"start, {os.getloadavg()[0]:.1f} at the end (CPU time: one core){kept_times}",
        "", TABLE_HEAD, *lines, ""])
    print(text)
    if a.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
