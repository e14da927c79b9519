"""The Tabletop Simulator saved object (--tts): the deck as one DeckCustom, read back from the JSON."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app


def _deck(tmp: Path, count: int) -> Path:
    rows = "\n".join(f"  - {{name: 'Rune {i}', text: 'Card number {i}'}}" for i in range(1, count + 1))
    p = tmp / "runes.yaml"
    p.write_text(f"title: Runes\nback: standard-back\ncards:\n{rows}\n", encoding="utf-8")
    return p


def _saved(out: Path) -> dict:
    return json.loads((out / "runes" / "cards-en-tts" / "saved-object.json").read_text(encoding="utf-8"))


def test_a_71_card_deck_is_one_object_over_two_sheets(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 71)), "-o", str(out), "-q", "--tts"])
    assert result.exit_code == 0, result.output
    (deck,) = _saved(out)["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Runes"
    # 69 cards on the full 10 x 7 sheet (slot 70 is the hidden card), 2 on a 3 x 1 sheet (2 + hidden)
    assert deck["DeckIDs"] == [*range(100, 169), 200, 201]
    assert len(deck["ContainedObjects"]) == 71
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert deck["ContainedObjects"][0]["Nickname"] == "Rune 1"
    assert deck["ContainedObjects"][69]["Nickname"] == "Rune 70"
    assert deck["ContainedObjects"][70]["Nickname"] == "Rune 71"
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (3, 1)
    assert set(deck["ContainedObjects"][70]["CustomDeck"]) == {"2"}
    # without --tts-url the URLs are file:/// URLs of the files just written, so TTS on this computer loads them
    sheet_dir = (out / "runes" / "cards-en-tts").resolve()
    assert first["FaceURL"] == (sheet_dir / "sheet-01.png").as_uri()
    assert second["FaceURL"] == (sheet_dir / "sheet-02.png").as_uri()
    assert first["BackURL"] == second["BackURL"] == (sheet_dir / "back.png").as_uri()
    face = Image.open(sheet_dir / "sheet-01.png")
    card_w = face.width // 10
    assert Image.open(sheet_dir / "sheet-02.png").width == 3 * card_w
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 71


def test_tts_url_is_where_the_folder_is_uploaded(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 2)), "-o", str(out), "-q", "--tts",
                                      "--tts-url", "https://example.org/decks/"])
    assert result.exit_code == 0, result.output
    (deck,) = _saved(out)["ObjectStates"]
    assert deck["DeckIDs"] == [100, 101]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.org/decks/runes/cards-en-tts/sheet-01.png"
    assert deck["CustomDeck"]["1"]["BackURL"] == "https://example.org/decks/runes/cards-en-tts/back.png"
    assert (deck["CustomDeck"]["1"]["NumWidth"], deck["CustomDeck"]["1"]["NumHeight"]) == (3, 1)
    again = tmp_path / "again"
    CliRunner().invoke(app, ["build", str(_deck(tmp_path, 2)), "-o", str(again), "-q", "--tts",
                             "--tts-url", "https://example.org/decks/"])
    assert (again / "runes/cards-en-tts/saved-object.json").read_bytes() == \
        (out / "runes/cards-en-tts/saved-object.json").read_bytes()


def test_a_single_card_is_a_lone_custom_card(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", str(_deck(tmp_path, 1)), "-o", str(out), "-q", "--tts"])
    assert result.exit_code == 0, result.output
    (card,) = _saved(out)["ObjectStates"]
    assert card["Name"] == "CardCustom" and card["CardID"] == 100 and card["Nickname"] == "Rune 1"
