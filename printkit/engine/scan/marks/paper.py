"""Darkness: how far each pixel is from the paper around it (0 paper .. 1 black), the scale every box reader
measures pen on."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from printkit.engine.scan.locate.sheets import Part
from printkit.engine.scan.marks.thresholds import MARKS

_ACROSS_CHANNELS = np.ones((1, 3), np.uint8)


def darkness(rgb: np.ndarray, px_per_mm: float, overview: np.ndarray | None = None,
             parts: Sequence[Part] | None = None) -> np.ndarray:
    """0 (paper) .. 1 (black) per pixel, corrected for uneven light.

    Uses the darkest channel, so red, blue and green pens count as dark as black ones; the paper
    level is the brightest value within about 3 mm (a box's white inside), smoothed, measured on
    ``overview``: the same sheet whole at a lower resolution (default: ``rgb`` itself).  ``parts``:
    the rectangles (:func:`read_parts`) where darkness is wanted, 0 elsewhere; default: everywhere.

    A sheet the reader rectified in parts (black elsewhere: ``SheetImage.rectified``) must come with its
    ``overview``: measured on the sheet itself, the black round its parts would lower the paper level near
    their edges and make pen there read lighter.
    """
    h, w = rgb.shape[:2]
    # The paper level varies slowly: measured on a copy of about 2 px/mm, a quarter of ``rgb`` or the
    # overview shrunk by a whole factor (area averaging by one is a tenth of the time of any other).
    if overview is None:
        small = cv2.resize(_darkest(rgb).astype(np.float32), None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
        q = px_per_mm / 4  # its pixels per mm
    else:
        f = max(1, round(px_per_mm * overview.shape[1] / w / MARKS.paper_px_per_mm))
        o = _darkest(overview[:overview.shape[0] // f * f, :overview.shape[1] // f * f])
        small = cv2.resize(o, (o.shape[1] // f, o.shape[0] // f), interpolation=cv2.INTER_AREA).astype(np.float32)
        q = px_per_mm * small.shape[1] / w
    k = max(3, int(MARKS.paper_window_mm * q) | 1)
    bg = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    bg = cv2.GaussianBlur(bg, (0, 0), k / 2)
    bg = cv2.resize(np.maximum(bg, MARKS.paper_floor), (w, h), interpolation=cv2.INTER_LINEAR)
    if parts is None:
        return _darkness_over(rgb, bg)
    out = np.zeros((h, w), np.float32)
    for x0, y0, x1, y1 in parts:
        _darkness_over(rgb[y0:y1, x0:x1], bg[y0:y1, x0:x1], out[y0:y1, x0:x1])
    return out


def _darkest(rgb: np.ndarray) -> np.ndarray:
    """The darkest channel of each pixel.  Each pixel's three values lie side by side in a row of the image
    seen as one channel, so a 1 x 3 erosion (a running minimum) centred on the middle one is their minimum;
    half the time of splitting the channels and taking two minimums (numpy's min over the last axis: ten
    times).  The rows of a part of an image are such rows too, read in place."""
    h, w = rgb.shape[:2]
    return cv2.erode(rgb.reshape(h, w * 3), _ACROSS_CHANNELS)[:, 1::3]


def _darkness_over(rgb: np.ndarray, bg: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """:func:`darkness` of pixels whose paper level is ``bg``, written into ``out`` (a float32 array or a view
    of one, of their shape) where given: a part's darkness goes straight into the sheet's map."""
    if out is not None and (out.dtype != np.float32 or out.shape != rgb.shape[:2]):
        raise ValueError(f"darkness goes into float32 of shape {rgb.shape[:2]}, not {out.dtype} {out.shape}")
    out = cv2.divide(_darkest(rgb).astype(np.float32), bg, dst=out)
    cv2.subtract(1.0, out, dst=out)
    # the darkest channel / bg >= 0 (bg >= 30), so only the floor can be crossed: OpenCV's to-zero threshold
    # is that clip in half numpy's time on a whole sheet
    return cv2.threshold(out, 0.0, 0.0, cv2.THRESH_TOZERO, dst=out)[1]
