"""A deck that fills part of one page (Sanssouci's 36 nobles, and its 4 score markers of another size in the room
they leave) sits centred inside the printable area, and no crop mark points at a row no piece is on; a deck's last
page marks only its own rows."""

from __future__ import annotations

import io

import pypdfium2

from printkit.engine.components import BuildOptions
from printkit.engine.imposition import PRINTABLE_EDGE
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render
from printkit.engine.units import PT_PER_MM

A4_W, A4_H = 210.0, 297.0
# 36 nobles of 22 x 11 mm, 7 to a row on A4 (6 mm gutters, each its own bleed): 6 rows of 11 mm and 5 gutters.
NOBLE_ROWS = 6
NOBLES_H = NOBLE_ROWS * 11 + (NOBLE_ROWS - 1) * 6  # 96 mm
# Below them, one row of 4 score markers, 14 mm square, after a 14 mm band gap: each band's 3 mm bleed and 4 mm
# crop marks on both sides of it.
BAND_GAP = 2 * (3 + 4)
BLOCK_H = NOBLES_H + BAND_GAP + 14
TOP_MM = (A4_H - BLOCK_H) / 2  # 86.5 mm: both bands together centred on the page


def _component(name: str):
    game = find_game("sanssouci")
    assert game is not None
    return next(c for c in game.build(BuildOptions(paper="a4", lang="en")) if c.name == name)


def test_the_noble_sheet_is_centred_inside_the_printable_area():
    rendered = render(_component("tokens"), PrintSettings(paper="a4"), "en")
    doc = pypdfium2.PdfDocument(io.BytesIO(rendered.pdf))
    assert len(doc) == 2  # one sheet: fronts and their backs (nobles and markers together)
    for page in doc:
        _, trim_bottom, _, trim_top = page.get_trimbox()
        _, _, _, bleed_top = page.get_bleedbox()
        assert abs((A4_H - trim_top / PT_PER_MM) - TOP_MM) < 0.05
        assert abs((A4_H - trim_bottom / PT_PER_MM) - (TOP_MM + BLOCK_H)) < 0.05
        assert A4_H - bleed_top / PT_PER_MM >= PRINTABLE_EDGE
    # ink starts where the bleed does, well inside the printable edge (was 3.8 mm from the top)
    scale = 4.0
    img = doc[0].render(scale=scale).to_pil().convert("L")
    first_ink_row = next(y for y in range(img.height) if img.crop((0, y, img.width, y + 1)).getextrema()[0] < 200)
    assert first_ink_row / (scale * PT_PER_MM) > PRINTABLE_EDGE


def _placed(rendered, page: int) -> dict[str, tuple[float, float, float, float]]:
    return {p.piece.name: (p.trim.x, p.trim.y, p.trim.w, p.trim.h)
            for p in rendered.log.placements if p.page == page and p.role == "cut"}


def test_nobles_and_markers_share_one_sheet_in_bands():
    rendered = render(_component("tokens"), PrintSettings(paper="a4"), "en")
    front = _placed(rendered, 0)
    nobles = [b for b in front.values() if (round(b[2], 3), round(b[3], 3)) == (22.0, 11.0)]
    markers = [b for b in front.values() if (round(b[2], 3), round(b[3], 3)) == (14.0, 14.0)]
    assert (len(nobles), len(markers)) == (36, 4)
    nobles_bottom = max(y + h for _, y, _, h in nobles)
    assert abs(nobles_bottom - (TOP_MM + NOBLES_H)) < 0.01
    # the markers: one row, centred, a band gap below the nobles, inside the margins
    assert {round(y, 3) for _, y, _, _ in markers} == {round(TOP_MM + NOBLES_H + BAND_GAP, 3)}
    left, right = min(x for x, *_ in markers), max(x + w for x, _, w, _ in markers)
    assert abs((left + right) / 2 - A4_W / 2) < 0.01
    # every crop mark keeps clear of every piece's trim and bleed
    pieces = [p for p in rendered.log.placements if p.page == 0 and p.role == "cut"]
    for m in rendered.log.pages[0].marks:
        seg = m.box(0.0)
        for p in pieces:
            t = p.trim
            assert not seg.intersects(type(t)(t.x - 3 + 1e-6, t.y - 3 + 1e-6, t.w + 6 - 2e-6, t.h + 6 - 2e-6)), \
                (m, p.piece.name)


def test_each_back_lies_behind_its_front_on_a_long_edge_flip():
    rendered = render(_component("tokens"), PrintSettings(paper="a4", duplex="long"), "en")
    front, back = _placed(rendered, 0), _placed(rendered, 1)
    assert len(front) == len(back) == 40
    for name, (x, y, w, _h) in front.items():
        bx, by, _, _ = back[name]  # nobles and markers look the same on both sides: the back has the front's name
        assert abs(bx - (A4_W - x - w)) < 0.01 and abs(by - y) < 0.01, name


def test_each_back_lies_behind_its_front_on_a_short_edge_flip():
    rendered = render(_component("tokens"), PrintSettings(paper="a4", duplex="short"), "en")
    front, back = _placed(rendered, 0), _placed(rendered, 1)
    for name, (x, y, _w, h) in front.items():
        bx, by, _, _ = back[name]
        assert abs(bx - x) < 0.01 and abs(by - (A4_H - y - h)) < 0.01, name


def test_marks_only_on_the_rows_pieces_fill():
    rendered = render(_component("tokens"), PrintSettings(paper="a4"), "en")
    front = rendered.log.pages[0]
    horizontal_ys = {round(m.y1, 3) for m in front.marks if abs(m.y1 - m.y2) < 1e-9}
    # the top and bottom cut of each noble row and of the marker row, none of an empty row
    assert len(horizontal_ys) == 2 * NOBLE_ROWS + 2
    assert min(horizontal_ys) >= TOP_MM - 1e-6 and max(horizontal_ys) <= TOP_MM + BLOCK_H + 1e-6


def test_a_decks_last_page_marks_only_its_rows():
    # 85 cards (72 play, 9 mission, 4 score; mini, 44.45 x 63.5 mm with 6 mm gutters) go 4 x 4 on A4: five full
    # sheets and a sixth holding 5 in two rows.  A row has a top and a bottom cut: 8 horizontal cut lines on a full
    # page, 4 on the last.
    rendered = render(_component("cards"), PrintSettings(paper="a4"), "en")
    fronts = [p for p in rendered.log.pages if not p.back]
    counts = [len({round(m.y1, 3) for m in p.marks if abs(m.y1 - m.y2) < 1e-9}) for p in fronts]
    assert counts == [8, 8, 8, 8, 8, 4]


def test_fold_over_puts_each_size_on_sheets_of_its_own():
    rendered = render(_component("tokens"), PrintSettings(paper="a4", duplex="fold"), "en")
    sizes_per_page: dict[int, set[tuple[float, float]]] = {}
    for p in rendered.log.placements:
        if p.role == "cut":
            sizes_per_page.setdefault(p.page, set()).add((round(p.trim.w, 3), round(p.trim.h, 3)))
    cut = [p for p in rendered.log.placements if p.role == "cut"]
    assert len(cut) == 2 * 40  # every front and, beside it to fold over, its back
    assert all(len(s) == 1 for s in sizes_per_page.values())
