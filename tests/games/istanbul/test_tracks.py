"""Per-player values derived from the tracks, against the published values (reference C6–C10),
pinned literally here."""

from __future__ import annotations

import pytest

from printkit.games.istanbul.rules import tracks as t

# players -> (rubies on the Sultan's Palace, goods asked for the first ruby)
SULTAN = {2: (6, 5), 3: (6, 5), 4: (7, 4), 5: (7, 4)}
# players -> (rubies on the Gemstone Dealer, first price); inclusive reading, reference's recommendation
GEMSTONE = {2: (9, 15), 3: (10, 14), 4: (12, 12), 5: (12, 12)}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_sultan(game, players):
    track = t.sultan(game.tracks, players)
    assert (track.rubies, len(track.costs[0])) == SULTAN[players]
    assert len(track.costs) == track.rubies
    assert [len(c) for c in track.costs] == list(range(SULTAN[players][1], 11))  # one more good each time, up to 10


def test_sultan_first_costs(game):
    assert sorted(t.sultan(game.tracks, 4).costs[0]) == ["fabric", "fruit", "jewelry", "spice"]
    assert sorted(t.sultan(game.tracks, 2).costs[0]) == ["any", "fabric", "fruit", "jewelry", "spice"]
    last = t.sultan(game.tracks, 5).costs[-1]
    assert {g: last.count(g) for g in set(last)} == {"fabric": 2, "spice": 2, "fruit": 2, "jewelry": 2, "any": 2}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_gemstone_dealer(game, players):
    track = t.gemstone(game.tracks, players)
    assert (track.rubies, track.prices[0]) == GEMSTONE[players]
    assert track.prices[-1] == 23
    assert list(track.prices) == list(range(track.prices[0], 24))


def test_the_box_holds_exactly_the_rubies_five_players_need(game):
    rubies = t.rubies_at_setup(game, 5)
    assert (rubies.wainwright, rubies.small_mosque, rubies.great_mosque, rubies.sultan, rubies.gemstone) == \
        (5, 4, 4, 7, 12)
    assert rubies.total == 32  # the box's 32 rubies: the check the reference uses to settle C9
    assert all(t.rubies_at_setup(game, n).total <= 32 for n in range(2, 6))


def test_post_office_cycle(game):
    cycle = [(sorted(v.goods), v.lira) for v in t.post_office_cycle(game.tracks.post_office)]
    assert cycle == [
        (["fruit", "spice"], 2),
        (["fabric", "fruit"], 2),
        (["fabric", "fruit"], 3),
        (["fabric", "jewelry"], 3),
        (["fabric", "jewelry"], 4),
    ]


def test_black_market(game):
    jewelry = [t.black_market_jewelry(game.tracks.black_market, n) for n in range(2, 13)]
    assert jewelry == [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3]


def test_tea_house(game):
    tea = game.tracks.tea_house
    assert t.tea_house_lira(tea, 7, 10) == 7  # the seed's example: call 7, roll 10
    assert t.tea_house_lira(tea, 7, 5) == 2
    assert t.tea_house_lira(tea, 12, 12) == 12
    with pytest.raises(ValueError):
        t.tea_house_lira(tea, 2, 12)


def test_markets(game):
    assert [t.market_price(game.tracks.market(10), n) for n in range(6)] == [0, 3, 7, 12, 18, 25]
    assert [t.market_price(game.tracks.market(11), n) for n in range(6)] == [0, 2, 5, 9, 14, 20]
    assert game.tracks.market(10).demand == "dark" and game.tracks.market(11).demand == "light"


def test_wainwright(game):
    w = game.tracks.wainwright
    assert w.price == 7
    assert t.capacities(w) == (2, 3, 4, 5)
