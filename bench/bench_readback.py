"""Benchmark: what the read-back preflight (`printkit preflight` run on the bytes every build writes) costs a build.

Run from the repository root::

    PYTHONPATH=. python bench/bench_readback.py          # prints; paste the table into bench/RESULTS.md

Each workload is planned in this process (render + preflight, nothing written) with the read-back on, then with it
replaced by an empty report, best of 3 CPU times each; the read-back's own time is also taken alone on the PDFs
the first plan made.  Workloads: the 500-card deck of bench_build.py, and each bundled game's default build.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_build import write_deck  # noqa: E402

from printkit.engine import build as build_module  # noqa: E402
from printkit.engine.build import BuildRequest, plan  # noqa: E402
from printkit.engine.components import BuildOptions  # noqa: E402
from printkit.engine.preflight import ReadBack, read_back  # noqa: E402
from printkit.engine.registry import kits  # noqa: E402

REPEAT = 3


def _cpu(fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(REPEAT):
        start = time.process_time()
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def measure(name: str, request: BuildRequest) -> str:
    real = build_module.read_back_written
    on, planned = _cpu(lambda: plan(request))
    build_module.read_back_written = lambda rendered, settings: ReadBack()
    try:
        off, _ = _cpu(lambda: plan(request))
    finally:
        build_module.read_back_written = real
    pdfs = [f.data for f in planned.files if f.path.endswith(".pdf")]
    alone, _ = _cpu(lambda: [read_back(p, "bench") for p in pdfs])
    pages = sum(f.entry.pages for f in planned.files if f.path.endswith(".pdf") and f.entry)
    return (f"| {name} | {len(pdfs)} | {pages} | {off:.2f} s | {on:.2f} s | +{(on - off) / off * 100:.0f}% | "
            f"{alone:.2f} s | {alone / max(pages, 1) * 1000:.1f} ms |")


def main() -> None:
    rows = ["| workload | PDFs | pages | plan without read-back | with | cost | read-back alone | per page |",
            "|---|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        deck, _ = write_deck(Path(tmp), 500)
        rows.append(measure("500-card deck (bench_build.py)", BuildRequest(targets=(str(deck),))))
    for game in kits():
        rows.append(measure(f"{game.id}, default build", BuildRequest(targets=(game.id,), options=BuildOptions())))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
