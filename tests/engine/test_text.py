"""Setting text: wrapping, CJK line-break rules, shrink-to-fit, glyph checks."""

from __future__ import annotations

import itertools

import pytest

from printkit.engine.render.fonts import missing_characters
from printkit.engine.render.text import fit_text, tokenize


def words(result):
    return ["".join(t.text or f":{t.icon}:" for t in line.tokens) for line in result.lines]


def test_latin_wraps_at_spaces_and_keeps_the_size_when_it_fits():
    r = fit_text("Place one aristocrat in this district", 100, 40, 10, 5)
    assert r.fits and r.size == 10
    assert all(line.width <= 100 for line in r.lines)
    # The sentence is ~158 pt wide at 10 pt, so 100 pt takes two lines, split greedily at a space.
    assert [[t.text for t in line.tokens] for line in r.lines] == [["Place", "one", "aristocrat"],
                                                                   ["in", "this", "district"]]
    wide = fit_text("Place one aristocrat in this district", 300, 40, 10, 5)
    assert [[t.text for t in line.tokens] for line in wide.lines] == [
        ["Place", "one", "aristocrat", "in", "this", "district"]]


def test_shrink_never_goes_below_its_floor():
    for floor in (4.0, 6.0, 7.5, 9.0):
        for text in ("x", "word " * 10, "word " * 200, "放置一位貴族" * 50):
            r = fit_text(text, 40, 12, 12, floor)
            assert floor <= r.size <= 12, (floor, text[:10], r.size)
            if not r.fits:
                assert r.size == floor


def test_text_shrinks_until_it_fits_and_reports_when_it_cannot():
    long = "word " * 20
    r = fit_text(long, 100, 30, 12, 6)
    assert r.fits and 6 <= r.size < 12
    assert len(r.lines) * r.size * 1.2 <= 30 + r.size
    r2 = fit_text(long * 5, 100, 30, 12, 6)
    assert not r2.fits and r2.size == 6


def test_closing_punctuation_never_starts_a_line():
    text = "放置一位貴族到聖馬可區，然後可以移動到相鄰的區域。再放置一位。"
    for width in range(30, 200, 3):
        r = fit_text(text, width, 1000, 10, 10)
        for line in r.lines[1:]:
            assert line.tokens[0].text[0] not in "，。、）」", (width, words(r))


def test_opening_punctuation_never_ends_a_line():
    text = "選擇（可選）一個區域「聖馬可」並且（再次）放置貴族"
    for width in range(30, 150, 2):
        r = fit_text(text, width, 1000, 10, 10)
        for line in r.lines[:-1]:
            assert line.tokens[-1].text[-1] not in "（「", (width, words(r))


def test_icons_are_tokens_as_wide_as_the_text_is_tall():
    tokens = tokenize("Take :reroll: now", frozenset({"reroll"}))[0]
    assert [t.icon for t in tokens] == [None, "reroll", None]
    r = fit_text("Take :reroll: now", 200, 20, 10, 5, icons=frozenset({"reroll"}))
    plain = fit_text("Take now", 200, 20, 10, 5)
    # the icon adds its 10 pt and one more word space (2.24 pt: Noto's space is 224/1000 em)
    assert r.lines[0].width - plain.lines[0].width == pytest.approx(10 + 2.24)


def test_an_icon_touching_a_word_never_starts_the_next_line():
    coin = frozenset({"coin"})
    # "Pay 3" is about 26 pt at 10 pt, the icon 10 pt: in 30 pt, greedy breaking alone would put the
    # icon on the next line, away from the number it counts.
    r = fit_text("Pay 3:coin: or :coin:s now", 30, 100, 10, 10, icons=coin)
    assert r.line_texts == ("Pay", "3:coin:", "or :coin:s", "now")
    # After a space the icon goes with the word before it: never alone on the last line.
    spaced = fit_text("Pay 3 :coin:", 30, 100, 10, 10, icons=coin)
    assert spaced.line_texts == ("Pay", "3 :coin:")
    # Touching a Chinese character it stays with it too: no break between an icon and what it touches.
    cjk = tokenize("支付:coin:", coin)[0]
    assert cjk[-1].icon == "coin" and cjk[-1].glued
    assert tokenize(":coin:支付", coin)[0][1].glued


def test_unknown_icon_names_stay_text():
    tokens = tokenize("ratio 1:2:3 and :nope:", frozenset({"reroll"}))[0]
    assert all(t.icon is None for t in tokens)


def test_newlines_force_line_breaks():
    r = fit_text("one\ntwo\nthree", 200, 100, 10, 5)
    assert words(r) == ["one", "two", "three"]


def test_font_covers_latin_german_and_traditional_chinese_taiwan_terms():
    assert missing_characters("Ganz schön clever ÄÖÜäöüß × ≥ → 絕頂聰明 聖馬可 總督 驅逐 臺灣 裏 骨 戶") == []
    assert missing_characters("⚀☐") == ["⚀", "☐"]


def test_text_that_cannot_fit_stops_at_the_legible_floor_in_the_pdf():
    """docs/preflight.md: nothing prints below 6 pt (Latin) or 6.5 pt (any Chinese), even when a template
    allows less (min_size 4 here) and the text still overflows.  Sizes read back from the PDF."""
    from devkit.readback import char_sizes
    from printkit.engine.components import CardComponent
    from printkit.engine.elements import Piece, Text
    from printkit.engine.paper import PrintSettings
    from printkit.engine.render.pdf import render

    def printed(text: str) -> set[float]:
        card = Piece("card", 63, 88, (Text(5, 5, 20, 6, text, size=12, min_size=4),))
        pdf = render(CardComponent("c", "C", (card,), ()), PrintSettings(), "en").pdf
        # k, w and q: letters the page's own 6.5 pt print note ("Print at 100% ...") does not have
        return {size for ch, size in char_sizes(pdf) if ch in text}

    assert printed("kwq " * 40) == {6.0}
    assert printed("放置一位貴族" * 20) == {6.5}
    assert printed("kwq 放置 " * 20) == {6.5}  # any Chinese in the text lifts the whole text's floor
    assert printed("kwq") == {12.0}  # what fits keeps its size


def test_a_block_is_as_tall_as_its_lines_and_no_taller():
    """n lines at size s with leading L need s * (L * (n - 1) + 1): the last line has no leading below it.
    Two lines at 10 pt, leading 1.2: exactly 22 pt."""
    assert fit_text("one\ntwo", 100, 22, 10, 5).size == 10
    assert fit_text("one\ntwo", 100, 21.9, 10, 5).size < 10
    assert fit_text("word", 100, 10, 10, 5).size == 10  # one line: just its size


def test_a_lone_latin_word_may_end_a_paragraph():
    """The no-orphan rule is for one Chinese character alone on the last line; a Latin word may stand alone.
    60 pt holds three of these words at 10 pt but not four."""
    r = fit_text("aaa bbb ccc ddd", 60, 100, 10, 10)
    assert words(r) == ["aaabbbccc", "ddd"]
    # Seven Chinese characters, 10 pt each, in 60 pt: 6 + 1 would leave one alone, so the line gives one up.
    moved = fit_text("放置一位貴族到", 60, 100, 10, 10)
    assert words(moved) == ["放置一位貴", "族到"]
    # and both lines are measured again: ideographs are 1 em wide, with no spaces between them
    assert [line.width for line in moved.lines] == pytest.approx([50.0, 20.0], abs=0.01)


def test_punctuation_sticks_across_a_change_of_style():
    """Kinsoku holds when the punctuation is set in another face or colour than the word it belongs to."""
    from printkit.engine.render.fonts import sans

    text = "**放置一位貴族**，然後{color=#a00|移動到相鄰}。再（**可選**）放置"
    for width in range(30, 200, 3):
        r = fit_text(text, width, 1000, 10, 10, fam=sans())
        for line in r.lines[1:]:
            assert line.tokens[0].text[0] not in "，。）", (width, words(r))
        for line in r.lines[:-1]:
            assert line.tokens[-1].text[-1] not in "（", (width, words(r))
    # Latin punctuation after a bold Chinese word: "),", one token in the regular face, stays with the word
    mixed = "**放置一位貴族**),再放置**一位**),然後"
    for width in range(20, 200, 2):
        r = fit_text(mixed, width, 1000, 10, 10, fam=sans())
        for line in r.lines[1:]:
            assert line.tokens[0].text[0] not in "),", (width, words(r))


def test_glossary_words_are_never_split_across_lines():
    """A Chinese term named in the glossary (狐狸, fox) breaks as one unit, at every width."""
    text = "每回合結束時計算狐狸數量並乘上最低分區域的分數"
    split = 0
    for width in range(20, 200, 5):
        lines = words(fit_text(text, width, 1000, 10, 10, glossary=("狐狸", "區域")))
        assert "".join(lines) == text
        assert not any(a.endswith(("狐", "區")) and b.startswith(("狸", "域")) for a, b in itertools.pairwise(lines))
        split += len(lines) > 1
    assert split > 10  # the sweep really breaks lines


def test_one_chinese_character_is_not_left_alone_after_three():
    """30 pt holds three 10 pt characters: 放置一 / 位 would leave 位 alone, so 一 comes along."""
    assert words(fit_text("放置一位", 30, 100, 10, 10)) == ["放置", "一位"]


def test_any_positive_floor_is_accepted_and_zero_is_not():
    assert fit_text("x", 100, 100, 10, 1).size == 10
    assert fit_text("x", 100, 100, 10, 0.5).size == 10
    with pytest.raises(ValueError):
        fit_text("x", 100, 100, 10, 0)


def test_a_space_after_a_bold_word_is_still_a_place_to_break():
    from printkit.engine.render.fonts import sans

    assert words(fit_text("**Place** one", 30, 100, 10, 10, fam=sans())) == ["Place", "one"]
    assert words(fit_text("**Place**one", 30, 100, 10, 10, fam=sans())) == ["Placeone"]  # no space: one word


def test_a_no_break_space_beside_chinese_keeps_both_sides_on_one_line():
    coin = frozenset({"coin"})
    text = "一二三四五六七八\u00a0·\u00a04\u00a0:coin:"
    # 8 characters at 10 pt are 80 pt; in 90 pt a break after 八 would leave "· 4 coin" to start a line
    r = fit_text(text, 90, 100, 10, 10, icons=coin)
    assert len(r.line_texts) == 2
    assert r.line_texts[1].startswith("八\u00a0·\u00a04") and r.line_texts[1].endswith(":coin:")
    # with a plain space the dot and number may start the next line, as before
    spaced = fit_text(text.replace("\u00a0·", " ·"), 90, 100, 10, 10, icons=coin)
    assert spaced.line_texts[0] == "一二三四五六七八"
