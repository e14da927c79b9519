"""Paper sizes and the print settings every component shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PAPER_SIZES: dict[str, tuple[float, float]] = {  # portrait width x height, mm
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}

Duplex = Literal["long", "short", "off", "fold"]  # fold: fronts and backs on one side, fold and glue


@dataclass(frozen=True)
class PrintSettings:
    """How pieces go onto paper. Distances in mm.

    ``margin`` is kept clear of anything that must print (trim lines, text); bleed and
    crop marks may run into it.  ``offset_x``/``offset_y`` shift back pages to correct a
    printer's duplex misregistration (measure it with ``printkit calibrate``).
    """

    paper: str = "a4"
    bleed: float = 3.0
    gap: float = 0.0
    margin: float = 6.0
    crop_mark_length: float = 4.0
    crop_mark_width_pt: float = 0.5
    duplex: Duplex = "long"
    offset_x: float = 0.0
    offset_y: float = 0.0
    tile_overlap: float = 10.0

    @property
    def paper_size(self) -> tuple[float, float]:
        return PAPER_SIZES[self.paper]
