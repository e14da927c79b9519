"""Every game printing zh-TW has a glossary, and its zh-TW output splits none of those words across lines
(the preflight's split-word rule, run on every rendered component)."""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.preflight.layout_checks import check_log
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render

# The words the issue found split in San Marco, and each game's core terms (pinned, not read from the data).
MUST_HOLD = {
    # the solo page split 輪|數獎勵 and 銀色骰|盤
    "ganz-schon-clever": ("輪數獎勵", "銀色骰盤", "骰子放置區", "重骰行動", "額外的骰子行動", "當前玩家", "其他玩家"),
    "san-marco": ("貴族", "聖馬可區", "選牌者", "最後", "上限", "可再經由", "然後"),
    "sanssouci": ("貴族", "園丁", "任務卡", "花園景觀板塊", "宮殿花園圖板", "計分軌", "露台", "# 分", "# 張"),
    "istanbul": ("紅寶石", "伙計", "家庭成員", "獎勵卡", "蘇丹皇宮", "# 個", "# 張"),  # place 5 split "1|個"
}


def _game(game_id: str):
    game = find_game(game_id)
    assert game is not None
    return game


@pytest.mark.parametrize("game_id", sorted(MUST_HOLD))
def test_glossary_holds_the_game_terms(game_id):
    glossary = _game(game_id).facts().glossary
    assert set(MUST_HOLD[game_id]) <= set(glossary)


@pytest.mark.parametrize("game_id", sorted(MUST_HOLD))
def test_no_glossary_word_split_in_zh_tw(game_id):
    game = _game(game_id)
    glossary = game.facts().glossary
    split = []
    for comp in game.build(BuildOptions(paper="a4", lang="zh-TW")):
        if not hasattr(comp, "pages") and not hasattr(comp, "fronts") and not hasattr(comp, "piece"):
            continue  # a text file
        rendered = render(comp, PrintSettings(), "zh-TW", glossary=glossary)
        split += [f"{comp.name}: {f}" for f in check_log(rendered.log, glossary) if "split across lines" in str(f)]
    assert split == []


# zh-TW as Taiwan writes it: full-width punctuation, no stray spaces (the issue found 「）  ，」 and 「1: …；2:」 in
# Istanbul), in zh-TW and in Istanbul's en+zh-TW.
@pytest.mark.parametrize(("game_id", "lang"), [*((g, "zh-TW") for g in sorted(MUST_HOLD)), ("istanbul", "en+zh-TW")])
def test_no_half_width_punctuation_or_stray_space(game_id, lang):
    game = _game(game_id)
    glossary = game.facts().glossary
    found = []
    for comp in game.build(BuildOptions(paper="a4", lang=lang)):
        if not hasattr(comp, "pages") and not hasattr(comp, "fronts") and not hasattr(comp, "piece"):
            continue
        rendered = render(comp, PrintSettings(), lang, glossary=glossary)
        found += [f"{comp.name}: {f}" for f in check_log(rendered.log, glossary)
                  if "half-width punctuation" in str(f) or "stray ASCII space" in str(f)]
        found += [f"{comp.name}: {t}" for t in _texts(rendered.log) if "）  " in t or " ，" in t]
    assert found == []


# San Marco's aid printed "紅 8|分": a number parted from its measure word.  The glossary holds "# 分" (a digit run
# then 分), and every aid, the 3-rank variants' included, keeps it whole.
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_san_marco_aid_keeps_numbers_with_their_points(players):
    game = _game("san-marco")
    glossary = game.facts().glossary
    assert "# 分" in glossary
    built = game.build(BuildOptions(paper="a4", lang="zh-TW", players=players))
    aid = next(c for c in built if c.name == "player-aids")
    rendered = render(aid, PrintSettings(), "zh-TW", glossary=glossary)
    assert any(" 分" in text for text in _texts(rendered.log)), "the aid's scoring example is not in the log"
    split = [str(f) for f in check_log(rendered.log, glossary) if "split across lines" in str(f)]
    assert split == []


def _texts(log) -> list[str]:
    return [" ".join(t.lines) for p in log.placements for t in p.texts]
