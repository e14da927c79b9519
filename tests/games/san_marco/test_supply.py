"""Scaled decks last: thousands of simulated passages, and every empty pile is covered by a printed rule."""

from __future__ import annotations

import pytest

from printkit.games.san_marco.rules.supply import simulate
from printkit.games.san_marco.rules.variant import generate_variant


def _deck(game):
    n = len(game.map.districts)
    action = sum(c.count_per_district * n if c.type == "district" else c.count for c in game.decks.action)
    limit = [lc.value for lc in game.decks.limit for _ in range(lc.count)]
    return action, limit


@pytest.mark.parametrize(("players", "districts"), [(3, None), (4, None), (5, 8), (6, 9), (6, 10), (3, 10)])
def test_no_pile_runs_out_uncovered(classic, gen, players, districts):
    game = classic if districts is None else generate_variant(classic, gen, players, districts, None, 1, "lagoon")
    action, limit = _deck(game)
    tables = {pc.players: pc for pc in game.rules.player_counts}
    pair = classic.rules.for_players(4).groups[0]
    report = simulate(players, action, limit, tables, game.rules.limit_threshold, 1500, 7, pair)
    assert report.passages == 1500
    # the used action cards always refill the pile in time (house rule "reshuffle")
    assert report.action_short == 0
    # the limit pile runs dry in well under 1 % of passages; the rule for it is printed
    assert report.limit_ran_out <= report.passages // 100
    assert report.most_rounds <= 8
    ids = {hr.id for hr in classic.house_rules}
    assert {"reshuffle", "limit_pile_empty"} <= ids
