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
