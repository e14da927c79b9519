"""The frozen ink reference of a layout version covers what any printing of it puts on paper.

The QR code names the layout version and format, not the language, the ink-saver style or the player
count; a zh-TW heading runs further than the English one, into the reach of the action circles under it,
and print the reader does not know of is taken for pen (it read an empty circle beside a looped one as
half looped, flagged).  A blank sheet, as printkit prints it today in every language, rendered as a clean
300-dpi scan, must show no pen round any action circle or in any cross box, and read every one of them
unmarked with confidence.
"""

from __future__ import annotations

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest

from devkit.ganz_schon_clever.pad import print_pad, sheet_origins
from printkit.engine.scan import sheet_boxes
from printkit.engine.scan.marks import paper as marks_paper
from printkit.engine.scan.marks import printed as marks_printed
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.scan.tables import box_specs, box_table

P = 8.0  # px per mm of the rectified sheet
DPI = 300
CONFIDENT = 0.9  # what printkit scan lists as uncertain below (transcribe.CONFIDENT)


def _blank_sheet(paper: str, per_page: int, lang: str, ink_saver: bool, players: int | None) -> np.ndarray:
    """The first sheet of a printed page, as a clean scan at DPI brought to P px/mm (RGB)."""
    pad = print_pad(paper, per_page, lang, ink_saver, players)
    doc = pdfium.PdfDocument(pad.pdf)
    page = doc[0]
    pw, ph = page.get_size()
    rgb = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"))
    doc.close()
    w, h = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
    ox, oy = sheet_origins((pw / 72 * 25.4, ph / 72 * 25.4), (w, h), per_page)[0]
    k = DPI / 25.4
    sheet = rgb[round(oy * k):round((oy + h) * k), round(ox * k):round((ox + w) * k)]
    return cv2.resize(sheet, (round(w * P), round(h * P)), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize(("paper", "per_page", "fmt", "lang", "ink_saver", "players"), [
    ("a4", 2, "a4-half", "zh-TW", False, None),
    ("a4", 2, "a4-half", "zh-TW", True, 3),
    ("a4", 2, "a4-half", "de", False, 1),
    ("a4", 2, "a4-half", "en", True, None),
    ("letter", 1, "letter", "zh-TW", False, 4),
    ("letter", 1, "letter", "de", True, None),
])
def test_a_blank_sheet_in_any_language_shows_no_pen_round_its_circles_and_boxes(
        paper: str, per_page: int, fmt: str, lang: str, ink_saver: bool, players: int | None) -> None:
    rgb = _blank_sheet(paper, per_page, lang, ink_saver, players)
    table = box_table(2, fmt)
    specs = [s for s in box_specs(table.table, load_gsc_game()) if s.read in ("loop", "mark")]
    dark = marks_paper.darkness(rgb, P)
    pen = marks_printed.pen_ink(dark, table.reference, P)
    for s in specs:
        # a circle's reading looks 1.6 radii out from its centre; a cross box, a tenth of it round it
        reach = 1.6 * s.w / 2 if s.read == "loop" else 0.1 * s.w
        sy = slice(round((s.y - reach) * P), round((s.y + s.h + reach) * P))
        sx = slice(round((s.x - reach) * P), round((s.x + s.w + reach) * P))
        assert int(pen[sy, sx].sum()) == 0, f"{lang} {fmt}: print taken for pen round {s.area} {s.index}"
    for r in sheet_boxes.read_boxes(rgb, specs, table.reference, P, None):
        assert r.value in ("empty", False) and r.confidence >= CONFIDENT, (r.spec.area, r.spec.index, r.value,
                                                                             r.confidence)
