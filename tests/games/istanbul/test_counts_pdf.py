"""How many of each piece the kit prints, per --players, counted in the PDFs (text, or shapes for
pieces without text).  Expected counts are the box's (reference C1, C6), written out by hand."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from devkit.readback import all_text, page_count, shapes
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.istanbul import definitions, kit

SETTINGS = PrintSettings(paper="a4", duplex="off")
MOSQUE_TILES = {None: 16, 2: 8, 3: 12, 4: 16, 5: 16}  # 4 abilities × (2,4) / (2,3,4) / (2,3,4,5)
BONUS = {"Take 1 good of your choice.": 4, "Take 5 lira.": 4, "Move 3 or 4 places instead of 1 or 2.": 4,
         "Sultan's Palace: take its action twice.": 2, "Post Office: take its action twice.": 2,
         "Gemstone Dealer: take its action twice.": 2, "Bring 1 assistant back to your stack.": 2}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module", params=[None, 2, 3, 4, 5], ids=lambda p: f"players={p}")
def kit_pdfs(request):
    comps = kit.components(BuildOptions(lang="en", players=request.param))
    return request.param, {c.name: render(c, SETTINGS, "en").pdf for c in comps}


def test_place_cards(kit_pdfs):
    _, pdfs = kit_pdfs
    text = _flat(" ".join(all_text(pdfs["place-cards"])))
    assert "house value" not in text  # the card size being ours is said on the kit notes page only
    assert all(name in text for name in ("Wainwright", "Post Office", "Gemstone Dealer"))


def test_mosque_tiles(kit_pdfs):
    players, pdfs = kit_pdfs
    text = _flat(" ".join(all_text(pdfs["mosque-tiles"])))
    tiles = re.findall(r"Own (\d), pay 1", text)
    assert len(tiles) == MOSQUE_TILES[players]
    shown = Counter(int(n) for n in tiles)
    expected = {2: {2: 4, 4: 4}, 3: {2: 4, 3: 4, 4: 4}}.get(players, {2: 4, 3: 4, 4: 4, 5: 4})
    assert shown == expected


def test_demand_tiles(kit_pdfs):
    _, pdfs = kit_pdfs
    text = _flat(" ".join(all_text(pdfs["demand-tiles"])))
    assert text.count("10 Large Market") == 5 and text.count("11 Small Market") == 5


def test_bonus_cards(kit_pdfs):
    _, pdfs = kit_pdfs
    text = _flat(" ".join(all_text(pdfs["bonus-cards"])))
    for line, count in BONUS.items():
        assert text.count(line) == count, line
    assert text.count("Bonus card") == 26


def test_player_pieces(kit_pdfs):
    players, pdfs = kit_pdfs
    n = players or 5
    text = _flat(" ".join(all_text(pdfs["wheelbarrows"])))
    colours = re.findall(r"Wheelbarrow · (\w+)", text)
    assert len(colours) == n and len(set(colours)) == n
    words = Counter(" ".join(all_text(pdfs["extensions"])).split())  # the page's own furniture has "100%", "50"
    assert {d: words[d] for d in ("2", "3", "4", "5", "6")} == {"2": 0, "3": 4 * n, "4": 4 * n, "5": 4 * n, "6": 0}


def test_tokens(kit_pdfs):
    players, pdfs = kit_pdfs
    pdf = pdfs["tokens"]
    # the scale bar's "this bar must measure 50 mm" is the sheet's furniture, not a coin
    text = [t for page in all_text(pdf) for line in page.splitlines() if "100%" not in line for t in line.split()]
    coins = Counter(t for t in text if t.isdigit())
    assert coins == {"1": 30, "5": 15, "10": 12}
    # the 9 mm tokens share the sheet: told from the 18 mm ones by the size of their disc
    discs = [s for p in range(page_count(pdf)) for s in shapes(pdf, p)]
    fills = Counter(s.fill for s in discs if 12 < s.right - s.left <= 18.5)  # an 18 mm token's disc: 17.5 mm
    small_fills = Counter(s.fill for s in discs if 7 < s.right - s.left <= 9.5)  # a 9 mm token's: 8.5 mm
    assert page_count(pdf) == 1  # one sheet for both sizes (was two, the small tokens' a quarter full)
    assert fills[(0xF6, 0xE3, 0xE6)] == 0 and small_fills[(0xF6, 0xE3, 0xE6)] == 32  # the ruby discs, small
    # each player's colour (identified from the data): 5 assistant discs; 4 goods indicators, small
    colours = [tuple(int(c.color[i:i + 2], 16) for i in (1, 3, 5)) for c in definitions.load().setup.player_colors]
    n = players or 5
    assert [fills[c] for c in colours] == [5] * n + [0] * (len(colours) - n)
    assert [small_fills[c] for c in colours] == [4] * n + [0] * (len(colours) - n)


def test_overviews_and_standees(kit_pdfs):
    _, pdfs = kit_pdfs
    assert _flat(" ".join(all_text(pdfs["overview-cards"]))).count("Your turn") == 5
    assert page_count(pdfs["overview-cards"]) == 3  # two to a page
    standees = _flat(" ".join(all_text(pdfs["standees"])))
    assert standees.count("Governor") == 1 and standees.count("Smuggler") == 1


def test_setup_sheet(kit_pdfs):
    players, pdfs = kit_pdfs
    text = _flat(" ".join(all_text(pdfs["setup"])))
    if players is None:
        assert "2 3 4 5 6" in text and "All player counts" in text
    else:
        assert " ".join(str(v) for v in (2, 3, 4, 5, 6)[:players]) in text
    assert ("merchant of an unused colour" in text) == (players in (None, 2))
    assert "dice" in text and "Governor" in text  # the what-you-need panel


def test_two_players_need_five_merchants():
    comps = {c.name: c for c in kit.components(BuildOptions(lang="en", players=2))}
    text = _flat(" ".join(all_text(render(comps["setup"], SETTINGS, "en").pdf)))
    assert "5 × merchants" in text  # 2 players + 3 neutral merchants (Small Mosque, Great Mosque, Gemstone Dealer)
    assert "2 × family members" in text


def test_each_take_twice_bonus_card_names_its_place_number():
    # the places' numbers in the published game: Post Office 5, Sultan's Palace 13, Gemstone Dealer 16
    comp = next(c for c in kit.components(BuildOptions(lang="en")) if c.name == "bonus-cards")
    text = _flat(" ".join(all_text(render(comp, SETTINGS, "en").pdf)))
    found = re.findall(r"Bonus card (\d+) ([A-Z][\w' ]+?): take its action twice\.", text)
    assert Counter(found) == {("5", "Post Office"): 2, ("13", "Sultan's Palace"): 2, ("16", "Gemstone Dealer"): 2}
