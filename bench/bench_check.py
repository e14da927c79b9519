"""Benchmark `check` (Ganz schön clever): sheets per second in one process, and the slowest sheet.

Sheets are final sheets of simulated games (1-4 players; uniform and "focused" random play, the
latter fills areas and makes long bonus chains), so exact legality is always exercised.

    PYTHONPATH=. python bench/bench_check.py [--sheets 20000] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import os
import platform
import time
from pathlib import Path

from results import replace_section  # bench/ is on sys.path when a bench runs

from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import simulated_sheets

RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## check (Ganz schön clever)"


def make_sheets(n: int) -> list[Sheet]:
    return simulated_sheets(load_gsc_game(), n)


def retime(sheets: list[Sheet], raw: list[float], n: int = 50, repeat: int = 7) -> list[tuple[int, float]]:
    """The slowest sheets' own cost (ms), slowest first.

    A single timing on a shared machine includes preemption, so every sheet is timed once more
    (keeping the lower of its two times) and the ``n`` slowest by that are timed ``repeat`` more
    times; the minimum is reported.  The single-run figures are reported as well.
    """
    game = load_gsc_game()
    clock = time.perf_counter

    def once(i: int) -> float:
        t0 = clock()
        check(sheets[i], game)
        return (clock() - t0) * 1000

    low = [min(t, once(i)) for i, t in enumerate(raw)]
    top = sorted(range(len(sheets)), key=lambda i: -low[i])[:n]
    return sorted(((i, min(low[i], *(once(i) for _ in range(repeat)))) for i in top), key=lambda x: -x[1])


def run(sheets: list[Sheet]) -> tuple[float, list[float], int]:
    game = load_gsc_game()
    check(sheets[0], game)  # warm the per-game tables
    # The sheets under test are long-lived; keep the collector from re-scanning them mid-run,
    # as a long-running checker process would after start-up.
    gc.collect()
    gc.freeze()
    times: list[float] = []
    illegal = 0
    clock = time.perf_counter
    start = clock()
    for s in sheets:
        t0 = clock()
        if not check(s, game).legal:
            illegal += 1
        times.append(clock() - t0)
    elapsed = clock() - start
    return len(sheets) / elapsed, [t * 1000 for t in times], illegal


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sheets", type=int, default=20000)
    ap.add_argument("--write", action="store_true", help=f"replace the section in {RESULTS.name}")
    args = ap.parse_args()
    sheets = make_sheets(args.sheets)
    rate, raw, illegal = run(sheets)
    ms = sorted(raw)
    again = retime(sheets, raw)
    slow = ", ".join(f"#{i} {t:.2f}" for i, t in again[:3])
    worst = ms[-1]
    p99 = ms[int(len(ms) * 0.99)]
    over = sum(1 for t in ms if t > 5)
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    text = (
        f"{HEADING}\n\n"
        f"- date: {datetime.date.today().isoformat()}\n"
        f"- machine: {machine} (one process; load average at start {os.getloadavg()[0]:.1f})\n"
        f"- sheets: {len(sheets)} final sheets of simulated games (1-4 players, uniform and focused play)\n"
        f"- throughput: {rate:,.0f} sheets/s (target >= 5,000)\n"
        f"- slowest sheet: {worst:.2f} ms (target <= 5 ms); median {ms[len(ms) // 2]:.3f} ms, "
        f"p99 {p99:.2f} ms, {over} of {len(ms)} sheets over 5 ms\n"
        f"- slowest sheets re-timed (best of 9, ms; # = index in the run): {slow}; "
        f"{sum(1 for _, t in again if t > 5)} over 5 ms\n"
        f"- judged illegal: {illegal} (must be 0: every simulated sheet is possible)\n"
    )
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
