"""Inline markup set in real faces, read back from the PDF: fonts by name, colours, fallbacks, user fonts."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from typer.testing import CliRunner

from devkit.readback import char_styles, unembedded_fonts
from printkit.cli import app
from printkit.engine.render.markup import Run, parse, plain


def test_parse_runs() -> None:
    assert parse("Deal **3** to *any*.") == (Run("Deal "), Run("3", bold=True), Run(" to "), Run("any", italic=True),
                                             Run("."))
    assert parse("{color=#a00|red **bold**} x") == (Run("red ", color="#a00"), Run("bold", True, color="#a00"),
                                                    Run(" x"))
    assert parse("***both***") == (Run("both", True, True),)
    assert plain("one<br>two") == "one\ntwo"
    # lone markers from spreadsheets print as written
    assert plain("see rules* and {braces}") == "see rules* and {braces}"
    assert plain(r"\*literal\*") == "*literal*"


def _build(tmp: Path, text: str, extra: str = "", *flags: str) -> bytes:
    deck = tmp / "deck.yaml"
    deck.write_text(f"title: Markup\nback: null\n{extra}cards:\n  - name: Test\n    text: {text!r}\n",
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp / "out"), "-q", *flags])
    assert result.exit_code == 0, result.output
    return (tmp / "out" / "deck" / "cards-en-a4.pdf").read_bytes()


def _styles(pdf: bytes, chars: str) -> dict[str, tuple[str, tuple[int, int, int]]]:
    return {c.char: (c.font, c.fill) for c in char_styles(pdf) if c.char in chars}


def test_bold_italic_colour_and_chinese_emphasis(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "Deal **K** *Q* ***J*** {color=#0a0|V} 普 **粗** *強*")
    s = _styles(pdf, "KQJV普粗強")
    assert s["K"][0] == "NotoSansTC-Bold"
    assert s["Q"][0] == "NotoSans-Italic"
    assert s["J"][0] == "NotoSans-BoldItalic"
    assert s["V"] == ("NotoSansTC-Regular", (0, 170, 0))
    assert s["普"] == ("NotoSansTC-Regular", (0, 0, 0))
    assert s["粗"] == ("NotoSansTC-Bold", (0, 0, 0))
    # Chinese has no italic: upright, in the emphasis colour (default #a33a1f)
    assert s["強"] == ("NotoSansTC-Regular", (0xA3, 0x3A, 0x1F))
    assert unembedded_fonts(pdf) == []


def test_bold_character_missing_from_the_bold_face_is_set_regular(tmp_path: Path) -> None:
    # 乂 (U+4E42) is outside Big5 level 1, so the shipped bold face lacks it
    pdf = _build(tmp_path, "**乂粗**")
    s = _styles(pdf, "乂粗")
    assert s["乂"][0] == "NotoSansTC-Regular" and s["粗"][0] == "NotoSansTC-Bold"


def test_whole_element_bold_uses_the_bold_face(tmp_path: Path) -> None:
    pdf = _build(tmp_path, "x")
    title = char_styles(pdf)[:4]  # the card's title is drawn first
    assert "".join(c.char for c in title) == "Test"
    assert {c.font for c in title} == {"NotoSansTC-Bold"}  # the standard template's title is bold: true


def _cff_font(path: Path) -> Path:
    """A tiny OpenType/CFF font with glyphs for A and B only (squares), as a user might bring."""
    fb = FontBuilder(1000, isTTF=False)
    names = [".notdef", "A", "B", "space"]
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({65: "A", 66: "B", 32: "space"})
    charstrings = {}
    for n in names:
        pen = T2CharStringPen(600, None)
        if n in ("A", "B"):
            pen.moveTo((50, 0))
            pen.lineTo((550, 0))
            pen.lineTo((550, 700 if n == "A" else 500))
            pen.lineTo((50, 700))
            pen.closePath()
        charstrings[n] = pen.getCharString()
    fb.setupCFF("TestBlock-Regular", {"FullName": "Test Block"}, charstrings, {})
    fb.setupHorizontalMetrics({n: (600, 50) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Test Block", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    return path


def _font_template(tmp: Path) -> str:
    (tmp / "front.yaml").write_text(
        "elements:\n  - text: {x: 5, y: 5, w: 50, h: 20, text: '{{ card.text }}', size: 14, font: block.otf}\n",
        encoding="utf-8")
    return "front: front.yaml\n"


def test_user_cff_font_is_converted_and_embedded(tmp_path: Path) -> None:
    _cff_font(tmp_path / "block.otf")
    pdf = _build(tmp_path, "AB BA", _font_template(tmp_path))
    fonts = {c.font for c in char_styles(pdf) if c.char in "AB"}
    assert fonts == {"Test-Block"}  # the user font (its PostScript name), embedded as TrueType
    assert unembedded_fonts(pdf) == []


def _refused(tmp: Path, text: str) -> str:
    deck = tmp / "deck.yaml"
    deck.write_text(f"title: F\nback: null\n{_font_template(tmp)}cards:\n  - {{text: {text}}}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp / "out")])
    assert result.exit_code == 2
    return result.output


def test_user_font_glyph_preflight(tmp_path: Path) -> None:
    _cff_font(tmp_path / "block.otf")
    assert "no glyph for 'C' (U+0043)" in _refused(tmp_path, "ABC")


@pytest.mark.parametrize("content", [b"", b"not a font"])
def test_broken_user_font_is_an_input_error(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "block.otf").write_bytes(content)
    assert "block.otf" in _refused(tmp_path, "AB")


def test_font_list_falls_back_to_the_bundled_family(tmp_path: Path) -> None:
    _cff_font(tmp_path / "block.otf")
    (tmp_path / "front.yaml").write_text(
        "elements:\n  - text: {x: 5, y: 5, w: 50, h: 20, text: '{{ card.text }}', size: 14, "
        "font: 'block.otf, sans'}\n", encoding="utf-8")
    pdf = _build(tmp_path, "AB 火C", "front: front.yaml\n")
    s = _styles(pdf, "AB火C")
    assert s["A"][0] == s["B"][0] == "Test-Block"
    assert s["火"][0] == s["C"][0] == "NotoSansTC-Regular"  # what the display face lacks, set in the next one
