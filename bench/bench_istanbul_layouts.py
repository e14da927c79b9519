"""Benchmark: 10,000 random Istanbul layouts, each checked against the constraints.

Run from the repository root with printkit importable::

    PYTHONPATH=. python bench/bench_istanbul_layouts.py            # 10,000 seeds, appends to bench/RESULTS.md
    PYTHONPATH=. python bench/bench_istanbul_layouts.py --quick    # 1,000 seeds, prints only

For each mode (official constraints; with --apart-lines) it sweeps seeds 0..N-1 and reports
how many grids break a constraint (must be 0), how many different grids came out, the spread
of the Fountain over the 4 centre places and of the Black Market–Tea House distance, and the
time per layout.  The constraints are re-checked here with their own code, not with
``rules.grid.checks``.
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
sys.path.insert(0, str(ROOT))

from printkit.games.istanbul import definitions  # noqa: E402
from printkit.games.istanbul.rules.grid import random_layout  # noqa: E402

CENTRE = {(1, 1), (1, 2), (2, 1), (2, 2)}


def broken(grid: tuple[tuple[int, ...], ...], apart_lines: bool) -> bool:
    where = {n: (r, c) for r, row in enumerate(grid) for c, n in enumerate(row)}
    if sorted(where) != list(range(1, 17)) or where[7] not in CENTRE:
        return True
    (r8, c8), (r9, c9) = where[8], where[9]
    if abs(r8 - r9) + abs(c8 - c9) < 3:
        return True
    return apart_lines and (r8 == r9 or c8 == c9)


def sweep(n: int, apart_lines: bool) -> dict[str, object]:
    layouts = definitions.load().layouts
    bad, grids = 0, set()
    fountain: collections.Counter[tuple[int, int]] = collections.Counter()
    distance: collections.Counter[int] = collections.Counter()
    start = time.perf_counter()
    for seed in range(n):
        grid = random_layout(layouts, seed, apart_lines).grid
        bad += broken(grid, apart_lines)
        grids.add(grid)
        where = {p: (r, c) for r, row in enumerate(grid) for c, p in enumerate(row)}
        fountain[where[7]] += 1
        distance[abs(where[8][0] - where[9][0]) + abs(where[8][1] - where[9][1])] += 1
    elapsed = time.perf_counter() - start
    same_again = sum(random_layout(layouts, s, apart_lines).grid != random_layout(layouts, s, apart_lines).grid
                     for s in range(0, n, max(1, n // 100)))
    return {"bad": bad, "distinct": len(grids), "fountain": dict(sorted(fountain.items())),
            "distance": dict(sorted(distance.items())), "us": elapsed / n * 1e6, "unstable": same_again}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    n = 1000 if args.quick else 10_000
    lines = []
    for apart_lines in (False, True):
        r = sweep(n, apart_lines)
        mode = "official + --apart-lines" if apart_lines else "official"
        lines.append(f"- {mode}: {n} seeds (0..{n - 1}), {r['bad']} broke a constraint (must be 0), "
                     f"{r['unstable']} gave a different grid when re-run (must be 0), {r['distinct']} different "
                     f"grids; {r['us']:.1f} µs a layout")
        lines.append(f"  Fountain (row, column): {r['fountain']}; Black Market–Tea House steps: {r['distance']}")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    head = (f"- date: {dt.date.today()}, commit {commit}, {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}; load average at start {os.getloadavg()[0]:.1f}")
    text = "\n".join([head, *lines])
    print(text)
    if not args.quick:
        with RESULTS.open("a", encoding="utf-8") as f:
            f.write("\n## Istanbul random layouts (bench/bench_istanbul_layouts.py)\n\n" + text + "\n")


if __name__ == "__main__":
    main()
