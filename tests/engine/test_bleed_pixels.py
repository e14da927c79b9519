"""Bleed read back from the rendered pixels: the default 3 mm, and fold-over backs mirrored.

A card's colour must run exactly the bleed past every outer cut line, so a slightly misaligned cut
never shows a white edge.  Measured on the page rendered at 254 dpi (10 px per mm).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from devkit.readback import render_page
from printkit.engine.components import CardComponent
from printkit.engine.elements import Piece, Rect
from printkit.engine.imposition import card_grid, fold_sheet
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render

DPI = 254  # 10 px per mm
FRONT, BACK = "#12ab34", "#b01a7c"
DEFAULT_BLEED_MM = 3.0  # the documented default (docs: "Bleed around cut pieces, mm", default 3)


def card(name: str, w: float, h: float, fill: str) -> Piece:
    # The fill runs far past the trim; what shows beyond the trim is exactly what the bleed keeps.
    return Piece(name, w, h, (Rect(-10, -10, w + 20, h + 20, fill=fill, stroke=None),), bleed_color=fill)


def colour_box_mm(image: Image.Image, hex_colour: str) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm of the pixels of ``hex_colour`` (within 12 per channel)."""
    rgb = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    bands = [band.point(lambda v, t=t: 255 if abs(v - t) <= 12 else 0) for band, t in zip(image.split(), rgb,
                                                                                          strict=True)]
    mask = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    box = mask.getbbox()
    assert box is not None, f"no {hex_colour} on the page"
    px_per_mm = DPI / 25.4
    return tuple(v / px_per_mm for v in box)  # type: ignore[return-value]


def full_page(w: float, h: float, settings: PrintSettings) -> tuple[bytes, tuple[float, float, float, float]]:
    grid = card_grid(w, h, settings)
    fronts = tuple(card(f"c{i}", w, h, FRONT) for i in range(grid.per_page))
    pdf = render(CardComponent("t", "T", fronts), settings, "en").pdf
    b = grid.block
    return pdf, (b.x, b.y, b.right, b.bottom)


def test_default_bleed_is_3_mm_in_the_pixels():
    settings = PrintSettings()  # the default, not a value this test chose
    pdf, (x0, y0, x1, y1) = full_page(63.0, 88.0, settings)
    b = DEFAULT_BLEED_MM
    assert colour_box_mm(render_page(pdf, 0, DPI), FRONT) == pytest.approx((x0 - b, y0 - b, x1 + b, y1 + b),
                                                                           abs=0.25)


@pytest.mark.parametrize("bleed", [0.0, 1.5, 5.0])
def test_bleed_setting_is_what_prints(bleed):
    pdf, (x0, y0, x1, y1) = full_page(63.0, 88.0, PrintSettings(bleed=bleed))
    assert colour_box_mm(render_page(pdf, 0, DPI), FRONT) == pytest.approx(
        (x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed), abs=0.25)


@pytest.mark.parametrize(("w", "h"), [(63, 88), (70, 120)])
def test_fold_over_backs_bleed_past_the_outer_edges_like_the_fronts(w, h):
    """Each back's bleed is its front's, mirrored: the colour runs 3 mm past every outer edge of the
    back block too (a back that kept its front's sides would stop flush with the paper-side cut)."""
    settings = PrintSettings(duplex="fold")
    sheet = fold_sheet(w, h, settings)
    n = sheet.per_page
    fronts = tuple(card(f"f{i}", w, h, FRONT) for i in range(n))
    backs = tuple(card(f"b{i}", w, h, BACK) for i in range(n))
    pdf = render(CardComponent("t", "T", fronts, backs), settings, "en").pdf
    page = render_page(pdf, 0, DPI)
    for colour, block in ((FRONT, sheet.front.block), (BACK, sheet.back_block)):
        left, top, right, bottom = colour_box_mm(page, colour)
        b = DEFAULT_BLEED_MM
        assert (left, top, right, bottom) == pytest.approx(
            (block.x - b, block.y - b, block.right + b, block.bottom + b), abs=0.25), colour
