"""Benchmark the command line as a user meets it: start-up, `check` over many files, the 500-sheet pad.

* start-up: warm median of fresh processes for `printkit --help` and `printkit games`, beside an
  empty Typer app with two commands timed in the same run, the runs interleaved so a change of load
  hits both alike (the targets: at most 1.5x the empty app's time, and under 200 ms);
* check: one `printkit check --json` call over >= 3,000 sheet files from strong play
  (bench/strong_play.py), minus the median of a one-file call (its start-up); the in-process figure
  (read, parse, check and report each file, one process) beside it;
* pad: `printkit build ganz-schon-clever --count 500`, wall time of the process.

``--before DIR`` runs the same check and pad commands with the printkit of another checkout in the
same run, for a before/after comparison (give it a worktree made for it, `git worktree add /tmp/before
main`: its modules are compiled to bytecode there, as this checkout's are).  Figures taken while other work
shares the machine are not results: run it on a quiet machine.

    PYTHONPATH=. python bench/bench_cli.py [--sheets 3000] [--runs 15] [--before DIR] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import resource
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


def tree_of(env: dict[str, str] | None) -> str | None:
    """Run each command from the checkout it times: ``python -m`` puts the working directory ahead of
    PYTHONPATH, so a run from this checkout would import this printkit whatever PYTHONPATH says."""
    return env.get("PYTHONPATH") if env else None


def wall(args: list[str], runs: int, env: dict[str, str] | None = None) -> float:
    """Median wall time of ``runs`` fresh processes after one warm-up run (seconds)."""
    return walls([args], runs, env)[0]


def walls(commands: list[list[str]], runs: int, env: dict[str, str] | None = None) -> list[float]:
    """Median wall time of each command over ``runs`` rounds, one run of each per round (after a
    warm-up round), so that the commands share whatever load the machine has."""
    times: list[list[float]] = [[] for _ in commands]
    for round_ in range(runs + 1):
        for k, args in enumerate(commands):
            t0 = time.perf_counter()
            subprocess.run(args, capture_output=True, check=False, env=env, cwd=tree_of(env))
            if round_:
                times[k].append(time.perf_counter() - t0)
    return [statistics.median(t) for t in times]


def check_rate(python: str, files: list[Path], runs: int, env: dict[str, str]) -> tuple[float, float, float]:
    """(sheets/s with the start-up subtracted, seconds of the whole call, seconds of a one-file call): the
    medians of ``runs`` rounds, the one-file and the whole call interleaved so that both meet the same load."""
    printkit = [python, "-m", "printkit"]
    whole = [*printkit, "check", "--json", *map(str, files)]
    done = subprocess.run(whole, capture_output=True, check=False, env=env, cwd=tree_of(env))
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert len(json.loads(done.stdout)) == len(files)
    t_one, t_all = walls([[*printkit, "check", "--json", str(files[0])], whole], runs, env)
    return len(files) / max(t_all - t_one, 1e-9), t_all, t_one


def check_cpu(python: str, files: list[Path], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its workers) of one ``check --json`` call over ``files``.

    CPU time is what the call costs whatever else runs on the machine: on a shared machine the wall time
    of a two-worker call depends on the others' load, its CPU time hardly."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([python, "-m", "printkit", "check", "--json", *map(str, files)], capture_output=True,
                          check=False, env=env, cwd=tree_of(env))
    wall_s = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return wall_s, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def side_by_side(python: str, files: list[Path], runs: int, envs: dict[str, dict[str, str]]
                 ) -> dict[str, tuple[float, float]]:
    """Per checkout: (sheets/s of wall time, sheets per CPU second), each with a one-file call's subtracted,
    the calls of the checkouts interleaved round by round so that a change of load hits them alike; the
    best of ``runs`` rounds."""
    best: dict[str, list[float]] = {name: [1e9, 1e9, 1e9, 1e9] for name in envs}
    for _ in range(runs):
        for name, env in envs.items():
            one = check_cpu(python, files[:1], env)
            whole = check_cpu(python, files, env)
            best[name] = [min(b, v) for b, v in zip(best[name], (*whole, *one), strict=True)]
    n = len(files) - 1
    return {name: (n / max(w - w1, 1e-9), n / max(c - c1, 1e-9)) for name, (w, c, w1, c1) in best.items()}


def pad_time(python: str, out: Path, env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    pad = subprocess.run([python, "-m", "printkit", "build", "ganz-schon-clever", "--count", "500", "-q", "--out",
                          str(out)], capture_output=True, check=False, env=env,
                         cwd=tree_of(env))
    took = time.perf_counter() - t0
    assert pad.returncode == 0, pad.stderr[-2000:]
    return took


def in_process_rate(files: list[Path]) -> float:
    """Read, parse, check and report (JSON) each file in this process, as one worker of the CLI does."""
    from printkit.cli.check import _check_chunk

    _check_chunk([str(files[0])], "en", "json")  # imports and game data, as the CLI does before its workers
    t0 = time.perf_counter()
    _check_chunk([str(f) for f in files], "en", "json")
    return len(files) / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sheets", type=int, default=3000)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--sheet-dir", type=Path, help="reuse sheets written by bench/strong_play.py")
    ap.add_argument("--skip-pad", action="store_true")
    ap.add_argument("--before", type=Path, help="a checkout whose printkit to time as well (before/after)")
    ap.add_argument("--write", action="store_true", help=f"replace the section in {RESULTS.name}")
    args = ap.parse_args()
    py = sys.executable
    root = Path(__file__).resolve().parents[1]
    # As installed, printkit runs from compiled bytecode; where PYTHONDONTWRITEBYTECODE is set (as on
    # the shared machines) every run would compile its modules again and time that too.
    for tree in (root, args.before):
        if tree is not None:
            subprocess.run([py, "-m", "compileall", "-q", str(Path(tree) / "printkit")], check=True)
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    here = {**plain, "PYTHONPATH": str(root)}
    before = {**plain, "PYTHONPATH": str(args.before.resolve())} if args.before else None
    load_start = os.getloadavg()[0]
    printkit = [py, "-m", "printkit"]
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty_app.py"
        empty.write_text(EMPTY_APP, encoding="utf-8")
        t_empty, t_help, t_empty_cmd, t_games = walls(
            [[py, str(empty), "--help"], [*printkit, "--help"], [py, str(empty), "a"], [*printkit, "games"]],
            args.runs, here)

        folder = args.sheet_dir or Path(tmp) / "sheets"
        files = sorted(folder.glob("*.yaml"))[: args.sheets] if args.sheet_dir else write_sheets(folder, args.sheets)
        per_s, t_all, t_one = check_rate(py, files, args.runs, here)
        in_process = in_process_rate(files)
        old_check = check_rate(py, files, args.runs, before) if before else None
        both = side_by_side(py, files, max(3, args.runs // 3), {"before": before, "this": here}) if before else None

        t_pad = pad_time(py, Path(tmp) / "pad", here) if not args.skip_pad else None
        old_pad = pad_time(py, Path(tmp) / "pad-before", before) if before and not args.skip_pad else None

    load = os.getloadavg()[0]
    lines = [
        HEADING, "",
        f"- date: {datetime.date.today()}; machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average {load_start:.1f} at the start, {load:.1f} at the end",
        f"- start-up (warm median of {args.runs}, interleaved): empty Typer app `--help` {t_empty * 1000:.0f} ms; "
        f"`printkit --help` {t_help * 1000:.0f} ms ({t_help / t_empty:.2f}x); the empty app running a command "
        f"{t_empty_cmd * 1000:.0f} ms; `printkit games` {t_games * 1000:.0f} ms ({t_games / t_empty_cmd:.2f}x "
        f"the empty app's command); target <= 1.5x and < 200 ms",
        f"- check, one CLI call over {len(files):,} strong-play sheet files with --json (median of {args.runs}, "
        f"interleaved with a one-file call): {t_all:.2f} s, minus the one-file call's {t_one * 1000:.0f} ms: "
        f"**{per_s:,.0f} sheets/s** (target >= 5,000); "
        f"in-process (read, parse, check, JSON report; one process): {in_process:,.0f} sheets/s",
    ]
    if old_check is not None:
        lines.append(f"- check with {args.before} (before): {old_check[0]:,.0f} sheets/s ({old_check[1]:.2f} s, "
                     f"one-file call {old_check[2] * 1000:.0f} ms)")
    if both is not None:
        (w_old, c_old), (w_new, c_new) = both["before"], both["this"]
        lines.append(f"- side by side (calls interleaved, best of {max(3, args.runs // 3)} rounds, a one-file call "
                     f"subtracted): before {w_old:,.0f} sheets/s wall, {c_old:,.0f} sheets per CPU second; this "
                     f"checkout {w_new:,.0f} sheets/s wall, {c_new:,.0f} per CPU second ({c_new / c_old:.2f}x)")
    if t_pad is not None:
        lines.append(f"- `printkit build ganz-schon-clever --count 500`: {t_pad:.1f} s wall"
                     + (f"; with {args.before} (before): {old_pad:.1f} s" if old_pad is not None else ""))
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
