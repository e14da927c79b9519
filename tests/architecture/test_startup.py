"""What the quick commands import: `--help` and `games` start without ReportLab or parsing game data,
`check` without the renderer (start-up time itself is measured in bench/bench_cli.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def imported(args: list[str], cache: Path) -> set[str]:
    env = {**os.environ, "PRINTKIT_CACHE_DIR": str(cache)}
    env.pop("PRINTKIT_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "printkit", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("args", [["--help"], ["games"], ["build", "--help"]])
def test_quick_commands_import_no_renderer_and_parse_no_game_data(tmp_path, args):
    imported(["games"], tmp_path)  # the first `games` reads the facts from the data and remembers them
    modules = imported(args, tmp_path)
    assert not {m for m in modules if m.startswith(("reportlab", "svglib", "pypdfium2", "jinja2", "yaml", "PIL"))}
    assert "printkit.engine.source" not in modules  # no YAML parsed
    assert not {m for m in modules if m.endswith((".kit", ".definitions", ".layout"))}
    if args == ["--help"]:  # Typer imports pydantic (and with it hashlib) only to run a command
        assert not {m for m in modules if m.split(".")[0] in ("pydantic", "hashlib", "_hashlib")}
    if args == ["games"]:  # printed without rich, which Typer imports only to format help
        assert not {m for m in modules if m.split(".")[0] in ("rich", "markdown_it", "pygments")}


def test_check_starts_without_the_renderer(tmp_path):
    sheet = Path(__file__).resolve().parents[2] / "examples" / "gsc-legal-sheet.yaml"
    modules = imported(["check", str(sheet)], tmp_path)
    assert "printkit.engine.checking" in modules
    assert not {m for m in modules if m.startswith(("reportlab", "svglib", "pypdfium2", "printkit.engine.render"))}


def test_remembered_facts_follow_the_data(tmp_path, monkeypatch):
    """Editing a game's data file reads the facts again (the cache key is every file's size and mtime)."""
    from printkit.engine import registry

    monkeypatch.setenv("PRINTKIT_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PRINTKIT_NO_CACHE", raising=False)
    game = registry.find_game("san-marco")
    assert game is not None and game.package_dir is not None
    first = registry._facts_cache_file(game.facts_from, game.package_dir)
    data = next(game.package_dir.glob("data/*.yaml"))
    stat = data.stat()
    os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    try:
        assert registry._facts_cache_file(game.facts_from, game.package_dir) != first
    finally:
        os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns))
