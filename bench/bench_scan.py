"""Benchmark `printkit scan` on the synthetic test set: box accuracy, sheets read exactly right,
silent errors, non-sheets rejected, time per image and peak memory.

The set is made on the fly (``devkit.ganz_schon_clever.synthetic``): final sheets of
simulated games written by simulated writers on printkit's own PDFs (A4, Letter, A3, two to a page,
en / de / zh-TW, ink-saver), then degraded as flatbed scans (200-300 dpi) and 12-megapixel phone
photos.  Seeds from 9000 on are the *held-out* part: never used while tuning the reader (tuning used
seeds below 1000).  Accuracy comes from synthetic handwriting only; no real handwriting data installs
offline.

A field is compared as the transcription holds it (a claim: the value written into ``claimed``).  "Exactly
right": every field equal to what was written and nothing flagged; the player count only where the sheet's
QR code carries it (otherwise it is not on the sheet: the transcription checks 1 and 2 players and flags
``players`` only when the verdicts differ).  "Fields confirmed by the sums": read below 0.9 alone, made
confident because the claimed scores agree (``scan/agreement.py``); a wrong one would count as a silent error.

    PYTHONPATH=. python bench/bench_scan.py [--n 24] [--seed 9000] [--write]
    PYTHONPATH=. python bench/bench_scan.py --n 24 --seed 750 --list-wrong   # what went wrong, tuning seeds only

``--long-pdf 40 80 [--pdf-dir DIR]`` measures instead the peak memory of ``printkit scan`` on one long PDF, as a
sheet-feeder scanner writes it (every page one 300-dpi JPEG of an A4 sheet filled by the tuning
generator, seeds 100 on): the largest RSS of one process, and the sum over the process and its
``--jobs`` workers, sampled every 20 ms, for ``--out DIR``, ``--out DIR --json`` and ``--jobs 2`` on
two copies of the PDF.  It only prints: the figures go into RESULTS.md by hand.

``--heic K`` times instead K 12-megapixel photos read as JPEG and as HEIC (the iPhone's default format; the
same pixels re-encoded by x265), and the HEIC decoding alone.  It only prints, too.
"""

from __future__ import annotations

# ruff: noqa: E402  (the thread settings below must come before NumPy loads)
import os

# one core, as the figure asks (and as `printkit scan` sets it): before NumPy loads
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import dataclasses
import datetime
import math
import platform
import resource
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np
from PIL import Image
from results import replace_section  # bench/ is on sys.path when a bench runs

from devkit.ganz_schon_clever.synthetic import Sample, make_samples
from devkit.ganz_schon_clever.truth import judge
from printkit.engine.scan.decode.speed.memory import keep_freed_memory
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.reader import default_numbers
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan import scan_file
from printkit.games.ganz_schon_clever.scan.output import overlay_png, transcription_yaml

# OpenCV runs its own thread pool (two threads on a 2-core machine) whatever the variables above say:
# one core means one thread here too, or wall time is that of two cores and CPU time counts the pool.
cv2.setNumThreads(1)
# and, as `printkit scan` does, each image reuses the memory of the last instead of faulting in its own
keep_freed_memory()

HEADING = "## scan (Ganz schön clever)"


HELD_OUT = 9000  # seeds from here on are the held-out set
EVERY_PAD = "photo, every pad"  # the extra photos' row in the table


def _made(n: int, seed: int, folder: str) -> list[Sample]:
    """The test set written to ``folder`` (``<name><suffix>``), returned without the images' bytes.

    Scans and photos alternate over six pads, so the main set photographs only the odd ones (German
    Letter, zh-TW ink-saver A4, A3): ``n // 2`` more photos (seed + 1000, still held out) cycle through
    all six, the plain A4 sheet and both pages of two half sheets included, and get a row of their own so
    the main rows stay comparable with earlier runs."""
    out = []
    extra = make_samples(n // 2, seed + 1000, ("photo",))
    for s in [*make_samples(n, seed, ("scan", "photo")), *(dataclasses.replace(x, kind=EVERY_PAD) for x in extra)]:
        (Path(folder) / f"{s.name}{s.suffix}").write_bytes(s.data)
        out.append(dataclasses.replace(s, data=b""))
    return out


def run(n: int, seed: int, list_wrong: bool = False) -> dict[str, object]:
    """Read the test set; with ``list_wrong`` also print, per sheet not read exactly right, its wrong fields
    (flagged or SILENT) and what was flagged (tuning seeds only: see main)."""
    game = load_gsc_game()
    numbers = default_numbers()
    load0 = os.getloadavg()[0]
    # The test set is made in a child process and written to files there, so the peak memory measured here
    # is that of reading (the images' bytes of a large set, held here, would count hundreds of MB).
    keep = tempfile.TemporaryDirectory()
    tmp = keep.name
    with ProcessPoolExecutor(max_workers=1) as pool:
        samples = pool.submit(_made, n, seed, tmp).result()
    stats: dict[str, dict[str, float]] = {k: {"images": 0, "sheets": 0, "unread": 0, "boxes": 0, "wrong": 0,
                                              "silent": 0, "marks_exact": 0, "exact": 0, "flagged": 0,
                                              "num_boxes": 0, "num_wrong": 0, "num_silent": 0, "confirmed": 0}
                                          for k in ("scan", "photo", EVERY_PAD)}
    times: list[float] = []
    cpu: list[float] = []
    kinds: list[str] = []
    shapes: list[str] = []  # "one sheet" / "two half sheets" on the page, and its file type
    with keep:
        for s in samples:
            st = stats[s.kind]
            st["images"] += 1
            path = Path(tmp) / f"{s.name}{s.suffix}"
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                sheets, _ = scan_file(path, game, numbers=numbers)
            except ScanError:
                sheets = []
            for sh in sheets:  # what `printkit scan` writes per sheet is part of its time per image
                overlay_png(sh)
                transcription_yaml(sh, path.name)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            kinds.append(s.kind)
            shapes.append(f"{'one sheet' if s.pad.per_page == 1 else 'two half sheets'} {s.suffix.lstrip('.')}")
            st["sheets"] += len(s.truths)
            st["unread"] += len(s.truths) - len(sheets)
            for sh in sheets:
                j = judge(sh.image.readings, sh.read, sh.table.table, sh.sheet_id.players,
                          s.truth_at(sh.image.position))
                wrong = [f"{f.key} read {f.read!r}, written {f.written!r} ({'flagged' if f.flagged else 'SILENT'})"
                         for f in j.fields if not f.right]
                for f in j.fields:
                    kind = ("num_boxes", "num_wrong", "num_silent") if f.number else ("boxes", "wrong", "silent")
                    st[kind[0]] += 1
                    st[kind[1]] += not f.right
                    st[kind[2]] += f.confident_wrong
                st["marks_exact"] += j.marks_exact
                st["confirmed"] += len(sh.read.confirmed)
                st["exact"] += j.exact
                st["flagged"] += bool(j.flagged)
                if list_wrong and not j.exact:
                    flags = [f"{u.area}/{u.index} {u.read!r}@{u.confidence:.2f}" for u in sh.read.uncertain]
                    print(f"{s.name} {sh.image.position}: wrong {wrong or 'none'}; flagged {flags}", flush=True)
        first = samples[0]
        half = np.asarray(Image.open(Path(tmp) / f"{first.name}{first.suffix}").convert("RGB"))[:1000]
    # Non-sheets: each must be refused (exit 2 in the CLI).
    rng = np.random.default_rng(seed)
    rejected = 0
    bad = {"blank page": np.full((2339, 1654, 3), 246, np.uint8),
           "noise": rng.integers(40, 220, (1800, 2400, 3), dtype=np.uint8),
           "half a sheet": half}
    with tempfile.TemporaryDirectory() as tmp:
        for name, img in bad.items():
            p = Path(tmp) / f"{name.replace(' ', '-')}.png"
            Image.fromarray(img).save(p)
            try:
                sheets, _ = scan_file(p, game, numbers=numbers)
                rejected += not sheets
            except ScanError:
                rejected += 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"stats": stats, "times": times, "cpu": cpu, "kinds": kinds, "shapes": shapes,
            "load": (load0, os.getloadavg()[0]),
            "rejected": (rejected, len(bad)), "peak_mb": peak,
            "digits": numbers is not None}


def wilson(k: float, n: float, z: float = 1.96) -> str:
    """The 95% Wilson score interval of k successes in n, as "a-b%": with a few dozen sheets, 16 of 20
    right is anything from 58% to 92%, so the count alone says little about a 95% target."""
    if n == 0:
        return "-"
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * max(0.0, centre - half):.0f}-{100 * min(1.0, centre + half):.0f}%"


def report(res: dict, n: int, seed: int) -> str:
    lines = [HEADING,
             "",
             f"- date: {datetime.date.today()}",
             f"- `python bench/bench_scan.py --n {n} --seed {seed}`; "
             + ("held-out seeds (from 9000 on: counts only, never looked at while tuning); " if seed >= HELD_OUT
                else "tuning seeds (below 9000: looked at while tuning, not a held-out figure); ")
             + f"{platform.machine()}, Python {platform.python_version()}, one process on a shared 2-core machine",
             "- digit model installed: "
             + ("yes" if res["digits"] else "no (every written number is reported uncertain)"),
             ""]
    lines.append("| capture | images | sheets | not read (exit 2) | crosses+circles right | silent errors | "
                 "sheets with every cross/circle right and none flagged | numbers right | numbers wrong unflagged | "
                 "sheets exactly right (all fields, nothing flagged; 95% interval) | fields confirmed by the sums |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for kind, st in res["stats"].items():
        boxes = st["boxes"] or 1
        nb = st["num_boxes"] or 1
        read = st["sheets"] - st["unread"] or 1
        lines.append(f"| {kind} | {st['images']:.0f} | {st['sheets']:.0f} | {st['unread']:.0f} | "
                     f"{100 * (1 - st['wrong'] / boxes):.2f}% of {st['boxes']:.0f} | {st['silent']:.0f} | "
                     f"{st['marks_exact']:.0f} of {read} | {100 * (1 - st['num_wrong'] / nb):.1f}% of "
                     f"{st['num_boxes']:.0f} | {st['num_silent']:.0f} | {st['exact']:.0f} of {st['sheets']:.0f} "
                     f"({wilson(st['exact'], st['sheets'])}) | "
                     f"{st['confirmed']:.0f} |")
    def med(kind: str, key: str, shape: str = "") -> str:
        xs = [x for x, k, sh in zip(res[key], res["kinds"], res["shapes"], strict=True)
              if k == kind and sh.startswith(shape)]
        return f"{1000 * statistics.median(xs):.0f} ms" if xs else "-"

    def scan_shapes() -> str:
        # The 300 ms is for a scan of one A4 sheet; a page of two half sheets reads two sheets.
        scans = [sh for k, sh in zip(res["kinds"], res["shapes"], strict=True) if k == "scan"]
        return "; ".join(f"{shape} {med('scan', 'cpu', shape)} ({scans.count(shape)})" for shape in sorted(set(scans)))

    t = sorted(res["times"])
    lines += ["",
              "- time per image on one core (OpenBLAS/OpenMP/OpenCV threads 1; load, find, QR, rectify, read every "
              f"box, transcribe, make the overlay PNG and the YAML): median {1000 * statistics.median(t):.0f} ms "
              f"wall, slowest {1000 * t[-1]:.0f} ms; "
              f"scans (200-300 dpi) {med('scan', 'times')} wall / {med('scan', 'cpu')} CPU, 12 MP photos "
              f"{med('photo', 'times')} wall / {med('photo', 'cpu')} CPU; photos of every pad "
              f"{med(EVERY_PAD, 'cpu')} CPU (one sheet {med(EVERY_PAD, 'cpu', 'one sheet')}, two half sheets "
              f"{med(EVERY_PAD, 'cpu', 'two half sheets')})",
              f"- scans by page (median CPU, images): one A4 sheet {med('scan', 'cpu', 'one sheet')}, a page of two "
              f"half sheets {med('scan', 'cpu', 'two half sheets')}; {scan_shapes()}",
              f"- load average (1 min) at start {res['load'][0]:.1f}, at end {res['load'][1]:.1f} on "
              f"{os.cpu_count()} cores: wall times count only when it stayed well under 1",
              f"- peak memory of reading (max RSS of the process that reads; the test set is made in another): "
              f"{res['peak_mb']:.0f} MB",
              f"- non-sheets refused (blank page, noise, half a sheet): {res['rejected'][0]} of {res['rejected'][1]}",
              ""]
    return "\n".join(lines)


LONG_SEED = 100  # tuning seeds: the pages of a long PDF are seeds 100, 101, ...


def _long_pdf_pages(n: int) -> list[bytes]:
    """``n`` filled A4 sheets as 300-dpi JPEG scans (a slight skew, quality 85), one sheet per page:
    made in a child process, so the reader's peak is not the maker's."""
    import io
    import random

    from devkit.ganz_schon_clever.synthetic import PadOptions

    out = []
    for i in range(n):
        [s] = make_samples(1, LONG_SEED + i, ("clean",), pads=(PadOptions(),))
        page = np.asarray(Image.open(io.BytesIO(s.data)).convert("RGB"))
        rng = random.Random(LONG_SEED + i)
        h, w = page.shape[:2]
        m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-1.5, 1.5), 1.0)
        page = cv2.warpAffine(page, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=(250, 250, 250))
        buf = io.BytesIO()
        Image.fromarray(page).save(buf, format="JPEG", quality=85)
        out.append(buf.getvalue())
    return out


def _write_pdf(jpegs: list[bytes], path: Path, dpi: float = 300) -> None:
    """A PDF of one JPEG filling each page, as a scanner writes it (the JPEGs are stored as they are)."""
    import io

    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument.new()
    for data in jpegs:
        w, h = Image.open(io.BytesIO(data)).size
        wpt, hpt = w * 72 / dpi, h * 72 / dpi
        page = pdf.new_page(wpt, hpt)
        img = pdfium.PdfImage.new(pdf)
        img.load_jpeg(io.BytesIO(data), pages=[page])
        img.set_matrix(pdfium.PdfMatrix().scale(wpt, hpt))
        page.insert_obj(img)
        page.gen_content()
        page.close()
    pdf.save(str(path))
    pdf.close()


def _tree_rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and every process under it, from /proc (Linux)."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        total += next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        todo.extend(int(c) for c in children)
    return total / 1024


def _peak_of(cmd: list[str]) -> tuple[float, float, float, int]:
    """(largest RSS of one process, largest sampled sum over the process tree, wall seconds, exit code)."""
    import subprocess
    import threading

    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak_tree = 0.0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak_tree
        while not done.is_set():
            peak_tree = max(peak_tree, _tree_rss_mb(proc.pid))
            time.sleep(0.02)

    th = threading.Thread(target=sample)
    th.start()
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    th.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    # wait4's maxrss is the largest of the process and the children it waited for (the --jobs workers)
    return usage.ru_maxrss / 1024, peak_tree, time.perf_counter() - t0, proc.returncode


def long_pdf(sizes: list[int], keep: Path | None = None) -> str:
    """The table of peaks; ``keep``: a folder where the PDFs are kept, and taken from when they are there
    (making 80 pages takes minutes: a comparison of two checkouts makes them once)."""
    import shutil
    import sys

    exe = [sys.executable, "-m", "printkit"]  # the printkit first on PYTHONPATH (a checkout to compare)
    lines = [f"peak memory of `printkit scan` on one PDF of N 300-dpi A4 scans (seeds {LONG_SEED}+), "
             f"load {os.getloadavg()[0]:.1f}:", "",
             "| pages | command | largest process | process + workers (sampled) | wall | exit |",
             "|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        pdfs = keep or Path(tmp)
        pdfs.mkdir(parents=True, exist_ok=True)
        missing = [n for n in sizes if not (pdfs / f"long{n}.pdf").is_file()]
        if missing:
            with ProcessPoolExecutor(max_workers=1) as pool:
                jpegs = pool.submit(_long_pdf_pages, max(missing)).result()
            for n in missing:
                _write_pdf(jpegs[:n], pdfs / f"long{n}.pdf")
            del jpegs
        for n in sorted(sizes):
            pdf = pdfs / f"long{n}.pdf"
            twin = Path(tmp) / f"long{n}b.pdf"
            shutil.copyfile(pdf, twin)
            for label, extra in (("--out DIR", []), ("--out DIR --json", ["--json"]),
                                 ("--jobs 2 (two copies of the PDF)", ["--jobs", "2", str(twin)])):
                out = Path(tmp) / f"out-{n}-{len(extra)}"
                one, tree, wall, code = _peak_of([*exe, "scan", str(pdf), "--out", str(out), *extra])
                lines.append(f"| {n} | {label} | {one:.0f} MB | {tree:.0f} MB | {wall:.0f} s | {code} |")
                shutil.rmtree(out, ignore_errors=True)
                print(lines[-1], flush=True)
    return "\n".join(lines)


HEIC_SEED = 300  # tuning seeds: the photos re-encoded as HEIC are seeds 300, 301, ...


def _heic_pairs(k: int, folder: str) -> list[str]:
    """``k`` 12-megapixel photos of one sheet each (tuning seeds from HEIC_SEED), written to ``folder`` as the
    generator made them (``<name>.jpg``) and re-encoded as an iPhone stores them (``<name>.heic``: HEVC 4:2:0,
    quality 80, x265's medium preset; the same pixels the JPEG decodes to)."""
    import io

    import pillow_heif

    from devkit.ganz_schon_clever.synthetic import PadOptions

    pillow_heif.register_heif_opener()
    names = []
    for i in range(k):
        [s] = make_samples(1, HEIC_SEED + i, ("photo",), pads=(PadOptions(),))
        (Path(folder) / f"{s.name}.jpg").write_bytes(s.data)
        rgb = np.asarray(Image.open(io.BytesIO(s.data)).convert("RGB"))
        Image.fromarray(rgb).save(Path(folder) / f"{s.name}.heic", format="HEIF", quality=80,
                                  enc_params={"preset": "medium"})
        names.append(s.name)
    return names


def heic(k: int) -> str:
    """CPU time (best of three) of reading the same photos as JPEG and as HEIC, and of decoding alone."""
    from printkit.engine.scan.decode.images import load_pages

    game, numbers = load_gsc_game(), default_numbers()

    def best(f: object, path: Path) -> float:
        runs = []
        for _ in range(3):
            c0 = time.process_time()
            f(path)  # type: ignore[operator]
            runs.append(time.process_time() - c0)
        return 1000 * min(runs)

    def read(path: Path) -> str:
        sheets, _ = scan_file(path, game, numbers=numbers)
        for sh in sheets:
            overlay_png(sh)
            transcription_yaml(sh, path.name)
        return repr([sh.read.sheet for sh in sheets])

    lines = [f"12 MP photos as JPEG and as HEIC (seeds {HEIC_SEED}+), ms CPU on one core, best of three, "
             f"load {os.getloadavg()[0]:.1f}:", "",
             "| photo | JPEG: read | HEIC: read | HEIC: decoding alone | same transcription |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        with ProcessPoolExecutor(max_workers=1) as pool:
            names = pool.submit(_heic_pairs, k, tmp).result()
        cols: list[list[float]] = [[], [], []]
        for name in names:
            jpg, hei = Path(tmp) / f"{name}.jpg", Path(tmp) / f"{name}.heic"
            row = [best(read, jpg), best(read, hei), best(load_pages, hei)]
            for c, v in zip(cols, row, strict=True):
                c.append(v)
            same = read(jpg) == read(hei)
            lines.append(f"| {name} | {row[0]:.0f} | {row[1]:.0f} | {row[2]:.0f} | {'yes' if same else 'no'} |")
            print(lines[-1], flush=True)
        lines.append(f"| median | {statistics.median(cols[0]):.0f} | {statistics.median(cols[1]):.0f} | "
                     f"{statistics.median(cols[2]):.0f} | |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--long-pdf", type=int, nargs="+", metavar="N",
                    help="measure peak memory on one PDF of N pages instead (e.g. --long-pdf 40 80)")
    ap.add_argument("--pdf-dir", type=Path, help="with --long-pdf: keep the PDFs here and reuse them")
    ap.add_argument("--heic", type=int, metavar="K",
                    help="time reading K 12 MP photos as JPEG and as HEIC instead (prints only)")
    ap.add_argument("--n", type=int, default=24, help="pages (half scans, half photos; and n/2 photos of every pad)")
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--write", action="store_true", help="write the result into bench/RESULTS.md")
    ap.add_argument("--list-wrong", action="store_true",
                    help="print each sheet not read exactly right: its wrong fields (flagged or SILENT) and flags; "
                         "tuning seeds (below 9000) only")
    a = ap.parse_args()
    if a.list_wrong and a.seed >= HELD_OUT:
        ap.error("--list-wrong: tuning seeds only (from 9000 on is the held-out set: counts only, never looked at)")
    if a.long_pdf:
        print(long_pdf(a.long_pdf, a.pdf_dir))
        return
    if a.heic:
        print(heic(a.heic))
        return
    text = report(run(a.n, a.seed, a.list_wrong), a.n, a.seed)
    print(text)
    if a.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
