"""CardRenderer: a template compiled once for a deck draws every card exactly as evaluating it afresh would."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.engine.errors import InputError
from printkit.engine.template.evaluate import CardRenderer, render_template
from printkit.engine.template.files import load_template

TEMPLATE = """\
background: "{{ card.color or style.paper }}"
elements:
  - rect: {x: 2, y: 2, w: "{{ width - 4 }}", h: "{{ height - 4 }}", stroke: "{{ style.ink }}"}
  - text: {x: 3, y: 3, w: "{{ width - 6 }}", h: 8, text: "{{ card.name }} {{ '{{' }}", color: "{{ style.ink }}"}
  - when: "{{ card.cost }}"
    circle: {cx: "{{ width - 6 }}", cy: 6, r: 3, fill: "{{ style.badge }}"}
  - for: "i in range(card.pips or 0)"
    circle: {cx: "{{ 5 + i * 4 }}", cy: 80, r: 1, fill: "{{ style.ink }}"}
  - for: "i in range(3)"
    line: {x1: "{{ 5 + i * 10 }}", y1: 70, x2: "{{ 10 + i * 10 }}", y2: 70}
"""
STYLE = {"paper": "#fbf7ee", "ink": "#223344", "badge": "#f2c14e"}
CARDS = [{"name": "Alpha", "cost": 2, "pips": 3}, {"name": "Beta", "color": "#ff0000"}, {"name": "Gamma", "pips": 1},
         {"name": "{{ 7 * 6 }}", "cost": 0}]


def _template(tmp: Path, text: str = TEMPLATE):
    (tmp / "t.yaml").write_text(text, encoding="utf-8")
    return load_template(tmp / "t.yaml")


def test_same_pieces_as_a_fresh_evaluation(tmp_path: Path) -> None:
    template = _template(tmp_path)
    renderer = CardRenderer(template, {"style": STYLE}, 63, 88)
    for card in CARDS:
        fresh = render_template(template, {"card": card, "style": STYLE}, 63, 88, card["name"])
        assert renderer.render({"card": card}, card["name"]) == fresh
    drawn = renderer.render({"card": CARDS[0]}, "again").elements
    assert [type(e).__name__ for e in drawn] == ["Rect", "Rect", "Text", "Circle", "Circle", "Circle", "Circle",
                                                "Line", "Line", "Line"]
    # a card's own text is data, never evaluated: "{{ 7 * 6 }}" prints as written, and "{{" from the template too
    assert renderer.render({"card": CARDS[3]}, "d").elements[2].text == "{{ 7 * 6 }} {{"
    assert renderer.render({"card": CARDS[1]}, "b").bleed_color == "#ff0000"


def test_the_constant_parts_are_evaluated_once(tmp_path: Path) -> None:
    renderer = CardRenderer(_template(tmp_path), {"style": STYLE}, 63, 88)
    first = renderer.render({"card": CARDS[0]}, "a")
    second = renderer.render({"card": CARDS[2]}, "c")
    assert first.elements[1] is second.elements[1]  # the frame: one element object for every card
    assert first.elements[-1] is second.elements[-1]  # a loop that reads no card field
    assert renderer.constant == [True, False, False, False, True]
    copy = renderer.render({"card": dict(CARDS[0])}, "a, copy 2")
    assert copy.elements[2] is first.elements[2]  # the same title values: validated once


def test_an_error_in_a_constant_element_names_the_card_and_line(tmp_path: Path) -> None:
    template = _template(tmp_path, "elements:\n  - rect: {x: 1, y: 1, w: '{{ 1 / 0 }}', h: 3}\n")
    renderer = CardRenderer(template, {}, 63, 88)
    with pytest.raises(InputError) as err:
        renderer.render({"card": {}}, "card 1 (Alpha)")
    (problem,) = err.value.problems
    assert "card 1 (Alpha): rect: template expression failed: ZeroDivisionError" in problem.message
    assert problem.line == 2


def test_templates_cannot_change_what_they_are_given(tmp_path: Path) -> None:
    template = _template(tmp_path, "elements:\n  - text: {x: 1, y: 1, w: 9, h: 3,\n"
                                   "            text: \"{{ style.update({'ink': 'red'}) }}\"}\n")
    style = {"ink": "#000000"}
    with pytest.raises(InputError) as err:
        render_template(template, {"style": style}, 63, 88, "card 1")
    assert "access to attribute 'update' of 'dict' object is unsafe" in err.value.problems[0].message
    assert style == {"ink": "#000000"}


FIELDS_TEMPLATE = """\
elements:
  - text: {x: 1, y: 1, w: 50, h: 5, text: "{{ deck.title }} · {{ card.index }}/{{ deck.count }}"}
  - text: {x: 1, y: 7, w: 50, h: 5, text: "cost {{ card.cost }}"}
  - text: {x: 1, y: 13, w: 50, h: 5, text: "{{ 'free' if card.cost is not defined or card.cost == 0 else card.cost }}"}
  - text: {x: 1, y: 19, w: 50, h: 5, text: "{{ card.missing }}|{{ card is defined }}"}
"""


def test_values_remembered_per_field_value_print_what_each_card_holds(tmp_path: Path) -> None:
    """Strings that read only some fields are evaluated once per distinct value of those fields: ``1``, ``1.0``,
    ``True``, ``"1"``, ``-0.0`` and no value at all still print each as written (and as Jinja2 prints them)."""
    template = _template(tmp_path, FIELDS_TEMPLATE)
    renderer = CardRenderer(template, {"deck": {"title": "Deck", "count": 7}}, 63, 88)
    costs = [1, 1.0, True, "1", -0.0, 0.0, None]
    cards = [{"index": n + 1, "cost": cost} for n, cost in enumerate(costs)] + [{"index": 8}]
    texts = [[e.text for e in renderer.render({"card": card}, f"card {card['index']}").elements] for card in cards]
    assert [t[0] for t in texts] == [f"Deck · {n}/7" for n in range(1, 9)]
    assert [t[1] for t in texts] == ["cost 1", "cost 1.0", "cost True", "cost 1", "cost -0.0", "cost 0.0",
                                     "cost None", "cost "]
    assert [t[2] for t in texts] == ["1", "1.0", "True", "1", "free", "free", "None", "free"]
    assert {t[3] for t in texts} == {"|True"}
    for card, drawn in zip(cards, texts, strict=True):  # the same as a fresh evaluation of each card
        fresh = render_template(template, {"card": card, "deck": {"title": "Deck", "count": 7}}, 63, 88, "x")
        assert [e.text for e in fresh.elements] == drawn
