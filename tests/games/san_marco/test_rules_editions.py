"""The rules in both editions, read back from the PDFs: the booklet folded from sheets of A4, Letter
or A3 (page sizes, saddle-stitch page order, no crop marks) and the plain pages laid out on the user's
own paper; and a die-card deck for every die a variant asks for."""

from __future__ import annotations

import re

import pytest

from devkit.readback import all_text, char_boxes, find_text, page_count, page_size_mm
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.san_marco import kit as K

# Sheet sizes (landscape, mm) and the booklet page on each half, from ISO 216 and ANSI: the decision.
BOOKLET = {"a4": ((297.0, 210.0), (148.5, 210.0)), "letter": ((279.4, 215.9), (139.7, 215.9)),
           "a3": ((420.0, 297.0), (210.0, 297.0))}
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "12x18in": (304.8, 457.2)}
# Saddle-stitch order (front left, front right, back left, back right per sheet), from a folded paper dummy.
FOLDED = {4: [4, 1, 2, 3], 8: [8, 1, 2, 7, 6, 3, 4, 5], 12: [12, 1, 2, 11, 10, 3, 4, 9, 8, 5, 6, 7]}


def _pdf(comps, name, paper="a4", lang="en"):
    comp = next(c for c in comps if getattr(c, "name", None) == name)
    return render(comp, PrintSettings(paper=paper), lang).pdf


def _corner_numbers(data: bytes, side: int) -> list[int | None]:
    """The page numbers printed in the outer bottom corners of one side of a booklet sheet (left, right)."""
    pw, ph = page_size_mm(data, side)
    chars = [c for c in char_boxes(data, side) if c.char.isdigit() and c.top > ph - 14]
    out: list[int | None] = []
    for lo, hi in ((0, 40), (pw - 40, pw)):  # the outer 40 mm: the scale bar's "50 mm" sits in the middle
        digits = "".join(c.char for c in sorted(chars, key=lambda c: c.left) if lo <= c.left and c.right <= hi)
        out.append(int(digits) if digits else None)
    return out


@pytest.fixture(scope="module")
def six_en():
    return K.components(BuildOptions(paper="a4", lang="en", players=6, seed=7, extra={"districts": 9}))


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("lang", ["en", "zh-TW", "de"])
def test_booklet_sheets_sizes_and_page_order(paper, lang):
    data = _pdf(K.components(BuildOptions(lang=lang, paper=paper)), "rules-booklet", paper, lang)
    sheet, page = BOOKLET[paper]
    sides = page_count(data)
    assert sides % 2 == 0
    for side in range(sides):
        assert page_size_mm(data, side) == pytest.approx(sheet, abs=0.2)
        assert 2 * page[0] == pytest.approx(sheet[0], abs=0.2)  # two pages fill the side: nothing to cut
    got = [n for side in range(sides) for n in _corner_numbers(data, side)]
    expected = FOLDED[2 * sides]
    printed = [n for n in got if n is not None]
    assert printed and printed == [n for n in expected if n in printed]
    assert got[1] is None  # the cover, on the right of the first side, carries no number
    # every page that carries no number is the cover or one of the blank pages at the end
    assert all(e == 1 or e > max(printed) for e, n in zip(expected, got, strict=True) if n is None)


def test_variant_booklet_folds_in_order(six_en):
    """A variant's booklet (its differences added): one sheet, the back cover (4) left of the cover
    on the front, pages 2 and 3 inside."""
    data = _pdf(six_en, "rules-booklet")
    got = [n for side in range(page_count(data)) for n in _corner_numbers(data, side)]
    assert got == [4, None, 2, 3]


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "12x18in"])
def test_plain_pages_fill_the_users_paper(paper):
    data = _pdf(K.components(BuildOptions(lang="en", paper=paper)), "rules", paper)
    n = page_count(data)
    texts = all_text(data)
    for i in range(n):
        assert page_size_mm(data, i) == pytest.approx(PAPER[paper], abs=0.2)
        assert f"{i + 1} / {n}" in texts[i]
        w, h = PAPER[paper]
        body = [c for c in char_boxes(data, i) if c.char.strip() and c.top < h - 10]  # not the scale bar
        # normal margins: the text keeps 15 mm or more from every edge
        assert min(c.left for c in body) >= 15 and max(c.right for c in body) <= w - 15
        assert min(c.top for c in body) >= 15
    assert "San Marco — Rules" in texts[0]
    assert n <= 3  # reflowed onto the big page, not the booklet's small pages one to a sheet


def test_plain_pages_and_booklet_hold_the_same_rules():
    comps = K.components(BuildOptions(lang="de"))

    def words(data: bytes) -> str:
        return re.sub(r"\s+", "", "".join(all_text(data)))

    plain, book = words(_pdf(comps, "rules", lang="de")), words(_pdf(comps, "rules-booklet", lang="de"))
    for needle in ("JederSpielerhat25Adlige", "Vorratleer?", "KeineBrückemehr?", "Limitstapelaufgebraucht"):
        assert needle in plain and needle in book, needle


def test_variant_booklet_lists_the_differences_too(six_en):
    text = re.sub(r"\s+", " ", " ".join(all_text(_pdf(six_en, "rules-booklet"))))
    for line in ("Setup die: d10 (classic: d6)", "Scoring ranks per district: 3 (classic: 2)",
                 "3 players: at most 2 bridges between two districts (classic: 3"):
        assert line in text, line


# The setup die of a generated map is the smallest of d6, d8, d10, d12 with a face per district (the
# generator's rule); banishment always rolls the classic d6.
@pytest.mark.parametrize(("districts", "die"), [(6, 6), (7, 8), (8, 8), (9, 10), (10, 10)])
def test_a_die_card_deck_for_every_die_a_variant_asks_for(districts, die):
    comps = K.components(BuildOptions(lang="en", players=4, seed=2, extra={"districts": districts}))
    text = next(t for t in all_text(_pdf(comps, "pieces")) if "Dice to print" in t)
    assert f"Die cards for a d{die}" in text
    assert "Folding d6" in text
    cards = re.sub(r"Die cards for a d\d+|Folding d6", "", text)
    labels = re.findall(r"\bd(\d+)\b", cards)  # each die card is labelled with its die
    assert labels.count(str(die)) == die
    if die != 6:
        assert "Die cards for a d6" in text and labels.count("6") == 6  # the banishment die


def test_a_d12_definition_gets_twelve_die_cards():
    """A definition with 11 or 12 districts needs a d12: the dice page is drawn from the definition."""
    from printkit.games.san_marco import definitions as loader
    from printkit.games.san_marco.layout.context import KitContext
    from printkit.games.san_marco.layout.pieces import pieces_sheets

    game = loader.load()
    game = game.model_copy(update={"die": game.die.model_copy(update={"sides": 12})})
    kit = KitContext(game, loader.load_texts(), loader.load_style(), "en")
    labels = [e.text for page in pieces_sheets(kit, 4) for e in page.elements
              if getattr(e, "text", None) in ("d12", "d6")]
    assert labels.count("d12") == 12 and labels.count("d6") == 6


@pytest.mark.parametrize("paper", ["a4", "a3"])  # on Letter the rules fill all four pages
def test_the_back_cover_lists_where_each_section_starts(paper):
    """The booklet's otherwise blank last page holds the contents: each heading's row gives the number of
    the page that heading is printed on, read back from where the folded pages sit on the sheets."""
    data = _pdf(K.components(BuildOptions(lang="en", paper=paper)), "rules-booklet", paper)
    sides = page_count(data)
    order = FOLDED[2 * sides]
    back_side, back_half = divmod(order.index(2 * sides), 2)
    pw = page_size_mm(data, 0)[0]
    for heading in ("What you need", "Action cards", "Limits and empty piles", "Scoring a district",
                    "End of the game"):
        hits = [(side, int(x > pw / 2), y) for side in range(sides) for x, y in find_text(data, heading, side)]
        listed = [h for h in hits if h[:2] == (back_side, back_half)]
        printed = [h for h in hits if h[:2] != (back_side, back_half)]
        assert len(listed) == 1 and len(printed) == 1, (heading, hits)
        row = listed[0][2]
        digits = sorted((c for c in char_boxes(data, back_side) if c.char.isdigit() and abs(c.top + 1.5 - row) < 2.5
                         and (c.left > pw / 2) == bool(back_half)), key=lambda c: c.left)
        side, half, _ = printed[0]
        assert int("".join(c.char for c in digits)) == order[2 * side + half], heading
    assert "Contents" in all_text(data)[back_side]
