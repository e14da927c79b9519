"""Every entry of the published scoring tables, pinned literally (shared/reference/ganz-schon-clever.md),
read through the scorer: a changed value anywhere in a table fails here, not only the last one."""

from __future__ import annotations

import pytest

from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.rules.score import score

from .conftest import sheet

BLUE = [0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56]  # index = crosses
GREEN = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]  # triangular numbers
YELLOW_COLUMNS = {0: 10, 1: 14, 2: 16, 3: 20}  # a complete column (pre-printed X count as crossed)
YELLOW_COLUMN_CELLS = {0: ((0, 3), (1, 2), (2, 1)), 1: ((0, 6), (1, 1), (3, 3)), 2: ((0, 5), (2, 2), (3, 4)),
                       3: ((1, 5), (2, 4), (3, 6))}  # (row, printed value) of each column's open cells


@pytest.mark.parametrize("crosses", range(12))
def test_blue_table(game: GscGame, crosses: int) -> None:
    assert score(sheet(blue=tuple(range(2, 2 + crosses))), game).blue == BLUE[crosses]


@pytest.mark.parametrize("crosses", range(12))
def test_green_table(game: GscGame, crosses: int) -> None:
    assert score(sheet(green=crosses), game).green == GREEN[crosses]


@pytest.mark.parametrize("column", range(4))
def test_yellow_column_points(game: GscGame, column: int) -> None:
    rows: list[list[int]] = [[], [], [], []]
    for r, v in YELLOW_COLUMN_CELLS[column]:
        rows[r].append(v)
    assert score(sheet(yellow=tuple(tuple(r) for r in rows)), game).yellow == YELLOW_COLUMNS[column]
    rows[YELLOW_COLUMN_CELLS[column][0][0]].pop()  # one cell short: nothing
    assert score(sheet(yellow=tuple(tuple(r) for r in rows)), game).yellow == 0
