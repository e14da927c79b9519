"""Output folders shared with print servers, other accounts and other builds."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import printkit.engine.outputs as outputs
from devkit.readback import all_text
from printkit.cli import app

runner = CliRunner()


def deck(folder: Path, name: str, qty: int = 1) -> Path:
    p = folder / f"{name}.yaml"
    p.write_text(textwrap.dedent(f"""
        title: {name}
        back: null
        cards:
          - {{name: {name}, qty: {qty}}}
    """).lstrip(), encoding="utf-8")
    return p


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_files_follow_the_umask_like_any_new_file(tmp_path, umask_022):
    out = tmp_path / "o"
    assert runner.invoke(app, ["build", "-q", str(deck(tmp_path, "a")), "--out", str(out)]).exit_code == 0
    for f in [out / "manifest.json", out / "a" / "cards-en-a4.pdf", out / "a" / "overview-en-a4.png"]:
        assert stat.S_IMODE(f.stat().st_mode) == 0o644, f


def test_a_stricter_umask_is_respected_too(tmp_path):
    old = os.umask(0o077)
    try:
        out = tmp_path / "o"
        assert runner.invoke(app, ["build", "-q", str(deck(tmp_path, "a")), "--out", str(out)]).exit_code == 0
        assert stat.S_IMODE((out / "a" / "cards-en-a4.pdf").stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_parallel_builds_into_one_folder_keep_every_manifest_entry(tmp_path):
    """Six processes at once, each its own deck, one --out: every file listed, none refused later."""
    out = tmp_path / "shared-out"
    decks = [deck(tmp_path, f"d{i}", qty=i + 1) for i in range(6)]
    procs = [subprocess.Popen([sys.executable, "-m", "printkit", "build", "-q", str(d), "--out", str(out)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for d in decks]
    for p in procs:
        _, errs = p.communicate(timeout=300)
        assert p.returncode == 0, errs.decode()
    listed = {e["file"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    assert {f"d{i}/cards-en-a4.pdf" for i in range(6)} <= listed
    pieces = {e["file"]: e["pieces"] for e in json.loads((out / "manifest.json").read_text())["files"]}
    assert [pieces[f"d{i}/cards-en-a4.pdf"] for i in range(6)] == [1, 2, 3, 4, 5, 6]
    again = subprocess.run([sys.executable, "-m", "printkit", "build", "-q", *map(str, decks), "--out", str(out)],
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr  # nothing is "not written by printkit"


def test_an_interrupted_build_leaves_no_empty_folder(tmp_path, monkeypatch):
    def interrupted(target: Path, data: bytes) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        raise KeyboardInterrupt

    monkeypatch.setattr(outputs, "atomic_write", interrupted)
    out = tmp_path / "new" / "out"
    result = runner.invoke(app, ["build", "-q", str(deck(tmp_path, "a")), "--out", str(out)])
    assert result.exit_code != 0
    assert not (tmp_path / "new").exists()


def test_a_refused_build_creates_no_folder(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: T\nback: null\ncards: [{name: A, qty: -1}]\n", encoding="utf-8")
    out = tmp_path / "never"
    assert runner.invoke(app, ["build", "-q", str(bad), "--out", str(out)]).exit_code == 2
    assert not out.exists()


def test_calibration_sheets_of_two_languages_both_stay(tmp_path):
    for lang in ("en", "zh-TW"):
        result = runner.invoke(app, ["calibrate", "--lang", lang, "--out", str(tmp_path)])
        assert result.exit_code == 0, result.output
    en = "\n".join(all_text((tmp_path / "calibration-en-a4.pdf").read_bytes()))
    zh = "\n".join(all_text((tmp_path / "calibration-zh-TW-a4.pdf").read_bytes()))
    assert en != zh
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh) and not any("\u4e00" <= ch <= "\u9fff" for ch in en)
