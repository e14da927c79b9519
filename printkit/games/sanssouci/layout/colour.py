"""Sanssouci's ink on a coloured fill: its own near-black, and dark ink only on the lighter fills."""

from __future__ import annotations

from printkit.engine.colors import contrast_ink

DARK_INK = "#222222"
# Dark ink from 60 % lightness up: the garden colours' mid tones (the green, the blue) keep white ink.
INK_THRESHOLD = 0.6


def ink_on(hex_colour: str) -> str:
    return contrast_ink(hex_colour, DARK_INK, threshold=INK_THRESHOLD)
