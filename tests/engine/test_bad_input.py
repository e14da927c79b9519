"""What users get wrong, and the clear answer (exit 2, file:line) they must get instead of a crash."""

from __future__ import annotations

import textwrap
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from devkit.readback import all_text, shapes
from printkit.cli import app
from printkit.games.deck.definition import load_deck
from tests.engine.deck_files import write

runner = CliRunner()


def template(tmp_path: Path, elements: str) -> Path:  # elements: YAML list items
    body = textwrap.indent(textwrap.dedent(elements).lstrip("\n"), "  ")
    write(tmp_path / "t" / "cards" / "standard.yaml", "elements:\n" + body)
    return tmp_path / "t"


def deck(tmp_path: Path, cards: str = "- {name: A}", extra: str = "") -> Path:
    return write(tmp_path / "deck.yaml", "title: T\nback: null\n" + extra + "cards:\n" + textwrap.indent(cards, "  "))


def build(*args: object):
    result = runner.invoke(app, ["build", "-q", *map(str, args)])
    assert "Traceback" not in result.output
    return result


def test_infinite_text_size_is_refused_not_a_hang(tmp_path):
    t = template(tmp_path, '- text: {x: 5, y: 5, w: 50, h: 10, text: hi, size: "{{ card.size }}"}\n')
    result = build(deck(tmp_path, "- {name: A, size: inf}"), "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "standard.yaml:2:" in result.output and "size" in result.output


def test_nan_coordinate_is_refused(tmp_path):
    t = template(tmp_path, '- rect: {x: "{{ card.x }}", y: 5, w: 50, h: 10}\n')
    result = build(deck(tmp_path, "- {name: A, x: nan}"), "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "finite" in result.output


def test_failing_expression_points_at_the_template_line(tmp_path):
    t = template(tmp_path, """
        - rect: {x: 0, y: 0, w: 5, h: 5}
        - text: {x: 5, y: 5, w: 50, h: 10, text: "{{ 10 / card.n }}"}
    """)
    result = build(deck(tmp_path, "- {name: A, n: 0}"), "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert "standard.yaml:3:" in result.output and "ZeroDivisionError" in result.output
    assert "card 1 (A, " in result.output


def test_colour_names_work_and_nonsense_colours_are_named(tmp_path):
    good = build(deck(tmp_path, "- {name: A}", "style: {accent: darkred}\n"), "--out", tmp_path / "o")
    assert good.exit_code == 0, good.output
    pdf = (tmp_path / "o" / "deck" / "cards-en-a4.pdf").read_bytes()
    assert any(s.fill == (0x8B, 0, 0) for s in shapes(pdf, 0))  # darkred
    bad = build(deck(tmp_path, "- {name: A}", "style: {accent: reddish}\n"), "--out", tmp_path / "o2")
    assert bad.exit_code == 2 and "'reddish' is not a colour" in bad.output


def test_broken_image_is_an_error_naming_the_file(tmp_path):
    (tmp_path / "art.png").write_bytes(b"not a png at all")
    t = template(tmp_path, "- image: {path: art.png, x: 5, y: 5, w: 20, h: 20}\n")
    result = build(deck(tmp_path), "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "art.png" in result.output and "cannot read this image" in result.output


def test_image_paths_are_relative_to_the_definition_not_the_shell(tmp_path, monkeypatch):
    Image.new("RGB", (20, 20), "#3366cc").save(tmp_path / "art.png")
    t = template(tmp_path, "- image: {path: art.png, x: 5, y: 5, w: 20, h: 20}\n")
    d = deck(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = build(d, "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output


def test_card_larger_than_the_paper(tmp_path):
    result = build(deck(tmp_path, "- {name: A}", "size: {width: 300, height: 400}\n"), "--out", tmp_path / "o")
    assert result.exit_code == 2 and "does not fit on A4" in result.output


def test_own_icons_are_found_first(tmp_path):
    t = tmp_path / "t"
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="{}"/></svg>'
    write(t / "icons" / "mystar.svg", svg.format("#0a0b0c"))
    write(t / "icons" / "flame.svg", svg.format("#0d0e0f"))
    d = deck(tmp_path, "- {name: A, icon: mystar}\n- {name: B, icon: flame}")
    result = build(d, "--templates", t, "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    fills = {s.fill for s in shapes((tmp_path / "o" / "deck" / "cards-en-a4.pdf").read_bytes(), 0)}
    assert (0x0A, 0x0B, 0x0C) in fills  # the user's own icon
    assert (0x0D, 0x0E, 0x0F) in fills  # the user's flame replaced the bundled one


def test_csv_cells_stay_as_written(tmp_path):
    (tmp_path / "c.csv").write_text('name,qty,text\nNaN,1,"two\nlines"\n007,1,1_000\n', encoding="utf-8")
    d = write(tmp_path / "d.yaml", "title: T\ncsv: c.csv\n")
    cards = load_deck(d).cards
    assert [c.fields["name"] for c in cards] == ["NaN", "007"]
    assert cards[0].fields["text"] == "two\nlines"
    assert cards[1].fields["text"] == "1_000"


def test_missing_key_is_named(tmp_path):
    d = write(tmp_path / "d.yaml", "cards: [{name: A}]\n")
    result = build(d, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "title: required key is missing" in result.output


def test_a_file_where_a_folder_must_go(tmp_path):
    out = tmp_path / "o"
    out.mkdir()
    (out / "deck").write_text("I am a file")
    result = build(deck(tmp_path), "--out", out)
    assert result.exit_code == 2 and "is a file, but a folder is needed" in result.output
    assert not (out / "manifest.json").exists()


def test_two_decks_with_one_name_would_collide(tmp_path):
    a = write(tmp_path / "a" / "cards.yaml", "title: A\ncards: [{name: A}]\n")
    b = write(tmp_path / "b" / "cards.yaml", "title: B\ncards: [{name: B}]\n")
    result = build(a, b, "--out", tmp_path / "o")
    assert result.exit_code == 2 and "would both write cards/cards-en-a4.pdf" in result.output
    assert not (tmp_path / "o").exists()


def test_game_options_for_another_game_are_refused(tmp_path):
    result = build("ganz-schon-clever", "--districts", "8", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "--districts does not apply to ganz-schon-clever" in result.output
    result = build(deck(tmp_path), "--count", "3", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "--count does not apply" in result.output


def test_whole_kit_leaves_out_games_that_cannot_take_the_player_count(tmp_path):
    result = runner.invoke(app, ["build", "--players", "5", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert "ganz-schon-clever: left out" in result.output
    assert not (tmp_path / "o" / "ganz-schon-clever").exists()
    assert list((tmp_path / "o" / "san-marco").rglob("board-en-a4.pdf"))


def test_unknown_schema_is_one_clear_error(tmp_path):
    d = write(tmp_path / "v.yaml", "schema: printkit/san-marko/1\nid: x\n")
    result = build(d, "--out", tmp_path / "o")
    assert result.exit_code == 2
    assert result.output.count("error:") == 1
    assert "v.yaml:1:9: schema: unknown schema 'printkit/san-marko/1'; known: printkit/san-marco/1" in result.output


def test_whole_kit_on_a3(tmp_path):
    result = build("--paper", "a3", "--out", tmp_path / "o")
    assert result.exit_code == 0, result.output
    board = (tmp_path / "o" / "san-marco" / "board-en-a3.pdf").read_bytes()
    assert len(all_text(board)) == 1  # the board fits one A3 page


def test_whole_kit_in_german_builds_every_game_with_german_texts(tmp_path):
    result = runner.invoke(app, ["build", "--lang", "de", "--out", str(tmp_path / "o"), "--count", "1"])
    assert result.exit_code == 0, result.output
    german = "".join(all_text((tmp_path / "o" / "ganz-schon-clever" / "score-sheets-de-a4.pdf").read_bytes()))
    assert "Ge" in german and "Li" in german  # the German area labels (Gelb, Lila), not the English Y and P
    assert all_text((tmp_path / "o" / "san-marco" / "rules-booklet-de-a4.pdf").read_bytes())[0].strip()


def test_nothing_left_to_build_is_an_error_and_writes_nothing(tmp_path):
    result = build("--players", "9", "--lang", "de", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "nothing to build" in result.output
    assert not (tmp_path / "o").exists()


def test_variant_options_with_a_definition_file_are_refused(tmp_path):
    from printkit.games.san_marco.definitions import CLASSIC

    result = build(CLASSIC, "--districts", "9", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "already defines its map" in result.output


def test_offsets_are_not_silently_ignored_with_fold(tmp_path):
    result = runner.invoke(app, ["build", str(deck(tmp_path)), "--duplex", "fold", "--offset-x", "1",
                                 "--out", str(tmp_path / "o")])
    assert result.exit_code == 0 and "not used" in result.output


def test_unknown_key_hint_names_the_right_schema(tmp_path):
    d = write(tmp_path / "d.yaml", "title: T\ncards: [{name: A}]\nfornt: x\n")
    assert "`printkit schema deck` lists the keys" in build(d, "--out", tmp_path / "o").output
