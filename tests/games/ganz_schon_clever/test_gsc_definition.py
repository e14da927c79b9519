"""The bundled game data: loads, and agrees with the facts the reference cross-checks."""

from __future__ import annotations

from collections import Counter

from printkit.games.ganz_schon_clever.model.game import GscGame, parse_bonus


def test_bundled_definition_loads_with_reference_numbers(game: GscGame) -> None:
    assert game.rounds.by_player_count == {1: 6, 2: 6, 3: 5, 4: 4}
    assert game.action_tracks["reroll"].boxes == 7  # disputed 7 vs 8; see game.yaml
    assert game.blue.points_by_crosses[-1] == 56 and game.green.points_by_crosses[-1] == 66
    assert sum(game.yellow.column_points) == 60
    assert [b.value for b in game.boxes["yellow"]] == [3, 6, 5, 2, 1, 5, 1, 2, 4, 3, 4, 6]
    assert game.solo_label(281) == "You're so clever!" and game.solo_label(280) == "Are you Einstein?"
    assert game.solo_label(139, "zh-TW") == "再努力看看！"


def test_seven_rerolls_and_seven_extra_dice_obtainable(game: GscGame) -> None:
    """Why the 7-vs-8 track dispute never matters: only 7 of each can be earned."""
    icons: Counter[str] = Counter()
    for opts in game.rounds.start_bonus.values():
        if len(opts) == 1:
            icons[opts[0].code] += 1
    for groups in game.groups.values():
        icons.update(g.bonus.code for g in groups if g.bonus)
    for boxes in game.boxes.values():
        icons.update(b.bonus.code for b in boxes if b.bonus)
    assert icons["reroll"] == 7 and icons["plus1"] == 7
    assert icons["fox"] == 5


def test_bonus_codes_parse() -> None:
    b = parse_bonus("orange_4")
    assert (b.kind, b.area, b.value) == ("number", "orange", 4)  # type: ignore[union-attr]
    assert parse_bonus("green_X").code == "green_X"  # type: ignore[union-attr]


def test_blue_first_column_has_two_cells(game: GscGame) -> None:
    col = next(g for g in game.groups["blue"] if g.kind == "column" and g.index == 0)
    assert [game.boxes["blue"][c].value for c in col.cells] == [5, 9]
