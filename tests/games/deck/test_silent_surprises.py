"""The designer's silent surprises, each now said out loud: capitalised headers in every source, a sheet that
must be named, a misspelt --where field, an unknown inline icon, a face a font family lacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import all_text, char_styles
from printkit.cli import app
from tests.engine.workbooks import write_ods, write_xlsx

CAPITALISED = [["Name", "Qty", "Type", "Text", "Colour"],
               ["Fireball", 3, "Spell", "Deal 3 damage.", "red"],
               ["Frost Ward", 2, "Spell", "Prevent 2 damage.", "blue"],
               ["Grove", 4, "Place", "Draw a card.", "green"]]


def _deck(tmp: Path, body: str) -> Path:
    p = tmp / "deck.yaml"
    p.write_text("title: Surprises\n" + body, encoding="utf-8")
    return p


def _build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["build", *args, "-q"])
    return result.exit_code, result.output


@pytest.mark.parametrize("writer,suffix", [(write_xlsx, "xlsx"), (write_ods, "ods")])
def test_capitalised_spreadsheet_headers_count_copies_and_warn_unread(tmp_path: Path, writer, suffix: str) -> None:
    writer(tmp_path / f"cards.{suffix}", {"Cards": CAPITALISED})
    p = _deck(tmp_path, f"data: cards.{suffix}\n")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    # 3 + 2 + 4 copies: Qty is the quantity column although written with a capital
    assert text.count("Fireball") == 3 and text.count("Frost Ward") == 2 and text.count("Grove") == 4
    assert "no template reads colour" in result.output


def test_capitalised_csv_headers_agree_with_the_spreadsheet(tmp_path: Path) -> None:
    (tmp_path / "cards.csv").write_text("\n".join(",".join(str(v) for v in r) for r in CAPITALISED), "utf-8")
    code, out = _build(str(_deck(tmp_path, "data: cards.csv\n")), "-o", str(tmp_path / "out"))
    assert code == 0, out
    text = "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert text.count("Grove") == 4


def test_headers_equal_but_for_case_are_refused(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [["Name", "name"], ["A", "B"]]})
    code, out = _build(str(_deck(tmp_path, "data: cards.xlsx\n")), "-o", str(tmp_path / "out"))
    assert code == 2
    assert "column B: the header 'name' is already column A (names are matched ignoring case)" in out


def test_sheet_left_out_of_a_workbook_of_several_lists_them(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Notes": [["read me"]], "Cards": CAPITALISED})
    code, out = _build(str(_deck(tmp_path, "data: cards.xlsx\n")), "-o", str(tmp_path / "out"))
    assert code == 2
    assert "cards.xlsx" in out and "sheet not given; sheets: Notes, Cards" in out


def test_where_with_a_misspelt_field_names_the_fields(tmp_path: Path) -> None:
    write_xlsx(tmp_path / "cards.xlsx", {"Cards": CAPITALISED})
    p = str(_deck(tmp_path, "data: cards.xlsx\n"))
    for expr in ("typ == 'Spell'", "card.typ == 'Spell'", "card['typ'] == 'Spell'"):
        code, out = _build(p, "-o", str(tmp_path / "out"), "--where", expr)
        assert code == 2, expr
        assert "no field `typ`; fields: name, type, text, colour, index, copy" in " ".join(out.split()), out
    code, out = _build(p, "-o", str(tmp_path / "out"), "--where", "type == 'Place' and card.qty != 0 or index > 8")
    assert code == 2 and "no field `qty`" in out  # the quantity column is not a card field
    code, out = _build(p, "-o", str(tmp_path / "out"), "--where", "type == 'Place' or name.startswith('Fi')")
    assert code == 0, out
    pdf = next((tmp_path / "out" / "deck").glob("cards-where-*.pdf")).read_bytes()
    text = "".join(all_text(pdf))
    assert text.count("Grove") == 4 and text.count("Fireball") == 3 and "Frost" not in text


@pytest.mark.parametrize("element", [
    "text: {x: 5, y: 5, w: 50, h: 20, text: 'Deal 3 :fire: damage.'}",
    "icon: {name: fire, x: 5, y: 5, w: 10, h: 10}",
])
def test_unknown_icon_inline_or_element_suggests_the_near_name(tmp_path: Path, element: str) -> None:
    (tmp_path / "front.yaml").write_text(f"elements:\n  - {element}\n", encoding="utf-8")
    p = _deck(tmp_path, "front: front.yaml\ncards:\n  - {name: Fireball}\n")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 2
    flat = " ".join(out.split())
    assert "card 1 (Fireball, " in flat and "deck.yaml" in flat
    assert "fire" in flat and "did you mean `flame`?" in flat
    assert not (tmp_path / "out" / "deck").exists()


def test_times_and_known_icons_inline_still_print(tmp_path: Path) -> None:
    (tmp_path / "front.yaml").write_text("elements:\n  - text: {x: 5, y: 5, w: 50, h: 20, text: "
                                         "'At 10:30: gain 1 :flame: now.'}\n", encoding="utf-8")
    p = _deck(tmp_path, "front: front.yaml\ncards:\n  - {name: Fireball}\n")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 0, out
    text = "".join(all_text((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert "10:30:" in text and ":flame:" not in text


FONT_DIR = Path(__file__).resolve().parents[3] / "printkit" / "fonts"
# The bundled faces stand in for a designer's own family: four files with four PostScript names.
FAMILY = {"regular": "NotoSansTC-Regular.ttf", "bold": "NotoSansTC-Bold.ttf", "italic": "NotoSans-Italic.ttf",
          "bold_italic": "NotoSans-BoldItalic.ttf"}


def _family_deck(tmp: Path, styles: tuple[str, ...], text: str, font: str = "body") -> Path:
    (tmp / "fonts").mkdir(exist_ok=True)
    lines = []
    for style in styles:
        (tmp / "fonts" / FAMILY[style]).write_bytes((FONT_DIR / FAMILY[style]).read_bytes())
        lines.append(f"    {style}: fonts/{FAMILY[style]}")
    (tmp / "front.yaml").write_text("elements:\n  - id: rules\n    text: {x: 5, y: 5, w: 50, h: 30, text: "
                                    f"'{{{{ card.text }}}}', font: '{font}'}}\n", encoding="utf-8")
    return _deck(tmp, "front: front.yaml\nfonts:\n  body:\n" + "\n".join(lines) + "\n"
                      f"cards:\n  - {{name: Swift, text: '{text}'}}\n")


def _runs_by_font(pdf: bytes) -> dict[str, str]:
    """The characters printed on page 1, per font name (subset tag removed)."""
    out: dict[str, str] = {}
    for c in char_styles(pdf):
        out[c.font] = out.get(c.font, "") + c.char
    return out


def test_declared_family_sets_bold_and_italic_runs_in_their_faces(tmp_path: Path) -> None:
    p = _family_deck(tmp_path, ("regular", "bold", "italic", "bold_italic"),
                     "**Swift.** Move *twice* then ***strike***.")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 0, out
    runs = _runs_by_font((tmp_path / "out" / "deck" / "cards-en-a4.pdf").read_bytes())
    assert "Swift." in runs.get("NotoSansTC-Bold", ""), runs
    assert "twice" in runs.get("NotoSans-Italic", ""), runs
    assert "strike" in runs.get("NotoSans-BoldItalic", ""), runs
    assert "Move" in runs.get("NotoSansTC-Regular", ""), runs


@pytest.mark.parametrize("text,style", [("**Swift.** Move.", "bold"), ("Move *twice*.", "italic"),
                                        ("***Both***", "bold italic")])
def test_a_face_the_family_lacks_is_an_error_naming_the_card(tmp_path: Path, text: str, style: str) -> None:
    p = _family_deck(tmp_path, ("regular",), text)
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 2, out
    flat = " ".join(out.split())
    assert "card 1 (Swift, " in flat and "deck.yaml" in flat
    assert f"asks for {style}, but the font `body` has no {style} face" in flat


def test_one_font_file_with_bold_markup_is_an_error_not_regular(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Title.ttf").write_bytes((FONT_DIR / FAMILY["regular"]).read_bytes())
    (tmp_path / "front.yaml").write_text("elements:\n  - text: {x: 5, y: 5, w: 50, h: 30, text: '**Swift.**', "
                                         "font: fonts/Title.ttf}\n", encoding="utf-8")
    p = _deck(tmp_path, "front: front.yaml\ncards:\n  - {name: Swift}\n")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 2
    assert "the font `Title.ttf` has no bold face" in " ".join(out.split())


def test_unknown_family_name_is_named(tmp_path: Path) -> None:
    p = _family_deck(tmp_path, ("regular",), "plain", font="serif")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 2
    assert "no font family `serif`; the deck declares: body" in " ".join(out.split())


def test_two_decks_named_alike_never_replace_each_other(tmp_path: Path) -> None:
    decks = []
    for sub, name in (("a", "Alpha"), ("b", "Beta")):
        (tmp_path / sub).mkdir()
        decks.append(_deck(tmp_path / sub, f"cards:\n  - {{name: {name}}}\n"))
    out = tmp_path / "out"
    code, text = _build(str(decks[0]), "-o", str(out))
    assert code == 0, text
    first = (out / "deck" / "cards-en-a4.pdf").read_bytes()
    code, text = _build(str(decks[1]), "-o", str(out))
    flat = " ".join(text.split())
    assert code == 2
    assert f"was built from {decks[0].resolve()}; building {decks[1].resolve()} would replace it" in flat
    assert (out / "deck" / "cards-en-a4.pdf").read_bytes() == first
    code, text = _build(str(decks[0]), "-o", str(out))  # the same deck again rebuilds in place
    assert code == 0, text
    code, text = _build(str(decks[0]), str(decks[1]), "-o", str(tmp_path / "both"))  # both in one run
    assert code == 2 and "would both write" in text and str(decks[0]) in " ".join(text.split())


def test_watch_only_leaves_the_whole_decks_preview_alone(tmp_path: Path) -> None:
    cards = "".join(f"  - {{name: Card{n}}}\n" for n in range(1, 13))
    p = _deck(tmp_path, "back: null\ncards:\n" + cards)
    out = tmp_path / "out"
    code, text = _build(str(p), "-o", str(out), "--png")
    assert code == 0, text
    whole = out / "deck" / "png" / "cards-en-a4-p01.png"
    before = whole.read_bytes()
    code, text = _build(str(p), "-o", str(out), "--only", "12", "--watch", "--watch-limit", "1")
    assert code == 0, text
    assert whole.read_bytes() == before
    assert (out / "deck" / "png" / "cards-only-12-en-a4-p01.png").is_file()
    assert (out / "deck" / "png" / "cards-en-a4-p02.png").is_file()  # the whole deck's second page stays too


def test_a_bold_face_lacking_a_character_its_regular_has_is_an_error_naming_card_and_character(tmp_path: Path
                                                                                                ) -> None:
    # the bundled bold holds no katakana: a family of the two asks bold of カ and ド and has them only regular
    p = _family_deck(tmp_path, ("regular", "bold"), "**カードを引く。** Move.")
    code, out = _build(str(p), "-o", str(tmp_path / "out"))
    assert code == 2, out
    flat = " ".join(out.split())
    assert "card 1 (Swift, " in flat
    assert "asks for bold, but the bold face of `body` has no glyph for 'カ' (U+30AB), 'ー' (U+30FC), 'ド' (U+30C9)" \
        in flat


def test_bundled_bold_kana_set_in_the_regular_weight_is_said_with_card_and_character(tmp_path: Path) -> None:
    (tmp_path / "front.yaml").write_text("elements:\n  - text: {x: 5, y: 5, w: 50, h: 30, text: '{{ card.text }}'}\n",
                                         encoding="utf-8")
    p = _deck(tmp_path, "language: ja\nfront: front.yaml\ncards:\n  - {name: 火, text: '**カードを引く。**'}\n")
    result = CliRunner().invoke(app, ["build", str(p), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "warning: deck/cards: card 1 (火, " in flat
    assert "the bundled bold face has no glyph for 'カ' (U+30AB), 'ー' (U+30FC), 'ド' (U+30C9); set in the regular " \
           "weight in 'カードを引く。'" in flat
    runs = _runs_by_font((tmp_path / "out" / "deck" / "cards-ja-a4.pdf").read_bytes())
    assert "カ" in runs.get("NotoSansTC-Regular", "") and "を引" in runs.get("NotoSansTC-Bold", ""), runs
