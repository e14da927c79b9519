"""A garden's geometry: placing tiles, the gardener rule, and where a noble may walk.

Pure functions over :class:`~printkit.games.sanssouci.model.Garden`; a changed garden is a
new value.  Rows and columns are 1-based as printed; row 0 is the terrace.
"""

from __future__ import annotations

from collections import deque

from printkit.games.sanssouci.model import EMPTY, TERRACE, Cell, Game, Garden, Kind

Space = tuple[int, int]  # (row, column)


def new_garden(game: Game, side: int) -> Garden:
    """A garden at the start: the side's pre-printed spaces, every noble on the terrace."""
    printed = game.side(side)
    cells = tuple(
        tuple(
            Cell(Kind.PRINTED, game.elements[c - 1].id) if printed.printed(r, c) else EMPTY
            for c in range(1, game.columns + 1)
        )
        for r in range(1, game.depth + 1)
    )
    return Garden(side, cells, (TERRACE,) * game.columns)


def with_cell(garden: Garden, row: int, column: int, cell: Cell) -> Garden:
    cells = [list(r) for r in garden.cells]
    cells[row - 1][column - 1] = cell
    return Garden(garden.side, tuple(tuple(r) for r in cells), garden.nobles)


def with_noble(garden: Garden, column: int, row: int) -> Garden:
    nobles = list(garden.nobles)
    nobles[column - 1] = row
    return Garden(garden.side, garden.cells, tuple(nobles))


def target(game: Game, element: str, colour: str) -> Space:
    """Where a tile goes: its element's column, the row of the colour it was taken from."""
    return game.row_of_colour(colour), game.column_of(element)


def gardener_spaces(garden: Garden, row: int, column: int) -> list[Space]:
    """Free spaces a gardener may go to when (row, column) is taken: same row or same column."""
    depth, width = len(garden.cells), len(garden.cells[0])
    out = [(row, c) for c in range(1, width + 1) if not garden.at(row, c).built]
    out += [(r, column) for r in range(1, depth + 1) if r != row and not garden.at(r, column).built]
    return sorted(out)


def reachable(garden: Garden, *starts: Space) -> set[Space]:
    """Built spaces joined to any of ``starts`` through built spaces along edges (built starts included)."""
    depth, width = len(garden.cells), len(garden.cells[0])
    seen = {s for s in starts if garden.at(*s).built}
    todo = deque(seen)
    while todo:
        r, c = todo.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 1 <= nr <= depth and 1 <= nc <= width and (nr, nc) not in seen and garden.at(nr, nc).built:
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen


def noble_start(garden: Garden, column: int) -> Space:
    """Where a noble's walk starts: its space, or row 1 of its column when on the terrace."""
    row = garden.nobles[column - 1]
    return (row if row != TERRACE else 1), column


def noble_destinations(garden: Garden, column: int) -> list[int]:
    """Rows the noble of ``column`` may end a move on.

    It walks over built spaces only (any direction, past nobles and gardeners), and ends in its
    own column, further from the palace than it stood, on an element -- never on a gardener.
    """
    here = garden.nobles[column - 1]
    walk = reachable(garden, noble_start(garden, column))
    return [
        r for r in range(here + 1, len(garden.cells) + 1)
        if (r, column) in walk and garden.at(r, column).kind is not Kind.GARDENER
    ]


def complete_rows(garden: Garden) -> list[int]:
    """Rows with every space filled (gardeners fill too)."""
    return [r for r, row in enumerate(garden.cells, 1) if all(c.built for c in row)]


def complete_columns(garden: Garden) -> list[int]:
    width = len(garden.cells[0])
    return [c for c in range(1, width + 1) if all(row[c - 1].built for row in garden.cells)]
