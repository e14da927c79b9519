"""Many small crops of a sheet worked on as one image: a mosaic.

Reading a sheet asks the same few steps (thresholds, a labelling of pieces, a closing) of some eighty
boxes, each a crop of about 100 x 100 pixels, where each call into NumPy or OpenCV costs more than the
pixels it works on.  Laid side by side in one row with a gap between them, the crops are worked on in
one call per step, and each crop's result is the same as worked on alone, bit for bit:

* a pixel-wise step sees only its own pixel;
* a labelling of 8-connected pieces never joins two crops across a gap of background, and numbers each
  crop's pieces in the same order as alone, because every crop starts at an even column (OpenCV labels
  in 2 x 2 blocks, and the blocks then split each crop as they split it alone);
* a closing (dilation, then erosion) by a kernel reaching less far than the gap: the dilation sees the
  gap as the empty outside of a lone crop, and the gap is set before the erosion, which sees it as the
  full outside OpenCV gives a lone crop (:func:`close`).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Mosaic:
    """Where each of a list of crops lies in the mosaic: ``starts[i]`` is crop i's first column, its rows
    0 .. ``shapes[i][0]``."""

    height: int
    width: int
    starts: tuple[int, ...]
    shapes: tuple[tuple[int, int], ...]

    def place(self, i: int) -> tuple[slice, slice]:
        h, w = self.shapes[i]
        return slice(0, h), slice(self.starts[i], self.starts[i] + w)

    def gather(self, crops: Sequence[np.ndarray]) -> np.ndarray:
        """The crops (all of one dtype, those of :func:`layout`'s shapes) laid into the mosaic, zero between
        them."""
        out = np.zeros((self.height, self.width), crops[0].dtype if crops else np.uint8)
        for i, c in enumerate(crops):
            out[self.place(i)] = c
        return out

    def pieces(self, image: np.ndarray) -> list[np.ndarray]:
        """Each crop's part of ``image`` (a mosaic), as views."""
        return [image[self.place(i)] for i in range(len(self.starts))]

    def outside(self) -> np.ndarray:
        """True where no crop lies."""
        out = np.ones((self.height, self.width), bool)
        for i in range(len(self.starts)):
            out[self.place(i)] = False
        return out

    def crop_of(self, x: int) -> int:
        """The crop holding column ``x`` (asked once per piece labelled: a Python bisection, not NumPy's)."""
        return bisect.bisect_right(self.starts, x) - 1


def layout(shapes: Sequence[tuple[int, ...]], gap: int) -> Mosaic:
    """One row of crops of ``shapes`` (height, width, ...), ``gap`` columns at least between two, each
    starting at an even column (the first at the mosaic's edge, as a lone crop is at its own)."""
    starts = []
    x = 0
    for s in shapes:
        x += x & 1
        starts.append(x)
        x += s[1] + gap
    height = max((s[0] for s in shapes), default=0)
    return Mosaic(height, max(0, x - gap), tuple(starts), tuple((s[0], s[1]) for s in shapes))


def close(mask: np.ndarray, kernel: np.ndarray, outside: np.ndarray) -> np.ndarray:
    """``cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)`` of each crop of a uint8 mosaic, as closed alone:
    ``outside`` (:meth:`Mosaic.outside`) is where no crop lies, and the gaps must be wider than the
    kernel reaches from its centre."""
    grown = cv2.dilate(mask, kernel)
    grown[outside] = 255  # as high as any value: what OpenCV puts outside a lone crop for an erosion
    return cv2.erode(grown, kernel)
