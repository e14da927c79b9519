"""The overlay PNG holds the same pixels whichever encoder writes it (fpng where installed, else OpenCV)."""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest
from PIL import Image

from printkit.games.ganz_schon_clever.scan.output import png_bytes


def _image() -> np.ndarray:
    """A faded sheet's worth of texture: noise in steps of 4 grey levels, a coloured box, a gradient."""
    rng = np.random.default_rng(5)
    img = (rng.integers(150, 256, (300, 220, 3)) & 0xFC).astype(np.uint8)
    img[40:90, 30:120] = (220, 30, 30)
    img[200:, :, 1] = np.arange(220, dtype=np.uint8)[None, :]
    return img


def _decoded(data: bytes) -> np.ndarray:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == "PNG" and im.mode == "RGB"
        return np.asarray(im)


def test_the_fast_encoder_and_opencv_write_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    img = _image()
    fast = png_bytes(img)
    monkeypatch.setitem(sys.modules, "fpng", None)  # as where fpng has no wheel: OpenCV writes it
    plain = png_bytes(img)
    assert np.array_equal(_decoded(fast), img)
    assert np.array_equal(_decoded(plain), img)


def test_a_view_of_a_larger_image_is_written_as_what_it_shows() -> None:
    img = _image()
    part = img[10:250:2, 5:200]  # not contiguous: the encoder gets a copy
    assert np.array_equal(_decoded(png_bytes(part)), part)
