"""`printkit build istanbul` from the command line: options, errors (exit 2, no traceback), same bytes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()


def _build(*args: str):
    return runner.invoke(app, ["build", "istanbul", *args])


def test_random_layout_twice_gives_the_same_bytes(tmp_path):
    for out in ("a", "b"):
        result = _build("--layout", "random", "--seed", "99", "--lang", "en+zh-TW", "--players", "4", "-q",
                        "--out", str(tmp_path / out))
        assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.pdf"))
    assert len(files) == 14  # the pieces and sheets (tokens of both sizes on one, dice), the rules booklet, the notes
    for f in files:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text(encoding="utf-8"))
    layout = next(e for e in manifest["files"] if e["component"] == "layout" and e["file"].endswith(".pdf"))
    recorded = layout["record"]["layouts"][0]
    assert recorded["layout"] == "random" and recorded["seed"] == 99 and len(recorded["grid"]) == 4
    assert recorded["obeys"]["centre"] and recorded["obeys"]["apart"]


def test_layout_pack_from_the_command_line(tmp_path):
    result = _build("--layouts", "4", "--seed", "10", "--apart-lines", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    pack = next(e for e in manifest["files"] if e["component"] == "layout-pack" and e["file"].endswith(".pdf"))
    assert [g["seed"] for g in pack["record"]["layouts"]] == [10, 11, 12, 13]
    assert pack["pages"] == 2  # two layouts a sheet


@pytest.mark.parametrize(("args", "message"), [
    (["--layout", "short", "--layouts", "3"], "--layouts makes a pack of random layouts"),
    (["--layout", "in-order", "--apart-lines"], "--apart-lines is a rule for random layouts"),
    (["--layout", "spiral"], "--layout spiral: choose short, long, in-order or random"),
    (["--players", "6"], "Istanbul is for 2 to 5 players"),
    (["--layouts", "0"], "--layouts"),
])
def test_bad_options_exit_2_with_a_clear_message(tmp_path, args, message):
    result = _build(*args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
