"""The 8 garden-board sides' extra pre-printed spaces, generated from a seed.

No source gives where the six extra pre-printed spaces of each side are, so printkit
generates them (a house value) by the balance rules below and writes the result into
``data/boards.yaml`` (``scripts/make_sanssouci_boards.py``), where a user may edit them.
:func:`balance_problems` states the rules; the generator draws until they all hold.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

Space = tuple[int, int]  # (row, column), 1-based


@dataclass(frozen=True)
class SideRules:
    """How the extra spaces are spread (``boards.yaml`` ``rules``)."""

    sides: int = 8
    extra_per_side: int = 6
    rows: tuple[int, ...] = (2, 3, 4, 5, 6)  # rows that may hold extra spaces
    columns: int = 9
    attempts: int = 20000


def balance_problems(sides: list[tuple[Space, ...]], rules: SideRules, final: bool = True) -> list[str]:
    """Every way ``sides`` breaks the balance rules (empty when balanced).

    1. each side has ``extra_per_side`` spaces, in the allowed rows, each in a different column;
    2. each side has every allowed row at least once, no row more than twice;
    3. no two extra spaces of a side touch along an edge;
    4. no two sides are the same, and the two faces of one board share no space;
    5. over all sides every column is used as evenly as possible (counts differ by at most 1),
       and so is every row.
    """
    out: list[str] = []
    if final and len(sides) != rules.sides:
        out.append(f"expected {rules.sides} sides, found {len(sides)}")
    for n, side in enumerate(sides, 1):
        if len(side) != rules.extra_per_side:
            out.append(f"side {n}: {len(side)} extra spaces, expected {rules.extra_per_side}")
        if any(r not in rules.rows or not 1 <= c <= rules.columns for r, c in side):
            out.append(f"side {n}: a space outside rows {rules.rows} / columns 1..{rules.columns}")
        columns = [c for _, c in side]
        if len(set(columns)) != len(columns):
            out.append(f"side {n}: two extra spaces in one column")
        per_row = Counter(r for r, _ in side)
        if set(per_row) != set(rules.rows) or max(per_row.values(), default=0) > 2:
            out.append(f"side {n}: rows not spread (every row once, none more than twice)")
        spaces = set(side)
        if any((r, c + 1) in spaces or (r + 1, c) in spaces for r, c in side):
            out.append(f"side {n}: two extra spaces touch")
    if len({frozenset(s) for s in sides}) != len(sides):
        out.append("two sides are the same")
    for k in range(0, len(sides) - 1, 2):
        if set(sides[k]) & set(sides[k + 1]):
            out.append(f"sides {k + 1} and {k + 2} (one board) share a space")
    if not final:
        return out  # rule 5 is about the whole set
    used_columns = Counter(c for side in sides for _, c in side)
    used_rows = Counter(r for side in sides for r, _ in side)
    for what, used, keys in (("column", used_columns, range(1, rules.columns + 1)), ("row", used_rows, rules.rows)):
        counts = [used.get(k, 0) for k in keys]
        if max(counts) - min(counts) > 1:
            out.append(f"{what}s used unevenly over the sides: {counts}")
    return out


def generate_sides(seed: int, rules: SideRules) -> list[tuple[Space, ...]]:
    """Draw the sides from ``seed``, one after another; deterministic.

    Each side takes the columns (and its second space's row) used least so far, ties drawn
    at random, which keeps rule 5; a side is drawn again until rules 1-4 hold for it.
    """
    rng = random.Random(seed)
    sides: list[tuple[Space, ...]] = []
    for _ in range(rules.sides):
        for _attempt in range(rules.attempts):
            side = _draw_side(rng, rules, sides)
            if not balance_problems([*sides, side], SideRules(
                sides=len(sides) + 1, extra_per_side=rules.extra_per_side, rows=rules.rows, columns=rules.columns,
            ), final=False):
                sides.append(side)
                break
        else:
            raise ValueError(f"no balanced side in {rules.attempts} attempts (seed {seed})")
    return sides


def _least_used(rng: random.Random, keys: list[int], used: Counter[int], n: int) -> list[int]:
    order = sorted(keys, key=lambda k: (used[k], rng.random()))
    return order[:n]


def _draw_side(rng: random.Random, rules: SideRules, before: list[tuple[Space, ...]]) -> tuple[Space, ...]:
    used_columns = Counter(c for side in before for _, c in side)
    used_rows = Counter(r for side in before for r, _ in side)
    columns = _least_used(rng, list(range(1, rules.columns + 1)), used_columns, rules.extra_per_side)
    rows = list(rules.rows)
    rows += _least_used(rng, list(rules.rows), used_rows, rules.extra_per_side - len(rows))
    rng.shuffle(rows)
    return tuple(sorted(zip(rows, columns, strict=True)))
