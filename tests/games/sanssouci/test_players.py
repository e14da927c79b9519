"""`--players N` prints what a table of N uses: N colours of play cards, nobles, score markers and score cards,
N garden boards (both sides each), and the tiles numbered up to N (45 / 63 / 81, reference house split)."""

from __future__ import annotations

import pytest

from printkit.engine.components import BuildOptions
from printkit.games.sanssouci import kit


@pytest.mark.parametrize(("players", "tiles"), [(2, 45), (3, 63), (4, 81), (None, 81)])
def test_a_table_gets_its_own_pieces(players, tiles):
    comps = {c.name: c for c in kit.components(BuildOptions(players=players)) if hasattr(c, "name")}
    n = players or 4
    cards = [f.name for f in comps["cards"].fronts]  # play, mission and 50/100 cards share sheets
    assert sum(not name.startswith(("mission ", "score card ")) for name in cards) == 18 * n
    tokens = [f.name for f in comps["tokens"].fronts]  # nobles and score markers share a sheet
    assert sum(name.startswith("noble ") for name in tokens) == 9 * n
    assert sum(name.startswith("score marker ") for name in tokens) == n
    assert sum(name.startswith("score card ") for name in cards) == n
    assert sorted(k for k in comps if k.startswith("garden-board-")) == [f"garden-board-{s}" for s in
                                                                          range(1, 2 * n + 1)]
    assert len(comps["tiles"].fronts) == tiles
    assert sum(name.startswith("mission ") for name in cards) == 9  # every mission is dealt from, whatever the table
