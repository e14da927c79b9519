"""San Marco's kit: the classic game, a user's definition file, or a generated variant.

The catalog calls :func:`components`; it reads the definition, texts and style (or generates
a variant) and hands plain data to the pure layout in :mod:`printkit.games.san_marco.layout.components`.
"""

from __future__ import annotations

from printkit.engine.components import BuildOptions, Component, Edition, SeedUsed, TextFile, random_seed
from printkit.engine.errors import InputError
from printkit.engine.registry import Facts
from printkit.engine.rulebook import RuleTexts, load_rule_texts
from printkit.engine.source import load_document
from printkit.engine.template.files import SearchPath, load_template
from printkit.games.san_marco import GAME
from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.definitions import definition_yaml
from printkit.games.san_marco.layout.cards import DeckTemplates
from printkit.games.san_marco.layout.components import build, choose_lang
from printkit.games.san_marco.model.game import GeneratorConfig, SanMarcoDefinition
from printkit.games.san_marco.rules.variant import MapGenerationError, VariantRequest, check_request, generate_variant

FRESH_SEED_TRIES = 20  # fresh seeds drawn before a variant no seed can map is reported (one in a few fails at most)


def components(options: BuildOptions) -> list[Component]:
    """Catalog entry: classic game, a definition file, or a generated variant.

    ``options.definition``: a user's definition file; ``options.extra``: ``districts``, ``ranks``, ``style``; what they
    may be is ``variant:`` in ``generator.yaml``, checked by
    :func:`printkit.games.san_marco.rules.variant.check_request`.  A variant is made when districts,
    ranks or style are given, or for a table the classic game has no rules for.
    """
    extra = options.extra or {}
    search = SearchPath(user=options.templates, game=GAME.id)
    texts, style = loader.load_texts(), loader.load_style(search)
    templates = deck_templates(search)
    lang = choose_lang(options.lang, texts)
    definition = options.definition
    districts = extra.get("districts")
    ranks = extra.get("ranks")
    map_style = extra.get("style")
    players = options.players
    out: list[Component] = []
    if definition:
        given = [f"--{k}" for k, v in (("districts", districts), ("ranks", ranks), ("style", map_style))
                 if v is not None]
        if given:
            raise InputError.single(
                f"{', '.join(given)} make a new variant from `san-marco`; {definition} already defines its map, "
                "so edit that file instead (map.districts, rules.ranks)")
        game = loader.load(str(definition))
    else:
        game = loader.load()
        if (districts is not None or ranks is not None or map_style is not None
                or (players is not None and game.rules.for_players(players) is None)):
            gen = loader.load_generator()
            req = check_request(gen, game.rules.default_players if players is None else players,
                                districts, ranks, map_style)
            game, seed = drawn_variant(game, gen, req, options)
            out += [TextFile("definition", f"{game.id}.yaml", definition_yaml(game)), SeedUsed(seed)]
    if players is not None and game.rules.for_players(players) is None:
        have = ", ".join(str(pc.players) for pc in game.rules.player_counts)
        raise InputError.single(f"--players {players}: this definition has rules for {have} players")
    if game.id != "classic":
        out.append(Edition(game.id))
    classic = loader.load()
    # the kit notes open with where the rules come from, then the house values and differences, in one flow
    return build(game, texts, style, lang, templates, players, classic, options.paper,
                 load_rules(lang).blocks["notes"]) + out


def drawn_variant(classic: SanMarcoDefinition, gen: GeneratorConfig, req: VariantRequest,
                  options: BuildOptions) -> tuple[SanMarcoDefinition, int]:
    """The variant asked for and the seed its map and pieces were drawn from.

    Without ``--seed`` each build draws a fresh seed, and another when a seed gives no map (a build the user
    cannot mend); with ``--seed`` that seed or its error."""
    error: MapGenerationError | None = None
    for _ in range(1 if options.seed_given else FRESH_SEED_TRIES):
        seed = random_seed(options)
        try:
            return generate_variant(classic, gen, req.players, req.districts, req.ranks, seed, req.style), seed
        except MapGenerationError as exc:
            error = exc
    raise InputError.single(str(error)) from None


def load_rules(lang: str) -> RuleTexts:
    """The kit notes of one language (``data/rules/<lang>.yaml``)."""
    return load_rule_texts(loader.BUNDLED / "rules" / f"{lang}.yaml", (), ("notes",))


def glossary(game: SanMarcoDefinition | None = None) -> tuple[str, ...]:
    """Chinese words the line breaker keeps whole: ``data/glossary.yaml`` and the districts' names."""
    doc = load_document(loader.BUNDLED / "glossary.yaml")
    words = doc.data.get("glossary") if isinstance(doc.data, dict) else None
    if not isinstance(words, list) or not all(isinstance(w, str) and w for w in words):
        raise doc.error(("glossary",), "`glossary:` needs a list of words")
    names = [d.name.get("zh-TW") for d in (game or loader.load()).map.districts]
    return tuple(dict.fromkeys([*words, *names]))


def facts() -> Facts:
    """Players: the classic tables and the variant generator's range; languages: those of the texts."""
    classic = loader.load()
    lo, hi = loader.load_generator().variant.players
    tables = [pc.players for pc in classic.rules.player_counts]
    return Facts(players=(min(*tables, lo), max(*tables, hi)), languages=tuple(loader.load_texts().languages()),
                 glossary=glossary(classic))


def deck_templates(search: SearchPath | None = None) -> DeckTemplates:
    """The decks' templates from the search path (the user's ``--templates`` first)."""
    search = search or SearchPath(game=GAME.id)
    return DeckTemplates(*(load_template(search.find(name, generic=False), search)
                           for name in ("action-card", "limit-card", "action-back", "limit-back")))
