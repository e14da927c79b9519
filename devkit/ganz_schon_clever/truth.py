"""What each box of a sheet holds according to a transcription: the answer key for the test set."""

from __future__ import annotations

from typing import Any

from printkit.games.ganz_schon_clever.model.sheet import Sheet


def box_truth(sheet: Sheet, table: dict) -> dict[tuple[str, int], Any]:
    """(area, index) -> True/False (crosses), a number or None (orange, purple, score boxes), or
    "empty"/"earned"/"used" (action circles)."""
    out: dict[tuple[str, int], Any] = {}
    for b in table["boxes"]:
        area, i = b["area"], int(b["index"])
        if area == "yellow":
            out[(area, i)] = b["value"] in sheet.yellow[int(b["row"])]
        elif area == "blue":
            out[(area, i)] = b["value"] in sheet.blue
        elif area == "green":
            out[(area, i)] = i < sheet.green
        elif area in ("orange", "purple"):
            values = getattr(sheet, area)
            out[(area, i)] = values[i] if i < len(values) else None
        elif area in ("reroll", "plus1"):
            track = sheet.rerolls if area == "reroll" else sheet.extra_dice
            if track is None:
                continue
            out[(area, i)] = "used" if i < track.used else "earned" if i < track.earned else "empty"
        elif area == "score":
            out[(area, i)] = sheet.claimed.get(b["name"])
    return out
