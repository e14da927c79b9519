"""A user's deck as a card component: every card through its front and back template."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from printkit.engine.components import BuildOptions, CardComponent, Component
from printkit.engine.elements import Piece, Text
from printkit.engine.errors import InputError
from printkit.engine.selection import parse_only, subset_label, where_filter
from printkit.engine.template.evaluate import CardRenderer
from printkit.games.deck.definition import LoadedDeck, deck_containment
from printkit.games.deck.model import Card


def chosen_cards(deck: LoadedDeck, options: BuildOptions) -> tuple[Card, ...]:
    """The cards ``--only`` and ``--where`` keep (all of them when neither is given)."""
    cards = deck.cards
    if options.only:
        numbers = set(parse_only(options.only, len(cards)))
        cards = tuple(c for c in cards if c.index in numbers)
    if options.where:
        names = list(dict.fromkeys(k for c in deck.cards for k in c.fields))
        keep = where_filter(options.where, [*names, "index", "copy"])
        cards = tuple(c for c in cards if keep({**c.fields, "index": c.index, "copy": c.copy},
                                               f"card {c.index} ({c.source})"))
    return cards


def with_families(piece: Piece, families: tuple[tuple[str, str], ...]) -> Piece:
    """``piece`` with each text's ``font:`` naming a family of the deck's ``fonts:`` given that family's faces;
    a name that is neither a family, a font file nor ``sans`` is an error naming the card."""
    elements = list(piece.elements)
    changed = False
    for i, el in enumerate(elements):
        if isinstance(el, Text) and el.font:
            font = _family_font(el.font, families)
            if isinstance(font, InputError):
                raise InputError.single(f"{piece.name}: {font.problems[0].message}")
            if font != el.font:
                elements[i] = replace(el, font=font)
                changed = True
    return replace(piece, elements=tuple(elements)) if changed else piece


@lru_cache(maxsize=1024)
def _family_font(font: str, families: tuple[tuple[str, str], ...]) -> str | InputError:
    named = dict(families)
    parts = []
    for part in (p.strip() for p in font.split(",")):
        if part in named:
            part = named[part]
        elif not part.lower().endswith((".ttf", ".otf")) and part.lower() not in ("sans", "printkitsans") \
                and not part.startswith("family:"):
            declared = ", ".join(named) or "none"
            return InputError.single(f"font: no font family `{part}`; the deck declares: {declared} (under "
                                     "`fonts:`), or give a .ttf/.otf file or `sans`")
        parts.append(part)
    return ", ".join(parts)


def deck_components(deck: LoadedDeck, options: BuildOptions) -> list[Component]:
    d = deck.definition
    base = deck.file.parent
    contain = deck_containment(deck.file, options.templates, options.allow_outside)
    deck_info = {"title": d.title, "count": len(deck.cards)}
    cards = chosen_cards(deck, options)
    fronts: list[Piece] = []
    backs: list[Piece] = []
    shared = {"style": d.style, "deck": deck_info, "lang": options.lang}
    # each template compiled once for the deck: what does not read `card` is evaluated once
    front = CardRenderer(deck.front, shared, deck.width, deck.height, base, contain)
    back = CardRenderer(deck.back, shared, deck.width, deck.height, base, contain) if deck.back else None
    for card in cards:
        fields = {**card.fields, "index": card.index, "copy": card.copy}
        name = card.fields.get("name")
        label = f"card {card.index} ({name}, {card.source})" if name else f"card {card.index} ({card.source})"
        fronts.append(with_families(front.render({"card": fields}, label), deck.families))
        if back is not None:
            backs.append(with_families(back.render({"card": {**fields, **d.back_fields}}, f"back of {label}"),
                                       deck.families))
    subset = subset_label(options.only, options.where)
    return [CardComponent("cards", d.title, tuple(fronts), tuple(backs) if deck.back is not None else None,
                          sources=deck.sources, notes=deck.notes, subset=subset, corner_radius=d.corner_radius,
                          numbers=tuple(c.index for c in cards) if subset else (), warnings=deck.warnings,
                          icon_dirs=deck.icon_dirs)]
