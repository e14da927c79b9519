"""Your own deck: a definition file (YAML/JSON, cards inline or from a CSV) drawn through card templates.

The generic case of a game package: it builds the user's files, not a bundled kit.
"""

from printkit.engine.registry import Game

GAME = Game(
    titles={"en": "Your own deck"},
    id="deck",
    languages=("en", "zh-TW", "de"),
    kit="printkit.games.deck.kit:components",
    facts_from="printkit.games.deck.kit:facts",
    files_only=True,
    sizes="printkit.games.deck.definition:card_sizes",
    json_schemas=(("deck", "your own deck", "printkit.games.deck.model:json_schema"),),
)
