"""Every Istanbul piece that sits on a printed space fits it, in millimetres.

Pinned: rubies, goods and mail indicators are 9 mm discs (they were 18 mm: wider than every space they sit
on); a Sultan's Palace space is 13.0 x 10 mm (two rows of 6), a Gemstone Dealer space 11.09 x 10 mm (two
rows of 7), a Post Office space 19.7 x 10 mm, a wheelbarrow goods space 12 mm, a wheelbarrow ruby space
11 mm across, six of them.  A piece needs 0.5 mm of play on every side.
"""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.elements import Circle, Rect
from printkit.games.istanbul import definitions, kit
from printkit.games.istanbul.layout.language import Words
from printkit.games.istanbul.layout.places import track

PLAY = 0.5
STYLE_COLORS = {"default": "#000000"}


@pytest.fixture(scope="module")
def comps():
    return {c.name: c for c in kit.components(BuildOptions(paper="a4", lang="en"))}


def _disc(comps) -> float:
    sizes = {(p.width, p.height) for p in comps["tokens"].fronts if p.name.startswith("small token")}
    assert sizes == {(9.0, 9.0)}
    return 9.0


def _cells(number: int, players: int) -> list[dict[str, float]]:
    game = definitions.load()
    return track(game, Words(game.texts, "en"), number, players, STYLE_COLORS)["cells"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("number", "size", "count"), [(13, (13.0, 10.0), 11), (16, (11.09, 10.0), 13),
                                                       (5, (19.7, 10.0), 8)])
def test_a_small_token_fits_every_track_space(comps, players, number, size, count):
    disc = _disc(comps)
    cells = _cells(number, players)
    assert len(cells) == count
    for c in cells:
        assert (round(c["w"], 2), round(c["h"], 2)) == size
        assert disc + 2 * PLAY <= min(c["w"], c["h"])


@pytest.mark.parametrize("number", [13, 16, 5])
def test_track_spaces_do_not_overlap(number):
    cells = _cells(number, 4)
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            apart = (a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"] or a["y"] + a["h"] <= b["y"]
                     or b["y"] + b["h"] <= a["y"])
            assert apart, (a, b)


def test_wheelbarrow_holds_goods_indicators_and_six_rubies(comps):
    disc = _disc(comps)
    board = comps["wheelbarrows"].fronts[0]
    rubies = [e for e in board.elements if isinstance(e, Circle) and e.fill == "#f6e3e6"]
    assert len(rubies) == 6  # the 2-player target: every ruby a player can win has a space
    assert all(disc + 2 * PLAY <= 2 * e.r for e in rubies)
    for a in rubies:  # and the spaces do not overlap
        assert all(a is b or ((a.cx - b.cx) ** 2 + (a.cy - b.cy) ** 2) ** 0.5 >= a.r + b.r for b in rubies)
    goods = [e for e in board.elements if isinstance(e, Rect) and e.fill == "#ffffff" and abs(e.w - e.h) < 1e-9]
    assert goods and {(e.w, e.h) for e in goods} == {(12.0, 12.0)}
    assert disc + 2 * PLAY <= 12.0


def test_the_old_18_mm_token_did_not_fit():
    assert 18 + 2 * PLAY > 10.0 and 18 + 2 * PLAY > 12.0


# Measured on the printed PDFs: a piece's printed size (outline included) against its space's (outline
# included), each counted where the rules put them.  Pinned: 9 mm discs; Sultan's Palace 11 spaces, Gemstone
# Dealer 13, Post Office 8, a wheelbarrow 4 goods spaces and 6 ruby spaces.
RUBY_FILL = (246, 227, 230)


def _printed(comps, name: str, page: int):
    from devkit.readback import shapes
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render

    return shapes(render(comps[name], PrintSettings(paper="a4"), "en").pdf, page)


def _printed_disc(comps) -> float:
    rubies = [s for s in _printed(comps, "tokens", 0) if s.fill == RUBY_FILL and s.width < 12]
    assert len(rubies) >= 30
    sizes = {round(max(s.width, s.height), 1) for s in rubies}
    assert len(sizes) == 1
    return sizes.pop()


@pytest.mark.parametrize(("page", "fill", "count"), [
    (2, (246, 223, 227), 11 + 13),  # Sultan's Palace and Gemstone Dealer, one card page
    (0, (239, 228, 207), 8),  # the Post Office's two rows of 4
])
def test_a_printed_disc_fits_each_printed_space(comps, page, fill, count):
    """A space is printed in the track's colour or in the card's paper colour; both kinds are counted."""
    disc = _printed_disc(comps)
    assert disc <= 9.0 + 0.05
    spaces = [s for s in _printed(comps, "place-cards", page) if s.fill in (fill, (255, 250, 240))
              and 9 < s.height < 12 and 9 < s.width < 21]
    assert len(spaces) == count
    for s in spaces:
        assert disc + 2 * PLAY <= min(s.width, s.height), (s.width, s.height)


def test_a_printed_wheelbarrow_holds_its_discs(comps):
    drawn = _printed(comps, "wheelbarrows", 0)
    disc = _printed_disc(comps)
    ruby_spaces = [s for s in drawn if s.fill == RUBY_FILL and 9 < s.width < 14]
    goods_spaces = [s for s in drawn if s.fill == (216, 210, 198) and 9 < s.width < 14]
    assert len(ruby_spaces) % 6 == 0 and len(goods_spaces) % 4 == 0
    assert len(ruby_spaces) // 6 == len(goods_spaces) // 4 >= 1  # each wheelbarrow: 6 rubies, 4 goods
    for s in ruby_spaces + goods_spaces:
        assert disc + 2 * PLAY <= min(s.width, s.height)
