"""The tiny game's checker: a hand of fruit cards and the points its player claims for it.

A file is the tiny game's when it says ``game: tiny`` or, with no ``game:`` key, has a ``hand:``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.engine.checking import CheckOutcome
from printkit.engine.source import Document
from tiny_game.kit import data


def recognises(doc_data: object) -> bool:
    return isinstance(doc_data, dict) and "hand" in doc_data


def check_file(doc: Document, lang: str, rulings: dict[str, str]) -> CheckOutcome:
    d = data()
    points = {c["name"]["en"].lower(): c["points"] for c in d["cards"]}
    hand, claimed = doc.data.get("hand"), doc.data.get("claimed")
    if not isinstance(hand, list) or not hand:
        raise doc.error(("hand",), "hand: expected a list of cards (apple, pear, plum, blank)")
    if not isinstance(claimed, int) or isinstance(claimed, bool):
        raise doc.error(("claimed",), "claimed: expected the points claimed, a whole number")
    for i, card in enumerate(hand):
        if card not in points and card != "blank":
            raise doc.error(("hand", i), f"unknown card {card!r}; cards: {', '.join(points)}, blank")
    picked = rulings.get("blank_value")
    values = [d["blank_value"][picked]] if picked else list(d["blank_value"].values())
    totals = [sum(points.get(card, blank) for card in hand) for blank in values]
    ok = claimed in totals
    shown = claimed if ok else totals[0]
    words: dict[str, Any] = d["report"][lang]
    verdict = words["right"] if ok else words["wrong"]
    text = words["line"].format(file=Path(doc.file).name, points=shown, claimed=claimed, verdict=verdict)
    return CheckOutcome(ok, lambda: text, lambda: {"file": doc.file, "points": shown, "claimed": claimed, "ok": ok})
