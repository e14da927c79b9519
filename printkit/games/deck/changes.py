"""What --changed compares: a hash per card of everything that decides how it prints."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from printkit.engine.template.files import CardTemplate
from printkit.games.deck.definition import LoadedDeck
from printkit.games.deck.model import Card

HASH_DIGITS = 16  # 64 bits of sha256 per card: a collision between two versions of one card is not a worry


def _template_content(template: CardTemplate | None) -> Any:
    """What a template draws with (``extends:`` applied), without where it was written."""
    if template is None:
        return None
    return {"background": template.background, "elements": template.elements, "vars": template.vars}


def card_hashes(deck: LoadedDeck) -> dict[int, str]:
    """Per card number, a hash of everything that decides how the card prints: its fields (and number and
    copy), the front and back templates' content, the deck's title, card count, style, back fields, font families,
    card size and corners.  Files the templates name (images, fonts, icons) are not read: replacing one under the
    same name is not a change."""
    d = deck.definition
    common = json.dumps({"title": d.title, "count": len(deck.cards), "front": _template_content(deck.front),
                         "back": _template_content(deck.back), "style": d.style, "back_fields": d.back_fields,
                         "fonts": d.fonts, "size": [deck.width, deck.height],
                         "corner_radius": d.corner_radius}, sort_keys=True, default=str)
    out = {}
    for c in deck.cards:
        own = json.dumps({**c.fields, "index": c.index, "copy": c.copy}, sort_keys=True, default=str)
        out[c.index] = hashlib.sha256(f"{common}\n{own}".encode()).hexdigest()[:HASH_DIGITS]
    return out


def changed_cards(cards: tuple[Card, ...], hashes: dict[int, str],
                  previous: Mapping[str, str]) -> tuple[Card, ...]:
    """The cards whose hash differs from the one recorded for their number (or that had no number then)."""
    return tuple(c for c in cards if previous.get(str(c.index)) != hashes[c.index])
