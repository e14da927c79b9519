"""Real handwriting in real sheet boxes: how the digit reader reads numbers written with real people's digits.

Real handwritten digits (MNIST's test set, first 5,000: ``devkit/real_digits.py`` says how they are split and set
into the boxes of the pad printkit prints) are composed into one-, two- and three-digit numbers in the pad's
number boxes, scanned or photographed, cropped as ``printkit scan`` crops them and read with
``ranking.read_number`` among the values each box allows.

    PYTHONPATH=. python bench/bench_real_digits.py --part tune --n 1500           # what choices may look at
    PYTHONPATH=. python bench/bench_real_digits.py --part held-out --n 1500       # once per model, at the end
    PYTHONPATH=. python bench/bench_real_digits.py --weights /tmp/new.npz ...     # another model

Prints: numbers read right (top reading), the share read confident (>= NUMBERS.confident) and how many of those
are wrong, then the same by number length, height, pen or pencil, scan or photo, and the single digits' confusions.
Real figures only: the synthetic sheets are ``bench/bench_scan.py``'s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from devkit import real_digits as rd  # noqa: E402
from printkit.engine.scan.numbers import network, ranking  # noqa: E402
from printkit.engine.scan.numbers.thresholds import NUMBERS  # noqa: E402

SEEDS = {"tune": 7001, "held-out": 9001, "train": 5001}  # one fixed seed per part: the same boxes every run


def measure(written: Sequence[rd.Written], model: network.DigitModel) -> list[tuple[rd.Written, ranking.Reading]]:
    return [(w, ranking.read_number(w.crop, w.allowed, model)) for w in written]


def _line(name: str, rows: list[tuple[rd.Written, ranking.Reading]]) -> str:
    n = len(rows)
    if not n:
        return f"  {name:<22} -"
    right = sum(r.value == w.value for w, r in rows)
    sure = [(w, r) for w, r in rows if r.confidence >= NUMBERS.confident]
    sure_wrong = sum(r.value != w.value for w, r in sure)
    empty = sum(r.value is None for _, r in rows)
    return (f"  {name:<22} {n:>5}  right {right / n:6.1%} ({right})  confident {len(sure) / n:6.1%}  "
            f"confident wrong {sure_wrong}  read empty {empty}")


def summary(rows: list[tuple[rd.Written, ranking.Reading]]) -> dict[str, float]:
    n = max(1, len(rows))
    sure = [(w, r) for w, r in rows if r.confidence >= NUMBERS.confident]
    return {"n": len(rows), "right": sum(r.value == w.value for w, r in rows) / n,
            "confident": len(sure) / n, "confident_wrong": sum(r.value != w.value for w, r in sure)}


def report(rows: list[tuple[rd.Written, ranking.Reading]], log: Callable[[str], None]) -> None:
    log(_line("all numbers", rows))
    for k in (1, 2, 3):
        log(_line(f"{k} digit{'s' if k > 1 else ''}", [(w, r) for w, r in rows if len(str(w.value)) == k]))
    for lo, hi in ((5, 6), (6, 7), (7, 8.01)):
        log(_line(f"{lo}-{min(hi, 8):g} mm tall", [(w, r) for w, r in rows if lo <= w.height_mm < hi]))
    for name, keep in (("pen", lambda w: not w.pencil), ("pencil", lambda w: w.pencil),
                       ("scan", lambda w: w.capture == "scan"), ("photo", lambda w: w.capture == "photo")):
        log(_line(name, [(w, r) for w, r in rows if keep(w)]))
    for area in ("orange", "purple", "score"):
        log(_line(f"{area} boxes", [(w, r) for w, r in rows if w.area == area]))
    # digit confusions: single digits, and the digits of longer numbers read with as many digits
    conf: Counter[tuple[int, str]] = Counter()
    per: Counter[int] = Counter()
    for w, r in rows:
        truth = str(w.value)
        got = "" if r.value is None else str(r.value)
        for i, c in enumerate(truth):
            per[int(c)] += 1
            g = got[i] if len(got) == len(truth) else ("empty" if not got else "len")
            if g != c:
                conf[(int(c), g)] += 1
    log("  digits misread (truth -> read; 'len': the number read with another length):")
    for d in range(10):
        wrong = sorted(((g, k) for (t, g), k in conf.items() if t == d), key=lambda x: -x[1])
        total = sum(k for _, k in wrong)
        log(f"    {d}: {total:>3} of {per[d]:>4} wrong  " + ", ".join(f"{g} {k}" for g, k in wrong[:5]))
    sure_wrong = [(w, r) for w, r in rows if r.confidence >= NUMBERS.confident and r.value != w.value]
    for w, r in sure_wrong[:20]:
        log(f"    confident wrong: {w.area} {w.value} read {r.value} at {r.confidence:.3f} ({w.capture}, "
            f"{'pencil' if w.pencil else 'pen'}, {w.height_mm:.1f} mm, digits {list(w.digits)})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=tuple(rd.SPLIT), default="tune",
                    help="which blocks the digits come from (held-out: read once per model, at the end)")
    ap.add_argument("--n", type=int, default=1500, help="numbers written")
    ap.add_argument("--seed", type=int, default=None, help="default: the part's fixed seed")
    ap.add_argument("--weights", type=Path, action="append", default=None,
                    help="weights to read with (repeat to compare; default the shipped digits.npz)")
    ap.add_argument("--json", type=Path, default=None, help="write the summaries here")
    args = ap.parse_args(argv)
    if not rd.available():
        ap.error(f"real digits not found: {rd.data_path()}")
    seed = SEEDS[args.part] if args.seed is None else args.seed
    t0 = time.time()
    written = rd.written_set(args.part, args.n, seed)
    print(f"{len(written)} numbers written with real digits of the {args.part} blocks "
          f"{rd.SPLIT[args.part]} (seed {seed}) in {time.time() - t0:.0f} s", flush=True)
    out = {}
    for path in args.weights or [network.WEIGHTS]:
        model = network.DigitModel.load(path)
        t0 = time.time()
        rows = measure(written, model)
        print(f"{path} ({time.time() - t0:.0f} s), confident = at least {NUMBERS.confident}:", flush=True)
        report(rows, print)
        out[str(path)] = summary(rows) | {"by_length": {k: summary([(w, r) for w, r in rows
                                                                     if len(str(w.value)) == k])
                                                        for k in (1, 2, 3)}}
    if args.json:
        args.json.write_text(json.dumps({"part": args.part, "seed": seed, "n": args.n, "models": out}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
