"""Cut the crosses, action circles and number boxes the mark reader once got wrong or flagged out of the
scan test set, as small test fixtures (``tests/engine/scan/data/marks/``).

Each case is one box of one sheet of the synthetic test set at a *tuning* seed (below 1000, or a held-out seed
of ``bench/bench_scan.py`` spent by looking at its failure: ``SPENT``; never one still unseen), read by
``printkit scan``'s locate and rectify steps: what is kept is the rectified sheet round the box and the
layout's ink reference over the same pixels: round an action circle, its darkest channel (all the circle
reader looks at) with its neighbours (the reader measures an unwritten circle's line and icon on the circles
it is given; the first cases kept two neighbours each side, the later ones the whole row). A number box, and a
cross box since 2026-12-01, is kept in colour with the other boxes of its area (a number box) or of its row (a
cross box) that have a mark printed inside: the reader tells pen from that print by colour, measured on all of
them (the first cross cases were kept as the darkest channel of the box alone, which reads them as before).
The truth is the transcription the sheet was drawn from, never a reading. Cases already cut are kept (their
sheets were rectified by the reader of their day) unless --force.

    PYTHONPATH=. python scripts/make_mark_crops.py [--force]   # minutes: it draws and scans 24 pages a seed
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np

from devkit.ganz_schon_clever.synthetic import make_samples, read_sheet
from devkit.ganz_schon_clever.truth import box_truth
from printkit.engine.scan.marks import colour as marks_colour
from printkit.engine.scan.marks import regions
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs

OUT = Path(__file__).resolve().parents[1] / "tests/engine/scan/data/marks"
P = 8.0  # px per mm of the rectified sheet
MARGIN_MM = 4.0  # the darkness map measures paper within about 3 mm
NUMBER_MARGIN_MM = 1.5  # a number box is measured on its own white inside
N = 24  # pages per seed, as the bench
# seeds whose cases were found in another set than N pages of scans and photos: (pages, captures)
SETS: dict[int, tuple[int, tuple[str, ...]]] = {970: (60, ("scan",)), 790: (40, ("scan",)),
                                                 10300: (48, ("scan", "photo"))}
# held-out seeds whose silent error was looked at, and so spent: tuning seeds from then on (bench/notes/gsc-scan.md)
SPENT = {10300}

# (seed, page, position, area, index, what the box holds and what the reader did before)
CASES: list[tuple[int, int, str, str, int, str]] = [
    (100, 10, "bottom", "blue", 8, "thin slash through a printed 10, cut in two by it (was 0.54)"),
    (970, 14, "bottom", "blue", 8, "short blue slash lying mostly over the printed 10, its tail past the 0 taken "
                                   "for a dot (was read empty, 0.98: a silent error)"),
    (790, 38, "top", "blue", 8, "short black slash over the printed 10, only its tip past the 0 seen, as short as "
                                "a dot (was read empty, 0.98: a silent error)"),
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
    (100, 2, "bottom", "reroll", 2, "pencil cross over the printed icon, lost where the icon is (was read earned, "
                                    "0.75)"),
    (300, 9, "full", "plus1", 2, "soft pencil slash over the printed icon (was read earned, 1.00: silent)"),
    (100, 20, "bottom", "orange", 3, "purple 12 whose foot runs over the printed x2 (was read 10, 0.63)"),
    (100, 22, "bottom", "orange", 3, "pencil 12 whose foot runs over the printed x2 (was read 10, 0.05)"),
    (300, 2, "top", "orange", 3, "12 whose foot runs over the printed x2 (was read 10, 0.19)"),
    (100, 6, "full", "orange", 3, "blue 12 whose foot runs through the printed x2 (read 12, 0.70)"),
    (300, 8, "top", "plus1", 1, "empty circle beside a looped one, under the zh-TW heading, which the English-only "
                                "ink reference did not cover (was read empty, 0.84)"),
    (600, 8, "top", "plus1", 1, "empty circle beside a looped one, under the zh-TW heading, which the English-only "
                                "ink reference did not cover (was read empty, 0.84)"),
    (10300, 2, "bottom", "orange", 3, "red 4 whose stem runs over the orange x2, a pen too close to the print's "
                                      "colour to carry the stroke across it (was read 6, 0.98: silent)"),
]
# cases no reader can read right: what is written lies under the print; they must be read unsure
UNSURE = {(10300, 2, "bottom", "orange", 3)}


def _crop(gray: np.ndarray, ref: np.ndarray, x0: float, y0: float, x1: float, y1: float, margin: float
          ) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    h, w = gray.shape[:2]
    c0, r0 = max(0, round((x0 - margin) * P)), max(0, round((y0 - margin) * P))
    c1, r1 = min(w, round((x1 + margin) * P)), min(h, round((y1 + margin) * P))
    return gray[r0:r1, c0:c1], ref[r0:r1, c0:c1], (c0 / P, r0 / P)


def _name(seed: int, page: int, position: str, area: str, box: int) -> str:
    return f"s{seed}-{page:02d}-{position}-{area}{box}"


def main(force: bool) -> int:
    game = load_gsc_game()
    OUT.mkdir(parents=True, exist_ok=True)
    kept = [] if force or not (OUT / "cases.json").exists() else json.loads((OUT / "cases.json").read_text("utf-8"))
    done = {c["name"] for c in kept}
    todo = [c for c in CASES if _name(*c[:5]) not in done]
    index = [c for c in kept if c["name"] in {_name(*c[:5]) for c in CASES}]
    for seed in sorted({c[0] for c in todo}):
        assert seed < 1000 or seed in SPENT, "tuning seeds only"
        pages, kinds = SETS.get(seed, (N, ("scan", "photo")))
        samples = make_samples(pages, seed, kinds)  # type: ignore[arg-type]
        for _, page, position, area, box, what in (c for c in todo if c[0] == seed):
            s = samples[page]
            sh = read_sheet(s, position, game, numbers=False, whole=True)  # crops reach past the boxes
            truth = box_truth(s.truth_at(position), sh.table.table)
            rect = sh.image.rectified
            specs = box_specs(sh.table.table, game)
            target = next(b for b in specs if b.area == area and b.index == box)
            # the darkest channel is all the circle reader looks at; a number or cross box keeps its colours
            gray = np.min(rect, axis=2) if target.read == "loop" else cv2.cvtColor(rect, cv2.COLOR_RGB2BGR)
            ref = cv2.resize(sh.table.reference, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_NEAREST)
            if target.read == "loop":
                # with its whole row: the reader measures an unwritten circle's line and icon on them
                chosen = [b for b in specs if b.area == area]
            elif target.read == "number":
                # and every other box of its area with a mark printed inside: the reader measures the
                # marks' colour on all of them
                chosen = [target] + [b for b in specs if b.area == area and b is not target
                                     and marks_colour._inner_print(ref[regions._box_crop(ref, b, P)]).any()]
            else:
                # and the other boxes of its row with a number printed inside: their print's colour is measured
                chosen = [target] + [b for b in specs if b.area == area and b is not target and b.y == target.y
                                     and marks_colour._inner_print(ref[regions._box_crop(ref, b, P)]).any()]
            x0, y0 = min(b.x for b in chosen), min(b.y for b in chosen)
            x1, y1 = max(b.x + b.w for b in chosen), max(b.y + b.h for b in chosen)
            g, r, (ox, oy) = _crop(gray, ref, x0, y0, x1, y1, NUMBER_MARGIN_MM if target.read == "number"
                                   else MARGIN_MM)
            name = _name(seed, page, position, area, box)
            cv2.imwrite(str(OUT / f"{name}.png"), g)
            cv2.imwrite(str(OUT / f"{name}.ink.png"), r)
            index.append({"name": name, "what": what, "target": [area, box],
                          **({"expect": "unsure"} if (seed, page, position, area, box) in UNSURE else {}), "boxes": [
                {"area": b.area, "index": b.index, "x": round(b.x - ox, 4), "y": round(b.y - oy, 4),
                 "w": b.w, "h": b.h, "shape": b.shape, "read": b.read, "truth": truth[(b.area, b.index)],
                 **({"allowed": list(b.allowed)} if b.allowed else {})}
                for b in chosen]})
            print(name, what, file=sys.stderr)
    (OUT / "cases.json").write_text(json.dumps(index, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main("--force" in sys.argv[1:]))
