"""Ganz schön clever: the public Python API.

The rules engine (:mod:`printkit.rules`) takes the game explicitly and does no I/O; this facade
loads the bundled game once (cached) when none is given.

>>> from printkit.gsc import check, load_transcription
>>> result = check(load_transcription("sheet.yaml"))   # doctest: +SKIP
"""

from __future__ import annotations

from printkit.definitions.gsc import load_gsc_game
from printkit.definitions.gsc_messages import load_check_texts
from printkit.definitions.gsc_transcription import load_transcription, parse_transcription
from printkit.model.gsc import Bonus, GscGame
from printkit.model.gsc_sheet import ActionCount, Sheet
from printkit.rules import gsc_legality, gsc_score
from printkit.rules.gsc_legality import CheckResult, Claim, DiceCount, Violation
from printkit.rules.gsc_score import Score

__all__ = [
    "ActionCount", "Bonus", "CheckResult", "Claim", "DiceCount", "GscGame", "Score", "Sheet",
    "Violation", "check", "describe", "load_gsc_game", "load_transcription", "parse_transcription",
    "score",
]


def score(sheet: Sheet, game: GscGame | None = None) -> Score:
    """Score ``sheet`` as written (the bundled game unless ``game`` is given)."""
    return gsc_score.score(sheet, game if game is not None else load_gsc_game())


def check(sheet: Sheet, game: GscGame | None = None) -> CheckResult:
    """Check ``sheet`` for legality and its claims (the bundled game unless ``game`` is given)."""
    return gsc_legality.check(sheet, game if game is not None else load_gsc_game())


def describe(finding: Violation, lang: str = "en", game: GscGame | None = None) -> str:
    """The text of a violation or note in ``lang`` (``en`` or ``zh-TW``; English otherwise)."""
    game = game if game is not None else load_gsc_game()
    return load_check_texts().finding(game, finding.rule, finding.params, lang)
