"""`printkit serve`'s flags: refused before anything listens."""

from __future__ import annotations

from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()


def test_a_language_the_page_does_not_speak_is_refused() -> None:
    result = runner.invoke(app, ["serve", "--lang", "fr"])
    assert result.exit_code == 2
    assert "error: --lang must be one of: en, zh-TW" in result.stderr


def test_a_port_out_of_range_is_refused() -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2
