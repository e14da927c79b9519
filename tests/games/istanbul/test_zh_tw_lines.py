"""No line of the zh-TW Istanbul kit breaks inside a word a Taiwanese reader reads as one, on A4 and Letter.

The words are pinned by hand from breaks once found in the printed kit (容|量, 執|行, 一|樣, 地|點, 指示|物 ...)."""

from __future__ import annotations

import pytest

from tests.games.printed import built_split_words

WORDS = ("執行", "嚴格", "指示物", "容量", "一樣", "兩者", "不同", "停留", "接回", "所喊", "地點", "任意", "對折",
         "幫助卡", "撰寫", "沒有", "裝滿", "付錢", "紅寶石", "獎勵卡", "家庭成員", "手推車")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_word_is_split_across_lines(tmp_path, paper):
    assert built_split_words("istanbul", paper, WORDS, tmp_path) == {}
