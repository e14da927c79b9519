"""Where a tiled board's seams go: cut lines that run through nothing the board prints.

A board larger than the paper prints as tiles that overlap; a player cuts one tile along the middle of the overlap
and lays it over its neighbour.  Where that cut runs through a label, a medal or a space, every miscut and every
millimetre of misalignment shows in it; along water or a space's own outline it does not.  A board names what it
wants kept whole (:class:`KeepWhole`), and :func:`choose_starts` places the tiles of one axis so that their cuts
cross as few of those as the paper allows, and otherwise keeps the tiles as even as it can.

Pure geometry in millimetres (board coordinates, origin top-left, y down).  Nothing here draws.
"""

from __future__ import annotations

from dataclasses import dataclass

CANDIDATE_STEP = 0.25  # mm between the tile positions tried; each feature's edges are tried as well, exactly
EPS = 1e-6  # mm: a cut this close to a feature's edge runs along it, not through it


@dataclass(frozen=True)
class KeepWhole:
    """Something printed on a board that no tile seam may cut: what a player would call it (named in the build's
    warning when no seam can avoid it), its box in board mm, and how far a seam stays from that box."""

    name: str
    x: float
    y: float
    w: float
    h: float
    margin: float = 0.0  # mm clear on each side; 0 lets a seam run exactly along the box's edge (a cell's line)


@dataclass(frozen=True)
class Span:
    """A feature seen along one axis: a cut at ``lo < c < hi`` goes through it."""

    name: str
    lo: float
    hi: float


def spans(features: tuple[KeepWhole, ...], axis: str) -> tuple[Span, ...]:
    """The features along ``axis`` (``"x"``: what a vertical cut crosses; ``"y"``: a horizontal one)."""
    if axis == "x":
        return tuple(Span(f.name, f.x - f.margin, f.x + f.w + f.margin) for f in features)
    return tuple(Span(f.name, f.y - f.margin, f.y + f.h + f.margin) for f in features)


def crossed(cut: float, along: tuple[Span, ...]) -> tuple[str, ...]:
    """The features a full-length cut at ``cut`` goes through, in board order."""
    return tuple(s.name for s in along if s.lo + EPS < cut < s.hi - EPS)


@dataclass(frozen=True)
class Placed:
    """Tile starts along one axis (the first tile starts at 0) and, for each cut, what it crosses."""

    starts: tuple[float, ...]
    crossings: tuple[tuple[float, tuple[str, ...]], ...]  # (cut position, features it goes through) per cut


def even_starts(length: float, tiles: int, overlap: float) -> tuple[float, ...]:
    """Tiles spread evenly over ``length``: each shows ``(length - overlap) / tiles`` plus the overlap."""
    step = (length - overlap) / tiles if tiles > 1 else 0.0
    return tuple(k * step for k in range(tiles))


def choose_starts(length: float, tiles: int, window: float, overlap: float, along: tuple[Span, ...]) -> Placed:
    """Where ``tiles`` tiles of at most ``window`` mm start along ``length``, neighbours overlapping by ``overlap``
    and each cut in the middle of its overlap.

    The even split when its cuts cross nothing; otherwise, among the positions the window allows, the ones whose
    cuts cross the fewest features, then the ones nearest the even split.  ``tiles`` must be enough to cover
    ``length`` (as :func:`printkit.engine.imposition.tile_board` counts them)."""
    even = even_starts(length, tiles, overlap)
    half = overlap / 2
    if tiles == 1 or not any(crossed(s + half, along) for s in even[1:]):
        return Placed(even, tuple((s + half, crossed(s + half, along)) for s in even[1:]))
    reach = window - overlap  # the most one tile's start may lie beyond the previous one's
    # Tile k (k >= 1) starts no later than k tiles of reach from the left edge, and early enough that the tiles
    # after it still reach the right edge.
    ranges = [(max(0.0, length - window - (tiles - 1 - k) * reach), min(k * reach, length - overlap))
              for k in range(1, tiles)]
    columns = [_candidates(lo, hi, target, along, half) for (lo, hi), target in zip(ranges, even[1:], strict=True)]
    # best[k][i]: (features crossed, distance from the even split, previous index) for tile k+1 starting at
    # columns[k][i], over every feasible placement of the tiles before it
    best: list[list[tuple[int, float, int]]] = []
    for k, column in enumerate(columns):
        row: list[tuple[int, float, int]] = []
        for s in column:
            cost = (len(crossed(s + half, along)), abs(s - even[k + 1]))
            if k == 0:
                row.append((cost[0], cost[1], -1))
                continue
            options = [(best[k - 1][j][0] + cost[0], best[k - 1][j][1] + cost[1], j)
                       for j, p in enumerate(columns[k - 1]) if overlap < s - p <= reach + EPS]
            row.append(min(options) if options else (len(along) * tiles + 1, float("inf"), -1))
        best.append(row)
    i = min(range(len(best[-1])), key=lambda j: best[-1][j][:2])
    picked: list[float] = []
    for k in range(len(columns) - 1, -1, -1):
        picked.append(columns[k][i])
        i = best[k][i][2]
    starts = (0.0, *reversed(picked))
    return Placed(starts, tuple((s + half, crossed(s + half, along)) for s in starts[1:]))


def _candidates(lo: float, hi: float, target: float, along: tuple[Span, ...], half: float) -> list[float]:
    """Tile starts to try in ``[lo, hi]``: a regular grid, the even start, and every start whose cut lies exactly on
    a feature's edge (so a seam can follow a space's outline)."""
    if hi < lo - EPS:
        return [min(max(target, hi), lo)]
    points = {round(lo + i * CANDIDATE_STEP, 6) for i in range(int((hi - lo) / CANDIDATE_STEP) + 1)}
    points |= {lo, hi, min(max(target, lo), hi)}
    points |= {e - half for s in along for e in (s.lo, s.hi) if lo - EPS <= e - half <= hi + EPS}
    return sorted(min(max(p, lo), hi) for p in points)
