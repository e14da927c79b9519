"""San Marco's decks: what each card shows, handed to its template (``templates/san-marco/``).

The layout decides *what* is on each card (title, colour, icon, the district's die face, the effect
in the chosen language); the templates decide *how* it looks, so a designer restyles the deck without
touching this file.  Pure: the templates come in already loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.engine.elements import Piece
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import CardTemplate
from printkit.engine.template.sandbox import format_text
from printkit.games.san_marco.model.game import ActionCard, District, Lang, SanMarcoDefinition
from printkit.games.san_marco.model.printing import SanMarcoStyle


@dataclass(frozen=True)
class DeckTemplates:
    """The four templates of the San Marco decks, as found on the template search path."""

    action: CardTemplate
    limit: CardTemplate
    action_back: CardTemplate
    limit_back: CardTemplate


def _action_fields(game: SanMarcoDefinition, card: ActionCard, district: District | None, lang: Lang) -> dict[str, Any]:
    name = card.name.get(lang)
    effect = format_text(card.effect.get(lang), f"decks.action {card.name.get(lang)!r}: effect",
                         district=district.name.get(lang) if district else "")
    if district is None:
        return {"kind": card.type, "title": name, "subtitle": "", "color": card.color, "icon": card.icon,
                "effect": effect, "die_face": None, "die_sides": game.die.sides}
    return {"kind": f"district {district.id}", "title": district.name.get(lang), "subtitle": name,
            "color": district.color, "icon": card.icon, "effect": effect, "die_face": min(district.die),
            "die_sides": game.die.sides}


def action_card_fields(game: SanMarcoDefinition, lang: Lang) -> list[dict[str, Any]]:
    """Every action card in deck order: district cards once per district and copy, then the rest."""
    out: list[dict[str, Any]] = []
    for card in game.decks.action:
        if card.type == "district":
            for d in game.map.districts:
                out += [_action_fields(game, card, d, lang)] * (card.count_per_district or 0)
        else:
            out += [_action_fields(game, card, None, lang)] * (card.count or 0)
    return out


def limit_card_fields(game: SanMarcoDefinition, lang: Lang) -> list[dict[str, Any]]:
    d = game.decks
    effect = format_text(d.limit_effect.get(lang), "decks.limit_effect", threshold=game.rules.limit_threshold)
    out: list[dict[str, Any]] = []
    for lc in d.limit:
        fields = {"kind": "limit", "title": d.limit_name.get(lang), "value": lc.value, "color": d.limit_back.color,
                  "effect": effect}
        out += [fields] * lc.count
    return out


def _pieces(template: CardTemplate, cards: list[dict[str, Any]], scope: dict[str, Any], size: tuple[float, float],
            label: str) -> tuple[Piece, ...]:
    w, h = size
    made: dict[int, Piece] = {}
    out = []
    for fields in cards:
        key = id(fields)  # copies of a card share one fields dict: draw each design once
        if key not in made:
            made[key] = render_template(template, {**scope, "card": fields}, w, h, f"{label} {fields['kind']}")
        out.append(made[key])
    return tuple(out)


def decks(game: SanMarcoDefinition, style: SanMarcoStyle, templates: DeckTemplates, lang: Lang
          ) -> tuple[tuple[Piece, ...], Piece, tuple[Piece, ...], Piece]:
    """(action fronts, action back, limit fronts, limit back), each card drawn by its template."""
    scope = {"style": style.card.model_dump(), "game": {"title": game.title.get(lang)}, "lang": lang}
    size = game.decks.card_size
    d = game.decks
    backs = []
    for template, back, kind in ((templates.action_back, d.action_back, "action"),
                                 (templates.limit_back, d.limit_back, "limit")):
        fields = {"kind": kind, "title": back.title.get(lang), "color": back.color, "icon": back.icon}
        backs.append(render_template(template, {**scope, "card": fields}, *size, f"san-marco {kind} back"))
    return (_pieces(templates.action, action_card_fields(game, lang), scope, size, "san-marco action card"),
            backs[0],
            _pieces(templates.limit, limit_card_fields(game, lang), scope, size, "san-marco limit card"),
            backs[1])
