"""A user's deck definition: loading, quantities, CSV, and errors that point at the line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from printkit.engine.errors import InputError
from printkit.engine.source import parse_text
from printkit.games.deck.definition import load_deck


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return p


def test_inline_cards_expand_by_quantity(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        cards:
          - {name: A, qty: 3}
          - {name: B}
          - {name: C, qty: 0}
    """)
    deck = load_deck(p)
    assert [c.fields["name"] for c in deck.cards] == ["A", "A", "A", "B"]
    assert [c.copy for c in deck.cards] == [1, 2, 3, 1]
    assert (deck.width, deck.height) == (63, 88)


def test_csv_cards_with_quantity_column_and_named_size(tmp_path):
    write(tmp_path, "cards.csv", """
        name,count,cost
        Fireball,2,3
        冰霜護盾,1,2
    """)
    p = write(tmp_path, "d.yaml", """
        title: T
        size: tarot
        csv: cards.csv
        quantity_column: count
    """)
    deck = load_deck(p)
    assert [c.fields["name"] for c in deck.cards] == ["Fireball", "Fireball", "冰霜護盾"]
    assert deck.cards[0].fields["cost"] == 3
    assert (deck.width, deck.height) == (70, 120)


def test_custom_size(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        size: {width: 50, height: 75}
        cards: [{name: A}]
    """)
    assert (load_deck(p).width, load_deck(p).height) == (50, 75)


def problems(p: Path) -> list[str]:
    with pytest.raises(InputError) as exc:
        load_deck(p)
    return [str(x) for x in exc.value.problems]


def test_wrong_type_names_file_line_and_column(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        size: {width: wide, height: 75}
        cards: [{name: A}]
    """)
    (msg,) = problems(p)
    assert msg.startswith(f"{p}:2:15:") and "size" in msg and "'wide'" in msg


def test_unknown_key_is_caught_where_it_is(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        cards: [{name: A}]
        fornt: standard
    """)
    (msg,) = problems(p)
    assert msg.startswith(f"{p}:3:") and "fornt" in msg and "unknown key" in msg


def test_bad_quantity_in_yaml_and_csv(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        cards:
          - {name: A, qty: lots}
    """)
    (msg,) = problems(p)
    assert msg.startswith(f"{p}:3:") and "whole number" in msg and "'lots'" in msg
    write(tmp_path, "c.csv", "name,qty\nA,1\nB,x\n")
    p2 = write(tmp_path, "e.yaml", "title: T\ncsv: c.csv\n")
    (msg,) = problems(p2)
    assert msg.startswith(f"{tmp_path / 'c.csv'}:3:2:") and "'x'" in msg


def test_csv_row_with_wrong_number_of_columns(tmp_path):
    write(tmp_path, "c.csv", "name,qty\nA,1\nB,2,extra\n")
    p = write(tmp_path, "e.yaml", "title: T\ncsv: c.csv\n")
    (msg,) = problems(p)
    assert ":3:" in msg and "expected 2 columns" in msg


def test_unknown_size_lists_known_ones(tmp_path):
    p = write(tmp_path, "d.yaml", "title: T\nsize: jumbo\ncards: [{name: A}]\n")
    (msg,) = problems(p)
    assert ":2:" in msg and "jumbo" in msg and "poker" in msg


def test_cards_and_csv_together_is_an_error(tmp_path):
    p = write(tmp_path, "d.yaml", "title: T\ncsv: x.csv\ncards: [{name: A}]\n")
    (msg,) = problems(p)
    assert "exactly one" in msg


def test_yaml_syntax_error_has_line_and_column():
    with pytest.raises(InputError) as exc:
        parse_text("title: T\ncards: [ {name: A},\n  qty: 2\n", "deck.yaml")
    msg = str(exc.value)
    assert msg.startswith("deck.yaml:4:1:") and "YAML syntax error" in msg and "started at line 2" in msg


def test_duplicate_keys_are_not_silently_dropped():
    with pytest.raises(InputError) as exc:
        parse_text("title: A\ncards: []\ntitle: B\n", "deck.yaml")
    assert str(exc.value) == "deck.yaml:3:1: key 'title' appears twice (first on line 1)"


def test_json_definitions_are_accepted(tmp_path):
    p = write(tmp_path, "d.json", '{"title": "T", "cards": [{"name": "A", "qty": 2}]}')
    assert len(load_deck(p).cards) == 2


def test_every_problem_of_a_deck_is_reported_at_once(tmp_path):
    p = write(tmp_path, "d.yaml", """
        title: T
        size: pokr
        cards:
          - {name: A, qty: lots}
          - {name: B, qty: -2}
    """)
    msgs = problems(p)
    assert len(msgs) == 3
    assert ":2:" in msgs[0] and "pokr" in msgs[0]
    assert ":4:" in msgs[1] and "'lots'" in msgs[1]
    assert ":5:" in msgs[2] and "0 or more" in msgs[2]
