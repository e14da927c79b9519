"""`printkit check` on a Sanssouci transcription: score, check, and say it in words.

:func:`check_file` is the registry's checker entry point (the CLI parsed the file once);
:func:`as_text` and :func:`as_json` turn a :class:`Report` into what the CLI prints.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from printkit.engine.checking import CheckOutcome
from printkit.engine.source import Document, load_document
from printkit.games.sanssouci.definitions import DATA, load_game
from printkit.games.sanssouci.model import LANGUAGES, EndOfGame, Game
from printkit.games.sanssouci.rules.legality import Finding, Verdict, check
from printkit.games.sanssouci.rules.scoring import Score, score_all
from printkit.games.sanssouci.transcription import end_from_document


@dataclass(frozen=True)
class Report:
    file: str
    end: EndOfGame
    scores: tuple[Score, ...]
    places: tuple[int, ...]
    verdict: Verdict


def check_end(game: Game, end: EndOfGame, file: str = "<input>") -> Report:
    """Score every player and look for impossibilities (pure)."""
    scores, places = score_all(game, end)
    return Report(file, end, tuple(scores), tuple(places), check(game, end))


def check_file(doc: Document, lang: str, rulings: dict[str, str] | None = None) -> CheckOutcome:
    """Check one parsed transcription and report in ``lang``; bad input raises InputError (exit 2).

    Sanssouci has no disputed ruling: ``rulings`` is accepted and ignored."""
    end = end_from_document(doc, load_game(), lang)
    game = end.game or load_game()
    report = check_end(game, end, doc.file)
    return CheckOutcome(report.verdict.legal, lambda: as_text(game, report, lang), lambda: as_json(game, report, lang))


@cache
def _texts() -> dict[str, Any]:
    return load_document(DATA / "texts.yaml").data["check"]


def finding_text(game: Game, f: Finding, lang: str) -> str:
    """A finding in words; element ids become the element's name in ``lang``."""
    params = dict(f.params)
    for key in ("element", "column", "colour"):
        value = params.get(key)
        if isinstance(value, str):
            try:
                params[key] = game.element(value).name.get(lang)
            except KeyError:
                params[key] = game.colour(value).name.get(lang) if key == "colour" else value
    return _counted(_texts()["findings"][f.rule][lang], params.get("n")).format(**params)


def _counted(entry: str | dict[str, str], n: object) -> str:
    """A text, or its ``one``/``other`` form by ``n`` (English and German say "1 player", "2 players")."""
    if isinstance(entry, dict):
        return entry["one"] if n == 1 else entry["other"]
    return entry


def _ui(key: str, lang: str, **values: Any) -> str:
    return _counted(_texts()["report"][key][lang], values.get("n")).format(**values)


def _where(game: Game, r: Report, f: Finding, lang: str) -> str:
    parts = []
    if f.player is not None:
        parts.append(r.end.players[f.player].name)
    if f.space is not None:
        parts.append(_ui("space", lang, row=f.space[0], column=f.space[1]))
    sep = "，" if lang == "zh-TW" else ", "
    return _ui("where", lang, text=sep.join(parts)) if parts else ""


def _shown_width(text: str) -> int:
    """Terminal columns: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _right(text: str, width: int) -> str:
    return " " * max(0, width - _shown_width(text)) + text


def as_text(game: Game, r: Report, lang: str = "en") -> str:
    if lang not in LANGUAGES:
        raise ValueError(lang)
    cols = ("track", "rows", "columns", "missions", "total", "gardeners", "place")
    heads = [_ui(c, lang) for c in cols]
    names = [p.name for p in r.end.players]
    width = max(_shown_width(n) for n in names) if names else 4
    colon, comma = ("：", "，") if lang == "zh-TW" else (": ", ", ")  # Chinese takes full-width punctuation
    lines = [f"{r.file}{colon}{_ui('title', lang)}{comma}{_ui('players', lang, n=len(names))}"]
    lines.append("  " + " " * width + "  " + "  ".join(_right(h, 9) for h in heads))
    for name, s, place in zip(names, r.scores, r.places, strict=True):
        values = (s.track, s.rows, s.columns, s.missions, s.total, s.gardeners, place)
        lines.append(f"  {name}{' ' * (width - _shown_width(name))}  " + "  ".join(f"{v:>9}" for v in values))
    tie = _tie_note(r.scores)
    if tie:
        lines.append("  " + _ui("brackets", lang, text=_ui(tie, lang)))
    lines.append(f"{_ui('verdict', lang)}{colon}{_ui('legal' if r.verdict.legal else 'illegal', lang)}")
    if r.verdict.violations:
        lines.append(f"{_ui('violations', lang)}{colon.rstrip()}")
        lines += [f"  - {_where(game, r, f, lang)}{finding_text(game, f, lang)}" for f in r.verdict.violations]
    lines += [f"{_ui('note', lang)}{colon}{_where(game, r, f, lang)}{finding_text(game, f, lang)}"
              for f in r.verdict.notes]
    return "\n".join(lines)


def _tie_note(scores: tuple[Score, ...]) -> str | None:
    """Which tie note the report needs: none, a tie the gardeners break, or one they leave shared."""
    totals = [s.total for s in scores]
    tied = [s for s in scores if totals.count(s.total) > 1]
    if not tied:
        return None
    unbroken = any(a is not b and a.total == b.total and a.gardeners == b.gardeners for a in tied for b in tied)
    return "tie_shared" if unbroken else "tie"


def as_json(game: Game, r: Report, lang: str = "en") -> dict[str, Any]:
    def finding(f: Finding) -> dict[str, Any]:
        return {
            "rule": f.rule,
            "player": r.end.players[f.player].name if f.player is not None else None,
            "space": list(f.space) if f.space else None,
            "message": finding_text(game, f, lang),
        }

    return {
        "file": r.file,
        "game": "sanssouci",
        "legal": r.verdict.legal,
        "players": [
            {
                "name": p.name,
                "colour": p.colour,
                "side": p.garden.side,
                "track": s.track,
                "rows": s.rows,
                "complete_rows": list(s.complete_rows),
                "columns": s.columns,
                "complete_columns": list(s.complete_columns),
                "missions": s.missions,
                "mission_detail": [{"element": m.element, "row": m.row, "points": m.points}
                                   for m in s.mission_detail],
                "total": s.total,
                "gardeners": s.gardeners,
                "place": place,
            }
            for p, s, place in zip(r.end.players, r.scores, r.places, strict=True)
        ],
        "violations": [finding(f) for f in r.verdict.violations],
        "notes": [finding(f) for f in r.verdict.notes],
    }
