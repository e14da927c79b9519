"""The Sanssouci setup sheet read back from its PDF on A4 and Letter, in every language.

Pinned by hand from the rules (not from the data files): 45 / 63 / 81 tiles for 2 / 3 / 4 players, one garden
board each, 18 play cards, 9 nobles and 2 missions a player, one score marker and one 50/100 card each; the
four expansion boards of the advanced variant are not in the kit.
"""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, char_boxes, find_text, page_size_mm, shapes
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.sanssouci import kit

LANGS = ("en", "de", "zh-TW")
PAPERS = ("a4", "letter")

# One row of the table per kind of piece: its name, then the count for 2, 3 and 4 players.
TABLE = {
    "en": ["Players 2 3 4", "Garden tiles 45 63 81", "Garden boards 2 3 4", "Play cards (18 each) 36 54 72",
           "Nobles (9 each) 18 27 36", "Missions dealt (2 each) 4 6 8", "Score markers and 50/100 cards 2 3 4"],
    "de": ["Personen 2 3 4", "Gartenplättchen 45 63 81", "Gartentableaus 2 3 4",
           "Spielkarten (18 je Person) 36 54 72", "Adlige (9 je Person) 18 27 36", "Aufträge (2 je Person) 4 6 8",
           "Zählsteine und 50/100-Karten 2 3 4"],
    "zh-TW": ["玩家人數234", "花園板塊456381", "宮殿花園圖板234", "玩家卡片（每人18張）365472", "貴族（每人9位）182736",
              "發出的任務卡（每人2張）468", "計分標記與50/100計分卡234"],
}
LEFT_OUT = {
    "en": ("Not in this kit", "four expansion boards of the advanced variant", "From outside: scissors"),
    "de": ("Nicht in diesem Kit", "vier Erweiterungstableaus der Profivariante", "Selbst besorgen: Schere"),
    "zh-TW": ("本套件沒有的東西", "進階變體的四塊擴充圖板", "需自備：剪刀"),
}
EVERYTHING = {"en": "Everything the game needs", "de": "Alles, was das Spiel braucht", "zh-TW": "遊戲需要的一切"}


def _setup_pdf(lang: str, paper: str, players: int | None = None) -> bytes:
    comps = {c.name: c for c in kit.components(BuildOptions(paper=paper, lang=lang, players=players))}
    return render(comps["setup"], PrintSettings(paper=paper), lang).pdf


@pytest.fixture(scope="module", params=[(lang, paper) for lang in LANGS for paper in PAPERS],
                ids=lambda p: f"{p[0]}-{p[1]}")
def sheet(request):
    lang, paper = request.param
    return lang, paper, _setup_pdf(lang, paper)


def _text(pdf: bytes, lang: str) -> str:
    joined = " ".join(all_text(pdf))
    return re.sub(r"\s", "", joined) if lang == "zh-TW" else re.sub(r"\s+", " ", joined)


def test_one_page_with_the_pieces_of_every_player_count(sheet):
    lang, _paper, pdf = sheet
    assert len(all_text(pdf)) == 1
    text = _text(pdf, lang)
    assert [row for row in TABLE[lang] if row not in text] == []


def test_says_what_is_not_in_the_kit(sheet):
    lang, _paper, pdf = sheet
    text = _text(pdf, lang)
    assert [line for line in LEFT_OUT[lang] if line not in text] == []
    assert EVERYTHING[lang] not in text  # it no longer claims the kit holds everything


def test_the_text_fills_both_columns_of_the_page(sheet):
    """Once the text filled the left column's top half and left the rest of the page empty."""
    _lang, _paper, pdf = sheet
    w, h = page_size_mm(pdf)
    foot = 15.0  # mm: the print-size bar at the foot
    below = [c for c in char_boxes(pdf) if c.char.strip() and h / 2 < c.top < h - foot]
    left = [c.bottom for c in below if c.right < w / 2]
    right = [c.bottom for c in below if c.left > w / 2]
    assert left and right
    assert min(max(left), max(right)) > 0.75 * h, (max(left), max(right), h)


TILES = {2: "45", 3: "63", 4: "81"}  # the table's tile counts, one column per player count


def _shaded_columns(pdf: bytes) -> list[str]:
    """The tile counts of the table's columns that a tall tinted band covers."""
    table_top = 60.0  # mm: the table stands beside the central board, above this
    bands = [s for s in shapes(pdf) if s.fill and s.fill != (255, 255, 255) and s.height > 40 and s.width < 15
             and s.top < table_top]
    return [v for v in TILES.values() for x, y in find_text(pdf, v) if y < table_top
            and any(b.left < x < b.right and b.top < y < b.bottom for b in bands)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_shades_the_player_count_built_for(players):
    assert _shaded_columns(_setup_pdf("en", "a4", players)) == [TILES[players]]


def test_without_players_no_column_is_shaded():
    assert _shaded_columns(_setup_pdf("en", "letter")) == []


A5_LINES = {
    "en": ["2 players: Garden tiles 45, Garden boards 2, Play cards (18 each) 36, Nobles (9 each) 18, Missions dealt "
           "(2 each) 4, Score markers and 50/100 cards 2",
           "4 players: Garden tiles 81, Garden boards 4, Play cards (18 each) 72, Nobles (9 each) 36, Missions dealt "
           "(2 each) 8, Score markers and 50/100 cards 4"],
    "zh-TW": ["3人：63花園板塊、3宮殿花園圖板、54玩家卡片（每人18張）、27貴族（每人9位）、6發出的任務卡（每人2張）、"
              "3計分標記與50/100計分卡"],
}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_on_a5_the_counts_of_each_player_count_are_lines_of_text(lang):
    """A5 has no room beside the central board for the table: the same counts lead the text."""
    pdf = _setup_pdf(lang, "a5")
    text = _text(pdf, lang)
    assert [line for line in A5_LINES[lang] if line not in text] == []
