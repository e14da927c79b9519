"""Freeze the printed-ink reference of every Ganz schön clever sheet format, for ``printkit scan``.

Next to each frozen box table ``data/box-tables/layout-<v>-<format>.json`` goes
``layout-<v>-<format>.ink.png``: 8 px/mm, three levels (255 where the blank sheet has dark ink, 128
where it has faint ink such as the grey icons in the action circles, 0 where it is blank), so the
reader can tell printed numbers and icons from pen.

The QR code says the layout version and format, not the language, the ink-saver style or the player
count the sheet was printed with, and each of them prints other text (a zh-TW heading runs further
than the English one, into the reach of the action circles below it). So the reference is where *any*
printing of that version has ink: every language, with and without ink-saver, for any player count, and
what an earlier reference already held (sheets printed before a font changed stay covered). Running the
script again only ever adds ink; it rewrites a file only when it added some. Run it after freezing a new
layout version's tables, or when a sheet of a known version prints something new (a language).

    python scripts/freeze_gsc_ink.py
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
from PIL import Image

from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.layout.sheet import LANGS
from printkit.games.ganz_schon_clever.scan.pad import print_pad, sheet_origins

DATA = Path(__file__).resolve().parents[1] / "printkit/games/ganz_schon_clever/data/box-tables"
REF_PX_PER_MM = 8
FAINT, DARK = 0.15, 0.62  # darkness (0 paper .. 1 black) of faint and of dark printed ink
PLAYERS = (None, 1, 2, 3, 4)  # a pad printed for a player count prints its rounds and count


def _levels(paper: str, per_page: int, lang: str, ink_saver: bool, players: int | None) -> np.ndarray:
    """One printing of the first sheet of a page, as reference levels."""
    pad = print_pad(paper, per_page, lang, ink_saver, players)
    doc = pdfium.PdfDocument(pad.pdf)
    page = doc[0]
    pw_pt, ph_pt = page.get_size()
    scale = REF_PX_PER_MM * 25.4 / 72
    rgb = np.asarray(page.render(scale=scale).to_pil().convert("RGB"), dtype=np.float32)
    img = rgb.min(axis=2)  # the darkest channel, as the reader measures pen
    doc.close()
    w, h = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
    ox, oy = sheet_origins((pw_pt / 72 * 25.4, ph_pt / 72 * 25.4), (w, h), per_page)[0]
    x0, y0 = round(ox * REF_PX_PER_MM), round(oy * REF_PX_PER_MM)
    crop = img[y0:y0 + round(h * REF_PX_PER_MM), x0:x0 + round(w * REF_PX_PER_MM)]
    dark = cv2.dilate(1 - crop / 255.0, np.ones((3, 3), np.uint8))  # antialiased edges count in full
    return np.where(dark > DARK, 255, np.where(dark > FAINT, 128, 0)).astype(np.uint8)


def main() -> int:
    layout = load_sheet_layout()
    DATA.mkdir(parents=True, exist_ok=True)
    for name, fmt in layout.formats.items():
        path = DATA / f"layout-{layout.layout_version}-{name}.ink.png"
        old = np.asarray(Image.open(path).convert("L")) if path.exists() else None
        level = old
        for lang, ink_saver, players in itertools.product(LANGS, (False, True), PLAYERS):
            one = _levels(fmt.paper, fmt.per_page, lang, ink_saver, players)
            level = one if level is None else np.maximum(level, one)
        assert level is not None
        if old is not None and np.array_equal(level, old):
            print(f"kept {path.name} (nothing printed outside it)")
            continue
        Image.fromarray(level).save(path, optimize=True)
        added = int((level != old).sum()) if old is not None else int((level > 0).sum())
        print(f"wrote {path.name} ({added} pixels of ink added)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
