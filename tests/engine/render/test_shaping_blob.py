"""What HarfBuzz shapes from: a bundled font through its file, a designer's font through the bytes ReportLab read
(a font file rewritten while ``--watch`` runs must not change, or crash, shaping already set up)."""

from __future__ import annotations

import shutil
from pathlib import Path

import uharfbuzz as hb
from reportlab.pdfbase.ttfonts import TTFontFace

from printkit.engine.render.fonts import FONT_DIR
from printkit.engine.render.shaping import _blob


def _glyphs(blob: hb.Blob, text: str) -> list[tuple[int, int]]:
    font = hb.Font(hb.Face(blob))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf, {})
    return [(i.codepoint, p.x_advance) for i, p in zip(buf.glyph_infos, buf.glyph_positions, strict=True)]


def test_a_bundled_face_shapes_through_its_file_as_through_a_copy_of_its_bytes() -> None:
    face = TTFontFace(str(FONT_DIR / "NotoSansTC-Regular.ttf"))
    text = "Wave 心靈之泉 office"
    mapped = _glyphs(_blob(face), text)
    copied = _glyphs(hb.Blob(face._ttf_data), text)
    assert mapped == copied
    assert len(mapped) == len(text) - 2  # "ffi" is one ligature glyph
    assert all(gid != 0 for gid, _ in mapped)  # none drawn as the missing-glyph box


def test_a_designers_font_rewritten_after_loading_shapes_as_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "MyFont-Italic.ttf"
    shutil.copy(FONT_DIR / "NotoSans-Italic.ttf", path)
    face = TTFontFace(str(path))
    blob = _blob(face)
    before = _glyphs(hb.Blob(path.read_bytes()), "Wave")
    path.write_bytes(b"")  # the designer's export truncates the file in place before writing it anew
    assert _glyphs(blob, "Wave") == before
    assert all(gid != 0 for gid, _ in before)
