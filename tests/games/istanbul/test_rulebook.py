"""The Istanbul rules booklet and kit notes, read back from their PDFs in every language it prints.

Expected facts are pinned from the reference (C1, C6, C10): starting lira 2-6 in turn order, 4 assistants
under the merchant on the Fountain and the 5th beside the board, family members at the Police Station,
5 rubies to win (6 with 2 players), 2 lira to each other merchant, the Tea House's 3-12 call and its
"otherwise 2 lira", the family member having no encounters, the turn ending early, the 2-player neutral
merchants on places 14, 15, 16.
"""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.games.istanbul import kit
from tests.games.printed import kit_talk, missing, text_of

LANGS = ("en", "de", "zh-TW", "en+zh-TW")


@pytest.fixture(scope="module", params=LANGS)
def built(request):
    lang = request.param
    return lang, {c.name: c for c in kit.components(BuildOptions(paper="a4", lang=lang))}


EN = ["Starting lira in turn order: 2, 3, 4, 5, 6", "Stack 4 assistants under your merchant on the Fountain",
      "Family members start at the Police Station", "The 4 mail indicators cover the top row of the Post Office",
      "Pay 2 lira to each other merchant", "your turn ends at once", "it has no encounters",
      "otherwise take 2 lira", "Call a number from 3 to 12", "7–8: 1, 9–10: 2, 11–12: 3",
      "5 rubies (6 with two players)", "Ties go to the most lira, then the most goods, then the most bonus cards",
      "on each of Small Mosque, Great Mosque, Gemstone Dealer", "pays 2 lira to the bank",
      "5 merchants", "5 family members", "2 six-sided dice"]
FACTS = {
    "en": EN,
    "de": ["Start-Lira in Spielreihenfolge: 2, 3, 4, 5, 6", "Stapelt 4 Gehilfen unter euren Händler auf den Brunnen",
           "Die Familienmitglieder beginnen auf der Polizeiwache", "endet dein Zug sofort", "hat keine Begegnungen",
           "sonst nimm 2 Lira", "Nenne eine Zahl von 3 bis 12", "5 Rubine (6 zu zweit)",
           "auf Kleine Moschee, Große Moschee, Edelsteinhändler", "zahlt 2 Lira an die Bank"],
    "zh-TW": ["依順序的起始里拉：2、3、4、5、6", "把 4 名伙計疊在商人下方，放在水泉", "家庭成員放在警察局",
              "回合立刻結束", "也沒有相遇", "否則拿 2 里拉", "喊出 3 到 12 之間的一個數字",
              "5 顆紅寶石（2 人遊戲為 6 顆）",
              "在小清真寺、大清真寺、寶石商各放一個未使用顏色的商人", "付 2 里拉給銀行"],
}
FACTS["en+zh-TW"] = FACTS["en"][:3] + FACTS["zh-TW"][:3]

NOTES = {
    "en": ["House values", "place card 90 mm", "Gemstone Dealer first price 12 / 14 / 15",
           "the green number left, the blue one in the middle, the big place number right"],
    "de": ["Hauswerte", "Ortskarte 90 mm", "Erster Preis beim Edelsteinhändler 12 / 14 / 15",
           "grüne Zahl links, blaue in der Mitte, die große Ortszahl rechts"],
    "zh-TW": ["自訂值", "地點卡 90 mm", "寶石商的第一個價格", "綠色數字在左、藍色在中間、大的地點編號在右"],
    "en+zh-TW": ["place card 90 mm", "地點卡 90 mm"],
}

# Words that speak of how the kit was made: allowed on the notes page only.
MAKING = ("house value", "house rule", "write-up", "simulat", "Hauswert", "Hausregel", "Vorlage", "自訂", "原文",
          "not asked", "nicht verlangt", "未要求")


def test_booklet_teaches_a_whole_game(built):
    lang, comps = built
    booklet = comps["rules-booklet"]
    assert booklet.fold and len(booklet.pages) % 4 == 0
    assert missing(FACTS[lang], text_of(booklet, lang), lang) == []


def test_notes_page_holds_the_house_values(built):
    lang, comps = built
    assert missing(NOTES[lang], text_of(comps["kit-notes"], lang), lang) == []


def test_notes_no_longer_say_the_place_cards_differ_from_the_tile(built):
    """The place cards now follow the tile's arrangement (test_place_card_numbers); the notes once said they did
    not."""
    lang, comps = built
    notes = text_of(comps["kit-notes"], lang)
    for wrong in ("is not the published tile", "nicht die der Originalplättchen", "與原版板塊不同"):
        assert wrong.replace(" ", "") not in notes.replace(" ", "")


def test_only_the_notes_page_speaks_of_how_the_kit_was_made(built):
    lang, comps = built
    assert kit_talk(comps, lang, MAKING) == {}
