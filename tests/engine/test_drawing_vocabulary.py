"""Gradients, opacity, stars: read back as pixels of the built card."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from devkit.readback import opacities, qpdf_problems, render_page
from printkit.cli import app

DPI = 100
PX_MM = DPI / 25.4


def _card(tmp: Path, elements: str) -> np.ndarray:
    """The single card's front as RGB pixels, origin at its top-left trim corner (size: 60 x 90 mm)."""
    anchor = "  - rect: {x: 0, y: 0, w: 1, h: 1, fill: '#ff00ff', stroke: null}\n"  # finds the card on the page
    (tmp / "front.yaml").write_text("background: '#ffffff'\nelements:\n" + elements + anchor, encoding="utf-8")
    (tmp / "deck.yaml").write_text("title: V\nsize: {width: 60, height: 90}\nfront: front.yaml\nback: null\n"
                                   "cards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "-q"])
    assert result.exit_code == 0, result.output
    px = np.asarray(render_page((tmp / "out" / "deck" / "cards-en-a4.pdf").read_bytes(), 0, DPI), dtype=int)
    ys, xs = np.nonzero((px[..., 0] > 240) & (px[..., 1] < 15) & (px[..., 2] > 240))
    top, left = ys.min(), xs.min()
    return px[top:top + round(90 * PX_MM), left:left + round(60 * PX_MM)]


def _at(px: np.ndarray, x_mm: float, y_mm: float) -> tuple[int, ...]:
    return tuple(int(v) for v in px[round(y_mm * PX_MM), round(x_mm * PX_MM)])


def _near(got: tuple[int, ...], want: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(g - w) <= tol for g, w in zip(got, want, strict=True))


def test_linear_and_radial_gradients_run_through_their_colours(tmp_path: Path) -> None:
    px = _card(tmp_path,
               "  - rect: {x: 0, y: 0, w: 60, h: 40, stroke: null, gradient: {colors: ['#ff0000', '#0000ff']}}\n"
               "  - circle: {cx: 30, cy: 65, r: 20, stroke: null, "
               "gradient: {kind: radial, colors: ['#ffffff', '#008000']}}\n")
    top, middle, bottom = _at(px, 30, 1), _at(px, 30, 20), _at(px, 30, 39)
    assert _near(top, (250, 0, 5), 14) and _near(bottom, (5, 0, 250), 14), (top, bottom)
    assert 100 < middle[0] < 155 and 100 < middle[2] < 155, middle  # halfway: half red, half blue
    centre, rim = _at(px, 30, 65), _at(px, 30, 65 + 19)
    assert _near(centre, (255, 255, 255), 20) and _near(rim, (0, 128, 0), 25), (centre, rim)
    assert _near(_at(px, 5, 50), (255, 255, 255), 3)  # outside the circle: the gradient is clipped to it


def test_opacity_on_shapes_lets_the_paper_through(tmp_path: Path) -> None:
    px = _card(tmp_path, "  - rect: {x: 5, y: 5, w: 50, h: 20, fill: '#000000', stroke: null, opacity: 0.5}\n"
                         "  - line: {x1: 5, y1: 50, x2: 55, y2: 50, stroke: '#000000', stroke_width: 2, "
                         "opacity: 0.25}\n")
    assert _near(_at(px, 30, 15), (128, 128, 128), 4), _at(px, 30, 15)
    assert _near(_at(px, 30, 50), (191, 191, 191), 4), _at(px, 30, 50)


def test_a_star_has_tips_and_notches(tmp_path: Path) -> None:
    px = _card(tmp_path, "  - star: {cx: 30, cy: 45, r: 20, points: 5, inner: 0.4, fill: '#000000', stroke: null}\n")
    ink = (0, 0, 0)
    assert _near(_at(px, 30, 45), ink, 3)  # centre
    assert _near(_at(px, 30, 45 - 18), ink, 3)  # the top tip (up)
    # between the top tip and the next one (36 degrees round), beyond the notch at 0.4 r: paper
    assert _near(_at(px, 30 + 15 * np.sin(np.radians(36)), 45 - 15 * np.cos(np.radians(36))), (255, 255, 255), 3)


def _dark(px: np.ndarray) -> int:
    return int((px.sum(axis=2) < 200).sum())


def test_text_outline_and_shadow_show_around_white_letters(tmp_path: Path) -> None:
    white = "  - text: {x: 5, y: 20, w: 50, h: 30, text: 'WM', size: 60, color: '#ffffff'"
    cards = {}
    for name, extra in (("plain", ""), ("outline", ", outline: '#000000', outline_width: 0.4"),
                        ("shadow", ", shadow: '#000000', shadow_dx: 0.8, shadow_dy: 0.8")):
        (tmp_path / name).mkdir()
        cards[name] = _card(tmp_path / name, white + extra + "}\n")
    assert _dark(cards["plain"]) == 0  # white letters on white paper leave nothing dark
    assert _dark(cards["outline"]) > 500 and _dark(cards["shadow"]) > 500
    # the shadow lies 0.8 mm right of and below the letters: its dark pixels sit right of and below the outline's
    oy, ox = np.nonzero(cards["outline"].sum(axis=2) < 200)
    sy, sx = np.nonzero(cards["shadow"].sum(axis=2) < 200)
    assert sx.mean() > ox.mean() + 0.5 * PX_MM and sy.mean() > oy.mean() + 0.5 * PX_MM


def test_a_colour_s_alpha_is_the_shape_s_opacity_in_the_pdf_and_on_the_page(tmp_path: Path) -> None:
    px = _card(tmp_path, "  - rect: {x: 5, y: 5, w: 50, h: 20, fill: '#00000088', stroke: null}\n"
                         "  - circle: {cx: 30, cy: 50, r: 10, fill: '#f008', stroke: null, opacity: 0.5}\n"
                         "  - line: {x1: 5, y1: 75, x2: 55, y2: 75, stroke: '#0000ff40', stroke_width: 3}\n")
    # black at 0x88/0xff = 0.533 over white: 255 * (1 - 0.533) = 119
    assert _near(_at(px, 30, 15), (119, 119, 119))
    # red at 0.533, times the shape's opacity 0.5: 0.267 of red over white
    assert _near(_at(px, 30, 50), (255, 187, 187))
    assert _near(_at(px, 30, 75), (191, 191, 255))  # blue at 0x40: 0.251
    data = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    found = opacities(data)
    assert (0.533, 1.0) in found or (0.533, 0.533) in found  # the rect's fill: ca 0x88/0xff
    assert any(abs(ca - 0.267) < 0.002 for ca, _ in found)  # 0x88/0xff * 0.5
    assert any(abs(stroke - 0.251) < 0.002 for _, stroke in found)


def _refused(tmp: Path, elements: str) -> str:
    """What a build of a one-card deck with these template elements says, refused (exit 2, nothing written)."""
    (tmp / "front.yaml").write_text("elements:\n" + elements, encoding="utf-8")
    (tmp / "deck.yaml").write_text("title: V\nfront: front.yaml\nback: null\ncards:\n  - {name: A}\n",
                                   encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "-q"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp / "out").exists()
    return result.output


def test_a_translucent_colour_in_a_gradient_or_a_bad_hex_is_an_error(tmp_path: Path) -> None:
    said = _refused(tmp_path, "  - rect: {x: 1, y: 1, w: 9, h: 9, stroke: null, gradient: "
                              "{colors: ['#ff000080', '#0000ff']}}\n")
    assert "a gradient's colours are opaque" in said and "#ff000080" in said
    said = _refused(tmp_path, "  - rect: {x: 1, y: 1, w: 9, h: 9, fill: '#12345'}\n")
    assert "'#12345' is not a colour (use #rrggbb, #rgb, #rrggbbaa, #rgba" in said


def test_an_icon_tinted_with_a_translucent_colour_paints_at_its_alpha(tmp_path: Path) -> None:
    px = _card(tmp_path, "  - icon: {name: flame, x: 10, y: 10, w: 40, h: 40, color: '#ff000080'}\n")
    assert _near(_at(px, 30, 38), (255, 127, 127))  # red at 0x80: half of the white beneath shows


def test_a_path_is_drawn_in_its_box_scaled_by_its_view_box(tmp_path: Path) -> None:
    # a triangle in a 10-unit view box, shown in a 40 x 40 mm box at (10, 5): its apex at (30, 5), its base along
    # y = 45 from x = 10 to 50; a square with a square hole (evenodd) below it
    px = _card(tmp_path, "  - path: {x: 10, y: 5, w: 40, h: 40, viewbox: [0, 0, 10, 10], fill: '#2f6b3a', "
                         "stroke: null, d: 'M5 0 L10 10 L0 10 Z'}\n"
                         "  - path: {x: 10, y: 50, w: 30, h: 30, fill: '#0000ff', stroke: null, fill_rule: evenodd, "
                         "d: 'M0 0 h30 v30 h-30 z M10 10 h10 v10 h-10 z'}\n")
    green, white, blue = (0x2F, 0x6B, 0x3A), (255, 255, 255), (0, 0, 255)
    assert _near(_at(px, 30, 40), green)  # inside, above the base
    assert _near(_at(px, 30, 8), green)  # just below the apex
    assert _near(_at(px, 15, 15), white) and _near(_at(px, 45, 15), white)  # outside the slanted sides
    assert _near(_at(px, 30, 47), white)  # below the base
    assert _near(_at(px, 13, 53), blue) and _near(_at(px, 37, 77), blue)  # the frame
    assert _near(_at(px, 25, 65), white)  # the hole


def test_bad_path_data_names_the_template_line_and_the_character(tmp_path: Path) -> None:
    said = _refused(tmp_path, "  - id: banner\n    path: {x: 1, y: 1, w: 9, h: 9, d: 'M 0 0 L 10 x'}\n")
    assert "front.yaml:2:5:" in said
    assert "path: d: at character 12: expected a number for L (it takes 2); found 'x'" in said


def test_an_icon_s_own_fill_opacity_is_kept_in_its_form(tmp_path: Path) -> None:
    # ReportLab gives a form no ExtGState: an icon's own fill-opacity would name a state the PDF lacks
    (tmp_path / "look" / "icons").mkdir(parents=True)
    (tmp_path / "look" / "icons" / "veil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10" fill="#000000" fill-opacity="0.5"/></svg>', encoding="utf-8")
    (tmp_path / "front.yaml").write_text("background: '#ffffff'\nelements:\n"
                                         "  - icon: {name: veil, x: 10, y: 10, w: 40, h: 40}\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("title: V\ntemplates: look\nsize: {width: 60, height: 90}\nfront: front.yaml\n"
                                        "back: null\ncards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    data = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    assert (0.5, 1.0) in opacities(data) and qpdf_problems(data) == []
    px = np.asarray(render_page(data, 0, DPI), dtype=int)
    greys = px[(abs(px[..., 0] - 128) <= 12) & (px[..., 0] == px[..., 2])]
    assert len(greys) > (30 * PX_MM) ** 2  # the 40 mm square drawn half black, not black
    assert not (px.sum(axis=2) < 30).any()


def test_text_and_its_markup_take_a_translucent_colour(tmp_path: Path) -> None:
    _card(tmp_path, "  - text: {x: 5, y: 5, w: 50, h: 10, text: 'Half {color=#ff000033|ghost} ink', "
                    "color: '#00000080', size: 14}\n")
    found = opacities((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes())
    assert (0.502, 1.0) in found and (0.2, 1.0) in found  # 0x80 and 0x33 of 0xff


def test_a_star_of_two_tips_is_refused_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "front.yaml").write_text("elements:\n  - star: {cx: 30, cy: 45, r: 20, points: 2}\n", encoding="utf-8")
    (tmp_path / "deck.yaml").write_text("title: V\nsize: {width: 60, height: 90}\nfront: front.yaml\nback: null\n"
                                        "cards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp_path / "deck.yaml"), "-o", str(tmp_path / "out"), "-q"])
    flat = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert "front.yaml:2" in flat and "points: a star has 3 to 360 tips; found 2" in flat, result.output
    assert not (tmp_path / "out" / "deck" / "cards-en-a4.pdf").exists()
