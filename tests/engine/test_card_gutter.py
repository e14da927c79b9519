"""Cards whose neighbours differ at their edges (a red card beside a green one) each get their own bleed: a gutter
of twice the bleed, so a miscut shows the card's own colour, never its neighbour's; the build says so. Cards that
look the same at their edges share cut lines, and --gap 0 asks for shared lines whatever the cards look like."""

from __future__ import annotations

import pytest

from devkit.readback import boxes_mm, render_page
from printkit.engine.components import CardComponent
from printkit.engine.elements import Piece, Rect
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

RED, GREEN = "#c81e1e", "#1e8c3c"


def _card(colour: str, n: int) -> Piece:
    return Piece(f"card {n}", 63, 88, (Rect(-3, -3, 69, 94, fill=colour, stroke=None),), bleed_color=colour)


def _deck(*colours: str) -> CardComponent:
    return CardComponent("cards", "Cards", tuple(_card(c, i) for i, c in enumerate(colours)))


def test_neighbours_of_different_colours_get_a_gutter_of_twice_the_bleed_and_a_note():
    rendered = render(_deck(*([RED, GREEN] * 3)), PrintSettings(paper="a4"), "en")
    left, top, right, bottom = boxes_mm(rendered.pdf)["trim"]
    # 2 x 3 cards: 2 * 63 + 6 wide, 3 * 88 + 2 * 6 tall (3 x 3 no longer fits A4's 6 mm margins)
    assert (right - left, bottom - top) == pytest.approx((132, 276), abs=0.01)
    assert any("6 mm gutter" in n and "--gap 0" in n for n in rendered.log.notes)
    img = render_page(rendered.pdf, 0, 300)

    def px(x: float, y: float):
        return img.getpixel((round(x / 25.4 * 300), round(y / 25.4 * 300)))

    mid_y = top + 44
    cut = left + 63  # the first card's right cut; the second card's left cut is 6 mm on
    assert px(cut + 2.5, mid_y) == (200, 30, 30)  # the red card's own bleed past its cut
    assert px(cut + 6 - 2.5, mid_y) == (30, 140, 60)  # the green card's own bleed before its cut


def test_cards_alike_at_their_edges_share_cut_lines_and_gap_zero_asks_for_shared_lines():
    alike = render(_deck(*([RED] * 9)), PrintSettings(paper="a4"), "en")
    left, top, right, bottom = boxes_mm(alike.pdf)["trim"]
    assert (right - left, bottom - top) == pytest.approx((189, 264), abs=0.01)  # 3 x 3, no gutter
    assert not any("gutter" in n for n in alike.log.notes)
    shared = render(_deck(*([RED, GREEN] * 5)), PrintSettings(paper="a4", gap=0.0), "en")
    left, top, right, bottom = boxes_mm(shared.pdf)["trim"]
    assert (right - left, bottom - top) == pytest.approx((189, 264), abs=0.01)
    assert not any("gutter" in n for n in shared.log.notes)
