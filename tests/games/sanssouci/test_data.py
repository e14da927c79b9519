"""The data files hold the published counts and the seed's scoring; house values are marked.

Expected values are pinned from the reference (../shared/reference/sanssouci.md) and the seed,
never read from the data files under test.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from printkit.engine.errors import InputError
from printkit.games.sanssouci.definitions import DATA, load_game_from


def test_elements_in_reference_order(game):
    assert [e.id for e in game.elements] == [
        "labyrinth", "statue", "pavilion", "topiary", "stairway", "fountain", "rose_arch", "herb_spiral",
        "grape_vine",
    ]
    assert [e.name.de for e in game.elements] == [
        "Labyrinth", "Statue", "Pavillon", "Baumfigur", "Treppe", "Brunnen", "Rosenbogen", "Kräuterschnecke",
        "Weinstock",
    ]
    # the seed's own words win in Chinese
    assert game.element("labyrinth").name.zh_TW == "樹籬迷宮"
    assert game.element("fountain").name.zh_TW == "噴泉"
    assert len({e.code for e in game.elements}) == 9


def test_rows_colours_and_values(game):
    assert [(r.number, r.colour, r.value) for r in game.rows] == [
        (1, "beige", 1), (2, "white", 2), (3, "grey", 3), (4, "orange", 4), (5, "violet", 5), (6, "turquoise", 6),
    ]
    assert game.display_colours() == ("white", "grey", "orange", "violet", "turquoise")
    assert [c.id for c in game.player_colours] == ["yellow", "blue", "green", "red"]
    assert (game.display_per_colour, game.stacks, game.score_track, game.lap_card) == (2, 8, 50, (50, 100))
    assert (game.turns, game.hand, game.missions_per_player, game.nobles_per_player) == (18, 2, 2, 9)
    assert game.players == (2, 4)


def test_seed_end_scoring(game):
    # the seed: rows 2-6 score 10 minus the row value, columns 5, gardeners count
    assert game.scoring.row_bonus == {2: 8, 3: 7, 4: 6, 5: 5, 6: 4}
    assert game.scoring.column_bonus == 5
    assert game.scoring.gardeners_count is True


def test_tiles_81_and_player_split(game):
    assert game.tiles_per_element * len(game.elements) == 81
    # house value: 18 turns a player plus a full display of 10 at the last turn -> 18n + 9 tiles
    assert {n: game.tiles_used(n) * 9 for n in (2, 3, 4)} == {2: 45, 3: 63, 4: 81}
    for n in (2, 3, 4):
        assert game.tiles_used(n) * 9 >= 18 * n + 9
    assert "tiles.split" in game.house_values


def test_play_cards(game):
    assert len(game.deck) == 18
    kinds = Counter(c.kind for c in game.deck)
    assert kinds == {"element": 9, "pair": 8, "joker": 1}
    assert {c.element for c in game.deck if c.kind == "element"} == {e.id for e in game.elements}
    pairs = {frozenset(c.colours) for c in game.deck if c.kind == "pair"}
    assert len(pairs) == 8
    assert frozenset({"orange", "turquoise"}) in pairs  # the one pair a source confirms
    assert all("beige" not in p for p in pairs)
    per_colour = Counter(col for p in pairs for col in p)
    assert sorted(per_colour.values()) == [3, 3, 3, 3, 4]  # as even as 16 colour slots on 5 colours allow
    assert "cards.play_cards.pairs" in game.house_values


def test_missions_and_house_values(game):
    assert game.mission_points == {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    assert set(game.house_values) >= {"tiles.split", "cards.play_cards.pairs", "cards.missions", "boards.sides"}


def test_eight_sides_four_boards(game):
    assert [s.number for s in game.sides] == list(range(1, 9))
    assert [s.board for s in game.sides] == [1, 1, 2, 2, 3, 3, 4, 4]
    for s in game.sides:
        assert len(s.extra) == 6
        assert sum(s.printed(r, c) for r in range(1, 7) for c in range(1, 10)) == 15  # B2: 15 pre-printed


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    return folder


def test_bad_pair_colour_is_located(tmp_path):
    folder = _copy(tmp_path)
    p = folder / "cards.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("[white, grey]", "[white, beige]"), encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_game_from(folder)
    text = str(exc.value)
    assert "cards.yaml:" in text and "'beige' is not a display colour" in text
    line = next(i for i, t in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "[white, beige]" in t)
    assert f"cards.yaml:{line}:" in text


def test_unbalanced_side_edit_is_refused(tmp_path):
    folder = _copy(tmp_path)
    p = folder / "boards.yaml"
    text = p.read_text(encoding="utf-8")
    start = text.index("{side: 1, extra: [")
    end = text.index("]}", start)
    p.write_text(text[:start] + "{side: 1, extra: [[2, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]" + text[end:],
                 encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_game_from(folder)
    assert "side 1: two extra spaces touch" in str(exc.value)


def test_split_must_add_up(tmp_path):
    folder = _copy(tmp_path)
    p = folder / "tiles.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("{2: 5, 3: 2, 4: 2}", "{2: 5, 3: 2, 4: 3}"),
                 encoding="utf-8")
    with pytest.raises(InputError, match="add up to 9 tiles per element; found 10"):
        load_game_from(folder)
