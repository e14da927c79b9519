"""San Marco states every rule as the rule of this kit; where a rule comes from (the Chinese write-up, a
simulation) is said on the kit notes page only."""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.games.san_marco import kit
from tests.games.printed import kit_talk, missing, text_of

MAKING = ("write-up", "simulat", "Vorlage", "simuliert", "Zusammenfassung", "原文", "模擬", "規則介紹")
NOTES = {
    "en": ["No bridge left", "Chinese rules write-up", "under 1 in 100 passages of the 6-player variant"],
    "de": ["Keine Brücke mehr", "chinesischen Regelzusammenfassung", "weniger als 1 von 100 Durchgängen"],
    "zh-TW": ["橋用完時", "中文規則介紹文章", "六人變體中少於百分之一的階段會發生"],
}


@pytest.fixture(scope="module", params=("en", "de", "zh-TW"))
def built(request):
    lang = request.param
    return lang, {c.name: c for c in kit.components(BuildOptions(paper="a4", lang=lang))}


def test_only_the_notes_page_names_the_write_up_or_a_simulation(built):
    lang, comps = built
    assert kit_talk(comps, lang, MAKING) == {}


def test_the_notes_page_says_where_the_rules_come_from(built):
    lang, comps = built
    assert missing(NOTES[lang], text_of(comps["kit-notes"], lang), lang) == []


def test_a_variant_has_the_notes_page_too():
    comps = {c.name: c for c in kit.components(BuildOptions(players=6, lang="de"))
             if hasattr(c, "pages") or hasattr(c, "fronts") or hasattr(c, "piece")}  # not the edition or file
    assert kit_talk(comps, "de", MAKING) == {}
    assert "Keine Brücke mehr" in text_of(comps["kit-notes"], "de")


HOUSE_HEAD = {"en": "House values", "de": "Hauswerte", "zh-TW": "自訂值"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_notes_are_one_page_where_the_rules_come_from_and_the_house_values_share(built, paper):
    from devkit.readback import all_text, page_count
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render

    lang, _ = built
    built_kit = kit.components(BuildOptions(paper=paper, lang=lang))
    notes = next(c for c in built_kit if getattr(c, "name", "") == "kit-notes")
    pdf = render(notes, PrintSettings(paper=paper), lang).pdf
    assert page_count(pdf) == 1  # was two: the origin of the rules alone on a mostly empty first page
    text = "".join(all_text(pdf)).replace("\n", "").replace(" ", "")
    assert NOTES[lang][0].replace(" ", "") in text and HOUSE_HEAD[lang].replace(" ", "") in text
