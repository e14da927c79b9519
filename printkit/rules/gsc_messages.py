"""Plain-words texts for checker findings, in English and Traditional Chinese (zh-TW).

The zh-TW wording follows the seed write-up's terms (黃色區, 狐狸, 重骰行動, 額外的骰子行動, ...).
Texts are templates filled from a finding's parameters; area and track names in the parameters
are translated through the game's ``terms`` table.
"""

from __future__ import annotations

from typing import Any

from printkit.model.gsc import GscGame

LANGS = ("en", "zh-TW")

MESSAGES: dict[str, dict[str, str]] = {
    "orange-value": {
        "en": "orange box {box} (x{multiplier}) shows {value}, which is not a die value (1-{faces}) "
        "times {multiplier}",
        "zh-TW": "橘色區第 {box} 格 (x{multiplier}) 寫了 {value}，不是骰子點數 (1-{faces}) 乘以 {multiplier}",
    },
    "purple-value": {
        "en": "purple box {box} shows {value}; a die shows 1 to {faces}",
        "zh-TW": "紫色區第 {box} 格寫了 {value}；骰子點數只有 1 到 {faces}",
    },
    "purple-order": {
        "en": "purple box {box} shows {value} after {previous}: each number must be higher than the one "
        "before, unless that one is a {reset}",
        "zh-TW": "紫色區第 {box} 格的 {value} 跟在 {previous} 之後：填寫的數字必須比前一個數字大，"
        "除非前一個數字是 {reset}",
    },
    "track-earned": {
        "en": "{track}: {recorded} circled, but this sheet earned exactly {computed} "
        "({from_rounds} from round bonuses, {from_sheet} from the sheet)",
        "zh-TW": "{track}：圈起了 {recorded} 格，但這張計分紙正好解開 {computed} 個"
        " ({from_rounds} 個來自輪數獎勵，{from_sheet} 個來自計分紙)",
    },
    "track-used": {
        "en": "{track}: {used} used, but only {earned} earned",
        "zh-TW": "{track}：使用了 {used} 個，但只解開了 {earned} 個",
    },
    "bonus-number": {
        "en": "{sources} earned the bonus '{bonus}' {need} time(s); each must be written at once in the "
        "next {area} box while {area} has room, but only {have} {area} box(es) show that number",
        "zh-TW": "{sources} 獲得了「{bonus}」獎勵 {need} 次；"
        "只要{area}還有空格，就必須立刻填寫在{area}的下一格，"
        "但{area}只有 {have} 格是這個數字",
    },
    "bonus-x": {
        "en": "{sources} earned {need} bonus X in {area}, which must be marked at once while {area} "
        "has room, but {area} shows only {have} mark(s)",
        "zh-TW": "{sources} 在{area}獲得了 {need} 個 X 獎勵，只要{area}還有空格就必須立刻劃記，"
        "但{area}只有 {have} 個劃記",
    },
    "round-bonus": {
        "en": "round {round}'s bonus ({bonus}) must be used but the sheet shows no mark at all",
        "zh-TW": "第 {round} 輪的獎勵 ({bonus}) 必須使用，但計分紙上沒有任何劃記",
    },
    "bonus-order": {
        "en": "the bonuses cannot all have been applied: in no order of marks does every bonus from "
        "{sources} land on a box this sheet shows (each bonus must be used at once and may only "
        "follow the mark that earned it)",
        "zh-TW": "這些獎勵不可能都被執行：無論以何種順序劃記，"
        "{sources} 的獎勵都無法全部落在計分紙所示的格子上"
        " (獎勵必須立刻執行，且只能在獲得它的劃記之後)",
    },
    "dice-budget": {
        "en": "{marks} marks, of which at most {bonus_marks} can come from bonuses, "
        "so {dice} came from dice; "
        "with {players} player(s) one sheet gets at most {available} dice ({active} active turns x "
        "{active_picks} + {passive} passive turns x {passive_picks} + {plus1} extra dice used)",
        "zh-TW": "共 {marks} 個劃記，最多 {bonus_marks} 個來自獎勵，"
        "所以 {dice} 個來自骰子；{players} 位玩家時"
        "每張計分紙最多 {available} 顆骰子 ({active} 次當前玩家回合 x {active_picks} + {passive} 次"
        "其他玩家回合 x {passive_picks} + 使用的 {plus1} 次額外的骰子行動)",
    },
    "undecided": {
        "en": "the bonus order could not be decided within the search limit; the sheet is not called "
        "illegal for it",
        "zh-TW": "在搜尋上限內無法判定獎勵順序；不因此判定為不合法",
    },
}

_AREA_WORDS = {"yellow", "blue", "green", "orange", "purple", "reroll", "plus1"}


def describe_source(game: GscGame, area: str, kind: str, index: int, lang: str) -> str:
    """Name a trigger: ``yellow row 2`` / ``黃色區第 2 列``."""
    if kind == "round":
        return f"round {index + 1}" if lang == "en" else f"第 {index + 1} 輪"
    if lang == "zh-TW":
        unit = {"row": "列", "column": "欄", "diagonal": "斜線", "box": "格"}[kind]
        term = game.term(area, lang)
        return f"{term}斜線" if kind == "diagonal" else f"{term}第 {index + 1} {unit}"
    return f"{area} diagonal" if kind == "diagonal" else f"{area} {kind} {index + 1}"


def describe_bonus(game: GscGame, code: str, lang: str) -> str:
    """``orange_4`` -> ``orange 4`` / ``橘色區 4``; ``blue_X`` -> ``blue X``."""
    area, _, rest = code.rpartition("_")
    if not area:
        return game.term(code, lang)
    return f"{game.term(area, lang) if lang != 'en' else area} {rest}"


def render(game: GscGame, rule: str, params: dict[str, Any], lang: str = "en") -> str:
    """The text of finding ``rule`` in ``lang`` (English when the language is unknown)."""
    table = MESSAGES[rule]
    template = table.get(lang) or table["en"]
    shown = {}
    for k, v in params.items():
        if k in ("area", "track") and isinstance(v, str) and v in _AREA_WORDS and lang != "en":
            shown[k] = game.term(v, lang)
        elif k in ("area", "track") and v == "plus1":
            shown[k] = "extra dice (+1)"
        elif k in ("area", "track") and v == "reroll":
            shown[k] = "rerolls"
        elif k == "sources":
            sep = "、" if lang == "zh-TW" else ", "
            shown[k] = sep.join(describe_source(game, *src, lang) for src in v)
        elif k == "bonus":
            shown[k] = describe_bonus(game, v, lang)
        else:
            shown[k] = v
    return template.format(**shown)
