"""German San Marco: a noble is set *in* a district ("in das Viertel der Karte", "in San Polo"), never
"nach das Viertel"."""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.games.san_marco import kit
from tests.games.printed import text_of


@pytest.fixture(scope="module")
def german():
    return {c.name: c for c in kit.components(BuildOptions(paper="a4", lang="de"))}


@pytest.mark.parametrize("name", ["player-aids", "rules-booklet"])
def test_the_aid_and_booklet_set_a_noble_in_the_cards_district(german, name):
    text = text_of(german[name], "de")
    assert "Setze 1 Adligen in das Viertel der Karte" in text
    assert "nach das" not in text


def test_a_district_card_sets_the_noble_in_its_district(german):
    text = text_of(german["action-cards"], "de")
    assert "Setze 1 Adligen in San Polo" in text and "Adligen nach" not in text
