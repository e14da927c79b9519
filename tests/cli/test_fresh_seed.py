"""Random choices: without --seed each build draws a fresh seed and says it (the command's output, the manifest,
the game's notes page); with that seed the same bytes again.  A build that makes no random choice draws none."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from devkit.readback import all_text
from printkit.cli import app

runner = CliRunner()
VARIANT = ["build", "san-marco", "--players", "6", "--districts", "9"]


def _build(out: Path, *more: str) -> tuple[int, dict[str, bytes]]:
    """The seed the output names, and every file the build wrote (by path below ``out``)."""
    result = runner.invoke(app, [*VARIANT, *more, "--out", str(out)])
    assert result.exit_code == 0, result.output
    said = re.findall(r"san-marco: random choices from seed (\d+) \(--seed (\d+) builds the same again\)",
                      result.output)
    assert len(said) == 1 and said[0][0] == said[0][1], result.output
    files = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    return int(said[0][0]), files


def test_two_builds_without_seed_draw_different_seeds_and_the_printed_one_builds_the_same(tmp_path):
    first, files = _build(tmp_path / "a")
    second, _ = _build(tmp_path / "b")
    assert first != second  # two draws below a million: equal one time in a million

    manifest = json.loads(files.pop("manifest.json"))
    assert {e["seed"] for e in manifest["files"]} == {first}
    notes = next(data for path, data in files.items() if path.endswith("kit-notes-en-a4.pdf"))
    assert f"--seed {first}" in re.sub(r"\s+", " ", " ".join(all_text(notes)))
    assert any(f"seed{first}" in path for path in files)  # the variant's own folder is named by it

    again, rebuilt = _build(tmp_path / "c", "--seed", str(first))
    assert again == first
    rebuilt.pop("manifest.json")
    pdfs = sorted(p for p in files if p.endswith(".pdf"))
    assert len(pdfs) >= 9 and pdfs == sorted(p for p in rebuilt if p.endswith(".pdf"))
    assert all(files[p] == rebuilt[p] for p in pdfs)


def test_a_build_without_random_choices_prints_no_seed_and_stays_the_same(tmp_path):
    outputs = []
    for name in ("a", "b"):
        out = tmp_path / name
        result = runner.invoke(app, ["build", "istanbul", "--out", str(out)])  # the fixed Short paths layout
        assert result.exit_code == 0, result.output
        assert "random choices" not in result.output
        outputs.append({str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*.pdf")})
        assert {e["seed"] for e in json.loads((out / "manifest.json").read_text())["files"]} == {1}
    assert outputs[0] and outputs[0] == outputs[1]
