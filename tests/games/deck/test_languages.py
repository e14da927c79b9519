"""A designer's deck in any language: a column per language (name@de) or a file per language, built with
--lang; the texts read back from the PDF, the file names, and what an unknown or missing language says."""

from __future__ import annotations

from pathlib import Path

from devkit.readback import all_text
from printkit.cli import app
from tests.engine.deck_files import build, runner, write

CARDS = """
    name,name@de,text,text@de,qty
    Fireball,Feuerball,Deal 3 damage.,Verursacht 3 Schaden.,1
    Frost Ward,Frostschild,Prevent 2 damage.,Verhindere 2 Schaden.,2
"""
# Japanese and Traditional Chinese in files of their own, beside the deck
JA = """
    title: 多言語デッキ
    cards:
      Fireball: {name: ファイアボール, text: 3ダメージを与える。}
      Frost Ward: {name: 氷の盾, text: 2ダメージを防ぐ。}
"""
ZH = """
    cards:
      Fireball: {name: 火球術, text: 造成 3 點傷害。}
      Frost Ward: {name: 寒冰護盾, text: 防止 2 點傷害。}
"""
FRONT = """
    elements:
      - id: title
        text: {x: 4, y: 4, w: 55, h: 10, text: "{{ card.name }}", size: 12}
      - id: rules
        text: {x: 4, y: 20, w: 55, h: 20, text: "{{ card.text }}", size: 9}
      - id: label
        text: {x: 4, y: 50, w: 55, h: 8, text: "{{ style.cost }}", size: 9}
"""


def _deck(tmp: Path, extra: str = "", cards: str = CARDS) -> Path:
    write(tmp / "cards.csv", cards)
    write(tmp / "strings" / "ja.yaml", JA)
    write(tmp / "strings" / "zh-TW.yaml", ZH)
    write(tmp / "front.yaml", FRONT)
    return write(tmp / "deck.yaml", f"""
        title: Polyglot
        back: null
        front: front.yaml
        data: cards.csv
        style: {{cost: Cost, cost@de: Kosten, cost@ja: コスト, cost@zh-TW: 費用}}
        translations: {{ja: strings/ja.yaml, zh-tw: strings/zh-TW.yaml}}
        {extra}
    """)


def _text(path: Path) -> str:
    return "\n".join(all_text(path.read_bytes()))


def test_each_language_prints_its_own_texts_into_a_file_of_its_own(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    out = tmp_path / "out"
    for lang in ("en", "de", "ja", "zh-TW"):
        result = build(deck, "--lang", lang, "-o", out)
        assert result.exit_code == 0, result.output
    en, de = _text(out / "deck" / "cards-en-a4.pdf"), _text(out / "deck" / "cards-de-a4.pdf")
    ja, zh = _text(out / "deck" / "cards-ja-a4.pdf"), _text(out / "deck" / "cards-zh-TW-a4.pdf")
    assert en.count("Frost Ward") == 2 and "Deal 3 damage." in en and "Cost" in en
    assert de.count("Frostschild") == 2 and "Verursacht 3 Schaden." in de and "Kosten" in de
    assert "Fireball" not in de and "Deal" not in de
    assert "ファイアボール" in ja and ja.count("氷の盾") == 2 and "3ダメージを与える。" in ja and "コスト" in ja
    assert "火球術" in zh and "造成 3 點傷害。" in zh and "費用" in zh and "Fireball" not in zh


def test_a_lower_cased_language_tag_names_the_same_file(tmp_path: Path) -> None:
    # a spreadsheet's headers are read in lower case: name@zh-tw and --lang zh-tw are zh-TW
    write(tmp_path / "cards.csv", "name,name@zh-tw,text,text@zh-tw\nFireball,火球術,Deal 3.,造成 3 點傷害。\n")
    write(tmp_path / "front.yaml", FRONT)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ndata: cards.csv\n")
    result = build(deck, "--lang", "zh-tw", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "火球術" in _text(tmp_path / "out" / "deck" / "cards-zh-TW-a4.pdf")


def test_an_unknown_language_names_the_ones_the_deck_has(tmp_path: Path) -> None:
    result = build(_deck(tmp_path), "--lang", "fr", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "--lang fr: this deck has texts in en, de, ja, zh-TW" in result.output
    assert not (tmp_path / "out" / "deck").exists()


def test_a_lang_that_is_not_a_language_tag_is_refused(tmp_path: Path) -> None:
    result = build(_deck(tmp_path), "--lang", "german!", "-o", tmp_path / "out")
    assert result.exit_code == 2 and "--lang takes a language tag" in result.output and "'german!'" in result.output


def test_a_missing_translation_names_card_field_and_row(tmp_path: Path) -> None:
    cards = CARDS.replace("Frost Ward,Frostschild,Prevent 2 damage.,Verhindere 2 Schaden.",
                          "Frost Ward,Frostschild,Prevent 2 damage.,")
    result = build(_deck(tmp_path, cards=cards), "--lang", "de", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.csv:3" in result.output
    assert "card 'Frost Ward' has no de text for `text` (column text@de" in result.output
    assert "'Prevent 2 damage.' in en" in result.output


def test_placeholders_print_the_deck_s_own_text_for_a_missing_translation_and_warn(tmp_path: Path) -> None:
    cards = CARDS.replace("Frost Ward,Frostschild,Prevent 2 damage.,Verhindere 2 Schaden.",
                          "Frost Ward,Frostschild,Prevent 2 damage.,")
    out = tmp_path / "out"
    result = build(_deck(tmp_path, cards=cards), "--lang", "de", "--placeholders", "-o", out)
    assert result.exit_code == 0, result.output
    de = _text(out / "deck" / "cards-de-a4.pdf")
    assert de.count("Frostschild") == 2 and de.count("Prevent 2 damage.") == 2 and "Verursacht" in de


def test_a_translations_file_naming_a_card_the_deck_lacks_is_an_error_at_its_line(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    write(tmp_path / "strings" / "ja.yaml", JA + "      Firebal: {name: 誤字}\n")
    result = build(deck, "--lang", "ja", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "ja.yaml:5:" in result.output and "no card has name 'Firebal'" in result.output


def test_a_deck_in_japanese_prints_japanese_without_lang(tmp_path: Path) -> None:
    write(tmp_path / "front.yaml", FRONT)
    deck = write(tmp_path / "deck.yaml", """
        title: 和
        back: null
        front: front.yaml
        language: ja
        cards:
          - {name: 火の玉, name@en: Fireball, text: 3ダメージ, text@en: Deal 3}
    """)
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "火の玉" in _text(tmp_path / "out" / "deck" / "cards-ja-a4.pdf")
    assert not (tmp_path / "out" / "deck" / "cards-en-a4.pdf").exists()
    result = build(deck, "--lang", "en", "-o", tmp_path / "out")
    assert "Fireball" in _text(tmp_path / "out" / "deck" / "cards-en-a4.pdf")


def test_a_display_font_without_the_language_s_script_is_caught_with_a_way_out(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    font = Path(__file__).resolve().parents[3] / "examples" / "designer-deck" / "fonts" / "AmaticSC-Bold.ttf"
    (tmp_path / "Amatic.ttf").write_bytes(font.read_bytes())
    write(tmp_path / "front.yaml", FRONT.replace("size: 12}", "size: 12, font: Amatic.ttf}"))
    result = build(deck, "--lang", "ja", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "the font has no glyph for 'フ' (U+30D5)" in result.output
    assert "the font `Amatic.ttf` has no Japanese (kana) letters" in result.output
    assert 'font: "Amatic.ttf, sans"' in result.output
    # the way out it names works: the kana are set in the bundled family
    write(tmp_path / "front.yaml", FRONT.replace("size: 12}", "size: 12, font: \"Amatic.ttf, sans\"}"))
    result = build(deck, "--lang", "ja", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "ファイアボール" in _text(tmp_path / "out" / "deck" / "cards-ja-a4.pdf")


def test_a_column_whose_language_is_no_language_tag_is_named(tmp_path: Path) -> None:
    deck = _deck(tmp_path, cards="name,name@d-e,text\nFireball,Feuerball,Deal 3.\n")
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.csv: header: `name@d-e`: a name with @ is field@language, after the @ a language tag" in result.output


def test_a_card_its_language_s_file_leaves_out_is_named_with_each_field(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    frost = "      Frost Ward: {name: 氷の盾, text: 2ダメージを防ぐ。}\n"
    write(tmp_path / "strings" / "ja.yaml", JA.replace(frost, ""))
    result = build(deck, "--lang", "ja", "-o", tmp_path / "out")
    assert result.exit_code == 2
    for field in ("name", "text"):
        assert f"cards.csv:3: card 'Frost Ward' has no ja text for `{field}` (column {field}@ja, or the card's entry " \
               "in its translations: file)" in result.output


def test_a_spreadsheet_s_missing_translation_names_sheet_and_row(tmp_path: Path) -> None:
    from tests.engine.workbooks import write_xlsx

    write_xlsx(tmp_path / "cards.xlsx", {"Cards": [["Name", "Name@DE", "Qty"], ["Fireball", "Feuerball", 1],
                                                   ["Frost Ward", "", 2]]})
    write(tmp_path / "front.yaml", FRONT)
    deck = write(tmp_path / "deck.yaml", "title: T\nback: null\nfront: front.yaml\ndata: cards.xlsx\n")
    result = build(deck, "--lang", "de", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.xlsx: sheet 'Cards', row 3: card 'Frost Ward' has no de text for `name` (column name@de)" \
        in result.output


def test_a_translations_file_for_the_deck_s_own_language_is_refused_not_ignored(tmp_path: Path) -> None:
    deck = _deck(tmp_path, extra="language: ja")
    result = build(deck, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "translations: ja is the deck's own language" in result.output


def test_a_language_the_bundled_font_cannot_set_is_caught_naming_its_script(tmp_path: Path) -> None:
    write(tmp_path / "front.yaml", FRONT)
    deck = write(tmp_path / "deck.yaml", "title: K\nback: null\nfront: front.yaml\n"
                                         "cards: [{name: Fireball, name@ko: 화염구, text: Deal 3, text@ko: 3 피해}]\n")
    result = build(deck, "--lang", "ko", "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "the font has no glyph for '화' (U+D654)" in result.output
    assert "the bundled font has no Korean (Hangul) letters; give the text a .ttf/.otf that has them" \
        in result.output
    assert not (tmp_path / "out").exists()


def test_a_lang_the_deck_has_no_text_in_is_an_error_naming_its_languages(tmp_path: Path) -> None:
    write(tmp_path / "front.yaml", FRONT)
    deck = write(tmp_path / "deck.yaml", """
        title: Plain
        back: null
        front: front.yaml
        cards:
          - {name: Fireball, text: Deal 3}
    """)
    out = tmp_path / "out"
    result = build(deck, "--lang", "de", "-o", out)
    assert result.exit_code == 2
    assert "--lang de: this deck has texts in en only" in result.output
    assert not (out / "deck").exists()
    result = runner.invoke(app, ["build", str(deck), "--lang", "de", "--placeholders", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "--lang de: this deck has texts in en only" in result.output and "printed in en (--placeholders)" in \
        " ".join(result.output.split())
    assert "Fireball" in _text(out / "deck" / "cards-de-a4.pdf")


def test_placeholders_print_a_language_a_translated_deck_lacks_with_a_warning(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(_deck(tmp_path)), "--lang", "fr", "--placeholders", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "--lang fr: this deck has texts in en, de, ja, zh-TW" in " ".join(result.output.split())
    assert "Frost Ward" in _text(out / "deck" / "cards-fr-a4.pdf")
