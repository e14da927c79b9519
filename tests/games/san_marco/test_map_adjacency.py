"""Generated maps cannot be argued over: neighbours are exactly the districts joined by bridge sites.

50 seeds per map style, every map size 6-10 in turn (the issue's decision); the sweep over
hundreds of seeds is ``bench/bench_san_marco_maps.py``.
"""

from __future__ import annotations

import pytest

from printkit.games.san_marco.rules.map import generate_map
from tests.games.san_marco.map_property import adjacency_problems, polygon_distance

SEEDS = range(50)


@pytest.mark.parametrize("style_name", ["lagoon", "island", "ring"])
def test_every_border_has_bridge_sites_or_wide_water(gen, style_name):
    style = gen.style(style_name)
    problems: list[str] = []
    for seed in SEEDS:
        n = 6 + seed % 5
        m = generate_map(n, seed, style, gen.map, sites_per_pair=3)
        pairs = {(p.a, p.b): [(s.x, s.y, s.angle) for s in p.sites] for p in m.pairs}
        problems += [f"{style_name} seed {seed}, {n} districts: {p}"
                     for p in adjacency_problems([d.outline for d in m.districts], pairs, m.canal_width, 3)]
    assert problems == []


def test_the_issue_case_seed_7_six_players(gen):
    """Seed 7, 6 players (9 districts, lagoon): four district pairs faced each other without bridges."""
    m = generate_map(9, 7, gen.style("lagoon"), gen.map, sites_per_pair=3)
    joined = {(p.a, p.b) for p in m.pairs}
    for i in range(9):
        for j in range(i + 1, 9):
            if (i, j) not in joined:
                assert polygon_distance(m.districts[i].outline, m.districts[j].outline) >= 2 * 6.5 - 0.2


def test_shipped_six_player_map_holds_the_property():
    from printkit.games.san_marco import definitions as loader

    game = loader.load(str(loader.SIX_PLAYERS))
    ids = [d.id for d in game.map.districts]
    pairs = {(ids.index(a.a), ids.index(a.b)): [(s.x, s.y, s.angle) for s in a.sites] for a in game.map.adjacency}
    assert adjacency_problems([d.outline for d in game.map.districts], pairs, game.map.canal_width, 3) == []


def test_bridge_sites_of_one_pair_closer_than_a_bridge_are_reported():
    """Two squares across a 6.5 mm canal; the sites of the pair stand 0.0, 8.4 and 8.5 mm apart."""
    left = [(0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0)]
    right = [(46.5, 0.0), (86.5, 0.0), (86.5, 40.0), (46.5, 40.0)]

    def problems(ys):
        return adjacency_problems([left, right], {(0, 1): [(43.25, y, 0.0) for y in ys]}, 6.5, len(ys))

    assert problems([20.0, 20.0]) == [
        "districts 0 and 1: bridge sites (43.25, 20.0) and (43.25, 20.0) are 0.0 mm apart, "
        "closer than a bridge is wide"
    ]
    assert len(problems([10.0, 18.4])) == 1
    assert problems([10.0, 18.5, 27.0]) == []


def test_classic_map_bridge_sites_are_a_bridge_apart():
    from printkit.games.san_marco import definitions as loader

    game = loader.load()
    ids = [d.id for d in game.map.districts]
    pairs = {(ids.index(a.a), ids.index(a.b)): [(s.x, s.y, s.angle) for s in a.sites] for a in game.map.adjacency}
    problems = adjacency_problems([d.outline for d in game.map.districts], pairs, game.map.canal_width,
                                  game.rules.player_counts[0].bridge_limit_per_pair)
    assert [p for p in problems if "closer than a bridge" in p] == []
