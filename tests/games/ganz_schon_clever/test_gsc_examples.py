"""The example transcriptions in examples/ through the real `printkit` app."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


@pytest.mark.parametrize(
    ("name", "code", "verdict"),
    [("gsc-legal-sheet.yaml", 0, "LEGAL"), ("gsc-illegal-sheet.yaml", 1, "ILLEGAL")],
)
def test_example_sheets(name: str, code: int, verdict: str) -> None:
    r = CliRunner().invoke(app, ["check", str(EXAMPLES / name)])
    assert r.exit_code == code, r.output
    assert f"Verdict: {verdict}" in r.output


def test_illegal_example_explains_itself() -> None:
    r = CliRunner().invoke(app, ["check", str(EXAMPLES / "gsc-illegal-sheet.yaml")])
    for words in ("orange box 2 (x1) shows 8", "'orange 4'", "rerolls: 3 circled", "claimed 187, computed 84"):
        assert words in r.output
