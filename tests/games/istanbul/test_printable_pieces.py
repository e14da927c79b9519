"""Every Istanbul piece is printed: merchants (with the 2-player game's three neutral ones), family members,
the Governor and the Smuggler as standees, and two fold-up dice whose opposite faces add up to 7."""

from __future__ import annotations

import re

import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.elements import Circle, Rect
from printkit.games.istanbul import definitions, kit
from printkit.games.istanbul.layout.dice import opposite_faces
from tests.games.printed import text_of


def _comps(players=None, lang="en"):
    return {c.name: c for c in kit.components(BuildOptions(lang=lang, players=players))}


@pytest.mark.parametrize(("players", "merchants", "family"), [(2, 5, 2), (3, 3, 3), (4, 4, 4), (5, 5, 5),
                                                               (None, 5, 5)])
def test_standees_per_table(players, merchants, family):
    text = text_of(_comps(players)["standees"], "en")
    # 2 players: their 2 merchants and 3 neutral ones (reference C10: on places 14, 15, 16)
    assert len(re.findall(r"\bMerchant\b", text)) == merchants
    assert len(re.findall(r"\bFamily member\b", text)) == family
    assert text.count("Governor") == 1 and text.count("Smuggler") == 1


def test_two_dice_with_every_face_and_opposites_adding_to_seven():
    dice = _comps()["dice"]
    assert len(dice.fronts) == 2
    assert opposite_faces() == {1: 6, 6: 1, 2: 5, 5: 2, 3: 4, 4: 3}
    for net in dice.fronts:
        faces = [e for e in net.elements if isinstance(e, Rect) and e.w == e.h == 16.0]
        pips = [e for e in net.elements if isinstance(e, Circle)]
        assert len(faces) == 6
        counts = sorted(sum(f.x < p.cx < f.x + f.w and f.y < p.cy < f.y + f.h for p in pips) for f in faces)
        assert counts == [1, 2, 3, 4, 5, 6]
        assert net.width <= 190 and net.height <= 270  # a net fits on one A4/Letter page


def test_nothing_is_left_to_bring_from_the_box():
    assert "Nothing else: every piece is in this kit." in text_of(_comps()["rules-booklet"], "en")


@pytest.mark.parametrize(("players", "merchants_on_fountain"), [(2, 2), (3, 3), (None, 4)])
def test_the_setup_sheet_opens_with_a_picture_of_the_table(players, merchants_on_fountain):
    setup = _comps(players)["setup"]
    picture = setup.pages[0]
    text = " ".join(e.text for e in picture.elements if hasattr(e, "text"))
    n = players or 4
    assert f"The table at the start: {n} players" in text
    for lira in (2, 3, 4, 5)[:n]:  # each player's starting lira in turn order (reference C10)
        assert f"{lira} lira" in text
    # the merchants on the Fountain: one disc per colour in play (and with 2 players the neutral merchants on
    # 14, 15, 16 in the unused colours)
    colours = {c.color for c in definitions.load().setup.player_colors}
    discs = [e for e in picture.elements if isinstance(e, Circle) and e.fill in colours]
    goods_discs = 4 * n  # the goods indicators drawn on each wheelbarrow
    neutral = 3 if n == 2 else 0
    assert len(discs) == merchants_on_fountain + goods_discs + neutral


@pytest.mark.parametrize(("lang", "outside"), [
    ("en", "From outside the kit: only scissors, glue and thin card"),
    ("de", "Außerhalb des Kits: nur Schere, Klebstoff und dünner Karton"),
    ("zh-TW", "本套件以外：只需剪刀、膠水與加厚配件用的薄紙板。"),
])
def test_the_setup_sheet_says_in_one_line_what_comes_from_outside(lang, outside):
    """Read back from the setup sheet's PDF: one line for what is not printed (only tools: every piece is), then
    the paper stand-ins, counted for the whole box (5 colours, reference C10)."""
    text = text_of(_comps(lang=lang)["setup"], lang)
    assert outside.replace(" ", "") in text.replace(" ", "")
    if lang == "en":
        assert ("Paper stand-ins in this kit: 4 × mail indicators, 1 × Governor, 1 × Smuggler, 1 × start-player "
                "marker, 5 × merchants, 25 × assistants, 5 × family members, 20 × goods indicators, "
                "2 × six-sided dice") in text
        assert "From the box or your shelf" not in text  # nothing has to come from a published box
