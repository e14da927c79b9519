"""A tiny game kept outside printkit, built by following docs/architecture.md's "Adding a game".

Nothing in printkit names it: point ``PRINTKIT_GAME_PATH`` at ``tests/example_games`` and
``printkit build tiny-game`` finds it, ``printkit check`` checks its hands (``--blank-value`` is its
ruling) and its builds carry a card list of its own beside the PDF.
"""

from printkit.engine.registry import Checker, Game, Option, Ruling

GAME = Game(
    id="tiny-game",
    titles={"en": "Tiny Game", "zh-TW": "小遊戲", "fr": "Petit jeu"},
    aliases=("tiny",),
    languages=("en", "zh-TW", "fr"),
    kit="tiny_game.kit:components",
    facts_from="tiny_game.kit:facts",
    components=(("cards", "the deck, one card per fruit and copy"),),
    options=(Option("blanks", int, "blank cards to add for your own ideas.", min=0, max=9),),
    checker=Checker(
        run="tiny_game.check:check_file",
        languages=("en", "zh-TW", "fr"),
        rulings=(Ruling("blank_value", "what a blank card in a hand scores: zero (the printed rule) or one. "
                        "Default: a claim right under either is right.", ("zero", "one")),),
        recognises="tiny_game.check:recognises",
    ),
    exporters=("tiny_game.kit:CARD_LIST",),
)
