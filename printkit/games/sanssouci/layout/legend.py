"""The row legend every sheet and board repeats: colour, pattern, number, noble points, row bonus."""

from __future__ import annotations

from printkit.engine.colors import tint
from printkit.engine.elements import Element, Icon, Rect, Text
from printkit.games.sanssouci.layout.colour import ink_on
from printkit.games.sanssouci.model import Game, Words


def row_strip(game: Game, words: Words, lang: str, x: float, y: float, w: float, h: float) -> list[Element]:
    """A row legend: colour, pattern, number, noble points and full-row bonus of each row."""
    el: list[Element] = []
    cw = w / len(game.rows)
    for k, row in enumerate(game.rows):
        colour = game.colour(row.colour)
        cx = x + k * cw
        el.append(Rect(cx + 0.5, y, cw - 1, h, fill=colour.hex, stroke="#3a3a3a", stroke_width=0.3, radius=1.2))
        if colour.pattern != "none":
            el.append(Icon(f"ss-pattern-{colour.pattern}", cx + cw - h + 1, y + 1, h - 2, h - 2,
                           color=tint(colour.hex, 0.45)))
        ink = ink_on(colour.hex)
        bonus = game.scoring.row_bonus.get(row.number)
        lines = [words.get("row_n", lang, n=row.number), words.get("noble_points", lang, n=row.value)]
        if bonus is not None:
            lines.append(words.get("row_bonus", lang, n=bonus))
        # The text stops short of the pattern swatch on the right, so no word runs into it.
        text_w = (cw - h + 1) - 2.0 if colour.pattern != "none" else cw - 3
        el.append(Text(cx + 1.5, y + 0.5, text_w, h - 1, "\n".join(lines), size=7, min_size=6, color=ink,
                       align="left", bold=False, leading=1.15))
    return el
