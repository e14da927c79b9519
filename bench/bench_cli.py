"""Benchmark the command line as a user meets it: start-up, `check` over many files, the 500-sheet pad.

* start-up: warm median of fresh processes for `printkit --help` and `printkit games`, beside an
  empty Typer app with two commands timed in the same run (the target: at most 1.5x its time);
* check: one `printkit check --json` call over >= 3,000 sheet files from strong play
  (bench/strong_play.py), minus the start-up of a one-file call; the in-process figure beside it;
* pad: `printkit build ganz-schon-clever --count 500`, wall time of the process.

    PYTHONPATH=. python bench/bench_cli.py [--sheets 3000] [--runs 7] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from results import replace_section
from strong_play import write_sheets

RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## command line: start-up, check throughput, 500-sheet pad"
EMPTY_APP = """
import typer
app = typer.Typer()
@app.command()
def a() -> None: ...
@app.command()
def b() -> None: ...
app()
"""


def wall(args: list[str], runs: int) -> float:
    """Median wall time of ``runs`` fresh processes after one warm-up run (seconds)."""
    subprocess.run(args, capture_output=True, check=False)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, capture_output=True, check=False)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheets", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--sheet-dir", type=Path, help="reuse sheets written by bench/strong_play.py")
    ap.add_argument("--skip-pad", action="store_true")
    ap.add_argument("--write", action="store_true", help=f"replace the section in {RESULTS.name}")
    args = ap.parse_args()
    py = sys.executable
    printkit = [py, "-m", "printkit"]
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty_app.py"
        empty.write_text(EMPTY_APP, encoding="utf-8")
        t_empty = wall([py, str(empty), "--help"], args.runs)
        t_empty_cmd = wall([py, str(empty), "a"], args.runs)  # running a command: Typer imports more
        t_help = wall([*printkit, "--help"], args.runs)
        t_games = wall([*printkit, "games"], args.runs)

        folder = args.sheet_dir or Path(tmp) / "sheets"
        files = sorted(folder.glob("*.yaml"))[: args.sheets] if args.sheet_dir else write_sheets(folder, args.sheets)
        t_one = wall([*printkit, "check", "--json", str(files[0])], args.runs)
        t0 = time.perf_counter()
        done = subprocess.run([*printkit, "check", "--json", *map(str, files)], capture_output=True, check=False)
        t_all = time.perf_counter() - t0
        assert done.returncode in (0, 1), done.stderr[-2000:]
        per_s = len(files) / max(t_all - t_one, 1e-9)

        from printkit.engine.checking import check_document
        from printkit.engine.source import parse_text

        texts = [(f.read_text(encoding="utf-8"), str(f)) for f in files]
        t0 = time.perf_counter()
        for text, name in texts:
            check_document(parse_text(text, name + "#", strict=False), "en")
        in_process = len(files) / (time.perf_counter() - t0)

        t_pad = None
        if not args.skip_pad:
            t0 = time.perf_counter()
            pad = subprocess.run([*printkit, "build", "ganz-schon-clever", "--count", "500", "-q", "--out",
                                  str(Path(tmp) / "pad")], capture_output=True, check=False)
            t_pad = time.perf_counter() - t0
            assert pad.returncode == 0, pad.stderr[-2000:]

    load = os.getloadavg()[0]
    lines = [
        HEADING, "",
        f"- date: {datetime.date.today()}; machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average at the end {load:.1f} (other agents share the cores)",
        f"- start-up (warm median of {args.runs}): empty Typer app {t_empty * 1000:.0f} ms; `printkit --help` "
        f"{t_help * 1000:.0f} ms ({t_help / t_empty:.2f}x); the empty app running a command "
        f"{t_empty_cmd * 1000:.0f} ms; `printkit games` {t_games * 1000:.0f} ms ({t_games / t_empty_cmd:.2f}x "
        f"the empty app's command); target <= 1.5x and < 200 ms",
        f"- check, one CLI call over {len(files):,} strong-play sheet files with --json: {t_all:.2f} s, "
        f"minus a one-file call's {t_one * 1000:.0f} ms: **{per_s:,.0f} sheets/s** (target >= 5,000); "
        f"in-process (parse + check, no I/O): {in_process:,.0f} sheets/s",
    ]
    if t_pad is not None:
        lines.append(f"- `printkit build ganz-schon-clever --count 500`: {t_pad:.1f} s wall")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
