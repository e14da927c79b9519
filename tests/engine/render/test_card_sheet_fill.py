"""A deck that fills part of one page (Sanssouci's 36 nobles) sits centred inside the printable area, and no crop
mark points at a row no piece is on; a deck's last page marks only its own rows."""

from __future__ import annotations

import io

import pypdfium2

from printkit.engine.components import BuildOptions
from printkit.engine.imposition import PRINTABLE_EDGE
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render
from printkit.engine.units import PT_PER_MM

A4_H = 297.0
# 36 nobles of 22 x 11 mm, 7 to a row on A4 (6 mm gutters, each its own bleed): 6 rows of 11 mm and 5 gutters.
NOBLE_ROWS = 6
BLOCK_H = NOBLE_ROWS * 11 + (NOBLE_ROWS - 1) * 6
TOP_MM = (A4_H - BLOCK_H) / 2  # 100.5 mm: the block centred on the page


def _component(name: str):
    game = find_game("sanssouci")
    assert game is not None
    return next(c for c in game.build(BuildOptions(paper="a4", lang="en")) if c.name == name)


def test_the_noble_sheet_is_centred_inside_the_printable_area():
    rendered = render(_component("tokens"), PrintSettings(paper="a4"), "en")
    doc = pypdfium2.PdfDocument(io.BytesIO(rendered.pdf))
    assert len(doc) == 2  # one sheet: fronts and their backs
    for page in doc:
        _, _, _, trim_top = page.get_trimbox()
        _, _, _, bleed_top = page.get_bleedbox()
        assert abs((A4_H - trim_top / PT_PER_MM) - TOP_MM) < 0.05
        assert A4_H - bleed_top / PT_PER_MM >= PRINTABLE_EDGE
    # ink starts where the bleed does, well inside the printable edge (was 3.8 mm from the top)
    scale = 4.0
    img = doc[0].render(scale=scale).to_pil().convert("L")
    first_ink_row = next(y for y in range(img.height) if img.crop((0, y, img.width, y + 1)).getextrema()[0] < 200)
    assert first_ink_row / (scale * PT_PER_MM) > PRINTABLE_EDGE


def test_marks_only_on_the_rows_pieces_fill():
    rendered = render(_component("tokens"), PrintSettings(paper="a4"), "en")
    front = rendered.log.pages[0]
    horizontal_ys = {round(m.y1, 3) for m in front.marks if abs(m.y1 - m.y2) < 1e-9}
    assert len(horizontal_ys) == 2 * NOBLE_ROWS  # the top and bottom cut of each row, none of an empty row
    assert min(horizontal_ys) >= TOP_MM - 1e-6 and max(horizontal_ys) <= TOP_MM + BLOCK_H + 1e-6


def test_a_decks_last_page_marks_only_its_rows():
    # 85 cards (72 play, 9 mission, 4 score; mini, 44.45 x 63.5 mm with 6 mm gutters) go 4 x 4 on A4: five full
    # sheets and a sixth holding 5 in two rows.  A row has a top and a bottom cut: 8 horizontal cut lines on a full
    # page, 4 on the last.
    rendered = render(_component("cards"), PrintSettings(paper="a4"), "en")
    fronts = [p for p in rendered.log.pages if not p.back]
    counts = [len({round(m.y1, 3) for m in p.marks if abs(m.y1 - m.y2) < 1e-9}) for p in fronts]
    assert counts == [8, 8, 8, 8, 8, 4]
