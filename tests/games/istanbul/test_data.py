"""The data files say what the box and the tiles say.  Expected values are published facts
(../shared/reference/istanbul.md) and the seed's Chinese terms, written out here by hand."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.engine.errors import InputError
from printkit.games.istanbul import definitions
from printkit.games.istanbul.kit import facts

NAMES = {
    1: ("Wainwright", "製車行", "Wagnerei"),
    2: ("Fabric Warehouse", "布料行", "Tuchlager"),
    3: ("Spice Warehouse", "香料行", "Gewürzlager"),
    4: ("Fruit Warehouse", "水果行", "Obstlager"),
    5: ("Post Office", "郵局", "Postamt"),
    6: ("Caravansary", "商隊旅館", "Karawanserei"),
    7: ("Fountain", "水泉", "Brunnen"),
    8: ("Black Market", "黑市", "Schwarzmarkt"),
    9: ("Tea House", "茶館", "Teestube"),
    10: ("Large Market", "大市場", "Großer Markt"),
    11: ("Small Market", "小市場", "Kleiner Markt"),
    12: ("Police Station", "警察局", "Polizeiwache"),
    13: ("Sultan's Palace", "蘇丹皇宮", "Sultanspalast"),
    14: ("Small Mosque", "小清真寺", "Kleine Moschee"),
    15: ("Great Mosque", "大清真寺", "Große Moschee"),
    16: ("Gemstone Dealer", "寶石商", "Edelsteinhändler"),
}


def test_sixteen_places_with_their_names(game):
    assert sorted(p.number for p in game.places.places) == list(range(1, 17))
    for number, (en, zh, de) in NAMES.items():
        name = game.place(number).name
        assert (name.en, name.zh_TW, name.de) == (en, zh, de)


def test_the_seeds_terms_are_never_split_across_lines():
    glossary = facts().glossary
    assert {zh for _, zh, _ in NAMES.values()} <= set(glossary)
    assert {"紅寶石", "推車擴充", "伙計", "獎勵卡"} <= set(glossary)


def test_component_counts(game):
    counts = {c.id: c.count for c in game.pieces.components}
    assert counts["places"] == 16 and counts["wheelbarrows"] == 5 and counts["extensions"] == 15
    assert counts["bonus_cards"] == 26 and counts["mosque_tiles"] == 16 and counts["demand_tiles"] == 10
    assert counts["rubies"] == 32 and counts["overviews"] == 5 and counts["mail_indicators"] == 4
    assert sum(c.count for c in game.pieces.coins) == 57
    assert {(c.value, c.count) for c in game.pieces.coins} == {(1, 30), (5, 15), (10, 12)}


def test_bonus_cards(game):
    counts = {c.id: c.count for c in game.pieces.bonus_cards}
    assert sum(counts.values()) == 26
    assert len(counts) == 10
    assert sorted(counts.values()) == [2, 2, 2, 2, 2, 2, 2, 4, 4, 4]
    assert counts["any_good"] == counts["five_lira"] == counts["move_3_4"] == 4


def test_demand_tiles(game):
    dark, light = game.pieces.demand_tiles.dark, game.pieces.demand_tiles.light
    assert len(dark) == len(light) == 5
    assert all(sum(t.goods().values()) == 5 for t in (*dark, *light))
    # the two tiles confirmed by photo (reference C7)
    assert dark[0].goods() == {"fabric": 1, "spice": 1, "fruit": 1, "jewelry": 2}
    assert light[0].goods() == {"fabric": 1, "spice": 2, "fruit": 1, "jewelry": 1}


def test_mosques_and_setup(game):
    tiles = {n: game.setup.for_players(n).mosque_tiles for n in range(2, 6)}
    assert tiles == {2: (2, 4), 3: (2, 3, 4), 4: (2, 3, 4, 5), 5: (2, 3, 4, 5)}
    abilities = {(a.place, a.good) for a in game.tracks.mosques.abilities}
    assert abilities == {(14, "fabric"), (14, "spice"), (15, "fruit"), (15, "jewelry")}
    assert len(abilities) * len(game.tracks.mosques.tile_goods) == 16
    assert [game.setup.for_players(n).mosque_rubies for n in range(2, 6)] == [2, 3, 4, 4]
    assert game.setup.starting_lira == (2, 3, 4, 5, 6)
    assert [game.setup.for_players(n).ruby_target for n in range(2, 6)] == [6, 5, 5, 5]
    assert game.setup.for_players(2).neutral_merchants == (14, 15, 16)


def test_tile_size_is_a_house_value(game):
    assert game.pieces.sizes.place.provenance == "house"


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    shutil.copytree(definitions.DATA, tmp_path / "data")
    return tmp_path / "data"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_layout_naming_a_place_twice_is_located(data_copy):
    f = data_copy / "layouts.yaml"
    _edit(f, "- [4, 12, 7, 3]", "- [4, 12, 7, 5]")
    with pytest.raises(InputError) as exc:
        definitions.load(data_copy)
    text = str(exc.value)
    assert "layouts.yaml:" in text and "'short' must name every place once; missing [3], twice [5]" in text


def test_a_bad_value_names_file_line_and_column(data_copy):
    f = data_copy / "tracks.yaml"
    _edit(f, "price: 7 ", "price: seven ")
    with pytest.raises(InputError) as exc:
        definitions.load(data_copy)
    problem = exc.value.problems[0]
    assert problem.file.endswith("tracks.yaml")
    assert problem.line == _line_of(f, "price: seven")
    assert "found 'seven'" in problem.message


def test_a_missing_marker_is_reported(data_copy):
    _edit(data_copy / "tracks.yaml", "- {players: [3], price: 15}", "- {players: [4], price: 15}")
    with pytest.raises(InputError, match="0 markers for 3 players"):
        definitions.load(data_copy)
