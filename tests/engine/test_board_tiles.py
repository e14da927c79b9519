"""A tiled board writes on each tile only what that tile shows: no glyph beyond the paper edge, and a label that
straddles the join is written half on each tile, each half where it prints."""

from __future__ import annotations

from devkit.readback import char_boxes, page_count, page_size_mm
from printkit.engine.components import BoardComponent
from printkit.engine.elements import Piece, Rect, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

LABEL = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _board() -> bytes:
    # 400 x 300 mm tiles onto four landscape A4 sheets (the columns join near x = 200 mm); one label runs across
    # the join, and a field of words fills the rest of the board.
    words = tuple(Text(20 + 90 * (i % 4), 40 + 60 * (i // 4), 60, 8, f"Field {i}", size=10) for i in range(16))
    label = Text(150, 150, 100, 10, LABEL, size=12, align="center")
    board = Piece("big board", 400, 300, (Rect(-3, -3, 406, 306, fill="#eeeedd", stroke=None), label, *words))
    return render(BoardComponent("board", "Board", board), PrintSettings(paper="a4"), "en").pdf


def test_no_glyph_is_written_beyond_the_paper_edge_of_any_tile():
    pdf = _board()
    assert page_count(pdf) == 4
    for i in range(4):
        w, h = page_size_mm(pdf, i)
        for ch in char_boxes(pdf, i):
            if ch.char.strip():
                assert ch.left >= 0 and ch.top >= 0 and ch.right <= w and ch.bottom <= h, (i, ch)


def test_each_tile_writes_only_the_fields_it_shows_and_the_straddling_label_is_split_between_two_tiles():
    pdf = _board()
    text = ["".join(c.char for c in char_boxes(pdf, i)) for i in range(4)]
    fields = [{n for n in range(16) if f"Field {n}" in t} for t in text]
    # each field lies whole on the tile(s) that show it; the 16 fields appear, none on every tile
    assert set().union(*fields) == set(range(16))
    assert all(0 < len(f) < 16 for f in fields)
    top = text[:2]
    left_part = max((s for s in (LABEL[:k] for k in range(1, 27)) if s in top[0]), key=len)
    right_part = max((s for s in (LABEL[k:] for k in range(26)) if s in top[1]), key=len)
    # the halves overlap at most in the tiles' shared strip and together spell the whole label
    assert len(left_part) < 26 and len(right_part) < 26
    assert LABEL.startswith(left_part) and LABEL.endswith(right_part)
    assert len(left_part) + len(right_part) >= 26
