"""Colour arithmetic: hex, short hex and colour names, as templates and data files write them."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.engine.colors import REC_709, contrast_ink, rgba, shade, tint
from printkit.engine.errors import InputError
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import load_template


def test_shade_takes_a_named_colour() -> None:
    # darkred is #8b0000 (CSS): 139 * 0.5 = 69.5, kept whole as for hex colours
    assert shade("darkred", 0.5) == "#450000"
    assert shade("DarkRed", 0.5) == shade("#8b0000", 0.5) == "#450000"
    assert shade("#abc", 0.5) == "#555d66"  # #aabbcc
    assert shade("white") == "#a5a5a5"  # 255 * 0.65 = 165.75


def test_ink_and_tint_on_names_and_hex() -> None:
    assert contrast_ink("yellow") == "#1e1e1e" and contrast_ink("navy") == "#ffffff"
    # just either side of the default threshold, 150 of 255: grey 150 takes white, grey 151 dark ink
    assert contrast_ink("#969696") == "#ffffff" and contrast_ink("#979797") == "#1e1e1e"
    assert contrast_ink("#00ff00", "#000000", threshold=0.7, weights=REC_709) == "#000000"  # 0.7152 of green
    assert contrast_ink("#00ff00", "#000000", threshold=0.72, weights=REC_709) == "#ffffff"
    assert tint("#000000", 0.5) == "#808080" and tint("red", 0.25) == "#ff4040"


def test_a_word_that_is_no_colour_is_named() -> None:
    with pytest.raises(ValueError, match="'sunset' is not a colour"):
        shade("sunset")


def test_the_shade_filter_takes_a_name_in_a_template(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text("elements:\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ 'darkred' | shade(0.5) }}\"}\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ card.c | shade }}\"}\n",
                                     encoding="utf-8")
    template = load_template(tmp_path / "t.yaml")
    piece = render_template(template, {"card": {"c": "navy"}}, 63, 88, "card 1")
    assert [e.fill for e in piece.elements] == ["#450000", "#000053"]  # navy #000080: 128 * 0.65 = 83.2
    with pytest.raises(InputError) as err:
        render_template(template, {"card": {"c": "sunset"}}, 63, 88, "card 2")
    (problem,) = err.value.problems
    assert "card 2: rect: template expression failed: ValueError: 'sunset' is not a colour" in problem.message
    assert problem.line == 3


def test_the_documented_tint_and_contrast_ink_filters_work_in_a_template(tmp_path: Path) -> None:
    (tmp_path / "t.yaml").write_text("elements:\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ '#000000' | tint(0.5) }}\"}\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ '#ff000080' | tint(0.5) }}\"}\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ 'white' | contrast_ink }}\"}\n"
                                     "  - rect: {x: 1, y: 1, w: 5, h: 5, fill: \"{{ 'black' | contrast_ink }}\"}\n",
                                     encoding="utf-8")
    piece = render_template(load_template(tmp_path / "t.yaml"), {"card": {}}, 63, 88, "card 1")
    fills = [e.fill for e in piece.elements]
    assert fills[:2] == ["#808080", "#ff808080"]  # halfway to white: 127.5 rounds to 128; the alpha kept
    dark, light = fills[2:]
    assert rgba(dark)[:3] != rgba(light)[:3] and sum(rgba(dark)[:3]) < sum(rgba(light)[:3])  # dark ink on white


def test_alpha_forms_are_read_as_css_reads_them() -> None:
    from printkit.engine.colors import rgba

    assert rgba("#00000088") == (0, 0, 0, 0x88)
    assert rgba("#f008") == (255, 0, 0, 0x88)  # #rgba: each digit doubled
    assert rgba("#1f6fb2") == (0x1F, 0x6F, 0xB2, 255) and rgba("darkred") == (0x8B, 0, 0, 255)
    for bad in ("#12345", "#1234567", "beef", "#ggg"):
        with pytest.raises(ValueError, match="#rrggbbaa, #rgba"):
            rgba(bad)


def test_shade_and_tint_keep_a_translucent_colour_s_alpha() -> None:
    assert shade("#ff000080", 0.5) == "#7f000080"  # 255 * 0.5 = 127.5, kept whole
    assert tint("#00000040", 0.5) == "#80808040"
    assert shade("#f008", 0.5) == "#7f000088"
    assert shade("#ff0000ff", 0.5) == "#7f0000"  # fully opaque: written as the plain colour


def test_contrast_ink_judges_a_translucent_colour_as_printed_on_paper() -> None:
    # black at 0x22 (13 %) on white prints a light grey, 221 of 255: dark ink; at 0xcc (80 %) a dark grey: white
    assert contrast_ink("#00000022") == "#1e1e1e"
    assert contrast_ink("#000000cc") == "#ffffff"
