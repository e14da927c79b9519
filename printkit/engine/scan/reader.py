"""The generic reading pipeline: file -> pages -> sheets (markers, QR, rectification) -> box readings.

Knows no game: the caller gives the QR resolver, what to read in each box of a resolved table, the
printed-ink reference, and the number reader.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from printkit.engine.scan.boxes import BoxReading, BoxSpec, NumberReader
from printkit.engine.scan.decode.images import PageImage, as_gray, as_rgba, damaged_file, open_pages
from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.locate.parts import read_parts
from printkit.engine.scan.locate.sheets import (
    OVERVIEW_PX_PER_MM,
    PX_PER_MM,
    LocatedSheet,
    Resolver,
    SheetGeometry,
    locate_sheets,
    rectified_shape,
    rectify,
)
from printkit.engine.scan.sheet_boxes import read_boxes

Position = Literal["full", "top", "bottom", "left", "right"]


@dataclass
class SheetImage:
    """One sheet found in an input: where, what its QR said, the rectified image and every box read."""

    file: str
    page: int | None
    position: Position
    located: LocatedSheet
    rectified: np.ndarray  # RGB at PX_PER_MM where the boxes are read (black elsewhere, unless rectified whole)
    overview: np.ndarray  # the whole sheet, RGB at OVERVIEW_PX_PER_MM
    readings: list[BoxReading]
    damage: str | None = None  # the image file was damaged: what its decoder said (the sheet read from the rest)


@dataclass
class PageFailure:
    file: str
    page: int | None
    message: str


Specs = Callable[[object], tuple[Sequence[BoxSpec], np.ndarray | None]]


def default_numbers() -> NumberReader | None:
    """The bundled digit model, or None when it is not installed."""
    try:
        from printkit.engine.scan.numbers.ranking import read_each  # type: ignore[import-not-found]
    except ImportError:
        return None
    return read_each  # type: ignore[no-any-return]


def _positions(sheets: list[LocatedSheet], centers: list[tuple[float, float]]) -> list[Position]:
    """``full`` for a sheet alone on its page; of two, the first in the pad (left on a landscape page
    of half sheets, seen the way the sheets read) is ``top``, the other ``bottom``.  ``centers`` are
    those of every sheet found on the page, read or not, so a lone readable half is still named."""
    if len(centers) == 1:
        return ["full"] * len(sheets)
    h = sheets[0].to_image
    o = h @ np.array([0, 0, 1.0])
    xr = h @ np.array([100, 0, 1.0])
    yd = h @ np.array([0, 100, 1.0])
    right = xr[:2] / xr[2] - o[:2] / o[2]  # the sheet's own x axis in the image
    down = yd[:2] / yd[2] - o[:2] / o[2]
    cs = np.array(centers)
    mean = cs.mean(axis=0)
    across = np.ptp(cs @ right) >= np.ptp(cs @ down)
    axis = right if across else down
    return ["top" if float((np.array(s.image_center) - mean) @ axis) < 0 else "bottom" for s in sheets]


@dataclass
class FoundSheet:
    """A sheet found on a page and rectified, its boxes not read yet (``specs``: its boxes and ink reference)."""

    position: Position
    located: LocatedSheet
    specs: tuple[Sequence[BoxSpec], np.ndarray | None]
    rectified: np.ndarray  # RGB at PX_PER_MM where the boxes are read (black elsewhere, unless rectified whole)
    overview: np.ndarray  # the whole sheet, RGB at OVERVIEW_PX_PER_MM


def rectified_sheets(image: PageImage, resolve: Resolver, specs: Specs, hints: Sequence[SheetGeometry] = (),
                     whole: bool = False) -> tuple[list[FoundSheet], list[str]]:
    """The sheets on one page found and rectified, in reading order, and why any other sheet found on it
    could not be read.  Nothing here needs the page after: a caller that lets it go before the boxes
    are read (:func:`read_sheet`) reads them without the page (the largest array of a read, again in RGBA for
    two half sheets) in memory.

    Each sheet is rectified at PX_PER_MM only where its boxes are read (:func:`read_parts`, about a quarter
    of it, a quarter of the work of the whole), and whole at OVERVIEW_PX_PER_MM (for the paper level
    and for a person's eyes); ``whole``: at PX_PER_MM whole too (tools that crop round the boxes)."""
    gray = as_gray(image.pixels)
    sheets, failed = locate_sheets(gray, resolve, hints)
    del gray  # found: from here on the page's colour is read, and memory peaks (the page again, in RGBA)
    positions = _positions(sheets, [s.image_center for s in sheets] + [c for c, _ in failed])
    order = sorted(range(len(sheets)), key=lambda i: {"full": 0, "top": 1, "bottom": 2}.get(positions[i], 3))
    source = as_rgba(image.pixels) if sheets else image.pixels  # one conversion for every warp of the page
    found = []
    for i in order:
        boxes, ref = specs(sheets[i].geometry)
        parts = None if whole else read_parts(boxes, rectified_shape(sheets[i]), PX_PER_MM)
        found.append(FoundSheet(positions[i], sheets[i], (boxes, ref), rectify(source, sheets[i], PX_PER_MM, parts),
                                rectify(source, sheets[i], OVERVIEW_PX_PER_MM)))
    problems = []
    if failed:
        named = {p for p in positions}
        missing = "bottom" if "top" in named else "top"
        problems = [f"the {missing} sheet on this page: {why}" for _, why in failed]
    return found, problems


def read_sheet(found: FoundSheet, file: str, page: int | None, numbers: NumberReader | None,
               damage: str | None = None) -> SheetImage:
    """Every box of a found sheet read; ``damage``: what the decoder said of its page's damaged file."""
    box_specs, ref = found.specs
    readings = read_boxes(found.rectified, box_specs, ref, PX_PER_MM, numbers, found.overview)
    return SheetImage(file, page, found.position, found.located, found.rectified, found.overview, readings, damage)


def iter_file(path: str | Path, resolve: Resolver, specs: Specs, numbers: NumberReader | None,
              hints: Sequence[SheetGeometry] = (), whole: bool = False) -> Iterator[SheetImage | PageFailure]:
    """The sheets of ``path`` page by page, each as soon as its page is read, and a failure for each page
    (or half of one) not read, in page order.  The reader keeps nothing of a page once the next one is
    asked for, so a caller that writes out each sheet and lets it go reads a stack of any length in
    the memory of one page (a few dozen rectified sheets kept would be past what reading may take).  What
    is wrong with the file as a whole raises :class:`ScanError` here, before any page.
    ``whole``: each sheet rectified whole (see :func:`rectified_sheets`)."""
    count, pages = open_pages(path, four=True)  # one page in memory at a time
    return _pages_read(str(path), count, pages, resolve, specs, numbers, hints, whole)


def _pages_read(file: str, count: int, pages: Iterator[PageImage], resolve: Resolver, specs: Specs,
                numbers: NumberReader | None, hints: Sequence[SheetGeometry], whole: bool
                ) -> Iterator[SheetImage | PageFailure]:
    multi = count > 1
    done = 0
    while True:
        try:
            pg = next(pages)
        except StopIteration:
            return
        except ScanError as exc:  # a damaged page: the pages after it cannot be reached
            yield PageFailure(file, done + 1 if multi else None, str(exc))
            return
        done += 1
        page = pg.page if multi else None
        if pg.blank:  # not rendered: nothing to search for a sheet
            yield PageFailure(file, page, "nothing is drawn on this page")
            continue
        try:
            found, problems = rectified_sheets(pg, resolve, specs, hints, whole)
        except ScanError as exc:
            found, problems = [], [str(exc)]
        damage = pg.damage
        if damage is not None:  # what was wrong may be the file, not the sheet in it
            problems = [f"{why}; {damaged_file(damage)}" for why in problems]
        del pg  # the page's pixels go before its boxes are read, and before the next page is decoded
        for why in problems:
            yield PageFailure(file, page, why)
        while found:  # handed over one at a time and not kept here: the caller decides when each goes
            s = read_sheet(found.pop(0), file, page, numbers, damage)
            yield s
            del s
