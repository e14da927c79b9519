"""An output folder's manifest: printkit knows its own by a key only it writes, and keeps it in step with the
files under interruption (a build stopped at any point leaves files the next build recognises as its own)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.engine.outputs as outputs
from printkit.cli import app

runner = CliRunner()
PDF = "deck/cards-en-a4.pdf"


def deck(tmp: Path, name: str) -> Path:
    path = tmp / "deck.yaml"
    path.write_text(textwrap.dedent(f"title: T\nback: null\ncards:\n  - {{name: {name}}}\n"), encoding="utf-8")
    return path


def build(tmp: Path, name: str, *more: str):
    return runner.invoke(app, ["build", "-q", str(deck(tmp, name)), "--out", str(tmp / "o"), *more])


@pytest.mark.parametrize("theirs", ["{}", '{"files": []}', '{"generator": "mine", "files": []}', "[1, 2]"])
def test_a_users_own_manifest_is_never_taken_for_printkits(tmp_path, theirs):
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "manifest.json").write_text(theirs)
    result = build(tmp_path, "Ann")
    assert result.exit_code == 2, result.output
    assert "manifest.json" in result.output and ("not written by printkit" in result.output or
                                                 "not a manifest printkit can read" in result.output)
    assert (tmp_path / "o" / "manifest.json").read_text() == theirs and not (tmp_path / "o" / PDF).exists()
    forced = build(tmp_path, "Ann", "--force")
    assert forced.exit_code == 0, forced.output
    assert json.loads((tmp_path / "o" / "manifest.json").read_text())["generator"] == "printkit"


class Stop(KeyboardInterrupt):
    """Ctrl-C at a chosen point of the writing."""


@pytest.mark.parametrize("when", ["before the rename", "after the rename", "after the rename, killed"])
def test_a_build_interrupted_while_replacing_a_file_leaves_it_printkits_own(tmp_path, monkeypatch, when):
    assert build(tmp_path, "Ann").exit_code == 0
    real_write, real_manifest = outputs.atomic_write, outputs._write_manifest
    manifests: list[dict] = []

    def interrupted(target: Path, data: bytes) -> None:
        if target.name == Path(PDF).name:
            if when != "before the rename":
                real_write(target, data)
            raise Stop
        real_write(target, data)

    def manifest_once(out: Path, manifest: dict) -> None:
        manifests.append(manifest)
        if when.endswith("killed") and len(manifests) > 1:
            raise Stop  # kill -9: nothing after the manifest written ahead
        real_manifest(out, manifest)

    monkeypatch.setattr(outputs, "atomic_write", interrupted)
    monkeypatch.setattr(outputs, "_write_manifest", manifest_once)
    stopped = build(tmp_path, "Bo")
    assert stopped.exit_code == 130 or isinstance(stopped.exception, KeyboardInterrupt), stopped.output
    monkeypatch.undo()
    assert len(manifests) >= 1  # written ahead, before the file moved
    # the next build after an edit replaces the file without calling it someone else's
    result = build(tmp_path, "Cy")
    assert result.exit_code == 0, result.output
    recorded = json.loads((tmp_path / "o" / "manifest.json").read_text())["files"]
    (entry,) = [e for e in recorded if e["file"] == PDF]
    assert entry["sha256"] == outputs.sha256((tmp_path / "o" / PDF).read_bytes()) and "replaces" not in entry


def test_a_file_someone_changed_is_still_refused(tmp_path):
    assert build(tmp_path, "Ann").exit_code == 0
    (tmp_path / "o" / PDF).write_bytes(b"%PDF-1.4 mine")
    result = build(tmp_path, "Bo")
    assert result.exit_code == 2 and "was changed since printkit wrote it" in result.output
