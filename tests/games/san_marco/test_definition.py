"""The classic definition states the published counts, marks house values, and bad edits
are reported at their line."""

from __future__ import annotations

import re

import pytest

from printkit.engine.errors import InputError
from printkit.games.san_marco import definitions as loader


def test_classic_deck_counts(classic):
    d = classic.decks
    n = len(classic.map.districts)
    assert n == 6
    counts = {t: d.count_of(t, n) for t in ("district", "bridge", "transfer", "doge", "banishment")}
    assert counts == {"district": 30, "bridge": 6, "transfer": 12, "doge": 10, "banishment": 4}
    assert sum(counts.values()) == 62
    assert {c.value: c.count for c in d.limit} == {1: 8, 2: 10, 3: 10}
    assert sum(c.value * c.count for c in d.limit) == 58


def test_classic_rules(classic):
    r = classic.rules
    assert (r.nobles_per_player, r.bridge_supply, r.passages, r.limit_threshold) == (25, 12, 3, 10)
    three, four = r.for_players(3), r.for_players(4)
    assert [(g.deciders, g.action_cards, g.limit_cards, g.offers) for g in three.groups] == [(2, 6, 4, 3)]
    assert [(g.deciders, g.action_cards, g.limit_cards, g.offers) for g in four.groups] == [(1, 5, 3, 2)] * 2
    assert (three.start_bridges, four.start_bridges) == (2, 1)
    assert classic.district("san_marco").prestige == (8, 6)
    assert classic.district("castello").die == (6,)
    sp = classic.district("san_polo").prestige
    assert sp[0] - sp[1] == 1  # the seed: San Polo's two values differ by 1


def test_house_values_are_marked(classic):
    house = set(classic.house_values())
    assert "map.adjacency" in house
    assert "rules.score_track" in house
    assert "map.districts.cannaregio.die" in house
    assert "map.districts.castello.die" not in house  # Castello = 6 is sourced
    assert "map.districts.san_marco.prestige" not in house  # 8/6 is sourced
    assert "map.districts.dorsoduro.prestige" in house
    assert len(classic.house_rules) >= 1


def test_classic_map_is_the_venetian_adjacency(classic):
    pairs = {frozenset((a.a, a.b)) for a in classic.map.adjacency}
    expected = {frozenset(p) for p in [
        ("cannaregio", "santa_croce"), ("cannaregio", "san_polo"), ("cannaregio", "san_marco"),
        ("cannaregio", "castello"), ("santa_croce", "san_polo"), ("santa_croce", "dorsoduro"),
        ("san_polo", "san_marco"), ("san_polo", "dorsoduro"), ("san_marco", "dorsoduro"),
        ("san_marco", "castello")]}
    assert pairs == expected
    assert all(len(a.sites) == 3 for a in classic.map.adjacency)


CLASSIC_TEXT = loader.CLASSIC.read_text(encoding="utf-8")


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "expect"),
    [
        ("  nobles_per_player: 25", "  nobles_per_playr: 25", "unknown key"),
        ("      die: [2]", "      die: [1]", "die face 1 already means cannaregio"),
        ("    - a: cannaregio\n      b: santa_croce", "    - a: cannaregio\n      b: santa_crose", "unknown district"),
        ("  tie_break_district: san_marco", "  tie_break_district: rialto", "unknown district"),
        ("    - {value: 3, count: 10}", "    - {value: 3, count: -1}", "greater than or equal"),
    ],
)
def test_malformed_definition_is_located(old, new, expect):
    assert old in CLASSIC_TEXT
    text = CLASSIC_TEXT.replace(old, new, 1)
    with pytest.raises(InputError) as info:
        loader.parse(text, "bad.yaml")
    msg = str(info.value)
    assert expect in msg
    first = info.value.problems[0]
    assert first.file == "bad.yaml"
    # the reported line is the edited one (or inside the edited entry)
    edited = _line_of(CLASSIC_TEXT, old) + old.count("\n")
    assert first.line is not None and abs(first.line - edited) <= 1, msg
    assert re.match(r"bad\.yaml:\d+:\d+:", msg)


def test_yaml_syntax_error_is_located():
    with pytest.raises(InputError) as info:
        loader.parse("schema: [unclosed\nid: x\n", "broken.yaml")
    assert info.value.problems[0].line is not None
