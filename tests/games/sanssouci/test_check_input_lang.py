"""`printkit check --lang zh-TW` on a broken Sanssouci transcription: exit 2, and the problem in Chinese, with
its file, line and column."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from printkit.cli.check import check

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "sanssouci" / "end-of-game.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")

app = typer.Typer()
app.command()(check)
runner = CliRunner()


def _run(tmp_path: Path, text: str, lang: str) -> tuple[int, str]:
    p = tmp_path / "end.yaml"
    p.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [str(p), "--lang", lang])
    return result.exit_code, result.output


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_unknown_colour_in_chinese(tmp_path):
    colour_line = next(line for line in TEXT.splitlines() if "colour:" in line)
    bad = TEXT.replace(colour_line, colour_line.split(":")[0] + ": mauve", 1)
    code, out = _run(tmp_path, bad, "zh-TW")
    assert code == 2
    assert "不明的顏色 'mauve'" in out
    assert "unknown colour" not in out
    assert f"end.yaml:{_line_of(bad, 'mauve')}:" in out


def test_unknown_space_token_in_chinese_and_german(tmp_path):
    bad = TEXT.replace('"#  ST .  .  .  FO .  HS GV"', '"#  ST .  .  .  ZZ .  HS GV"')
    assert bad != TEXT
    code, out = _run(tmp_path, bad, "zh-TW")
    assert code == 2
    assert "不明的格子 'ZZ'；應為 .（空格）、G（園丁）、#（預印）或景觀代號" in out
    assert "unknown space" not in out
    code, out = _run(tmp_path, bad, "de")
    assert code == 2 and "unbekanntes Feld 'ZZ'" in out
    code, out = _run(tmp_path, bad, "en")
    assert code == 2 and "unknown space 'ZZ'" in out


def test_wrong_row_count_in_chinese(tmp_path):
    bad = TEXT.replace('"#  ST .  .  .  FO .  HS GV"', '"#  ST .  .  ."', 1)
    code, out = _run(tmp_path, bad, "zh-TW")
    assert code == 2
    assert "第 3 列須有 9 格；實有 5 格" in out
