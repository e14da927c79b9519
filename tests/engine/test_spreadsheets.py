"""Cards from .xlsx, .xls and .ods: sheet by name, header row, qty; errors name the sheet, row and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app
from printkit.engine.errors import InputError
from printkit.games.deck.definition import load_deck

from .workbooks import write_ods, write_xls, write_xlsx

ROWS = [["name", "qty", "type", "text"],
        ["Fireball", 3, "Spell", "Deal **3** damage."],
        ["Frost Ward", 2, "Spell", "Prevent 2 damage."],
        [None, None, None, None],
        ["心靈之泉", 1, "法術", "抽兩張牌。"]]


def _deck(tmp: Path, data: str, extra: str = "") -> Path:
    p = tmp / "deck.yaml"
    p.write_text(f"title: Sheet deck\ndata: {data}\n{extra}", encoding="utf-8")
    return p


@pytest.mark.parametrize("writer,suffix", [(write_xlsx, "xlsx"), (write_ods, "ods"), (write_xls, "xls")])
def test_cards_by_sheet_name_with_quantities(tmp_path: Path, writer, suffix: str) -> None:
    writer(tmp_path / f"cards.{suffix}", {"Notes": [["ignore me"]], "Cards": ROWS})
    deck = load_deck(_deck(tmp_path, f"cards.{suffix}", "sheet: Cards\n"))
    assert [c.fields["name"] for c in deck.cards] == ["Fireball"] * 3 + ["Frost Ward"] * 2 + ["心靈之泉"]
    assert deck.cards[0].fields["type"] == "Spell"


def test_header_row_and_built_pdf_text(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [["My prototype, v3"], *ROWS]})
    p = _deck(tmp_path, "cards.xlsx", "sheet: Cards\nheader_row: 2\n")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()
    text = "".join(all_text(pdf))
    assert text.count("Fireball") == 3 and "心靈之泉" in text and "Deal 3 damage." in text


def test_legacy_xls_builds_and_names_a_bad_cell(tmp_path: Path) -> None:
    write_xls(tmp_path / "cards.xls", {"Cards": ROWS})
    p = _deck(tmp_path, "cards.xls", "sheet: Cards\n")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    text = "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert text.count("Frost Ward") == 2 and "抽兩張牌。" in text
    write_xls(tmp_path / "cards.xls", {"Cards": [*ROWS[:2], ["Hex", "lots", "Spell", "x"]]})
    with pytest.raises(InputError) as err:
        load_deck(p)
    assert "sheet 'Cards', row 3, column B (qty)" in str(err.value)


def test_bad_quantity_names_sheet_row_and_column(tmp_path: Path) -> None:
    rows = [r[:] for r in ROWS]
    rows[2][1] = "lots"
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": rows})
    with pytest.raises(InputError) as exc:
        load_deck(_deck(tmp_path, "cards.xlsx"))
    assert "sheet 'Cards', row 3, column B (qty): quantity must be a whole number; found 'lots'" in str(exc.value)


def test_unknown_sheet_lists_the_sheets(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": ROWS, "Tokens": ROWS})
    with pytest.raises(InputError) as exc:
        load_deck(_deck(tmp_path, "cards.xlsx", "sheet: Spells\n"))
    assert "no sheet named 'Spells'; the sheets are 'Cards', 'Tokens'" in str(exc.value)


def test_value_without_header_and_empty_header(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "a.xlsx", {"S": [["name", "qty"], ["A", 1, "stray"]]})
    with pytest.raises(InputError) as exc:
        load_deck(_deck(tmp_path, "a.xlsx"))
    assert "sheet 'S', row 2, column C: a value in a column with no header" in str(exc.value)
    write_xlsx(tmp_path / "b.xlsx", {"S": [["name", None, "qty"], ["A", "x", 1]]})
    with pytest.raises(InputError) as exc:
        load_deck(_deck(tmp_path, "b.xlsx"))
    assert "sheet 'S', row 1, column B: this header cell is empty" in str(exc.value)


def test_damaged_spreadsheet_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "cards.xlsx").write_bytes(b"not a zip at all")
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, "cards.xlsx")), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2
    assert "cannot read this spreadsheet" in result.output


def test_sheet_setting_on_a_csv_is_refused(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("name,qty\nA,1\n", encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_deck(_deck(tmp_path, "cards.csv", "sheet: Cards\n"))
    assert "sheet: and header_row: are for spreadsheets" in str(exc.value)
