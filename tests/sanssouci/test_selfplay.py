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
