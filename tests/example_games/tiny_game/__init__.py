"""A tiny game kept outside printkit, built by following docs/architecture.md's "Adding a game".

Nothing in printkit names it: point ``PRINTKIT_GAME_PATH`` at ``tests/example_games`` and
``printkit build tiny-game`` finds it.
"""

from printkit.engine.registry import Game, Option

GAME = Game(
    id="tiny-game",
    titles={"en": "Tiny Game", "zh-TW": "小遊戲"},
    aliases=("tiny",),
    languages=("en", "zh-TW"),
    kit="tiny_game.kit:components",
    facts_from="tiny_game.kit:facts",
    components=(("cards", "the deck, one card per fruit and copy"),),
    options=(Option("blanks", int, "blank cards to add for your own ideas.", min=0, max=9),),
)
