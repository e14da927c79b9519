"""The Sanssouci rules booklet, setup sheet and kit notes, read back from their PDFs in every language.

Expected facts are pinned from the reference (B1-B5) and the seed, not from the data files: 45 / 63 / 81
tiles for 2 / 3 / 4 players (house split), 8 face-down stacks, 2 display tiles per colour, 2 secret
missions, 2 cards in hand, 9 nobles on the terrace, the 50/100 card, 18 turns, full rows 8/7/6/5/4,
full columns 5, ties to the most gardeners.
"""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.games.sanssouci import kit
from tests.games.printed import kit_talk, missing, text_of

LANGS = ("en", "de", "zh-TW")


@pytest.fixture(scope="module", params=LANGS)
def built(request):
    lang = request.param
    comps = kit.components(BuildOptions(paper="a4", lang=lang))
    return lang, {c.name: c for c in comps}


# What the booklet must say, per language: setup for every player count, the turn, the end and scoring.
BOOKLET_FACTS = {
    "en": ["45 tiles with 2 players, 63 with 3, all 81 with 4", "build 8 roughly equal stacks",
           "2 on each colour", "draws 2", "stands the 9 nobles of their colour on the terrace",
           "Score markers go on 0", "50/100 score card", "deal 2 face down to each player",
           "Two-colour card", "Element card", "Joker", "it becomes a gardener", "only over built spaces",
           "never on a gardener", "after 18 turns each",
           "row 2: 8, row 3: 7, row 4: 6, row 5: 5, row 6: 4 points", "scores 5 points",
           "Gardeners fill their space", "the most gardeners in their garden wins"],
    "de": ["45 Plättchen zu zweit, 63 zu dritt, alle 81 zu viert", "bildet 8 etwa gleich hohe Stapel",
           "2 auf jede Farbe", "zieht 2 Karten", "stellt die 9 Adligen ihrer Farbe auf die Terrasse",
           "Zählsteine kommen auf die 0", "50/100-Wertungskarte", "gebt jedem 2 verdeckt",
           "Zweifarbkarte", "Elementkarte", "Joker", "Es wird zum Gärtner", "nur über bebaute Felder",
           "nie auf einem Gärtner", "nach 18 Zügen für jeden",
           "Zeile 2: 8, Zeile 3: 7, Zeile 4: 6, Zeile 5: 5, Zeile 6: 4 Punkte", "bringt 5 Punkte",
           "Gärtner füllen ihr Feld", "mehr Gärtner im Garten"],
    "zh-TW": ["2 人用 45 片，3 人用 63 片，4 人使用全部 81 片", "分成 8 疊", "每種顏色各 2 片", "抽 2 張作為手牌",
              "9 位貴族放在露台上", "計分標記放在計分軌的 0", "50/100 計分卡", "每人發 2 張背面朝上",
              "雙色卡", "景觀卡", "萬用卡", "成為園丁", "只能經過已建造的格子", "不可停在園丁上",
              "每人進行 18 回合後遊戲結束",
              "第 2 列 8 分、第 3 列 7 分、第 4 列 6 分、第 5 列 5 分、第 6 列 4 分", "每一欄得 5 分",
              "園丁和板塊一樣算已建造", "園丁最多的玩家獲勝"],
}

SETUP_FACTS = {
    "en": ["2 players: 45 tiles", "3 players: 63 tiles", "4 players: all 81 tiles", "8 face-down stacks",
           "2 face-up tiles on each colour", "9 nobles on the terrace", "2 cards in hand", "2 secret missions",
           "50/100 card", "score markers on 0"],
    "de": ["2 Personen: 45 Plättchen", "3 Personen: 63 Plättchen", "4 Personen: alle 81 Plättchen",
           "8 verdeckte Stapel", "2 offene Plättchen je Farbe", "9 Adlige auf der Terrasse", "2 Karten auf der Hand",
           "2 geheime Aufträge", "50/100-Karte", "Zählsteine auf 0"],
    "zh-TW": ["2 人：45 片", "3 人：63 片", "4 人：全部 81 片", "8 疊背面朝上的板塊堆", "每種顏色 2 片正面朝上",
              "9 位貴族站在露台", "2 張手牌", "2 張秘密任務卡", "50/100 計分卡", "計分標記放在 0"],
}

NOTES_FACTS = {
    "en": ["House values", "10 minus its value (8/7/6/5/4)", "each complete column 5", "no published source",
           "expansion boards"],
    "de": ["Hauswerte", "10 minus ihren Wert (8/7/6/5/4)", "jede volle Spalte 5", "keine veröffentlichte Quelle",
           "Erweiterungstableaus"],
    "zh-TW": ["自訂值", "得 10 減該列分數（8／7／6／5／4）", "每完整一欄得 5 分", "沒有任何已出版資料證實", "擴充圖板"],
}

# Words that speak of how the kit was made: allowed on the notes page only.
MAKING = {
    "en": ("house value", "house rule", "seed", "write-up", "simulat", "source"),
    "de": ("Hauswert", "Hausregel", "Seed", "Vorlage", "Quelle", "simuliert"),
    "zh-TW": ("自訂", "種子", "原文", "規則介紹", "模擬", "資料來源"),
}


@pytest.mark.parametrize(("component", "facts"), [("rules-booklet", BOOKLET_FACTS), ("setup", SETUP_FACTS),
                                                  ("kit-notes", NOTES_FACTS)])
def test_each_page_says_what_it_must(built, component, facts):
    """The booklet teaches a whole game, the setup sheet names every count and place, the notes hold the
    house values."""
    lang, comps = built
    assert missing(facts[lang], text_of(comps[component], lang), lang) == []


def test_booklet_is_a_folded_booklet_of_whole_sheets(built):
    _lang, comps = built
    booklet = comps["rules-booklet"]
    assert booklet.fold and booklet.per_page == 2
    assert len(booklet.pages) % 4 == 0 and len(booklet.pages) >= 4
    assert {(round(p.width, 1), round(p.height, 1)) for p in booklet.pages} == {(148.5, 210.0)}  # A5 on A4


def test_only_the_notes_page_speaks_of_how_the_kit_was_made(built):
    lang, comps = built
    assert kit_talk(comps, lang, MAKING[lang]) == {}


def test_zh_tw_says_row_and_column_one_way(built):
    lang, comps = built
    if lang != "zh-TW":
        pytest.skip("Chinese only")
    for name in ("rules-booklet", "setup", "player-aid", "score-pad", "garden-board-1"):
        text = text_of(comps[name], lang)
        assert "行" not in text.replace("進行", "").replace("執行", "").replace("行動", ""), name
    booklet = text_of(comps["rules-booklet"], lang)
    assert "9欄、6列" in booklet
