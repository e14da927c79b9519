"""Istanbul: the 16 place cards in any language, every layout, and the rest of the kit."""

from printkit.engine.registry import Game, Option

GAME = Game(
    titles={"en": "Istanbul", "zh-TW": "伊斯坦堡", "de": "Istanbul"},
    id="istanbul",
    languages=("en", "zh-TW", "de", "en+zh-TW"),
    kit="printkit.games.istanbul.kit:components",
    facts_from="printkit.games.istanbul.kit:facts",
    components=(
        ("place-cards", "the 16 places, with the values for --players"),
        ("layout", "the 4×4 layout sheet (--layout), or a pack of random layouts (--layouts)"),
        ("setup", "setup for --players (or every table), and what to bring besides the kit"),
        ("mosque-tiles", "the mosque tiles used by --players"),
        ("demand-tiles", "5 dark and 5 light market demand tiles"),
        ("bonus-cards", "26 bonus cards with backs"),
        ("wheelbarrows", "one player board per player"),
        ("extensions", "3 wheelbarrow extensions per player"),
        ("tokens", "rubies, coins, assistant discs, goods and mail indicators, start player"),
        ("standees", "the Governor and the Smuggler"),
        ("overview-cards", "5 overview cards, two to a page"),
    ),
    options=(
        Option("layout", str, "short, long, in-order or random (default short).",
               choices=("short", "long", "in-order", "random")),
        Option("layouts", int, "a pack of this many different random layouts, seeds --seed onward.",
               min=1, max=200),
        Option("apart_lines", bool, "random layouts: the Black Market and Tea House also share no row "
                                    "or column."),
    ),
)
