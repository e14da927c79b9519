"""`printkit check --lang`: every language some checker speaks is offered; a file whose game does not
speak the one asked for is refused with its own languages named (exit 2), never a traceback."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_sanssouci_reports_in_german():
    result = runner.invoke(app, ["check", str(EXAMPLES / "sanssouci" / "end-of-game.yaml"), "--lang", "de"])
    assert result.exit_code == 0
    assert "Sanssouci, 2 Spieler" in result.output and "Urteil: möglich" in result.output


def test_a_game_without_german_names_its_languages():
    result = runner.invoke(app, ["check", str(EXAMPLES / "gsc-legal-sheet.yaml"), "--lang", "de"])
    assert result.exit_code == 2
    expected = ("gsc-legal-sheet.yaml:4:7: game: the ganz-schon-clever report is in en, zh-TW; "
                "--lang de is not one of them")
    assert expected in result.output
    assert "Traceback" not in result.output


def test_an_unknown_language_lists_every_offered_one():
    result = runner.invoke(app, ["check", str(EXAMPLES / "gsc-legal-sheet.yaml"), "--lang", "fr"])
    assert result.exit_code == 2 and "--lang must be one of: en, zh-TW, de" in result.output
