"""The printed Sanssouci kit read back from its PDFs: counts, texts, duplex alignment, geometry.

Expected numbers are pinned from the reference and the seed (81 tiles, 9 per element, 18 cards
per colour: 9 element cards, 8 two-colour cards, 1 joker; rows worth 1-6, full rows 8/7/6/5/4),
and the house split 45 / 63 / 81 tiles for 2 / 3 / 4 players.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest

from devkit.readback import all_text, find_text, page_count, page_size_mm, unembedded_fonts
from printkit.engine.components import BoardComponent, BuildOptions, CardComponent, SheetComponent
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.sanssouci import kit

ELEMENTS_EN = ("Labyrinth", "Statue", "Pavilion", "Topiary", "Stairway", "Fountain", "Rose arch", "Herb spiral",
               "Grape vine")


def _by_name(comps, name):
    return next(c for c in comps if c.name == name)


@pytest.fixture(scope="module")
def en():
    return kit.components(BuildOptions(paper="a4", lang="en"))


@pytest.fixture(scope="module")
def tiles_pdf(en):
    return render(_by_name(en, "tiles"), PrintSettings(), "en").pdf


def _front_back_text(pdf: bytes) -> tuple[str, str]:
    pages = all_text(pdf)
    return "\n".join(pages[0::2]), "\n".join(pages[1::2])


def test_81_tiles_9_per_element(tiles_pdf):
    fronts, backs = _front_back_text(tiles_pdf)
    assert {name: fronts.count(name) for name in ELEMENTS_EN} == dict.fromkeys(ELEMENTS_EN, 9)
    assert backs.count("Gardener") == 81
    # the player-count number on every back; that it is a house value is said on the notes page only
    assert (backs.count("2+ players"), backs.count("3+ players"), backs.count("4+ players")) == (45, 18, 18)
    assert backs.count("house value") == 0
    assert unembedded_fonts(tiles_pdf) == []


@pytest.mark.parametrize(("players", "per_element"), [(2, 5), (3, 7), (4, 9)])
def test_tiles_per_player_count(players, per_element):
    comps = kit.components(BuildOptions(paper="a4", lang="en", players=players))
    tiles = _by_name(comps, "tiles")
    assert len(tiles.fronts) == 9 * per_element
    fronts, backs = _front_back_text(render(tiles, PrintSettings(), "en").pdf)
    assert {name: fronts.count(name) for name in ELEMENTS_EN} == dict.fromkeys(ELEMENTS_EN, per_element)
    assert backs.count("4+ players") == (18 if players == 4 else 0)
    assert backs.count("3+ players") == (18 if players >= 3 else 0)


def test_players_out_of_range_is_refused():
    from printkit.engine.errors import InputError

    with pytest.raises(InputError, match="--players 5: Sanssouci is for 2 to 4"):
        kit.components(BuildOptions(players=5))


def _centres(pdf: bytes, needle: str, pages: range) -> list[tuple[float, float]]:
    return sorted((round(x, 1), round(y, 1)) for i in pages for x, y in find_text(pdf, needle, i))


def _columns(values: list[float], tolerance: float = 0.6) -> list[float]:
    """Distinct positions, merging those closer than ``tolerance`` (text boxes vary with the glyphs)."""
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > tolerance:
            out.append(v)
    return out


def _same(a: list[float], b: list[float], tolerance: float = 0.6) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _slots(centres: list[tuple[float, float]], xs: list[float], ys: list[float]) -> Counter:
    """Which (column, row) of the sheet's grid each centre falls in."""
    def nearest(v: float, grid: list[float]) -> int:
        return min(range(len(grid)), key=lambda k: abs(grid[k] - v))
    return Counter((nearest(x, xs), nearest(y, ys)) for x, y in centres)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_tile_backs_align_with_fronts(en, duplex):
    pdf = render(_by_name(en, "tiles"), PrintSettings(duplex=duplex), "en").pdf
    w, h = page_size_mm(pdf)
    # each name is centred across its tile, and so is "Gardener" on the back: turned over the long
    # (short) edge, the back of every slot must land on a slot holding a front
    fronts = [c for name in ELEMENTS_EN for c in _centres(pdf, name, range(0, page_count(pdf), 2))]
    backs = _centres(pdf, "Gardener", range(1, page_count(pdf), 2))
    assert len(fronts) == len(backs) == 81
    if duplex == "long":
        turned = [(round(w - x, 1), y) for x, y in fronts]
    else:
        turned = [(x, round(h - y, 1)) for x, y in fronts]
    xs = _columns([x for x, _ in backs])
    assert _same(xs, _columns([x for x, _ in turned]))
    # rows: the back text sits at another height on the tile, so compare the rows' order and pitch
    front_rows, back_rows = _columns([y for _, y in turned]), _columns([y for _, y in backs])
    assert len(front_rows) == len(back_rows)
    shifts = [b - a for a, b in zip(front_rows, back_rows, strict=True)]
    assert max(shifts) - min(shifts) < 0.6 and abs(shifts[0]) < 24  # one constant offset, inside a tile
    assert _slots(turned, xs, front_rows) == _slots(backs, xs, back_rows)


def test_each_back_carries_its_fronts_number(en):
    tiles = _by_name(en, "tiles")
    for front, back in zip(tiles.fronts, tiles.backs, strict=True):
        number = next(e.text for e in front.elements if getattr(e, "text", "") in ("2", "3", "4"))
        assert any(getattr(e, "text", "") == f"{number}+ players" for e in back.elements)


def test_tile_backs_fold_mirror(en):
    pdf = render(_by_name(en, "tiles"), PrintSettings(duplex="fold"), "en").pdf
    text = "\n".join(all_text(pdf))
    assert text.count("Gardener") == 81
    assert sum(text.count(n) for n in ELEMENTS_EN) == 81


def _deck(en, label: str) -> CardComponent:
    """The cards of the shared ``cards`` sheets whose piece name starts with ``label`` (play cards: neither
    mission nor score card), with their own backs."""
    shared = _by_name(en, "cards")
    others = ("mission ", "score card ")
    keep = [i for i, f in enumerate(shared.fronts)
            if f.name.startswith(label) or (label == "play" and not f.name.startswith(others))]
    return CardComponent(label, label, tuple(shared.fronts[i] for i in keep), tuple(shared.back_for(i) for i in keep))


def test_play_mission_and_score_cards_share_sheets(en):
    cards = _by_name(en, "cards")
    assert isinstance(cards, CardComponent) and len(cards.fronts) == 72 + 9 + 4
    pdf = render(cards, PrintSettings(paper="a4"), "en").pdf
    # 16 mini cards to an A4 sheet: 85 cards on 6 sheets (before: 5 of play cards, 1 of missions, 1 of 50/100)
    assert page_count(pdf) == 2 * 6
    # duplex (long edge): behind each "50" card lies its "100" side, the sheet's columns mirrored
    w, _ = page_size_mm(pdf)
    last_front, last_back = page_count(pdf) - 2, page_count(pdf) - 1
    on_cards = 250  # mm: the footer's "this bar must measure 50 mm" is below every card
    fifty = sorted((w - x, y) for x, y in find_text(pdf, "50", last_front) if y < on_cards)
    hundred = sorted((x, y) for x, y in find_text(pdf, "100", last_back) if y < on_cards)
    assert len(fifty) == len(hundred) == 4
    assert all(abs(a[0] - b[0]) < 1.5 and abs(a[1] - b[1]) < 1.5 for a, b in zip(fifty, hundred, strict=True))
    # the missions' backs are behind the missions: a back page holds "Mission cards" as often as its front holds
    # missions
    _, backs = _front_back_text(pdf)
    assert backs.count("Mission cards") == 9


def test_play_cards_18_per_colour_with_the_mix(en):
    cards = _deck(en, "play")
    assert len(cards.fronts) == 72
    fronts, backs = _front_back_text(render(cards, PrintSettings(), "en").pdf)
    assert {c: backs.count(c) for c in ("yellow", "blue", "green", "red")} == dict.fromkeys(
        ("yellow", "blue", "green", "red"), 18)
    assert fronts.count("this element from any colour") == 4 * 9
    assert fronts.count("any tile on these two colours") == 4 * 8
    assert fronts.count("take any tile") == 4 * 1
    assert fronts.count("orange / turquoise") == 4  # the pair a source confirms
    assert fronts.count("house value") == 0  # the other pairs are ours: the notes page says so, not the cards
    for name in ELEMENTS_EN:
        assert fronts.count(name) == 4


def test_missions_and_score_cards(en):
    missions = render(_deck(en, "mission "), PrintSettings(), "en").pdf
    fronts, _ = _front_back_text(missions)
    assert fronts.count("Mission") >= 9
    assert fronts.count("house value") == 0
    for name in ELEMENTS_EN:
        assert name in fronts
    score = render(_deck(en, "score card "), PrintSettings(), "en").pdf
    front, back = _front_back_text(score)
    assert front.count("50") >= 4 and back.count("100") == 4


def test_tokens_36_nobles_4_markers_on_one_sheet(en):
    tokens = _by_name(en, "tokens")
    assert len(tokens.fronts) == 40
    pages = all_text(render(tokens, PrintSettings(), "en").pdf)
    assert len(pages) == 2  # one sheet, front and back
    assert sum(pages[0].count(n) for n in ELEMENTS_EN) == 36
    assert pages[0].count("Score") == 4


@pytest.fixture(scope="module")
def board_1(en):
    comp = _by_name(en, "garden-board-1")
    assert isinstance(comp, BoardComponent)
    return render(comp, PrintSettings(), "en").pdf


def test_eight_garden_board_sides(en):
    boards = [c for c in en if c.name.startswith("garden-board-")]
    assert [c.name for c in boards] == [f"garden-board-{n}" for n in range(1, 9)]
    for side, comp in enumerate(boards, 1):
        text = all_text(render(comp, PrintSettings(), "en").pdf)[0]
        assert f"Garden board {(side + 1) // 2} · side {side}" in text
        assert "house value" not in text and "seed" not in text  # how the sides were made: the notes page


def test_garden_board_rows_and_grid_geometry(board_1):
    assert page_count(board_1) == 1  # one A4 page: the board is made to fit
    text = all_text(board_1)[0]
    # rows: noble points 1-6 (reference B2); full-row bonus 10 minus the row value (the seed)
    ys = []
    for value in range(1, 7):
        hits = find_text(board_1, f"noble: {value}")
        assert len(hits) == 1
        ys.append(hits[0][1])
    steps = [b - a for a, b in itertools.pairwise(ys)]
    assert all(abs(s - 25.0) < 0.2 for s in steps), steps  # a 25 mm pitch holds a 24 mm tile
    for bonus in (8, 7, 6, 5, 4):
        assert f"+{bonus}" in text
    assert text.count("full +5") == 9
    # columns: the elements in the reference order, 25 mm apart
    xs = [find_text(board_1, name)[0][0] for name in ELEMENTS_EN]
    assert xs == sorted(xs)
    assert all(abs((b - a) - 25.0) < 0.3 for a, b in itertools.pairwise(xs))
    assert "Tie: most gardeners" in text


def test_tile_is_24mm_and_fits_a_board_space(en):
    tiles = _by_name(en, "tiles")
    assert (tiles.fronts[0].width, tiles.fronts[0].height) == (24.0, 24.0)


def test_central_board_tiled_on_a4_one_page_on_a3(en):
    board = _by_name(en, "central-board")
    a4 = render(board, PrintSettings(paper="a4"), "en")
    letter = render(board, PrintSettings(paper="letter"), "en")
    a3 = render(board, PrintSettings(paper="a3"), "en")
    assert a4.pages > 1 and letter.pages > 1 and a3.pages == 1
    text = all_text(a3.pdf)[0]
    assert "0/50" in text
    numbers = Counter(t for t in text.split() if t.isdigit())
    assert all(numbers[str(n)] >= 1 for n in range(1, 50))
    for colour in ("white", "grey", "orange", "violet", "turquoise"):
        assert colour in text
    assert all(f"stack {n}" in text for n in range(1, 9))


def test_aid_and_pad_two_to_a_sheet(en):
    for name in ("player-aid", "score-pad"):
        comp = _by_name(en, name)
        assert isinstance(comp, SheetComponent) and comp.per_page == 2
        for paper in ("a4", "letter"):
            r = render(comp, replace(PrintSettings(), paper=paper), "en")
            assert r.pages == 1
            assert r.warnings == []
    pad = all_text(render(_by_name(en, "score-pad"), PrintSettings(), "en").pdf)[0]
    for label in ("Noble points during the game", "Full rows 2–6", "Full columns (5 each)", "Missions", "Total",
                  "Gardeners (tie-break)"):
        assert pad.count(label) == 2


@pytest.mark.parametrize("lang", ["zh-TW", "de"])
def test_every_piece_in_other_languages(lang):
    comps = kit.components(BuildOptions(paper="a4", lang=lang))
    words = {"zh-TW": ("樹籬迷宮", "噴泉", "園丁", "貴族"), "de": ("Kräuterschnecke", "Brunnen", "Gärtner", "Adliger")}
    seen = ""
    for c in comps:
        r = render(c, PrintSettings(), lang)
        assert r.warnings == [], (c.name, r.warnings)
        seen += "\n".join(all_text(r.pdf))
    for w in words[lang]:
        assert w in seen, w


def test_same_seed_same_bytes(en):
    again = kit.components(BuildOptions(paper="a4", lang="en"))
    for a, b in zip(en, again, strict=True):
        assert render(a, PrintSettings(), "en").pdf == render(b, PrintSettings(), "en").pdf
