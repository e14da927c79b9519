"""Istanbul on A5, the smallest paper printkit offers: the layout and setup sheets (186 × 262 mm on A4) take the
paper's size, the grid still reads as the published layout and the setup sheet runs onto a second page with
nothing left out.  Expected values are published facts (../shared/reference/istanbul.md), written out by hand.
"""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, find_text, page_count, page_size_mm
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.istanbul import kit

A5 = PrintSettings(paper="a5")
A4 = PrintSettings(paper="a4")
NAMES_ZH = ["製車行", "布料行", "香料行", "水果行", "郵局", "商隊旅館", "水泉", "黑市", "茶館", "大市場", "小市場",
            "警察局", "蘇丹皇宮", "小清真寺", "大清真寺", "寶石商"]  # places 1 to 16
SHORT = ((15, 5, 2, 14), (4, 12, 7, 3), (8, 6, 11, 9), (13, 10, 1, 16))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _components(paper: str, lang: str, **kw):
    return {c.name: c for c in kit.components(BuildOptions(paper=paper, lang=lang, **kw))}


def test_a5_layout_sheet_is_one_a5_page_with_the_short_paths_grid():
    sheet = _components("a5", "zh-TW", extra={"layout": "short"})["layout"]
    pdf = render(sheet, A5, "zh-TW").pdf
    assert page_count(pdf) == 1
    assert page_size_mm(pdf) == pytest.approx((148.0, 210.0), abs=0.01)
    where = {}
    for number, name in enumerate(NAMES_ZH, start=1):
        hits = [h for h in find_text(pdf, name) if h[1] < 160]  # the grid, not the facts below it
        assert len(hits) == 1, (name, hits)
        where[number] = hits[0]
    # rows and columns: the names sorted by y then x fall in four bands of four
    by_row = sorted(where, key=lambda n: where[n][1])
    rows = [sorted(by_row[i:i + 4], key=lambda n: where[n][0]) for i in range(0, 16, 4)]
    assert tuple(tuple(r) for r in rows) == SHORT
    text = _flat(all_text(pdf)[0])
    assert "水泉在位置 7" in text and "3 步" in text  # the Fountain's position, Black Market–Tea House steps


def test_a5_setup_sheet_runs_onto_a_second_page_and_leaves_nothing_out():
    a5 = render(_components("a5", "en+zh-TW")["setup"], A5, "en+zh-TW").pdf
    a4 = render(_components("a4", "en+zh-TW")["setup"], A4, "en+zh-TW").pdf
    # the picture of the table first, then the setup text: one page of it on A4, two on A5
    assert page_count(a4) == 2 and page_count(a5) == 3
    assert page_size_mm(a5, 2) == pytest.approx((148.0, 210.0), abs=0.01)
    text = _flat(" ".join(all_text(a5)))
    for needle in ("2 3 4 5 6", "Rubies to win", "Lay out the 16 places", "merchant of an unused colour",
                   "未使用顏色的商人", "5 × merchants", "20 × goods indicators"):
        assert needle in text, needle
