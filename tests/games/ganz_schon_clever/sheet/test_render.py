"""The rendered PDF: page counts and sizes, text where the boxes are, languages, no warnings, ink."""

from __future__ import annotations

import math
import re

import pytest

from printkit.engine.paper import PAPER_SIZES, PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.ganz_schon_clever.layout.sheet import build_sheet, sheet_boxes
from printkit.games.ganz_schon_clever.model.game import AREAS, GscGame
from printkit.games.ganz_schon_clever.model.sheet_layout import SheetLayout

from .conftest import PT_PER_MM, build, pdf_of, rendered


def _text(page) -> str:
    tp = page.get_textpage()
    return tp.get_text_range()


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_full_page_sizes_are_exact(paper: str) -> None:
    pdf = pdf_of(rendered(paper=paper))
    w, h = pdf[0].get_size()
    pw, ph = PAPER_SIZES[paper]
    assert (w, h) == pytest.approx((pw * PT_PER_MM, ph * PT_PER_MM), abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_per_page_is_landscape_paper(paper: str) -> None:
    r = rendered(paper=paper, per_page=2, count=3)
    pdf = pdf_of(r)
    assert len(pdf) == 2 == r.pages  # 3 sheets, two to a page
    pw, ph = PAPER_SIZES[paper]
    assert pdf[0].get_size() == pytest.approx((ph * PT_PER_MM, pw * PT_PER_MM), abs=0.01)


@pytest.mark.parametrize(("count", "per_page", "pages"), [(4, 1, 4), (4, 2, 2), (5, 2, 3)])
def test_pad_page_count(count: int, per_page: int, pages: int) -> None:
    assert len(pdf_of(rendered(count=count, per_page=per_page))) == pages


def _box_text(page, box, page_h_mm: float, dx: float = 0.0, dy: float = 0.0) -> str:
    tp = page.get_textpage()
    left = (box.x + dx) * PT_PER_MM
    right = (box.x + dx + box.w) * PT_PER_MM
    top = (page_h_mm - box.y - dy) * PT_PER_MM
    bottom = (page_h_mm - box.y - dy - box.h) * PT_PER_MM
    return _squash(tp.get_text_bounded(left, bottom, right, top))


@pytest.mark.parametrize(("paper", "fmt"), [("a4", "a4"), ("letter", "letter")])
def test_numbers_are_printed_inside_their_boxes(paper: str, fmt: str, game: GscGame, layout: SheetLayout) -> None:
    """Read the PDF text inside each box rectangle of the box table: it is the definition's value."""
    page = pdf_of(rendered(paper=paper))[0]
    ph = PAPER_SIZES[paper][1]
    for box in sheet_boxes(game, layout, fmt):
        got = _box_text(page, box, ph)
        if box.area in ("yellow", "blue", "round"):
            assert got == str(box.value), box
        elif box.area == "green":
            assert got == f"≥{box.value}", box
        elif box.area == "orange":
            assert got == ("" if box.multiplier == 1 else f"×{box.multiplier}"), box
        elif box.area in ("purple", "score", "reroll", "plus1", "dice"):
            assert got == "", box  # empty boxes to write in


def test_boxes_sit_at_their_positions_in_the_half_page_pdf(game: GscGame, layout: SheetLayout) -> None:
    """Two per page: the second sheet sits right of the first; its boxes are the layout's, shifted."""
    plan = build_sheet(game, layout, "a4-half")
    page = pdf_of(rendered(per_page=2, count=2))[0]
    pw, ph = PAPER_SIZES["a4"][1], PAPER_SIZES["a4"][0]  # landscape
    sw, sh = plan.piece.width, plan.piece.height
    x0, y0 = (pw - 2 * sw) / 2, (ph - sh) / 2
    for k in (0, 1):
        for box in plan.boxes:
            if box.area in ("yellow", "blue"):
                assert _box_text(page, box, ph, dx=x0 + k * sw, dy=y0) == str(box.value)


def test_all_printed_numbers_appear(game: GscGame) -> None:
    text = _text(pdf_of(rendered())[0])
    tokens = set(re.findall(r"\d+", text))
    numbers = (
        [v for row in game.yellow.grid for v in row if v]
        + list(game.yellow.column_points)
        + [v for row in game.blue.grid for v in row if v is not None]
        + list(game.blue.points_by_crosses[1:])
        + list(game.green.thresholds)
        + list(game.green.points_by_crosses[1:])
        + [m for m in game.orange.multipliers if m > 1]
        + [b.value for b in game.green.box_bonus.values() if b.value]
        + [b.value for b in game.orange.box_bonus.values() if b.value]
        + [b.value for b in game.purple.box_bonus.values() if b.value]
        + [b.value for b in game.yellow.row_bonus if b.value]
        + [b.value for b in game.blue.row_bonus + game.blue.column_bonus if b.value]
        + list(range(1, max(game.rounds.by_player_count.values()) + 1))
        + [game.purple.reset_after]
    )
    missing = sorted({n for n in numbers if str(n) not in tokens})
    assert not missing
    assert text.count("≥") == len(game.green.thresholds)
    for m in {m for m in game.orange.multipliers if m > 1}:
        assert text.count(f"×{m}") == game.orange.multipliers.count(m)


@pytest.mark.parametrize("lang", ["en", "zh-TW", "de"])
def test_labels_extract_in_each_language(lang: str, game: GscGame, layout: SheetLayout) -> None:
    text = _squash(_text(pdf_of(rendered(lang=lang))[0]))
    for area in AREAS:
        assert _squash(game.term(area, lang)) in text
    for key in ("fox", "reroll", "plus1", "total"):
        if key != "fox":
            assert _squash(game.term(key, lang)) in text
    for key in ("rounds_heading", "dice_fields", "yellow_hint", "blue_hint"):
        assert _squash(layout.label(key, lang)) in text
    assert _squash(layout.label("purple_hint", lang, reset=game.purple.reset_after)) in text
    assert _squash(game.names[lang]) in text  # type: ignore[index]


@pytest.mark.parametrize("lang", ["en", "zh-TW", "de"])
def test_solo_page(lang: str, game: GscGame, layout: SheetLayout) -> None:
    _, solo, _ = build(lang=lang)
    r = render(solo, PrintSettings(), lang)
    assert r.warnings == [] and r.pages == 1
    text = _squash(_text(pdf_of(r)[0]))
    assert _squash(layout.label("solo_rules", lang, rounds=game.rounds_for(1))) in text
    for band in game.solo_rating:
        assert _squash(band.label(lang)) in text
        for bound in (band.min, band.max):
            if bound is not None:
                assert str(bound) in text


VARIANTS = [
    (paper, lang, per_page, ink, players)
    for paper in ("a4", "letter")
    for lang in ("en", "zh-TW", "de")
    for per_page in (1, 2)
    for ink, players in ((False, None), (True, 3))
]


@pytest.mark.parametrize(("paper", "lang", "per_page", "ink", "players"), VARIANTS)
def test_no_renderer_warnings(paper: str, lang: str, per_page: int, ink: bool, players: int | None) -> None:
    assert rendered(paper=paper, lang=lang, per_page=per_page, ink_saver=ink, players=players).warnings == []


@pytest.mark.parametrize("players", [1, 2, 4])
def test_other_player_counts_render_cleanly(players: int) -> None:
    for lang in ("en", "zh-TW", "de"):
        assert rendered(lang=lang, players=players).warnings == []


def _ink(image) -> float:
    """Share of clearly coloured (saturated) pixels."""
    rgb = image.convert("RGB")
    small = rgb.resize((rgb.width // 4, rgb.height // 4))
    coloured = 0
    for y in range(small.height):
        for x in range(small.width):
            r, g, b = small.getpixel((x, y))
            coloured += max(r, g, b) - min(r, g, b) > 60
    return coloured / (small.width * small.height)


def test_ink_saver_leaves_out_the_big_fills() -> None:
    normal = pdf_of(rendered())[0].render(scale=40 / 72).to_pil()
    saver = pdf_of(rendered(ink_saver=True))[0].render(scale=40 / 72).to_pil()
    assert _ink(normal) > 0.2
    assert _ink(saver) < 0.06


def test_box_interiors_are_white_and_panels_coloured(game: GscGame, layout: SheetLayout) -> None:
    """Pixels: just inside a box corner is white paper; just outside it is the area's fill."""
    plan = build_sheet(game, layout, "a4")
    dpi = 150
    img = pdf_of(rendered())[0].render(scale=dpi / 72).to_pil().convert("RGB")
    px_per_mm = dpi / 25.4

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return img.getpixel((math.floor(x_mm * px_per_mm), math.floor(y_mm * px_per_mm)))

    for box in plan.boxes:
        if box.area not in AREAS:
            continue
        inside = at(box.x + 1.2, box.y + 1.2)
        assert min(inside) > 235, (box, inside)
        outside = at(box.x + box.w / 2, box.y - 0.5)
        fill = layout.colors.areas[box.area].fill  # type: ignore[index]
        want = tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(outside, want, strict=True)) < 40, (box, outside, want)
