"""The setup sheet and the kit notes page, read back from the PDF in every language San Marco prints: the
setup facts of each player count, the house values of the definition, and nothing about how the kit was made
outside the notes page."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K

LANGS = ("en", "de", "zh-TW")


def _pages(lang: str, name: str, paper: str = "a4", players: int | None = None, seed: int = 7) -> list[str]:
    comps = K.components(BuildOptions(paper=paper, lang=lang, players=players, seed=seed))
    comp = next(c for c in comps if getattr(c, "name", None) == name)
    r = render(comp, PrintSettings(paper=paper), lang)
    assert not r.warnings
    pdf = pdfium.PdfDocument(r.pdf)
    out = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    pdf.close()
    return out


def test_languages_are_those_san_marco_prints():
    assert sorted(K.facts().languages) == sorted(LANGS)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_setup_sheet_en_states_each_classic_table(paper):
    pages = _pages("en", "setup-sheet", paper)
    assert len(pages) == 2
    table = pages[1]
    assert "San Marco — at the table" in table
    for note in ("1 The board in the middle", "2 Action cards, shuffled, face down.",
                 "3 Limit cards, shuffled, face down.", "4 The bridges not yet laid (12 in all).",
                 "5 Your 25 nobles in front of you", "7 Score markers on 0 of the track.",
                 "8 Sundial marker on field 1.", "9 The Doge on his waiting place."):
        assert note in table
    # players, groups, cards -> offers, start bridges, bridges per pair (classic rules: 3 and 4 players)
    assert "3 1 + 2 6 + 4 → 3 2 3" in table
    assert "4 1 + 1; 1 + 1 5 + 3 → 2 1 3" in table
    assert "5 or 6 players: print the variant for that number" in table
    assert "scissors, a ruler and glue" in table


def test_setup_sheet_six_player_variant_lists_three_to_six():
    table = _pages("en", "setup-sheet", players=6, seed=2001)[1]
    assert "3 1 + 2 6 + 4 → 3 2 2" in table
    assert "5 1 + 2; 1 + 1 6 + 4 → 3; 5 + 3 → 2 1 3" in table
    assert "6 1 + 2; 1 + 2 6 + 4 → 3 1 3" in table
    assert "print the variant" not in table  # this build is the variant


def test_setup_sheet_de_and_zh_tw():
    de = _pages("de", "setup-sheet")[1]
    assert "San Marco — am Tisch" in de and "4 Die noch nicht gelegten Brücken (12 insgesamt)." in de
    assert "4 1 + 1; 1 + 1 5 + 3 → 2 1 3" in de and "5 oder 6 Spieler" in de
    zh = _pages("zh-TW", "setup-sheet")[1].replace(" ", "")
    assert "聖馬可—桌面擺放" in zh and "尚未放上圖板的橋（共12座）" in zh
    assert "41＋1；1＋15＋3→213" in zh and "5或6人遊戲：請列印該人數的變體" in zh


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_about_how_the_kit_was_made_on_the_table_page(lang):
    # the first page reuses the rules' sentences, which the glossary/write-up work is rewording
    text = _pages(lang, "setup-sheet")[1]
    for word in ("write-up", "house value", "seed", "Hauswert", "Vorlage", "自訂值", "原文", "simulat"):
        assert word not in text


def test_notes_page_lists_every_house_value_of_the_classic_definition():
    # classic.yaml marks: die faces and values of five districts, all six outlines, the die order,
    # the adjacency, the card size and the score track (pinned by hand from the file)
    text = " ".join(_pages("en", "kit-notes"))
    for line in ("Cannaregio: die face 1, values 7/4, its shape on the map",
                 "Santa Croce: die face 2, values 5/3, its shape on the map",
                 "San Polo: die face 3, values 6/5, its shape on the map",
                 "San Marco: die face 4, its shape on the map",
                 "Castello: values 7/5, its shape on the map",
                 "Dorsoduro: die face 5, values 6/4, its shape on the map",
                 "Which die face names which district", "Which districts touch (bridge sites)",
                 "Card size: 63 × 88 mm", "Score track 0–99"):
        assert line in text
    assert "Without a bridge the Doge may step to a neighbouring district for −2 points." in text
    assert "A tie at the end goes to the player with more nobles in San Marco." in text
    assert "What differs from the published game, and why" in text


def test_notes_page_de_and_zh_tw():
    de = " ".join(_pages("de", "kit-notes"))
    assert "Hauswerte" in de and "Kartengröße: 63 × 88 mm" in de and "Cannaregio: Würfelzahl 1, Werte 7/4" in de
    zh = " ".join(_pages("zh-TW", "kit-notes")).replace(" ", "")
    assert "自訂值" in zh and "卡牌尺寸：63×88公釐" in zh and "骰子點數1、分數7/4" in zh


def test_variant_notes_print_its_seed():
    text = " ".join(_pages("en", "kit-notes", players=6, seed=2001))
    assert "This variant was made from seed 2001: build with --seed 2001 to print the same map again." in text
    assert "6 players: at most" not in text or "bridges between two districts" in text
