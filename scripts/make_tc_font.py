"""Convert Noto Sans TC (CFF outlines) into a TrueType-outline font ReportLab can embed.

ReportLab cannot embed CFF/PostScript outlines, and no maintained PyPI package ships a
TrueType Traditional Chinese font with Taiwan glyph forms.  This one-off developer tool
converts the OFL-licensed Noto Sans TC from the ``pylopdf-fonts-zh-tw`` wheel; the result
is committed under ``printkit/fonts/`` so users never run it.

Usage: python scripts/make_tc_font.py SRC.otf DEST.ttf
"""

from __future__ import annotations

import sys

from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

MAX_ERR = 1.0  # font units; below what a printer can resolve at any text size we use


def convert(src: str, dest: str) -> None:
    font = TTFont(src)
    glyph_order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = glyph_order
    glyf.glyphs = {}
    for name in glyph_order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs",
        "maxInstructionDefs", "maxStackElements", "maxSizeOfInstructions", "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    maxp.maxComponentDepth = 0
    post = font["post"]
    post.formatType = 3.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = None
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\0\1\0\0"
    font.save(dest)


if __name__ == "__main__":
    convert(sys.argv[1], sys.argv[2])
