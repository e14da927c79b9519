"""The template budget bounds what every operation produces, every part of a template and a whole deck.

Each hostile expression must be refused naming the card and the template line, and the refusal must come
before the value is made: the memory the evaluation allocates is measured (tracemalloc) and must stay
far below what the expression asks for (2.4–4.1 GB in the audit of issue 41).
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.engine.template.sandbox as sandbox
from printkit.cli import app
from printkit.engine.errors import InputError
from printkit.engine.limits import MAX_TEMPLATE_OPERATIONS
from printkit.engine.template.evaluate import CardRenderer, render_template
from printkit.engine.template.files import load_template
from printkit.engine.template.sandbox import deck_budget
from tests.engine.deck_files import write

runner = CliRunner()
MOST_BYTES = 30_000_000  # what refusing may allocate: the 100,000-character cap with room for Jinja itself


def one_text(tmp: Path, expression: str) -> Path:
    return write(tmp / "t.yaml", "elements:\n  - rect: {x: 0, y: 0, w: 5, h: 5}\n"
                 f"  - text: {{x: 5, y: 5, w: 50, h: 10, text: {expression!r}}}\n")


def peak_while(action) -> tuple[int, BaseException | None]:
    tracemalloc.start()
    try:
        action()
        error = None
    except BaseException as exc:  # returned for the test to judge
        error = exc
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, error


# (expression, the operation the message names): each would make gigabytes or hang for tens of seconds
PRODUCERS = [
    ("{{ '{:>{w}}'.format('x', w=10**9) }}", "str.format"),
    ("{{ '%*s' % (10**9, 'x') }}", "`%`"),
    ("{{ '{:>{w}}'.format('x', w=(10**9) | string) }}", "nested field"),  # found by bench/fuzz_hostile.py
    ("{{ ('{:>99999}' * 10000).format(*range(10000)) }}", "str.format"),  # widths written in the fields
    ("{{ ('a' * 99999) ~ ('a' * 99999) }}", "`~`"),
    ("{{ ('\t' * 99999).expandtabs(99999) }}", "str.expandtabs"),
    ("{{ ''.join(['a' * 99999] * 99999) }}", "str.join"),
    ("{{ ('{0}' * 33333).format('a' * 99999) }}", "str.format"),
    ("{{ ('a' * 99999).translate({97: 'b' * 99999}) }}", "str.translate"),
    ("{{ range(10) | batch(10**9, 'x') | list }}", "batch"),
    ("{{ range(10) | slice(10**9) | list }}", "slice"),
    ("{{ ([[0] * 99999] * 1000) | sum(start=[]) }}", "sum"),
    ("{{ ([1] * 1000) | tojson(indent=10**6) }}", "tojson"),
    ("{{ lipsum(10**5) }}", "lipsum"),
    ("{% set ns = namespace(s='ab') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}",
     "`~`"),
    ("{% set ns = namespace(s=['ab']) %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}{{ 1 }}",
     "`+`"),
]


@pytest.mark.parametrize(("expression", "named"), PRODUCERS, ids=[n + str(i) for i, (_, n) in enumerate(PRODUCERS)])
def test_every_operation_is_bounded_by_what_it_produces(tmp_path, expression, named):
    template = load_template(one_text(tmp_path, expression))
    peak, error = peak_while(lambda: render_template(template, {"card": {}}, 60, 90, "card 1"))
    assert isinstance(error, InputError), repr(error)
    assert "t.yaml:3:5" in str(error) and "card 1" in str(error) and named in str(error)
    assert peak < MOST_BYTES


@pytest.mark.parametrize(("expression", "text"), [
    ("{{ '{} {} {}'.format('a' * 40000, 'b' * 40000, 'c') | length }}", "80003"),
    ("{{ '%s-%s' % ('ab', 'cd') }}", "ab-cd"),
    ("{{ 'x' ~ 1 ~ 'y' }}", "x1y"),
    ("{{ ([[1, 2], [3]]) | sum(start=[]) }}", "[1, 2, 3]"),
    ("{{ range(5) | batch(2) | list }}", "[[0, 1], [2, 3], [4]]"),
    ("{{ 'a\tb'.expandtabs(4) }}", "a   b"),
    ("{{ '-'.join(['a', 'b']) }}", "a-b"),
    ("{{ 'ab'.translate({97: 'xy'}) }}", "xyb"),
    ("{{ [1, 2] | tojson(indent=2) | length }}", "12"),  # "[\n  1,\n  2\n]"
])
def test_ordinary_expressions_still_give_their_values(tmp_path, expression, text):
    template = load_template(one_text(tmp_path, "=" + expression))  # text around it: printed as a string
    piece = render_template(template, {"card": {}}, 60, 90, "card 1")
    assert [e.text for e in piece.elements if hasattr(e, "text")] == ["=" + text]


LOOPS = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}#fff"


@pytest.mark.parametrize("background", [f"[{LOOPS!r}, {LOOPS!r}]", f"{{a: {LOOPS!r}, b: {LOOPS!r}}}"])
def test_a_background_list_or_map_is_evaluated_inside_a_budget(tmp_path, background):
    template = load_template(write(tmp_path / "t.yaml", f"background: {background}\nelements: []\n"))
    with deck_budget(limit=10**9) as spent:
        renderer = CardRenderer(template, {}, 60, 90)  # the setup that was unbudgeted
        with pytest.raises(InputError, match="card 1: background: too much work"):
            renderer.render({"card": {}}, "card 1")
    # setup (each part stops at a card's budget) and one card: never the 10^10 steps asked for
    assert spent.operations <= 3 * (MAX_TEMPLATE_OPERATIONS + 1)


def test_a_deck_has_a_budget_beside_each_cards(tmp_path, monkeypatch):
    """30 cards of 951.. loop steps (and a few calls, under 40) under a deck budget of 10,000: card 11 crosses it."""
    monkeypatch.setattr(sandbox, "MAX_DECK_TEMPLATE_OPERATIONS", 10_000)
    write(tmp_path / "front.yaml", """
        elements:
          - text: {x: 5, y: 5, w: 50, h: 10, text: "{% for i in range(card.n) %}{% endfor %}{{ card.name }}"}
    """)
    cards = "".join(f"  - {{name: C{i}, n: {950 + i}}}\n" for i in range(1, 31))  # distinct: none memoised
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ncards:\n" + cards)
    result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert "card 11 (C11" in result.output and "more than 10,000 loop steps and calls for all the cards" in \
        result.output
    assert not (tmp_path / "o").exists()


def test_the_default_deck_budget_leaves_a_large_ordinary_deck_alone(tmp_path):
    cards = "".join(f"  - {{name: C{i}, text: 'Card number {i}.'}}\n" for i in range(2_000))
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\ncards:\n" + cards)
    with deck_budget() as spent:
        result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert spent.operations == 0  # the build opened its own deck budget inside


@pytest.mark.parametrize(("cards", "found"), [
    ("- {name: A, n: 501, text: 'a few words'}", "501 texts"),
    ("- {name: A, n: 1, text: '" + "x" * 200_001 + "'}", "200,001 characters"),
])
def test_text_layout_per_card_is_bounded_before_anything_is_laid_out(tmp_path, cards, found):
    write(tmp_path / "front.yaml", """
        elements:
          - for: "i in range(card.n)"
            text: {x: 5, y: 5, w: 50, h: 80, text: "{{ card.text }}"}
    """)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ncards:\n  " + cards + "\n")
    result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert "front.yaml" in result.output and found in result.output and "at most 500 texts" in result.output
