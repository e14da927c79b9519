"""Template ``vars``: expressions evaluated per card, in the order written, read back from the built PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text, find_text
from printkit.cli import app
from printkit.engine.errors import InputError
from printkit.engine.template.evaluate import CardRenderer, render_template
from printkit.engine.template.files import load_template

TEMPLATE = """\
vars:
  top: "{{ 3 + card.shift }}"              # per card: a number, not text
  below: "{{ vars.top + 10 }}"             # reads the var above it
  tag: "{{ card.name }}-{{ vars.top }}"    # text with expressions in it
  ink: "{{ style.type_colors[card.type] }}"
elements:
  - text: {x: 5, y: "{{ vars.top }}", w: 50, h: 6, text: "{{ card.name }}", size: 10, wrap: false,
           color: "{{ vars.ink }}"}
  - text: {x: 5, y: "{{ vars.below }}", w: 50, h: 6, text: "{{ vars.tag }}", size: 10, wrap: false}
"""

DECK = """\
title: Vars
back: null
front: front.yaml
style:
  type_colors: {Spell: "#6b2d5c", Ally: "#2f6b3a"}
cards:
  - {name: Alpha, shift: 0, type: Spell}
  - {name: Alpha, shift: 20, type: Ally}
"""


def _build(tmp: Path, template: str = TEMPLATE):
    (tmp / "front.yaml").write_text(template, encoding="utf-8")
    (tmp / "deck.yaml").write_text(DECK, encoding="utf-8")
    return CliRunner().invoke(app, ["build", str(tmp / "deck.yaml"), "-o", str(tmp / "out"), "-q"])


def test_a_var_is_evaluated_for_each_card_and_may_read_the_ones_above(tmp_path: Path) -> None:
    result = _build(tmp_path)
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    text = "".join(all_text(pdf))
    assert "Alpha-3" in text and "Alpha-23" in text  # vars.top is 3 + shift on each card
    # Both cards sit in the sheet's first row, so their tops are level: the names are 20 mm apart, the shift.
    first, second = sorted(find_text(pdf, "Alpha-3") + find_text(pdf, "Alpha-23"), key=lambda p: p[1])
    names = [p for p in find_text(pdf, "Alpha") if p not in (first, second)]
    name_first, name_second = sorted((p for p in names if abs(p[1] - first[1]) > 1 and abs(p[1] - second[1]) > 1),
                                     key=lambda p: p[1])
    assert name_second[1] - name_first[1] == pytest.approx(20.0, abs=0.1)
    # vars.below is vars.top + 10: each card's tag is set 10 mm under its name ("-3" stays inside "Alpha"'s box)
    assert first[1] - name_first[1] == pytest.approx(10.0, abs=0.1)
    assert second[1] - name_second[1] == pytest.approx(10.0, abs=0.1)


def test_a_var_may_pick_a_colour_per_card(tmp_path: Path) -> None:
    template = load_template(_write(tmp_path, TEMPLATE))
    style = {"type_colors": {"Spell": "#6b2d5c", "Ally": "#2f6b3a"}}
    renderer = CardRenderer(template, {"style": style}, 63, 88)
    spell = renderer.render({"card": {"name": "A", "shift": 0, "type": "Spell"}}, "card 1")
    ally = renderer.render({"card": {"name": "B", "shift": 1.5, "type": "Ally"}}, "card 2")
    assert (spell.elements[0].color, ally.elements[0].color) == ("#6b2d5c", "#2f6b3a")
    assert (spell.elements[0].y, ally.elements[0].y, ally.elements[1].y) == (3.0, 4.5, 14.5)
    assert ally.elements[1].text == "B-4.5"
    fresh = render_template(template, {"card": {"name": "B", "shift": 1.5, "type": "Ally"}, "style": style}, 63, 88,
                            "card 2")
    assert fresh == ally


def test_a_var_reading_no_card_field_is_evaluated_once(tmp_path: Path) -> None:
    template = load_template(_write(tmp_path, """\
vars:
  gap: "{{ width / 9 }}"
  row: "{{ vars.gap * card.n }}"
elements:
  - rect: {x: "{{ vars.gap }}", y: 1, w: 2, h: 2}
  - rect: {x: 1, y: "{{ vars.row }}", w: 2, h: 2}
"""))
    renderer = CardRenderer(template, {}, 63, 88)
    assert renderer.fixed_vars == {"gap": 7.0} and renderer.card_vars == {"row"}
    assert [e.y for e in (renderer.render({"card": {"n": n}}, f"card {n}").elements[1] for n in (1, 2))] == [7.0, 14.0]


def test_an_undefined_name_in_a_var_names_the_file_and_line(tmp_path: Path) -> None:
    result = _build(tmp_path, TEMPLATE.replace("{{ vars.top + 10 }}", "{{ vars.top + offset }}"))
    assert result.exit_code == 2
    assert "front.yaml:3" in result.output and "vars.below" in result.output
    assert "'offset' is undefined" in result.output and "Traceback" not in result.output
    result = _build(tmp_path, TEMPLATE.replace("{{ vars.top + 10 }}", "{{ offset }}"))
    assert result.exit_code == 2 and "front.yaml:3" in result.output and "'offset' is undefined" in result.output


def test_a_var_read_before_it_is_written_is_refused(tmp_path: Path) -> None:
    template = load_template(_write(tmp_path, "vars:\n  a: \"{{ vars.b + 1 }}\"\n  b: 2\nelements: []\n"))
    with pytest.raises(InputError) as err:
        render_template(template, {}, 63, 88, "card 1")
    (problem,) = err.value.problems
    assert problem.message == ("card 1: vars.a: reads vars.b, which is written after it; vars are evaluated in the "
                               "order they are written, so move it above")
    assert problem.line == 2


def test_a_child_template_var_reads_its_parents(tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    base = "vars: {top: 4}\nelements:\n  - rect: {x: 1, y: '{{ vars.top }}', w: 2, h: 2}\n"
    (tmp_path / "cards" / "base.yaml").write_text(base, encoding="utf-8")
    child = _write(tmp_path, "extends: base\nvars: {top: '{{ 1 + card.n }}', low: '{{ vars.top * 2 }}'}\n"
                             "add:\n  - rect: {x: 1, y: '{{ vars.low }}', w: 2, h: 2}\n")
    from printkit.engine.template.files import SearchPath

    template = load_template(child, SearchPath(user=tmp_path))
    assert list(template.vars) == ["top", "low"]
    piece = render_template(template, {"card": {"n": 2}}, 63, 88, "card 1")
    assert [e.y for e in piece.elements] == [3.0, 6.0]


def _write(tmp: Path, text: str) -> Path:
    path = tmp / "t.yaml"
    path.write_text(text, encoding="utf-8")
    return path
