"""The printed kit read back: pieces from layout, and text, sizes and pages from the PDFs."""

from __future__ import annotations

from collections import Counter

import pypdfium2 as pdfium
import pytest

from printkit.engine.components import (
    BoardComponent,
    BuildOptions,
    CardComponent,
    Edition,
    SeedUsed,
    SheetComponent,
    TextFile,
)
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K
from printkit.games.san_marco.layout.board import plaque_box
from printkit.games.san_marco.layout.context import KitContext
from printkit.games.san_marco.rules import geometry as geo
from printkit.games.san_marco.rules.variant import generate_variant

MM = 72 / 25.4


def _by_name(comps, name):
    return next(c for c in comps if getattr(c, "name", None) == name)


def _lines(pdf_bytes: bytes) -> list[list[str]]:
    pdf = pdfium.PdfDocument(pdf_bytes)
    out = [[ln.strip() for ln in pdf[i].get_textpage().get_text_range().splitlines()] for i in range(len(pdf))]
    pdf.close()
    return out


@pytest.fixture(scope="module")
def classic_en():
    return K.components(BuildOptions(paper="a4", lang="en"))


@pytest.fixture(scope="module")
def six_zh():
    return K.components(BuildOptions(paper="a4", lang="zh-TW", players=6, seed=2001, extra={"districts": 9}))


def test_layout_pieces(classic, classic_en):
    action = _by_name(classic_en, "action-cards")
    limit = _by_name(classic_en, "limit-cards")
    assert isinstance(action, CardComponent) and isinstance(limit, CardComponent)
    assert len(action.fronts) == 62 and len(limit.fronts) == 28
    kinds = Counter(p.name.split(" card ")[1].split(" ")[0] for p in action.fronts)
    assert kinds == {"district": 30, "transfer": 12, "doge": 10, "bridge": 6, "banishment": 4}
    for p in (*action.fronts, *limit.fronts):
        assert (p.width, p.height) == (63.0, 88.0)
    assert action.backs and limit.backs and action.backs[0] != limit.backs[0]
    assert {c.name for c in classic_en} >= {"board", "pieces", "player-aids"}
    assert not any(isinstance(c, TextFile) for c in classic_en)  # nothing to write for the classic game
    aids = _by_name(classic_en, "player-aids")
    assert isinstance(aids, SheetComponent) and len(aids.pages) == 4


def test_classic_cards_from_pdf(classic):
    comps = K.components(BuildOptions(paper="a4", lang="en"))
    r = render(_by_name(comps, "action-cards"), PrintSettings(paper="a4"), "en")
    pages = _lines(r.pdf)
    fronts, backs = pages[0::2], pages[1::2]
    assert len(fronts) == len(backs)  # every front page has its back page
    titles = Counter(ln for page in fronts for ln in page)
    for d in classic.map.districts:
        assert titles[d.name.en] == 5, d.name.en
    assert (titles["Bridge"], titles["Transfer"], titles["Doge"], titles["Banishment"]) == (6, 12, 10, 4)
    assert titles["District"] == 30
    for front, back in zip(fronts, backs, strict=True):
        n_front = sum(front.count(t) for t in ("District", "Bridge", "Transfer", "Doge", "Banishment"))
        assert back.count("Action") == n_front

    r2 = render(_by_name(comps, "limit-cards"), PrintSettings(paper="a4"), "en")
    pages2 = _lines(r2.pdf)
    values = Counter(ln for page in pages2[0::2] for ln in page if ln in {"1", "2", "3"})
    assert values == {"1": 8, "2": 10, "3": 10}
    assert sum(p.count("Limit") for p in pages2[1::2]) == 28  # the limit back on every card

    # card size: the trim block of a full page is 2 x 3 cards of 63 x 88 mm with a 6 mm gutter (twice the 3 mm
    # bleed: the districts' colours differ at the cards' edges)
    pdf = pdfium.PdfDocument(r.pdf)
    x0, y0, x1, y1 = pdf[0].get_trimbox()
    w, h = (x1 - x0) / MM, (y1 - y0) / MM
    assert abs(w - (2 * 63 + 6)) < 0.01 and abs(h - (3 * 88 + 2 * 6)) < 0.01
    # the two backs look different: compare the mean colour of the first back page of each deck
    a = pdf[1].render(scale=0.3).to_pil().convert("RGB").resize((1, 1)).getpixel((0, 0))
    pdf.close()
    pdf2 = pdfium.PdfDocument(r2.pdf)
    b = pdf2[1].render(scale=0.3).to_pil().convert("RGB").resize((1, 1)).getpixel((0, 0))
    pdf2.close()
    assert sum(abs(i - j) for i, j in zip(a, b, strict=True)) > 60


def test_six_player_variant_pdf_zh(six_zh):
    defs = [c for c in six_zh if isinstance(c, TextFile)]
    assert len(defs) == 1 and defs[0].filename.endswith(".yaml")
    r = render(_by_name(six_zh, "action-cards"), PrintSettings(paper="a4"), "zh-TW")
    fronts = _lines(r.pdf)[0::2]
    titles = Counter(ln for page in fronts for ln in page)
    assert titles["區域牌"] == 9 * 4
    assert (titles["橋牌"], titles["轉換牌"], titles["總督牌"], titles["驅逐牌"]) == (7, 14, 12, 5)
    sheet = render(_by_name(six_zh, "variant-rules"), PrintSettings(paper="a4"), "zh-TW")
    text = "".join(_lines(sheet.pdf)[0])
    assert "5 人遊戲" in text and "6 人遊戲" in text and "分牌者" in text and "選牌者" in text
    assert not sheet.warnings


def test_board_pages_and_labels(classic):
    comps = K.components(BuildOptions(paper="a3", lang="en"))
    board = _by_name(comps, "board")
    assert isinstance(board, BoardComponent)
    one = render(board, PrintSettings(paper="a3"), "en")
    assert one.pages == 1
    text = " ".join(_lines(one.pdf)[0])
    for d in classic.map.districts:
        assert d.name.en in text
    tiled = render(board, PrintSettings(paper="a4"), "en")
    assert tiled.pages >= 2


def test_plaques_inside_districts_and_clear_of_bridges(classic, gen, texts, style):
    for seed in (1, 2, 3):
        game = generate_variant(classic, gen, 6, 10, seed=seed)
        kit = KitContext(game, texts, style, "en")
        for d in game.map.districts:
            x, y, w, h, scale = plaque_box(kit, d)
            assert scale >= 0.6, (seed, d.id)
            for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
                assert geo.point_in_polygon((px, py), d.outline), (seed, d.id)


def test_same_seed_same_bytes():
    def build(seed):
        comps = K.components(BuildOptions(paper="a4", lang="en", players=5, seed=seed, extra={"districts": 8}))
        printed = [c for c in comps if not isinstance(c, TextFile | Edition | SeedUsed)]
        return [render(c, PrintSettings(paper="a4"), "en").pdf for c in printed]

    a, b, c = build(11), build(11), build(12)
    assert a == b
    assert a != c


def test_player_aid_is_half_a_page_and_the_booklet_states_the_further_rules():
    comps = K.components(BuildOptions(paper="a4", lang="en", players=3))
    aids = _by_name(comps, "player-aids")
    assert len(aids.pages) == 3
    r = render(aids, PrintSettings(paper="a4"), "en")
    assert len(_lines(r.pdf)) == 2  # two aids to a sheet
    text = " ".join(_lines(r.pdf)[0])
    assert text.count("San Marco — player aid") == 2
    assert "A round (3 players)" in text
    for name in ("District", "Bridge", "Transfer", "Doge", "Banishment"):
        assert name in text
    assert "Red 3, Blue 2, Yellow 1 nobles → Red 8, Blue 6, Yellow 0 points." in text  # San Marco 8/6
    book = render(_by_name(comps, "rules"), PrintSettings(paper="a4"), "en")
    rules = " ".join(" ".join(p) for p in _lines(book.pdf))
    # house values are on the kit notes page only; the rules state the kit's own rules as rules
    assert "House values" not in rules and "Further rules" in rules
    assert "Scores may drop below 0: keep the stone on 0 and note the minus." in rules
    assert "3 players" in rules and "4 players" in rules
    assert not r.warnings
