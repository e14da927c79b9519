"""Shared by printkit serve's tests: synthetic phone photos of the sheet formats printkit prints, made once."""

from __future__ import annotations

import pytest

from devkit.ganz_schon_clever.synthetic import PadOptions, Sample, make_samples

# (name, pad, the sheet format each sheet's QR code names): a 3-megapixel photo reads as a phone's does and
# costs a third of a 12-megapixel one to make and read
FORMATS = {
    "a4": (PadOptions("a4", 1, "en"), ["a4"]),
    "letter": (PadOptions("letter", 1, "en"), ["letter"]),
    "a4-2up": (PadOptions("a4", 2, "zh-TW"), ["a4-half", "a4-half"]),
}
PHOTO_SIZE = (3000, 2250)


@pytest.fixture(scope="session")
def photos() -> dict[str, Sample]:
    return {name: make_samples(1, seed=7, kinds=("photo",), pads=(pad,), photo_size=PHOTO_SIZE)[0]
            for name, (pad, _) in FORMATS.items()}


FADED_KEEP = 0.3  # the share of its ink one orange number keeps: read unsure (an eraser's work, a faint pencil)


@pytest.fixture(scope="session")
def faded_photo() -> tuple[bytes, str, int]:
    """A phone photo of an A4 sheet whose second orange number is faded until the reader is unsure of it:
    (the JPEG, its suffix, the number written there)."""
    import random

    import numpy as np

    from devkit.ganz_schon_clever.pad import print_pad, sheet_origins
    from devkit.ganz_schon_clever.synthetic import filled_pages
    from devkit.scan import capture

    truth = make_samples(1, seed=7, kinds=("clean",), pads=(PadOptions("a4", 1, "en"),))[0].truths[0]
    pad = print_pad("a4", 1, "en", seed=7)
    dpi = 300
    page = filled_pages(pad, [truth], random.Random(1), dpi)[0]
    f = dpi / 25.4
    ((ox, oy),) = sheet_origins((page.shape[1] / f, page.shape[0] / f),
                                (pad.table["sheet"]["width"], pad.table["sheet"]["height"]), 1)
    box = next(b for b in pad.table["boxes"] if b["area"] == "orange" and int(b["index"]) == 1)
    inset = 6  # pixels: the printed frame stays
    x0, y0 = round((ox + box["x"]) * f) + inset, round((oy + box["y"]) * f) + inset
    x1, y1 = round((ox + box["x"] + box["w"]) * f) - inset, round((oy + box["y"] + box["h"]) * f) - inset
    ink = 255 - page[y0:y1, x0:x1].astype(np.float64)
    page[y0:y1, x0:x1] = (255 - ink * FADED_KEEP).astype(np.uint8)
    data, suffix = capture.photo(page, random.Random(2), PHOTO_SIZE)
    return data, suffix, truth.orange[1]
