"""Ganz schön clever: the public Python API.

>>> from printkit.gsc import check, load_transcription
>>> result = check(load_transcription("sheet.yaml"))   # doctest: +SKIP
"""

from printkit.definitions.gsc import load_gsc_game
from printkit.definitions.gsc_transcription import load_transcription, parse_transcription
from printkit.model.gsc import Bonus, GscGame
from printkit.model.gsc_sheet import ActionCount, Sheet
from printkit.rules.gsc_legality import CheckResult, Claim, DiceCount, Violation, check
from printkit.rules.gsc_score import Score, score

__all__ = [
    "ActionCount", "Bonus", "CheckResult", "Claim", "DiceCount", "GscGame", "Score", "Sheet",
    "Violation", "check", "load_gsc_game", "load_transcription", "parse_transcription", "score",
]
