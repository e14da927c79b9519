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
        ("tokens", "coins, assistant discs, start player (18 mm), and below them on the same sheet rubies, goods and "
                   "mail indicators, sized to their spaces (9 mm)"),
        ("standees", "the Governor, the Smuggler, merchants (neutral ones too) and family members"),
        ("dice", "2 fold-up six-sided dice"),
        ("overview-cards", "5 overview cards, two to a page"),
        ("rules-booklet", "the whole game in printkit's own words, a folded booklet"),
        ("kit-notes", "the house values and what differs from the published game"),
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
