"""Right-to-left text read back from the PDF: glyph places (pdfium) and the glyphs themselves (the embedded subset's
outlines matched to the font's own glyphs with fontTools), against oracles that owe nothing to printkit's code: the
font's GSUB init/medi/fina forms, python-bidi's reordering, and visual orders worked out by hand."""

from __future__ import annotations

import io
import random
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from bidi import get_display
from fontTools.ttLib import TTFont

from printkit.engine.elements import Text
from printkit.engine.errors import MissingGlyphError
from printkit.engine.render import bidi
from printkit.engine.render.fonts import family
from printkit.engine.render.text import fit_text
from tests.engine.render.test_typeset import _lines, _pdf, _text

ROOT = Path(__file__).resolve().parents[3]
RTL_FONT = ROOT / "examples" / "polyglot-deck" / "fonts" / "DejaVuSans-RTL.ttf"  # DejaVu Sans: Arabic, Hebrew
SIZE = 20.0


@cache
def _font(path: Path) -> TTFont:
    return TTFont(str(path))


def _outline(font: TTFont, name: str) -> tuple:
    """A glyph's outline and advance: what tells one glyph from another whatever a subset renumbers it."""
    coords, ends, flags = font["glyf"][name].getCoordinates(font["glyf"])
    return tuple(coords), tuple(ends), tuple(f & 1 for f in flags), font["hmtx"][name][0]


@cache
def _by_outline(path: Path) -> dict[tuple, frozenset[str]]:
    font = _font(path)
    out: dict[tuple, set[str]] = {}
    for name in font.getGlyphOrder():
        out.setdefault(_outline(font, name), set()).add(name)
    return {k: frozenset(v) for k, v in out.items()}


def _drawn(data: bytes, original: Path) -> list[frozenset[str]]:
    """The glyphs the page's text operators draw, in the order drawn, each as the names of the original font's
    glyphs of the same outline (found through the embedded subset's own cmap and outlines)."""
    pdf = pikepdf.open(io.BytesIO(data))
    page = pdf.pages[0]
    fonts = page.Resources.Font
    subsets: dict[str, tuple[TTFont, dict[int, str]]] = {}
    current = None
    out = []
    for operands, op in pikepdf.parse_content_stream(page):
        if op == pikepdf.Operator("Tf"):
            key = str(operands[0])
            if key not in subsets and "/FontDescriptor" in fonts[key]:  # (not the canvas's unused Helvetica)
                sub = TTFont(io.BytesIO(fonts[key].FontDescriptor.FontFile2.read_bytes()))
                cmap = sub["cmap"].getcmap(1, 0).cmap  # ReportLab's subsets: one byte, one glyph
                subsets[key] = (sub, cmap)
            current = subsets.get(key)
        elif op in (pikepdf.Operator("Tj"), pikepdf.Operator("TJ")):
            assert current is not None
            items = [operands[0]] if op == pikepdf.Operator("Tj") else list(operands[0])
            for item in items:
                if isinstance(item, pikepdf.String):
                    for b in bytes(item):
                        sub, cmap = current
                        out.append(_by_outline(original).get(_outline(sub, cmap[b]), frozenset()))
    return out


def _forms(path: Path, feature: str) -> dict[str, str]:
    """The font's own single substitutions under ``feature`` (init, medi, fina) for Arabic: base → form."""
    font = _font(path)
    gsub = font["GSUB"].table
    lookups = {i for fr in gsub.FeatureList.FeatureRecord if fr.FeatureTag == feature
               for i in fr.Feature.LookupListIndex}
    out: dict[str, str] = {}
    for i in sorted(lookups):
        lookup = gsub.LookupList.Lookup[i]
        for sub in lookup.SubTable:
            if lookup.LookupType == 7:
                sub = sub.ExtSubTable
            if getattr(sub, "LookupType", 1) == 1:
                out.update(sub.mapping)
    return out


def _name(path: Path, ch: str) -> str:
    return _font(path).getBestCmap()[ord(ch)]


def _rtl(text: str, **kw) -> bytes:
    return _pdf(Text(2, 2, 76, 30, text, size=SIZE, min_size=SIZE, font=str(RTL_FONT), align="start", **kw))


def test_arabic_letters_take_the_fonts_joined_forms_from_right_to_left() -> None:
    """بيت (bayt): beh begins the word (init), yeh is in its middle (medi), teh ends it (fina); drawn left to right
    the page shows teh, yeh, beh."""
    init, medi, fina = (_forms(RTL_FONT, f) for f in ("init", "medi", "fina"))
    beh, yeh, teh = (_name(RTL_FONT, c) for c in "بيت")
    want = [fina[teh], medi[yeh], init[beh]]
    assert len(set(want) | {beh, yeh, teh}) == 6  # the forms are glyphs of their own, not the isolated letters
    drawn = _drawn(_rtl("بيت"), RTL_FONT)
    assert len(drawn) == 3
    for got, name in zip(drawn, want, strict=True):
        assert name in got, (got, name)
    assert not {beh, yeh, teh} & set().union(*drawn)  # no letter is left unjoined


def test_a_letter_after_alef_stands_alone_and_the_word_reads_back_in_logical_order() -> None:
    """نقاط (points): alef joins only to its right, so the tah after it is isolated."""
    init, medi, fina = (_forms(RTL_FONT, f) for f in ("init", "medi", "fina"))
    noon, qaf, alef, tah = (_name(RTL_FONT, c) for c in "نقاط")
    data = _rtl("نقاط")
    drawn = _drawn(data, RTL_FONT)
    for got, name in zip(drawn, [tah, fina[alef], medi[qaf], init[noon]], strict=True):
        assert name in got
    assert _text(data) == "نقاط"


def test_mixed_arabic_number_and_latin_stand_where_bidi_puts_them() -> None:
    """"اربح 3 نقاط Gold" (win 3 points Gold) in a right-to-left paragraph: from the right, the first word, the
    number, the second word, then the Latin word at the far left, which itself reads left to right."""
    text = "اربح 3 نقاط Gold"
    data = _rtl(text)
    (line,) = _lines(data)
    x = {}
    for ch, pos in line:
        x.setdefault(ch, []).append(pos)
    first_word = [x[c][0] for c in "ربح"]  # اربح: its alef comes again in نقاط
    assert max(x["G"] + x["o"] + x["l"] + x["d"]) < min(x["ط"] + x["ق"] + x["ن"])  # Gold at the left
    assert x["G"][0] < x["o"][0] < x["l"][0] < x["d"][0]  # ... reading left to right
    assert max(x["ن"] + x["ق"] + x["ط"]) < x["3"][0] < min(first_word)  # the number between the two words
    assert x["ح"][0] < x["ب"][0] < x["ر"][0]  # اربح from right to left
    assert "".join(ch for ch, _ in line) == get_display(text).replace(" ", "")  # python-bidi agrees
    assert _text(data) == text


def test_a_hebrew_words_first_letter_is_rightmost_and_the_line_stands_at_the_right() -> None:
    data = _rtl("שלום עולם")
    (line,) = _lines(data)
    assert [ch for ch, _ in line] == list("םלועםולש")  # עולם then שלום, from the left
    right = max(pos for _, pos in line)
    assert line[-1][0] == "ש" and right > 2 * 72 / 25.4 * 20  # align: start in Hebrew is the right edge
    assert _text(data) == "שלום עולם"


def test_brackets_in_hebrew_are_mirrored_by_the_shaper() -> None:
    """"(בונוס)" (bonus) read right to left opens with "(" at the right: HarfBuzz draws the mirrored glyph."""
    data = _rtl("נקודות (בונוס)")
    drawn = _drawn(data, RTL_FONT)
    paren = [g for g in drawn if {"parenleft", "parenright"} & g]
    assert [sorted(g & {"parenleft", "parenright"}) for g in paren] == [["parenleft"], ["parenright"]]
    (line,) = _lines(data)
    chars = [ch for ch, _ in line]
    assert chars.index("ב") > chars.index("ס")  # בונוס reads from the right, inside its brackets


def test_lines_are_broken_first_and_each_line_reordered_on_its_own() -> None:
    """A Hebrew paragraph too long for one line: its first words take the first line, at its right."""
    words = ["אחד", "שתיים", "שלוש", "ארבע", "חמש", "שש"]
    data = _pdf(Text(2, 2, 30, 50, " ".join(words), size=10, min_size=10, font=str(RTL_FONT), align="start"))
    lines = _lines(data)
    assert len(lines) > 1
    first = "".join(ch for ch, _ in lines[0])[::-1]  # read right to left
    assert first.startswith("אחד")
    last = "".join(ch for ch, _ in lines[-1])[::-1]
    assert last.endswith("שש")
    right_edges = [max(pos for _, pos in line) for line in lines]
    assert max(right_edges) - min(right_edges) < 10 * 1.0  # each flush right, within a glyph's width


def test_direction_ltr_keeps_a_hebrew_line_at_the_left_and_rtl_turns_an_english_one() -> None:
    ltr = _lines(_rtl("שלום 12 abc", direction="ltr"))[0]
    # a left-to-right paragraph: the Hebrew word and the number after it form one right-to-left run, at the left
    assert [ch for ch, _ in ltr] == list("12םולשabc")
    rtl = _lines(_rtl("abc 12!", direction="rtl"))[0]
    assert [ch for ch, _ in rtl] == list("!abc12")  # the stop goes to the paragraph's end: the left


def test_justified_hebrew_fills_the_line_and_its_last_line_stands_at_the_right() -> None:
    text = "אחד שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר"
    w = 40.0
    data = _pdf(Text(2, 2, w, 50, text, size=10, min_size=10, font=str(RTL_FONT), align="justify"))
    lines = _lines(data)
    assert len(lines) >= 3
    box_left = 2 * 72 / 25.4
    for line in lines[:-1]:  # a right-to-left line starts at the right: stretched, it reaches the left edge too
        assert min(p for _, p in line) == pytest.approx(box_left, abs=1.0)
    last = lines[-1]
    assert min(p for _, p in last) > box_left + 20  # not stretched, and at the right


def test_arabic_is_never_hyphenated_but_a_latin_word_beside_it_may_be() -> None:
    fam = family(f"sans, {RTL_FONT}")
    arabic = fit_text("والمستكشفون والمستكشفون والمستكشفون", 40, 500, 10, 10, fam=fam, hyphenate="en")
    assert len(arabic.lines) == 3 and all("-" not in t for t in arabic.line_texts)
    mixed = fit_text("שלום extraordinary", 60, 500, 10, 10, fam=fam, hyphenate="en")
    assert mixed.line_texts == ("שלום ex-", "traordinary")
    (first, _) = mixed.drawing
    assert "".join(r.text for r in first) == "ex- שלום"  # the Latin part, its hyphen after it, at the left


def test_the_bundled_font_lacking_arabic_is_a_clear_error() -> None:
    with pytest.raises(MissingGlyphError, match="Arabic"):
        _pdf(Text(2, 2, 76, 30, "اربح 3 نقاط", size=SIZE, min_size=SIZE))


def test_shrink_to_fit_and_overflow_work_on_right_to_left_text() -> None:
    text = "שלום עולם " * 6
    shrunk = fit_text(text.strip(), 100, 30, 12, 6)
    assert shrunk.fits and shrunk.size < 12
    over = fit_text(text.strip() * 3, 60, 12, 12, 12)
    assert not over.fits


def test_left_to_right_text_takes_the_old_path() -> None:
    assert not bidi.needed("Deal 3 damage, 放置貴族 (Wa)")
    assert all(line.level is None for line in fit_text("Deal 3 damage to one foe.", 50, 50, 10, 10).lines)
    assert bidi.needed("abc", "rtl") and bidi.needed("abc שלום")


_ALPHABET = list("ab ") + list("אבג") + list("اربح") + list("0129 ") + list(".,:-+%$#/!()[]") + [
    "\u0661", "\u0662", "\u064b", "\u200f", "\u200e", "\u05b8"]


@pytest.mark.parametrize("base", [0, 1])
def test_the_algorithm_agrees_with_python_bidi(base: int) -> None:
    """python-bidi (Rust unicode-bidi) reorders 20,000 random mixed strings as printkit's levels do (neither
    mirrors brackets in the string; HarfBuzz does when it shapes)."""
    rng = random.Random(42 + base)
    for _ in range(20_000):
        s = "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(1, 16)))
        lv = bidi.line_levels(s, bidi.levels(s, base), base)
        got = "".join(s[i] for i in bidi.visual_order(lv))
        assert got == get_display(s, base_dir="R" if base else "L"), (s, base)


@pytest.mark.parametrize(("text", "want"), [
    ("abc", 0), ("שלום abc", 1), ("123 اربح", 1), ("(12) abc שלום", 0), ("", 0), ("123", 0)])
def test_auto_takes_the_first_strong_letter(text: str, want: int) -> None:
    assert bidi.base_level(text) == want


def test_a_right_to_left_mark_steers_the_stop_and_prints_nothing() -> None:
    """In a left-to-right paragraph "שלום!" ends with its stop at the right; an RLM after the stop takes the stop
    into the Hebrew run (to its left).  The mark draws no glyph and reads back as nothing; the bundled family
    needs no glyph for it."""
    plain = _lines(_rtl("שלום!", direction="ltr"))[0]
    assert [ch for ch, _ in plain] == list("םולש!")
    marked = _rtl("שלום!\u200f", direction="ltr")
    assert [ch for ch, _ in _lines(marked)[0]] == list("!םולש")
    assert "\u200f" not in _text(marked)
    assert _text(_pdf(Text(2, 2, 76, 30, "abc \u200f12", size=SIZE, min_size=SIZE))) == "abc 12"


def test_an_inline_icon_between_hebrew_words_stays_between_them() -> None:
    """"שלום :flame: עולם": read right to left, the first word, the icon, the second word; so from the left the
    second word, the icon, the first."""
    fam = family(f"sans, {RTL_FONT}")
    (runs,) = fit_text("שלום :flame: עולם", 300, 100, 12, 12, icons=frozenset({"flame"}), fam=fam).drawing
    order = [r.icon or r.text.strip() for r in runs if r.icon or r.text.strip()]
    assert order == ["עולם", "flame", "שלום"]
    assert [r.dx for r in runs] == sorted(r.dx for r in runs)


_PIECES = ["abc", "Gold", "שלום", "עולם", "اربح", "نقاط", "3", "12", "١٢", " ", " ", " ", "!", ".", "(", ")", "\n",
           "**", ":flame:", "-", "\u200f", "\u200e", "放置", "%"]


def test_every_justified_bidi_line_is_drawn_exactly_as_wide_as_the_box() -> None:
    """Random mixed paragraphs (marks, icons, Chinese, both kinds of digits) set justified in a 30 pt column: each
    line but a paragraph's last is drawn from 0 to 30 pt (the stretch of a line opening with marks alone, which
    draw nothing, is not lost), and every other line as wide as it was measured."""
    fam = family(f"sans, {RTL_FONT}")
    rng = random.Random(7)
    opening_marks = ["\u200f放置12放置", "\u200e放置 .١٢.", "\u200f\u200e放置שלום放置"]
    for text in opening_marks + ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 12))) for _ in range(400)]:
        set_ = fit_text(text, 30, 500, 10, 10, icons=frozenset({"flame"}), fam=fam, justify=True, direction="rtl")
        for line, runs in zip(set_.lines, set_.drawing, strict=True):
            ends = [r.dx + set_.size if r.icon else r.glyph_starts(set_.size)[-1] for r in runs]
            if not ends:
                continue
            want = 30.0 if line.stretch else line.width
            assert max(ends) == pytest.approx(want, abs=1e-6), (text, line)


@pytest.mark.parametrize("text", ["{color=#a00|ب}يت", "ب{color=#a00|ي}ت", "بي{color=#a00|ت}"])
def test_an_arabic_word_stays_joined_across_a_colour_change(text: str) -> None:
    """بيت with one letter in another colour (its own run of glyphs): each letter still takes its joined form."""
    init, medi, fina = (_forms(RTL_FONT, f) for f in ("init", "medi", "fina"))
    beh, yeh, teh = (_name(RTL_FONT, c) for c in "بيت")
    drawn = _drawn(_rtl(text), RTL_FONT)
    assert sorted(drawn, key=sorted) == sorted(
        [frozenset(g) for g in (_by_outline(RTL_FONT)[_outline(_font(RTL_FONT), n)] for n in
                                (fina[teh], medi[yeh], init[beh]))], key=sorted)
    assert _text(_rtl(text)) == "بيت"
