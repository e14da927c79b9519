"""Read what a pen did to each box of a rectified sheet.

Knows no game.  A box is read one of three ways (:class:`BoxSpec` ``read``):

* ``mark``: crossed (an X or a single slash) or not.  Printed ink (from the layout's reference
  image) is taken out first; a line cut in two by it is joined again, and a fine line is followed
  where it is faint (:func:`box_pen`).  Then only strokes count: ink that spans a good part of the
  box.  A stray dot (short, or round however thick the pen), a smudge lighter than pen ink, or a
  speck does not make a cross.
* ``loop``: a printed circle that is circled (a loop around it: ``earned``) and maybe crossed out
  (``used``); ink round the circle is measured by how much of the way round it goes, counting where
  the printed line is thicker than on the sheet's unwritten circles (a loop drawn along it).
* ``number``: handwriting, handed to the digit model as a grayscale crop (printed ink painted
  white); an empty box is recognised here without the model.

Every reading has a confidence (0..1) and the ranked alternatives, so a caller can list what was not
read with confidence instead of guessing.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np

from printkit.engine.scan import mosaic
from printkit.engine.scan.locate import Part
from printkit.engine.scan.quantiles import channel_quantiles_u8, quantile

ReadKind = Literal["mark", "loop", "number"]
INK = 0.33  # darkness (0 paper .. 1 black) that counts as pen; a pencil or a faded pen is darker than this
WRITTEN_BUT_EMPTY = 0.5  # highest confidence of "empty" for a number box where strokes were seen
TOUCH_MM2 = 0.05  # the pen runs into a printed mark when this much of it (mm^2, a stroke's width) borders the pen
REF_GROW_MM = 0.3  # printed ink is grown by this much before it is taken out: rectification is this good


@dataclass(frozen=True)
class BoxSpec:
    area: str
    index: int
    x: float  # mm, top-left
    y: float
    w: float
    h: float
    shape: Literal["rect", "circle"] = "rect"
    read: ReadKind = "mark"
    allowed: tuple[int, ...] = ()  # numbers: the values that may stand in it


@dataclass(frozen=True)
class BoxReading:
    spec: BoxSpec
    value: object  # mark: bool; loop: "empty" | "earned" | "used"; number: int or None (empty)
    confidence: float
    alternatives: tuple[tuple[object, float], ...] = ()  # (value, probability), best first, the read one included
    features: dict[str, float] = field(default_factory=dict)
    number: object = field(default=None, compare=False, repr=False)  # a number box: the reader's own reading


class NumberReading:
    """What a number reader returns (duck type of ``printkit.engine.scan.digits.Reading``)."""

    value: int | None
    confidence: float
    alternatives: tuple[tuple[int | None, float], ...]


# reads many boxes at once: their grayscale crops, and the values each allows, to one reading each
NumberReader = Callable[[Sequence[np.ndarray], Sequence[Sequence[int]]], Sequence["NumberReading"]]


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
        f = max(1, round(px_per_mm * overview.shape[1] / w / PAPER_PX_PER_MM))
        o = _darkest(overview[:overview.shape[0] // f * f, :overview.shape[1] // f * f])
        small = cv2.resize(o, (o.shape[1] // f, o.shape[0] // f), interpolation=cv2.INTER_AREA).astype(np.float32)
        q = px_per_mm * small.shape[1] / w
    k = max(3, int(PAPER_WINDOW_MM * q) | 1)
    bg = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    bg = cv2.GaussianBlur(bg, (0, 0), k / 2)
    bg = cv2.resize(np.maximum(bg, 30.0), (w, h), interpolation=cv2.INTER_LINEAR)
    if parts is None:
        return _darkness_over(rgb, bg)
    out = np.zeros((h, w), np.float32)
    for x0, y0, x1, y1 in parts:
        _darkness_over(rgb[y0:y1, x0:x1], bg[y0:y1, x0:x1], out[y0:y1, x0:x1])
    return out


PAPER_PX_PER_MM = 1.7  # the overview is shrunk by a whole factor to about this for the paper level (5 px/mm: 3)
PAPER_WINDOW_MM = 3.2  # the paper level is the brightest value within about this many mm (a box's white inside)


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


PART_MARGIN_MM = 0.5  # a part read reaches this far past its boxes (rounding to pixels, and a pixel more)
PART_CALL_PX = 4000  # two parts are warped and measured as one where that costs fewer pixels than this more


def read_parts(specs: Sequence[BoxSpec], shape: tuple[int, ...], px_per_mm: float) -> tuple[Part, ...]:
    """The rectangles of a sheet of ``shape`` (pixels, at ``px_per_mm``) that reading the boxes of ``specs``
    looks at: every box, and round each action circle as far as its ring reaches (:func:`_ring_at`),
    grown by PART_MARGIN_MM; near ones joined.  A sheet's boxes cover about a quarter of it, so a reader
    that rectifies only these reads the sheet in a part of the time (the same for every sheet of a
    layout: worked out once)."""
    return _read_parts(tuple(specs), tuple(shape[:2]), px_per_mm)


@functools.lru_cache(maxsize=32)
def _read_parts(specs: tuple[BoxSpec, ...], shape: tuple[int, int], p: float) -> tuple[Part, ...]:
    h, w = shape
    g = PART_MARGIN_MM
    rects = []
    for s in specs:
        x0, y0, x1, y1 = s.x, s.y, s.x + s.w, s.y + s.h
        if s.read == "loop":  # as far as _ring_at reaches
            cx, cy, reach = s.x + s.w / 2, s.y + s.h / 2, 1.6 * s.w / 2
            x0, y0, x1, y1 = min(x0, cx - reach), min(y0, cy - reach), max(x1, cx + reach), max(y1, cy + reach)
        r = (max(0, math.floor((x0 - g) * p)), max(0, math.floor((y0 - g) * p)),
             min(w, math.ceil((x1 + g) * p)), min(h, math.ceil((y1 + g) * p)))
        if r[2] > r[0] and r[3] > r[1]:
            rects.append(r)
    return tuple(sorted(_joined(rects)))


def _joined(rects: list[Part]) -> list[Part]:
    """``rects`` with any two joined into the rectangle round both while that costs fewer than PART_CALL_PX
    pixels more than the two alone (their overlap counted twice, as two warps would do it twice)."""
    def area(r: Part) -> int:
        return (r[2] - r[0]) * (r[3] - r[1])

    rects = list(rects)
    joined = True
    while joined:
        joined = False
        i = 0
        while i < len(rects):
            j = i + 1
            while j < len(rects):
                a, b = rects[i], rects[j]
                both = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                if area(both) < area(a) + area(b) + PART_CALL_PX:
                    rects[i] = both
                    del rects[j]
                    joined, j = True, i + 1  # grown, it may now join one looked at before
                else:
                    j += 1
            i += 1
    return rects


PEN_OVER_FAINT = 0.62  # over faint print (grey icons), only ink darker than this is pen
FAINT_INK = 0.2  # a stroke is followed down to this darkness from where it is pen-dark (thin, blurred lines)
BRIDGE_MM = 1.2  # a pen line cut by dark print (a printed number, a circle's outline) is joined across this much


def print_zones(ref: np.ndarray | None, shape: tuple[int, ...], px_per_mm: float,
                printed: np.ndarray | None = None) -> np.ndarray | None:
    """The layout's reference (255 dark print, 128 faint print, 0 blank) at ``shape``, grown by
    REF_GROW_MM so small rectification errors do not turn print into pen (``printed``: the reference
    already at ``shape``)."""
    if ref is None:
        return None
    big = printed if printed is not None else cv2.resize(ref, (shape[1], shape[0]), interpolation=cv2.INTER_NEAREST)
    r = max(1, round(REF_GROW_MM * px_per_mm))
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
# full-sheet layout of one version, A4, Letter and A3, each plain and ink-saver, takes 63.3 million bytes at
# 8 px/mm, so a stack mixing them works each out once; keeping two layouts made such a stack work out one
# a sheet, 3 ms each.
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


def _clear_of_print(dark: np.ndarray, zones: np.ndarray, faint: float = PEN_OVER_FAINT) -> np.ndarray:
    """Where ink can be pen: no dark print, and over faint print only ink darker than ``faint`` (at most
    PEN_OVER_FAINT; lower where the faint print was measured lighter on the sheet, see :func:`read_loops`)."""
    return (zones < 200) & ((zones < 64) | (dark > faint))


def pen_ink(dark: np.ndarray, ref: np.ndarray | None, px_per_mm: float) -> np.ndarray:
    """Where the pen wrote: dark enough, and not where the blank sheet has dark print.

    ``ref`` is the layout's reference (255 dark print, 128 faint print, 0 blank; any resolution),
    grown by REF_GROW_MM so small rectification errors do not turn print into pen.
    """
    return _pen_where(dark, print_zones(ref, dark.shape, px_per_mm))


def _pen_where(dark: np.ndarray, zones: np.ndarray | None) -> np.ndarray:
    """:func:`pen_ink` given the sheet's :func:`print_zones`."""
    ink = dark > INK
    return ink if zones is None else ink & _clear_of_print(dark, zones)


def _pen_in_boxes(dark: np.ndarray, zones: np.ndarray | None, specs: Sequence[BoxSpec], p: float) -> np.ndarray:
    """:func:`_pen_where` inside the boxes of ``specs`` (False elsewhere): all a number box's reading looks at,
    for a small part of the work over the whole sheet."""
    out = np.zeros(dark.shape, bool)
    for s in specs:
        sy, sx = _roi(dark, s.x, s.y, s.w, s.h, p)
        out[sy, sx] = _pen_where(dark[sy, sx], None if zones is None else zones[sy, sx])
    return out


def box_pen(dark: np.ndarray, zones: np.ndarray | None, px_per_mm: float, faint: float = PEN_OVER_FAINT
            ) -> np.ndarray:
    """The pen strokes in one box's darkness (``zones``: :func:`print_zones` over the same pixels).

    Two things the plain :func:`pen_ink` threshold loses are put back, both only where a stroke is
    already seen: a thin or blurred line (a fine pen in a soft photo) is followed along itself down to
    FAINT_INK; and where a line runs under dark print (a slash through a printed number, a loop along
    a printed circle) the dark pixels between its two visible parts count as the line.  A lone dot
    stays a dot: nothing is joined to one piece alone, and a smudge is lighter than FAINT_INK.
    """
    clear = np.ones(dark.shape, bool) if zones is None else _clear_of_print(dark, zones, faint)
    pen = _reaching((dark > INK) & clear, (dark > FAINT_INK) & clear)
    if zones is None or not pen.any():
        return pen
    k = max(3, round(BRIDGE_MM * px_per_mm) | 1)
    closed = cv2.morphologyEx(pen.view(np.uint8), cv2.MORPH_CLOSE, _ellipse(k)).view(bool)
    return pen | (closed & (zones >= 200) & (dark > INK))


def box_pens(dark: np.ndarray, zones: np.ndarray | None, rois: Sequence[tuple[slice, slice]], px_per_mm: float,
             faint: float = PEN_OVER_FAINT) -> list[np.ndarray]:
    """:func:`box_pen` of each crop ``dark[roi]`` (and ``zones[roi]``) of a sheet: the same pixels, worked out
    in one call per step (:mod:`printkit.engine.scan.mosaic`), a part of the time of one call per box."""
    if not rois:
        return []
    k = max(3, round(BRIDGE_MM * px_per_mm) | 1)
    crops = [dark[roi] for roi in rois]
    m = mosaic.layout([c.shape for c in crops], k // 2 + 1)
    d = m.gather(crops)
    z = None if zones is None else m.gather([zones[roi] for roi in rois])
    clear = np.ones(d.shape, bool) if z is None else _clear_of_print(d, z, faint)
    pen = _reaching((d > INK) & clear, (d > FAINT_INK) & clear)
    if z is not None and pen.any():
        closed = mosaic.close(pen.view(np.uint8), _ellipse(k), m.outside()).view(bool)
        pen |= closed & (z >= 200) & (d > INK)
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


def _sig(x: float) -> float:
    return float(1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, x)))))


MIN_PIECE_MM2 = 0.12  # ink pieces smaller than this are noise, not pen
DOT = 0.22  # one piece of ink shorter than this (box sides) is a dot or a speck, never a cross
BLOB = 0.4  # a round piece (ROUND) up to this long is a dot too: a big dot from a thick pen
ROUND = 2.5  # length squared over area: about 1.3 for a dot, 4 and more for a piece of pen line


@dataclass(frozen=True)
class Strokes:
    """The pen ink in a box, measured in box sides: ``span``, the extent of all pieces together;
    ``coverage``, their pixels / side / the thinnest pen line (about strokes x their length);
    ``largest``, the extent of the biggest piece; ``dots``, of one or two pieces, how many are dots (round
    and not long: a piece of a line cut by print may be as short, but it is thin), and 0 for more pieces,
    where it decides nothing (:func:`_mark_probability`); ``round``, the length squared over
    the area of the largest piece.  Printed ink cuts a cross into pieces, so the pieces are taken
    together."""

    span: float = 0.0
    coverage: float = 0.0
    pieces: int = 0
    largest: float = 0.0
    dots: int = 0
    round: float = 0.0


def _roundness(labels: np.ndarray, i: int, area: int, box: tuple[int, int, int, int], left: int = 0) -> float:
    """How round piece ``i`` (``box``: x, y, w, h, x counted from column ``left`` of ``labels``) is: its
    least rectangle's long side squared over its area."""
    x, y, w, h = box
    # the piece's pixels looked for in its own box, in the order a search of the whole would list them
    pts = (np.argwhere(labels[y:y + h, left + x:left + x + w] == i) + np.array([y, x])).astype(np.float32)
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
    return float((max(rw, rh) + 1) ** 2 / area)


def _strokes(extra: np.ndarray, side: float, p: float) -> Strokes:
    if not extra.size:  # no pixels (OpenCV 5 labels an empty image by crashing the process)
        return Strokes()
    _, labels, stats, _ = cv2.connectedComponentsWithStats(extra.view(np.uint8), connectivity=8)
    return _measured(list(enumerate(stats.tolist()))[1:], labels, 0, side, p)


def strokes_each(masks: Sequence[np.ndarray], sides: Sequence[float], p: float) -> list[Strokes]:
    """``_strokes`` of each boolean mask, ``sides[i]`` being mask i's box side in pixels: the same
    measures, labelled in one call (:mod:`printkit.engine.scan.mosaic`)."""
    if not masks:
        return []
    m = mosaic.layout([k.shape for k in masks], 1)
    if not m.height * m.width:
        return [Strokes() for _ in masks]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(m.gather(masks).view(np.uint8), connectivity=8)
    own: list[list[tuple[int, list[int]]]] = [[] for _ in masks]
    for i, piece in enumerate(stats.tolist()[1:], 1):
        own[m.crop_of(piece[0])].append((i, piece))
    return [_measured(own[j], labels, m.starts[j], sides[j], p) for j in range(len(masks))]


def _measured(pieces: list[tuple[int, list[int]]], labels: np.ndarray, left: int, side: float, p: float) -> Strokes:
    """The :class:`Strokes` of the pieces (label, [x, y, w, h, area]) of one mask labelled in ``labels``,
    which may hold other masks beside it: this one starts at column ``left``."""
    x0 = y0 = 10**9
    x1 = y1 = -1
    pixels = largest = 0
    min_px = MIN_PIECE_MM2 * p * p
    kept: list[tuple[int, int, int, int, int, int]] = []
    biggest = 0
    for i, (x, y, w, h, a) in pieces:
        if a < min_px:
            continue
        x -= left
        pixels += a
        extent = max(w, h)
        if extent > largest:
            largest, biggest = extent, len(kept)
        kept.append((i, x, y, w, h, a))
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    if not kept:
        return Strokes()

    def roundness(i: int, x: int, y: int, w: int, h: int, a: int) -> float:
        return _roundness(labels, i, a, (x, y, w, h), left) if max(w, h) < BLOB * side else 99.0

    # Which pieces are dots decides a reading only where there are one or two (_mark_probability), and
    # measuring one takes longer than the rest of this: the pieces of the others are not measured.
    rounds = [roundness(*k) for k in kept] if len(kept) <= 2 else [roundness(*kept[biggest])]
    dots = sum(r < ROUND for r in rounds) if len(kept) <= 2 else 0
    round_ = rounds[biggest] if len(kept) <= 2 else rounds[0]
    return Strokes(max(x1 - x0, y1 - y0) / side, pixels / side / (0.3 * p), len(kept), largest / side, dots, round_)


def _mark_probability(st: Strokes) -> float:
    """Probability the box is crossed.  A cross or slash spans a good part of the box (at least 0.45
    of it in the tuning set, where dots reach 0.24) with some line's worth of ink; nothing, a dot or a
    speck spans far less.  Coverage only asks for a thin line's worth: it depends on the pen (a dot of
    a thick pen has more than a slash of a fine one), so the span decides."""
    if st.pieces == 1 and (st.largest < DOT or st.dots):
        return 0.02  # one dot
    p = min(_sig((st.span - 0.3) / 0.04), _sig((st.coverage - 0.35) / 0.07))
    if st.dots == st.pieces == 2:
        # two dots far apart, no line between them: never a confident cross; a person looks.  (More round
        # pieces in a row are what is seen of a faint pencil line in a soft photo, not stray dots.)
        p = min(p, 0.45)
    return p


def _roi(img: np.ndarray, x: float, y: float, w: float, h: float, p: float) -> tuple[slice, slice]:
    return _roi_in(img.shape, x, y, w, h, p)


def _roi_in(shape: tuple[int, ...], x: float, y: float, w: float, h: float, p: float) -> tuple[slice, slice]:
    H, W = shape[:2]
    return (slice(max(0, round(y * p)), min(H, round((y + h) * p))),
            slice(max(0, round(x * p)), min(W, round((x + w) * p))))


def _pen_at(dark: np.ndarray, zones: np.ndarray | None, sy: slice, sx: slice, p: float,
            faint: float = PEN_OVER_FAINT) -> np.ndarray:
    return box_pen(dark[sy, sx], None if zones is None else zones[sy, sx], p, faint)


SURE_CROSS = 0.98  # a cross read this sure from the pen seen alone is not looked at again for pen over print


# A piece of pen line running out from under a box's printed number (house values, docs/gsc-scan.md "Limits"):
UNDER_PRINT_DOUBT = 0.3  # the box is crossed with at least this probability, when the piece reaches out
TIP_REACH = 2.0  # this many times its width past the print as grown by REF_GROW_MM,
TIP_MIN_MM = 0.6  # and at least this far past it


def _line_runs_under_print(pen: np.ndarray, inner: np.ndarray, p: float) -> bool:
    """Whether a piece of pen line (not a dot) runs out from under the number printed in the box (``inner``:
    :func:`_inner_print`).

    Pen as dark as the print is lost where it crosses it: a slash drawn mostly over the number shows only
    a tip beyond it, as short as a stray dot.  A dot beside the number, cut by it, leaves a crescent
    along the print; the tip of a line reaches straight out of it (from the print grown by REF_GROW_MM,
    which is where pen is seen at all), further than the line is wide."""
    if not inner.any():
        return False
    grow = max(1, round(REF_GROW_MM * p))
    away = cv2.distanceTransform((~inner).astype(np.uint8), cv2.DIST_L2, 3)  # px from the printed number
    _, labels, stats, _ = cv2.connectedComponentsWithStats(pen.astype(np.uint8), connectivity=8)
    for i in np.unique(labels[pen & (away <= grow + 2)]):
        a = int(stats[i, cv2.CC_STAT_AREA])
        if a < MIN_PIECE_MM2 * p * p:
            continue
        piece = labels == i
        (_, _), (rw, rh), _ = cv2.minAreaRect(np.argwhere(piece).astype(np.float32))
        width = a / (max(rw, rh) + 1)
        reach = float(away[piece].max()) - grow
        if reach >= TIP_REACH * width and reach >= TIP_MIN_MM * p:
            return True
    return False


def read_mark(dark: np.ndarray, zones: np.ndarray | None, spec: BoxSpec, p: float,
              rgb: np.ndarray | None = None, inside: MarksInBoxes | None = None) -> BoxReading:
    """Crossed or not (``zones``: :func:`print_zones` of the sheet).

    ``rgb`` and ``inside`` (:func:`marks_in_boxes` of the cross boxes: their printed numbers): where the
    pen runs over the box's printed number, the part of it that is off the print's colour counts as pen
    too, so a slash lying mostly over the number is not taken for the dot left beside it."""
    sy, sx = _box_crop(dark, spec, p, 0.1)
    extra = _pen_at(dark, zones, sy, sx, p)
    hue = None if inside is None else inside.hues.get(spec.area)
    inner = None if inside is None else _inner_print(inside.printed[sy, sx])  # the box's printed number
    if inner is not None and hue is not None and rgb is not None and rgb.ndim == 3 and extra.any():
        extra = extra | _pen_over_print(rgb[sy, sx], dark[sy, sx], inner, extra, hue, p)
    side = min(spec.w, spec.h) * p
    st = _strokes(extra, side, p)
    prob = _mark_probability(st)
    if prob < UNDER_PRINT_DOUBT and inner is not None and st.pieces and _line_runs_under_print(extra, inner, p):
        prob = UNDER_PRINT_DOUBT
    return _mark_reading(spec, st, prob)


def read_marks(dark: np.ndarray, zones: np.ndarray | None, specs: Sequence[BoxSpec], p: float) -> list[BoxReading]:
    """:func:`read_mark` of each box, without the colour image: the same readings, the pen of every box
    found at once (:func:`box_pens`, :func:`strokes_each`)."""
    pens = box_pens(dark, zones, [_box_crop(dark, s, p, 0.1) for s in specs], p)
    strokes = strokes_each(pens, [min(s.w, s.h) * p for s in specs], p)
    return [_mark_reading(s, st, _mark_probability(st)) for s, st in zip(specs, strokes, strict=True)]


def _mark_reading(spec: BoxSpec, st: Strokes, prob: float) -> BoxReading:
    value = prob >= 0.5
    conf = prob if value else 1 - prob
    alts = ((value, conf), (not value, 1 - conf))
    return BoxReading(spec, value, conf, alts, {"span": st.span, "coverage": st.coverage, "pieces": st.pieces,
                                                 "largest": st.largest, "round": st.round})


RING_BINS = 24  # a loop is measured by how many of these sectors round a circle hold it
LOOP_THICKER_MM = 0.15  # a loop drawn along a printed circle makes its line this much thicker, at least
INK_INSIDE = 0.75  # highest confidence of "earned" or "empty" with pen seen inside the circle
CROSS_REACH = 0.6  # a cross is looked for this far (radii) from the circle's centre
RING_BASE_SHARE = 0.1  # the sheet's unwritten rings: the thinnest tenth of every sector of every circle


@dataclass(frozen=True)
class _Ring:
    """The pixels round one printed circle: the sector of each, and which are nearer this circle than
    its neighbours' (ink closer to another circle belongs to that one)."""

    sy: slice
    sx: slice
    dist: np.ndarray  # mm from the centre
    sector: np.ndarray  # 0 .. RING_BINS-1
    band: np.ndarray  # 0.8 r .. 1.6 r and nearer this circle
    r: float


def _ring(dark: np.ndarray, spec: BoxSpec, p: float, neighbours: Sequence[BoxSpec]) -> _Ring:
    return _ring_at(dark.shape[:2], spec, p, tuple(neighbours))


@functools.lru_cache(maxsize=128)  # some 100 kB a circle: a layout's 14 in 1.4 MB, at most 13 MB kept
def _ring_at(shape: tuple[int, ...], spec: BoxSpec, p: float, neighbours: tuple[BoxSpec, ...]) -> _Ring:
    """:func:`_ring` on a sheet of ``shape``: geometry alone, the same for every sheet of a layout (it took a
    twentieth of reading a sheet), so kept, its arrays read-only."""
    cx, cy = spec.x + spec.w / 2, spec.y + spec.h / 2
    r = spec.w / 2
    reach = 1.6 * r
    sy, sx = _roi_in(shape, cx - reach, cy - reach, 2 * reach, 2 * reach, p)
    yy, xx = np.mgrid[sy, sx]
    px, py = (xx + 0.5) / p, (yy + 0.5) / p
    dist = np.hypot(px - cx, py - cy)
    nearest = np.ones(dist.shape, bool)
    for o in neighbours:
        ox, oy = o.x + o.w / 2, o.y + o.h / 2
        # A pixel of the band (at most 1.6 r from this centre) is nearer a centre more than 3.2 r away
        # only if it is nearer this one: such neighbours change nothing, and cost a full-size hypot each.
        if o is spec or np.hypot(ox - cx, oy - cy) > 2 * 1.6 * r:
            continue
        nearest &= dist <= np.hypot(px - ox, py - oy)
    sector = ((np.arctan2(py - cy, px - cx) + np.pi) / (2 * np.pi) * RING_BINS).astype(np.intp) % RING_BINS
    band = nearest & (dist >= 0.8 * r) & (dist <= 1.6 * r)
    for a in (dist, sector, band):
        a.setflags(write=False)
    return _Ring(sy, sx, dist, sector, band, r)


def _ring_thickness(dark: np.ndarray, printed: np.ndarray, ring: _Ring, p: float) -> np.ndarray:
    """Per sector: how much thicker (px) the dark line round the circle is than the printed one, or NaN
    where the sector holds too little of the printed circle to tell (cut off by a neighbour).

    A loop drawn tight round a printed circle runs partly on top of its line, where darkness cannot
    tell pen from print; but it makes the line thicker there.  Misregistration moves the line inside
    the band without making it thicker, so this needs no exact alignment."""
    band = ring.band
    sec = ring.sector[band]
    ink = np.bincount(sec[dark[ring.sy, ring.sx][band] > INK], minlength=RING_BINS)
    line = np.bincount(sec[printed[ring.sy, ring.sx][band] >= 200], minlength=RING_BINS).astype(float)
    thick = (ink - line) / (2 * np.pi * ring.r * p / RING_BINS)
    thick[line < 0.7 * np.median(line)] = np.nan
    return thick


def _loop_reading(spec: BoxSpec, ink: np.ndarray, ring: _Ring, thicker: np.ndarray | None, st: Strokes
                  ) -> BoxReading:
    """A printed circle: looped round (earned) and maybe crossed out (used).

    ``ink``: the pen round it (:func:`box_pen` over ``ring``'s crop); ``thicker``: per sector, whether the
    printed line is thicker than on the sheet's unwritten circles (:func:`read_loops` works both out); a
    sector counts as looped when it holds pen or is thicker.  ``st``: the strokes of ``ink`` within
    CROSS_REACH of the centre."""
    hit = np.zeros(RING_BINS, bool)
    hit[ring.sector[ink & ring.band]] = True
    if thicker is not None:
        hit |= thicker
    around = float(hit.mean())
    p_cross = _mark_probability(st)
    p_loop = _sig((around - 0.6) / 0.06)
    if p_cross >= 0.5:
        # A crossed-out circle is a used action; without its loop it is still used (it must have been
        # earned), but that is unusual enough to be checked.
        value, conf = "used", p_cross * (1.0 if p_loop >= 0.5 else 0.6)
        alts = (("used", conf), ("earned" if p_loop >= 0.5 else "empty", 1 - conf))
    else:
        # Ink in the middle that is no cross (bits of a faint pencil cross over the printed icon, a
        # dot) is not nothing: a person looks.
        doubt = INK_INSIDE if st.pieces else 1.0
        if p_loop >= 0.5:
            value, conf = "earned", min(p_loop, 1 - p_cross, doubt)
            alts = (("earned", conf), ("empty" if 1 - p_loop > p_cross and not st.pieces else "used", 1 - conf))
        else:
            value, conf = "empty", min(1 - p_loop, 1 - p_cross, doubt)
            alts = (("empty", conf), ("earned" if p_loop > p_cross else "used", 1 - conf))
    return BoxReading(spec, value, conf, alts, {"around": around, "cross_span": st.span, "cross_coverage": st.coverage})


def read_loops(dark: np.ndarray, zones: np.ndarray | None, printed: np.ndarray | None, specs: Sequence[BoxSpec],
               p: float) -> list[BoxReading]:
    """Every action circle of a sheet (``printed``: the reference at the sheet's size, not grown).

    How thick an unwritten printed circle looks depends on the print, the scan and the blur, so it is
    measured on the sheet itself: the thinnest tenth of all sectors of all its circles (a sheet where
    nine in ten of them are looped all round loses this help and falls back on the pen seen)."""
    rows = {s.area: [o for o in specs if o.area == s.area] for s in specs}
    rings = [_ring(dark, s, p, rows[s.area]) for s in specs]
    faint = _faint_print_levels(dark, printed, rows, p)
    thicker: list[np.ndarray | None] = [None] * len(specs)
    if printed is not None and specs:
        thick = [_ring_thickness(dark, printed, g, p) for g in rings]
        seen = np.concatenate(thick)
        seen = seen[~np.isnan(seen)]
        if seen.size:
            base = float(quantile(seen, RING_BASE_SHARE))
            thicker = [np.nan_to_num(t - base, nan=0.0) >= LOOP_THICKER_MM * p for t in thick]
    # Over faint print, pen must be as dark as its row's level: the pen round the circles of each level at once.
    inks: list[np.ndarray] = [np.zeros(0, bool)] * len(specs)
    levels: dict[float, list[int]] = {}
    for n, s in enumerate(specs):
        levels.setdefault(faint.get(s.area, PEN_OVER_FAINT), []).append(n)
    for level, ns in levels.items():
        for n, ink in zip(ns, box_pens(dark, zones, [(rings[n].sy, rings[n].sx) for n in ns], p, level), strict=True):
            inks[n] = ink
    # The cross: strokes through the middle of the circle.  Not out to its line: a neighbour's loop,
    # drawn wide, reaches about 0.7 r into this circle.
    crosses = strokes_each([ink & (g.dist <= CROSS_REACH * g.r) for ink, g in zip(inks, rings, strict=True)],
                           [2 * CROSS_REACH * g.r * p for g in rings], p)
    return [_loop_reading(s, ink, g, t, st)
            for s, ink, g, t, st in zip(specs, inks, rings, thicker, crosses, strict=True)]


FAINT_TOP = 0.99  # a circle's faint print is as dark as this share of its pixels ...
FAINT_SHARE = 0.3  # ... on the lightest third of a row's circles (the others may hold pen) ...
FAINT_MARGIN = 0.1  # ... and pen over it is darker than that by this much at least


def _faint_print_levels(dark: np.ndarray, printed: np.ndarray | None, rows: dict[str, list[BoxSpec]], p: float
                        ) -> dict[str, float]:
    """Per row of circles, how dark ink over its faint print (the icons in the circles) must be to count
    as pen: measured on this sheet, never more than PEN_OVER_FAINT asks.

    The faint print of a clean scan is far lighter than PEN_OVER_FAINT, which loses a pencil cross
    over the icon (and a soft photo makes the pencil lighter still); the icon repeats in every circle
    of a row, so its darkness is measured where the fewest circles hold pen."""
    if printed is None:
        return {}
    out = {}
    for area, specs in rows.items():
        tops = []
        for s in specs:
            sy, sx = _roi(dark, s.x, s.y, s.w, s.h, p)
            seen = dark[sy, sx][printed[sy, sx] == 128]
            if seen.size:
                tops.append(float(quantile(seen, FAINT_TOP)))
        if tops:
            out[area] = min(PEN_OVER_FAINT, max(INK, float(quantile(np.asarray(tops), FAINT_SHARE)) + FAINT_MARGIN))
    return out


def _number_region(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float
                   ) -> tuple[tuple[slice, slice], np.ndarray, np.ndarray, np.ndarray, bool]:
    """(where, darkness, pen, hidden, unseen) inside a number box.

    ``hidden``: what is dark but not pen (print, and pen over print), painted over from around.
    ``unseen``: the pen runs into a mark printed inside the box (a doubled box's "x2"), where what it
    wrote cannot be told from the print by darkness alone (:func:`number_crop` looks at the colours).
    """
    sy, sx = _box_crop(dark, spec, p)
    d, pen = dark[sy, sx], ref[sy, sx]
    hidden = (d > INK) & ~pen
    mark = hidden & _inside(pen.shape)
    if not mark.any() or not pen.any():
        return (sy, sx), d, pen, hidden, False
    near_pen = cv2.dilate(pen.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    return (sy, sx), d, pen, hidden, int((near_pen & mark).sum()) >= TOUCH_MM2 * p * p


def _inside(shape: tuple[int, ...]) -> np.ndarray:
    """The crop of a number box less a band along its edges: print there is the box's outline, not a
    mark printed in it."""
    h, w = shape[:2]
    edge = max(2, round(0.12 * min(h, w)))
    out = np.zeros((h, w), bool)
    out[edge:h - edge, edge:w - edge] = True
    return out


MARK_CORE_PX = 6  # a printed mark inside a box must show this many pixels clear of its edges to be measured
OFF_HUE = 0.2  # ink this far (channel darkness) off the printed mark's colour is not the mark alone
OFF_FULL = 0.3  # pen over the mark shows at its full darkness from OFF_HUE / 2 + this off its colour
# A pen whose strokes lie this close to a printed mark's colour (median, :func:`_off_colour`) cannot be told from
# the mark where it crosses it: the writing under the mark may be lost (a red 4 over an orange "x2" read as a
# sure 6, 2026-12-04: its pen at 0.199).  House value: on a synthetic box, every pen colour whose stroke across
# the mark :func:`number_crop` carried less than half of lay below it (a sweep of 2133 colours).
PEN_LIKE_PRINT = 0.36
UNSEEN_CAP = 0.89  # the highest confidence of a number with strokes unseen under print: below CONFIDENT (0.9)


@dataclass(frozen=True)
class MarksInBoxes:
    """The marks printed inside number boxes (a doubled box's "x2"): where the layout prints ink
    (``printed``: its reference at the sheet's size, not grown) and, per area, the colour its marks have
    on this sheet (:func:`marks_in_boxes`)."""

    printed: np.ndarray
    hues: dict[str, np.ndarray]


def _box_crop(img: np.ndarray, spec: BoxSpec, p: float, share: float = 0.06) -> tuple[slice, slice]:
    """A box's inside, ``share`` of its side in from its outline (a number box's writing is read from 0.06
    in; a cross, and whether a number box holds any stroke, from 0.1 in)."""
    inset = share * min(spec.w, spec.h)
    return _roi(img, spec.x + inset, spec.y + inset, spec.w - 2 * inset, spec.h - 2 * inset, p)


def _inner_print(printed: np.ndarray) -> np.ndarray:
    """The print in a number box's crop that is not joined to the crop's edges: a mark printed inside the
    box, not its outline."""
    ink = (printed >= 200).astype(np.uint8)
    if not (ink & _inside(ink.shape)).any():  # most boxes: print along the edges only, no labelling needed
        return np.zeros(ink.shape, bool)
    _, labels = cv2.connectedComponents(ink, connectivity=8)
    edges = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return ink.astype(bool) & ~np.isin(labels, edges)


def _channel_darkness(rgb: np.ndarray, where: np.ndarray | None = None) -> np.ndarray:
    """0 (paper) .. 1 per pixel and channel of a box's crop, paper being the crop's brightest tenth in that
    channel (a box's inside is mostly paper; a light cast or gradient differs from box to box).  ``where``:
    only the pixels of this mask, in a list (the paper is still measured on the whole crop)."""
    paper = np.maximum(channel_quantiles_u8(rgb, 90 / 100), 30.0)  # np.percentile(px, 90, axis=0)
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
        if int(core.sum()) >= MARK_CORE_PX:
            pooled.setdefault(s.area, []).append(_channel_darkness(rgb[sy, sx], core))
    hues = {}
    for area, parts in pooled.items():
        px = np.concatenate(parts)
        px = px[px.sum(axis=1) > 0.3]  # too light to have a colour
        if len(px) >= MARK_CORE_PX:
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
    over = mark & (off > OFF_HUE)
    return _reaching(pen, over) & over, off


def _off_colour(rgb: np.ndarray, hue: np.ndarray) -> np.ndarray:
    """Per pixel, how far its darkness per channel is off print of colour ``hue`` (a unit vector)."""
    cd = _channel_darkness(rgb)
    return np.linalg.norm(cd - (cd @ hue)[..., None] * hue, axis=-1)


def _around_print(inner: np.ndarray, p: float) -> np.ndarray:
    """Print inside a box grown as far as the reference was grown (REF_GROW_MM), and a pixel."""
    r = max(1, round(REF_GROW_MM * p)) + 1
    return cv2.dilate(inner.astype(np.uint8), _ellipse(2 * r + 1)).astype(bool)


def _pen_over_print(rgb: np.ndarray, d: np.ndarray, inner: np.ndarray, pen: np.ndarray, hue: np.ndarray,
                    p: float) -> np.ndarray:
    """Where, over and around the number printed in a box (``inner``: :func:`_inner_print`; colour ``hue``),
    pen lies that darkness alone takes for print: ink off the print's colour that reaches the pen seen in the
    box, through the dark print in between (a line over a printed number shows, off its colour, only in the
    gaps and holes of the digits, which the grown reference counts as print)."""
    if not inner.any():
        return np.zeros(pen.shape, bool)
    dark_print = _around_print(inner, p) & (d > INK) & ~pen
    return _reaching(pen, dark_print) & dark_print & (_off_colour(rgb, hue) > OFF_HUE)


def number_crop(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                inside: MarksInBoxes | None = None) -> np.ndarray:
    """The box's inside as grayscale (paper white), printed ink painted white; pen strokes that cross
    print inside the box carried across it (inpainted from around).

    ``inside``: the marks printed inside boxes (:func:`marks_in_boxes`): where the pen runs over such a
    mark, it is told from the print by colour and kept, as dark as the rest of its strokes."""
    (sy, sx), d, pen, hidden, _ = _number_region(dark, ref, spec, p)
    ink = d * pen
    hue = None if inside is None else inside.hues.get(spec.area)
    if hue is not None and rgb.ndim == 3 and pen.any() and hidden.any():
        inner = _inner_print(inside.printed[sy, sx])  # type: ignore[union-attr]
        if inner.any():
            over, off = _pen_over_mark(rgb[sy, sx], hidden & _around_print(inner, p), pen, hue)
            if over.any():
                # as dark as the pen's other strokes where fully off the mark's colour, lighter where the
                # pen only grazes the mark (its edge): a stroke neither blotted nor thinned
                seen = float(np.median(d[pen])) * np.clip((off - OFF_HUE / 2) / OFF_FULL, 0.0, 1.0)
                ink = np.where(over, seen, ink)
                pen, hidden = pen | over, hidden & ~over
    crop = (255 * (1 - ink)).astype(np.uint8)
    if pen.any() and hidden.any():
        crop = cv2.inpaint(crop, hidden.astype(np.uint8), max(1.0, 0.3 * p), cv2.INPAINT_TELEA)
    return crop


def hidden_by_print(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> bool:
    """Whether the writing runs into a mark printed inside the box (see :func:`_number_region`), where
    darkness alone cannot tell pen from print."""
    return _number_region(dark, ref, spec, p)[4]


def unseen_under_print(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                       inside: MarksInBoxes | None) -> bool:
    """Whether strokes of the writing may lie unseen under a mark printed inside the box: the pen runs into
    the mark (:func:`hidden_by_print`) and its colour cannot be told from the mark's (a grey image, or a pen
    within :data:`PEN_LIKE_PRINT` of the mark's colour), so :func:`number_crop` could not carry it across."""
    return _print_in_the_way(rgb, dark, ref, spec, p, inside)[1]


def _print_in_the_way(rgb: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float,
                      inside: MarksInBoxes | None) -> tuple[bool, bool]:
    """(:func:`hidden_by_print`, :func:`unseen_under_print`) from one look at the box."""
    (sy, sx), _, pen, _, touching = _number_region(dark, ref, spec, p)
    if not touching:
        return False, False
    hue = None if inside is None else inside.hues.get(spec.area)
    if hue is None or rgb.ndim != 3:
        return True, True
    return True, float(np.median(_off_colour(rgb[sy, sx], hue)[pen])) < PEN_LIKE_PRINT


def number_is_empty(ref: np.ndarray, spec: BoxSpec, p: float) -> tuple[bool, float]:
    """(empty, confidence) without the digit model: no stroke at all means an empty box (``ref``: the pen
    on the sheet, :func:`pen_ink`)."""
    return numbers_empty(ref, [spec], p)[0]


def numbers_empty(ref: np.ndarray, specs: Sequence[BoxSpec], p: float) -> list[tuple[bool, float]]:
    """:func:`number_is_empty` of each box, the strokes of all measured at once (:func:`strokes_each`)."""
    crops = [ref[_box_crop(ref, s, p, 0.1)] for s in specs]
    return [(True, 0.99) if st.pieces == 0 or st.span < 0.12 else (False, 0.0)
            for st in strokes_each(crops, [min(s.w, s.h) * p for s in specs], p)]


def read_boxes(rgb: np.ndarray, specs: Sequence[BoxSpec], ref: np.ndarray | None, px_per_mm: float,
               numbers: NumberReader | None, overview: np.ndarray | None = None) -> list[BoxReading]:
    """Read every box of a rectified sheet (``rgb``: the sheet at ``px_per_mm``, origin top-left; only its
    :func:`read_parts` are looked at).

    ``ref``: where the blank sheet has ink (any resolution; resized here), or None.
    ``numbers``: the digit reader; without it every written number is unread (confidence 0).
    ``overview``: the whole sheet at a lower resolution, where the paper level is measured (:func:`darkness`;
    needed for a sheet rectified in parts).
    """
    p = px_per_mm
    dark = darkness(rgb, p, overview, read_parts(specs, rgb.shape, p))
    print_ = None if ref is None else sheet_print(ref, dark.shape, p)
    printed, zones = (None, None) if print_ is None else (print_.printed, print_.zones)
    cores = None if print_ is None else print_.cores
    number_boxes = [s for s in specs if s.read == "number"]
    refm = _pen_in_boxes(dark, zones, number_boxes, p)
    loops = [s for s in specs if s.read == "loop"]
    inside = marks_in_boxes(rgb, printed, specs, p, cores=cores)
    numbered: dict[str, MarksInBoxes | None] = {}  # per area, measured when a box first needs it: most never do
    looped = dict(zip(map(id, loops), read_loops(dark, zones, printed, loops, p), strict=True))
    crosses = [s for s in specs if s.read == "mark"]
    seen = dict(zip(map(id, crosses), read_marks(dark, zones, crosses, p), strict=True))
    blank = dict(zip(map(id, number_boxes), numbers_empty(refm, number_boxes, p), strict=True))
    out: list[BoxReading] = []
    written: list[tuple[int, np.ndarray]] = []  # (place in out, crop) of each number box with writing
    for s in specs:
        if s.read == "mark":
            r = seen[id(s)]
            if r.features["pieces"] and not (r.value and r.confidence >= SURE_CROSS):
                if s.area not in numbered:
                    numbered[s.area] = marks_in_boxes(rgb, printed, [b for b in specs if b.area == s.area], p,
                                                      read="mark", cores=cores)
                r = read_mark(dark, zones, s, p, rgb, numbered[s.area])
            out.append(r)
        elif s.read == "loop":
            out.append(looped[id(s)])
        else:
            empty, conf = blank[id(s)]
            if empty:
                out.append(BoxReading(s, None, conf, ((None, conf),)))
                continue
            if numbers is not None:
                written.append((len(out), number_crop(rgb, dark, refm, s, p, inside)))
            out.append(BoxReading(s, None, 0.0, ()))  # unread, unless the reader below reads it
    # every written number at once: the reader classifies all their parts in one pass
    readings = [] if numbers is None or not written else \
        list(numbers([c for _, c in written], [out[n].spec.allowed for n, _ in written]))
    if len(readings) != len(written):
        raise ValueError(f"the number reader read {len(readings)} boxes of the {len(written)} it was given")
    for (n, _), reading in zip(written, readings, strict=True):
        s = out[n].spec
        # Writing that runs into the print is only recorded where the pen's colour carried it across (capping
        # every such reading flagged most doubled boxes of clean sheets); where it could not be, capped.
        hidden, unseen = _print_in_the_way(rgb, dark, refm, s, p, inside)
        out[n] = _number_box(s, reading, {"hidden_by_print": float(hidden), "unseen_under_print": float(unseen)})
    return out


def _number_box(s: BoxSpec, reading: NumberReading, features: dict[str, float]) -> BoxReading:
    alts = tuple((v, float(c)) for v, c in reading.alternatives)
    conf = float(reading.confidence)
    if reading.value is None:
        # strokes were seen above: "empty" is then never taken on the model's word alone
        conf = min(conf, WRITTEN_BUT_EMPTY)
    elif features.get("unseen_under_print"):
        conf = min(conf, UNSEEN_CAP)
    return BoxReading(s, reading.value, conf, alts, features, reading)


def adapt_numbers(readings: Sequence[BoxReading], sure: Sequence[bool]) -> list[BoxReading]:
    """The unsure number boxes read again beside the same writer's ``sure`` ones (the caller, who knows the
    sheet, says which are sure: read surely, or confirmed by its own checks); see
    :func:`printkit.engine.scan.digits.adapt`. Boxes not read by the bundled reader stay as they are."""
    from printkit.engine.scan.digits import Reading, adapt

    mine = [n for n, r in enumerate(readings) if isinstance(r.number, Reading) and r.number.basis is not None]
    if not mine:
        return list(readings)
    again = adapt([readings[n].number for n in mine], [sure[n] for n in mine])  # type: ignore[misc]
    out = list(readings)
    for n, a in zip(mine, again, strict=True):
        if a is not readings[n].number and a is not None:
            out[n] = _number_box(readings[n].spec, a, readings[n].features)
    return out
