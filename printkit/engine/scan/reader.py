"""The generic reading pipeline: file -> pages -> sheets (markers, QR, rectification) -> box readings.

Knows no game: the caller gives the QR resolver, what to read in each box of a resolved table, the
printed-ink reference, and the number reader.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from printkit.engine.scan.errors import ScanError
from printkit.engine.scan.images import PageImage, as_gray, load_pages
from printkit.engine.scan.locate import PX_PER_MM, LocatedSheet, Resolver, SheetGeometry, locate_sheets, rectify
from printkit.engine.scan.marks import BoxReading, BoxSpec, NumberReader, read_boxes

Position = Literal["full", "top", "bottom", "left", "right"]


@dataclass
class SheetImage:
    """One sheet found in an input: where, what its QR said, the rectified image and every box read."""

    file: str
    page: int | None
    position: Position
    located: LocatedSheet
    rectified: np.ndarray  # RGB at PX_PER_MM
    readings: list[BoxReading]


@dataclass
class PageFailure:
    file: str
    page: int | None
    message: str


Specs = Callable[[object], tuple[Sequence[BoxSpec], np.ndarray | None]]


def default_numbers() -> NumberReader | None:
    """The bundled digit model, or None when it is not installed."""
    try:
        from printkit.engine.scan.digits import read_number  # type: ignore[import-not-found]
    except ImportError:
        return None
    return read_number  # type: ignore[no-any-return]


def _positions(sheets: list[LocatedSheet], shape: tuple[int, int]) -> list[Position]:
    """``full`` for a sheet alone on its page; for two, which of them is which as the page is seen
    upright relative to the sheets (the first sheet's frame decides which way is up)."""
    if len(sheets) == 1:
        return ["full"]
    h = sheets[0].to_image
    # Direction of the sheet's own "right" (x axis) and "down" (y axis) in the image.
    o = h @ np.array([0, 0, 1.0])
    xr = h @ np.array([100, 0, 1.0])
    yd = h @ np.array([0, 100, 1.0])
    right = xr[:2] / xr[2] - o[:2] / o[2]
    down = yd[:2] / yd[2] - o[:2] / o[2]
    cs = np.array([s.image_center for s in sheets])
    mean = cs.mean(axis=0)
    out: list[Position] = []
    across = np.ptp(cs @ right) >= np.ptp(cs @ down)
    for c in cs:
        d = c - mean
        if across:  # side by side: the sheet on the left is the "top" half of the pad page
            out.append("top" if float(d @ right) < 0 else "bottom")
        else:
            out.append("top" if float(d @ down) < 0 else "bottom")
    return out


def read_page(image: PageImage, file: str, resolve: Resolver, specs: Specs, numbers: NumberReader | None,
              hints: Sequence[SheetGeometry] = ()) -> list[SheetImage]:
    gray = as_gray(image.pixels)
    sheets = locate_sheets(gray, resolve, hints)
    positions = _positions(sheets, gray.shape)
    order = sorted(range(len(sheets)), key=lambda i: {"full": 0, "top": 1, "bottom": 2}.get(positions[i], 3))
    out = []
    for i in order:
        s = sheets[i]
        rect = rectify(image.pixels, s, PX_PER_MM)
        box_specs, ref = specs(s.geometry)
        out.append(SheetImage(file, image.page, positions[i], s, rect,
                              read_boxes(rect, box_specs, ref, PX_PER_MM, numbers)))
    return out


def read_file(path: str | Path, resolve: Resolver, specs: Specs, numbers: NumberReader | None,
              hints: Sequence[SheetGeometry] = ()) -> tuple[list[SheetImage], list[PageFailure]]:
    """Every sheet in every page of ``path``; pages that hold no readable sheet are failures.
    A file that is no image at all raises :class:`ScanError`."""
    pages = load_pages(path)
    found: list[SheetImage] = []
    failures: list[PageFailure] = []
    multi = len(pages) > 1
    for pg in pages:
        try:
            found.extend(read_page(pg, str(path), resolve, specs, numbers, hints))
        except ScanError as exc:
            failures.append(PageFailure(str(path), pg.page if multi else None, str(exc)))
    if not multi:
        for s in found:
            s.page = None
    return found, failures
