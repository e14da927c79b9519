"""The 8 board sides: generated from the seed by the stated balance rules, reproducibly."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

from printkit.games.sanssouci.definitions import BOARDS
from printkit.games.sanssouci.rules.sides import SideRules, balance_problems, generate_sides

ROOT = Path(__file__).resolve().parents[3]


def _script():
    spec = importlib.util.spec_from_file_location("make_boards", ROOT / "scripts" / "make_sanssouci_boards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bundled_sides_are_what_the_script_writes():
    text = Path(BOARDS).read_text(encoding="utf-8")
    assert _script().render(text) == text


def test_bundled_sides_balanced(game):
    sides = [s.extra for s in game.sides]
    # stated independently of balance_problems: every side one space per row 2-6 plus one, distinct columns
    for side in sides:
        rows = Counter(r for r, _ in side)
        assert set(rows) == {2, 3, 4, 5, 6} and sorted(rows.values()) == [1, 1, 1, 1, 2]
        assert len({c for _, c in side}) == 6
    assert len({frozenset(s) for s in sides}) == 8
    columns = Counter(c for s in sides for _, c in s)
    assert sorted(columns.values()) in ([5, 5, 5, 5, 5, 5, 6, 6, 6],)  # 48 spaces over 9 columns
    rows = Counter(r for s in sides for r, _ in s)
    assert sorted(rows.values()) == [9, 9, 10, 10, 10]  # 48 over 5 rows


def test_generation_is_deterministic_and_seeded():
    rules = SideRules()
    assert generate_sides(7, rules) == generate_sides(7, rules)
    assert generate_sides(7, rules) != generate_sides(8, rules)
    for seed in range(30):
        assert balance_problems(generate_sides(seed, rules), rules) == []


def test_balance_rules_catch_bad_sides():
    rules = SideRules()
    good = generate_sides(1, rules)
    assert "two sides are the same" in balance_problems([good[0], *good[:7]], rules)
    touching = ((2, 1), (2, 2), (3, 4), (4, 6), (5, 8), (6, 9))
    assert any("touch" in p for p in balance_problems([touching, *good[1:]], rules))
    same_column = ((2, 1), (3, 1), (4, 4), (5, 6), (6, 8), (6, 3))
    assert any("one column" in p for p in balance_problems([same_column, *good[1:]], rules))
