"""A user edits a variant's definition file and rebuilds it with `printkit build FILE.yaml`."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app

runner = CliRunner()


def test_generated_variant_writes_its_definition_and_rebuilds_from_the_edited_file(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "san-marco", "--players", "6", "--districts", "9", "--seed", "5",
                                 "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    (definition,) = (out / "san-marco").glob("*/*.yaml")
    folder = definition.parent
    first = definition.read_text(encoding="utf-8").split("name: {en: ", 1)[1].split(",", 1)[0]
    assert first in "".join(all_text((folder / "board-en-a4.pdf").read_bytes()))  # the variant's own map
    assert all_text((folder / "variant-rules-en-a4.pdf").read_bytes())[0].strip()
    assert not (out / "san-marco" / "board-en-a4.pdf").exists()  # the classic kit's files are not touched

    edited = tmp_path / "my-variant.yaml"
    text = definition.read_text(encoding="utf-8")
    first_name = text.split("name: {en: ", 1)[1].split(",", 1)[0]
    edited.write_text(text.replace(f"name: {{en: {first_name},", "name: {en: Murano Nuova,", 1), encoding="utf-8")
    out2 = tmp_path / "out2"
    result = runner.invoke(app, ["build", str(edited), "--players", "6", "--out", str(out2), "-q"])
    assert result.exit_code == 0, result.output
    (board,) = Path(out2).rglob("board-en-a4.pdf")
    assert "Murano Nuova" in "".join(all_text(board.read_bytes()))


def test_broken_definition_file_names_the_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: printkit/san-marco/1\nid: x\ntitle: 7\n", encoding="utf-8")
    result = runner.invoke(app, ["build", str(bad), "--out", str(tmp_path / "o"), "-q"])
    assert result.exit_code == 2
    assert f"{bad}:" in result.output and "Traceback" not in result.output
