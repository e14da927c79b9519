"""Every layout version's box table stays frozen; a restyle may change colours and fonts, never a box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from devkit.readback import render_page
from printkit.cli import app

runner = CliRunner()
FORMATS = ("a4", "letter", "a4-half", "letter-half", "a3", "a3-half")
TABLES = Path(__file__).resolve().parents[4] / "printkit" / "games" / "ganz_schon_clever" / "data" / "box-tables"


@pytest.mark.parametrize("paper,per_page,fmt", [("a4", 1, "a4"), ("letter", 2, "letter-half"), ("a3", 2, "a3-half")])
def test_printed_box_table_equals_the_frozen_one(tmp_path: Path, paper: str, per_page: int, fmt: str) -> None:
    result = runner.invoke(app, ["build", "gsc", "--paper", paper, "--per-page", str(per_page), "--count", "1",
                                 "--out", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    printed = json.loads((tmp_path / "ganz-schon-clever" / f"score-sheet-boxes-{fmt}.json").read_text("utf-8"))
    frozen = json.loads((TABLES / f"layout-{printed['layout_version']}-{fmt}.json").read_text("utf-8"))
    assert printed == frozen, "a box moved: raise layout_version in sheet.yaml and freeze the new tables"


def test_every_format_of_layout_2_is_frozen() -> None:
    assert sorted(p.name for p in TABLES.glob("layout-2-*.json")) == sorted(f"layout-2-{f}.json" for f in FORMATS)
    a4 = json.loads((TABLES / "layout-2-a4.json").read_text("utf-8"))
    assert a4["sheet"] == {"width": 210, "height": 297} and a4["layout_version"] == 2


def test_a_restyle_changes_colours_not_boxes(tmp_path: Path) -> None:
    style = tmp_path / "mine" / "ganz-schon-clever" / "style.yaml"
    style.parent.mkdir(parents=True)
    style.write_text('colors:\n  areas:\n    yellow: {fill: "#00ff00"}\n', encoding="utf-8")
    for out, extra in (("plain", []), ("styled", ["--templates", str(tmp_path / "mine")])):
        result = runner.invoke(app, ["build", "gsc", "--count", "1", "--out", str(tmp_path / out), "-q", *extra])
        assert result.exit_code == 0, result.output
    boxes = [(tmp_path / o / "ganz-schon-clever" / "score-sheet-boxes-a4.json").read_text("utf-8")
             for o in ("plain", "styled")]
    assert boxes[0] == boxes[1]
    pages = [render_page((tmp_path / o / "ganz-schon-clever" / "score-sheets-en-a4.pdf").read_bytes(), 0, dpi=30)
             for o in ("plain", "styled")]
    greens = [sum(n for n, (r, g, b) in img.convert("RGB").getcolors(1 << 20) if g > 200 and r < 60 and b < 60)
              for img in pages]
    assert greens[0] < 50 < greens[1]  # the yellow panel is now pure green


def test_a_style_that_would_move_a_box_is_refused(tmp_path: Path) -> None:
    style = tmp_path / "mine" / "ganz-schon-clever" / "style.yaml"
    style.parent.mkdir(parents=True)
    style.write_text("colors: {ink: '#000000'}\nmetrics: {box: 9}\n", encoding="utf-8")
    result = runner.invoke(app, ["build", "gsc", "--count", "1", "--out", str(tmp_path / "o"), "-q",
                                 "--templates", str(tmp_path / "mine")])
    assert result.exit_code == 2
    assert f"{style}:2:1" in result.output and "new layout_version" in result.output
