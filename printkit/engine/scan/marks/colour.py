"""Colour: pen told from a printed mark inside a box by its hue, where the mark's darkness alone cannot."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from printkit.engine.scan.boxes import BoxSpec, ReadKind
from printkit.engine.scan.decode.speed.quantiles import channel_quantiles_u8
from printkit.engine.scan.marks.printed import DARK_PRINT, _ellipse, _reaching
from printkit.engine.scan.marks.regions import _box_crop, _inside
from printkit.engine.scan.marks.thresholds import MARKS


@dataclass(frozen=True)
class MarksInBoxes:
    """The marks printed inside number boxes (a doubled box's "x2"): where the layout prints ink
    (``printed``: its reference at the sheet's size, not grown) and, per area, the colour its marks have
    on this sheet (:func:`marks_in_boxes`)."""

    printed: np.ndarray
    hues: dict[str, np.ndarray]


def _inner_print(printed: np.ndarray) -> np.ndarray:
    """The print in a number box's crop that is not joined to the crop's edges: a mark printed inside the
    box, not its outline."""
    ink = (printed >= DARK_PRINT).astype(np.uint8)
    if not (ink & _inside(ink.shape)).any():  # most boxes: print along the edges only, no labelling needed
        return np.zeros(ink.shape, bool)
    _, labels = cv2.connectedComponents(ink, connectivity=8)
    edges = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return ink.astype(bool) & ~np.isin(labels, edges)


def _channel_darkness(rgb: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """0 (paper) .. 1 per pixel and channel of a box's crop, paper being the crop's brightest tenth in that
    channel (a box's inside is mostly paper; a light cast or gradient differs from box to box).  ``where``:
    only the pixels of this mask, in a list (the paper is still measured on the whole crop)."""
    # np.percentile(px, paper_percentile, axis=0)
    paper = np.maximum(channel_quantiles_u8(rgb, MARKS.paper_percentile / 100), MARKS.paper_floor)
    px = rgb if where is None else rgb[where]
    return np.clip(1.0 - px.astype(np.float32) / paper, 0.0, 1.0)


def marks_in_boxes(rgb: np.ndarray, printed: np.ndarray | None, specs: Sequence[BoxSpec], p: float,
                   read: ReadKind = "number", cores: dict[BoxSpec, np.ndarray] | None = None
                   ) -> MarksInBoxes | None:
    """Where marks are printed inside the boxes read as ``read`` (number boxes: a doubled box's "x2";
    cross boxes: their printed number) and, per area, their colour on this sheet: a unit vector of
    darkness per channel (print that is blurred or thin is lighter but of the same colour, so only the
    direction is kept).

    Measured on the middle of the marks' strokes in all boxes of an area together, as the median: the pen
    covers a part of some of them at most.  None without a colour image or a reference.  ``cores``: each
    box's printed mark, eroded, as worked out before for the same ``printed`` (:class:`SheetPrint`); the
    boxes' not there yet are added."""
    if printed is None or rgb.ndim != 3:
        return None
    pooled: dict[str, list[np.ndarray]] = {}
    kernel = np.ones((3, 3), np.uint8)
    for s in specs:
        if s.read != read:
            continue
        sy, sx = _box_crop(printed, s, p)
        core = None if cores is None else cores.get(s)
        if core is None:
            core = cv2.erode(_inner_print(printed[sy, sx]).astype(np.uint8), kernel).astype(bool)
            if cores is not None:
                core.setflags(write=False)
                cores[s] = core
        if int(core.sum()) >= MARKS.mark_core_px:
            pooled.setdefault(s.area, []).append(_channel_darkness(rgb[sy, sx], core))
    hues = {}
    for area, parts in pooled.items():
        px = np.concatenate(parts)
        px = px[px.sum(axis=1) > MARKS.colourless]
        if len(px) >= MARKS.mark_core_px:
            hue = np.median(px / np.linalg.norm(px, axis=1, keepdims=True), axis=0)
            hues[area] = hue / np.linalg.norm(hue)
    return MarksInBoxes(printed, hues)


def _pen_over_mark(rgb: np.ndarray, mark: np.ndarray, pen: np.ndarray, hue: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Where, on a printed mark of colour ``hue`` (:func:`marks_in_boxes`), there is pen too.

    Print alone, however blurred, keeps the mark's colour (its darkness per channel in the same
    proportions); ink over it mixes in the pen's and moves it off that colour.  Only ink joined to the pen
    seen around the mark counts: the pen runs into the mark from outside it.  Returns (where, how far
    off the mark's colour each pixel is)."""
    off = _off_colour(rgb, hue)
    over = mark & (off > MARKS.off_hue)
    return _reaching(pen, over) & over, off


def _off_colour(rgb: np.ndarray, hue: np.ndarray) -> np.ndarray:
    """Per pixel, how far its darkness per channel is off print of colour ``hue`` (a unit vector)."""
    cd = _channel_darkness(rgb)
    return np.linalg.norm(cd - (cd @ hue)[..., None] * hue, axis=-1)


def _around_print(inner: np.ndarray, p: float) -> np.ndarray:
    """Print inside a box grown as far as the reference was grown (MARKS.ref_grow_mm), and a pixel."""
    r = max(1, round(MARKS.ref_grow_mm * p)) + 1
    return cv2.dilate(inner.astype(np.uint8), _ellipse(2 * r + 1)).astype(bool)


def _pen_over_print(rgb: np.ndarray, d: np.ndarray, inner: np.ndarray, pen: np.ndarray, hue: np.ndarray,
                    p: float) -> np.ndarray:
    """Where, over and around the number printed in a box (``inner``: :func:`_inner_print`; colour ``hue``),
    pen lies that darkness alone takes for print: ink off the print's colour that reaches the pen seen in the
    box, through the dark print in between (a line over a printed number shows, off its colour, only in the
    gaps and holes of the digits, which the grown reference counts as print)."""
    if not inner.any():
        return np.zeros(pen.shape, bool)
    dark_print = _around_print(inner, p) & (d > MARKS.ink) & ~pen
    return _reaching(pen, dark_print) & dark_print & (_off_colour(rgb, hue) > MARKS.off_hue)
