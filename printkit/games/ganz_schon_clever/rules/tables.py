"""Lookup tables for the Ganz schön clever rules, derived once per game definition.

The rules modules work on bitmasks and small tuples for speed (checking must reach thousands of
sheets per second); these tables translate the game data into that form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from printkit.games.ganz_schon_clever.model.game import AREAS, GRID_AREAS, TRACK_AREAS, AreaName, Bonus, GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet

GRID_MASKS_KEPT = 4096  # grid masks whose completed groups are remembered (per area); sheets share few masks


@dataclass(frozen=True, slots=True)
class Trigger:
    """Something on the sheet that gives ``bonus`` once it is complete (a row, a column, a box)."""

    area: AreaName
    kind: str  # "row", "column", "diagonal" or "box"
    index: int  # 0-based
    mask: int  # grid cells (bit i = box i) that complete it; 0 for track boxes
    bonus: Bonus | None
    points: int = 0

    def describe(self) -> str:
        return f"{self.area} {self.kind} {self.index + 1}"


@dataclass(frozen=True, slots=True)
class RoundGifts:
    """The round bonuses of a game of some number of rounds: the actions they give for certain
    (a round with a single option: kind -> count) and the rounds whose bonus is a choice that
    includes a mark (round, options), in round order."""

    actions: Mapping[str, int]  # read-only: one instance is shared by every sheet of that round count
    mark_choices: tuple[tuple[int, tuple[Bonus, ...]], ...]


@dataclass(frozen=True, slots=True)
class Marks:
    """What a sheet shows, as bitmasks over grid boxes and the filled prefix of each track."""

    yellow: int
    blue: int
    green: int
    orange: tuple[int, ...]
    purple: tuple[int, ...]


class Tables:
    """Per-game derived data; build with :func:`tables`."""

    def __init__(self, game: GscGame) -> None:
        self.game = game
        boxes = game.boxes
        self.yellow_cell = {(b.row, b.value): b.index for b in boxes["yellow"]}
        self.blue_cell = {b.value: b.index for b in boxes["blue"]}
        self.yellow_value = tuple(b.value or 0 for b in boxes["yellow"])
        self.blue_value = tuple(b.value or 0 for b in boxes["blue"])
        self.size: dict[AreaName, int] = {a: len(boxes[a]) for a in AREAS}
        self.full_mask: dict[AreaName, int] = {a: (1 << self.size[a]) - 1 for a in GRID_AREAS}
        self.group_triggers: tuple[Trigger, ...] = tuple(
            Trigger(g.area, g.kind, g.index, _mask(g.cells), g.bonus, g.points)
            for area in GRID_AREAS
            for g in game.groups[area]
        )
        self.box_triggers: dict[AreaName, tuple[Trigger | None, ...]] = {
            a: tuple(Trigger(a, "box", b.index, 0, b.bonus) if b.bonus else None for b in boxes[a])
            for a in TRACK_AREAS
        }
        self.multipliers = game.orange.multipliers
        self.faces = game.die_faces
        self.orange_allowed = tuple(
            frozenset(m * d for d in range(1, self.faces + 1)) for m in self.multipliers
        )
        self.column_groups = tuple(
            t for t in self.group_triggers if t.area == "yellow" and t.kind == "column"
        )
        self._round_gifts: dict[int, RoundGifts] = {}
        # The grid triggers that give a bonus, per grid area (in group order), for fired().
        self._bonus_groups = tuple(
            tuple(t for t in self.group_triggers if t.area == a and t.bonus is not None) for a in GRID_AREAS
        )
        # fired() in parts: per grid area, the groups a mask completes (remembered per mask, a few
        # thousand at most); per track, the bonus boxes of each filled length (all lengths, made here).
        self._grid_fired: tuple[dict[int, tuple[Trigger, ...]], ...] = ({}, {})
        self._track_fired = tuple(
            tuple(tuple(t for t in self.box_triggers[a][:n] if t is not None) for n in range(self.size[a] + 1))
            for a in ("green", "orange", "purple")
        )

    def marks(self, sheet: Sheet) -> Marks:
        ymask = 0
        for r, row in enumerate(sheet.yellow):
            for v in row:
                ymask |= 1 << self.yellow_cell[(r, v)]
        bmask = 0
        for v in sheet.blue:
            bmask |= 1 << self.blue_cell[v]
        return Marks(ymask, bmask, sheet.green, sheet.orange, sheet.purple)

    def round_gifts(self, rounds: int) -> RoundGifts:
        """What the round bonuses of the first ``rounds`` rounds give (remembered per count)."""
        hit = self._round_gifts.get(rounds)
        if hit is None:
            actions: dict[str, int] = {}
            for r, opts in self.game.rounds.start_bonus.items():
                if r <= rounds and len(opts) == 1:
                    actions[opts[0].kind] = actions.get(opts[0].kind, 0) + 1
            choices = tuple(
                (r, opts)
                for r, opts in self.game.rounds.start_bonus.items()
                if r <= rounds and any(o.is_mark for o in opts)
            )
            hit = self._round_gifts[rounds] = RoundGifts(MappingProxyType(actions), choices)
        return hit

    def fired(self, marks: Marks) -> list[Trigger]:
        """Every trigger the final sheet has completed, grids first, then tracks left to right."""
        green, orange, purple = self._track_fired
        g, o, p = marks.green, len(marks.orange), len(marks.purple)
        if g >= len(green) or o >= len(orange) or p >= len(purple):  # filled past the end: as far as the track goes
            g, o, p = min(g, len(green) - 1), min(o, len(orange) - 1), min(p, len(purple) - 1)
        return [*self._grid_part(0, marks.yellow), *self._grid_part(1, marks.blue), *green[g], *orange[o], *purple[p]]

    def _grid_part(self, ai: int, filled: int) -> tuple[Trigger, ...]:
        known = self._grid_fired[ai]
        hit = known.get(filled)
        if hit is None:
            if len(known) >= GRID_MASKS_KEPT:
                known.clear()
            hit = known[filled] = tuple(t for t in self._bonus_groups[ai] if filled & t.mask == t.mask)
        return hit


def _mask(cells: tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


_TABLES: dict[int, tuple[GscGame, Tables]] = {}


def tables(game: GscGame) -> Tables:
    """The (cached) tables for ``game``."""
    hit = _TABLES.get(id(game))
    if hit is None or hit[0] is not game:
        hit = (game, Tables(game))
        _TABLES[id(game)] = hit
    return hit[1]
