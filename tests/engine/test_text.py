"""Setting text: wrapping, CJK line-break rules, shrink-to-fit, glyph checks."""

from __future__ import annotations

from printkit.engine.render.fonts import missing_characters, string_width
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
    assert r.lines[0].width == string_width("Take", 10) + string_width("now", 10) + 10 + 2 * string_width(" ", 10)


def test_unknown_icon_names_stay_text():
    tokens = tokenize("ratio 1:2:3 and :nope:", frozenset({"reroll"}))[0]
    assert all(t.icon is None for t in tokens)


def test_newlines_force_line_breaks():
    r = fit_text("one\ntwo\nthree", 200, 100, 10, 5)
    assert words(r) == ["one", "two", "three"]


def test_font_covers_latin_german_and_traditional_chinese_taiwan_terms():
    assert missing_characters("Ganz schön clever ÄÖÜäöüß × ≥ → 絕頂聰明 聖馬可 總督 驅逐 臺灣 裏 骨 戶") == []
    assert missing_characters("⚀☐") == ["⚀", "☐"]
