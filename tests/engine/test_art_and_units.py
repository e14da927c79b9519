"""Images fitted, cut, turned, faded and rounded (read back as pixels), the 300 dpi warning, units and papers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from devkit.readback import page_size_mm
from printkit.cli import app


def _art(tmp: Path, px: tuple[int, int] = (800, 400)) -> None:
    im = Image.new("RGB", px, "#ff0000")
    ImageDraw.Draw(im).rectangle((px[0] // 2, 0, px[0], px[1]), fill="#0000ff")
    im.save(tmp / "art.png")


def _card(tmp: Path, element: str, *flags: str, size: str = "poker") -> tuple[Image.Image, str]:
    (tmp / "front.yaml").write_text(f"background: '#ffffff'\nelements:\n  - image: {element}\n", encoding="utf-8")
    (tmp / "deck.yaml").write_text(f"title: Art\nsize: {size}\nback: null\nfront: front.yaml\n"
                                   "cards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "--png-cards", "254",
                                      *flags])
    assert result.exit_code == 0, result.output
    return Image.open(tmp / "out" / "deck" / "cards-en-png" / "card-001.png").convert("RGB"), result.output


def _px(img: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return img.getpixel((round(x_mm * 10), round(y_mm * 10)))  # 254 dpi: 10 px per mm


def test_cover_fills_the_box_and_focus_picks_the_part(tmp_path: Path) -> None:
    _art(tmp_path)
    img, _ = _card(tmp_path, "{path: art.png, x: 10, y: 10, w: 20, h: 20, fit: cover, focus_x: 0}")
    # a 2:1 picture covering a square, kept from its left edge: only the red half shows, edge to edge
    assert _px(img, 11, 11) == (255, 0, 0) and _px(img, 29, 29) == (255, 0, 0)
    assert _px(img, 31, 20) == (255, 255, 255)  # cut off outside the box


def test_contain_leaves_bands_and_stretch_fills(tmp_path: Path) -> None:
    _art(tmp_path)
    img, _ = _card(tmp_path, "{path: art.png, x: 10, y: 10, w: 20, h: 20}")
    assert _px(img, 20, 12) == (255, 255, 255)  # 20 x 10 mm picture centred: white above it
    assert _px(img, 15, 20) == (255, 0, 0) and _px(img, 25, 20) == (0, 0, 255)
    img, _ = _card(tmp_path, "{path: art.png, x: 10, y: 10, w: 20, h: 20, fit: stretch}")
    assert _px(img, 15, 11) == (255, 0, 0) and _px(img, 25, 29) == (0, 0, 255)


def test_rounded_clip_opacity_and_rotation(tmp_path: Path) -> None:
    _art(tmp_path)
    img, _ = _card(tmp_path, "{path: art.png, x: 10, y: 10, w: 20, h: 20, fit: stretch, radius: 5, opacity: 0.5}")
    assert _px(img, 10.3, 10.3) == (255, 255, 255)  # the rounded corner is clipped away
    r, g, b = _px(img, 15, 20)
    assert r > 250 and 120 < g < 135 and 120 < b < 135  # red at 50 % over white
    img, _ = _card(tmp_path, "{path: art.png, x: 10, y: 10, w: 20, h: 20, fit: stretch, rotation: 90}")
    # turned a quarter counter-clockwise: the red (left) half is now at the bottom
    assert _px(img, 20, 28) == (255, 0, 0) and _px(img, 20, 12) == (0, 0, 255)


def test_low_resolution_art_is_warned(tmp_path: Path) -> None:
    _art(tmp_path, (200, 100))
    _, output = _card(tmp_path, "{path: art.png, x: 5, y: 5, w: 50, h: 25, fit: stretch}")
    # 200 px over 50 mm is 102 dpi
    assert "art.png prints at 102 dpi at this size" in output
    _art(tmp_path, (800, 400))
    _, output = _card(tmp_path, "{path: art.png, x: 5, y: 5, w: 50, h: 25, fit: stretch}")
    assert "dpi at this size" not in output  # 406 dpi


def test_units_in_templates_and_sizes(tmp_path: Path) -> None:
    _art(tmp_path)
    img, _ = _card(tmp_path, "{path: art.png, x: 1cm, y: 0.3937in, w: 56.693pt, h: 2cm, fit: stretch}",
                   size="{width: 2.5in, height: 3.5in}")
    assert img.size == (635, 889)  # 2.5 x 3.5 in at 254 dpi
    assert _px(img, 10.5, 15) == (255, 0, 0) and _px(img, 9.5, 15) == (255, 255, 255)
    assert _px(img, 29.5, 15) == (0, 0, 255) and _px(img, 30.5, 15) == (255, 255, 255)  # 56.693 pt = 20 mm


@pytest.mark.parametrize(("paper", "size"), [("a5", (148, 210)), ("legal", (215.9, 355.6)),
                                             ("tabloid", (279.4, 431.8)), ("300x450", (300, 450)),
                                             ("12x18in", (304.8, 457.2))])
def test_papers(tmp_path: Path, paper: str, size: tuple[float, float]) -> None:
    (tmp_path / "deck.yaml").write_text("title: P\ncards:\n  - {name: A}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(tmp_path / "deck.yaml"), "-o", str(tmp_path), "-q",
                                      "--paper", paper])
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "deck").glob("cards-en-*.pdf")
    w, h = page_size_mm(pdf.read_bytes())
    assert abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05


def test_bad_paper_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "x.yaml", "--paper", "b9"])
    assert result.exit_code == 2 and "unknown paper 'b9'" in result.output
