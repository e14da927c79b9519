"""--only and --where: the cards built, read back from the PDF, into a file of their own; --watch rebuilds."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app
from printkit.engine.build import BuildRequest
from printkit.engine.components import BuildOptions
from printkit.engine.watch import watch_build

DECK = """title: Subset
back: null
cards:
  - {name: Fireball, qty: 3, type: Spell}
  - {name: Goblin, qty: 2, type: Ally}
  - {name: Frost, type: Spell}
"""


def _run(tmp: Path, *flags: str):
    deck = tmp / "deck.yaml"
    if not deck.exists():
        deck.write_text(DECK, encoding="utf-8")
    return CliRunner().invoke(app, ["build", str(deck), "-o", str(tmp / "out"), "-q", *flags])


def _footers(pdf: bytes) -> list[str]:
    text = "".join(all_text(pdf))
    return [f"{n}/6" for n in range(1, 7) if f"· {n}/6" in text]


def test_only_builds_the_numbered_cards_into_its_own_file(tmp_path: Path) -> None:
    assert _run(tmp_path).exit_code == 0
    full = tmp_path / "out" / "deck" / "cards-en-a4.pdf"
    before = full.read_bytes()
    result = _run(tmp_path, "--only", "2,4-5")
    assert result.exit_code == 0, result.output
    sub = (tmp_path / "out" / "deck" / "cards-only-2_4-5-en-a4.pdf").read_bytes()
    # numbered as the full deck numbers them (after qty): 2 is a Fireball, 4 and 5 the Goblins
    assert _footers(sub) == ["2/6", "4/6", "5/6"]
    text = "".join(all_text(sub))
    assert text.count("Fireball") == 1 and text.count("Goblin") == 2 and "Frost" not in text
    assert full.read_bytes() == before  # the full deck's PDF is untouched
    entry = next(e for e in json.loads((tmp_path / "out" / "manifest.json").read_text())["files"]
                 if e["file"] == "deck/cards-only-2_4-5-en-a4.pdf")
    assert entry["cards"] == [2, 4, 5] and entry["pieces"] == 3


def test_where_filters_on_fields(tmp_path: Path) -> None:
    result = _run(tmp_path, "--where", "type == 'Spell' and name != 'Frost'")
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out" / "deck").glob("cards-where-*-en-a4.pdf")
    assert _footers(pdf.read_bytes()) == ["1/6", "2/6", "3/6"]


def test_bad_subsets_are_input_errors(tmp_path: Path) -> None:
    for flags, message in ((("--only", "9"), "the deck has 6 cards"), (("--only", "a-b"), "card numbers and ranges"),
                           (("--where", "type =="), "is not an expression")):
        result = _run(tmp_path, *flags)
        assert result.exit_code == 2, flags
        assert message in result.output


def test_watch_rebuilds_when_the_definition_changes(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(DECK, encoding="utf-8")
    out = tmp_path / "out"
    reports, said, previews = [], [], []
    preview = out / "deck" / "png" / "cards-en-a4-p01.png"

    def built(report) -> None:
        reports.append(report)
        previews.append(preview.read_bytes())  # the preview as this build left it

    def edit() -> None:
        time.sleep(0.8)
        deck.write_text(DECK.replace("Goblin", "Kobold"), encoding="utf-8")

    threading.Thread(target=edit, daemon=True).start()
    request = BuildRequest(targets=(str(deck),), options=BuildOptions(), png=True)
    builds = watch_build(request, out, False, built, said.append, limit=2, poll=0.1)
    assert builds == 2 and len(reports) == 2
    assert any("changed" in s and "deck.yaml" in s for s in said)
    assert "Kobold" in "".join(all_text((out / "deck" / "cards-en-a4.pdf").read_bytes()))
    assert previews[0] != previews[1]  # the preview is refreshed too: it shows Kobold now, not Goblin


def test_subset_flags_are_for_deck_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["build", "san-marco", "-o", str(tmp_path), "--only", "1"])
    assert result.exit_code == 2 and "--only picks cards of your own deck files" in result.output
