"""--changed: after a full build, only the cards whose data or template changed are printed, read back."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app

DECK = """\
title: Change deck
back: null
cards:
  - {name: Alpha, text: First rune.}
  - {name: Beta, qty: 2, text: Second rune.}
  - {name: Gamma, text: Third rune.}
  - {name: Delta, text: Fourth rune.}
"""


def _build(deck: Path, out: Path, *flags: str) -> str:
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(out), *flags])
    assert result.exit_code == 0, result.output
    return result.output


def _text(pdf: Path) -> str:
    return " ".join(all_text(pdf.read_bytes()))


def test_one_edited_card_is_all_that_prints(tmp_path: Path) -> None:
    deck, out = tmp_path / "runes.yaml", tmp_path / "out"
    deck.write_text(DECK, encoding="utf-8")
    _build(deck, out)
    full = out / "runes" / "cards-en-a4.pdf"
    whole = full.read_bytes()
    deck.write_text(DECK.replace("Third rune.", "Third rune sharpened."), encoding="utf-8")
    said = _build(deck, out, "--changed")
    changed = out / "runes" / "cards-changed-en-a4.pdf"
    text = _text(changed)
    assert "Gamma" in text and "Third rune sharpened." in text
    assert not any(name in text for name in ("Alpha", "Beta", "Delta"))
    assert "1 card of 5 changed since the last full build: 4" in said
    assert full.read_bytes() == whole  # the full deck's PDF is not replaced
    entry = {e["file"]: e for e in json.loads((out / "manifest.json").read_text())["files"]}[
        "runes/cards-changed-en-a4.pdf"]
    assert entry["cards"] == [4] and entry["pieces"] == 1


def test_a_template_change_reprints_every_card_and_nothing_changed_prints_nothing(tmp_path: Path) -> None:
    deck, out = tmp_path / "runes.yaml", tmp_path / "out"
    deck.write_text(DECK, encoding="utf-8")
    _build(deck, out)
    said = _build(deck, out, "--changed")
    assert "no card changed since the last full build (of 5 cards)" in said
    assert not (out / "runes" / "cards-changed-en-a4.pdf").exists()
    # a style change reaches every card (templates read it)
    deck.write_text(DECK.replace("back: null", "back: null\nstyle: {accent: '#225522'}"), encoding="utf-8")
    said = _build(deck, out, "--changed")
    assert "5 cards of 5 changed since the last full build: 1, 2, 3, 4, 5" in said
    # one copy fewer: every card's footer counts "n/4" now, so every card changed
    deck.write_text(DECK.replace("qty: 2", "qty: 1"), encoding="utf-8")
    said = _build(deck, out, "--changed")
    assert "4 cards of 4 changed since the last full build: 1, 2, 3, 4" in said


def test_changed_needs_a_full_build_to_compare_with(tmp_path: Path) -> None:
    deck = tmp_path / "runes.yaml"
    deck.write_text(DECK, encoding="utf-8")
    result = CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp_path / "out"), "--changed"])
    assert result.exit_code == 2
    assert "--changed reprints the cards that differ from the last full build" in result.output
    assert "build once without --changed" in result.output
    bundled = CliRunner().invoke(app, ["build", "san-marco", "-o", str(tmp_path / "o"), "--changed"])
    assert bundled.exit_code == 2 and "--changed picks cards of your own deck files" in bundled.output
