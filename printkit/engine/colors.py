"""Colour arithmetic every template and layout may use: darker shades, lighter tints, readable ink.

Colours are written as templates and data files write them: ``#rrggbb``, ``#rgb`` or a name the
renderer knows (``darkred``).  Results are ``#rrggbb``.
"""

from __future__ import annotations

import re

_HEX = re.compile(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")

# Weights of the channels in perceived lightness: Rec. 601 (the common choice for picking ink) and
# Rec. 709 (sRGB's own primaries, without the gamma curve).
REC_601 = (0.299, 0.587, 0.114)
REC_709 = (0.2126, 0.7152, 0.0722)

DARK_INK = "#1e1e1e"
LIGHT_INK = "#ffffff"
# Above this lightness a fill takes dark ink: 150 of 255 keeps white on the mid tones of a card band
# (a saturated blue or red) and puts dark ink on yellows and pastels.
INK_THRESHOLD = 150 / 255


def rgb(color: str) -> tuple[int, int, int]:
    """The 0..255 channels of ``color``; a ValueError naming it when it is not a colour."""
    m = _HEX.fullmatch(color.strip()) if isinstance(color, str) else None
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    from reportlab.lib.colors import toColor  # the renderer's own names, so a name means what it prints

    try:
        named = toColor(color.strip().lower()) if isinstance(color, str) and color.strip().isalpha() else None
    except ValueError:
        named = None
    if named is None:
        raise ValueError(f"{color!r} is not a colour (use #rrggbb, #rgb or a name such as darkred)")
    return tuple(round(c * 255) for c in (named.red, named.green, named.blue))  # type: ignore[return-value]


def _hex(channels: tuple[int, int, int] | list[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*channels)


def shade(color: str, factor: float = 0.65) -> str:
    """``color`` darkened by ``factor`` (0 black, 1 unchanged)."""
    return _hex([max(0, min(255, int(c * factor))) for c in rgb(color)])


def tint(color: str, towards_white: float) -> str:
    """``color`` mixed with white; 0 keeps it, 1 is white."""
    return _hex([round(c + (255 - c) * towards_white) for c in rgb(color)])


def luminance(color: str, weights: tuple[float, float, float] = REC_601) -> float:
    """Perceived lightness 0..1 (no gamma curve): enough to choose ink."""
    r, g, b = rgb(color)
    wr, wg, wb = weights
    return (wr * r + wg * g + wb * b) / 255


def contrast_ink(color: str, dark: str = DARK_INK, light: str = LIGHT_INK, threshold: float = INK_THRESHOLD,
                 weights: tuple[float, float, float] = REC_601) -> str:
    """``dark`` or ``light``, whichever reads better on ``color``: dark above ``threshold`` lightness."""
    return dark if luminance(color, weights) > threshold else light
