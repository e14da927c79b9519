"""The player aid read back from its PDF: the worked scoring example agrees with itself for two and three
ranks, every kind of group at the table gets its deal, and the offers are turned face up."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K


def _aid_text(lang: str, players: int, extra: dict | None = None, seed: int = 7) -> str:
    comps = K.components(BuildOptions(paper="a4", lang=lang, players=players, seed=seed, extra=extra or {}))
    aids = next(c for c in comps if getattr(c, "name", None) == "player-aids")
    r = render(aids, PrintSettings(paper="a4"), lang)
    assert not r.warnings
    pdf = pdfium.PdfDocument(r.pdf)
    text = pdf[0].get_textpage().get_text_range()
    pdf.close()
    return " ".join(text.split())  # the aid wraps lines; read it as one paragraph


def _majority(nobles: dict[str, int], values: list[int]) -> dict[str, int]:
    """San Marco's scoring by hand, for three players: ties take the next rank's value and use up both ranks."""
    order = sorted(nobles, key=lambda p: -nobles[p])
    a, b, c = order
    out = {a: values[0]}
    if nobles[b] == nobles[c]:  # the example only ever ties second and third
        share = values[2] if len(values) > 2 else 0
        out[b] = out[c] = share
    else:
        out[b] = values[1]
        out[c] = values[2] if len(values) > 2 else 0
    return out


@pytest.mark.parametrize(("players", "extra", "ranks"), [(4, {}, 2), (4, {"ranks": 3}, 3), (3, {"ranks": 3}, 3)])
def test_the_worked_example_adds_up(players, extra, ranks):
    text = _aid_text("en", players, extra)
    m = re.search(r"Example: (.+?) scores ([\d /]+)\.", text)
    assert m, text
    values = [int(v) for v in m.group(2).split(" / ")]
    assert len(values) == ranks
    for nobles in ({"Red": 3, "Blue": 2, "Yellow": 1}, {"Red": 3, "Blue": 2, "Yellow": 2}):
        pts = _majority(nobles, values)
        line = (f"Red {nobles['Red']}, Blue {nobles['Blue']}, Yellow {nobles['Yellow']} nobles → "
                f"Red {pts['Red']}, Blue {pts['Blue']}, Yellow {pts['Yellow']} points.")
        assert line in text
    if ranks == 3:
        assert ", third most: the third." in text
        assert f"Blue and Yellow tie for second place, so each gets the third value: {values[2]}." in text
        assert "neither scores" not in text
    else:
        assert "third most" not in text
        assert "Blue and Yellow tie for second place; there is no third value, so neither scores." in text


def test_three_ranks_pinned():
    """One variant pinned literally: seed 7, four players, three ranks; San Marco scores 9 / 6 / 3."""
    text = _aid_text("en", 4, {"ranks": 3})
    assert "Example: San Marco scores 9 / 6 / 3." in text
    assert "Red 3, Blue 2, Yellow 1 nobles → Red 9, Blue 6, Yellow 3 points." in text
    assert "Red 3, Blue 2, Yellow 2 nobles → Red 9, Blue 3, Yellow 3 points." in text
    assert "each gets the third value: 3." in text


@pytest.mark.parametrize(("lang", "deal"), [
    ("en", "Distributor: draw cards (group of 3: 6 + 4, 3 offers; group of 2: 5 + 3, 2 offers), split them "
           "face down into offers, then turn the offers face up."),
    ("de", "Verteiler: Karten ziehen (Gruppe zu 3: 6 + 4, 3 Angebote; Gruppe zu 2: 5 + 3, 2 Angebote), verdeckt in "
           "Angebote teilen, dann aufdecken."),
])
def test_five_players_deal_for_the_trio_and_the_pair(lang, deal):
    assert deal in _aid_text(lang, 5)


def test_five_players_zh_tw():
    text = _aid_text("zh-TW", 5).replace(" ", "")
    assert "3人組：6+4張，分成3組；2人組：5+3張，分成2組" in text
    assert "再全部翻開" in text


def test_four_players_one_kind_of_group():
    text = _aid_text("en", 4)
    assert ("Distributor: draw cards (5 action + 3 limit cards, 2 offers), split them face down into offers, "
            "then turn the offers face up.") in text
