"""Cut every written number box of one sheet of the scan test set (one writer's hand), as a test fixture for
reading unsure numbers beside the same writer's sure ones (``tests/engine/scan/data/writer/``).

The sheet is from a *tuning* seed (below 1000; never the held-out seeds of ``bench/bench_scan.py``), located
and rectified as ``printkit scan`` does it and cropped exactly as the sheet reader hands boxes to the digit model
(``crops.number_crop``).  The truth is the transcription the sheet was drawn from, never a reading.

    PYTHONPATH=. python scripts/make_writer_crops.py   # a few minutes: it draws and scans 24 pages
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2

from devkit.ganz_schon_clever.synthetic import make_samples, read_sheet
from devkit.ganz_schon_clever.truth import box_truth
from printkit.engine.scan.locate.sheets import PX_PER_MM
from printkit.engine.scan.marks import paper, printed
from printkit.engine.scan.numbers import crops
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs

OUT = Path(__file__).resolve().parents[1] / "tests/engine/scan/data/writer"
N = 24  # pages per seed, as the bench
# (seed, page, position, what): a sheet whose handwritten 7s (blue 7, lowest 7) read as 2 on their own
SHEET = (600, 2, "top", "blue 7 and lowest 7 read 2 at 0.57 and 0.67; the writer's sure 2s (five) do not"
         " look like them; no 7 of theirs is sure")


def main() -> int:
    seed, page, position, what = SHEET
    assert seed < 1000, "tuning seeds only"
    game = load_gsc_game()
    s = make_samples(N, seed)[page]
    sh = read_sheet(s, position, game, numbers=False)
    truth = box_truth(s.truth_at(position), sh.table.table)
    rect = sh.image.rectified
    dark = paper.darkness(rect, PX_PER_MM, sh.image.overview)
    pen = printed.pen_ink(dark, sh.table.reference, PX_PER_MM)
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for spec in box_specs(sh.table.table, game):
        if spec.read != "number" or truth.get((spec.area, spec.index)) is None:
            continue
        name = f"s{seed}-{page:02d}-{position}-{spec.area}{spec.index}"
        cv2.imwrite(str(OUT / f"{name}.png"), crops.number_crop(rect, dark, pen, spec, PX_PER_MM))
        index.append({"name": name, "allowed": list(spec.allowed), "truth": truth[(spec.area, spec.index)]})
        print(name, file=sys.stderr)
    lines = ",\n".join(json.dumps(case, ensure_ascii=False) for case in index)
    (OUT / "cases.json").write_text(json.dumps({"sheet": what}) [:-1] + ', "boxes": [\n' + lines + "\n]}\n",
                                    encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
