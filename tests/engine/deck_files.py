"""What the engine's deck tests share: writing a definition file, and building it through the CLI."""

from __future__ import annotations

import textwrap
from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()


def write(path: Path, text: str) -> Path:
    """``text`` (dedented, leading newline dropped) written to ``path``, its folders made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def build(*args: object):
    """``printkit build -q ARGS``; whatever the exit code, no traceback and no exception but the exit."""
    result = runner.invoke(app, ["build", "-q", *map(str, args)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result
