"""Draw this example's card art (own art, made with Pillow) and write its spreadsheets.

Run once from this folder: ``python make_art.py`` (``--data``: only the spreadsheets).  The results are
committed next to it.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
W, H = 720, 480  # px: 53 x 36 mm art box at ~340 dpi


def _sky(top: str, bottom: str) -> Image.Image:
    img = Image.new("RGB", (W, H))
    t = tuple(int(top[i:i + 2], 16) for i in (1, 3, 5))
    b = tuple(int(bottom[i:i + 2], 16) for i in (1, 3, 5))
    d = ImageDraw.Draw(img)
    for y in range(H):
        f = y / (H - 1)
        d.line((0, y, W, y), fill=tuple(int(t[k] + (b[k] - t[k]) * f) for k in range(3)))
    return img


def fire() -> Image.Image:
    img = _sky("#2a0f0a", "#7a2a10")
    d = ImageDraw.Draw(img)
    for k, (color, s) in enumerate((("#ff7b1c", 1.0), ("#ffb43b", 0.7), ("#fff1a8", 0.4))):
        pts = []
        for i in range(60):
            a = i / 60 * 2 * math.pi
            r = 150 * s * (1 + 0.25 * math.sin(5 * a + k))
            pts.append((W / 2 + r * math.sin(a) * 0.8, H * 0.62 - r * (1.6 if math.cos(a) > 0 else 0.6) * math.cos(a)))
        d.polygon(pts, fill=color)
    return img.filter(ImageFilter.GaussianBlur(2))


def frost() -> Image.Image:
    img = _sky("#0d2747", "#6fa8d6")
    d = ImageDraw.Draw(img)
    cx, cy = W / 2, H / 2
    for i in range(6):
        a = i * math.pi / 3
        x, y = cx + 170 * math.cos(a), cy + 170 * math.sin(a)
        d.line((cx, cy, x, y), fill="#eaf6ff", width=14)
        for t in (0.45, 0.7):
            bx, by = cx + 170 * t * math.cos(a), cy + 170 * t * math.sin(a)
            for s in (-1, 1):
                d.line((bx, by, bx + 50 * math.cos(a + s * 0.8), by + 50 * math.sin(a + s * 0.8)), fill="#eaf6ff",
                       width=9)
    return img


def grove() -> Image.Image:
    img = _sky("#cfe8c0", "#3f6b35")
    d = ImageDraw.Draw(img)
    for i, x in enumerate(range(40, W, 90)):
        h = 180 + (i * 37) % 90
        d.rectangle((x - 8, H - 60, x + 8, H), fill="#4a3222")
        d.polygon([(x, H - 60 - h), (x - 60, H - 50), (x + 60, H - 50)], fill=("#2e5b2a", "#3d7a33")[i % 2])
    return img


def spring() -> Image.Image:
    img = _sky("#e9f3f7", "#7cc0d8")
    d = ImageDraw.Draw(img)
    for r, c in ((200, "#4aa3c7"), (140, "#74bedb"), (80, "#a9dcee"), (30, "#ffffff")):
        d.ellipse((W / 2 - r * 1.5, H * 0.7 - r / 2, W / 2 + r * 1.5, H * 0.7 + r / 2), outline=c, width=10)
    d.polygon([(W / 2, 40), (W / 2 - 60, 200), (W / 2 + 60, 200)], fill="#2f86ad")
    d.ellipse((W / 2 - 60, 140, W / 2 + 60, 260), fill="#2f86ad")
    return img


ROWS = [
    ["name", "qty", "type", "cost", "art", "text", "flavor"],
    ["Fireball", 3, "Spell", 3, "art/fire.png", "Deal **3 damage** to any target.<br>Then *discard* a card.",
     "{color=#8a3b12|Hot, hotter, gone.}"],
    ["Frost Ward", 2, "Spell", 2, "art/frost.png", "Prevent the next **2 damage** dealt to you this round. :shield:",
     ""],
    ["Old Grove", 2, "Place", 1, "art/grove.png", "At the start of your turn, gain *1 life*.", "Roots remember."],
    ["心靈之泉", 2, "法術", 1, "art/spring.png", "抽**兩張**牌，然後*棄一張*牌。:drop:", "泉水清澈見底。"],
    ["Apprentice", 4, "Ally", 2, "art/grove.png", "When you play a *Spell*, it costs **1 less**.", ""],
]

# The pieces that are not cards (deck.yaml's sections:): round tokens, hex tiles and a die, one sheet each.
TOKEN_ROWS = [
    ["name", "qty", "kind", "value"],
    ["Mana", 8, "mana", 1],
    ["Mana", 4, "mana", 3],
    ["Wound", 6, "wound", 1],
    ["Ward", 4, "ward", 2],
]
HEX_ROWS = [
    ["name", "qty", "terrain", "gives"],
    ["Forest", 4, "forest", "Gain *1 wood*.<br>**Hide** here."],
    ["Lake", 3, "lake", "Gain *1 water*."],
    ["Hills", 3, "hills", "**+1** range from here."],
    ["Ruins", 2, "ruins", "Draw a *Spell*."],
]
DIE_ROWS = [
    ["label", "sign"],
    ["1", ""], ["2", ""], ["Fire", "flame"], ["Frost", "shield"], ["Grove", "drop"], ["**Wild**", ""],
]


def write_data() -> None:
    """The spreadsheets: cards.xlsx for the cards, pieces.xlsx for the tokens, hexes and die."""
    sys.path.insert(0, str(HERE.parents[1]))
    from tests.engine.workbooks import write_xlsx

    write_xlsx(HERE / "cards.xlsx", {"Read me": [["Cards are on the sheet 'Cards'."]], "Cards": ROWS})
    write_xlsx(HERE / "pieces.xlsx", {"Tokens": TOKEN_ROWS, "Hexes": HEX_ROWS, "Die": DIE_ROWS})


if __name__ == "__main__":
    if "--data" not in sys.argv:
        (HERE / "art").mkdir(exist_ok=True)
        for name, draw in (("fire", fire), ("frost", frost), ("grove", grove), ("spring", spring)):
            draw().save(HERE / "art" / f"{name}.png", dpi=(340, 340), optimize=True)
    write_data()
