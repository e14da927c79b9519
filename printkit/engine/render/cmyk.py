"""``--cmyk``: every colour written as DeviceCMYK and every raster image converted to CMYK.

What this does: colours given as RGB (``#rrggbb``, names) are converted with the plain formula
(K = 1 - max(R, G, B); C, M, Y from what is left), greys become black ink only (so black text prints
with one plate, no registration blur), and PNG/JPEG art is converted to CMYK by Pillow the same way.
What it does not do: colour management.  No ICC profile is applied (the conversion is not matched to
a press, paper or ink limit), no output intent is written, and SVG icons' own colours are converted
by the same formula.  A print shop that needs a profiled conversion should convert the RGB PDF with
its own RIP, or the user should pick CMYK values for their colours.
"""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, toColor


def to_cmyk(value: object) -> CMYKColor:
    """ReportLab's colour-space hook: any colour as a CMYK colour."""
    c = toColor(value)
    if isinstance(c, CMYKColor):
        return c
    assert isinstance(c, Color)
    r, g, b, alpha = c.red, c.green, c.blue, c.alpha
    if abs(r - g) < 1e-9 and abs(g - b) < 1e-9:
        return CMYKColor(0, 0, 0, round(1 - r, 4), alpha=alpha)
    k = 1 - max(r, g, b)
    return CMYKColor(round((1 - r - k) / (1 - k), 4), round((1 - g - k) / (1 - k), 4),
                     round((1 - b - k) / (1 - k), 4), round(k, 4), alpha=alpha)


def is_cmyk(canvas: object) -> bool:
    return getattr(canvas, "_enforceColorSpace", None) is to_cmyk
