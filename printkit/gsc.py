"""Ganz schön clever: the public Python API.

The rules engine (:mod:`printkit.rules`) takes the game explicitly and does no I/O; this facade
loads the bundled game once (cached) when none is given.

>>> from printkit.gsc import check, load_transcription
>>> result = check(load_transcription("sheet.yaml"))   # doctest: +SKIP
"""

from __future__ import annotations

from printkit.games.ganz_schon_clever.definitions.game import load_gsc_game
from printkit.games.ganz_schon_clever.definitions.messages import load_check_texts
from printkit.games.ganz_schon_clever.definitions.sheet_layout import load_sheet_layout
from printkit.games.ganz_schon_clever.definitions.transcription import load_transcription, parse_transcription
from printkit.games.ganz_schon_clever.layout import sheet as sheet_layout
from printkit.games.ganz_schon_clever.layout.sheet import SheetBox
from printkit.games.ganz_schon_clever.model.game import Bonus, GscGame, SoloPassiveRuling
from printkit.games.ganz_schon_clever.model.sheet import ActionCount, Sheet
from printkit.games.ganz_schon_clever.rules import legality as gsc_legality
from printkit.games.ganz_schon_clever.rules import score as gsc_score
from printkit.games.ganz_schon_clever.rules.legality import CheckResult, Claim, DiceCount, Violation
from printkit.games.ganz_schon_clever.rules.score import Score

__all__ = [
    "ActionCount",
    "Bonus",
    "CheckResult",
    "Claim",
    "DiceCount",
    "GscGame",
    "Score",
    "Sheet",
    "Violation",
    "check",
    "describe",
    "load_gsc_game",
    "load_transcription",
    "parse_transcription",
    "score",
    "sheet_boxes",
]


def score(sheet: Sheet, game: GscGame | None = None) -> Score:
    """Score ``sheet`` as written (the bundled game unless ``game`` is given)."""
    return gsc_score.score(sheet, game if game is not None else load_gsc_game())


def check(sheet: Sheet, game: GscGame | None = None, solo_passive: SoloPassiveRuling | None = None) -> CheckResult:
    """Check ``sheet`` for legality and its claims (the bundled game unless ``game`` is given).

    ``solo_passive`` (``"none"`` or ``"plus1"``) picks the ruling of the disputed solo passive turn;
    None accepts either and notes when the sheet needed ``"plus1"``.
    """
    return gsc_legality.check(sheet, game if game is not None else load_gsc_game(), solo_passive)


def describe(finding: Violation, lang: str = "en", game: GscGame | None = None) -> str:
    """The text of a violation or note in ``lang`` (``en`` or ``zh-TW``; English otherwise)."""
    game = game if game is not None else load_gsc_game()
    return load_check_texts().finding(game, finding.rule, finding.params, lang)


def sheet_boxes(format_name: str = "a4", players: int | None = None) -> list[SheetBox]:
    """Every box of the bundled score sheet printed in ``format_name`` (``a4``, ``letter``, ``a4-half``,
    ...), in sheet millimetres: the same table ``printkit build`` writes as ``score-sheet-boxes-*.json``."""
    return list(sheet_layout.sheet_boxes(load_gsc_game(), load_sheet_layout(), format_name, players))
