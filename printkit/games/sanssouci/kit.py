"""Sanssouci's kit: read the data, style and templates, then hand plain values to the pure layouts.

Templates are looked up in the user's ``--templates`` folder (``sanssouci/<name>.yaml`` or
``<name>.yaml``) before the bundled ``templates/sanssouci/``.
"""

from __future__ import annotations

from pathlib import Path

from printkit.engine.components import BuildOptions, Component
from printkit.engine.errors import InputError
from printkit.engine.paths import templates_root
from printkit.engine.registry import Facts
from printkit.engine.template.files import CardTemplate, load_template
from printkit.games.sanssouci.definitions import load_board_seed, load_game, load_style, load_words
from printkit.games.sanssouci.layout import boards, pieces, sheets
from printkit.games.sanssouci.model import LANGUAGES

TEMPLATES = ("tile-front", "tile-back", "play-card-front", "play-card-back", "mission-front", "mission-back",
             "score-card", "token")


def _find(name: str, user: Path | None) -> Path:
    candidates = [user / "sanssouci" / name, user / name] if user is not None else []
    candidates.append(templates_root() / "sanssouci" / name)
    for c in candidates:
        if c.is_file():
            return c
    raise InputError.single(f"Sanssouci template {name!r} not found (looked for {', '.join(map(str, candidates))})")


def components(options: BuildOptions) -> list[Component]:
    game = load_game()
    lang = options.lang if options.lang in LANGUAGES else "en"
    players = options.players
    if players is not None and not game.players[0] <= players <= game.players[1]:
        raise InputError.single(f"--players {players}: Sanssouci is for {game.players[0]} to {game.players[1]}")
    words = load_words()
    style = load_style(_find("style.yaml", options.templates))
    templates: dict[str, CardTemplate] = {n: load_template(_find(f"{n}.yaml", options.templates)) for n in TEMPLATES}
    out: list[Component] = [
        pieces.tiles(game, words, style, templates, lang, players),
        pieces.play_cards(game, words, style, templates, lang),
        pieces.missions(game, words, style, templates, lang),
        pieces.score_cards(game, words, style, templates, lang),
        pieces.tokens(game, words, style, templates, lang),
    ]
    out += boards.garden_boards(game, words, style, lang, load_board_seed())
    out.append(boards.central_board(game, words, style, lang))
    out.append(sheets.player_aid(game, words, style, lang))
    out.append(sheets.score_pad(game, words, style, lang))
    return out


def facts() -> Facts:
    """Players and languages from the data; the checker reports in every language too."""
    game = load_game()
    return Facts(players=game.players, languages=LANGUAGES, check_languages=LANGUAGES)
