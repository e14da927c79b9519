"""`printkit build sanssouci` through the CLI: what it says it printed, and the files it wrote."""

from __future__ import annotations

from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()


def test_build_with_players_says_how_many_tiles(tmp_path):
    result = runner.invoke(app, ["build", "sanssouci", "--players", "3", "--lang", "de", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "(63 tiles," in result.output
    # 3 colours of 18 play cards (--players trims them too), the 9 missions and 3 of the 50/100 cards
    assert "(66 cards," in result.output
    written = sorted(p.name for p in (tmp_path / "sanssouci").glob("*.pdf"))
    assert "tiles-de-a4.pdf" in written and "central-board-de-a4.pdf" in written
    assert len([n for n in written if n.startswith("garden-board-")]) == 6  # 3 boards, both sides


def test_players_out_of_range_exit_2(tmp_path):
    result = runner.invoke(app, ["build", "sanssouci", "--players", "5", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
