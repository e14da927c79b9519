"""Benchmark Sanssouci: checking transcribed final positions, and building the whole kit.

Positions are the ends of random self-played games (2-4 players), written in the transcription
format and parsed back, so the timing covers what `printkit check` does per file after reading it.

    PYTHONPATH=. python bench/bench_sanssouci.py [--games 2000] [--write]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import time
from pathlib import Path

from results import replace_section  # bench/ is on sys.path when a bench runs

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.engine.source import parse_text
from printkit.games.sanssouci import kit
from printkit.games.sanssouci.check import check_file
from printkit.games.sanssouci.definitions import load_game
from printkit.games.sanssouci.rules.selfplay import play
from printkit.games.sanssouci.transcription import dump_end

RESULTS = Path(__file__).parent / "RESULTS.md"
HEADING = "## Sanssouci (check and build)"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--write", action="store_true", help=f"replace the section in {RESULTS.name}")
    args = ap.parse_args()
    game = load_game()
    texts = [dump_end(game, play(game, 2 + k % 3, k).end) for k in range(args.games)]
    docs = [parse_text(t, f"game-{k}.yaml", strict=False) for k, t in enumerate(texts)]
    start = time.perf_counter()
    impossible = sum(not check_file(d, "en").ok for d in docs)
    rate = len(docs) / (time.perf_counter() - start)
    start = time.perf_counter()
    pages = sum(render(c, PrintSettings(), "en").pages for c in kit.components(BuildOptions())
                if hasattr(c, "name") and not hasattr(c, "filename"))
    build_s = time.perf_counter() - start
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    text = (
        f"{HEADING}\n\n"
        f"- date: {datetime.date.today().isoformat()}\n"
        f"- machine: {machine} (one process; load average at start {os.getloadavg()[0]:.1f})\n"
        f"- check: {rate:,.0f} final positions/s ({len(docs)} self-played games, 2-4 players; parse excluded, "
        f"scoring, checks and report text included); judged impossible: {impossible} (must be 0)\n"
        f"- build: the whole English A4 kit ({pages} pages) rendered in memory in {build_s:.1f} s\n"
    )
    print(text)
    if args.write:
        replace_section(HEADING, text)


if __name__ == "__main__":
    main()
