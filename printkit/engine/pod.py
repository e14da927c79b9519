"""Print-on-demand layouts (``--pod``): one card a page, the page exactly the service's card image.

A service's upload is a card image with its bleed: ``width_px`` x ``height_px`` pixels at ``dpi``, of
which ``bleed`` on every side is cut off.  The page is that size, the card centred on it with its
background carried out to the page edge, no crop marks and no scale bar (the service cuts by its own
template).  Named presets live in ``data/pod-presets.yaml``, one per service whose published
specification is cited there; ``width_px=825,height_px=1125,dpi=300,bleed=0.125in`` describes any other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from printkit.engine.errors import InputError
from printkit.engine.units import parse_length

PRESETS_FILE = Path(__file__).resolve().parent / "data" / "pod-presets.yaml"
MAX_PX = 20_000  # a card image of 20,000 px a side is 1.7 m at 300 dpi: anything bigger is a typo
_ORDERS = ("front-back", "back-front")


@dataclass(frozen=True)
class PodLayout:
    """One card a page: the page's pixel size at ``dpi``, the bleed (mm) inside it, and the page order."""

    name: str
    width_px: int
    height_px: int
    dpi: int
    bleed: float  # mm on every side
    back_first: bool = False  # the service wants each card's back page before its front
    service: str = ""
    sources: tuple[str, ...] = ()

    @property
    def page(self) -> tuple[float, float]:
        """The page (the full card image), mm."""
        return self.width_px / self.dpi * 25.4, self.height_px / self.dpi * 25.4

    @property
    def trim(self) -> tuple[float, float]:
        """The card the service cuts out of the page, mm."""
        w, h = self.page
        return w - 2 * self.bleed, h - 2 * self.bleed

    def record(self) -> dict:
        """What the manifest says of it."""
        return {"name": self.name, "width_px": self.width_px, "height_px": self.height_px, "dpi": self.dpi,
                "bleed_mm": round(self.bleed, 3), "order": "back-front" if self.back_first else "front-back",
                "sources": list(self.sources)}


@cache
def presets() -> dict[str, dict]:
    return yaml.safe_load(PRESETS_FILE.read_text(encoding="utf-8"))


_GENERIC_KEYS = ("width_px", "height_px", "dpi", "bleed")


def pod_layout(spec: str) -> PodLayout:
    """A preset by name, or ``width_px=..,height_px=..,dpi=..,bleed=..[,order=back-front]``."""
    spec = spec.strip()
    if spec in presets():
        return _layout(spec, presets()[spec])
    if "=" not in spec:
        raise InputError.single(f"--pod: unknown preset {spec!r}; presets: {', '.join(presets())}, or your "
                                "service's own numbers: width_px=825,height_px=1125,dpi=300,bleed=0.125in")
    values: dict[str, str] = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in (*_GENERIC_KEYS, "order"):
            raise InputError.single(f"--pod: no setting {key!r}; it takes {', '.join(_GENERIC_KEYS)} and order")
        values[key] = value.strip()
    missing = [k for k in _GENERIC_KEYS if k not in values]
    if missing:
        raise InputError.single(f"--pod: {', '.join(missing)} missing; give width_px, height_px, dpi and bleed "
                                "as your service's specification states them")
    name = f"pod-{values['width_px']}x{values['height_px']}"
    return _layout(re.sub(r"[^a-z0-9x-]+", "-", name.lower()), values)


def _layout(name: str, raw: dict) -> PodLayout:
    def whole(key: str, lo: int, hi: int) -> int:
        try:
            value = int(str(raw[key]))
        except ValueError:
            raise InputError.single(f"--pod {name}: {key} must be a whole number; found {raw[key]!r}") from None
        if not lo <= value <= hi:
            raise InputError.single(f"--pod {name}: {key} must be from {lo} to {hi}; found {value}")
        return value

    w, h = whole("width_px", 50, MAX_PX), whole("height_px", 50, MAX_PX)
    dpi = whole("dpi", 72, 2400)
    bleed = parse_length(str(raw["bleed"]))
    try:
        bleed = float(bleed)  # type: ignore[arg-type]
    except ValueError:
        raise InputError.single(f"--pod {name}: bleed must be a length (3mm, 0.125in); found {raw['bleed']!r}") \
            from None
    order = str(raw.get("order", "front-back"))
    if order not in _ORDERS:
        raise InputError.single(f"--pod {name}: order must be {' or '.join(_ORDERS)}; found {order!r}")
    layout = PodLayout(name, w, h, dpi, bleed, order == "back-front", str(raw.get("service", "")),
                       tuple(raw.get("source") or ()))
    tw, th = layout.trim
    if not 0 <= bleed <= 10 or tw < 10 or th < 10:
        raise InputError.single(f"--pod {name}: a bleed of {bleed:g} mm leaves a card of {tw:.1f} x {th:.1f} mm "
                                "(bleed is 0 to 10 mm)")
    return layout
