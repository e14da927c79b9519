"""The Python API (docs/api.md), used as a designer's script would: load, look, build, read back, fail."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from devkit.readback import all_text, page_count


def _script_deck(folder: Path) -> dict:
    """A deck a script makes from its own data: cards from a CSV beside it, the rest in the dict."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "spells.csv").write_text("name,qty,text,lore\nSpark,2,Deal 1.,old\nBlaze,1,Deal 3.,new\n",
                                       encoding="utf-8")
    return {"title": "Scripted Spells", "csv": "spells.csv", "style": {"accent": "#224466"}}


def test_a_dict_deck_builds_like_the_command_line(tmp_path: Path) -> None:
    from printkit import Deck, build

    deck = Deck.load(_script_deck(tmp_path / "src"), folder=tmp_path / "src")
    assert deck.title == "Scripted Spells"
    assert [c["name"] for c in deck.cards] == ["Spark", "Spark", "Blaze"]
    assert [c["index"] for c in deck.cards] == [1, 2, 3] and deck.cards[1]["copy"] == 2
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        entries = build(deck, tmp_path / "out", paper="letter", tts=True, tts_url="https://example.org/x/")
    # what the command line prints as a warning: a column (lore) that no template reads
    assert [type(w.message).__name__ for w in said] == ["PrintkitWarning"]
    assert "no template reads lore" in str(said[0].message)
    files = {e["file"]: e for e in entries}
    pdf = files["scripted-spells/cards-en-letter.pdf"]
    assert pdf["pieces"] == 3 and pdf["paper"] == "letter" and pdf["status"] == "new"
    data = (tmp_path / "out" / pdf["file"]).read_bytes()
    text = " ".join(all_text(data))
    assert text.count("Spark") == 2 and "Blaze" in text and "Deal 3." in text
    assert page_count(data) == 2  # fronts and their backs (duplex long)
    saved = json.loads((tmp_path / "out/scripted-spells/cards-en-tts/saved-object.json").read_text())
    assert saved["ObjectStates"][0]["DeckIDs"] == [100, 101, 102]
    # the same build again: nothing changes, and the entries say so
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        again = build(deck, tmp_path / "out", paper="letter", tts=True, tts_url="https://example.org/x/")
    assert {e["status"] for e in again} == {"unchanged"}
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert {e["file"] for e in manifest["files"]} == set(files)


def test_a_path_and_the_same_bytes_as_the_cli(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from printkit import build
    from printkit.cli import app

    src = tmp_path / "src"
    (src / "deck.yaml").parent.mkdir(parents=True)
    _script_deck(src)
    (src / "deck.yaml").write_text("title: Scripted Spells\ncsv: spells.csv\n", encoding="utf-8")
    entries = build(src / "deck.yaml", tmp_path / "api", only="3", safe_zone="3mm")
    assert [e["file"] for e in entries if e["file"].endswith(".pdf")] == ["deck/cards-only-3-en-a4.pdf"]
    result = CliRunner().invoke(app, ["build", str(src / "deck.yaml"), "-o", str(tmp_path / "cli"), "-q",
                                      "--only", "3", "--safe-zone", "3mm"])
    assert result.exit_code == 0, result.output
    name = "deck/cards-only-3-en-a4.pdf"
    assert (tmp_path / "api" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes()


def test_errors_raise_with_the_messages_the_cli_prints(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from printkit import Deck, PrintkitError, build
    from printkit.cli import app

    bad = tmp_path / "bad.yaml"
    bad.write_text("title: Bad\ncards:\n  - {name: A, qty: lots}\n", encoding="utf-8")
    with pytest.raises(PrintkitError) as caught:
        Deck.load(bad)
    assert str(caught.value) == f"{bad}:3:20: cards.0.qty: quantity must be a whole number; found 'lots'"
    cli = CliRunner().invoke(app, ["build", str(bad), "-o", str(tmp_path / "o")])
    assert cli.exit_code == 2 and f"error: {caught.value}" in cli.output
    # a dict deck's errors name the file it stands in for, at the position in its JSON form
    with pytest.raises(PrintkitError, match=r"bad\.json:\d+:\d+: cards\.0\.qty: quantity must be a whole number; "
                                            r"found 'lots'"):
        Deck.load({"title": "Bad", "cards": [{"name": "A", "qty": "lots"}]}, folder=tmp_path)
    good = Deck.load({"title": "Good", "cards": [{"name": "A"}]}, folder=tmp_path)
    with pytest.raises(PrintkitError, match="duplex must be one of long, short, off, fold; found 'both'"):
        build(good, tmp_path / "o", duplex="both")
    with pytest.raises(PrintkitError, match="--changed reprints the cards that differ"):
        build(good, tmp_path / "o", changed=True)
    with pytest.raises(PrintkitError, match="safe zone"):
        build(Deck.load({"title": "Edge", "back": None, "cards": [{"name": "A very long name for the title bar"}]},
                        folder=tmp_path), tmp_path / "o", safe_zone=12, strict=True)
    assert not (tmp_path / "o" / "edge").exists()  # a failed build writes nothing


def test_a_dict_deck_in_its_own_language_and_another(tmp_path: Path) -> None:
    from printkit import Deck, PrintkitError, build

    deck = Deck.load({"title": "Zwei", "language": "de", "back": None,
                      "cards": [{"name": "Feuerball", "name@en": "Fireball"}]}, folder=tmp_path)
    assert deck.cards[0]["name"] == "Feuerball"  # the deck's own language, its other columns left out
    own = build(deck, tmp_path / "out")
    english = build(deck, tmp_path / "out", lang="en")
    assert [e["file"] for e in own if e["kind"] == "cards"] == ["zwei/cards-de-a4.pdf"]
    assert [e["file"] for e in english if e["kind"] == "cards"] == ["zwei/cards-en-a4.pdf"]
    assert "Fireball" in all_text((tmp_path / "out" / "zwei" / "cards-en-a4.pdf").read_bytes())[0]
    with pytest.raises(PrintkitError, match="--lang fr: this deck has texts in de, en"):
        build(deck, tmp_path / "out", lang="fr")
