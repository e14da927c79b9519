"""What ``printkit check`` says about a transcribed Ganz schön clever sheet: the checker's result in words and JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.engine.checking import CheckOutcome
from printkit.engine.source import Document
from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
from printkit.games.ganz_schon_clever.definitions.transcription import transcription_from_document
from printkit.games.ganz_schon_clever.model.game import AREAS, SOLO_PASSIVE_RULINGS, GscGame, SoloPassiveRuling
from printkit.games.ganz_schon_clever.model.messages import CheckTexts
from printkit.games.ganz_schon_clever.rules.legality import CheckResult
from printkit.games.ganz_schon_clever.rules.legality import check as check_sheet


def check_file(doc: Document, lang: str, rulings: dict[str, str] | None = None) -> CheckOutcome:
    """Check one transcribed sheet (parsed once by the caller) and report in ``lang``.

    ``rulings["solo_passive"]`` (``none`` or ``plus1``) picks the solo passive-turn ruling; without
    it a sheet possible under either is accepted.
    """
    game = load_gsc_game()
    texts = load_check_texts()
    sheet = transcription_from_document(doc, game)
    result = check_sheet(sheet, game, solo_passive_ruling(rulings))
    path = Path(doc.file)
    return CheckOutcome(result.ok, lambda: as_text(path, sheet.players, result, game, texts, lang),
                        lambda: as_json(path, sheet.players, result, game, texts, lang))


def solo_passive_ruling(rulings: dict[str, str] | None) -> SoloPassiveRuling | None:
    """The ``solo_passive`` ruling picked (the CLI has validated it against the game's rulings)."""
    value = (rulings or {}).get("solo_passive")
    if value is None:
        return None
    if value not in SOLO_PASSIVE_RULINGS:
        raise ValueError(f"unknown solo passive ruling {value!r}")
    return value  # type: ignore[return-value]


def as_json(
    path: Path, players: int, r: CheckResult, game: GscGame, texts: CheckTexts, lang: str
) -> dict[str, Any]:
    sc = r.score
    return {
        "file": str(path),
        "players": players,
        "legal": r.legal,
        "score": sc.as_dict(),  # the areas, foxes, fox_value, total
        "violations": [
            {"area": v.area, "box": v.box, "rule": v.rule, "message": texts.finding(game, v.rule, v.params, lang)}
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
        "notes": [texts.finding(game, n.rule, n.params, lang) for n in r.notes],
        **({"solo_passive": {"ruling": r.solo_passive or "either",
                             "needs": list(r.needs_ruling) if r.needs_ruling else None}} if players == 1 else {}),
    }


def as_text(path: Path, players: int, r: CheckResult, game: GscGame, texts: CheckTexts, lang: str) -> str:
    def ui(key: str, **values: Any) -> str:
        return texts.report_text(key, lang, **values)

    def label(key: str) -> str:
        return texts.label(game, key, lang)

    sc = r.score
    lines = [ui("line", head=path, text=ui("players", n=players, rounds=game.rounds_for(players)))]
    for area in AREAS:
        lines.append(f"  {label(area):<8} {getattr(sc, area):>4}")
    fox_points = sc.foxes * sc.fox_value
    lines.append(f"  {label('foxes'):<8} {fox_points:>4}   {ui('fox_points', foxes=sc.foxes, value=sc.fox_value)}")
    lines.append(f"  {label('total'):<8} {sc.total:>4}")
    if players == 1:
        rating = game.solo_label(sc.total, lang)
        if rating:
            lines.append("  " + ui("line", head=ui("rating"), text=rating))
    lines.append(ui("line", head=ui("verdict"), text=ui("legal" if r.legal else "illegal")))
    d = r.dice
    bonus = min(d.bonus_marks, d.marks)  # an impossible sheet may "owe" more bonus marks than it shows
    lines.append("  " + ui("dice", dice=d.dice, available=d.available, marks=d.marks, bonus=bonus))
    if r.violations:
        lines.append(ui("heading", head=ui("violations")))
        for v in r.violations:
            where = ui("where_box", area=label(v.area), box=v.box) if v.box else label(v.area)
            lines.append(f"  - {ui('where', where=where)}{texts.finding(game, v.rule, v.params, lang)}")
    for n in r.notes:
        lines.append(ui("line", head=ui("note"), text=texts.finding(game, n.rule, n.params, lang)))
    if r.claims:
        lines.append(ui("heading", head=ui("claims")))
        for c in r.claims:
            name = label("claim_foxes" if c.key == "foxes" else c.key)
            result = ui("claimed", claimed=c.claimed, computed=c.computed)
            lines.append("  " + ui("claim", name=name, result=result, mark=ui("right" if c.ok else "wrong")))
    return "\n".join(lines)
