"""Scoring a Ganz schön clever sheet."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.tables import Marks, Tables, Trigger, tables


@dataclass(frozen=True, slots=True)
class Score:
    """The itemized score of one sheet.  ``foxes`` is a count; each is worth ``fox_value``."""

    yellow: int
    blue: int
    green: int
    orange: int
    purple: int
    foxes: int
    fox_value: int
    total: int

    @property
    def lowest(self) -> int:
        """The lowest area score: what each fox is worth (the sheet's \"lowest\" box)."""
        return self.fox_value

    def as_dict(self) -> dict[str, int]:
        return {
            "yellow": self.yellow,
            "blue": self.blue,
            "green": self.green,
            "orange": self.orange,
            "purple": self.purple,
            "foxes": self.foxes,
            "fox_value": self.fox_value,
            "total": self.total,
        }


def score(sheet: Sheet, game: GscGame) -> Score:
    """Score ``sheet`` as written, whether or not it is legal.

    Yellow scores the points of every complete column (pre-printed X count as crossed); blue and
    green look their cross count up in the sheet's table; orange and purple add the numbers as
    written.  Each fox is worth the lowest of the five area scores, so one area at 0 makes every
    fox worthless.
    """
    t = tables(game)
    return score_marks(t.marks(sheet), t)


def highest_score(game: GscGame) -> Score:
    """The most each area, the foxes and the total can score: every box of every area crossed or filled, each
    orange box with the die's highest face times its multiplier, each purple box with the highest face.

    No sheet need be legal to reach it (purple's highest face may follow itself); it bounds what a player's
    claimed score can truly be (the Ganz schön clever of the definition: yellow 60, blue 56, green 66,
    orange 96, purple 66, 5 foxes, total 624).
    """
    t = tables(game)
    top = t.faces
    full = Marks(t.full_mask["yellow"], t.full_mask["blue"], t.size["green"],
                 tuple(top * m for m in t.multipliers), (top,) * t.size["purple"])
    return score_marks(full, t)


def score_marks(m: Marks, t: Tables, fired: list[Trigger] | None = None) -> Score:
    """:func:`score` of the marks ``m``; ``fired`` is ``t.fired(m)`` when the caller has it already."""
    g = t.game
    yellow = sum(c.points for c in t.column_groups if m.yellow & c.mask == c.mask)
    blue = g.blue.points_by_crosses[m.blue.bit_count()]
    green = g.green.points_by_crosses[m.green]
    orange = sum(m.orange)
    purple = sum(m.purple)
    if fired is None:
        fired = t.fired(m)
    foxes = sum(1 for trig in fired if trig.bonus is not None and trig.bonus.kind == "fox")
    fox_value = min(yellow, blue, green, orange, purple)
    total = yellow + blue + green + orange + purple + foxes * fox_value
    return Score(yellow, blue, green, orange, purple, foxes, fox_value, total)
