"""Colour arithmetic the layouts share: readable ink on a fill, lighter tints."""

from __future__ import annotations


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def luminance(hex_colour: str) -> float:
    """Perceived lightness 0..1 (Rec. 601 weights), enough to choose ink."""
    r, g, b = _rgb(hex_colour)
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(hex_colour: str, dark: str = "#222222", light: str = "#ffffff") -> str:
    return dark if luminance(hex_colour) > 0.6 else light


def tint(hex_colour: str, towards_white: float) -> str:
    """``hex_colour`` mixed with white; 0 keeps it, 1 is white."""
    r, g, b = _rgb(hex_colour)
    mix = [round(c + (255 - c) * towards_white) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)
