"""``printkit check``'s engine side: which game checks a file, and what a checker returns.

A game that can check something (a transcribed score sheet, a final position) declares a
:class:`~printkit.engine.registry.Checker` in its :class:`~printkit.engine.registry.Game`; its function
takes the parsed :class:`~printkit.engine.source.Document`, the report language and the rulings the user
picked (``{"solo_passive": "none"}``: a game ignores rulings it does not have) and returns a
:class:`CheckOutcome`, or raises :class:`~printkit.engine.errors.InputError` for a malformed file.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from printkit.engine.errors import InputError
from printkit.engine.registry import Game, check_languages, checkers
from printkit.engine.source import Document


@dataclass(frozen=True)
class CheckOutcome:
    """One checked file: ``ok`` when it is legal and every claim in it is right.

    The reports are made when asked for: a run over thousands of files prints one of the two.
    """

    ok: bool
    make_text: Callable[[], str]  # the report for people, in the requested language
    make_json: Callable[[], dict[str, Any]]  # the same report for scripts

    @property
    def text(self) -> str:
        return self.make_text()

    @property
    def json(self) -> dict[str, Any]:
        return self.make_json()


def checker_for(doc: Document) -> Game:
    """The game named by the file's ``game:`` key, if it has a checker; with no key, the one game
    whose checker recognises the file."""
    key = doc.data.get("game") if isinstance(doc.data, dict) else None
    can = checkers()
    if key is None:
        claimed = [g for g in can if g.recognises(doc.data)]
        if len(claimed) == 1:
            return claimed[0]
        if len(can) == 1:  # one game to check: its own loader reports the missing key with the rest
            return can[0]
        names = ", ".join(g.id for g in can)
        raise doc.error((), f"which game is this? start the file with `game: <id>`; printkit checks {names}")
    # Among the games that check (a game without a checker is refused with the same words as an unknown one).
    name = key.lower() if isinstance(key, str) else None
    game = next((g for g in can if name == g.id or name in g.aliases), None)
    if game is None:
        names = ", ".join(g.id for g in can)
        raise doc.error(("game",), f"printkit cannot check {key!r}; it checks {names}")
    return game


def check_document(doc: Document, lang: str, rulings: Mapping[str, str] | None = None) -> CheckOutcome:
    """Check one parsed file with the game it names, under the ``rulings`` picked (if any)."""
    game = checker_for(doc)
    speaks = game.checker.languages if game.checker else ()
    if lang not in speaks:
        where = ("game",) if isinstance(doc.data, dict) and "game" in doc.data else ()
        raise doc.error(where, f"the {game.id} report is in {', '.join(speaks)}; --lang {lang} is not one of them")
    outcome: CheckOutcome = game.check(doc, lang, dict(rulings or {}))
    return outcome


__all__ = ["CheckOutcome", "InputError", "check_document", "check_languages", "checker_for"]
