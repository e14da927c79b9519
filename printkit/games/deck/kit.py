"""The user's deck: load the definition (and its CSV and templates), then lay out the cards."""

from __future__ import annotations

from pathlib import Path

from printkit.engine.components import BuildOptions, Component
from printkit.engine.registry import Facts
from printkit.games.deck.definition import load_deck
from printkit.games.deck.layout import deck_components


def components(options: BuildOptions) -> list[Component]:
    assert options.definition is not None, "a deck is always built from the user's file"
    deck = load_deck(options.definition, options.templates, options.max_cards, options.allow_outside,
                     options.allow_network, lang=options.lang, lenient=options.placeholders)
    return deck_components(deck, options, art_exists=lambda path: Path(path).is_file())


def facts() -> Facts:
    """A deck is for any table; its texts are whatever the user wrote (the languages it has are its own: a
    column or a file per language, checked when it is built)."""
    return Facts(players=(1, 99), languages=("en", "zh-TW", "de"))
