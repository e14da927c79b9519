"""Sanssouci's kit: read the data and templates, hand plain values to the pure layouts."""

from __future__ import annotations

from printkit.engine.components import BuildOptions, Component
from printkit.engine.registry import Facts
from printkit.games.sanssouci.definitions import load_game
from printkit.games.sanssouci.model import LANGUAGES


def components(options: BuildOptions) -> list[Component]:
    return []


def facts() -> Facts:
    """Players and languages from the data; the checker reports in every language too."""
    game = load_game()
    return Facts(players=game.players, languages=LANGUAGES, check_languages=LANGUAGES)
