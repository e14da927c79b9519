"""Printed circles circled (``earned``) and maybe crossed out (``used``): ink round the circle measured by how
much of the way round it goes, against the sheet's unwritten circles."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from printkit.engine.scan.boxes import BoxReading, BoxSpec
from printkit.engine.scan.decode.speed.quantiles import quantile
from printkit.engine.scan.marks.printed import DARK_PRINT, box_pens
from printkit.engine.scan.marks.regions import _roi, _roi_in
from printkit.engine.scan.marks.strokes import Strokes, _mark_probability, _sig, strokes_each
from printkit.engine.scan.marks.thresholds import MARKS

RING_BINS = 24  # a loop is measured by how many of these sectors round a circle hold it


@dataclass(frozen=True)
class _Ring:
    """The pixels round one printed circle: the sector of each, and which are nearer this circle than
    its neighbours' (ink closer to another circle belongs to that one)."""

    sy: slice
    sx: slice
    dist: np.ndarray  # mm from the centre
    sector: np.ndarray  # 0 .. RING_BINS-1
    band: np.ndarray  # ring_inner r .. ring_outer r and nearer this circle
    r: float


def _ring(dark: np.ndarray, spec: BoxSpec, p: float, neighbours: Sequence[BoxSpec]) -> _Ring:
    return _ring_at(dark.shape[:2], spec, p, tuple(neighbours))


@functools.lru_cache(maxsize=128)  # the circles of several layouts, bounded: each holds a few arrays of its region
def _ring_at(shape: tuple[int, ...], spec: BoxSpec, p: float, neighbours: tuple[BoxSpec, ...]) -> _Ring:
    """:func:`_ring` on a sheet of ``shape``: geometry alone, the same for every sheet of a layout (it took a
    twentieth of reading a sheet), so kept, its arrays read-only."""
    cx, cy = spec.x + spec.w / 2, spec.y + spec.h / 2
    r = spec.w / 2
    reach = MARKS.ring_outer * r
    sy, sx = _roi_in(shape, cx - reach, cy - reach, 2 * reach, 2 * reach, p)
    yy, xx = np.mgrid[sy, sx]
    px, py = (xx + 0.5) / p, (yy + 0.5) / p
    dist = np.hypot(px - cx, py - cy)
    nearest = np.ones(dist.shape, bool)
    for o in neighbours:
        ox, oy = o.x + o.w / 2, o.y + o.h / 2
        # A pixel of the band (at most ring_outer r from this centre) is nearer a centre more than twice that away
        # only if it is nearer this one: such neighbours change nothing, and cost a full-size hypot each.
        if o is spec or np.hypot(ox - cx, oy - cy) > 2 * MARKS.ring_outer * r:
            continue
        nearest &= dist <= np.hypot(px - ox, py - oy)
    sector = ((np.arctan2(py - cy, px - cx) + np.pi) / (2 * np.pi) * RING_BINS).astype(np.intp) % RING_BINS
    band = nearest & (dist >= MARKS.ring_inner * r) & (dist <= MARKS.ring_outer * r)
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
    ink = np.bincount(sec[dark[ring.sy, ring.sx][band] > MARKS.ink], minlength=RING_BINS)
    line = np.bincount(sec[printed[ring.sy, ring.sx][band] >= DARK_PRINT], minlength=RING_BINS).astype(float)
    thick = (ink - line) / (2 * np.pi * ring.r * p / RING_BINS)
    thick[line < MARKS.ring_line_share * np.median(line)] = np.nan
    return thick


def _loop_reading(spec: BoxSpec, ink: np.ndarray, ring: _Ring, thicker: np.ndarray | None, st: Strokes
                  ) -> BoxReading:
    """A printed circle: looped round (earned) and maybe crossed out (used).

    ``ink``: the pen round it (:func:`box_pen` over ``ring``'s crop); ``thicker``: per sector, whether the
    printed line is thicker than on the sheet's unwritten circles (:func:`read_loops` works both out); a
    sector counts as looped when it holds pen or is thicker.  ``st``: the strokes of ``ink`` within
    MARKS.cross_reach of the centre."""
    hit = np.zeros(RING_BINS, bool)
    hit[ring.sector[ink & ring.band]] = True
    if thicker is not None:
        hit |= thicker
    around = float(hit.mean())
    p_cross = _mark_probability(st)
    p_loop = _sig((around - MARKS.loop_around) / MARKS.loop_around_width)
    if p_cross >= 0.5:
        # A crossed-out circle is a used action; without its loop it is still used (it must have been
        # earned), but that is unusual enough to be checked.
        value, conf = "used", p_cross * (1.0 if p_loop >= 0.5 else MARKS.used_without_loop)
        alts = (("used", conf), ("earned" if p_loop >= 0.5 else "empty", 1 - conf))
    else:
        # Ink in the middle that is no cross (bits of a faint pencil cross over the printed icon, a
        # dot) is not nothing: a person looks.
        doubt = MARKS.ink_inside if st.pieces else 1.0
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
            base = float(quantile(seen, MARKS.ring_base_share))
            thicker = [np.nan_to_num(t - base, nan=0.0) >= MARKS.loop_thicker_mm * p for t in thick]
    # Over faint print, pen must be as dark as its row's level: the pen round the circles of each level at once.
    inks: list[np.ndarray] = [np.zeros(0, bool)] * len(specs)
    levels: dict[float, list[int]] = {}
    for n, s in enumerate(specs):
        levels.setdefault(faint.get(s.area, MARKS.pen_over_faint), []).append(n)
    for level, ns in levels.items():
        for n, ink in zip(ns, box_pens(dark, zones, [(rings[n].sy, rings[n].sx) for n in ns], p, level), strict=True):
            inks[n] = ink
    # The cross: strokes through the middle of the circle.  Not out to its line: a neighbour's loop,
    # drawn wide, reaches about 0.7 r into this circle.
    crosses = strokes_each([ink & (g.dist <= MARKS.cross_reach * g.r) for ink, g in zip(inks, rings, strict=True)],
                           [2 * MARKS.cross_reach * g.r * p for g in rings], p)
    return [_loop_reading(s, ink, g, t, st)
            for s, ink, g, t, st in zip(specs, inks, rings, thicker, crosses, strict=True)]


def _faint_print_levels(dark: np.ndarray, printed: np.ndarray | None, rows: dict[str, list[BoxSpec]], p: float
                        ) -> dict[str, float]:
    """Per row of circles, how dark ink over its faint print (the icons in the circles) must be to count
    as pen: measured on this sheet, never more than MARKS.pen_over_faint asks.

    The faint print of a clean scan is far lighter than MARKS.pen_over_faint, which loses a pencil cross
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
                tops.append(float(quantile(seen, MARKS.faint_top)))
        if tops:
            level = float(quantile(np.asarray(tops), MARKS.faint_share)) + MARKS.faint_margin
            out[area] = min(MARKS.pen_over_faint, max(MARKS.ink, level))
    return out
