"""An error about a card's value names the cell the value came from: the file, the row (or line), the column's
letter and header, whichever source the cards come from (CSV, xlsx, inline cards, a column or file per language),
never the quantity column the row's own problems point at."""

from __future__ import annotations

from pathlib import Path

from tests.engine.deck_files import build, write
from tests.engine.workbooks import write_xlsx

FRONT = """
    elements:
      - id: title
        text: {x: 4, y: 4, w: 55, h: 10, text: "{{ card.name }}", size: 12}
      - id: rules
        text: {x: 4, y: 20, w: 55, h: 20, text: "{{ card.text }}", size: 9}
      - id: band
        rect: {x: 0, y: 60, w: 63, h: 4, fill: "{{ card.band }}"}
"""
HEADER = ["Name", "Qty", "Type", "Cost", "Band", "Text"]  # the text in column F, the quantity in B
GOOD = ["Frost", 2, "Spell", 1, "#224466", "Prevent 2."]
BAD_ICON = ["Fireball", 3, "Spell", 3, "#aa2200", "Deal :fire: damage."]


def _deck(tmp: Path, data: str) -> Path:
    write(tmp / "front.yaml", FRONT)
    return write(tmp / "deck.yaml", f"title: T\nback: null\nfront: front.yaml\ndata: {data}\n")


def _one_line(output: str) -> str:
    return " ".join(output.split())


def test_a_bad_text_in_an_xlsx_names_its_cell_not_the_quantity(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [HEADER, GOOD, BAD_ICON]})
    result = build(_deck(tmp_path, "cards.xlsx"), "-o", tmp_path / "out")
    assert result.exit_code == 2
    out = _one_line(result.output)
    assert "cards.xlsx: sheet 'Cards', row 3, column F (text)): no inline icon `:fire:`" in out
    assert "(qty)" not in out


def test_a_bad_text_in_a_csv_names_its_line_and_column(tmp_path: Path) -> None:
    rows = [HEADER, GOOD, BAD_ICON]
    write(tmp_path / "cards.csv", "\n".join(",".join(str(v) for v in r) for r in rows) + "\n")
    result = build(_deck(tmp_path, "cards.csv"), "-o", tmp_path / "out")
    assert result.exit_code == 2
    out = _one_line(result.output)
    assert "card 3 (Fireball, " in out and "cards.csv:3, column F (text)): no inline icon `:fire:`" in out


def test_a_bad_colour_names_the_colour_s_column(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [HEADER, GOOD, ["Mud", 1, "Place", 0, "#12345", "Sink."]]})
    result = build(_deck(tmp_path, "cards.xlsx"), "-o", tmp_path / "out")
    assert result.exit_code == 2
    out = _one_line(result.output)
    assert "card 3 (Mud, " in out and "sheet 'Cards', row 3, column E (band)): '#12345' is not a colour" in out


def test_a_value_a_template_cannot_use_names_its_cell(tmp_path: Path) -> None:
    write(tmp_path / "front.yaml", """
        elements:
          - text: {x: 4, y: 4, w: 55, h: 10, text: "{{ card.name }}", size: "{{ card.size }}"}
    """)
    deck = write(tmp_path / "deck.yaml", """
        title: T
        back: null
        front: front.yaml
        cards:
          - {name: Fireball, size: 9}
          - name: Frost
            size: huge
    """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2
    out = _one_line(result.output)
    # the second card starts on line 6 with its name (value at column 11); its size is on line 7
    assert "card 2 (Frost, " in out and "deck.yaml:6, column 11 (name); " in out
    assert "deck.yaml:7:11 (size)): text: size:" in out and "'huge'" in out


def test_a_translated_text_names_its_own_column_or_translations_file(tmp_path: Path) -> None:
    write(tmp_path / "front.yaml", FRONT)
    write(tmp_path / "cards.csv", """
        name,qty,text,text@de,band
        Fireball,1,Deal 3.,Verursacht :feuer: Schaden.,#aa2200
    """)
    write(tmp_path / "ja.yaml", """
        cards:
          Fireball: {text: ":hi: 3ダメージ"}
    """)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ndata: cards.csv\n"
                                         "translations: {ja: ja.yaml}\n")
    result = build(deck, "--lang", "de", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.csv:2, column D (text@de)): no inline icon `:feuer:`" in _one_line(result.output)
    result = build(deck, "--lang", "ja", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "ja.yaml:2:20 (text)): no inline icon `:hi:`" in _one_line(result.output)
