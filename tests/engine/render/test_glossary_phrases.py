"""A glossary term holding a space or a digit run ("# 分": a number and its measure word) is never split across
lines, and the preflight's split-word rule finds such a split when one is printed."""

from __future__ import annotations

from printkit.engine.preflight.language import typography_problems
from printkit.engine.render.text import fit_text
from printkit.engine.units import PT_PER_MM

TEXT = "紅 8 分、藍 3 分、黃 12 分"
# 8 mm at 10 pt holds about two Chinese characters and a digit: without the term the break falls inside "8 分".
NARROW = 8 * PT_PER_MM


def test_without_the_term_the_breaker_splits_number_and_measure_word():
    lines = fit_text(TEXT, NARROW, 1e6, 10, 10).line_texts
    assert "紅 8" in lines  # the defect the issue saw on San Marco's aid ("紅 8|分")


def test_a_digit_run_term_keeps_number_and_measure_word_together():
    lines = fit_text(TEXT, NARROW, 1e6, 10, 10, glossary=("# 分",)).line_texts
    for number in ("8", "3", "12"):
        assert any(f"{number} 分" in line for line in lines), lines
    assert all(not line.endswith(("8", "3", "12")) for line in lines), lines


def test_a_term_with_a_space_is_measured_with_its_space():
    # The glued term is one word; its width must count the space, or it would overrun a box it just fits.
    set_text = fit_text("甲 乙", 100, 1e6, 10, 10, glossary=("甲 乙",))
    assert set_text.line_texts == ("甲 乙",)
    assert set_text.lines[0].width == fit_text("甲 乙", 100, 1e6, 10, 10).lines[0].width


def test_the_preflight_finds_a_split_number_term():
    problems = typography_problems("紅 8 分、藍", ("紅 8", "分、藍"), (False, True), ("# 分",))
    assert "glossary word '# 分' split across lines" in problems
    # a break before the number is fine
    assert not [p for p in typography_problems("紅 8 分、藍", ("紅", "8 分、藍"), (False, True), ("# 分",))
                if "split" in p]
    # a plain word still works as before
    assert "glossary word '貴族' split across lines" in typography_problems("的貴族", ("的貴", "族"), (False, True),
                                                                            ("貴族",))
