"""The nine element drawings are told apart at tile size, in colour and in greyscale.

Each element's first tile is cut out of the printed page (100 dpi, the picture above the name)
and compared pixel by pixel with every other: a mean difference well above print noise means
two drawings do not look alike.  The threshold was set by looking at the tiles: the closest
pair (statue, topiary) is plainly different by eye at about 15.
"""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from devkit.readback import find_text, render_page
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render
from printkit.games.sanssouci import kit

NAMES = ("Labyrinth", "Statue", "Pavilion", "Topiary", "Stairway", "Fountain", "Rose arch", "Herb spiral",
         "Grape vine")
DPI = 100
MIN_DIFFERENCE = 12.0  # mean absolute difference, 0-255


def _pictures(mode: str) -> dict[str, Image.Image]:
    comps = kit.components(BuildOptions())
    tiles = next(c for c in comps if c.name == "tiles")
    pdf = render(tiles, PrintSettings(), "en").pdf
    page = render_page(pdf, 0, DPI).convert(mode)
    out = {}
    for name in NAMES:
        cx, name_y = find_text(pdf, name, 0)[0]
        top = name_y - 20.2  # the name is centred 20.2 mm below the tile's top edge
        box = [round(v * DPI / 25.4) for v in (cx - 12, top + 1, cx + 12, top + 17)]
        out[name] = page.crop(box).resize((32, 22))
    return out


@pytest.mark.parametrize("mode", ["RGB", "L"])
def test_element_drawings_differ(mode):
    pictures = _pictures(mode)
    for a, b in itertools.combinations(NAMES, 2):
        diff = ImageChops.difference(pictures[a], pictures[b])
        mean = sum(ImageStat.Stat(diff).mean) / len(diff.getbands())
        assert mean >= MIN_DIFFERENCE, (a, b, mean)
