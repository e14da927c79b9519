"""Type that looks typeset, read back from the PDF: kerning from the font's own GPOS pairs (worked out here with
fontTools, independently of HarfBuzz), ligatures that read back as their letters, hyphens at breaks, justified lines
flush at both edges, icons never alone on a line, and card text in brackets kept or refused with a clear error."""

from __future__ import annotations

import ctypes
import io
from functools import cache
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from fontTools.ttLib import TTFont
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.engine.elements import Piece, Text
from printkit.engine.render.draw import draw_piece
from printkit.engine.render.text import fit_text, tokenize
from tests.engine.deck_files import build, write

ROOT = Path(__file__).resolve().parents[3]
NOTO = ROOT / "printkit" / "fonts" / "NotoSansTC-Regular.ttf"
AMATIC = ROOT / "examples" / "designer-deck" / "fonts" / "AmaticSC-Bold.ttf"
SIZE = 20.0  # pt: large, so a kern of a few thousandths of an em is far above the reading's rounding
# pt: how closely a glyph origin read back must match the font's own numbers.  pdfium reads a font's widths as
# whole thousandths of an em (a font of 2048 units has fractions), so it may place a glyph up to 1/1000 em off.
EPS = SIZE / 1000 + 0.001
SOFT = "\ufffe"  # pdfium's reading of a hyphen drawn at a line's end (it knows the word goes on)
SOFT_CODES = ("\x02", SOFT)  # the same, as pdfium's character-by-character reading gives it


def _pdf(*elements: Text, w: float = 80, h: float = 60) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(w * mm, h * mm), invariant=1)
    draw_piece(canvas, Piece("test", w, h, tuple(elements)), (0, h * mm), lambda _msg: None)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _origins(data: bytes) -> list[tuple[str, float, float]]:
    """Every character read back with its glyph origin (pt, PDF coordinates)."""
    page = pdfium.PdfDocument(data)[0]
    tp = page.get_textpage()
    out = []
    for i in range(tp.count_chars()):
        x, y = ctypes.c_double(), ctypes.c_double()
        pdfium_c.FPDFText_GetCharOrigin(tp.raw, i, x, y)
        ch = chr(pdfium_c.FPDFText_GetUnicode(tp.raw, i))
        out.append(("-" if ch in SOFT_CODES else ch, x.value, y.value))
    return out


def _text(data: bytes) -> str:
    return pdfium.PdfDocument(data)[0].get_textpage().get_text_range()


@cache
def _font(path: Path) -> TTFont:
    return TTFont(str(path))


def _advance(path: Path, ch: str) -> int:
    """The glyph's advance in font units (hmtx), unkerned."""
    f = _font(path)
    return f["hmtx"][f.getBestCmap()[ord(ch)]][0]


def _gpos_kern(path: Path, left: str, right: str) -> int:
    """The font's own kern for the pair (font units), read from its GPOS pair-adjustment lookups under `kern`."""
    f = _font(path)
    cmap = f.getBestCmap()
    first, second = cmap[ord(left)], cmap[ord(right)]
    gpos = f["GPOS"].table
    lookups = sorted({i for fr in gpos.FeatureList.FeatureRecord if fr.FeatureTag == "kern"
                      for i in fr.Feature.LookupListIndex})
    for i in lookups:
        lookup = gpos.LookupList.Lookup[i]
        for sub in lookup.SubTable:
            if lookup.LookupType == 9:
                sub = sub.ExtSubTable
            if getattr(sub, "LookupType", 2) != 2 or first not in sub.Coverage.glyphs:
                continue
            if sub.Format == 1:
                pairs = sub.PairSet[sub.Coverage.glyphs.index(first)].PairValueRecord
                for rec in pairs:
                    if rec.SecondGlyph == second:
                        return getattr(rec.Value1, "XAdvance", 0) or 0
            else:
                c1 = sub.ClassDef1.classDefs.get(first, 0)
                c2 = sub.ClassDef2.classDefs.get(second, 0)
                value = sub.Class1Record[c1].Class2Record[c2].Value1
                got = getattr(value, "XAdvance", 0) or 0
                if got:
                    return got
    return 0


@pytest.mark.parametrize("font", [NOTO, AMATIC], ids=["noto-sans-tc", "amatic-sc"])
@pytest.mark.parametrize("pair", ["Wa", "To", "AV", "Yo", "Ta"])
def test_a_kerned_pair_is_drawn_closer_by_the_fonts_own_kern(font: Path, pair: str) -> None:
    kern = _gpos_kern(font, *pair)
    data = _pdf(Text(2, 2, 76, 30, pair, size=SIZE, min_size=SIZE, align="left",
                     font=None if font == NOTO else str(font)))
    (a, xa, _), (b, xb, _) = _origins(data)[:2]
    assert a + b == pair
    upem = _font(font)["head"].unitsPerEm
    unkerned = _advance(font, pair[0]) * SIZE / upem
    assert xb - xa == pytest.approx(unkerned + kern * SIZE / upem, abs=EPS)
    if kern:
        assert abs(kern * SIZE / upem) > 2 * EPS  # the reading tells kerned from unkerned


DEJAVU_SERIF = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")


def test_the_pairs_the_designer_saw_unkerned_are_kerned() -> None:
    """Issue #42 measured a gap of 0.0 pt in "Wa", "Yo", "Ta" though the fonts (the bundled one, DejaVu Serif) kern
    them: each is now drawn closer by the font's own kern."""
    fonts = [NOTO] + ([DEJAVU_SERIF] if DEJAVU_SERIF.exists() else [])
    for font in fonts:
        upem = _font(font)["head"].unitsPerEm
        for pair in ("Wa", "Yo", "Ta"):
            kern = _gpos_kern(font, *pair)
            assert kern < 0, (font.name, pair)
            data = _pdf(Text(2, 2, 76, 30, pair, size=SIZE, min_size=SIZE, align="left",
                             font=None if font == NOTO else str(font)))
            (_, xa, _), (_, xb, _) = _origins(data)[:2]
            assert xb - xa == pytest.approx((_advance(font, pair[0]) + kern) * SIZE / upem, abs=EPS)


def _glyphs_drawn(data: bytes) -> int:
    """How many glyph codes the page's text operators write (one byte each in ReportLab's subsets)."""
    pdf = pikepdf.open(io.BytesIO(data))
    count = 0
    for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
        if op == pikepdf.Operator("Tj"):
            count += len(bytes(operands[0]))
        elif op == pikepdf.Operator("TJ"):
            count += sum(len(bytes(item)) for item in operands[0] if isinstance(item, pikepdf.String))
    return count


def test_a_ligature_is_one_glyph_and_reads_back_as_its_letters() -> None:
    """Noto Sans has an "ffi" ligature (GSUB `liga`): "office" is four glyphs, and reads back as "office"."""
    gsub = _font(NOTO)["GSUB"].table
    cmap = _font(NOTO).getBestCmap()
    f, i = cmap[ord("f")], cmap[ord("i")]
    ligatures = [lig for lookup in gsub.LookupList.Lookup if lookup.LookupType == 4 for sub in lookup.SubTable
                 for lig in sub.ligatures.get(f, ()) if lig.Component == [f, i]]
    assert ligatures  # the font's own table: f + f + i is one glyph
    data = _pdf(Text(2, 2, 76, 30, "office fit", size=SIZE, min_size=SIZE, align="left"))
    assert _text(data) == "office fit"
    assert _glyphs_drawn(data) == len("o") + 1 + len("ce") + 1 + 1 + len("t")  # o ffi c e, space, fi t


def test_mixed_chinese_and_latin_keep_full_width_characters_and_kern_the_latin() -> None:
    data = _pdf(Text(2, 2, 76, 30, "放置貴族 Wa 聖馬可", size=SIZE, min_size=SIZE, align="left"))
    assert _text(data) == "放置貴族 Wa 聖馬可"
    origins = _origins(data)
    xs = {ch: x for ch, x, _ in origins}
    assert xs["置"] - xs["放"] == pytest.approx(SIZE, abs=EPS)  # a Chinese character is 1 em wide: no kerning
    assert xs["a"] - xs["W"] == pytest.approx((_advance(NOTO, "W") + _gpos_kern(NOTO, "W", "a")) * SIZE / 1000,
                                              abs=EPS)


def _lines(data: bytes) -> list[list[tuple[str, float]]]:
    """The characters of each printed line (by baseline), top line first, with their origins."""
    rows: dict[float, list[tuple[str, float]]] = {}
    for ch, x, y in _origins(data):
        if ch.strip():
            rows.setdefault(round(y, 1), []).append((ch, x))
    return [sorted(rows[y], key=lambda c: c[1]) for y in sorted(rows, reverse=True)]


def _printed_lines(data: bytes) -> list[str]:
    out = []
    for line in _lines_spaced(data):
        out.append("".join(line))
    return out


def _lines_spaced(data: bytes) -> list[list[str]]:
    rows: dict[float, list[tuple[float, str]]] = {}
    for ch, x, y in _origins(data):
        if ch not in "\r\n":
            rows.setdefault(round(y, 1), []).append((x, ch))
    return [[ch for _, ch in sorted(rows[y])] for y in sorted(rows, reverse=True)]


def test_hyphenated_english_and_german_break_with_a_hyphen_drawn() -> None:
    # At 10 pt these words do not fit their lines; the dictionaries break them where English and German do.
    en = _pdf(Text(2, 2, 27, 40, "An extraordinary hyphenation example", size=10, min_size=10, align="left",
                   hyphenate="en"))
    assert _printed_lines(en) == ["An extraordin-", "ary hyphena-", "tion example"]
    de = _pdf(Text(2, 2, 23, 40, "Kartenspielregeln erklären die Schifffahrt", size=10, min_size=10,
                   align="left", hyphenate="de"))
    assert _printed_lines(de) == ["Kartenspiel-", "regeln erklä-", "ren die Schiff-", "fahrt"]
    plain = _pdf(Text(2, 2, 23, 40, "Kartenspielregeln erklären die Schifffahrt", size=10, min_size=10,
                      align="left"))
    assert "-" not in _text(plain)


def test_chinese_is_never_hyphenated() -> None:
    text = "放置一位貴族到聖馬可區然後可以移動到相鄰的區域"
    for lang in ("zh-TW", "en"):
        r = fit_text(text, 60, 1e9, 10, 10, hyphenate=lang)
        assert len(r.lines) > 2 and not any(t.endswith("-") for t in r.line_texts)


def test_justified_lines_are_flush_at_both_edges_and_the_last_line_is_left() -> None:
    text = ("Deal three damage to any creature, then draw a card for every spell you cast this turn.\n"
            "Allies you control gain one strength until the end of the round.")
    box_x, box_w = 5.0, 40.0
    data = _pdf(Text(box_x, 2, box_w, 50, text, size=9, min_size=9, align="justify", valign="top"))
    lines = _lines(data)
    assert len(lines) >= 6
    left, right = box_x * mm, (box_x + box_w) * mm
    for line in lines:
        assert line[0][1] == pytest.approx(left, abs=0.1)
    texts = ["".join(ch for ch, _ in line) for line in lines]
    for line, joined in zip(lines, texts, strict=True):
        ch, x = line[-1]
        end = x + _advance(NOTO, ch) * 9 / 1000
        if joined.endswith("."):  # a paragraph's last line stays left: short of the right edge
            assert end < right - 1
        else:
            assert end == pytest.approx(right, abs=0.1), joined
    assert sum(joined.endswith(".") for joined in texts) == 2


def test_justified_chinese_stretches_between_characters() -> None:
    text = "放置一位貴族到聖馬可區，然後可以移動到相鄰的區域，再放置一位。"
    box_w = 41.0
    data = _pdf(Text(5, 2, box_w, 50, text, size=9, min_size=9, align="justify", valign="top"))
    lines = _lines(data)
    assert len(lines) >= 3
    for line in lines[:-1]:
        ch, x = line[-1]
        assert x + _advance(NOTO, ch) * 9 / 1000 == pytest.approx((5 + box_w) * mm, abs=0.1)


COIN = frozenset({"coin"})


@pytest.mark.parametrize("text", ["Gain 2 :coin: at once", "Pay 3 :coin:", ":coin: Deal three damage",
                                  "Gain :coin: :coin: now", "支付 3 :coin:", "獲得:coin:一枚"])
def test_an_icon_is_never_alone_on_a_line(text: str) -> None:
    for width in range(50, 120):  # from the width of the icons and the words they go with
        r = fit_text(text, width, 1e9, 10, 10, icons=COIN)
        for line in r.line_texts:
            assert line.replace(":coin:", "").strip(), (width, r.line_texts)


@pytest.mark.parametrize("text,unit", [("Pay 3:coin: now", "3:coin:"), ("x:coin:y z", "x:coin:y"),
                                       ("支付:coin:", "付:coin:"), (":coin:3 more", ":coin:3"),
                                       (":coin:放置", ":coin:放")])
def test_an_icon_touching_a_word_is_never_parted_from_it(text: str, unit: str) -> None:
    for width in range(5, 90):
        r = fit_text(text, width, 1e9, 10, 10, icons=COIN)
        assert any(unit in line for line in r.line_texts), (width, r.line_texts)


def test_a_row_of_icons_wider_than_the_line_still_breaks() -> None:
    row = "Take " + " ".join([":coin:"] * 12)
    r = fit_text(row, 50, 1e9, 10, 10, icons=COIN)
    assert r.fits and len(r.lines) > 1 and all(line.width <= 50 for line in r.lines)
    assert tokenize(row, COIN)[0][1].tied


def _deck(tmp_path: Path, text: str, extra: str = "", w: float = 55) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "cards.csv").write_text(f'name,text\nA,"{text}"\n', encoding="utf-8")
    write(tmp_path / "front.yaml", f"""
        elements:
          - id: rules
            text: {{x: 4, y: 10, w: {w}, h: 40, text: "{{{{ card.text }}}}", size: 9, align: left{extra}}}
        """)
    return write(tmp_path / "deck.yaml", "title: T\ndata: cards.csv\nfront: front.yaml\n")


def _card_text(tmp_path: Path) -> str:
    pdf = next((tmp_path / "out").rglob("cards-*.pdf"))
    return pdfium.PdfDocument(str(pdf))[0].get_textpage().get_text_range()


def test_bracketed_card_text_prints_as_written(tmp_path: Path) -> None:
    deck = _deck(tmp_path, "[rule] Draw a card. See [Rule 3] and [1].")
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "[rule] Draw a card. See [Rule 3] and [1]." in _card_text(tmp_path).replace("\r\n", " ")


@pytest.mark.parametrize("text,error", [
    ("Deal [b]3 damage[/b].", "'[b]' is markup of another tool, which printkit would print as written: printkit "
                              "writes it **bold**; to print the tag itself, write \\[b]"),
    ("Then <i>discard</i> a card.", "'<i>' is markup of another tool, which printkit would print as written: "
                                    "printkit writes it *italic*; to print the tag itself, write \\<i>"),
    ("{colour: red|Hot}", "'{colour: red|' looks like colour markup but is not: printkit writes "
                          "{color=#a00|words} (or {colour=red|words}); to print the brace itself, write \\{"),
])
def test_markup_of_another_tool_is_an_error_naming_the_card(tmp_path: Path, text: str, error: str) -> None:
    result = build(_deck(tmp_path, text), "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "card 1 (A" in result.output and error in result.output.replace("\n", "")
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_an_escaped_tag_prints_as_written(tmp_path: Path) -> None:
    result = build(_deck(tmp_path, r"Deal \[b]3[/b]."), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Deal [b]3[/b]." in _card_text(tmp_path)


def test_hyphenate_true_takes_the_builds_language_and_an_unknown_one_is_refused(tmp_path: Path) -> None:
    long = "Kartenspielregeln Kartenspielregeln Kartenspielregeln"
    deck = _deck(tmp_path, long, ", hyphenate: true", w=20)
    deck.write_text(deck.read_text(encoding="utf-8") + "language: de\n", encoding="utf-8")  # --lang de: its own
    result = build(deck, "-o", tmp_path / "out", "--lang", "de")
    assert result.exit_code == 0, result.output
    assert "Kartenspiel" + SOFT in _card_text(tmp_path)
    bad = _deck(tmp_path / "bad", long, ", hyphenate: xx")
    result = build(bad, "-o", tmp_path / "bad" / "out")
    assert result.exit_code == 2
    assert "hyphenate: no hyphenation dictionary for 'xx'" in result.output


def test_shaped_justified_hyphenated_cards_are_byte_identical(tmp_path: Path) -> None:
    text = "Wa To AV office, fit and flow: an extraordinary hyphenation example 放置貴族 :flame:"
    deck = _deck(tmp_path, text, ", hyphenate: en", w=30).parent
    front = deck / "front.yaml"
    front.write_text(front.read_text(encoding="utf-8").replace("align: left", "align: justify"), encoding="utf-8")
    deck = deck / "deck.yaml"
    outs = []
    for k in range(2):
        result = build(deck, "-o", tmp_path / f"out{k}")
        assert result.exit_code == 0, result.output
        outs.append(next((tmp_path / f"out{k}").rglob("cards-*.pdf")).read_bytes())
    assert outs[0] == outs[1]


def test_a_font_harfbuzz_refuses_is_set_unshaped_with_a_warning(monkeypatch) -> None:
    import uharfbuzz

    from printkit.engine.render import shaping

    class Refused(Exception):
        pass

    def refuse(*_args):
        raise Refused("no")

    font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    if not Path(font).exists():
        pytest.skip("DejaVu Sans is not installed")
    monkeypatch.setattr(uharfbuzz, "Face", refuse)
    from printkit.engine.render import text

    monkeypatch.setattr(shaping, "_SHAPED", {})
    monkeypatch.setattr(text, "_WIDTHS", {})
    shaping._hb_font.cache_clear()
    fit_text.cache_clear()
    warnings: list[str] = []
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(80 * mm, 60 * mm), invariant=1)
    piece = Piece("card 'Refused'", 80, 60, (Text(2, 2, 76, 30, "Wa To", size=SIZE, min_size=SIZE, align="left",
                                                  font=font),))
    try:
        draw_piece(canvas, piece, (0, 60 * mm), warnings.append)
        canvas.showPage()
        canvas.save()
    finally:
        shaping._hb_font.cache_clear()
        shaping._FAILED.clear()
    assert any("cannot be shaped (Refused: no); its text is set without kerning or ligatures" in w
               for w in warnings), warnings
    (_, xa, _), (_, xb, _) = _origins(buf.getvalue())[:2]
    assert xb - xa == pytest.approx(_advance(Path(font), "W") * SIZE / 2048, abs=EPS)  # unkerned


DEJAVU_SANS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


@pytest.mark.skipif(not DEJAVU_SANS.exists(), reason="DejaVu Sans is not installed")
def test_a_combining_mark_sits_over_its_letter_by_the_fonts_anchors() -> None:
    """"q" + COMBINING ACUTE: unshaped, the zero-width accent would print where "q"'s advance ends (over the next
    letter); DejaVu Sans's mark anchors put it back over the "q"."""
    data = _pdf(Text(2, 2, 76, 30, "q\u0301x", size=SIZE, min_size=SIZE, align="left", font=str(DEJAVU_SANS)))
    assert _text(data) == "q\u0301x"
    (q, xq, _), (acute, xa, _), (x, xx, _) = _origins(data)[:3]
    assert (q, acute, x) == ("q", "\u0301", "x")
    q_end = xq + _advance(DEJAVU_SANS, "q") * SIZE / 2048
    assert xx == pytest.approx(q_end, abs=EPS)  # the mark takes no room of its own
    assert xq < xa < q_end - 1.0  # drawn back over the q, not at its end


def test_a_decks_hyphenate_is_every_texts_default_and_an_element_may_say_no(tmp_path: Path) -> None:
    long = "Kartenspielregeln Kartenspielregeln Kartenspielregeln"
    deck = _deck(tmp_path, long, w=20)
    deck.write_text(deck.read_text(encoding="utf-8") + "hyphenate: de\n", encoding="utf-8")
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Kartenspiel" + SOFT in _card_text(tmp_path)
    own = _deck(tmp_path / "own", long, ", hyphenate: false", w=20)
    own.write_text(own.read_text(encoding="utf-8") + "hyphenate: de\n", encoding="utf-8")
    result = build(own, "-o", tmp_path / "own" / "out")
    assert result.exit_code == 0, result.output
    assert SOFT not in _card_text(tmp_path / "own") and "-" not in _card_text(tmp_path / "own").split("\r\n")[0]
    bad = _deck(tmp_path / "bad", long)
    bad.write_text(bad.read_text(encoding="utf-8") + "hyphenate: klingon\n", encoding="utf-8")
    result = build(bad, "-o", tmp_path / "bad" / "out")
    assert result.exit_code == 2
    assert "no hyphenation dictionary for 'klingon'" in result.output and "deck.yaml" in result.output
