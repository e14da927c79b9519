"""Read what a pen did to each box of a rectified sheet.

Knows no game.  A box is read one of three ways (:class:`BoxSpec` ``read``):

* ``mark``: crossed (an X or a single slash) or not.  Printed ink (from the layout's reference
  image) is taken out first, then only strokes count: pieces of ink at least a fifth of the box
  long.  A stray dot, a smudge lighter than pen ink, or a speck does not make a cross.
* ``loop``: a printed circle that is circled (a loop around it: ``earned``) and maybe crossed out
  (``used``); ink round the circle is measured by how much of the way round it goes.
* ``number``: handwriting, handed to the digit model as a grayscale crop (printed ink painted
  white); an empty box is recognised here without the model.

Every reading has a confidence (0..1) and the ranked alternatives, so a caller can list what was not
read with confidence instead of guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import cv2
import numpy as np

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


class NumberReading:
    """What a number reader returns (duck type of ``printkit.engine.scan.digits.Reading``)."""

    value: int | None
    confidence: float
    alternatives: tuple[tuple[int | None, float], ...]


NumberReader = Callable[[np.ndarray, Sequence[int]], "NumberReading"]


def darkness(rgb: np.ndarray, px_per_mm: float) -> np.ndarray:
    """0 (paper) .. 1 (black) per pixel, corrected for uneven light.

    Uses the darkest channel, so red, blue and green pens count as dark as black ones; the paper
    level is the brightest value within about 3 mm (a box's white inside), smoothed.
    """
    # channel by channel in OpenCV: numpy's min over the last axis of a whole sheet is ten times slower
    r, g, b = cv2.split(rgb)
    m = cv2.min(cv2.min(r, g), b).astype(np.float32)
    # The paper level varies slowly: measure it on a quarter-size copy (four times less work).
    small = cv2.resize(m, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = max(3, int(0.8 * px_per_mm) | 1)
    bg = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    bg = cv2.GaussianBlur(bg, (0, 0), k / 2)
    bg = cv2.resize(np.maximum(bg, 30.0), (m.shape[1], m.shape[0]), interpolation=cv2.INTER_LINEAR)
    out = cv2.divide(m, bg)
    np.subtract(1.0, out, out=out)
    return np.clip(out, 0.0, 1.0, out=out)


PEN_OVER_FAINT = 0.62  # over faint print (grey icons), only ink darker than this is pen


def pen_ink(dark: np.ndarray, ref: np.ndarray | None, px_per_mm: float) -> np.ndarray:
    """Where the pen wrote: dark enough, and not where the blank sheet has dark print.

    ``ref`` is the layout's reference (255 dark print, 128 faint print, 0 blank; any resolution),
    grown by REF_GROW_MM so small rectification errors do not turn print into pen.
    """
    ink = dark > INK
    if ref is None:
        return ink
    big = cv2.resize(ref, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_NEAREST)
    r = max(1, round(REF_GROW_MM * px_per_mm))
    big = cv2.dilate(big, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
    return ink & (big < 200) & ((big < 64) | (dark > PEN_OVER_FAINT))


def _sig(x: float) -> float:
    return float(1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, x)))))


MIN_PIECE_MM2 = 0.12  # ink pieces smaller than this are noise, not pen


def _strokes(extra: np.ndarray, side: float, p: float) -> tuple[float, float, int, float]:
    """(span, coverage, pieces, largest) of the pen ink in a box: span = extent of all pieces together
    / side, coverage = their pixels / side / the thinnest pen line (about strokes x their length in
    sides), largest = the extent of the biggest piece / side.  Printed ink cuts a cross into pieces,
    so the pieces are taken together; a lone dot is one small piece."""
    n, _, stats, _ = cv2.connectedComponentsWithStats(extra.astype(np.uint8), connectivity=8)
    x0 = y0 = 10**9
    x1 = y1 = -1
    pixels = 0
    count = 0
    largest = 0
    min_px = MIN_PIECE_MM2 * p * p
    for i in range(1, n):
        x, y, w, h, a = stats[i]
        if a < min_px:
            continue
        count += 1
        pixels += int(a)
        largest = max(largest, int(max(w, h)))
        x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    if count == 0:
        return 0.0, 0.0, 0, 0.0
    return max(x1 - x0, y1 - y0) / side, pixels / side / (0.3 * p), count, largest / side


def _mark_probability(span: float, coverage: float, pieces: int, largest: float) -> float:
    """Probability the box is crossed.  A cross or slash spans a good part of the box with a pen
    line's worth of ink; nothing, a dot or a speck spans far less."""
    if pieces == 1 and largest < 0.22:  # one small blob: a dot
        return 0.02
    return min(_sig((span - 0.3) / 0.04), _sig((coverage - 0.55) / 0.1))


def _roi(img: np.ndarray, x: float, y: float, w: float, h: float, p: float) -> tuple[slice, slice]:
    H, W = img.shape[:2]
    return (slice(max(0, round(y * p)), min(H, round((y + h) * p))),
            slice(max(0, round(x * p)), min(W, round((x + w) * p))))


def read_mark(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> BoxReading:
    inset = 0.1 * min(spec.w, spec.h)
    sy, sx = _roi(dark, spec.x + inset, spec.y + inset, spec.w - 2 * inset, spec.h - 2 * inset, p)
    extra = ref[sy, sx]
    side = min(spec.w, spec.h) * p
    span, coverage, n, largest = _strokes(extra, side, p)
    prob = _mark_probability(span, coverage, n, largest)
    value = prob >= 0.5
    conf = prob if value else 1 - prob
    alts = ((value, conf), (not value, 1 - conf))
    return BoxReading(spec, value, conf, alts, {"span": span, "coverage": coverage, "pieces": n, "largest": largest})


def read_loop(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float, neighbours: Sequence[BoxSpec]
              ) -> BoxReading:
    """A printed circle: looped round (earned) and maybe crossed out (used)."""
    cx, cy = spec.x + spec.w / 2, spec.y + spec.h / 2
    r = spec.w / 2
    reach = 1.6 * r
    sy, sx = _roi(dark, cx - reach, cy - reach, 2 * reach, 2 * reach, p)
    ink = ref[sy, sx]
    yy, xx = np.mgrid[sy, sx]
    px, py = (xx + 0.5) / p, (yy + 0.5) / p
    dist = np.hypot(px - cx, py - cy)
    nearest = np.ones_like(ink)
    for o in neighbours:  # ink closer to another circle belongs to that one
        if o is spec:
            continue
        ox, oy = o.x + o.w / 2, o.y + o.h / 2
        nearest &= dist <= np.hypot(px - ox, py - oy)
    ring = ink & nearest & (dist >= 0.8 * r) & (dist <= 1.6 * r)
    ang = np.arctan2(py[ring] - cy, px[ring] - cx)
    bins = 24
    hit = np.zeros(bins, bool)
    hit[((ang + np.pi) / (2 * np.pi) * bins).astype(int) % bins] = True
    around = float(hit.mean())
    # The cross: strokes inside the circle.
    inner = ink & (dist <= 0.9 * r)
    span, coverage, n, largest = _strokes(inner, 1.8 * r * p, p)
    p_cross = _mark_probability(span, coverage, n, largest)
    p_loop = _sig((around - 0.45) / 0.06)
    if p_cross >= 0.5:
        # A crossed-out circle is a used action; without its loop it is still used (it must have been
        # earned), but that is unusual enough to be checked.
        value, conf = "used", p_cross * (1.0 if p_loop >= 0.5 else 0.6)
        alts = (("used", conf), ("earned" if p_loop >= 0.5 else "empty", 1 - conf))
    elif p_loop >= 0.5:
        value, conf = "earned", min(p_loop, 1 - p_cross)
        alts = (("earned", conf), ("empty" if 1 - p_loop > p_cross else "used", 1 - conf))
    else:
        value, conf = "empty", min(1 - p_loop, 1 - p_cross)
        alts = (("empty", conf), ("earned" if p_loop > p_cross else "used", 1 - conf))
    return BoxReading(spec, value, conf, alts, {"around": around, "cross_span": span, "cross_coverage": coverage})


def _number_region(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """(darkness, pen, hidden, unseen) inside a number box.

    ``hidden``: what is dark but not pen (print, and pen over print), painted over from around.
    ``unseen``: the pen runs into a mark printed inside the box (a doubled box's "x2"), where what it
    wrote cannot be told from the print by darkness alone: part of the writing may be lost under it.
    """
    inset = 0.06 * min(spec.w, spec.h)
    sy, sx = _roi(dark, spec.x + inset, spec.y + inset, spec.w - 2 * inset, spec.h - 2 * inset, p)
    d, pen = dark[sy, sx], ref[sy, sx]
    hidden = (d > INK) & ~pen
    h, w = pen.shape
    edge = max(2, round(0.12 * min(h, w)))  # print along the box's edges is its outline, not a mark in it
    mark = hidden.copy()
    mark[:edge], mark[h - edge:], mark[:, :edge], mark[:, w - edge:] = False, False, False, False
    if not mark.any() or not pen.any():
        return d, pen, hidden, False
    near_pen = cv2.dilate(pen.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    return d, pen, hidden, int((near_pen & mark).sum()) >= TOUCH_MM2 * p * p


def number_crop(rgb_gray: np.ndarray, dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> np.ndarray:
    """The box's inside as grayscale (paper white), printed ink painted white; pen strokes that cross
    print inside the box carried across it (inpainted from around)."""
    d, pen, hidden, _ = _number_region(dark, ref, spec, p)
    crop = (255 * (1 - d * pen)).astype(np.uint8)
    if pen.any() and hidden.any():
        crop = cv2.inpaint(crop, hidden.astype(np.uint8), max(1.0, 0.3 * p), cv2.INPAINT_TELEA)
    return crop


def hidden_by_print(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> bool:
    """Whether part of the writing is unseen under a mark printed inside the box (see
    :func:`_number_region`): the reading then needs a person's eye."""
    return _number_region(dark, ref, spec, p)[3]


def number_is_empty(dark: np.ndarray, ref: np.ndarray, spec: BoxSpec, p: float) -> tuple[bool, float]:
    """(empty, confidence) without the digit model: no stroke at all means an empty box."""
    inset = 0.1 * min(spec.w, spec.h)
    sy, sx = _roi(dark, spec.x + inset, spec.y + inset, spec.w - 2 * inset, spec.h - 2 * inset, p)
    extra = ref[sy, sx]
    span, _, n, _ = _strokes(extra, min(spec.w, spec.h) * p, p)
    if n == 0 or span < 0.12:
        return True, 0.99
    return False, 0.0


def read_boxes(rgb: np.ndarray, specs: Sequence[BoxSpec], ref: np.ndarray | None, px_per_mm: float,
               numbers: NumberReader | None) -> list[BoxReading]:
    """Read every box of a rectified sheet (``rgb``: the sheet at ``px_per_mm``, origin top-left).

    ``ref``: where the blank sheet has ink (any resolution; resized here), or None.
    ``numbers``: the digit reader; without it every written number is unread (confidence 0).
    """
    p = px_per_mm
    dark = darkness(rgb, p)
    refm = pen_ink(dark, ref, p)  # the readers below take this: where the pen wrote
    loops = [s for s in specs if s.read == "loop"]
    out: list[BoxReading] = []
    for s in specs:
        if s.read == "mark":
            out.append(read_mark(dark, refm, s, p))
        elif s.read == "loop":
            same_row = [o for o in loops if o.area == s.area]
            out.append(read_loop(dark, refm, s, p, same_row))
        else:
            empty, conf = number_is_empty(dark, refm, s, p)
            if empty:
                out.append(BoxReading(s, None, conf, ((None, conf),)))
                continue
            if numbers is None:
                out.append(BoxReading(s, None, 0.0, ()))
                continue
            reading = numbers(number_crop(rgb, dark, refm, s, p), s.allowed)
            alts = tuple((v, float(c)) for v, c in reading.alternatives)
            conf = float(reading.confidence)
            if reading.value is None:
                # strokes were seen above: "empty" is then never taken on the model's word alone
                conf = min(conf, WRITTEN_BUT_EMPTY)
            # Recorded, not acted on: capping these readings flagged most doubled boxes of clean sheets,
            # and the wrong ones measured (a 12 read 10 with its foot under the "x2") stayed below 0.9.
            hidden = hidden_by_print(dark, refm, s, p)
            out.append(BoxReading(s, reading.value, conf, alts, {"hidden_by_print": float(hidden)}))
    return out
