"""A deck in a right-to-left language: the deck's `direction:` as every text's default (an element's own wins),
`align: start` at the right of a right-to-left card, the bundled family's missing Arabic named as an error, and a
bad direction refused at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app
from tests.engine.deck_files import build, write
from tests.engine.render.test_typeset import _origins

FONT = Path(__file__).resolve().parents[3] / "examples" / "polyglot-deck" / "fonts" / "DejaVuSans-RTL.ttf"


def _deck(tmp_path: Path, text: str, deck: str = "", element: str = "", font: str = "sans, rtl") -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    shutil.copy(FONT, tmp_path / "rtl.ttf")
    (tmp_path / "cards.csv").write_text(f'name,text\nA,"{text}"\n', encoding="utf-8")
    write(tmp_path / "front.yaml", f"""
        elements:
          - id: rules
            text: {{x: 4, y: 10, w: 55, h: 40, text: "{{{{ card.text }}}}", size: 12, align: start,
                    font: "{font}"{element}}}
        """)
    return write(tmp_path / "deck.yaml", "title: T\ndata: cards.csv\nfront: front.yaml\n"
                 "fonts:\n  rtl: {regular: rtl.ttf}\n" + deck)


def _line(tmp_path: Path, needle: str) -> list[tuple[str, float]]:
    """The card's characters on the baseline of ``needle`` (not the page's footer), left to right."""
    pdf = next((tmp_path / "out").rglob("cards-*.pdf"))
    chars = [c for c in _origins(pdf.read_bytes()) if c[0].strip()]
    y = next(c[2] for c in chars if c[0] == needle)
    return sorted(((ch, x) for ch, x, cy in chars if abs(cy - y) < 0.1), key=lambda c: c[1])


def test_a_decks_direction_is_every_texts_default_and_an_element_may_say_otherwise(tmp_path: Path) -> None:
    result = build(_deck(tmp_path / "rtl", "Win 12 gold!", "direction: rtl\n"), "-o", tmp_path / "rtl" / "out")
    assert result.exit_code == 0, result.output
    rtl = _line(tmp_path / "rtl", "W")
    assert "".join(ch for ch, _ in rtl) == "!Win12gold"  # the stop at the paragraph's end: the left
    own = _deck(tmp_path / "own", "Win 12 gold!", "direction: rtl\n", ", direction: ltr")
    result = build(own, "-o", tmp_path / "own" / "out")
    assert result.exit_code == 0, result.output
    ltr = _line(tmp_path / "own", "W")
    assert "".join(ch for ch, _ in ltr) == "Win12gold!"
    assert ltr[0][1] < rtl[0][1] - 20  # align: start is the left edge in left-to-right text, the right in rtl


def test_hebrew_with_auto_direction_stands_at_the_right_of_the_card(tmp_path: Path) -> None:
    result = build(_deck(tmp_path, "שלום 3 עולם"), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    line = _line(tmp_path, "ש")
    assert "".join(ch for ch, _ in line) == "םלוע3םולש"
    ltr = build(_deck(tmp_path / "ltr", "שלום 3 עולם", element=", direction: ltr"), "-o", tmp_path / "ltr" / "out")
    assert ltr.exit_code == 0, ltr.output
    # set left to right the same line starts at the card's left edge; right to left, well to the right of it
    assert _line(tmp_path / "ltr", "ש")[0][1] < line[0][1] - 20


def test_arabic_in_the_bundled_family_alone_is_an_error_naming_the_card(tmp_path: Path) -> None:
    result = build(_deck(tmp_path, "اربح 3 نقاط Gold", font="sans"), "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "Arabic" in result.output and "card 1" in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))


def test_a_bad_direction_is_refused_at_its_line(tmp_path: Path) -> None:
    result = build(_deck(tmp_path, "abc", "direction: sideways\n"), "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "deck.yaml:6" in result.output and "direction" in result.output
    element = build(_deck(tmp_path / "el", "abc", element=", direction: up"), "-o", tmp_path / "el" / "out")
    assert element.exit_code == 2
    assert "front.yaml" in element.output and "direction" in element.output


def test_the_safe_zone_judges_a_right_to_left_line_where_it_is_set(tmp_path: Path) -> None:
    """A box from 1 mm to 59 mm on a 63 mm card, a 3 mm safe zone, align: start: an English line starts at 1 mm (2 mm
    past the zone), a Hebrew one ends at 59 mm, inside it."""
    shutil.copy(FONT, tmp_path / "rtl.ttf")
    write(tmp_path / "front.yaml", """
        elements:
          - id: rules
            text: {x: 1, y: 10, w: 58, h: 10, text: "{{ card.text }}", size: 12, align: start, font: "sans, rtl"}
        """)
    deck = write(tmp_path / "deck.yaml", """
        title: T
        front: front.yaml
        back: null
        safe_zone: 3mm
        fonts:
          rtl: {regular: rtl.ttf}
        cards:
          - {name: A, text: "Win 3"}
          - {name: B, text: "שלום 3"}
        """)
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "safe zone" in line]
    assert len(lines) == 1 and "2.0 mm outside the 3 mm safe zone" in lines[0]
    assert "card 1 (A)" in lines[0] and "card 2" not in lines[0]


def test_hebrew_too_long_for_its_box_is_reported_as_any_text_is(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, "שלום עולם " * 150)), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "front.yaml: rules: does not fit its 55.0 x 40.0 mm box even at 6 pt" in result.output
    assert "card 1 (A)" in result.output
