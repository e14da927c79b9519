"""Hostile files end quickly with exit 2: YAML alias bombs, huge decks, templates that would work for ever.

Limits are asserted as work budgets (values after alias expansion, cards made, template steps), never
as wall time: the seconds belong in bench/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import printkit.engine.source as source
import printkit.games.deck.definition as deck_definition
from printkit.cli import app
from printkit.engine.errors import InputError
from printkit.engine.source import parse_text
from printkit.engine.template.evaluate import render_template
from printkit.engine.template.files import load_template
from printkit.engine.template.sandbox import budget
from tests.engine.deck_files import build, write

runner = CliRunner()
CAP = 10_000  # the decision: 10,000 cards per deck by default
YAML_BUDGET = 200_000  # values a file may expand to (printkit.engine.limits.MAX_YAML_NODES)


def alias_chain(width: int, depth: int) -> str:
    """``l0`` holds ``width`` scalars; each next level holds ``width`` aliases of the one before."""
    lines = [f"l0: &l0 [{', '.join(['x'] * width)}]"]
    for k in range(1, depth + 1):
        lines.append(f"l{k}: &l{k} [{', '.join([f'*l{k - 1}'] * width)}]")
    return "\n".join(lines) + "\n"


def expanded_values(width: int, depth: int) -> int:
    """Values in ``alias_chain`` once expanded, counted by hand: a list is 1 plus its items, the root
    mapping is 1 plus a key and a value per level."""
    level = 1 + width
    total = 1 + 1 + level
    for _ in range(depth):
        level = 1 + width * level
        total += 1 + level
    return total


BOMB = alias_chain(9, 9)  # about 600 bytes standing for 10^9 values


def test_a_600_byte_alias_bomb_is_refused_before_anything_walks_it(tmp_path, monkeypatch):
    assert len(BOMB) < 700
    constructed = []
    real = source._Loader.construct_document
    monkeypatch.setattr(source._Loader, "construct_document",
                        lambda self, node: constructed.append(1) or real(self, node))
    with pytest.raises(InputError) as exc:
        parse_text(BOMB + "\n# 1", "bomb.yaml")
    assert "more than 200,000 values" in str(exc.value) and str(exc.value).startswith("bomb.yaml:")
    assert constructed == []  # no Python object was built from it


@pytest.mark.parametrize("command", ["build", "check"])
def test_alias_bomb_exits_2_from_build_and_check(tmp_path, command):
    f = write(tmp_path / "bomb.yaml", "title: T\n" + BOMB if command == "build" else "game: gsc\n" + BOMB)
    args = ["build", "-q", str(f), "--out", str(tmp_path / "o")] if command == "build" else ["check", str(f)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "more than 200,000 values" in result.output


@settings(max_examples=40, deadline=None)
@given(width=st.integers(2, 12), depth=st.integers(0, 8))
def test_alias_expansion_budget_property(width, depth):
    text = alias_chain(width, depth)
    expected = expanded_values(width, depth)
    if expected <= YAML_BUDGET:
        doc = parse_text(text, "a.yaml")
        assert len(doc.data[f"l{depth}"]) == width
    else:
        with pytest.raises(InputError, match="more than 200,000 values"):
            parse_text(text, "a.yaml")


def test_each_file_is_parsed_once_per_build(tmp_path, monkeypatch):
    deck = write(tmp_path / "deck.yaml", "title: Once\nback: standard-back\ncards:\n  - {name: A, qty: 2}\n")
    parsed: list[str] = []
    real = source._Loader.__init__

    def counting(self, stream):
        parsed.append(stream)
        real(self, stream)

    source._parse_cached.cache_clear()
    monkeypatch.setattr(source._Loader, "__init__", counting)
    assert build(deck, "--out", tmp_path / "o").exit_code == 0
    assert parsed.count(deck.read_text(encoding="utf-8")) == 1
    assert len(parsed) == len(set(parsed))  # templates too: each text once


def test_qty_ten_million_stops_at_the_cap_naming_the_line(tmp_path, monkeypatch):
    made = []
    real_card = deck_definition.Card
    monkeypatch.setattr(deck_definition, "Card", lambda **kw: made.append(1) or real_card(**kw))
    deck = write(tmp_path / "deck.yaml", """
        title: Huge
        back: null
        cards:
          - {name: A, qty: 3}
          - {name: B, qty: 10000000}
    """)
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert f"{deck}:5:" in result.output and "10,000 cards" in result.output and "--max-cards" in result.output
    assert len(made) <= CAP  # the work done is bounded by the cap, not by the file
    assert not (tmp_path / "o").exists()


def test_csv_rows_count_against_the_cap_with_the_row_line(tmp_path):
    rows = "".join(f"c{i},{5000}\n" for i in range(3))
    write(tmp_path / "cards.csv", "name,qty\n" + rows)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncsv: cards.csv\n")
    result = build(deck, "--out", tmp_path / "o")
    assert result.exit_code == 2 and f"{tmp_path / 'cards.csv'}:4:" in result.output


def test_only_the_command_line_raises_the_cap(tmp_path):
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n  - {name: A, qty: 25}\n")
    assert build(deck, "--max-cards", 20, "--out", tmp_path / "o").exit_code == 2
    ok = build(deck, "--max-cards", 25, "--out", tmp_path / "o")
    assert ok.exit_code == 0
    manifest = (tmp_path / "o" / "manifest.json").read_text()
    assert '"pieces": 25' in manifest
    raised_in_file = write(tmp_path / "raise.yaml", "title: T\nmax_cards: 99999\nback: null\ncards: [{name: A}]\n")
    result = build(raised_in_file, "--out", tmp_path / "o2")
    assert result.exit_code == 2 and "raise.yaml:2:1" in result.output and "unknown key" in result.output


# --- template budgets --------------------------------------------------------------------------------

HOSTILE = [
    ("'a' * 10**9", "`*`"),
    ("[0] * 10**9", "`*`"),
    ("10 ** 100000", "bits"),
    ("'%999999999d' % 1", "width"),
    ("'{:>999999999}'.format(1)", "width"),
    ("'x'.ljust(10**9)", "ljust"),
    ("'ab' | center(10**9)", "center"),
    ("'ab' | indent(10**9)", "indent"),
    ("('a' * 99999) | replace('a', 'bbbbbbbbbb')", "replace"),
    ("range(99999) | join('x' * 99999)", "join"),
]


@pytest.mark.parametrize(("expression", "named"), HOSTILE)
def test_expressions_that_would_allocate_gigabytes_are_refused_first(tmp_path, expression, named):
    t = write(tmp_path / "t" / "cards" / "standard.yaml",
              f'elements:\n  - rect: {{x: 0, y: 0, w: 5, h: 5}}\n'
              f'  - text: {{x: 5, y: 5, w: 50, h: 10, text: "{{{{ {expression} }}}}"}}\n')
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n  - {name: Ann}\n")
    result = build(deck, "--templates", tmp_path / "t", "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert f"{t}:3:5" in result.output and "card 1 (Ann" in result.output and named in result.output


def test_nested_loops_stop_at_the_operation_budget(tmp_path):
    loops = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    write(tmp_path / "t" / "cards" / "standard.yaml",
          f'elements:\n  - text: {{x: 5, y: 5, w: 50, h: 10, text: "{loops}"}}\n')
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n  - {name: Ann}\n")
    result = build(deck, "--templates", tmp_path / "t", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "standard.yaml:2:5" in result.output and "200,000 loop steps" in result.output


def test_for_elements_are_capped_per_card(tmp_path):
    write(tmp_path / "t" / "cards" / "standard.yaml",
          'elements:\n  - for: "i in range(100000)"\n    rect: {x: 1, y: 1, w: 1, h: 1}\n')
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n  - {name: Ann}\n")
    result = build(deck, "--templates", tmp_path / "t", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "2,000 elements" in result.output and "card 1 (Ann" in result.output


@pytest.fixture(scope="module")
def loop_template(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("loops")
    return write(folder / "loop.yaml", """
        elements:
          - text: {x: 1, y: 1, w: 50, h: 10, text: "{% for i in range(card.a) %}{% for j in range(card.b) %}x{% endfor %}{% endfor %}"}
    """)  # noqa: E501


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(a=st.integers(0, 2000), b=st.integers(0, 2000))
def test_loop_budget_property(loop_template, a, b):
    """Small loops give exactly a*b characters; loops far beyond the budget are refused, and the work
    counted never runs past the budget."""
    template = load_template(loop_template)
    steps = 2 * a * b + 2 * a + 4  # loop steps, output parts and calls, counted by hand
    if steps <= 150_000:
        piece = render_template(template, {"card": {"a": a, "b": b}}, 60, 90, "card 1")
        (text,) = [e.text for e in piece.elements]
        assert text == "x" * (a * b)
    elif a * b > 110_000:
        with pytest.raises(InputError) as exc:
            render_template(template, {"card": {"a": a, "b": b}}, 60, 90, "card 1")
        assert "card 1" in str(exc.value) and "loop.yaml:2:5" in str(exc.value)


def test_budget_counts_are_bounded():
    with budget(limit=100) as b, pytest.raises(Exception, match="100 loop steps"):
        for _ in range(1000):
            b.spend()
    assert b.operations == 101


def test_the_bundled_templates_fit_the_budget_by_far(tmp_path):
    """San Marco's decks: the busiest bundled templates, built in full, well inside every budget."""
    from printkit.engine.components import BuildOptions
    from printkit.games.san_marco import kit

    comps = kit.components(BuildOptions())
    assert sum(len(c.fronts) for c in comps if hasattr(c, "fronts")) > 50


def test_yaml_module_still_refuses_python_tags():
    with pytest.raises(InputError):
        parse_text("!!python/object/apply:os.system ['true']\n", "x.yaml")
    assert yaml.__version__
