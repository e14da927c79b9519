"""Laying out the 16 places: the printed layouts, random ones, and how far apart places are.

**Positions** are numbered 1..16 row by row, position 1 top left (as the small blue and green
numbers on the tiles count them).

**Steps.**  A merchant moves from a place to an orthogonally adjacent one, never diagonally
(reference C4; the seed: 只能走直線，或是90度轉彎，不能走斜角).  So the number of steps between
two places is their Manhattan distance ``|row difference| + |column difference|``.

**Random layouts** obey the official base-game constraints from ``layouts.yaml``: the Fountain
on one of the 4 centre positions, the Black Market and the Tea House at least 3 steps apart.
``apart_lines`` adds the stricter rule (not official for the base game) that those two share
no row and no column.  A layout is drawn uniformly among all layouts that obey the
constraints: first the (Fountain, Black Market, Tea House) positions uniformly among the
allowed triples, then the other 13 places shuffled over the free positions.  Every triple
leaves the same 13! completions, so the result is uniform; no rejection loop is needed.
Randomness comes only from a local ``random.Random(seed)``.

**Layout packs.**  ``layout_pack(n, seed)`` uses seeds ``seed, seed+1, ...``.  If a seed gives a
grid already in the pack it is skipped and the next seed is used, so a pack always holds n
*different* layouts, each page printing the seed that rebuilds it with ``--layout random
--seed K``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from printkit.games.istanbul.model import Grid, Layouts

MAX_PACK = 200
"""The most layouts one pack may hold (bounds the work a command line can ask for)."""


@dataclass(frozen=True)
class Check:
    """One constraint and whether a grid obeys it."""

    id: str  # "centre", "apart", "apart_lines"
    ok: bool
    detail: str


@dataclass(frozen=True)
class Layout:
    kind: str  # "short", "long", "in-order" or "random"
    grid: Grid
    seed: int | None = None
    apart_lines: bool = False


def position_map(grid: Grid) -> dict[int, int]:
    """Place number -> position 1..16."""
    cols = len(grid[0])
    return {n: r * cols + c + 1 for r, row in enumerate(grid) for c, n in enumerate(row)}


def cell(grid: Grid, place: int) -> tuple[int, int]:
    """(row, column), 0-based, of a place."""
    for r, row in enumerate(grid):
        if place in row:
            return r, row.index(place)
    raise ValueError(f"place {place} is not in the grid")


def steps(grid: Grid, a: int, b: int) -> int:
    (ra, ca), (rb, cb) = cell(grid, a), cell(grid, b)
    return abs(ra - rb) + abs(ca - cb)


def same_line(grid: Grid, a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = cell(grid, a), cell(grid, b)
    return ra == rb or ca == cb


def fixed_layout(layouts: Layouts, layout_id: str) -> Layout:
    return Layout(layout_id, layouts.layout(layout_id).grid)


def checks(layouts: Layouts, grid: Grid, apart_lines: bool = False) -> list[Check]:
    """The random-layout constraints applied to ``grid`` (any grid, printed ones too)."""
    rnd = layouts.random
    pos = position_map(grid)
    centre = pos[rnd.centre_place]
    a, b = rnd.apart.places
    d = steps(grid, a, b)
    out = [
        Check("centre", centre in rnd.centre_positions,
              f"place {rnd.centre_place} at position {centre} (centre positions {list(rnd.centre_positions)})"),
        Check("apart", d >= rnd.apart.min_steps, f"places {a} and {b} are {d} steps apart (at least "
                                                 f"{rnd.apart.min_steps})"),
    ]
    if apart_lines:
        out.append(Check("apart_lines", not same_line(grid, a, b),
                         f"places {a} and {b} share {'a row or column' if same_line(grid, a, b) else 'no line'}"))
    return out


def obeys(layouts: Layouts, grid: Grid, apart_lines: bool = False) -> bool:
    return all(c.ok for c in checks(layouts, grid, apart_lines))


def allowed_triples(layouts: Layouts, apart_lines: bool = False) -> list[tuple[int, int, int]]:
    """Every (centre place, apart place a, apart place b) position triple the constraints allow, in order."""
    rnd = layouts.random
    rows, cols = layouts.rows, layouts.columns
    cells = rows * cols

    def rc(p: int) -> tuple[int, int]:
        return divmod(p - 1, cols)

    out = []
    for f in rnd.centre_positions:
        for pa in range(1, cells + 1):
            for pb in range(1, cells + 1):
                if len({f, pa, pb}) < 3:
                    continue
                (ra, ca), (rb, cb) = rc(pa), rc(pb)
                if abs(ra - rb) + abs(ca - cb) < rnd.apart.min_steps:
                    continue
                if apart_lines and (ra == rb or ca == cb):
                    continue
                out.append((f, pa, pb))
    return out


def random_layout(layouts: Layouts, seed: int, apart_lines: bool = False) -> Layout:
    """A layout obeying the constraints, the same for the same seed (see the module docstring)."""
    rng = random.Random(seed)
    rnd = layouts.random
    triples = allowed_triples(layouts, apart_lines)
    if not triples:
        raise ValueError("no layout satisfies the random-layout constraints")
    f, pa, pb = rng.choice(triples)
    a, b = rnd.apart.places
    fixed = {f: rnd.centre_place, pa: a, pb: b}
    cells = layouts.rows * layouts.columns
    others = [n for n in range(1, cells + 1) if n not in fixed.values()]
    rng.shuffle(others)
    it = iter(others)
    flat = [fixed[p] if p in fixed else next(it) for p in range(1, cells + 1)]
    grid = tuple(tuple(flat[r * layouts.columns:(r + 1) * layouts.columns]) for r in range(layouts.rows))
    return Layout("random", grid, seed, apart_lines)


def layout_pack(layouts: Layouts, count: int, seed: int, apart_lines: bool = False) -> list[Layout]:
    """``count`` different random layouts from seeds ``seed``, ``seed+1``, ... (duplicates skipped)."""
    if not 1 <= count <= MAX_PACK:
        raise ValueError(f"a layout pack holds 1 to {MAX_PACK} layouts; asked for {count}")
    out: list[Layout] = []
    seen: set[Grid] = set()
    s = seed
    while len(out) < count:
        if s - seed >= count * 10:  # cannot happen with 16 places (13! layouts per triple); bounds bad data
            raise ValueError(f"only {len(out)} different layouts in seeds {seed}..{s - 1}")
        lay = random_layout(layouts, s, apart_lines)
        if lay.grid not in seen:
            seen.add(lay.grid)
            out.append(lay)
        s += 1
    return out


def dice_ways(total: int, dice: int = 2, sides: int = 6) -> int:
    """In how many of the sides**dice rolls the dice sum to ``total`` (the Governor and Smuggler move by 2d6)."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for s, w in ways.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, 0) + w
        ways = nxt
    return ways.get(total, 0)


def describe(layouts: Layouts, layout: Layout) -> dict[str, object]:
    """What a layout is, as plain JSON-able values (for the manifest)."""
    rnd = layouts.random
    a, b = rnd.apart.places
    return {
        "layout": layout.kind,
        "seed": layout.seed,
        "apart_lines": layout.apart_lines,
        "grid": [list(row) for row in layout.grid],
        "centre_place_position": position_map(layout.grid)[rnd.centre_place],
        "apart_steps": steps(layout.grid, a, b),
        "obeys": {c.id: c.ok for c in checks(layouts, layout.grid, apart_lines=True)},
    }
