"""`printkit check`: check transcribed Ganz schön clever sheets (issue 5).  Formatting only."""

from __future__ import annotations

import json as jsonlib
from pathlib import Path
from typing import Annotated, Any

import typer

from printkit.definitions.gsc import load_gsc_game
from printkit.definitions.gsc_transcription import load_transcription
from printkit.errors import InputError
from printkit.model.gsc import GscGame
from printkit.rules.gsc_legality import CheckResult
from printkit.rules.gsc_legality import check as check_sheet
from printkit.rules.gsc_messages import LANGS, render

# Words of the report itself.  zh-TW area/fox/action words come from the game's terms (the seed's
# wording); the rest here is house wording.
UI: dict[str, dict[str, str]] = {
    "en": {
        "players": "{n} player(s), {rounds} rounds",
        "foxes": "Foxes",
        "total": "Total",
        "rating": "Rating",
        "legal": "LEGAL",
        "illegal": "ILLEGAL",
        "verdict": "Verdict",
        "violations": "Violations",
        "claims": "Claims",
        "claimed": "claimed {claimed}, computed {computed}",
        "right": "right",
        "wrong": "WRONG",
        "box": "box",
        "note": "Note",
        "dice": "Dice: {dice} of {available} available ({marks} marks, {bonus} from bonuses)",
        "claim_foxes": "foxes",
        "bad_lang": "--lang must be one of: {langs}",
        "bonuses": "bonuses",
        "dice_area": "dice",
    },
    "zh-TW": {
        "players": "{n} 位玩家，{rounds} 輪",
        "foxes": "狐狸",
        "total": "總分",
        "rating": "分數等級",
        "legal": "合法",
        "illegal": "不合法",
        "verdict": "判定",
        "violations": "違反規則",
        "claims": "玩家填寫的分數",
        "claimed": "填寫 {claimed}，計算 {computed}",
        "right": "正確",
        "wrong": "錯誤",
        "box": "格",
        "note": "註記",
        "dice": "骰子：使用 {dice} 顆，最多 {available} 顆 (共 {marks} 個劃記，{bonus} 個來自獎勵)",
        "claim_foxes": "狐狸",
        "bad_lang": "--lang 必須是：{langs}",
        "bonuses": "獎勵",
        "dice_area": "骰子",
    },
}
AREAS = ("yellow", "blue", "green", "orange", "purple")


def check(
    files: Annotated[list[Path], typer.Argument(help="Transcribed sheets (YAML or JSON).")],
    json: Annotated[bool, typer.Option("--json", help="Print JSON (a list for several files).")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the report: en or zh-TW.")] = "en",
) -> None:
    """Check filled-in Ganz schön clever sheets: score, legality, claims.

    Exit 0: every sheet legal and every claim right; 1: a sheet illegal or a claim wrong;
    2: malformed input.
    """
    if lang not in LANGS:
        typer.echo(UI["en"]["bad_lang"].format(langs=", ".join(LANGS)), err=True)
        raise typer.Exit(2)
    try:
        game = load_gsc_game()
    except InputError as err:  # pragma: no cover - the bundled file is tested
        typer.echo(str(err), err=True)
        raise typer.Exit(2) from None
    worst = 0
    objects: list[dict[str, Any]] = []
    for path in files:
        try:
            sheet = load_transcription(path, game)
        except InputError as err:
            typer.echo(str(err), err=True)
            worst = 2
            continue
        result = check_sheet(sheet, game)
        if not result.ok:
            worst = max(worst, 1)
        if json:
            objects.append(as_json(path, sheet.players, result, game, lang))
        else:
            typer.echo(as_text(path, sheet.players, result, game, lang))
    if json and objects:
        typer.echo(jsonlib.dumps(objects[0] if len(files) == 1 else objects, ensure_ascii=False, indent=2))
    raise typer.Exit(worst)


def as_json(path: Path, players: int, r: CheckResult, game: GscGame, lang: str) -> dict[str, Any]:
    sc = r.score
    return {
        "file": str(path),
        "players": players,
        "legal": r.legal,
        "score": {k: getattr(sc, k) for k in (*AREAS, "foxes", "fox_value", "total")},
        "violations": [
            {"area": v.area, "box": v.box, "rule": v.rule, "message": render(game, v.rule, v.params, lang)}
            for v in r.violations
        ],
        "claims": [
            {"key": c.key, "claimed": c.claimed, "computed": c.computed, "ok": c.ok} for c in r.claims
        ],
        "dice": {
            "marks": r.dice.marks,
            "bonus_marks": r.dice.bonus_marks,
            "dice": r.dice.dice,
            "available": r.dice.available,
        },
        "notes": [render(game, n.rule, n.params, lang) for n in r.notes],
    }


def as_text(path: Path, players: int, r: CheckResult, game: GscGame, lang: str) -> str:
    ui = UI[lang]
    sc = r.score
    lines = [f"{path}: {ui['players'].format(n=players, rounds=game.rounds_for(players))}"]
    for area in AREAS:
        lines.append(f"  {game.term(area, lang):<8} {getattr(sc, area):>4}")
    fox_points = sc.foxes * sc.fox_value
    lines.append(f"  {ui['foxes']:<8} {fox_points:>4}   ({sc.foxes} x {sc.fox_value})")
    lines.append(f"  {ui['total']:<8} {sc.total:>4}")
    if players == 1:
        label = game.solo_label(sc.total, lang)
        if label:
            lines.append(f"  {ui['rating']}: {label}")
    verdict = ui["legal"] if r.legal else ui["illegal"]
    lines.append(f"{ui['verdict']}: {verdict}")
    lines.append(
        "  "
        + ui["dice"].format(
            dice=r.dice.dice, available=r.dice.available, marks=r.dice.marks, bonus=r.dice.bonus_marks
        )
    )
    if r.violations:
        lines.append(f"{ui['violations']}:")
        for v in r.violations:
            where = _area_label(v.area, game, lang)
            if v.box:
                where += f" {ui['box']} {v.box}"
            lines.append(f"  - [{where}] {render(game, v.rule, v.params, lang)}")
    for n in r.notes:
        lines.append(f"{ui['note']}: {render(game, n.rule, n.params, lang)}")
    if r.claims:
        lines.append(f"{ui['claims']}:")
        for c in r.claims:
            name = (
                ui["claim_foxes"]
                if c.key == "foxes"
                else (ui["total"] if c.key == "total" else game.term(c.key, lang))
            )
            mark = ui["right"] if c.ok else ui["wrong"]
            lines.append(
                f"  {name}: {ui['claimed'].format(claimed=c.claimed, computed=c.computed)} -- {mark}"
            )
    return "\n".join(lines)


def _area_label(area: str, game: GscGame, lang: str) -> str:
    if area in AREAS:
        return game.term(area, lang)
    if area in ("rerolls", "extra_dice"):
        return game.term("reroll" if area == "rerolls" else "plus1", lang)
    return UI[lang]["dice_area" if area == "dice" else "bonuses"]
