"""Cut written number boxes the digit reader once got wrong or read unsure out of the scan test set, as small
test fixtures (``tests/engine/scan/data/digits/``).

Each case is one number box of one sheet of the synthetic test set at a *tuning* seed (below 1000; never the
held-out seeds of ``bench/bench_scan.py``), located and rectified as ``printkit scan`` does it and cropped
exactly as the sheet reader hands it to the digit model (``crops.number_crop``: the box's inside, printed ink
painted white).  The truth is the transcription the sheet was drawn from, never a reading.

    PYTHONPATH=. python scripts/make_digit_crops.py   # several minutes: it draws and scans 24 pages a seed
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2

from devkit.ganz_schon_clever.synthetic import Sample, make_samples, read_sheet
from devkit.ganz_schon_clever.truth import box_truth
from printkit.engine.scan.locate.sheets import PX_PER_MM
from printkit.engine.scan.marks import paper
from printkit.engine.scan.marks import printed as marks_printed
from printkit.engine.scan.numbers import crops
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs

OUT = Path(__file__).resolve().parents[1] / "tests/engine/scan/data/digits"
N = 24  # pages per seed, as the bench
# seeds whose cases were found in another set than N pages of scans and photos: (pages, captures)
SETS: dict[int, tuple[int, tuple[str, ...]]] = {710: (60, ("scan",))}

# (seed, page, position, area, index, what the box holds and what the reader did before)
CASES: list[tuple[int, int, str, str, int, str]] = [
    (100, 1, "full", "score", 5, "foxes 1, one thin stroke (was read empty, 0.62)"),
    (100, 9, "full", "score", 5, "foxes 1, one thick stroke (was read empty, 0.75)"),
    (100, 3, "full", "score", 0, "claim 14 (was 0.29, 74 at 0.23)"),
    (100, 4, "top", "score", 0, "claim 11 (was 0.60, 71 at 0.14)"),
    (100, 4, "bottom", "score", 1, "claim 11 (was 0.48, 17 at 0.22)"),
    (100, 15, "full", "score", 1, "claim 11 in a photo (was 0.23, 17 at 0.22)"),
    (300, 11, "full", "score", 4, "claim 11 in a photo (was 0.12, 17 at 0.12)"),
    (300, 21, "full", "score", 0, "claim 19 (was 0.62, 79 at 0.18)"),
    (100, 4, "bottom", "score", 7, "total 101 (was 0.55)"),
    (300, 16, "bottom", "score", 7, "total 150 (was 0.66)"),
    (100, 20, "bottom", "score", 7, "total 82 (was 0.14)"),
    (300, 0, "full", "score", 0, "claim 10 (was 0.20, 110 next)"),
    (100, 22, "top", "score", 6, "lowest 6 with a small loop (was 0.45, 0 at 0.45)"),
    (100, 15, "full", "orange", 1, "orange 1, one stroke (was 0.40)"),
    (100, 4, "bottom", "orange", 0, "orange 1, one stroke (was 0.57)"),
    (300, 3, "full", "purple", 1, "purple 5 with a short flat top (was read 6, 0.34)"),
    (300, 4, "bottom", "score", 7, "total 67 whose 7 is a bare slanted stroke (was read 61, 0.69)"),
    (300, 3, "full", "score", 4, "claim 17 whose 7 has a tiny bar (was read 11, 0.34)"),
    (300, 3, "full", "score", 7, "total 76 in a photo, a leaning 7 apart from an upright 6 (was read 56, 0.01)"),
    (710, 37, "full", "score", 7, "total 73 whose 7 has a short bar, read 13 surely (0.99) on a sheet with an "
                                  "orange value unread, so no sum checked it: a silent error"),
]


def crop_cases(samples: dict[int, Sequence[Sample]], cases: Sequence[tuple[int, int, str, str, int, str]]
               ) -> list[dict[str, object]]:
    """Write each case's crop as a PNG into OUT; the index entries (name, what, allowed values, truth)."""
    game = load_gsc_game()
    OUT.mkdir(parents=True, exist_ok=True)
    index: list[dict[str, object]] = []
    for seed, page, position, area, box, what in cases:
        assert seed < 1000, "tuning seeds only"
        s = samples[seed][page]
        sh = read_sheet(s, position, game, numbers=False)
        truth = box_truth(s.truth_at(position), sh.table.table)
        rect = sh.image.rectified
        dark = paper.darkness(rect, PX_PER_MM, sh.image.overview)
        pen = marks_printed.pen_ink(dark, sh.table.reference, PX_PER_MM)
        spec = next(b for b in box_specs(sh.table.table, game) if b.area == area and b.index == box)
        name = f"s{seed}-{page:02d}-{position}-{area}{box}"
        cv2.imwrite(str(OUT / f"{name}.png"), crops.number_crop(rect, dark, pen, spec, PX_PER_MM))
        index.append({"name": name, "what": what, "allowed": list(spec.allowed), "truth": truth[(area, box)]})
        print(name, what, file=sys.stderr)
    return index


def _set(seed: int) -> tuple[int, int, tuple[str, ...]]:
    pages, kinds = SETS.get(seed, (N, ("scan", "photo")))
    return pages, seed, kinds


def main() -> int:
    samples = {seed: make_samples(*_set(seed)) for seed in sorted({c[0] for c in CASES})}
    index = crop_cases(samples, CASES)
    # one case a line: the allowed values of a claim box run to hundreds
    lines = ",\n".join(json.dumps(case, ensure_ascii=False) for case in index)
    (OUT / "cases.json").write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
