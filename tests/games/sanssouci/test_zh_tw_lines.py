"""No line of the zh-TW Sanssouci kit breaks inside a word a Taiwanese reader reads as one, on A4 and Letter.

The words are pinned by hand from breaks once found in the printed kit (撰|寫, 散|步, 前|進, 名|稱, 遊|戲 ...)."""

from __future__ import annotations

import pytest

from tests.games.printed import built_split_words

WORDS = ("遊戲", "撰寫", "獲勝", "者勝", "散步", "決定", "作為", "前進", "空著", "名稱", "貴族", "園丁", "板塊",
         "任務卡", "計分軌")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_word_is_split_across_lines(tmp_path, paper):
    assert built_split_words("sanssouci", paper, WORDS, tmp_path) == {}
