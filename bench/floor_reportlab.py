"""The speed floor: a hand-written ReportLab script drawing the benchmark's cards, nothing more.

Same CSV, same card content (frame, title bar, title, cost badge, art box, icon, type line, rules text, footer;
backs with a double frame and the deck title), same embedded Noto Sans TC, 9 poker cards an A4 page with a back page
after each front page.  No shrink-to-fit (one size, greedy wrapping), no glyph check, no bleed, no crop marks, no
manifest, no preview: what any printkit build must at least spend.

Usage: python bench/floor_reportlab.py CARDS.csv OUT.pdf ICON_DIR   (prints {"work": seconds} as JSON)
"""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path

T0 = time.perf_counter()

from reportlab.graphics import renderPDF  # noqa: E402 - timed from before the imports, as printkit is
from reportlab.lib.colors import HexColor  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402
from svglib.svglib import svg2rlg  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "printkit" / "fonts" / "NotoSansTC-Regular.ttf"
W, H = 63.0, 88.0
PAGE_W, PAGE_H = 210.0, 297.0
COLS, ROWS = 3, 3
X0, Y0 = (PAGE_W - COLS * W) / 2, (PAGE_H - ROWS * H) / 2


def wrap(text: str, width: float, size: float) -> list[str]:
    lines, line = [], ""
    for word in text.replace("", " ").split(" ") if any(ord(c) > 0x2E80 for c in text) else text.split(" "):
        trial = (line + ("" if any(ord(c) > 0x2E80 for c in word) else " ") + word).strip() if line else word
        if line and pdfmetrics.stringWidth(trial, "Noto", size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def main() -> None:
    csv_path, out, icons = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    pdfmetrics.registerFont(TTFont("Noto", str(FONT)))
    cards = []
    with csv_path.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            cards += [row] * int(row["qty"] or 1)
    icon_cache: dict[str, object] = {}
    c = Canvas(str(out), pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1)
    accent, back_c, ink = HexColor("#7a1f1f"), HexColor("#2b2140"), HexColor("#f3e9d2")
    for start in range(0, len(cards), COLS * ROWS):
        chunk = cards[start:start + COLS * ROWS]
        for k, card in enumerate(chunk):
            col, row = k % COLS, k // COLS
            x, top = (X0 + col * W) * mm, (PAGE_H - Y0 - row * H) * mm
            c.setFillColor(HexColor("#fbf7ee"))
            c.rect(x, top - H * mm, W * mm, H * mm, stroke=0, fill=1)
            c.setStrokeColor(accent)
            c.setLineWidth(0.5 * mm)
            c.roundRect(x + 2.5 * mm, top - (H - 2.5) * mm, (W - 5) * mm, (H - 5) * mm, 2.5 * mm)
            c.setFillColor(accent)
            c.roundRect(x + 2.5 * mm, top - 13.5 * mm, (W - 5) * mm, 11 * mm, 2.5 * mm, stroke=0, fill=1)
            c.setFillColor(HexColor("#ffffff"))
            c.setFont("Noto", 12)
            c.drawString(x + 5 * mm, top - 10.5 * mm, card["name"])
            if card["cost"]:
                c.setFillColor(HexColor("#f2c14e"))
                c.circle(x + (W - 8.5) * mm, top - 8 * mm, 4.2 * mm, stroke=1, fill=1)
                c.setFillColor(HexColor("#000000"))
                c.setFont("Noto", 11)
                c.drawCentredString(x + (W - 8.5) * mm, top - 9.5 * mm, card["cost"])
            c.setFillColor(HexColor("#efe4cf"))
            c.roundRect(x + 5 * mm, top - (16 + H * 0.42) * mm, (W - 10) * mm, H * 0.42 * mm, 1.5 * mm, stroke=1,
                        fill=1)
            if card.get("icon"):
                drawing = icon_cache.get(card["icon"])
                if drawing is None:
                    drawing = icon_cache[card["icon"]] = svg2rlg(str(icons / f"{card['icon']}.svg"))
                s = 24 * mm / max(drawing.width, drawing.height)
                c.saveState()
                c.translate(x + (W / 2 - 12) * mm, top - (16 + H * 0.21 + 12) * mm)
                c.scale(s, s)
                renderPDF.draw(drawing, c, 0, 0)
                c.restoreState()
            c.setFillColor(HexColor("#6b5a44"))
            c.setFont("Noto", 7)
            c.drawString(x + 5 * mm, top - (21 + H * 0.42) * mm, card["type"])
            c.setFillColor(HexColor("#000000"))
            c.setFont("Noto", 8)
            for i, line in enumerate(wrap(card["text"], (W - 11) * mm, 8)):
                c.drawString(x + 5.5 * mm, top - (27 + H * 0.42) * mm - i * 9.6, line)
            c.setFillColor(HexColor("#8a7a60"))
            c.setFont("Noto", 5.5)
            c.drawRightString(x + (W - 5) * mm, top - (H - 5) * mm, f"Bench Deck · {start + k + 1}/{len(cards)}")
        c.showPage()
        for k in range(len(chunk)):
            col, row = COLS - 1 - k % COLS, k // COLS  # mirrored for a long-edge flip
            x, top = (X0 + col * W) * mm, (PAGE_H - Y0 - row * H) * mm
            c.setFillColor(back_c)
            c.rect(x, top - H * mm, W * mm, H * mm, stroke=0, fill=1)
            c.setStrokeColor(ink)
            c.setLineWidth(0.6 * mm)
            c.roundRect(x + 3 * mm, top - (H - 3) * mm, (W - 6) * mm, (H - 6) * mm, 2.5 * mm)
            c.setLineWidth(0.25 * mm)
            c.roundRect(x + 5 * mm, top - (H - 5) * mm, (W - 10) * mm, (H - 10) * mm, 1.8 * mm)
            c.setFillColor(ink)
            c.setFont("Noto", 16)
            c.drawCentredString(x + W / 2 * mm, top - H / 2 * mm, "Bench Deck")
        c.showPage()
    c.save()
    print(json.dumps({"work": time.perf_counter() - T0, "cards": len(cards)}))


if __name__ == "__main__":
    main()
