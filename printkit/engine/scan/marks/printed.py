"""Printed ink apart from pen: the layout's reference image grown into zones where print may stand, kept per
sheet layout (:func:`sheet_print`), and the pen left in a box once print is taken out (:func:`box_pen`)."""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from printkit.engine.scan.boxes import BoxSpec
from printkit.engine.scan.decode.speed import mosaic
from printkit.engine.scan.marks.regions import _roi
from printkit.engine.scan.marks.thresholds import MARKS

# The layout's reference holds 255 where it prints dark, 128 where faint (grey icons), 0 where blank; resized
# nearest and dilated it keeps those levels, so these midpoints tell them apart.
DARK_PRINT = 200
FAINT_PRINT = 64


def print_zones(ref: np.ndarray | None, shape: tuple[int, ...], px_per_mm: float,
                printed: np.ndarray | None = None) -> np.ndarray | None:
    """The layout's reference (255 dark print, 128 faint print, 0 blank) at ``shape``, grown by
    MARKS.ref_grow_mm so small rectification errors do not turn print into pen (``printed``: the reference
    already at ``shape``)."""
    if ref is None:
        return None
    big = printed if printed is not None else cv2.resize(ref, (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST)
    r = max(1, round(MARKS.ref_grow_mm * px_per_mm))
    return cv2.dilate(big, _ellipse(2 * r + 1))


@dataclass(frozen=True)
class SheetPrint:
    """A layout's print at the size of a rectified sheet: where it has ink (``printed``: 255 dark, 128 faint,
    0 blank), the zones pen is told from print in (:func:`print_zones`), and the core of each mark printed
    inside a box (``cores``, filled as boxes need them). The same for every sheet of a layout, so worked out
    once (:func:`sheet_print`); the arrays are read-only."""

    ref: np.ndarray
    printed: np.ndarray
    zones: np.ndarray
    cores: dict[BoxSpec, np.ndarray] = field(default_factory=dict)


# The prints kept, the least recently used going first, while their printed and zones arrays together stay
# under this many bytes (the newest is always kept; the small cores filled in later are not counted): every
# full-sheet layout of one version (A4, Letter and A3, each plain and ink-saver) fits together at 8 px/mm, so a
# stack of sheets mixing them works each layout out once, not once a sheet.
SHEET_PRINTS_BYTES = 64 * 1024 * 1024
_sheet_prints: OrderedDict[tuple[int, tuple[int, ...], float], SheetPrint] = OrderedDict()


def sheet_print(ref: np.ndarray, shape: tuple[int, ...], px_per_mm: float) -> SheetPrint:
    """The :class:`SheetPrint` of the layout reference ``ref`` (any resolution) on a sheet of ``shape``,
    kept for the next sheet of the same layout when ``ref`` is read-only (as the bundled box tables' are: no
    one can change it in between)."""
    key = (id(ref), tuple(shape[:2]), px_per_mm)
    kept = _sheet_prints.get(key) if not ref.flags.writeable else None
    if kept is not None and kept.ref is ref:  # the entry holds ``ref``: its id is not reused while kept
        _sheet_prints.move_to_end(key)
        return kept
    printed = cv2.resize(ref, (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST)
    zones = print_zones(ref, shape, px_per_mm, printed)
    assert zones is not None
    printed.setflags(write=False)
    zones.setflags(write=False)
    made = SheetPrint(ref, printed, zones)
    if ref.flags.writeable:
        return made
    _sheet_prints[key] = made
    while len(_sheet_prints) > 1 and sum(entry.printed.nbytes + entry.zones.nbytes
                                         for entry in _sheet_prints.values()) > SHEET_PRINTS_BYTES:
        _sheet_prints.popitem(last=False)
    return made


def _clear_of_print(dark: np.ndarray, zones: np.ndarray, faint: float = MARKS.pen_over_faint) -> np.ndarray:
    """Where ink can be pen: no dark print, and over faint print only ink darker than ``faint`` (at most
    MARKS.pen_over_faint; lower where the faint print was measured lighter on the sheet, see :func:`read_loops`)."""
    return (zones < DARK_PRINT) & ((zones < FAINT_PRINT) | (dark > faint))


def pen_ink(dark: np.ndarray, ref: np.ndarray | None, px_per_mm: float) -> np.ndarray:
    """Where the pen wrote: dark enough, and not where the blank sheet has dark print.

    ``ref`` is the layout's reference (255 dark print, 128 faint print, 0 blank; any resolution),
    grown by MARKS.ref_grow_mm so small rectification errors do not turn print into pen.
    """
    return _pen_where(dark, print_zones(ref, dark.shape, px_per_mm))


def _pen_where(dark: np.ndarray, zones: np.ndarray | None) -> np.ndarray:
    """:func:`pen_ink` given the sheet's :func:`print_zones`."""
    ink = dark > MARKS.ink
    return ink if zones is None else ink & _clear_of_print(dark, zones)


def _pen_in_boxes(dark: np.ndarray, zones: np.ndarray | None, specs: Sequence[BoxSpec], p: float) -> np.ndarray:
    """:func:`_pen_where` inside the boxes of ``specs`` (False elsewhere): all a number box's reading looks at,
    for a small part of the work over the whole sheet."""
    out = np.zeros(dark.shape, bool)
    for s in specs:
        sy, sx = _roi(dark, s.x, s.y, s.w, s.h, p)
        out[sy, sx] = _pen_where(dark[sy, sx], None if zones is None else zones[sy, sx])
    return out


def box_pen(dark: np.ndarray, zones: np.ndarray | None, px_per_mm: float, faint: float = MARKS.pen_over_faint
            ) -> np.ndarray:
    """The pen strokes in one box's darkness (``zones``: :func:`print_zones` over the same pixels).

    Two things the plain :func:`pen_ink` threshold loses are put back, both only where a stroke is
    already seen: a thin or blurred line (a fine pen in a soft photo) is followed along itself down to
    MARKS.faint_ink; and where a line runs under dark print (a slash through a printed number, a loop along
    a printed circle) the dark pixels between its two visible parts count as the line.  A lone dot
    stays a dot: nothing is joined to one piece alone, and a smudge is lighter than MARKS.faint_ink.
    """
    clear = np.ones(dark.shape, bool) if zones is None else _clear_of_print(dark, zones, faint)
    pen = _reaching((dark > MARKS.ink) & clear, (dark > MARKS.faint_ink) & clear)
    if zones is None or not pen.any():
        return pen
    k = max(3, round(MARKS.bridge_mm * px_per_mm) | 1)
    closed = cv2.morphologyEx(pen.view(np.uint8), cv2.MORPH_CLOSE, _ellipse(k)).view(bool)
    return pen | (closed & (zones >= DARK_PRINT) & (dark > MARKS.ink))


def box_pens(dark: np.ndarray, zones: np.ndarray | None, rois: Sequence[tuple[slice, slice]], px_per_mm: float,
             faint: float = MARKS.pen_over_faint) -> list[np.ndarray]:
    """:func:`box_pen` of each crop ``dark[roi]`` (and ``zones[roi]``) of a sheet: the same pixels, worked out
    in one call per step (:mod:`printkit.engine.scan.decode.speed.mosaic`), a part of the time of one call per box."""
    if not rois:
        return []
    k = max(3, round(MARKS.bridge_mm * px_per_mm) | 1)
    crops = [dark[roi] for roi in rois]
    m = mosaic.layout([c.shape for c in crops], k // 2 + 1)
    d = m.gather(crops)
    z = None if zones is None else m.gather([zones[roi] for roi in rois])
    clear = np.ones(d.shape, bool) if z is None else _clear_of_print(d, z, faint)
    pen = _reaching((d > MARKS.ink) & clear, (d > MARKS.faint_ink) & clear)
    if z is not None and pen.any():
        closed = mosaic.close(pen.view(np.uint8), _ellipse(k), m.outside()).view(bool)
        pen |= closed & (z >= DARK_PRINT) & (d > MARKS.ink)
    return m.pieces(pen)


@functools.cache
def _ellipse(k: int) -> np.ndarray:
    """OpenCV's k x k elliptic structuring element, made once per size (read-only)."""
    e = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    e.setflags(write=False)
    return e


def _reaching(seeds: np.ndarray, through: np.ndarray) -> np.ndarray:
    """The pixels of ``seeds | through`` in pieces (8-connected) that hold a seed."""
    if not seeds.size:  # OpenCV 5 labels an empty image by crashing the process
        return np.zeros(seeds.shape, bool)
    n, labels = cv2.connectedComponents((seeds | through).view(np.uint8), connectivity=8)
    held = np.zeros(n, bool)
    held[labels[seeds]] = True
    held[0] = False
    return held[labels]
