"""Istanbul's kit: check the options, load the data, style and templates, and hand them to the pure layout."""

from __future__ import annotations

from printkit.engine.components import BuildOptions, Component, SeedUsed, random_seed
from printkit.engine.errors import InputError
from printkit.engine.paper import paper_dimensions
from printkit.engine.registry import Facts
from printkit.engine.template.files import SearchPath, load_template
from printkit.games.istanbul import definitions
from printkit.games.istanbul.layout.components import TEMPLATES, build
from printkit.games.istanbul.layout.language import MODES, Words
from printkit.games.istanbul.model import Istanbul
from printkit.games.istanbul.rules import grid

GAME_ID = "istanbul"  # its templates' folder: templates/istanbul/


def facts() -> Facts:
    game = definitions.load()
    return Facts(players=(game.setup.players.min, game.setup.players.max), languages=MODES,
                 glossary=game.glossary)


def choose_layouts(game: Istanbul, options: BuildOptions) -> list[grid.Layout]:
    """The layout(s) asked for; refuses option combinations that mean nothing."""
    extra = options.extra or {}
    kind = str(extra.get("layout") or ("random" if extra.get("layouts") else "short"))
    count = extra.get("layouts")
    apart_lines = bool(extra.get("apart_lines"))
    if kind not in {"random", *(f.id for f in game.layouts.fixed)}:
        raise InputError.single(f"--layout {kind}: choose short, long, in-order or random")
    if kind != "random" and count is not None:
        raise InputError.single(f"--layouts makes a pack of random layouts; --layout {kind} is a fixed layout")
    if kind != "random" and apart_lines:
        raise InputError.single(f"--apart-lines is a rule for random layouts; --layout {kind} is fixed")
    if kind != "random":
        return [grid.fixed_layout(game.layouts, kind)]
    # Without --seed a random layout is a new one each build; its sheet prints the seed to build it again.
    seed = random_seed(options)
    if count is not None:
        try:
            return grid.layout_pack(game.layouts, int(str(count)), seed, apart_lines)
        except ValueError as exc:
            raise InputError.single(f"--layouts: {exc}") from None
    return [grid.random_layout(game.layouts, seed, apart_lines)]


def components(options: BuildOptions) -> list[Component]:
    game = definitions.load()
    if options.lang not in MODES:
        raise InputError.single(f"Istanbul prints in {', '.join(MODES)}; --lang {options.lang} is not available")
    players = options.players
    if players is not None and players not in game.player_counts:
        raise InputError.single(f"Istanbul is for {game.setup.players.min} to {game.setup.players.max} players; "
                                f"--players was {players}")
    layouts = choose_layouts(game, options)
    search = SearchPath(user=options.templates, game=GAME_ID)
    templates = {name: load_template(search.find(name, generic=False), search) for name in TEMPLATES}
    words = Words(game.texts, options.lang)
    rules = {lang: definitions.load_rules(lang) for lang in words.langs}
    out = build(game, words, definitions.load_style(search), templates, layouts, players,
                paper_dimensions(options.paper), rules, options.paper)
    # a random layout (or the first of a pack) carries the seed it was drawn from
    seeds = [layout.seed for layout in layouts if layout.seed is not None]
    return [*out, SeedUsed(seeds[0])] if seeds else out
