"""Tiles, cards and tokens: each piece is a template of ``templates/sanssouci/`` filled with data.

The templates say how a piece looks; this module only says what is on it (which element, which
colours, which words) and how many there are, all read from the :class:`Game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.engine.components import CardComponent
from printkit.engine.elements import Piece
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import CardTemplate
from printkit.games.sanssouci.layout.colour import ink_on
from printkit.games.sanssouci.model import TERRACE, Game, PlayCard, Style, Words

Templates = Mapping[str, CardTemplate]


def tile_numbers(game: Game, players: int | None) -> list[tuple[str, int]]:
    """(element, player-count number) of every tile printed: all 81, or those a table of ``players`` uses."""
    return [
        (e.id, number)
        for e in game.elements
        for number, count in game.tile_split.items()
        if players is None or number <= players
        for _ in range(count)
    ]


def tiles(game: Game, words: Words, style: Style, templates: Templates, lang: str,
          players: int | None) -> CardComponent:
    size = float(style.tile["size"])
    fronts, backs = [], []
    chosen = tile_numbers(game, players)
    for k, (element_id, number) in enumerate(chosen, 1):
        e = game.element(element_id)
        card = {
            "element": e.id, "name": e.name.get(lang), "icon": e.icon, "number": number,
            "players": words.get("tile_players", lang, n=number), "gardener": words.get("gardener", lang),
            "index": k,
        }
        scope = {"card": card, "style": style.tile, "lang": lang}
        label = f"tile {k} ({e.id}, {number})"
        fronts.append(render_template(templates["tile-front"], scope, size, size, label))
        backs.append(render_template(templates["tile-back"], scope, size, size, f"back of {label}"))
    title = words.get("garden_tiles", lang)
    return CardComponent("tiles", title, tuple(fronts), tuple(backs), kind="tiles")


def _card_fields(game: Game, words: Words, card: PlayCard, lang: str) -> dict[str, Any]:
    if card.kind == "element" and card.element:
        e = game.element(card.element)
        return {"kind": "element", "title": e.name.get(lang), "icon": e.icon,
                "text": words.get("element_text", lang), "house": ""}
    if card.kind == "pair":
        sides = []
        for colour in card.colours:
            c = game.colour(colour)
            sides.append({"hex": c.hex, "pattern": c.pattern, "name": c.name.get(lang),
                          "row": game.row_of_colour(colour)})
        a, b = sides
        return {"kind": "pair", "title": f"{a['name']} / {b['name']}", "a": a, "b": b,
                "text": words.get("pair_text", lang), "house": ""}
    return {"kind": "joker", "title": words.get("joker", lang), "text": words.get("joker_text", lang), "house": ""}


def play_cards(game: Game, words: Words, style: Style, templates: Templates, lang: str) -> CardComponent:
    """Every player colour's 18 cards, each with that colour's back."""
    w, h = float(style.card["width"]), float(style.card["height"])
    fronts, backs = [], []
    for player in game.player_colours:
        common = {"colour": player.hex, "title_ink": ink_on(player.hex), "colour_name": player.name.get(lang),
                  "game": words.get("title", lang)}
        for k, card in enumerate(game.deck, 1):
            fields = {**common, **_card_fields(game, words, card, lang), "index": k}
            scope = {"card": fields, "style": style.card, "lang": lang}
            label = f"{player.id} card {k} ({card.kind} {card.element or '/'.join(card.colours)})"
            fronts.append(render_template(templates["play-card-front"], scope, w, h, label))
            backs.append(render_template(templates["play-card-back"], scope, w, h, f"back of {label}"))
    return CardComponent("play-cards", words.get("play_cards", lang), tuple(fronts), tuple(backs))


def missions(game: Game, words: Words, style: Style, templates: Templates, lang: str) -> CardComponent:
    """One mission card per element, with the points table of the data (its origin is on the notes page)."""
    w, h = float(style.card["width"]), float(style.card["height"])
    rows = []
    for row in sorted(r for r in game.mission_points if r != TERRACE):
        hex_ = game.colour(game.rows[row - 1].colour).hex
        rows.append({"label": str(row), "points": game.mission_points[row], "hex": hex_, "ink": ink_on(hex_)})
    colon = "：" if lang == "zh-TW" else ": "  # Chinese takes the full-width colon
    terrace = f"{words.get('terrace', lang)}{colon}{game.mission_points.get(TERRACE, 0)}"
    fronts = []
    for e in game.elements:
        card = {"title": words.get("mission", lang), "icon": e.icon, "name": e.name.get(lang),
                "text": words.get("mission_text", lang, element=e.name.get(lang)), "rows": rows,
                "rows_title": words.get("mission_table", lang),
                "points_note": terrace, "house": ""}
        scope = {"card": card, "style": style.card, "lang": lang}
        fronts.append(render_template(templates["mission-front"], scope, w, h, f"mission {e.id}"))
    back_scope = {"card": {"title": words.get("mission_cards", lang)}, "style": style.card, "lang": lang}
    back = render_template(templates["mission-back"], back_scope, w, h, "mission back")
    return CardComponent("mission-cards", words.get("mission_cards", lang), tuple(fronts), (back,))


def score_cards(game: Game, words: Words, style: Style, templates: Templates, lang: str) -> CardComponent:
    """One "50/100" card per player colour: the first lap value on the front, the second on the back."""
    w, h = float(style.card["width"]), float(style.card["height"])
    first, *rest = game.lap_card
    second = rest[0] if rest else first
    fronts, backs = [], []
    for player in game.player_colours:
        card = {"colour": player.hex, "title_ink": ink_on(player.hex), "text": words.get("score_card_side", lang)}
        for value, out in ((first, fronts), (second, backs)):
            scope = {"card": {**card, "value": value}, "style": style.card, "lang": lang}
            out.append(render_template(templates["score-card"], scope, w, h, f"score card {player.id} {value}"))
    return CardComponent("score-cards", words.get("score_cards", lang), tuple(fronts), tuple(backs))


def tokens(game: Game, words: Words, style: Style, templates: Templates, lang: str) -> CardComponent:
    """Nobles, one per column per player, sized to stand on a terrace start box and on a tile; the same on
    both sides."""
    w, h = float(style.token["noble_width"]), float(style.token["noble_height"])
    pieces: list[Piece] = []
    for player in game.player_colours:
        ink = ink_on(player.hex)
        for e in game.elements[: game.nobles_per_player]:
            card = {"colour": player.hex, "ink": ink, "icon": "ss-noble", "label": e.name.get(lang)}
            scope = {"card": card, "style": style.token, "lang": lang}
            pieces.append(render_template(templates["token"], scope, w, h, f"noble {player.id} {e.id}"))
    return CardComponent("tokens", words.get("tokens", lang), tuple(pieces), tuple(pieces), kind="tokens")


def score_markers(game: Game, words: Words, style: Style, templates: Templates, lang: str) -> CardComponent:
    """A score marker per player, smaller than a score-track space; the same on both sides."""
    size = float(style.token["marker"])
    pieces: list[Piece] = []
    for player in game.player_colours:
        card = {"colour": player.hex, "ink": ink_on(player.hex), "icon": "ss-joker",
                "label": words.get("score_marker", lang)}
        scope = {"card": card, "style": style.token, "lang": lang}
        pieces.append(render_template(templates["token"], scope, size, size, f"score marker {player.id}"))
    return CardComponent("score-markers", words.get("score_markers", lang), tuple(pieces), tuple(pieces),
                         kind="tokens")
