"""Sanssouci (Michael Kiesling, 2013): garden tiles, cards, garden boards, the central board, pieces,
player aid, score pad, and a checker for transcribed final gardens."""

from printkit.engine.registry import Checker, Game, Option

GAME = Game(
    titles={"en": "Sanssouci", "zh-TW": "無憂宮", "de": "Sanssouci"},
    id="sanssouci",
    languages=("en", "zh-TW", "de"),
    kit="printkit.games.sanssouci.kit:components",
    facts_from="printkit.games.sanssouci.kit:facts",
    checker=Checker(run="printkit.games.sanssouci.check:check_file", languages=("en", "zh-TW", "de")),
    components=(
        ("tiles", "81 garden tiles, element front, gardener back (--players leaves out unused ones)"),
        ("cards", "72 play cards in 4 colours, 9 mission cards, 4 score cards"),
        ("garden-boards", "4 garden boards, both sides (8 sides)"),
        ("central-board", "score track 0-50, display and stack spaces"),
        ("tokens", "36 nobles, 22 x 11 mm (they fit a terrace start box), and below them on the same sheet "
                   "4 score markers, 14 mm (they fit a score-track space)"),
        ("player-aid", "turn summary, two to a sheet"),
        ("score-pad", "end-game score pad"),
        ("rules-booklet", "the whole game in printkit's own words, a folded booklet"),
        ("setup", "a drawn plan of the table and the setup for each player count"),
        ("kit-notes", "the house values and what differs from the published game"),
    ),
    options=(
        Option("board_seed", int, "draw a new set of the 8 garden-board sides from this seed (written as boards.yaml "
               "beside the PDFs).", min=0, max=2**31 - 1),
    ),
    json_schemas=(("sanssouci-end", "a Sanssouci end of game for `printkit check`",
                   "printkit.games.sanssouci.transcription:json_schema"),),
)
