"""Variant rules as written in docs/san-marco.md and the rules module docstring."""

from __future__ import annotations

import pytest

from printkit.games.san_marco import definitions as loader
from printkit.games.san_marco.definitions import definition_yaml
from printkit.games.san_marco.model.game import SanMarcoDefinition
from printkit.games.san_marco.rules import geometry as geo
from printkit.games.san_marco.rules.variant import (
    die_sides,
    generate_variant,
    round_half_up,
    scale_limit_cards,
    scaled_counts,
    score_district,
)


def _roles(gen, players):
    return next(pc for pc in gen.roles if pc.players == players)


@pytest.mark.parametrize("players", [3, 4])
def test_classic_is_the_fixed_point(classic, players):
    roles = classic.rules.for_players(players)
    counts = scaled_counts(classic, roles, 6, 4)
    assert counts == {"district": 5, "bridge": 6, "transfer": 12, "doge": 10, "banishment": 4, "bridge_supply": 12}
    assert {c.value: c.count for c in scale_limit_cards(classic, roles)} == {1: 8, 2: 10, 3: 10}


def test_six_players_scaling(classic, gen):
    roles = _roles(gen, 6)  # two 3-player groups: 12 action + 8 limit cards a round
    f = 12 / 10
    counts = scaled_counts(classic, roles, 9, gen.min_district_cards)
    assert counts["district"] == max(4, -(-int(30 * f * 10) // (9 * 10)))  # ceil(36 / 9) = 4
    assert counts["bridge"] == round_half_up(6 * f) == 7
    assert counts["transfer"] == round_half_up(12 * f) == 14
    assert counts["doge"] == round_half_up(10 * f) == 12
    assert counts["banishment"] == round_half_up(4 * f) == 5
    assert counts["bridge_supply"] == max(12, 6 * 1 + 7) == 13
    limit = {c.value: c.count for c in scale_limit_cards(classic, roles)}
    assert sum(limit.values()) == round_half_up(28 * 8 / 6) == 37
    assert limit == {1: 11, 2: 13, 3: 13}


def test_five_players_scaling(classic, gen):
    roles = _roles(gen, 5)  # one 3-player group + one pair: 11 action + 7 limit cards
    assert [(g.deciders, g.action_cards, g.limit_cards) for g in roles.groups] == [(2, 6, 4), (1, 5, 3)]
    counts = scaled_counts(classic, roles, 8, gen.min_district_cards)
    assert counts["district"] == 5  # ceil(33 / 8)
    assert (counts["bridge"], counts["transfer"], counts["doge"], counts["banishment"]) == (7, 13, 11, 4)
    assert counts["bridge_supply"] == 12
    assert sum(c.count for c in scale_limit_cards(classic, roles)) == round_half_up(28 * 7 / 6) == 33


def test_equal_remainders_go_to_the_smaller_value(classic, gen):
    """The largest-remainder split's tie-break, on a limit deck of 9 ones and 3 twos: five players draw 7
    limit cards a round against the classic 6, so 12 cards become 12 * 7 / 6 = 14, shared 10.5 : 3.5.  After
    10 + 3 one card is left and both remainders are 0.5: it goes to the smaller value, the 1."""
    from printkit.games.san_marco.model.game import LimitCard

    deck = (LimitCard(value=1, count=9), LimitCard(value=2, count=3))
    base = classic.model_copy(update={"decks": classic.decks.model_copy(update={"limit": deck})})
    assert {c.value: c.count for c in scale_limit_cards(base, _roles(gen, 5))} == {1: 11, 2: 3}
    flipped = base.model_copy(update={"decks": base.decks.model_copy(update={"limit": deck[::-1]})})
    assert {c.value: c.count for c in scale_limit_cards(flipped, _roles(gen, 5))} == {1: 11, 2: 3}


def test_small_tables_on_big_maps_keep_the_minimum(classic, gen):
    counts = scaled_counts(classic, _roles(gen, 3), 10, gen.min_district_cards)
    assert counts["district"] == gen.min_district_cards == 4


def test_roles_built_from_three_and_four(gen):
    for pc in gen.roles:
        assert sum(1 + g.deciders for g in pc.groups) == pc.players
        for g in pc.groups:
            assert (g.deciders, g.action_cards, g.limit_cards, g.offers) in {(2, 6, 4, 3), (1, 5, 3, 2)}
    assert _roles(gen, 3).bridge_limit_per_pair == 2  # the seed's preference for 3 players


@pytest.mark.parametrize(
    ("nobles", "prestige", "expected"),
    [
        ({"a": 3, "b": 2, "c": 1}, (8, 6), {"a": 8, "b": 6, "c": 0}),
        ({"a": 3, "b": 3, "c": 1}, (8, 6), {"a": 6, "b": 6, "c": 0}),  # tie for first: both lower, rest nothing
        ({"a": 3, "b": 3, "c": 3}, (8, 6), {"a": 6, "b": 6, "c": 6}),
        ({"a": 3, "b": 2, "c": 2}, (8, 6), {"a": 8, "b": 0, "c": 0}),  # tie for second scores nothing
        ({"a": 0, "b": 0}, (8, 6), {"a": 0, "b": 0}),
        ({"a": 2, "b": 1}, (8, 6), {"a": 8, "b": 6}),  # one noble is a presence: it scores
        ({"a": 1, "b": 0}, (8, 6), {"a": 8, "b": 0}),
        ({"a": 4, "b": 3, "c": 2, "d": 1}, (9, 6, 3), {"a": 9, "b": 6, "c": 3, "d": 0}),
        ({"a": 4, "b": 4, "c": 2}, (9, 6, 3), {"a": 6, "b": 6, "c": 3}),
        ({"a": 4, "b": 3, "c": 3}, (9, 6, 3), {"a": 9, "b": 3, "c": 3}),
        ({"a": 4, "b": 3, "c": 2, "d": 2}, (9, 6, 3), {"a": 9, "b": 6, "c": 0, "d": 0}),
    ],
)
def test_scoring_ties(nobles, prestige, expected):
    assert score_district(nobles, prestige) == expected


@pytest.mark.parametrize(("n", "sides"), [(6, 6), (7, 8), (8, 8), (9, 10), (10, 10)])
def test_die_covers_every_district(classic, gen, n, sides):
    """The smallest of the d6, d8, d10, d12 with a face per district, pinned by hand."""
    game = generate_variant(classic, gen, 6, n, seed=3)
    assert game.die.sides == sides
    assert die_sides(n, (6, 8, 10, 12)) == sides
    faces = sorted(f for d in game.map.districts for f in d.die)
    assert faces == list(range(1, n + 1))
    assert sorted(faces + list(game.die.reroll)) == list(range(1, sides + 1))
    assert all(len(d.die) >= 1 for d in game.map.districts)


def _connected(game: SanMarcoDefinition) -> bool:
    ids = [d.id for d in game.map.districts]
    seen, todo = {ids[0]}, [ids[0]]
    while todo:
        x = todo.pop()
        for a in game.map.adjacency:
            for u, v in ((a.a, a.b), (a.b, a.a)):
                if u == x and v not in seen:
                    seen.add(v)
                    todo.append(v)
    return len(seen) == len(ids)


def _hull(points):
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _check_map(game: SanMarcoDefinition, gen) -> None:
    ds = game.map.districts
    assert _connected(game)
    for i, a in enumerate(ds):
        assert geo.point_in_polygon(a.label, a.outline), a.id
        room = gen.style(game.map.style).min_label_room or gen.map.min_label_room
        assert geo.inside_distance(a.label, a.outline) >= room - 0.2, a.id
        assert abs(geo.area(a.outline)) > 1000
        for b in ds[i + 1:]:
            # a ∩ hull(b) bounds a ∩ b from above: zero means the districts do not overlap
            assert geo.convex_intersection_area(list(a.outline), _hull(b.outline)) < 0.5, (a.id, b.id)
    limit = max(pc.bridge_limit_per_pair for pc in game.rules.player_counts)
    half = game.map.canal_width / 2
    for adj in game.map.adjacency:
        assert len(adj.sites) == limit
        da, db = game.district(adj.a), game.district(adj.b)
        for s in adj.sites:
            # each site sits in the canal between exactly these two districts
            assert not geo.point_in_polygon((s.x, s.y), da.outline)
            assert not geo.point_in_polygon((s.x, s.y), db.outline)
            assert geo.boundary_distance((s.x, s.y), da.outline) <= half + 0.3
            assert geo.boundary_distance((s.x, s.y), db.outline) <= half + 0.3


@pytest.mark.parametrize("style", ["lagoon", "ring", "island"])
@pytest.mark.parametrize("n", range(6, 11))
def test_generated_maps(classic, gen, style, n):
    for seed in range(1, 9):
        _check_map(generate_variant(classic, gen, 6 if n > 7 else 4, n, seed=seed, style=style), gen)


def test_same_seed_same_definition(classic, gen):
    a = definition_yaml(generate_variant(classic, gen, 6, 9, seed=42))
    b = definition_yaml(generate_variant(classic, gen, 6, 9, seed=42))
    c = definition_yaml(generate_variant(classic, gen, 6, 9, seed=43))
    assert a == b
    assert a != c


def test_definition_yaml_round_trips(classic, gen):
    game = generate_variant(classic, gen, 5, 8, ranks=2, seed=5, style="ring")
    text = definition_yaml(game)
    again = loader.parse(text, "variant.yaml")
    assert again == game
    assert definition_yaml(again) == text


def test_shipped_six_player_definition_is_generator_output(classic, gen):
    shipped = loader.load(loader.SIX_PLAYERS)
    v = shipped.variant
    assert v is not None and v.players == 6
    regenerated = generate_variant(classic, gen, v.players, v.districts, v.ranks, v.seed, v.style)
    assert definition_yaml(regenerated) == loader.SIX_PLAYERS.read_text(encoding="utf-8")
    assert {pc.players for pc in shipped.rules.player_counts} >= {5, 6}


def test_choices_in_messages_read_as_a_list():
    from printkit.games.san_marco.rules.variant import _or

    assert [_or([2]), _or([2, 3]), _or(["lagoon", "ring", "island"])] == ["2", "2 or 3", "lagoon, ring or island"]
