"""Font subsets are tagged from what they hold: six capitals, not ReportLab's AAAAAA+ by order, so subsets of one
face from different kits merged into one print job never share a name, while a rebuild is byte for byte the same."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf

from printkit.engine.components import SheetComponent
from printkit.engine.elements import Piece, Text
from printkit.engine.paper import PrintSettings
from printkit.engine.render.pdf import render


def _pdf(text: str) -> bytes:
    sheet = Piece("sheet", 180, 250, (Text(10, 10, 160, 20, text, size=12),))
    return render(SheetComponent("s", "S", (sheet,)), PrintSettings(), "en").pdf


def _base_fonts(data: bytes, tmp_path: Path) -> dict[str, tuple[str, bytes]]:
    """Every subset's tag: {tag: (face, the embedded subset font's bytes)}."""
    path = tmp_path / "f.pdf"
    path.write_bytes(data)
    out = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font" and "/BaseFont" in obj:
                tag, face = str(obj.BaseFont)[1:].split("+", 1)
                descriptor = obj.FontDescriptor
                assert str(descriptor.FontName)[1:] == f"{tag}+{face}"
                out[tag] = (face, descriptor.FontFile2.read_bytes())
    return out


def test_subset_tags_come_from_the_subset_and_differ_between_kits(tmp_path: Path):
    one = _pdf("Hello 你好 printer")
    other = _pdf("Hello 世界 printer")
    tags_one, tags_other = _base_fonts(one, tmp_path), _base_fonts(other, tmp_path)
    assert tags_one and tags_other
    for tag in [*tags_one, *tags_other]:
        assert re.fullmatch(r"[A-Z]{6}", tag) and not tag.startswith("AAAAA")
    # one face, subsets holding different characters: different names (ReportLab named both AAAAAA+)
    assert {f for f, _ in tags_one.values()} == {f for f, _ in tags_other.values()}
    assert not set(tags_one) & set(tags_other)
    # ReportLab's subset keeps ASCII in place, so two English texts make one subset: one name, the same glyphs
    plain_one, plain_other = _base_fonts(_pdf("Hello printer"), tmp_path), _base_fonts(_pdf("Other words"), tmp_path)
    assert plain_one == plain_other
    # the same text again: the same bytes
    assert _pdf("Hello 你好 printer") == one
