"""Real handwritten digits set into the number boxes of a printed Ganz schön clever pad, as the scan reader
crops them: what the bench (``bench/bench_real_digits.py``), the trainer and the tests read real writing from.

The digits are the first 5,000 of the MNIST test set (``../shared/data/handwritten-digits``, beside the
repository; never copied into it). One writer's digits sit together there, so they are split by contiguous
blocks (:data:`SPLIT`), fixed before anything was measured:

- blocks 0-6 (digits 0-3499): training;
- block 7 (3500-3999): tuning: the confidence's calibration and every choice made while looking at figures;
- blocks 8-9 (4000-4999): held out: read once per model at the end, never looked at while deciding anything.

A box is made as a user's sheet makes it: the pad printkit prints, rendered at 300 dpi, the digits of a number
scaled to 5-8 mm tall (never taller than the box), written in a pen colour (multiply blend, as ink on paper) or
in pencil (light grey, grainy, low contrast), side by side with random gaps (touching or overlapping
sometimes); then captured as a flatbed scan (200-300 dpi, blur, noise, JPEG) or a phone photo (8.5-12 px/mm,
softer blur, a light gradient, a colour cast, stronger JPEG); then resampled to the rectified sheet's 8 px/mm,
a fraction of a millimetre off (rectification error), and cropped by ``numbers.crops.number_crop`` exactly as
``printkit scan`` crops a number box (print painted white, pen over print carried across).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "handwritten-digits" / "mnist-test-first5000.npz"
BLOCK = 500  # digits per block
SPLIT: dict[str, tuple[int, ...]] = {"train": (0, 1, 2, 3, 4, 5, 6), "tune": (7,), "held-out": (8, 9)}

PAGE_DPI = 300  # the pad rendered at this resolution: the writing drawn on it at the same
HEIGHT_MM = (5.0, 8.0)  # how tall people write a digit in these boxes (the measurement)
BOX_FILL = 0.97  # a digit is never taller than this share of its box (then it would cross the outline)
WIDTH_FILL = 0.92  # a number wider than this share of its box is written narrower
GAP = (-0.12, 0.3)  # space between digits, a share of their height (below 0: touching, overlapping)
PENCIL_SHARE = 0.15
PENS = ((28, 28, 34), (25, 55, 165), (20, 40, 110), (175, 35, 35), (20, 105, 55), (95, 40, 140))
PENCIL_GREY = (95, 165)  # a pencil's darkest grey on white paper: HB pressed hard .. light
MARGIN_MM = 4.0  # paper kept round a box (its neighbours' print included): the paper level is measured there
OFF_MM = 0.3  # rectification error: the reader's box sits this far off the printed one at most

Capture = Literal["scan", "photo"]


def data_path() -> Path:
    return DATA


def available() -> bool:
    return DATA.is_file()


def require() -> Path:
    """The data file; a clear error when it is missing (callers that may skip check :func:`available`)."""
    if not DATA.is_file():
        raise FileNotFoundError(f"real handwritten digits not found at {DATA} (shared/data beside the repository)")
    return DATA


@functools.cache
def load() -> tuple[np.ndarray, np.ndarray]:
    """(images (n, 28, 28) uint8 white on black, labels (n,))."""
    with np.load(require(), allow_pickle=False) as d:
        return d["images"], d["labels"].astype(int)


def indices(part: str) -> np.ndarray:
    """The digits' indexes of one part of :data:`SPLIT` (``train``, ``tune`` or ``held-out``)."""
    blocks = SPLIT[part]
    return np.concatenate([np.arange(b * BLOCK, (b + 1) * BLOCK) for b in blocks])


def digit_ink(index: int) -> np.ndarray:
    """One real digit as ink 0..1, cropped to its strokes."""
    images, _ = load()
    ink = images[index].astype(np.float32) / 255.0
    m = ink > 0.1
    rows, cols = np.flatnonzero(m.any(axis=1)), np.flatnonzero(m.any(axis=0))
    return ink[rows[0]: rows[-1] + 1, cols[0]: cols[-1] + 1]


# ---------------------------------------------------------------------------------------------------------------
# the printed pad


@dataclass(frozen=True)
class PadBox:
    """A number box of the printed pad: where it is, what it allows, and the pad around it."""

    spec: object  # marks.BoxSpec, in mm on the sheet
    page: np.ndarray  # RGB of the whole sheet at PAGE_DPI (shared, read-only)
    reference: np.ndarray  # the layout's print (255 dark, 128 faint, 0 blank) at ref_px_per_mm
    ref_px_per_mm: float


@functools.cache
def pad_boxes(lang: str = "en", ink_saver: bool = False) -> tuple[PadBox, ...]:
    """Every number box (orange, purple, score) of an A4 pad printkit prints, one sheet to a page."""
    import pypdfium2 as pdfium

    from devkit.ganz_schon_clever.pad import print_pad, sheet_origins
    from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
    from printkit.games.ganz_schon_clever.scan.tables import box_specs, box_table

    pad = print_pad("a4", 1, lang, ink_saver)
    doc = pdfium.PdfDocument(pad.pdf)
    try:
        page = doc[0]
        pw, ph = page.get_size()
        img = np.asarray(page.render(scale=PAGE_DPI / 72).to_pil().convert("RGB"))
    finally:
        doc.close()
    f = PAGE_DPI / 25.4
    sw, sh = pad.table["sheet"]["width"], pad.table["sheet"]["height"]
    ox, oy = sheet_origins((pw / 72 * 25.4, ph / 72 * 25.4), (sw, sh), 1)[0]
    sheet = img[round(oy * f):round((oy + sh) * f), round(ox * f):round((ox + sw) * f)].copy()
    sheet.setflags(write=False)
    bt = box_table(int(pad.table["layout_version"]), str(pad.table["format"]))
    specs = [s for s in box_specs(pad.table, load_gsc_game()) if s.read == "number"]
    return tuple(PadBox(s, sheet, bt.reference, bt.ref_px_per_mm) for s in specs)


# ---------------------------------------------------------------------------------------------------------------
# writing a number into a box


@dataclass(frozen=True)
class Written:
    crop: np.ndarray  # uint8 grayscale, as the reader gets it
    allowed: tuple[int, ...]
    value: int
    digits: tuple[int, ...]  # indexes of the real digits written, left to right
    height_mm: float
    pencil: bool
    capture: Capture
    area: str
    # each digit's ink (0..1) in the crop's pixels: what the trainer labels cut parts by
    layers: tuple[np.ndarray, ...] = ()


def pick_value(allowed: Sequence[int], rng: np.random.Generator) -> int:
    """A value the box allows: as often one, two or three digits long as the box allows them, then uniform."""
    by_len: dict[int, list[int]] = {}
    for v in allowed:
        by_len.setdefault(len(str(v)), []).append(v)
    lengths = sorted(by_len)
    k = lengths[int(rng.integers(len(lengths)))]
    return int(rng.choice(by_len[k]))


def pick_digits(value: int, pool: np.ndarray, rng: np.random.Generator) -> tuple[int, ...]:
    """For each digit of ``value``, a real digit with that label from ``pool`` (indexes)."""
    _, labels = load()
    out = []
    for c in str(value):
        of = pool[labels[pool] == int(c)]
        out.append(int(rng.choice(of)))
    return tuple(out)


def write(box: PadBox, value: int, digits: Sequence[int], rng: np.random.Generator,
          capture: Capture | None = None, pencil: bool | None = None, height_mm: float | None = None) -> Written:
    """``value`` written with the real ``digits`` into ``box``, captured and cropped as the reader crops it."""
    from printkit.engine.scan.locate.sheets import PX_PER_MM
    from printkit.engine.scan.marks.colour import marks_in_boxes
    from printkit.engine.scan.marks.paper import darkness
    from printkit.engine.scan.marks.printed import pen_ink
    from printkit.engine.scan.marks.regions import _box_crop
    from printkit.engine.scan.numbers.crops import number_crop

    spec = box.spec
    capture = capture or ("scan" if rng.random() < 0.5 else "photo")
    pencil = bool(rng.random() < PENCIL_SHARE) if pencil is None else pencil
    height_mm = float(rng.uniform(*HEIGHT_MM)) if height_mm is None else height_mm
    height_mm = min(height_mm, BOX_FILL * spec.h)  # type: ignore[attr-defined]
    f = PAGE_DPI / 25.4
    # the patch of the sheet round the box, at PAGE_DPI
    x0 = max(0, int((spec.x - MARGIN_MM) * f))  # type: ignore[attr-defined]
    y0 = max(0, int((spec.y - MARGIN_MM) * f))  # type: ignore[attr-defined]
    x1 = min(box.page.shape[1], int((spec.x + spec.w + MARGIN_MM) * f) + 1)  # type: ignore[attr-defined]
    y1 = min(box.page.shape[0], int((spec.y + spec.h + MARGIN_MM) * f) + 1)  # type: ignore[attr-defined]
    patch = box.page[y0:y1, x0:x1].astype(np.float32)
    bx, by = (spec.x * f - x0, spec.y * f - y0)  # type: ignore[attr-defined]
    alpha, layers = number_ink(patch.shape[:2], (bx, by, spec.w * f, spec.h * f), digits,  # type: ignore[attr-defined]
                               height_mm * f, rng)
    alpha, colour = pen_or_pencil(alpha, pencil, rng)
    patch = patch * (1 - alpha[..., None] * (1 - np.clip(colour, 0, 255) / 255.0))
    rgb, scale = _capture(patch, capture, rng)
    # the rectified sheet's pixels: the box a fraction of a mm off where the reader expects it
    p = PX_PER_MM
    off = rng.uniform(-OFF_MM, OFF_MM, 2)
    size = (round(rgb.shape[1] / scale * p / f), round(rgb.shape[0] / scale * p / f))
    rect = cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)
    local = replace(spec, x=bx / f + off[0], y=by / f + off[1])  # type: ignore[type-var]
    printed_ref = _reference_patch(box, x0 / f, y0 / f, rect.shape[:2], p)
    dark = darkness(rect, p)
    pen = pen_ink(dark, printed_ref, p)
    inside = marks_in_boxes(rect, printed_ref, [local], p)
    crop = number_crop(rect, dark, pen, local, p, inside)
    # each digit's ink in the crop's pixels
    sy, sx = _box_crop(dark, local, p)
    crop_layers = tuple(cv2.resize(layer, (rect.shape[1], rect.shape[0]), interpolation=cv2.INTER_AREA)[sy, sx]
                        for layer in layers)
    return Written(crop, tuple(spec.allowed), value, tuple(digits), height_mm, pencil, capture,  # type: ignore
                   spec.area, crop_layers)  # type: ignore[attr-defined]


def number_ink(shape: tuple[int, int], box_px: tuple[float, float, float, float], digits: Sequence[int],
               height_px: float, rng: np.random.Generator) -> tuple[np.ndarray, list[np.ndarray]]:
    """The real ``digits`` written side by side into a box (x, y, w, h in pixels of an image of ``shape``),
    ``height_px`` tall (each digit within 6% of it), random gaps (touching or overlapping sometimes), squeezed
    to fit the box's width: (the writing's ink 0..1, sharpened as a pen's edge; each digit's own ink)."""
    bx, by, bw, bh = box_px
    inks = [digit_ink(i) for i in digits]
    dh = height_px
    sizes = []
    for ink in inks:
        s = dh * rng.uniform(0.94, 1.06) / ink.shape[0]
        sizes.append((max(1, round(ink.shape[1] * s)), max(1, round(ink.shape[0] * s))))
    gaps = [float(rng.uniform(*GAP)) * dh for _ in inks[1:]]
    total = sum(w for w, _ in sizes) + sum(gaps)
    room = WIDTH_FILL * bw
    squeeze = min(1.0, room / max(total, 1.0))
    sizes = [(max(1, round(w * squeeze)), h) for w, h in sizes]
    gaps = [g * squeeze for g in gaps]
    total = sum(w for w, _ in sizes) + sum(gaps)
    x = bx + (bw - total) / 2 + rng.normal(0, 0.08) * max(0.0, bw - total)
    alpha = np.zeros(shape, np.float32)
    layers = []
    for (w, h), ink, gap in zip(sizes, inks, [*gaps, 0.0], strict=True):
        img = cv2.resize(ink, (w, h), interpolation=cv2.INTER_LINEAR if w > ink.shape[1] else cv2.INTER_AREA)
        y = by + (bh - h) / 2 + rng.normal(0, 0.05) * bh
        xi, yi = round(x), round(y)
        layer = np.zeros_like(alpha)
        ya, yb, xa, xb = max(0, yi), min(alpha.shape[0], yi + h), max(0, xi), min(alpha.shape[1], xi + w)
        if yb > ya and xb > xa:
            layer[ya:yb, xa:xb] = img[ya - yi: yb - yi, xa - xi: xb - xi]
        layers.append(layer)
        alpha = np.maximum(alpha, layer)
        x += w + gap
    # MNIST strokes are anti-aliased: sharpened a little, as a pen's edge is
    return np.clip((alpha - 0.15) / 0.6, 0.0, 1.0), layers


def pen_or_pencil(alpha: np.ndarray, pencil: bool, rng: np.random.Generator,
                  pen: tuple[float, float, float] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(the ink's strength, its RGB): light grainy pencil, or ``pen`` (by default one of :data:`PENS`, its
    darkness within 10%)."""
    if pencil:
        grey = float(rng.uniform(*PENCIL_GREY))
        grain = np.clip(rng.normal(1.0, 0.25, alpha.shape), 0.3, 1.3).astype(np.float32)
        return alpha * grain, np.array([grey, grey, grey + 6], np.float32)
    if pen is not None:
        return alpha, np.array(pen, np.float32)
    return alpha, np.array(PENS[int(rng.integers(len(PENS)))], np.float32) * rng.uniform(0.9, 1.1)


def _reference_patch(box: PadBox, x_mm: float, y_mm: float, shape: tuple[int, int], p: float) -> np.ndarray:
    """The layout's print under the patch at ``p`` px/mm, the patch's top-left at (x_mm, y_mm) on the sheet."""
    q = box.ref_px_per_mm
    h, w = shape
    ys = np.clip(np.round((y_mm + (np.arange(h) + 0.5) / p) * q - 0.5).astype(int), 0, box.reference.shape[0] - 1)
    xs = np.clip(np.round((x_mm + (np.arange(w) + 0.5) / p) * q - 0.5).astype(int), 0, box.reference.shape[1] - 1)
    return box.reference[np.ix_(ys, xs)]


def _capture(patch: np.ndarray, capture: Capture, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """The patch (RGB float at PAGE_DPI) as a scan or a phone photo saw it: (uint8 RGB, its scale)."""
    f = PAGE_DPI / 25.4
    if capture == "scan":
        scale = float(rng.choice([200, 240, 300])) / PAGE_DPI
        blur, noise, quality = rng.uniform(0.3, 0.8), rng.uniform(1, 4), int(rng.integers(75, 96))
        gain = rng.uniform(0.93, 1.0)
        tint = np.ones(3, np.float32)
    else:
        scale = float(rng.uniform(8.5, 12.0)) / f
        blur, noise, quality = rng.uniform(0.5, 1.3), rng.uniform(2, 6), int(rng.integers(55, 90))
        gain = rng.uniform(0.7, 0.98)
        tint = np.array([rng.uniform(0.9, 1.0), rng.uniform(0.9, 1.0), rng.uniform(0.85, 1.0)], np.float32)
    img = cv2.resize(patch, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    h, w = img.shape[:2]
    gy, gx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1.0 + (0.0 if capture == "scan" else 0.08) * (rng.normal() * (gx / w - 0.5) + rng.normal() * (gy / h - 0.5))
    img = img * (gain * light)[..., None] * tint
    img = cv2.GaussianBlur(img, (0, 0), blur)
    img = np.clip(img + rng.normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    if capture == "photo" or rng.random() < 0.5:
        _, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1]
    return np.ascontiguousarray(img), scale


LENGTHS = (0.4, 0.35, 0.25)  # how often a number written is one, two or three digits long (where a box allows it)


def written_set(part: str, n: int, seed: int, boxes: Sequence[PadBox] | None = None) -> list[Written]:
    """``n`` numbers written with real digits of ``part`` into number boxes of the pad (deterministic in
    ``seed``): a length drawn by :data:`LENGTHS`, a box that allows values that long, one of them."""
    boxes = list(boxes or pad_boxes())
    rng = np.random.default_rng(seed)
    pool = indices(part)
    out = []
    for _ in range(n):
        k = 1 + int(rng.choice(len(LENGTHS), p=LENGTHS))
        fits = [b for b in boxes if any(len(str(v)) == k for v in b.spec.allowed)]  # type: ignore[attr-defined]
        box = fits[int(rng.integers(len(fits)))]
        value = int(rng.choice([v for v in box.spec.allowed if len(str(v)) == k]))  # type: ignore[attr-defined]
        out.append(write(box, value, pick_digits(value, pool, rng), rng))
    return out


def ci() -> bool:
    """Whether this runs on CI (where the real digits must be present)."""
    return bool(os.environ.get("CI"))
