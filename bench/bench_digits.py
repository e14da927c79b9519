"""Benchmark the handwritten-digit reader: one box, and a whole sheet's worth of boxes.

A Ganz schön clever sheet has about 60 boxes holding handwriting (orange 1-18, purple 1-6, claimed scores); the
boxes here are synthetic crops from scripts/train_digits.py (held-out styles), 24-110 px tall like 200-300 dpi
scans and rectified phone photos.

    PYTHONPATH=. python bench/bench_digits.py [--sheets 20] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from printkit.engine.scan.numbers import network, ranking

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## scan: handwritten digits"
BOXES_PER_SHEET = 60


def make_sheets(n: int) -> list[list[tuple[np.ndarray, range]]]:
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_digits as train  # the training script's generator makes the boxes
    rng = np.random.default_rng(7)
    styles = [train.available(s) for s in train.HELD_OUT_STYLES]
    sheets = []
    for _ in range(n):
        boxes = []
        for i in range(BOXES_PER_SHEET):
            allowed = range(1, 19) if i < 40 else range(1, 7)
            value = None if rng.random() < 0.2 else int(rng.choice(list(allowed)))
            style = styles[int(rng.integers(len(styles)))]
            boxes.append((train.number_box(value, style, rng).crop, allowed))
        sheets.append(boxes)
    return sheets


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheets", type=int, default=20)
    ap.add_argument("--write", action="store_true", help=f"append the results to {RESULTS}")
    args = ap.parse_args()
    load_avg = os.getloadavg()[0]
    t0 = time.perf_counter()
    model = network.DigitModel.load()
    load_ms = (time.perf_counter() - t0) * 1000
    sheets = make_sheets(args.sheets)
    # warm-up: the resampling matrices are cached per crop size, as they are for a real sheet's boxes
    for crop, allowed in sheets[0]:
        ranking.read_number(crop, allowed, model)

    box_ms, sheet_ms, batch_ms = [], [], []
    for boxes in sheets:
        t_sheet = time.perf_counter()
        for crop, allowed in boxes:
            t = time.perf_counter()
            ranking.read_number(crop, allowed, model)
            box_ms.append((time.perf_counter() - t) * 1000)
        sheet_ms.append((time.perf_counter() - t_sheet) * 1000)
        t = time.perf_counter()
        orange = [c for c, a in boxes if a.stop == 19]
        purple = [c for c, a in boxes if a.stop == 7]
        ranking.read_numbers(orange, range(1, 19), model)
        ranking.read_numbers(purple, range(1, 7), model)
        batch_ms.append((time.perf_counter() - t) * 1000)

    def pct(xs: list[float], q: float) -> float:
        return float(np.percentile(xs, q))

    lines = [
        f"- date: {datetime.date.today().isoformat()}; machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, numpy {np.__version__} (one process, one thread of Python; "
        f"load average at start {load_avg:.1f})",
        f"- model: {network.WEIGHTS.stat().st_size / 1024:.0f} KiB on disk, loaded in {load_ms:.1f} ms",
        f"- {args.sheets} sheets x {BOXES_PER_SHEET} boxes (40 allow 1-18, 20 allow 1-6; 20% empty), crops 24-110 px",
        "",
        "| workload | median | p90 | max |",
        "|---|---|---|---|",
        f"| one box, `read_number` | {statistics.median(box_ms):.2f} ms | {pct(box_ms, 90):.2f} ms | "
        f"{max(box_ms):.2f} ms |",
        f"| one sheet (60 boxes), `read_number` each | {statistics.median(sheet_ms):.1f} ms | "
        f"{pct(sheet_ms, 90):.1f} ms | {max(sheet_ms):.1f} ms |",
        f"| one sheet (60 boxes), `read_numbers` batched | {statistics.median(batch_ms):.1f} ms | "
        f"{pct(batch_ms, 90):.1f} ms | {max(batch_ms):.1f} ms |",
        "",
        "Budget: the whole sheet (image to verdict) must read in 300 ms; the digits are one part of it.",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        with RESULTS.open("a", encoding="utf-8") as f:
            f.write(f"\n{HEADING}\n\nMeasured by `python bench/bench_digits.py`.\n\n{text}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
