"""Cut the crosses and action circles the mark reader once got wrong or flagged out of the scan test set,
as small test fixtures (``tests/scan/data/marks/``).

Each case is one box of one sheet of the synthetic test set at a *tuning* seed (below 1000; never the
held-out seeds of ``bench/bench_scan.py``), read by ``printkit scan``'s locate and rectify steps: what is
kept is the rectified sheet's darkest channel (all the mark reader looks at) and the layout's ink
reference over the same pixels, round the box (a cross) or round the circle and two neighbours each side
(an action circle: the reader measures an unwritten circle's line on the circles it is given).  The truth
is the transcription the sheet was drawn from, never a reading.

    PYTHONPATH=. python scripts/make_mark_crops.py   # several minutes: it draws and scans 3 x 24 pages
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan import scan_file
from printkit.games.ganz_schon_clever.scan.synthetic import make_samples
from printkit.games.ganz_schon_clever.scan.tables import box_specs
from printkit.games.ganz_schon_clever.scan.truth import box_truth

OUT = Path(__file__).resolve().parents[1] / "tests/scan/data/marks"
P = 8.0  # px per mm of the rectified sheet
MARGIN_MM = 4.0  # the darkness map measures paper within about 3 mm
N = 24  # pages per seed, as the bench

# (seed, page, position, area, index, what the box holds and what the reader did before)
CASES: list[tuple[int, int, str, str, int, str]] = [
    (100, 10, "bottom", "blue", 8, "thin slash through a printed 10, cut in two by it (was 0.54)"),
    (100, 20, "bottom", "blue", 1, "short hooked slash beside a printed 3 (was 0.54)"),
    (100, 20, "bottom", "green", 2, "slash through the printed '>=3' (was 0.72)"),
    (200, 1, "full", "blue", 1, "fine blue slash in a soft photo, in bits (was read empty, 0.57)"),
    (300, 10, "top", "blue", 10, "slash cut by a printed number (was read empty, 0.53)"),
    (100, 18, "full", "blue", 8, "cross cut into five short pieces by the print"),
    (200, 22, "top", "blue", 5, "big dot of a thick purple pen, no cross (was 0.87)"),
    (200, 14, "bottom", "reroll", 2, "loop drawn along the printed circle (was read empty, 0.93: silent)"),
    (300, 4, "bottom", "reroll", 2, "loop drawn along the printed circle (was read empty, 0.97: silent)"),
    (100, 16, "top", "plus1", 0, "loop along the circle, crossed out (was 0.6)"),
    (200, 13, "full", "reroll", 5, "empty circle a neighbour's wide loop runs into (was 0.82)"),
    (300, 9, "full", "plus1", 0, "faint pencil cross over the printed icon in a soft photo (was read earned, "
                                 "0.93: silent)"),
]


def _crop(gray: np.ndarray, ref: np.ndarray, x0: float, y0: float, x1: float, y1: float
          ) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    h, w = gray.shape
    c0, r0 = max(0, round((x0 - MARGIN_MM) * P)), max(0, round((y0 - MARGIN_MM) * P))
    c1, r1 = min(w, round((x1 + MARGIN_MM) * P)), min(h, round((y1 + MARGIN_MM) * P))
    return gray[r0:r1, c0:c1], ref[r0:r1, c0:c1], (c0 / P, r0 / P)


def main() -> int:
    game = load_gsc_game()
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for seed in sorted({c[0] for c in CASES}):
        assert seed < 1000, "tuning seeds only"
        samples = make_samples(N, seed, ("scan", "photo"))
        with tempfile.TemporaryDirectory() as tmp:
            for _, page, position, area, box, what in (c for c in CASES if c[0] == seed):
                s = samples[page]
                path = Path(tmp) / f"{s.name}{s.suffix}"
                path.write_bytes(s.data)
                sheets, _ = scan_file(path, game, numbers=False)
                sh = next(x for x in sheets if x.image.position == position)
                truth = box_truth(s.truths[1 if position == "bottom" else 0], sh.table.table)
                rect = sh.image.rectified
                gray = np.min(rect, axis=2)
                ref = cv2.resize(sh.table.reference, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_NEAREST)
                specs = box_specs(sh.table.table)
                target = next(b for b in specs if b.area == area and b.index == box)
                chosen = ([b for b in specs if b.area == area and abs(b.index - box) <= 2] if target.read == "loop"
                          else [target])
                x0, y0 = min(b.x for b in chosen), min(b.y for b in chosen)
                x1, y1 = max(b.x + b.w for b in chosen), max(b.y + b.h for b in chosen)
                g, r, (ox, oy) = _crop(gray, ref, x0, y0, x1, y1)
                name = f"s{seed}-{page:02d}-{position}-{area}{box}"
                cv2.imwrite(str(OUT / f"{name}.png"), g)
                cv2.imwrite(str(OUT / f"{name}.ink.png"), r)
                index.append({"name": name, "what": what, "target": [area, box], "boxes": [
                    {"area": b.area, "index": b.index, "x": round(b.x - ox, 4), "y": round(b.y - oy, 4),
                     "w": b.w, "h": b.h, "shape": b.shape, "read": b.read, "truth": truth[(b.area, b.index)]}
                    for b in chosen]})
                print(name, what, file=sys.stderr)
    (OUT / "cases.json").write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
