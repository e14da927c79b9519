"""A user's deck as a card component: every card through its front and back template."""

from __future__ import annotations

from printkit.engine.components import BuildOptions, CardComponent, Component
from printkit.engine.elements import Piece
from printkit.engine.template.evaluate import render_template
from printkit.games.deck.definition import LoadedDeck, deck_containment


def deck_components(deck: LoadedDeck, options: BuildOptions) -> list[Component]:
    d = deck.definition
    base = deck.file.parent
    contain = deck_containment(deck.file, options.templates, options.allow_outside)
    deck_info = {"title": d.title, "count": len(deck.cards)}
    fronts: list[Piece] = []
    backs: list[Piece] = []
    for card in deck.cards:
        fields = {**card.fields, "index": card.index, "copy": card.copy}
        name = card.fields.get("name")
        label = f"card {card.index} ({name}, {card.source})" if name else f"card {card.index} ({card.source})"
        scope = {"card": fields, "style": d.style, "deck": deck_info, "lang": options.lang}
        fronts.append(render_template(deck.front, scope, deck.width, deck.height, label, base, contain))
        if deck.back is not None:
            back_scope = {**scope, "card": {**fields, **d.back_fields}}
            backs.append(render_template(deck.back, back_scope, deck.width, deck.height, f"back of {label}",
                                         base, contain))
    return [CardComponent("cards", d.title, tuple(fronts), tuple(backs) if deck.back is not None else None,
                          warnings=deck.warnings)]
