"""Colour arithmetic every template and layout may use: darker shades, lighter tints, readable ink.

Colours are written as templates and data files write them: ``#rrggbb``, ``#rgb``, with an alpha channel
``#rrggbbaa`` or ``#rgba`` (as in CSS: ``#00000088`` is black at 53 % opacity), or a name the renderer knows
(``darkred``).  Results are ``#rrggbb``, or ``#rrggbbaa`` when the colour given was translucent.
"""

from __future__ import annotations

import re

_HEX = re.compile(r"#?([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")
OPAQUE = 255
COLOUR_FORMS = "#rrggbb, #rgb, #rrggbbaa, #rgba or a name such as darkred"

# Weights of the channels in perceived lightness: Rec. 601 (the common choice for picking ink) and
# Rec. 709 (sRGB's own primaries, without the gamma curve).
REC_601 = (0.299, 0.587, 0.114)
REC_709 = (0.2126, 0.7152, 0.0722)

DARK_INK = "#1e1e1e"
LIGHT_INK = "#ffffff"
# Above this lightness a fill takes dark ink: 150 of 255 keeps white on the mid tones of a card band
# (a saturated blue or red) and puts dark ink on yellows and pastels.
INK_THRESHOLD = 150 / 255


def rgba(color: str) -> tuple[int, int, int, int]:
    """The 0..255 channels of ``color``, alpha last (255: opaque); a ValueError naming it when it is not a colour.

    A ``#`` is required before hex digits of 4 or 8 (``beef`` is a word, not a colour); 3 and 6 digits may go
    without, as the colour helpers always took them."""
    m = _HEX.fullmatch(color.strip()) if isinstance(color, str) else None
    if m and (color.strip().startswith("#") or len(m.group(1)) in (3, 6)):
        h = m.group(1)
        if len(h) in (3, 4):
            h = "".join(c * 2 for c in h)
        alpha = int(h[6:8], 16) if len(h) == 8 else OPAQUE
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), alpha
    from reportlab.lib.colors import toColor  # the renderer's own names, so a name means what it prints

    try:
        named = toColor(color.strip().lower()) if isinstance(color, str) and color.strip().isalpha() else None
    except ValueError:
        named = None
    if named is None:
        raise ValueError(f"{color!r} is not a colour (use {COLOUR_FORMS})")
    r, g, b = (round(c * 255) for c in (named.red, named.green, named.blue))
    return r, g, b, OPAQUE


def rgb(color: str) -> tuple[int, int, int]:
    """The 0..255 colour channels of ``color``, its alpha left out; a ValueError naming it when it is not a
    colour."""
    return rgba(color)[:3]


def _hex(channels: tuple[int, ...] | list[int], alpha: int = OPAQUE) -> str:
    text = "#{:02x}{:02x}{:02x}".format(*channels)
    return text if alpha == OPAQUE else f"{text}{alpha:02x}"


def shade(color: str, factor: float = 0.65) -> str:
    """``color`` darkened by ``factor`` (0 black, 1 unchanged); a translucent colour keeps its alpha."""
    *channels, alpha = rgba(color)
    return _hex([max(0, min(255, int(c * factor))) for c in channels], alpha)


def tint(color: str, towards_white: float) -> str:
    """``color`` mixed with white; 0 keeps it, 1 is white; a translucent colour keeps its alpha."""
    *channels, alpha = rgba(color)
    return _hex([round(c + (255 - c) * towards_white) for c in channels], alpha)


def on_paper(color: str) -> tuple[float, float, float]:
    """The 0..255 channels ``color`` prints as on white paper: a translucent colour mixed with the white under
    it (what ink is chosen against: a card's ground is paper unless something opaque is drawn under it)."""
    r, g, b, a = rgba(color)
    return tuple(c * a / OPAQUE + 255 * (1 - a / OPAQUE) for c in (r, g, b))  # type: ignore[return-value]


def luminance(color: str, weights: tuple[float, float, float] = REC_601) -> float:
    """Perceived lightness 0..1 (no gamma curve), a translucent colour as printed on white paper: enough to
    choose ink."""
    r, g, b = on_paper(color)
    wr, wg, wb = weights
    return (wr * r + wg * g + wb * b) / 255


def contrast_ink(color: str, dark: str = DARK_INK, light: str = LIGHT_INK, threshold: float = INK_THRESHOLD,
                 weights: tuple[float, float, float] = REC_601) -> str:
    """``dark`` or ``light``, whichever reads better on ``color``: dark above ``threshold`` lightness."""
    return dark if luminance(color, weights) > threshold else light
