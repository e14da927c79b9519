"""Paper sizes and the print settings every component shares."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Literal

from printkit.engine.errors import InputError
from printkit.engine.pod import PodLayout
from printkit.engine.units import parse_length

PAPER_SIZES: dict[str, tuple[float, float]] = {  # portrait width x height, mm (ISO 216; ANSI in inches)
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "a5": (148.0, 210.0),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}
MIN_PAPER, MAX_PAPER = 50.0, 2000.0  # mm
_CUSTOM = re.compile(r"\s*([0-9.]+)\s*(mm|cm|in|pt)?\s*x\s*([0-9.]+)\s*(mm|cm|in|pt)?\s*")


def paper_dimensions(paper: str) -> tuple[float, float]:
    """A named paper, or ``WIDTHxHEIGHT`` with an optional unit (``300x450``, ``12x18in``); mm."""
    if paper in PAPER_SIZES:
        return PAPER_SIZES[paper]
    m = _CUSTOM.fullmatch(paper)
    if not m:
        raise ValueError(f"unknown paper {paper!r}; use {', '.join(PAPER_SIZES)} or WIDTHxHEIGHT such as "
                         "300x450 (mm) or 12x18in")
    unit_w = m.group(2) or m.group(4) or "mm"
    unit_h = m.group(4) or unit_w
    try:
        w = float(parse_length(f"{m.group(1)}{unit_w}"))  # type: ignore[arg-type]
        h = float(parse_length(f"{m.group(3)}{unit_h}"))  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"paper {paper!r}: the width and height must be numbers") from None
    if not (MIN_PAPER <= w <= MAX_PAPER and MIN_PAPER <= h <= MAX_PAPER):
        raise ValueError(f"paper {paper!r}: each side must be {MIN_PAPER:g} to {MAX_PAPER:g} mm")
    return round(w, 3), round(h, 3)


def fitted_page(size: tuple[float, float], paper: tuple[float, float], margin: float) -> tuple[float, float]:
    """A sheet's page (mm): its own ``size``, narrowed on each side where the ``paper`` less ``margin``
    all round is smaller (a sheet laid out for A4, printed on A5)."""
    return min(size[0], paper[0] - 2 * margin), min(size[1], paper[1] - 2 * margin)


Duplex = Literal["long", "short", "off", "fold"]  # fold: fronts and backs on one side, fold and glue
DUPLEX_MODES = ("long", "short", "off", "fold")

# (least, most) for each distance a user may set, mm.  A duplex offset is a printer's misregistration,
# a few mm (the calibration sheet's scales read up to 10); more would move the backs off the paper.
BOUNDS: dict[str, tuple[float, float]] = {
    "bleed": (0.0, 10.0),
    "gap": (0.0, 20.0),
    "margin": (0.0, 30.0),
    "crop_mark_length": (0.0, 20.0),
    "crop_mark_width_pt": (0.0, 5.0),
    "offset_x": (-10.0, 10.0),
    "offset_y": (-10.0, 10.0),
    "tile_overlap": (0.0, 50.0),
}


@dataclass(frozen=True)
class PrintSettings:
    """How pieces go onto paper. Distances in mm.

    ``margin`` is kept clear of anything that must print (trim lines, text); bleed and
    crop marks may run into it.  ``offset_x``/``offset_y`` shift back pages to correct a
    printer's duplex misregistration (measure it with ``printkit calibrate``).
    """

    paper: str = "a4"
    bleed: float = 3.0
    gap: float | None = None  # None: cards share cut lines unless neighbours' edges differ (render.pdf.card_gap)
    margin: float = 6.0
    crop_mark_length: float = 4.0
    crop_mark_width_pt: float = 0.5
    duplex: Duplex = "long"
    offset_x: float = 0.0
    offset_y: float = 0.0
    tile_overlap: float = 10.0
    rotate: Literal["off", "auto"] = "off"  # auto: cards turned 90° on the sheet when more fit that way
    cut_preview: bool = False  # draw rounded cut outlines (previews only, never the print PDF)
    cmyk: bool = False  # DeviceCMYK colours and CMYK images (render/cmyk.py says what is and is not done)
    pod: PodLayout | None = None  # one card a page at a print-on-demand service's size (engine/pod.py)
    icc_profile: str | None = None  # the user's CMYK printer profile: embedded as the PDF's output intent (--cmyk)

    def __post_init__(self) -> None:
        """Every setting finite and within :data:`BOUNDS`: a NaN or a huge offset would print nothing useful."""
        if not isinstance(self.paper, str):
            raise InputError.single(f"--paper must be one of {', '.join(PAPER_SIZES)} or WIDTHxHEIGHT; "
                                    f"found {self.paper!r}")
        try:
            paper_dimensions(self.paper)
        except ValueError as exc:
            raise InputError.single(f"--paper: {exc}") from None
        if self.duplex not in DUPLEX_MODES:
            raise InputError.single(f"--duplex must be one of {', '.join(DUPLEX_MODES)}; found {self.duplex!r}")
        for f in fields(self):
            if f.name not in BOUNDS:
                continue
            value = getattr(self, f.name)
            if value is None and f.name == "gap":
                continue  # chosen per deck
            lo, hi = BOUNDS[f.name]
            flag = "--" + f.name.replace("_", "-")
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
                raise InputError.single(f"{flag} must be a finite number of mm; found {value!r}")
            if not lo <= value <= hi:
                raise InputError.single(f"{flag} must be between {lo:g} and {hi:g} mm; found {value:g}")
        if self.icc_profile is not None:
            if not self.cmyk:
                raise InputError.single("--icc-profile names the output intent of a CMYK PDF; add --cmyk")
            from printkit.engine.icc import read_icc_profile

            read_icc_profile(Path(self.icc_profile))  # refused here, before anything is laid out

    @property
    def paper_size(self) -> tuple[float, float]:
        return paper_dimensions(self.paper)
