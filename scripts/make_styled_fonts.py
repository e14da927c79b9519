"""Make the bold and italic faces printkit ships next to Noto Sans TC Regular.

* **Bold (Latin + Traditional Chinese)**: Noto Sans TC's variable font (wght axis, OFL) as the
  ``@fontsource-variable/noto-sans-tc`` npm package ships it, in unicode-range slices.  Each slice is
  instanced at wght=700 with fontTools' instancer and its glyphs are drawn into one TrueType font.
  To keep the repository small only the characters a card is likely to print are kept: ASCII,
  Latin-1 and Latin Extended-A (German, French...), general and CJK punctuation, full-width forms,
  Bopomofo, and the 5,401 common hanzi of Big5 level 1.  A character the bold face lacks is set in
  the regular face (printkit says so); it never becomes a fake bold.
* **Italic and bold italic (Latin)**: Noto Sans Italic's variable font from the ``fontpkg-noto-sans``
  wheel (OFL), instanced at wght 400 / 700, wdth 100, and subset to the Latin ranges above.  Chinese
  has no italic: ``*強調*`` stays upright, in the emphasis colour.

Usage: python scripts/make_styled_fonts.py SLICES_DIR NOTO_SANS_ITALIC_VF.ttf OUT_DIR
(SLICES_DIR: the package's files/ folder of ``noto-sans-tc-*-wght-normal.woff2``).
A one-off developer tool: the results are committed under printkit/fonts/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont
from fontTools.varLib.instancer import instantiateVariableFont

LATIN = [*range(0x20, 0x7F), *range(0xA0, 0x180), 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026,
         0x2032, 0x2033, 0x20AC, 0x2122, 0x2190, 0x2191, 0x2192, 0x2193, 0x00D7, 0x2212, 0x00B7]


def common_chinese() -> list[int]:
    """Punctuation, full-width forms, Bopomofo, and Big5 level 1 (the 5,401 frequent hanzi)."""
    points = set(range(0x3000, 0x3040)) | set(range(0xFF01, 0xFF5F)) | set(range(0x3105, 0x312A))
    points |= set(range(0x02C7, 0x02DA))
    for lead in range(0xA4, 0xC7):
        for trail in [*range(0x40, 0x7F), *range(0xA1, 0xFF)]:
            try:
                ch = bytes([lead, trail]).decode("big5")
            except UnicodeDecodeError:
                continue
            points.add(ord(ch))
    return sorted(points)


def merge_bold(slices: Path, dest: Path) -> None:
    wanted = set(LATIN) | set(common_chinese())
    glyphs: dict[str, object] = {}
    metrics: dict[str, tuple[int, int]] = {}
    cmap: dict[int, str] = {}
    first: TTFont | None = None
    for path in sorted(slices.glob("noto-sans-tc-*-wght-normal.woff2")):
        font = instantiateVariableFont(TTFont(str(path)), {"wght": 700})
        first = first or font
        gs = font.getGlyphSet()
        for code, name in font.getBestCmap().items():
            if code not in wanted or code in cmap:
                continue
            new = f"uni{code:04X}"
            rec = DecomposingRecordingPen(gs)
            gs[name].draw(rec)
            pen = TTGlyphPen(None)
            rec.replay(Cu2QuPen(pen, 1.0) if font.has_key("CFF ") else pen)
            glyphs[new] = pen.glyph()
            metrics[new] = (font["hmtx"][name][0], 0)
            cmap[code] = new
    assert first is not None, f"no slices in {slices}"
    upm = first["head"].unitsPerEm
    order = [".notdef", *sorted(glyphs)]
    notdef = TTGlyphPen(None)
    glyphs[".notdef"] = notdef.glyph()
    metrics[".notdef"] = (upm // 2, 0)
    fb = FontBuilder(upm, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    glyf = fb.font["glyf"]
    fb.setupHorizontalMetrics({n: (metrics[n][0], getattr(glyf[n], "xMin", 0)) for n in order})
    hhea = first["hhea"]
    fb.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
    os2 = first["OS/2"]
    fb.setupOS2(sTypoAscender=os2.sTypoAscender, sTypoDescender=os2.sTypoDescender, sTypoLineGap=os2.sTypoLineGap,
                usWinAscent=os2.usWinAscent, usWinDescent=os2.usWinDescent, sxHeight=os2.sxHeight,
                sCapHeight=os2.sCapHeight, usWeightClass=700, fsSelection=0x20, achVendID=os2.achVendID)
    fb.setupNameTable({"familyName": "Noto Sans TC", "styleName": "Bold", "psName": "NotoSansTC-Bold",
                       "fullName": "Noto Sans TC Bold", "uniqueFontIdentifier": "NotoSansTC-Bold-printkit",
                       "copyright": "Noto Sans TC: Copyright 2014-2021 Adobe (http://www.adobe.com/), with "
                                    "Reserved Font Name 'Source'. SIL Open Font License 1.1",
                       "licenseDescription": "SIL Open Font License, Version 1.1"})
    fb.setupPost()
    fb.font["head"].macStyle = 1  # bold, matching fsSelection
    fb.save(str(dest))


def italic(source: Path, weight: int, dest: Path) -> None:
    font = instantiateVariableFont(TTFont(str(source)), {"wght": weight, "wdth": 100})
    options = Options()
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]
    options.hinting = False
    sub = Subsetter(options)
    sub.populate(unicodes=LATIN)
    sub.subset(font)
    # The instancer keeps the variable font's names; PDF viewers tell embedded fonts apart by name.
    style = "Bold Italic" if weight >= 700 else "Italic"
    ps = "NotoSans-" + style.replace(" ", "")
    name = font["name"]
    for record_id, value in ((1, "Noto Sans"), (2, style), (4, f"Noto Sans {style}"), (6, ps), (3, ps),
                             (16, "Noto Sans"), (17, style)):
        name.setName(value, record_id, 3, 1, 0x409)
    font["OS/2"].usWeightClass = weight
    font.save(str(dest))


if __name__ == "__main__":
    slices_dir, italic_vf, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    italic(italic_vf, 400, out / "NotoSans-Italic.ttf")
    italic(italic_vf, 700, out / "NotoSans-BoldItalic.ttf")
    if "--italic-only" not in sys.argv:
        merge_bold(slices_dir, out / "NotoSansTC-Bold.ttf")
