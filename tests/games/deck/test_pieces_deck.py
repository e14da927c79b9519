"""A user's deck declares pieces that are not cards (piece:, sections:): hex tiles, tokens, a board, a die, built
from the same templates and data as cards; bad declarations are errors naming file, line and column."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from devkit.readback import all_text, boxes_mm, char_styles, page_count, page_size_mm, paths
from printkit.cli import app
from tests.engine.deck_files import build, runner, write

HEX_TEMPLATE = """
background: "{{ card.colour }}"
elements:
  - id: frame
    polygon: {points: "{{ inset(piece.outline, 2) }}", stroke: "#ffffff"}
  - id: name
    text: {x: 6, y: "{{ piece.cy - 4 }}", w: "{{ width - 12 }}", h: 8, text: "{{ card.name }}", size: 10}
"""


def _board(tmp_path: Path, extra: str = "") -> tuple[Path, bytes | None, str]:
    """A 500 x 350 mm board (12 mm overlap, ``extra`` piece keys) built on A4: the deck file, its PDF (None when
    the build failed) and the build's output."""
    write(tmp_path / "board.yaml", """
        background: "#d9c9a3"
        elements:
          - text: {x: 20, y: 20, w: 200, h: 20, text: "{{ card.name }}", size: 24}
        """)
    deck = write(tmp_path / "deck.yaml", f"""
        title: Map
        piece: {{shape: board, width: 500mm, height: 350mm, overlap: 12mm{extra}}}
        front: board.yaml
        cards: [{{name: The valley}}]
        """)
    out = tmp_path / "out"
    result = build(deck, "-o", out)
    pdf = out / "deck" / "cards-en-a4.pdf"
    return deck, pdf.read_bytes() if result.exit_code == 0 else None, result.output


def _manifest(out: Path) -> dict[str, dict]:
    return {e["file"]: e for e in json.loads((out / "manifest.json").read_text())["files"]}


def test_sections_build_hexes_tokens_and_a_die_beside_the_cards(tmp_path: Path) -> None:
    write(tmp_path / "hex.yaml", HEX_TEMPLATE)
    write(tmp_path / "token.yaml", """
        background: "#2f5f8a"
        elements:
          - text: {x: 3, y: 7, w: "{{ width - 6 }}", h: 8, text: "{{ card.value }}", size: 12, color: "#ffffff"}
        """)
    write(tmp_path / "face.yaml", """
        background: "#f7f1e3"
        elements:
          - text: {x: 2, y: 4, w: "{{ width - 4 }}", h: 10, text: "{{ card.label }} of {{ card.face }}", size: 8}
        """)
    write(tmp_path / "hexes.csv", "name,qty,colour\nForest,5,#2f6b3a\nLake,2,#2f6f8f\n")
    deck = write(tmp_path / "deck.yaml", """
        title: Pieces
        back: null
        cards: [{name: Only card}]
        sections:
          - name: hexes
            piece: {shape: hex, corner_to_corner: 40mm}
            csv: hexes.csv
            front: hex.yaml
          - name: tokens
            piece: {shape: circle, diameter: 1in}
            cards: [{value: 1, qty: 30}, {value: 5, qty: 30}]
            front: token.yaml
          - name: die
            piece: {shape: die, side: 16mm}
            cards: [{label: a}, {label: b}, {label: c}, {label: d}, {label: e}, {label: f}]
            front: face.yaml
        """)
    out = tmp_path / "out"
    result = build(deck, "-o", out)
    assert result.exit_code == 0, result.output
    files = _manifest(out)
    counts = {name: (files[f"deck/{name}-en-a4.pdf"]["pieces"], files[f"deck/{name}-en-a4.pdf"]["pages"])
              for name in ("cards", "hexes", "tokens", "die")}
    # 25.4 mm tokens 6 mm apart: 6 across and 9 down inside A4's 6 mm margins, 54 a sheet; 60 tokens take two
    assert counts == {"cards": (1, 1), "hexes": (7, 1), "tokens": (60, 2), "die": (1, 1)}
    hexes = (out / "deck" / "hexes-en-a4.pdf").read_bytes()
    assert all_text(hexes)[0].count("Forest") == 5
    # corner to corner 40 mm is 40 √3/2 = 34.64 mm across the flats: 5 hexes a row (5 f + f/2 = 190.5 mm)
    f = 40 * math.sqrt(3) / 2
    trim = boxes_mm(hexes)["trim"]
    # 7 hexes: a row of 5, and a row of 2 shifted half a hex right, inside the first row's width
    assert trim[2] - trim[0] == pytest.approx(5 * f, abs=0.01)
    assert trim[3] - trim[1] == pytest.approx(40 + 0.75 * 40, abs=0.01)  # two rows: 2 sides + 1.5 sides
    die = (out / "deck" / "die-en-a4.pdf").read_bytes()
    assert all(f"{label} of {k}" in all_text(die)[0] for k, label in enumerate("abcdef", 1))


def test_a_board_larger_than_a4_tiles_over_four_sheets_with_the_declared_overlap(tmp_path: Path) -> None:
    _, pdf, output = _board(tmp_path)
    assert pdf is not None, output
    # landscape A4 inside 6 mm margins leaves 285 x 182 mm a tile (16 mm below for marks and text): columns
    # ceil((500 - 12) / (285 - 12)) = 2, rows ceil((350 - 12) / (182 - 12)) = 2; portrait would take 3 x 2
    assert page_count(pdf) == 4
    assert page_size_mm(pdf, 0) == pytest.approx((297, 210), abs=0.01)
    widths = [boxes_mm(pdf, i)["trim"][2] - boxes_mm(pdf, i)["trim"][0] for i in range(4)]
    heights = [boxes_mm(pdf, i)["trim"][3] - boxes_mm(pdf, i)["trim"][1] for i in range(4)]
    # two tiles a row, overlapping by 12 mm: each (500 - 12) / 2 + 12 wide, (350 - 12) / 2 + 12 high
    assert widths == pytest.approx([256.0] * 4, abs=0.01) and heights == pytest.approx([181.0] * 4, abs=0.01)
    assert widths[0] + widths[1] - 500 == pytest.approx(12.0, abs=0.01)
    # every tile says where it goes
    text = all_text(pdf)
    assert all("Map — " in t for t in text)


BAD_PIECES = [  # (the piece: mapping, line:column of what is at fault and its key path, the message's words)
    ("{shape: hex, diameter: 30mm}", "3:8: piece",
     "diameter is not for a hex; its keys: flat_to_flat, corner_to_corner, top"),
    ("{shape: hex}", "3:8: piece",
     "a hex is sized by flat_to_flat or corner_to_corner (mm), exactly one of them; found none"),
    ("{shape: hex, flat_to_flat: 30, corner_to_corner: 35}", "3:8: piece",
     "exactly one of them; found flat_to_flat, corner_to_corner"),
    ("{shape: board, width: 300}", "3:8: piece", "a board is sized by width and height (mm), both of them"),
    ("{shape: blob, side: 20}", "3:16: piece.shape",
     "'card', 'square', 'hex', 'circle', 'polygon', 'star', 'board' or 'die'"),
    ("{shape: circle, diameter: 2mm}", "3:34: piece.diameter", "greater than 5"),
    ("{shape: star, diameter: 30, sides: 5}", "3:8: piece",
     "sides is not for a star; its keys: diameter, points, inner"),
]


@pytest.mark.parametrize(("piece", "where", "message"), BAD_PIECES)
def test_a_bad_piece_declaration_is_an_error_at_its_line(tmp_path: Path, piece: str, where: str, message: str):
    deck = write(tmp_path / "deck.yaml", f"""
        title: Bad
        back: null
        piece: {piece}
        cards: [{{name: a}}]
        """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2, result.output
    # line and column of the value at fault: the piece: mapping, or the key inside it
    assert f"deck.yaml:{where}" in result.output and message in result.output, result.output
    assert not (tmp_path / "out" / "deck").exists()


def test_size_with_a_shaped_piece_and_a_die_short_of_faces_are_errors_naming_where(tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.yaml", """
        title: Bad
        back: null
        cards: [{name: a}]
        sections:
          - name: hexes
            size: poker
            piece: {shape: hex, flat_to_flat: 30}
            cards: [{name: b}]
          - name: dice
            piece: {shape: die, side: 15}
            cards: [{name: a, qty: 7}]
        """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "deck.yaml:6:" in result.output and "size: is for cards; a hex's size is given under piece:" in \
        result.output, result.output
    deck.write_text(deck.read_text().replace("    size: poker\n", ""))
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2
    # the die's piece: line, inside the second section
    flat = " ".join(result.output.split())
    assert "deck.yaml:9:" in flat and "a die takes six cards" in flat, result.output
    assert "found 7 (1 die and 1 left over): add 5 or remove 1" in flat, result.output


def test_section_names_must_differ(tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.yaml", """
        title: Bad
        cards: [{name: a}]
        sections:
          - {name: cards, piece: {shape: circle, diameter: 20}, cards: [{name: b}]}
        """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2 and "deck.yaml:4:" in result.output, result.output
    assert "section name 'cards' is used twice" in result.output, result.output


def test_the_safe_zone_of_a_hex_is_the_hex_moved_in(tmp_path: Path) -> None:
    # a word in the corner of the hex's box lies inside the box but outside the hex: a card would not warn
    write(tmp_path / "hex.yaml", """
        background: "#2f6b3a"
        elements:
          - id: corner
            text: {x: 1, y: 1, w: 8, h: 4, text: "X", size: 8}
          - id: middle
            text: {x: 10, y: 18, w: 20, h: 6, text: "Middle", size: 8}
        """)
    deck = write(tmp_path / "deck.yaml", """
        title: Safe
        back: null
        piece: {shape: hex, flat_to_flat: 40}
        safe_zone: 2mm
        front: hex.yaml
        cards: [{name: a}]
        """)
    result = runner.invoke(app, ["build", str(deck), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "hex.yaml: corner" in result.output and "outside the 2 mm safe zone" in result.output, result.output
    assert "middle" not in result.output


def test_the_designer_example_builds_its_token_and_hex_sheets_in_its_own_font_family(tmp_path: Path) -> None:
    deck = Path(__file__).resolve().parents[3] / "examples" / "designer-deck" / "deck.yaml"
    result = build(deck, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    files = _manifest(tmp_path)
    # pieces.xlsx: tokens 8 + 4 + 6 + 4, hexes 4 + 3 + 3 + 2, one die of six faces
    assert files["deck/tokens-en-a4.pdf"]["pieces"] == 22 and files["deck/hexes-en-a4.pdf"]["pieces"] == 12
    assert files["deck/die-en-a4.pdf"]["pieces"] == 1
    hexes = (tmp_path / "deck" / "hexes-en-a4.pdf").read_bytes()
    assert page_count(hexes) == 2  # the hexes and their backs
    styles = {(c.char, c.font) for c in char_styles(hexes, 0)}
    # **Forest** in the family's bold face, *1 wood* in its italic, the rest in its regular
    assert ("F", "DejaVuSerif-Bold") in styles and ("w", "DejaVuSerif-Italic") in styles
    assert ("G", "DejaVuSerif") in styles
    tokens = (tmp_path / "deck" / "tokens-en-a4.pdf").read_bytes()
    assert all_text(tokens)[0].count("Mana") == 12 and all_text(tokens)[0].count("Wound") == 6


def test_square_tiles_butt_on_a_grid_with_single_cut_lines(tmp_path: Path) -> None:
    write(tmp_path / "tile.yaml", """
        background: "#8a6a34"
        elements:
          - text: {x: 3, y: 10, w: "{{ width - 6 }}", h: 10, text: "{{ card.name }}", size: 9}
        """)
    deck = write(tmp_path / "deck.yaml", """
        title: Tiles
        back: null
        piece: {shape: square, side: 30mm}
        front: tile.yaml
        cards: [{name: Field, qty: 8}]
        """)
    out = tmp_path / "out"
    result = build(deck, "-o", out)
    assert result.exit_code == 0, result.output
    pdf = (out / "deck" / "cards-en-a4.pdf").read_bytes()
    assert _manifest(out)["deck/cards-en-a4.pdf"]["kind"] == "tiles"
    # 6 tiles of 30 mm across A4's 198 mm inside the margins, centred (15 mm each side), no gutter: 7 cuts, one
    # between each two neighbours
    marks = [p for p in paths(pdf, 0) if p.stroke == (0, 0, 0) and len(p.points) == 2]
    vertical = sorted({round(p.points[0][0], 2) for p in marks if abs(p.points[0][0] - p.points[1][0]) < 1e-6})
    assert vertical == [15.0 + 30 * k for k in range(7)]
    horizontal = sorted({round(p.points[0][1], 2) for p in marks if abs(p.points[0][1] - p.points[1][1]) < 1e-6})
    assert len(horizontal) == 3 and horizontal[1] - horizontal[0] == pytest.approx(30, abs=0.01)


def test_a_board_splits_where_the_designer_puts_its_seams(tmp_path: Path) -> None:
    deck, pdf, output = _board(tmp_path, ", seams: {x: [160, 330], y: [175]}")
    assert pdf is not None, output
    assert page_count(pdf) == 6  # three columns, two rows
    trims = [boxes_mm(pdf, i)["trim"] for i in range(6)]
    # each tile reaches 6 mm (half the overlap) past its seams: 0-166, 154-336, 324-500 across; 0-181, 169-350 down
    assert [round(t[2] - t[0], 2) for t in trims] == [166.0, 182.0, 176.0] * 2
    assert [round(t[3] - t[1], 2) for t in trims] == [181.0] * 6
    # a seam that leaves a part larger than the paper either way round is refused
    deck.write_text(deck.read_text().replace("x: [160, 330]", "x: [200]"))
    result = build(deck, "-o", tmp_path / "out2")
    assert result.exit_code == 2 and "the seams leave a part of the 500 x 350 mm board larger than A4" in \
        result.output, result.output
    deck.write_text(deck.read_text().replace("x: [200]", "x: [330, 160]"))
    result = build(deck, "-o", tmp_path / "out3")
    assert result.exit_code == 2 and "deck.yaml:2:" in result.output and "joins in order" in result.output


def test_a_section_is_written_in_the_decks_language_and_prints_in_the_one_asked_for(tmp_path: Path) -> None:
    write(tmp_path / "token.yaml", """
        background: "#2f5f8a"
        elements:
          - text: {x: 2, y: 8, w: "{{ width - 4 }}", h: 8, text: "{{ card.name }}", size: 8, color: "#ffffff"}
        """)
    deck = write(tmp_path / "deck.yaml", """
        title: Holzfäller
        language: de
        cards: [{name: Axt, name@en: Axe}]
        sections:
          - name: tokens
            piece: {shape: circle, diameter: 22mm}
            front: token.yaml
            back: null
            cards: [{name: Holz, name@en: Wood, qty: 3}]
        """)
    for lang, word, other in (("de", "Holz", "Wood"), ("en", "Wood", "Holz")):
        out = tmp_path / f"out-{lang}"
        result = build(deck, "-o", out, *(("--lang", lang) if lang == "en" else ()))
        assert result.exit_code == 0, result.output
        text = all_text((out / "deck" / f"tokens-{lang}-a4.pdf").read_bytes())[0]
        assert text.count(word) == 3 and other not in text


def test_a_section_hyphenates_as_the_deck_says(tmp_path: Path) -> None:
    # a 30 mm square tile's 22 mm text box cannot hold "Kartenspielregeln" at 9 pt on one line: with the deck's
    # hyphenate: de it breaks with a hyphen inside the word; the deck's own cards print nothing long
    write(tmp_path / "tile.yaml", """
        background: "#f7f1e3"
        elements:
          - text: {x: 4, y: 4, w: 22, h: 22, text: "{{ card.name }}", size: 9, min_size: 9, valign: top}
        """)
    deck = write(tmp_path / "deck.yaml", """
        title: Regeln
        language: de
        hyphenate: de
        cards: [{name: Axt}]
        sections:
          - name: tiles
            piece: {shape: square, side: 30mm}
            front: tile.yaml
            back: null
            cards: [{name: Kartenspielregeln Kartenspielregeln}]
        """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = all_text((tmp_path / "out" / "deck" / "tiles-de-a4.pdf").read_bytes())[0]
    words = text.split("\r\n")[0]  # the tile's text; the scale bar's line follows
    assert "\ufffe" in words and words.replace("\ufffe", "") == "Kartenspielregeln Kartenspielregeln", repr(words)
