"""Text is legible at print size: the font sizes read back from the PDF, on every format.

The design is drawn once and scaled onto each format (about 0.63 on the half sheets), so scaled
fonts can fall below what a home printer renders legibly.  These tests read the size every
character was printed at (``FPDFText_GetFontSize``: the font size times the text matrix, in pt on
the page) and hold it to the floors: 6 pt for Latin text, 6.5 pt for Chinese.
"""

from __future__ import annotations

import ctypes

import pypdfium2
import pypdfium2.raw as pdfium
import pytest

from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import FURNITURE_COLOR, render
from printkit.games.ganz_schon_clever.layout.sheet import build_sheet, has_cjk
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

from .conftest import build, rendered

LATIN_FLOOR = 6.0  # pt at print size
CJK_FLOOR = 6.5

# (paper, sheets per page) of every format in sheet.yaml
FORMATS = [("a4", 1), ("letter", 1), ("a3", 1), ("a4", 2), ("letter", 2), ("a3", 2)]
LANGS = ("en", "zh-TW", "de")


def _furniture_rgb() -> tuple[int, int, int]:
    h = FURNITURE_COLOR.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def printed_sizes(pdf_bytes: bytes) -> list[tuple[str, float]]:
    """(character, size in pt) of every visible character of the sheets, page furniture left out.

    The page's own furniture (the "print at 100 %" note, crop-mark labels) is the renderer's, not
    the sheet's: it is told apart by its colour.
    """
    furniture = _furniture_rgb()
    out: list[tuple[str, float]] = []
    pdf = pypdfium2.PdfDocument(pdf_bytes)
    for page in pdf:
        tp = page.get_textpage()
        for i in range(tp.count_chars()):
            ch = chr(pdfium.FPDFText_GetUnicode(tp.raw, i))
            if ch.isspace() or not ch.isprintable():
                continue
            rgba = [ctypes.c_uint() for _ in range(4)]
            assert pdfium.FPDFText_GetFillColor(tp.raw, i, *(ctypes.byref(v) for v in rgba))
            if tuple(v.value for v in rgba[:3]) == furniture:
                continue
            out.append((ch, pdfium.FPDFText_GetFontSize(tp.raw, i)))
    return out


def _too_small(sizes: list[tuple[str, float]]) -> list[tuple[str, float]]:
    bad = {(ch, round(s, 2)) for ch, s in sizes if s < (CJK_FLOOR if has_cjk(ch) else LATIN_FLOOR) - 1e-3}
    return sorted(bad, key=lambda t: t[1])


@pytest.mark.parametrize("ink", [False, True], ids=["colour", "ink-saver"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "per_page"), FORMATS, ids=[f"{p}x{n}" for p, n in FORMATS])
def test_no_text_prints_below_the_floor(paper: str, per_page: int, lang: str, ink: bool) -> None:
    r = rendered(paper=paper, lang=lang, per_page=per_page, ink_saver=ink, count=per_page)
    assert r.warnings == []  # nothing had to shrink below its smallest size to fit its box
    sizes = printed_sizes(r.pdf)
    assert len(sizes) > 200  # the whole sheet was read
    if lang == "zh-TW":
        assert any(has_cjk(ch) for ch, _ in sizes)
    assert _too_small(sizes) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_solo_page_text_is_legible(paper: str, lang: str) -> None:
    _, solo, _ = build(paper=paper, lang=lang)
    r = render(solo, PrintSettings(paper=paper), lang)
    assert r.warnings == []
    assert _too_small(printed_sizes(r.pdf)) == []


def test_the_read_back_size_is_the_printed_size(game: GscGame, layout: SheetLayout) -> None:
    """The numbers in the yellow and blue boxes print at the design size times the format's scale:
    the read-back includes the scaling (it is not the size at scale 1)."""
    plan = build_sheet(game, layout, "letter-half")
    assert plan.scale < 0.7
    sizes = printed_sizes(rendered(paper="letter", per_page=2, count=2).pdf)
    biggest = max(s for _, s in sizes)
    assert biggest == pytest.approx(layout.fonts["number"].size * plan.scale, abs=0.01)


def test_the_floor_is_data(layout: SheetLayout) -> None:
    """sheet.yaml's floor is at least the legibility floor on every format."""
    for name in layout.formats:
        floor = layout.floor(name)
        assert floor.latin >= LATIN_FLOOR and floor.cjk >= CJK_FLOOR, name


def test_half_sheets_leave_out_the_legend_and_shorten_round_ends(layout: SheetLayout) -> None:
    """The full legend does not fit at half size; a key at the print floor does, in the band under the score row
    (issue 40: about 25 mm were left free), and the solo page has the legend too."""
    full, solo, _ = build(paper="letter", lang="en")
    half, _, _ = build(paper="letter", lang="en", per_page=2)

    def texts(component) -> str:
        from printkit.engine.elements import Text

        return "\n".join(e.text for e in component.pages[0].elements if isinstance(e, Text))

    # The legend is a key: each symbol's meaning is its own text, next to its icon.
    meanings = ["reroll (active player only)", "extra die, after your turn", "cross one box of that colour",
                "fox: worth your lowest area"]
    for meaning in meanings:
        assert meaning in texts(full).split("\n") and meaning in texts(half).split("\n")
    for sheet in (full, half):
        icons = {e.name for e in sheet.pages[0].elements if type(e).__name__ == "Icon"}
        assert {"gsc-reroll", "gsc-plus1", "gsc-x", "gsc-fox"} <= icons
    assert "last round" in texts(full).replace("\n", " ")
    assert layout.label("round_ends_key", "en") in texts(half)
    assert "fox: worth your lowest area" in texts(solo)


# letter-half: 132 x 205 mm, 9 mm margin; a4-half: 140 x 200 mm, 9.5 mm margin (pinned from the formats' purpose).
HALF_SHEETS = {"letter": (205.0, 9.0), "a4": (200.0, 9.5)}


@pytest.mark.parametrize("paper", sorted(HALF_SHEETS))
@pytest.mark.parametrize("lang", ["en", "zh-TW", "de"])
def test_the_half_sheet_key_sits_under_the_score_row_inside_the_margin(paper: str, lang: str) -> None:
    from printkit.engine.elements import Text

    half, _, _ = build(paper=paper, lang=lang, per_page=2)
    height, margin = HALF_SHEETS[paper]
    page = half.pages[0]
    texts = [e for e in page.elements if isinstance(e, Text)]
    key = [e for e in texts if e.text in {"reroll (active player only)", "重骰行動（僅限當前玩家）",
                                          "Neuwurf (nur aktiver Spieler)", "fox: worth your lowest area",
                                          "狐狸：值最低分區域的分數", "Fuchs: zählt wie die schwächste Farbe"}]
    assert len(key) == 2, [e.text for e in texts][-12:]
    total = max((e for e in texts if e.text in {"Total", "總分", "Summe"}), key=lambda e: e.y)
    for e in key:
        assert e.y > total.y + 8  # under the score boxes (their label, then 8+ mm of boxes)
        assert e.y + e.h <= height - margin + 1e-6  # never into the margin, where the corner markers are
        assert e.size >= (6.5 if lang == "zh-TW" else 6.0)
