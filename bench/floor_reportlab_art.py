"""The art floor: a hand-written ReportLab script that draws the art benchmark's cards, embedding each image once.

Each card: its art in a rounded window (``fit: cover``: scaled to fill the window, the overflow clipped by a
rounded-rectangle clip path) and its title. Each picture is given to ReportLab by file name, so ReportLab
embeds it once and every later card places the same XObject. 9 poker cards an A4 page, no backs, no bleed,
crop marks, fitting or checks: what any build of these cards must at least spend.

Usage: python bench/floor_reportlab_art.py DECK_DIR OUT.pdf   (prints {"work": seconds} as JSON)
"""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path

T0 = time.perf_counter()

from PIL import Image  # noqa: E402 - timed from before the imports, as printkit is
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "printkit" / "fonts" / "NotoSansTC-Regular.ttf"
W, H = 63.0, 88.0
PAGE_W, PAGE_H = 210.0, 297.0
COLS, ROWS = 3, 3
X0, Y0 = (PAGE_W - COLS * W) / 2, (PAGE_H - ROWS * H) / 2
ART = (3.5, 3.5, 56.0, 38.0, 2.5)  # x, y, w, h, corner radius (mm), as the benchmark's template


def main() -> None:
    deck, out = Path(sys.argv[1]), Path(sys.argv[2])
    pdfmetrics.registerFont(TTFont("Noto", str(FONT)))
    cards = []
    with (deck / "cards.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            cards += [row] * int(row["qty"] or 1)
    sizes: dict[str, tuple[int, int]] = {}
    c = Canvas(str(out), pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1)
    per_page = COLS * ROWS
    ax, ay, aw, ah, ar = ART
    for i, card in enumerate(cards):
        if i and i % per_page == 0:
            c.showPage()
        col, row = (i % per_page) % COLS, (i % per_page) // COLS
        left, top = (X0 + col * W) * mm, (PAGE_H - Y0 - row * H) * mm
        path = str(deck / card["art"])
        if path not in sizes:
            with Image.open(path) as im:
                sizes[path] = im.size
        iw, ih = sizes[path]
        scale = max(aw / iw, ah / ih)  # cover
        w, h = iw * scale, ih * scale
        bx, by = left + ax * mm, top - (ay + ah) * mm
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(bx, by, aw * mm, ah * mm, ar * mm)
        c.clipPath(clip, stroke=0, fill=0)
        c.drawImage(path, bx - (w - aw) / 2 * mm, by - (h - ah) / 2 * mm, w * mm, h * mm)
        c.restoreState()
        c.setFont("Noto", 14)
        c.drawCentredString(left + W / 2 * mm, top - 50 * mm, card["name"])
    c.save()
    print(json.dumps({"work": time.perf_counter() - T0}))


if __name__ == "__main__":
    main()
