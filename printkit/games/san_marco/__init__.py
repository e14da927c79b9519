"""San Marco: the action and limit decks, the board, pieces, player aids, and generated variants."""

from printkit.engine.registry import Game, Option

GAME = Game(
    titles={"en": "San Marco", "zh-TW": "聖馬可", "de": "San Marco"},
    id="san-marco",
    languages=("en", "zh-TW", "de"),
    kit="printkit.games.san_marco.kit:components",
    facts_from="printkit.games.san_marco.kit:facts",
    schema="printkit/san-marco",
    components=(
        ("action-cards", "the action deck"),
        ("limit-cards", "the limit deck"),
        ("board", "the Venice board"),
        ("pieces", "bridges, Doge, sundial marker, noble tokens, score and role markers, die cards and a folding d6"),
        ("setup-sheet", "what you need, and setting up"),
        ("player-aids", "one per player"),
        ("rules-booklet", "the complete rules as a booklet, two pages a side, to fold and staple"),
        ("rules", "the complete rules as plain pages"),
        ("variant-rules", "roles, cards and die of a generated variant (--districts)"),
        ("definition", "the variant's YAML, to edit and rebuild with `printkit build FILE.yaml`"),
    ),
    options=(
        Option("districts", int, "generate a variant map with this many districts (6-10)."),
        Option("ranks", int, "scoring ranks per district (2 or 3)."),
        Option("style", str, "map style (lagoon, island, ring)."),
    ),
    json_schemas=(("san-marco", "a San Marco (variant) definition",
                   "printkit.games.san_marco.model.game:json_schema"),),
)
