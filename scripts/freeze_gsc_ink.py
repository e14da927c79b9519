"""Freeze the printed-ink reference of every Ganz schön clever sheet format, for ``printkit scan``.

Next to each frozen box table ``data/box-tables/layout-<v>-<format>.json`` goes
``layout-<v>-<format>.ink.png``: 8 px/mm, three levels (255 where the blank sheet has dark ink, 128
where it has faint ink such as the grey icons in the action circles, 0 where it is blank), so the
reader can tell printed numbers and icons from pen.  Run it after freezing a new layout version's
tables; files of a version already frozen are kept unless --force.

    python scripts/freeze_gsc_ink.py [--force]
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.scan.pad import print_pad, sheet_origins

DATA = Path(__file__).resolve().parents[1] / "printkit/games/ganz_schon_clever/data/box-tables"
REF_PX_PER_MM = 8
FAINT, DARK = 0.15, 0.62  # darkness (0 paper .. 1 black) of faint and of dark printed ink


def main(force: bool) -> int:
    layout = load_sheet_layout()
    DATA.mkdir(parents=True, exist_ok=True)
    for name, fmt in layout.formats.items():
        stem = DATA / f"layout-{layout.layout_version}-{name}"
        if Path(f"{stem}.ink.png").exists() and not force:
            print(f"kept {stem.name} (frozen; --force to rewrite)")
            continue
        pad = print_pad(fmt.paper, fmt.per_page)
        doc = pdfium.PdfDocument(pad.pdf)
        page = doc[0]
        pw_pt, ph_pt = page.get_size()
        scale = REF_PX_PER_MM * 25.4 / 72
        rgb = np.asarray(page.render(scale=scale).to_pil().convert("RGB"), dtype=np.float32)
        img = rgb.min(axis=2)  # the darkest channel, as the reader measures pen
        doc.close()
        w, h = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
        ox, oy = sheet_origins((pw_pt / 72 * 25.4, ph_pt / 72 * 25.4), (w, h), fmt.per_page)[0]
        x0, y0 = round(ox * REF_PX_PER_MM), round(oy * REF_PX_PER_MM)
        crop = img[y0:y0 + round(h * REF_PX_PER_MM), x0:x0 + round(w * REF_PX_PER_MM)]
        dark = cv2.dilate(1 - crop / 255.0, np.ones((3, 3), np.uint8))  # antialiased edges count in full
        level = np.where(dark > DARK, 255, np.where(dark > FAINT, 128, 0)).astype(np.uint8)
        Image.fromarray(level).save(f"{stem}.ink.png", optimize=True)
        print(f"wrote {stem.name}.ink.png")
    return 0


if __name__ == "__main__":
    sys.exit(main("--force" in sys.argv[1:]))
