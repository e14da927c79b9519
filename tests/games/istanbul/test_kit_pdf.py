"""The Istanbul kit read back from its PDFs: counts, the values printed on the places, the layout grid.

Expected values are published facts (../shared/reference/istanbul.md), written out here by hand.
"""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, find_text, page_count, shapes
from printkit.engine.components import BuildOptions, CardComponent, SeedUsed, SheetComponent
from printkit.engine.errors import InputError
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.istanbul import kit

SETTINGS = PrintSettings(paper="a4")
NAMES_EN = ["Wainwright", "Fabric Warehouse", "Spice Warehouse", "Fruit Warehouse", "Post Office", "Caravansary",
            "Fountain", "Black Market", "Tea House", "Large Market", "Small Market", "Police Station",
            "Sultan's Palace", "Small Mosque", "Great Mosque", "Gemstone Dealer"]
SHORT = ((15, 5, 2, 14), (4, 12, 7, 3), (8, 6, 11, 9), (13, 10, 1, 16))
LONG = ((16, 2, 8, 11), (15, 7, 6, 4), (3, 5, 12, 1), (10, 9, 14, 13))

# players -> what the Sultan's Palace and the Gemstone Dealer print (rubies; goods per ruby / prices)
SULTAN = {2: (6, "5 → 6 → 7 → 8 → 9 → 10"), 3: (6, "5 → 6 → 7 → 8 → 9 → 10"),
          4: (7, "4 → 5 → 6 → 7 → 8 → 9 → 10"), 5: (7, "4 → 5 → 6 → 7 → 8 → 9 → 10")}
GEMSTONE = {2: (9, "15 16 17 18 19 20 21 22 23"), 3: (10, "14 15 16 17 18 19 20 21 22 23"),
            4: (12, "12 13 14 15 16 17 18 19 20 21 22 23"), 5: (12, "12 13 14 15 16 17 18 19 20 21 22 23")}


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _components(**kw):
    extra = kw.pop("extra", {})
    return {c.name: c for c in kit.components(BuildOptions(extra=extra, **kw)) if not isinstance(c, SeedUsed)}


def _card_text(comp: CardComponent, index: int) -> str:
    one = CardComponent(comp.name, comp.title, (comp.fronts[index],), None, comp.kind)
    return _flat(" ".join(all_text(render(one, SETTINGS, "en").pdf)))


@pytest.fixture(scope="module")
def default_en():
    return _components(lang="en")


def test_sixteen_place_cards_each_with_its_number_and_name(default_en):
    cards = default_en["place-cards"]
    assert render(cards, SETTINGS, "en").pieces == 16
    assert len(cards.fronts) == 16
    for i, name in enumerate(NAMES_EN):
        text = _card_text(cards, i)
        # as on the tile: the two layout positions, the name, then the big place number
        head, _, rest = text.partition(f"{name} ")
        assert len(head.split()) == 2 and rest.startswith(f"{i + 1} "), text[:40]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sultan_and_gemstone_print_the_values_for_the_player_count(players):
    cards = _components(lang="en", players=players)["place-cards"]
    sultan, gem = _card_text(cards, 12), _card_text(cards, 15)
    rubies, goods = SULTAN[players]
    assert f"{players} players: {rubies} · goods: {goods}" in sultan
    rubies, prices = GEMSTONE[players]
    assert f"{players} players: {rubies} · {prices}" in gem
    assert "2–3 players" not in sultan and "4–5 players" not in sultan  # no marked notes for a chosen table


def test_without_players_the_4_5_values_and_marked_changes(default_en):
    cards = default_en["place-cards"]
    sultan, gem = _card_text(cards, 12), _card_text(cards, 15)
    assert "4–5 players: 7 · goods: 4 → 5 → 6 → 7 → 8 → 9 → 10" in sultan
    assert "2–3 players: 6 · goods: 5 → 6 → 7 → 8 → 9 → 10" in sultan
    assert "4–5 players: 12 · 12 13 14" in gem
    assert "3 players: 10 · 14 15" in gem and "2 players: 9 · 15 16" in gem
    small_mosque = _card_text(cards, 13)
    assert "4–5 players: 2 · 3 · 4 · 5 goods · 4" in small_mosque
    assert "3 players: 2 · 3 · 4 goods · 3" in small_mosque and "2 players: 2 · 4 goods · 2" in small_mosque


@pytest.mark.parametrize("players", [None, 2, 5])
def test_market_prices(players):
    cards = _components(lang="en", players=players)["place-cards"]
    assert "1→3 2→7 3→12 4→18 5→25" in _card_text(cards, 9)
    assert "1→2 2→5 3→9 4→14 5→20" in _card_text(cards, 10)


def test_post_office_and_black_market(default_en):
    cards = default_en["place-cards"]
    post = _card_text(cards, 4)
    assert "1: +2 · 2: +2 · 3: +3 · 4: +3 · 5: +4" in post  # goods are icons; the lira of each visit are text
    black = _card_text(cards, 7)
    assert "7–8:" in black and "9–10:" in black and "11–12:" in black


@pytest.mark.parametrize(("lang", "sultan", "gem"), [
    ("en", ["Sultan's Palace"], ["Gemstone Dealer"]),
    ("zh-TW", ["蘇丹皇宮"], ["寶石商"]),
    ("de", ["Sultanspalast"], ["Edelsteinhändler"]),
    ("en+zh-TW", ["Sultan's Palace", "蘇丹皇宮"], ["Gemstone Dealer", "寶石商"]),
])
def test_every_language_mode(lang, sultan, gem):
    cards = _components(lang=lang)["place-cards"]
    text = _flat(" ".join(all_text(render(cards, SETTINGS, lang).pdf)))
    for name in (*sultan, *gem):
        assert name in text
    if lang == "zh-TW":
        assert "Sultan" not in text


def _grid_from_pdf(pdf: bytes, names: list[str], page: int = 0) -> tuple[tuple[int, ...], ...]:
    """Rebuild the 4×4 grid from where each place's name is printed on the layout sheet."""
    where = {}
    for number, name in enumerate(names, start=1):
        hits = [h for h in find_text(pdf, name, page) if h[1] < 220]  # the grid, not the notes below it
        assert len(hits) == 1, (name, hits)
        where[number] = hits[0]
    def band(values: list[float], v: float) -> int:
        """Which of the 4 bands (columns or rows, > 10 mm apart) ``v`` falls in."""
        starts = [x for i, x in enumerate(sorted(values)) if i == 0 or x - sorted(values)[i - 1] > 10]
        assert len(starts) == 4, starts
        return sum(1 for s in starts if v >= s) - 1

    xs, ys = [x for x, _ in where.values()], [y for _, y in where.values()]
    out = [[0] * 4 for _ in range(4)]
    for number, (x, y) in where.items():
        out[band(ys, y)][band(xs, x)] = number
    return tuple(tuple(r) for r in out)


@pytest.mark.parametrize(("layout", "expected"), [("short", SHORT), ("long", LONG)])
def test_layout_sheet_prints_the_reference_grid(layout, expected):
    sheet = _components(lang="en", extra={"layout": layout})["layout"]
    pdf = render(sheet, SETTINGS, "en").pdf
    assert _grid_from_pdf(pdf, NAMES_EN) == expected
    assert sheet.record["layouts"][0]["grid"] == [list(r) for r in expected]


def test_random_layout_sheet_prints_seed_distances_and_rules():
    comps = _components(lang="en", seed=7, extra={"layout": "random"})
    sheet = comps["layout"]
    pdf = render(sheet, SETTINGS, "en").pdf
    grid = _grid_from_pdf(pdf, NAMES_EN)
    assert grid == tuple(tuple(r) for r in sheet.record["layouts"][0]["grid"])
    where = {n: (r, c) for r, row in enumerate(grid) for c, n in enumerate(row)}
    assert where[7] in {(1, 1), (1, 2), (2, 1), (2, 2)}
    d = abs(where[8][0] - where[9][0]) + abs(where[8][1] - where[9][1])
    text = _flat(all_text(pdf)[0])
    assert f"Black Market–Tea House: {d} steps" in text
    assert "--seed 7" in text and "seed 7" in text
    assert text.count("obeys") >= 2  # the two official rules


def test_same_seed_same_bytes():
    def pdfs(seed):
        comps = _components(lang="en+zh-TW", seed=seed, players=3, extra={"layout": "random"})
        return [render(c, SETTINGS, "en+zh-TW").pdf for c in comps.values()]

    assert pdfs(11) == pdfs(11)
    assert pdfs(11)[1] != pdfs(12)[1]


def test_layout_pack_two_layouts_a_sheet_each_with_its_seed():
    sheet = _components(lang="en", seed=100, extra={"layouts": 5, "apart_lines": True})["layout-pack"]
    assert isinstance(sheet, SheetComponent) and sheet.per_page == 2
    pdf = render(sheet, SETTINGS, "en").pdf
    assert page_count(pdf) == 3  # two layouts side by side on each A4 sheet
    text = _flat(" ".join(all_text(pdf)))
    for seed in range(100, 105):
        assert f"--seed {seed} --apart-lines" in text
    grids = set()
    for lay in sheet.record["layouts"]:
        where = {n: (r, c) for r, row in enumerate(lay["grid"]) for c, n in enumerate(row)}
        assert where[8][0] != where[9][0] and where[8][1] != where[9][1]
        grids.add(tuple(map(tuple, lay["grid"])))
    assert len(grids) == 5


@pytest.mark.parametrize(("extra", "message"), [
    ({"layout": "short", "layouts": 3}, "--layouts makes a pack of random layouts"),
    ({"layout": "long", "apart_lines": True}, "--apart-lines is a rule for random layouts"),
    ({"layouts": 500}, "1 to 200"),
])
def test_meaningless_options_are_refused(extra, message):
    with pytest.raises(InputError, match=re.escape(message)):
        kit.components(BuildOptions(extra=extra))


@pytest.mark.parametrize("players", [None, 2, 3, 4, 5])
def test_drawn_tracks_hold_the_setup_rubies(players):
    """The Sultan and Gemstone tracks are drawn with the spaces that hold a ruby at setup tinted."""
    cards = _components(lang="en", players=players)["place-cards"]
    n = players or 5  # without --players the 4–5 player values are shown

    def covered(index: int) -> int:
        one = CardComponent(cards.name, cards.title, (cards.fronts[index],), None, cards.kind)
        pdf = render(one, SETTINGS, "en").pdf
        return sum(1 for s in shapes(pdf, 0) if s.fill == (0xF6, 0xDF, 0xE3))

    assert covered(12) == SULTAN[n][0]
    assert covered(15) == GEMSTONE[n][0]


@pytest.mark.parametrize("lang", ["zh-TW", "de", "en+zh-TW"])
def test_whole_kit_renders_in_every_language_without_missing_glyphs(lang):
    for comp in kit.components(BuildOptions(lang=lang, players=2)):
        rendered = render(comp, SETTINGS, lang)  # a missing glyph would raise MissingGlyphError
        assert rendered.pages > 0
        assert not [w for w in rendered.warnings if "does not fit" in w], (comp.name, rendered.warnings)


def test_a_users_style_is_merged_over_the_bundled_one(tmp_path):
    (tmp_path / "istanbul").mkdir()
    (tmp_path / "istanbul" / "style.yaml").write_text('short_color: "#ff00aa"\n', encoding="utf-8")
    cards = {c.name: c for c in kit.components(BuildOptions(templates=tmp_path))}["place-cards"]
    pdf = render(cards, SETTINGS, "en").pdf
    fills = {s.fill for s in shapes(pdf, 0)}
    assert (0xFF, 0x00, 0xAA) in fills and (0x2E, 0x8B, 0x3A) in fills  # new short colour, bundled long colour


def test_bilingual_overview_cards_have_english_fronts_and_chinese_backs():
    cards = _components(lang="en+zh-TW")["overview-cards"]
    pdf = render(cards, PrintSettings(paper="a4", duplex="long"), "en+zh-TW").pdf
    pages = [_flat(t) for t in all_text(pdf)]
    assert len(pages) == 6  # 5 cards two to a page: 3 fronts, 3 backs
    fronts, backs = pages[0::2], pages[1::2]
    assert sum(p.count("Your turn") for p in fronts) == 5 and not any("你的回合" in p for p in fronts)
    assert sum(p.count("你的回合") for p in backs) == 5 and not any("Your turn" in p for p in backs)
