"""San Marco's cut-out pieces packed onto as few sheets as they fit: each kind (a player's nobles, the bridges,
the Doge, the dice) is a block drawn at its own origin; blocks fill shelves left to right, shelves top to bottom,
each block on the first sheet with room left for it, a new sheet when none has."""

from __future__ import annotations

from dataclasses import dataclass, replace

from printkit.engine.elements import Circle, Element, Line, Piece, Polygon, Rect, bounds

BLOCK_GAP = 6.0  # mm between two blocks, across and down: room to cut one out without touching the next
EDGE = 6.0  # mm from the sheet's page edge to the first block (the page already sits inside the paper's margin)


@dataclass(frozen=True)
class Block:
    """Elements drawn from (0, 0); ``w`` x ``h`` mm is what they take.  ``alone``: the block starts its own shelf
    and the next block starts another (a heading, a note that reads across the sheet); ``heading``: it goes on
    the sheet of the block after it; ``follows``: it goes on the sheet of the block before it or a later one (the
    dice after their heading), never back onto an earlier sheet with room."""

    w: float
    h: float
    elements: tuple[Element, ...]
    alone: bool = False
    heading: bool = False
    follows: bool = False


def block(elements: list[Element], alone: bool = False, heading: bool = False, follows: bool = False) -> Block:
    """The elements moved so their box starts at (0, 0), as a block that size."""
    boxes = [bounds(e) for e in elements]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    return Block(x1 - x0, y1 - y0, tuple(moved(e, -x0, -y0) for e in elements), alone or heading, heading, follows)


def moved(e: Element, dx: float, dy: float) -> Element:
    """``e`` shifted by (dx, dy) mm."""
    if isinstance(e, Line):
        return replace(e, x1=e.x1 + dx, y1=e.y1 + dy, x2=e.x2 + dx, y2=e.y2 + dy)
    if isinstance(e, Circle):
        return replace(e, cx=e.cx + dx, cy=e.cy + dy)
    if isinstance(e, Polygon):
        return replace(e, points=tuple((x + dx, y + dy) for x, y in e.points))
    return replace(e, x=e.x + dx, y=e.y + dy)  # type: ignore[arg-type, union-attr]  # Rect, Text, Icon: a box


def turned(e: Element) -> Element:
    """``e`` turned a quarter anticlockwise about the origin: (x, y) -> (y, -x) in page mm (y down)."""
    if isinstance(e, Line):
        return replace(e, x1=e.y1, y1=-e.x1, x2=e.y2, y2=-e.x2)
    if isinstance(e, Circle):
        return replace(e, cx=e.cy, cy=-e.cx)
    if isinstance(e, Polygon):
        return replace(e, points=tuple((y, -x) for x, y in e.points))
    if isinstance(e, Rect):
        return replace(e, x=e.y, y=-e.x - e.w, w=e.h, h=e.w)
    raise TypeError(f"cannot turn a {type(e).__name__}")


def pack(name: str, blocks: list[Block], w: float, h: float) -> tuple[Piece, ...]:
    """The blocks on ``w`` x ``h`` mm sheets, in order; each goes on the first sheet with room for it (on the shelf
    being filled or a new one below it), a new sheet only when none has (first-fit shelf packing)."""
    sheets: list[list[Element]] = []
    cursors: list[tuple[float, float, float]] = []  # per sheet: x, y of the next block and the open shelf's height
    last = 0  # the sheet the block before went on
    for k, b in enumerate(blocks):
        if b.w > w - 2 * EDGE + 1e-9 or b.h > h - 2 * EDGE + 1e-9:
            raise ValueError(f"a {b.w:.0f} x {b.h:.0f} mm block of {name} does not fit a {w:g} x {h:g} mm page")
        after = blocks[k + 1].h + BLOCK_GAP if b.heading and k + 1 < len(blocks) else 0.0
        spots = [_spot(c, b, w, h, after) if not b.follows or j >= last else None for j, c in enumerate(cursors)]
        i = next((j for j, spot in enumerate(spots) if spot is not None), len(sheets))
        if i == len(sheets):
            sheets.append([])
            cursors.append((EDGE, EDGE, 0.0))
            spots.append((EDGE, EDGE, 0.0))
        x, y, shelf = spots[i] or (EDGE, EDGE, 0.0)
        sheets[i] += [moved(e, x, y) for e in b.elements]
        cursors[i] = (w if b.alone else x + b.w + BLOCK_GAP, y, max(shelf, b.h))
        last = i
    return tuple(Piece(name + (f" {i + 1}" if len(sheets) > 1 else ""), w, h, tuple(els))
                 for i, els in enumerate(sheets))


def _spot(cursor: tuple[float, float, float], b: Block, w: float, h: float, after: float
          ) -> tuple[float, float, float] | None:
    """Where ``b`` goes on a sheet whose next place is ``cursor`` (x, y, the open shelf's height): on that shelf or
    the next one, with ``after`` mm more below it; None when the sheet has no room left for it."""
    x, y, shelf = cursor
    if x > EDGE and (b.alone or x + b.w > w - EDGE + 1e-9):  # next shelf
        x, y, shelf = EDGE, y + shelf + BLOCK_GAP, 0.0
    return (x, y, shelf) if y + b.h + after <= h - EDGE + 1e-9 else None
