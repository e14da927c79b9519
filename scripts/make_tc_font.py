"""Convert Noto Sans TC (CFF outlines) into a TrueType-outline font ReportLab can embed.

ReportLab cannot embed CFF/PostScript outlines, and no maintained PyPI package ships a
TrueType Traditional Chinese font with Taiwan glyph forms.  This one-off developer tool
converts the OFL-licensed Noto Sans TC from the ``pylopdf-fonts-zh-tw`` wheel; the result
is committed under ``printkit/fonts/`` so users never run it.  The conversion itself lives in
``printkit/engine/render/fontconvert.py``, where a user's OpenType/CFF font goes through it too.

Usage: python scripts/make_tc_font.py SRC.otf DEST.ttf
"""

from __future__ import annotations

import sys

from fontTools.ttLib import TTFont

from printkit.engine.render.fontconvert import cff_to_truetype


def convert(src: str, dest: str) -> None:
    font = TTFont(src)
    cff_to_truetype(font)
    font.save(dest)


if __name__ == "__main__":
    convert(sys.argv[1], sys.argv[2])
