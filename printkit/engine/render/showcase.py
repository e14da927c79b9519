"""A fanned hand of cards as one picture, for a shop page or a rulebook (``printkit showcase``)."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw, ImageFilter

MAX_CARDS = 12
SPREAD = 8.0  # degrees between neighbouring cards


def fan(cards: list[Image.Image], background: str | None = None, spread: float = SPREAD) -> Image.Image:
    """``cards`` (equal sizes) fanned from a pivot below the hand, left to right, the first at the back.

    ``background`` None gives a transparent picture.
    """
    if not cards:
        raise ValueError("a showcase needs at least one card")
    cards = cards[:MAX_CARDS]
    w, h = cards[0].size
    n = len(cards)
    radius = h * 1.6  # pivot this far below the cards' centres: a gentle arc like a hand of cards
    angles = [(i - (n - 1) / 2) * spread for i in range(n)]
    reach = max(abs(a) for a in angles) if angles else 0
    half_w = radius * math.sin(math.radians(reach)) + (w * math.cos(math.radians(reach)) + h *
                                                         math.sin(math.radians(reach))) / 2
    margin = int(0.08 * h)
    width = int(2 * half_w) + 2 * margin
    height = int(h + radius * (1 - math.cos(math.radians(reach))) + w * math.sin(math.radians(reach))) + 2 * margin
    fill = (0, 0, 0, 0) if background is None else background
    canvas = Image.new("RGBA", (width, height), fill)
    cx = width / 2
    top = margin + h / 2 + w * math.sin(math.radians(reach)) / 2
    corner = max(2, int(min(w, h) * 0.045))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=corner, fill=255)
    for img, angle in zip(cards, angles, strict=True):
        card = img.convert("RGBA")
        card.putalpha(mask)
        shadow = Image.new("RGBA", (w + 40, h + 40), (0, 0, 0, 0))
        shadow.paste((0, 0, 0, 90), (20, 24), mask)
        shadow = shadow.filter(ImageFilter.GaussianBlur(8))
        shadow.alpha_composite(card, (20, 20))
        turned = shadow.rotate(-angle, resample=Image.BICUBIC, expand=True)
        a = math.radians(angle)
        x = cx + radius * math.sin(a)
        y = top + radius * (1 - math.cos(a))
        canvas.alpha_composite(turned, (int(x - turned.width / 2), int(y - turned.height / 2)))
    return canvas
