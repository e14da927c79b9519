"""Small drawing helpers every template and layout may use: colour arithmetic and die pips."""

from __future__ import annotations


def _rgb(hex_color: str) -> tuple[int, int, int]:
    h = hex_color.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def shade(hex_color: str, factor: float = 0.65) -> str:
    """``hex_color`` darkened by ``factor`` (0 black, 1 unchanged)."""
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, int(c * factor))) for c in _rgb(hex_color)))


def contrast_ink(hex_color: str) -> str:
    """Near-black or white, whichever reads better on ``hex_color``."""
    r, g, b = _rgb(hex_color)
    return "#1e1e1e" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"
