"""San Marco: the action and limit decks, the board, pieces, player aids, and generated variants."""

from printkit.engine.registry import Game, Option

GAME = Game(
    titles={"en": "San Marco", "zh-TW": "聖馬可"},
    id="san-marco",
    kit="printkit.games.san_marco.kit:components",
    facts_from="printkit.games.san_marco.kit:facts",
    schema="printkit/san-marco",
    components=(
        ("action-cards", "the action deck"),
        ("limit-cards", "the limit deck"),
        ("board", "the Venice board"),
        ("pieces", "bridges, Doge, sundial marker"),
        ("player-aids", "one per player"),
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
