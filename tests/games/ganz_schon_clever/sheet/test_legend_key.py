"""The icon legend is a key (issue 14): every symbol of the sheet, its icon drawn, its meaning beside it.

Read back from the rendered PDFs: each meaning is found in the page's text, and the icon is found as
ink in the square just left of where the meaning starts, on the same line.
"""

from __future__ import annotations

import numpy as np
import pytest

from devkit.readback import char_boxes, render_page
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

from .conftest import build

MEANINGS = {
    "en": ["reroll (active player only)", "extra die, after your turn",
           "earned action: circle the next circle; used: cross it out", "cross one box of that colour",
           "4, 5 or 6: write it in the next box of that colour", "fox: worth your lowest area"],
    "zh-TW": ["重骰行動（僅限當前玩家）", "額外的骰子行動（回合結束後）", "獲得行動：圈起下一格；使用後：劃掉",
              "在該色區劃記一格", "4、5 或 6：填入該色區的下一格", "狐狸：值最低分區域的分數"],
    "de": ["Neuwurf (nur aktiver Spieler)", "Zusatzwürfel, nach dem Zug",
           "Aktion erhalten: nächsten Kreis einkreisen; benutzt: abkreuzen", "ein Feld dieser Farbe ankreuzen",
           "4, 5 oder 6: ins nächste Feld dieser Farbe", "Fuchs: zählt wie die schwächste Farbe"],
}
DPI = 300


def _entries(data: bytes, meanings: list[str]) -> list[tuple[float, float, float]]:
    """(left, top, bottom) in mm of where each meaning starts (it must be on the page, in one piece)."""
    chars = char_boxes(data)
    text = "".join(c.char for c in chars)
    flat = text.replace("\r", "").replace("\n", "")
    out = []
    for meaning in meanings:
        at = text.find(meaning)
        if at < 0:  # wrapped on the solo page: its first words (the legend comes after the rest)
            at = text.rfind(meaning[:12])
        assert at >= 0, (meaning, text[-600:])
        assert meaning.replace(" ", "") in flat.replace(" ", ""), meaning
        first = chars[at]
        out.append((first.left, first.top, first.bottom))
    return out


def _icon_ink(data: bytes, left: float, top: float, bottom: float) -> int:
    """Dark pixels that are not text, in the 7 mm before a meaning starts, on its line."""
    img = np.asarray(render_page(data, 0, DPI).convert("L")) < 110
    px = DPI / 25.4
    for c in char_boxes(data):  # blank out every character: what is left is drawn art
        img[int(c.top * px) - 1:int(c.bottom * px) + 2, int(c.left * px) - 1:int(c.right * px) + 2] = False
    mid = (top + bottom) / 2
    window = img[int((mid - 2.2) * px):int((mid + 2.2) * px), int((left - 7) * px):int((left - 0.3) * px)]
    return int(window.sum())


@pytest.mark.parametrize("lang", list(MEANINGS))
def test_the_sheet_and_the_solo_page_key_every_symbol_with_its_icon(lang: str) -> None:
    sheets, solo, _ = build("a4", lang)
    for component in (sheets, solo):
        data = render(component, PrintSettings(paper="a4"), lang).pdf
        for meaning, (left, top, bottom) in zip(MEANINGS[lang], _entries(data, MEANINGS[lang]), strict=True):
            assert _icon_ink(data, left, top, bottom) > 40, (component.name, meaning)
