"""Tabletop Simulator deck sheets: cards on a grid image, for TTS's Custom Deck import.

TTS reads a deck from one image holding up to 10 columns by 7 rows of equal cards; the last slot
(bottom right) is the *hidden* card TTS shows for a card in another player's hand, so a sheet holds
at most 69 cards.  Sheets stay within 4096 px on each side (larger images fail to load on many
machines).  The back is one separate image (or, when backs differ, a sheet of backs on the same
grid).  The grid of each sheet goes into the manifest so the import dialog can be filled in:
"Width" = columns, "Height" = rows, "Number" = cards.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096  # px
MAX_CARD_DPI = 300  # no point in more detail than print quality


@dataclass(frozen=True)
class SheetGrid:
    columns: int
    rows: int
    cards: int  # cards on this sheet (the hidden card not counted)
    card_px: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.card_px[0], self.rows * self.card_px[1]

    @property
    def hidden_slot(self) -> int:
        """0-based slot of the hidden card: the last one of the grid."""
        return self.columns * self.rows - 1


def card_pixels(width_mm: float, height_mm: float, columns: int, rows: int) -> tuple[int, int]:
    """The largest card size (px) whose grid fits in MAX_SIDE, at most MAX_CARD_DPI."""
    scale = min(MAX_SIDE / (columns * width_mm), MAX_SIDE / (rows * height_mm), MAX_CARD_DPI / 25.4)
    return max(1, math.floor(width_mm * scale)), max(1, math.floor(height_mm * scale))


def sheet_grids(count: int, width_mm: float, height_mm: float) -> list[SheetGrid]:
    """How ``count`` cards fill sheets: full 10x7 sheets of 69, then the smallest grid for the rest."""
    per_full = MAX_COLUMNS * MAX_ROWS - 1
    grids = []
    left = count
    while left > 0:
        n = min(left, per_full)
        slots = n + 1  # the hidden card
        columns = min(MAX_COLUMNS, slots)
        rows = math.ceil(slots / columns)
        grids.append(SheetGrid(columns, rows, n, card_pixels(width_mm, height_mm, columns, rows)))
        left -= n
    return grids


def compose(grid: SheetGrid, cards: list[Image.Image], hidden: Image.Image | None) -> Image.Image:
    """One sheet: ``cards`` in reading order, ``hidden`` in the last slot."""
    sheet = Image.new("RGB", grid.size, "#ffffff")
    cw, ch = grid.card_px
    for i, img in enumerate(cards):
        r, c = divmod(i, grid.columns)
        sheet.paste(img if img.size == (cw, ch) else img.resize((cw, ch), Image.LANCZOS), (c * cw, r * ch))
    if hidden is not None:
        r, c = divmod(grid.hidden_slot, grid.columns)
        sheet.paste(hidden if hidden.size == (cw, ch) else hidden.resize((cw, ch), Image.LANCZOS), (c * cw, r * ch))
    return sheet


@dataclass(frozen=True)
class SavedSheet:
    """One sheet of a deck as a saved object names it: its face sheet and back (paths in the output folder)."""

    face: str
    back: str
    columns: int
    rows: int
    cards: int
    unique_backs: bool


# TTS numbers a card by its custom deck (one per sheet, from 1) and its slot on that sheet (from 0):
# CardID = deck id x 100 + slot, as TTS itself writes saves.
CARD_ID_DECK_FACTOR = 100
# Lying on the table face down, a card's height above it (TTS units), as TTS saves a deck it spawned.
_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def card_ids(sheets: list[SavedSheet]) -> list[int]:
    """Every card's CardID, in deck order: sheet k (from 1), slot s (from 0) → k x 100 + s."""
    return [k * CARD_ID_DECK_FACTOR + s for k, sheet in enumerate(sheets, start=1) for s in range(sheet.cards)]


def saved_object(title: str, sheets: list[SavedSheet], names: list[str], url: Callable[[str], str],
                 seed: str) -> dict[str, Any]:
    """A Tabletop Simulator saved object holding the whole deck (its backs included): one ``DeckCustom``
    whose ``CustomDeck`` entries are the sheets, with one ``Card`` per card named after it (a deck of one
    card is a lone ``CardCustom``, as TTS has no deck of one).  ``url`` makes a FaceURL/BackURL of a file's
    path in the output folder; ``seed`` (hex) makes the GUIDs, so the same deck saves the same."""
    custom = {str(k): {"FaceURL": url(s.face), "BackURL": url(s.back), "NumWidth": s.columns, "NumHeight": s.rows,
                       "BackIsHidden": True, "UniqueBack": s.unique_backs, "Type": 0}
              for k, s in enumerate(sheets, start=1)}
    ids = card_ids(sheets)

    def guid(n: int) -> str:  # six hex digits, as TTS writes them
        return hashlib.sha256(f"{seed}:{n}".encode()).hexdigest()[:6]

    def card(card_id: int, name: str) -> dict[str, Any]:
        deck = str(card_id // CARD_ID_DECK_FACTOR)
        return {"GUID": guid(card_id), "Name": "Card", "Transform": dict(_TRANSFORM), "Nickname": name,
                "Description": "", "CardID": card_id, "SidewaysCard": False, "HideWhenFaceDown": True,
                "CustomDeck": {deck: custom[deck]}}

    if len(ids) == 1:
        obj = {**card(ids[0], names[0]), "Name": "CardCustom"}
    else:
        obj = {"GUID": guid(0), "Name": "DeckCustom", "Transform": dict(_TRANSFORM), "Nickname": title,
               "Description": "", "HideWhenFaceDown": True, "SidewaysCard": False, "DeckIDs": ids,
               "CustomDeck": custom, "ContainedObjects": [card(i, n) for i, n in zip(ids, names, strict=True)]}
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [obj]}
