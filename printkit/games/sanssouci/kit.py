"""Sanssouci's kit: read the data, style and templates, then hand plain values to the pure layouts.

Templates and ``style.yaml`` resolve through the engine's search path: the user's ``--templates DIR``
(``DIR/sanssouci/...``), then ``templates/sanssouci/``.  A user's ``style.yaml`` is merged over the
bundled one, so a restyle names only what it changes.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.engine.components import BuildOptions, Component, Edition, TextFile, shared_sheets
from printkit.engine.errors import InputError
from printkit.engine.registry import Facts
from printkit.engine.template.files import CardTemplate, SearchPath, load_template
from printkit.games.sanssouci import GAME
from printkit.games.sanssouci.definitions import (
    BOARDS,
    boards_yaml,
    load_game,
    load_glossary,
    load_rules,
    load_style,
    load_words,
    with_sides,
)
from printkit.games.sanssouci.layout import boards, pieces, rulebook, sheets
from printkit.games.sanssouci.model import LANGUAGES

SIDES_PER_BOARD = 2  # a garden board is printed on both sides
TEMPLATES = ("tile-front", "tile-back", "play-card-front", "play-card-back", "mission-front", "mission-back",
             "score-card", "token")


def components(options: BuildOptions) -> list[Component]:
    game = load_game()
    lang = options.lang if options.lang in LANGUAGES else "en"
    players = options.players
    if players is not None and not game.players[0] <= players <= game.players[1]:
        raise InputError.single(f"--players {players}: Sanssouci is for {game.players[0]} to {game.players[1]}")
    out: list[Component] = []
    board_seed = (options.extra or {}).get("board_seed")
    if board_seed is not None:
        # a new set of board sides: an edition of its own, with the boards.yaml that describes it
        text, sides = boards_yaml(BOARDS.read_text(encoding="utf-8"), int(board_seed))
        game = with_sides(game, sides)
        out += [Edition(f"board-seed-{board_seed}"), TextFile("boards", "boards.yaml", text)]
    search = SearchPath(user=options.templates, game=GAME.id)
    words = load_words()
    style = load_style(search)
    templates: dict[str, CardTemplate] = {
        name: load_template(search.find(name, generic=False), search) for name in TEMPLATES
    }
    # --players: the pieces of that many colours and that many boards (each player a different board);
    # the booklet and sheets still describe the whole box
    table = game if players is None else replace(game, player_colours=game.player_colours[:players],
                                                 sides=game.sides[: SIDES_PER_BOARD * players])
    out += [
        pieces.tiles(game, words, style, templates, lang, players),
        # Play, mission and 50/100 cards share one size: they share sheets too (fewer sheets, no empty slots).
        shared_sheets("cards", words.get("cards", lang), (
            pieces.play_cards(table, words, style, templates, lang),
            pieces.missions(game, words, style, templates, lang),
            pieces.score_cards(table, words, style, templates, lang),
        )),
        # Nobles and score markers differ in size: the markers go in the room the nobles leave on their sheet.
        shared_sheets("tokens", words.get("token_sheet", lang), (
            pieces.tokens(table, words, style, templates, lang),
            pieces.score_markers(table, words, style, templates, lang),
        )),
    ]
    out += boards.garden_boards(table, words, style, lang)
    out.append(boards.central_board(game, words, style, lang))
    out.append(sheets.player_aid(game, words, style, lang))
    out.append(sheets.score_pad(game, words, style, lang))
    rules, title, glossary = load_rules(lang), words.get("title", lang), load_glossary()
    out += [
        rulebook.rules_booklet(game, style, rules, lang, options.paper, title, glossary),
        rulebook.setup_sheet(game, style, rules, lang, options.paper, title, glossary, players),
        rulebook.notes_page(game, style, rules, lang, options.paper, title, glossary),
    ]
    return out


def facts() -> Facts:
    """Players and languages from the data; the checker reports in every language too."""
    game = load_game()
    return Facts(players=game.players, languages=LANGUAGES, check_languages=LANGUAGES, glossary=load_glossary())
