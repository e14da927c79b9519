"""Random self-play: every final garden is legal and scored consistently.

The bonuses are recounted here by a plain reading of the seed's rule (a row of 9 filled
spaces, rows 2-6, scores 10 minus its number; a column of 6 filled spaces scores 5) rather
than by the scorer under test.
"""

from __future__ import annotations

from collections import Counter

import pytest

from printkit.games.sanssouci.model import Kind
from printkit.games.sanssouci.rules.legality import check
from printkit.games.sanssouci.rules.scoring import score_all
from printkit.games.sanssouci.rules.selfplay import play
from printkit.games.sanssouci.transcription import dump_end, parse_end

SEEDS = range(12)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_selfplay_gardens_are_legal_and_scored(game, players):
    for seed in SEEDS:
        played = play(game, players, seed)
        end = played.end
        verdict = check(game, end)
        assert verdict.legal, (seed, verdict.violations)
        scores, places = score_all(game, end)
        for p, s, moves, aside in zip(end.players, scores, played.noble_points, played.set_aside, strict=True):
            assert p.garden.tiles() + aside == 18
            assert s.track == sum(moves) and all(1 <= m <= 6 for m in moves)
            filled = [[c.kind is not Kind.EMPTY for c in row] for row in p.garden.cells]
            rows = sum(10 - r for r in range(2, 7) if all(filled[r - 1]))
            columns = 5 * sum(all(filled[r][c] for r in range(6)) for c in range(9))
            assert (s.rows, s.columns) == (rows, columns)
            assert s.total == s.track + rows + columns + s.missions
            for n in p.garden.nobles:
                assert 0 <= n <= 6
        # each player's place: one more than the players strictly ahead (points, then gardeners)
        for s, place in zip(scores, places, strict=True):
            ahead = sum((o.total, o.gardeners) > (s.total, s.gardeners) for o in scores)
            assert place == ahead + 1
        laid = Counter(c.element for p in end.players for row in p.garden.cells for c in row if c.kind is Kind.TILE)
        assert max(laid.values()) <= {2: 5, 3: 7, 4: 9}[players]


def test_selfplay_is_deterministic(game):
    assert play(game, 3, 5) == play(game, 3, 5)
    assert play(game, 3, 5) != play(game, 3, 6)


def test_transcription_round_trip(game):
    for seed in range(6):
        end = play(game, 4, seed).end
        again = parse_end(dump_end(game, end), game)
        assert again == end


def _mutate(end, player: int, at: tuple[int, int] | None = None, cell=None, nobles=None):
    """``end`` with one space of a player's garden replaced (``at``, ``cell``) or their nobles moved."""
    from dataclasses import replace

    from printkit.games.sanssouci.rules.garden import with_cell

    p = end.players[player]
    garden = with_cell(p.garden, *at, cell) if at is not None else p.garden
    if nobles is not None:
        garden = replace(garden, nobles=nobles)
    players = list(end.players)
    players[player] = replace(p, garden=garden)
    return replace(end, players=tuple(players))


def test_selfplay_gardens_broken_on_purpose_are_caught(game):
    from printkit.games.sanssouci.model import Cell

    caught = Counter()
    for seed in range(20):
        end = play(game, 3, seed).end
        garden = end.players[0].garden
        tiles = [(r, c, cell) for r, row in enumerate(garden.cells, 1) for c, cell in enumerate(row, 1)
                 if cell.kind is Kind.TILE]
        r, c, cell = tiles[seed % len(tiles)]
        other = next(e.id for e in game.elements if e.id != cell.element)
        wrong = _mutate(end, 0, (r, c), Cell(Kind.TILE, other))
        assert "wrong_column" in {f.rule for f in check(game, wrong).violations}
        caught["wrong_column"] += 1
        gardeners = [(r, c) for r, row in enumerate(garden.cells, 1) for c, cell in enumerate(row, 1)
                     if cell.kind is Kind.GARDENER]
        if gardeners:
            gr, gc = gardeners[0]
            nobles = list(garden.nobles)
            nobles[gc - 1] = gr
            on_gardener = _mutate(end, 0, nobles=tuple(nobles))
            assert "noble_on_gardener" in {f.rule for f in check(game, on_gardener).violations}
            caught["noble_on_gardener"] += 1
    assert caught["wrong_column"] == 20 and caught["noble_on_gardener"] >= 10
