"""Soundness: every sheet the engine can produce must be judged legal, with the right score.

The engine (turns, bonus cascades, round bonuses) and the checker (an order search over a final
sheet) are independent implementations of the rules, so agreement on thousands of games is
strong evidence for both.  Scores are recomputed here from the game data, a third way.
"""

from __future__ import annotations

import random

import pytest

from printkit.games.ganz_schon_clever.model.game import AREAS, GscGame
from printkit.games.ganz_schon_clever.model.sheet import Sheet
from printkit.games.ganz_schon_clever.rules.legality import check
from printkit.games.ganz_schon_clever.rules.play import FocusedRandom, random_game

GAMES_PER_COUNT = 300  # x 4 player counts x 2 policies: ~2,400 games, ~6,000 sheets


# The published tables, written out here (shared/reference/ganz-schon-clever.md), not read from the game
# data the checker reads: a wrong value in game.yaml must disagree with this oracle.
YELLOW_GRID = ((3, 6, 5, 0), (2, 1, 0, 5), (1, 0, 2, 4), (0, 3, 4, 6))  # 0: pre-printed X
YELLOW_COLUMN_POINTS = (10, 14, 16, 20)
BLUE_POINTS = (0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56)
GREEN_POINTS = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)


def _reference_total(s: Sheet, game: GscGame) -> int:
    grid = YELLOW_GRID
    crossed = {(r, v) for r, row in enumerate(s.yellow) for v in row}
    yellow = sum(
        pts
        for c, pts in enumerate(YELLOW_COLUMN_POINTS)
        if all(grid[r][c] == 0 or (r, grid[r][c]) in crossed for r in range(len(grid)))
    )
    blue = BLUE_POINTS[len(s.blue)]
    green = GREEN_POINTS[s.green]
    orange, purple = sum(s.orange), sum(s.purple)
    foxes = (
        int(all((3, v) in crossed for v in grid[3] if v))
        + int({9, 10, 11, 12} <= set(s.blue))
        + int(s.green >= 7)
        + int(len(s.orange) >= 8)
        + int(len(s.purple) >= 7)
    )
    return yellow + blue + green + orange + purple + foxes * min(yellow, blue, green, orange, purple)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("focused", [False, True])
def test_random_games_are_legal_with_the_right_score(game: GscGame, players: int, focused: bool) -> None:
    for seed in range(GAMES_PER_COUNT):
        if focused:
            order = list(AREAS)
            random.Random(seed).shuffle(order)
            rng: random.Random = FocusedRandom(seed * 7 + players, order[:2], 0.9)
        else:
            rng = random.Random(seed * 7 + players)
        for state in random_game(game, players, rng):
            assert not state.pending
            s = state.to_sheet(game, players)
            r = check(s, game)
            assert r.legal, (seed, s, r.violations)
            assert r.score.total == _reference_total(s, game), (seed, s)
            assert r.dice.dice <= r.dice.available
