"""What a table needs, read back from the printed PDFs: nobles and markers per player count, the
rules booklet's pages, every variant difference, the new rules, in every language."""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, page_count, page_size_mm
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K


def _pdf(comps, name, paper="a4"):
    comp = next(c for c in comps if getattr(c, "name", None) == name)
    return render(comp, PrintSettings(paper=paper), "en").pdf


@pytest.fixture(scope="module")
def six_en():
    return K.components(BuildOptions(paper="a4", lang="en", players=6, seed=7, extra={"districts": 9}))


@pytest.mark.parametrize(("players", "paper"), [(3, "a4"), (4, "a4"), (5, "a4"), (6, "a4"), (6, "a5")])
def test_nobles_and_markers_per_player(players, paper):
    """Counted on the printed pages (on A5 the players run onto more pages, none split)."""
    comps = K.components(BuildOptions(lang="en", players=players, paper=paper))
    text = "\n".join(all_text(_pdf(comps, "pieces", paper)))
    heads = re.findall(r"Player (\d) \(([A-F])\): 25 nobles, a score marker, a role marker", text)
    assert heads == [(str(i + 1), "ABCDEF"[i]) for i in range(players)]
    # the printed tokens: each carries its player's letter; 25 nobles + a score + a role marker = 27 each
    rows = [line.split() for line in text.splitlines() if re.fullmatch(r"(?:[A-H] )*[A-H]", line.strip())]
    letters = [x for row in rows for x in row]
    assert {x: letters.count(x) for x in set(letters)} == {"ABCDEF"[i]: 27 for i in range(players)}


def test_nobles_and_markers_six_players(six_en):
    text = "\n".join(all_text(_pdf(six_en, "pieces")))
    assert len(re.findall(r"Player \d \([A-F]\): 25 nobles", text)) == 6
    assert text.count("score") >= 6 and text.count("role") >= 6
    assert "Die cards for a d6" in text and "Die cards for a d10" in text and "Folding d6" in text


def test_what_you_need_panel(six_en):
    text = " ".join(all_text(_pdf(six_en, "setup-sheet")))
    for needed in ("What you need", "25 nobles per player (6 players: 150)", "74 action cards", "37 limit cards",
                   "13 bridges", "a d10 for setup and a d6 for banishment"):
        assert needed in text


def test_rules_booklet_is_saddle_stitched_a5_on_a4():
    comps = K.components(BuildOptions(lang="en"))
    plain = _pdf(comps, "rules")
    pages = page_count(plain)
    book = _pdf(comps, "rules-booklet")
    sheets = -(-pages // 4)
    assert page_count(book) == 2 * sheets
    assert page_size_mm(book, 0) == pytest.approx((297.0, 210.0), abs=0.2)
    # the cover (page 1) is on the right of the first side; the last page on its left
    first = all_text(book)[0]
    assert "Printing the booklet" in first


def test_booklet_has_the_new_rules_in_every_language():
    needles = {
        "en": ["Each player has 25 nobles", "Supply empty?", "No bridge left?", "limit pile runs out"],
        "zh-TW": ["每位玩家只有 25 名貴族", "貴族用完時", "橋用完時", "時間牌堆用完時"],
        "de": ["Jeder Spieler hat 25 Adlige", "Vorrat leer?", "Keine Brücke mehr?", "Limitstapel aufgebraucht"],
    }
    for lang, words in needles.items():
        comps = K.components(BuildOptions(lang=lang))
        comp = next(c for c in comps if c.name == "rules")
        text = "".join(all_text(render(comp, PrintSettings(), lang).pdf)).replace("\n", "").replace(" ", "")
        for w in words:
            assert w.replace(" ", "") in text, (lang, w)


def test_variant_sheet_lists_every_difference(six_en):
    text = " ".join(all_text(_pdf(six_en, "variant-rules"))).replace("\n", " ")
    text = re.sub(r"\s+", " ", text)
    # values pinned from the published classic game (classic.yaml / the reference), not from the code
    for line in ("3 players: at most 2 bridges between two districts (classic: 3",
                 "Scoring ranks per district: 3 (classic: 2)",
                 "Setup die: d10 (classic: d6)",
                 "District cards: 4 per district (classic: 5)",
                 "Bridge cards: 7 (classic: 6)", "Transfer cards: 14 (classic: 12)", "Doge cards: 12 (classic: 10)",
                 "Banishment cards: 5 (classic: 4)", "Limit cards: 37 (classic: 28)",
                 "Bridges in the supply: 13 (classic: 12)",
                 "5 players: a table size", "6 players: a table size",
                 "Neighbours are districts joined by bridge sites"):
        assert line in text, line


def test_board_states_what_neighbours_are(six_en):
    text = " ".join(all_text(_pdf(six_en, "board")))
    assert "Neighbouring districts are districts joined by bridge sites" in re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_aids_to_a_sheet(paper):
    comps = K.components(BuildOptions(lang="en", players=4, paper=paper))
    data = _pdf(comps, "player-aids", paper)
    assert page_count(data) == 2
    w, h = page_size_mm(data, 0)
    assert h > w  # portrait: the two halves one above the other


@pytest.mark.parametrize(("paper", "page"), [("letter", (279.4, 215.9)), ("a3", (420.0, 297.0))])
def test_booklet_on_letter_and_a3(paper, page):
    comps = K.components(BuildOptions(lang="de", paper=paper))
    data = _pdf(comps, "rules-booklet", paper)
    assert page_size_mm(data, 0) == pytest.approx(page, abs=0.3)
    assert page_count(data) % 2 == 0


@pytest.mark.parametrize(("players", "districts", "style"), [(3, 8, "island"), (5, 10, "ring"), (4, 6, "lagoon")])
def test_every_difference_has_words_and_is_printed(classic, gen, texts, players, districts, style):
    from printkit.games.san_marco.rules.differences import differences
    from printkit.games.san_marco.rules.variant import generate_variant

    variant = generate_variant(classic, gen, players, districts, None, 3, style)
    found = differences(classic, variant)
    kinds = [d.kind for d in found]
    assert "bridge_limit" in kinds  # the 3-player limit of 2 (classic 3) is always a change
    assert all(f"diff_{k}" in texts.root for k in kinds)
    if districts != 6:
        assert "map" in kinds and "die" in kinds
    comps = K.components(BuildOptions(lang="en", players=players, seed=3,
                                      extra={"districts": districts, "style": style}))
    text = re.sub(r"\s+", " ", " ".join(all_text(_pdf(comps, "variant-rules"))))
    assert "3 players: at most 2 bridges between two districts (classic: 3" in text


@pytest.mark.parametrize(("margin", "size"), [(None, (136.0, 198.0)), (14, (120.0, 182.0))])
def test_sheets_on_a5_keep_the_styles_paper_margin(tmp_path, margin, size):
    """On A5 (148 x 210 mm) the 186 x 262 mm sheets narrow to the paper less ``paper_margin`` each side:
    6 mm unless a user's style.yaml says otherwise."""
    templates = None
    if margin is not None:
        (tmp_path / "san-marco").mkdir()
        (tmp_path / "san-marco" / "style.yaml").write_text(f"paper_margin: {margin}\n", encoding="utf-8")
        templates = tmp_path
    comps = K.components(BuildOptions(lang="en", paper="a5", templates=templates))
    pieces = next(c for c in comps if getattr(c, "name", None) == "pieces")
    assert {(p.width, p.height) for p in pieces.pages} == {size}
    setup = next(c for c in comps if getattr(c, "name", None) == "setup-sheet")
    assert {(p.width, p.height) for p in setup.pages} == {size}
