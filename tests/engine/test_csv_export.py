"""CSV files as spreadsheets export them: other delimiters, headers in any case, columns that do not match."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app
from printkit.games.deck.definition import load_deck

runner = CliRunner()


def export(rows: list[list[str]], delimiter: str) -> str:
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return buf.getvalue()


NAMES = st.text(alphabet=st.sampled_from("abcXYZ ;,'é火"), min_size=1, max_size=8).filter(lambda s: s.strip())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(delimiter=st.sampled_from([",", ";", "\t", "|"]),
       header=st.sampled_from([("name", "qty"), ("Name", "Qty"), ("NAME", "QTY"), ("Name", "qty")]),
       cards=st.lists(st.tuples(NAMES, st.integers(0, 3)), min_size=1, max_size=6))
def test_any_delimiter_and_header_case_gives_the_same_cards(tmp_path, delimiter, header, cards):
    (tmp_path / "cards.csv").write_text(export([list(header), *[[n, str(q)] for n, q in cards]], delimiter),
                                        encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\ncsv: cards.csv\n", encoding="utf-8")
    loaded = load_deck(deck)
    expected = [n.strip() for n, q in cards for _ in range(q)]
    assert [str(c.fields["name"]).strip() for c in loaded.cards] == expected


def test_an_excel_semicolon_export_prints_its_names(tmp_path):
    (tmp_path / "cards.csv").write_text("Name;Qty;Text\r\nFireball;2;Deal 3 damage\r\n\"Ice; Bolt\";1;Freeze\r\n",
                                        encoding="utf-8-sig")
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\ncsv: cards.csv\n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    text = "\n".join(all_text((tmp_path / "o" / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert text.count("Fireball") == 2 and "Ice; Bolt" in text and "Deal 3 damage" in text
    assert "(3 cards, 1 page)" in result.output
    assert "warning" not in result.output


def test_unused_columns_and_missing_fields_are_warned_about(tmp_path):
    (tmp_path / "cards.csv").write_text("name,qty,txet,flavour\nA,1,oops,x\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\ncsv: cards.csv\n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 0
    assert "cards.csv: no template reads flavour, txet" in result.output
    assert "the templates print card.text, but no card has it" in result.output
    quiet = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o2")])
    assert quiet.output == ""


def test_a_header_naming_a_column_twice_in_different_case_is_an_error(tmp_path):
    (tmp_path / "cards.csv").write_text("name,Name\nA,B\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\ncsv: cards.csv\n", encoding="utf-8")
    result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and f"{tmp_path / 'cards.csv'}:1:2" in result.output and "twice" in result.output


def test_wrong_column_count_names_the_delimiter(tmp_path: Path):
    (tmp_path / "cards.csv").write_text("name;qty\nA;1\nB;2;3\n", encoding="utf-8")
    deck = tmp_path / "deck.yaml"
    deck.write_text("title: T\nback: null\ncsv: cards.csv\n", encoding="utf-8")
    result = runner.invoke(app, ["build", "-q", str(deck), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and ":3:1" in result.output and "';'" in result.output
