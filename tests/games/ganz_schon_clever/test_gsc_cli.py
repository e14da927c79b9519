"""`printkit check` through Typer's CliRunner: exit codes, JSON shape, zh-TW text."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from printkit.cli.check import check
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.rules.play import random_sheets
from printkit.games.ganz_schon_clever.rules.score import score

app = typer.Typer()
app.command()(check)  # the command alone; the lead's app registers it as `check`
runner = CliRunner()


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _legal_yaml(game: GscGame, claim_right: bool = True) -> str:
    s = random_sheets(game, 2, random.Random(11))[0]
    total = score(s, game).total + (0 if claim_right else 1)
    rows = ", ".join(f"[{', '.join(map(str, r))}]" for r in s.yellow)
    assert s.rerolls is not None and s.extra_dice is not None
    return (
        f"game: gsc\nplayers: 2\nyellow: [{rows}]\nblue: {list(s.blue)}\ngreen: {s.green}\n"
        f"orange: {list(s.orange)}\npurple: {list(s.purple)}\n"
        f"rerolls: {{earned: {s.rerolls.earned}, used: {s.rerolls.used}}}\n"
        f"extra_dice: {{earned: {s.extra_dice.earned}, used: {s.extra_dice.used}}}\n"
        f"claimed: {{total: {total}}}\n"
    )


ILLEGAL = "game: gsc\nplayers: 1\nyellow: [[3, 6, 5], [], [], []]\nblue: [5, 6, 7, 8]\npurple: [2, 2]\n"


def test_legal_sheet_right_claim_exits_0(tmp_path: Path, game: GscGame) -> None:
    f = _write(tmp_path / "a.yaml", _legal_yaml(game))
    r = runner.invoke(app, [str(f)])
    assert r.exit_code == 0, r.output
    assert "LEGAL" in r.output and "Total" in r.output and "right" in r.output


def test_wrong_claim_exits_1(tmp_path: Path, game: GscGame) -> None:
    f = _write(tmp_path / "a.yaml", _legal_yaml(game, claim_right=False))
    r = runner.invoke(app, [str(f)])
    assert r.exit_code == 1 and "WRONG" in r.output


def test_illegal_sheet_exits_1_and_explains(tmp_path: Path) -> None:
    f = _write(tmp_path / "bad.yaml", ILLEGAL)
    r = runner.invoke(app, [str(f)])
    assert r.exit_code == 1
    assert "ILLEGAL" in r.output and "purple box 2 shows 2 after 2" in r.output


def test_malformed_exits_2_with_location(tmp_path: Path) -> None:
    f = _write(tmp_path / "m.yaml", "game: gsc\nplayers: 7\n")
    r = runner.invoke(app, [str(f)])
    assert r.exit_code == 2
    assert f"{f}:2:10" in r.output and "Traceback" not in r.output


def test_missing_file_exits_2(tmp_path: Path) -> None:
    r = runner.invoke(app, [str(tmp_path / "nope.yaml")])
    assert r.exit_code == 2 and "file not found" in r.output


def test_json_single_and_several(tmp_path: Path, game: GscGame) -> None:
    a = _write(tmp_path / "a.yaml", _legal_yaml(game))
    b = _write(tmp_path / "b.yaml", ILLEGAL)
    one = runner.invoke(app, [str(a), "--json"])
    obj = json.loads(one.output)
    assert obj["legal"] is True and obj["violations"] == []
    assert set(obj["score"]) >= {"yellow", "blue", "green", "orange", "purple", "foxes", "total"}
    both = runner.invoke(app, [str(a), str(b), "--json"])
    assert both.exit_code == 1
    items = json.loads(both.output)
    assert [i["legal"] for i in items] == [True, False]
    assert all({"area", "message"} <= set(v) for v in items[1]["violations"])
    assert {v["area"] for v in items[1]["violations"]} == {"purple", "bonuses"}


def test_zh_tw(tmp_path: Path) -> None:
    f = _write(tmp_path / "bad.yaml", ILLEGAL)
    r = runner.invoke(app, [str(f), "--lang", "zh-TW"])
    assert r.exit_code == 1
    for word in ("不合法", "紫色區", "黃色區", "狐狸", "總分"):
        assert word in r.output
    j = runner.invoke(app, [str(f), "--lang", "zh-TW", "--json"])
    assert "紫色區第 2 格" in json.loads(j.output)["violations"][0]["message"]


# ASCII punctuation beside Chinese (spaces between allowed), or a space between two Chinese characters: in Taiwan
# a report takes ：（）【】 and runs its Chinese on without spaces.
CHINESE = "\u3000-\u9fff\uff00-\uffef"
HALF_WIDTH_BY_CHINESE = re.compile(rf"[{CHINESE}] *[:()\[\],;]|[:()\[\],;] *[{CHINESE}]")
SPACE_IN_CHINESE = re.compile(rf"[{CHINESE}] +[{CHINESE}]")


def test_zh_tw_report_takes_full_width_punctuation(tmp_path: Path) -> None:
    f = _write(tmp_path / "bad.yaml", ILLEGAL + "claimed: {total: 187}\n")
    out = runner.invoke(app, [str(f), "--lang", "zh-TW"]).output
    lines = out.splitlines()
    assert lines[0] == f"{f}：1 位玩家，6 輪"
    assert "判定：不合法" in lines and "違反規則：" in lines and "玩家填寫的分數：" in lines
    assert any(line.startswith("  - 【紫色區第 2 格】紫色區第 2 格") for line in lines), out
    assert any(line.startswith("  總分：填寫 187，計算 ") and line.endswith("，錯誤") for line in lines), out
    fox = next(line for line in lines if line.lstrip().startswith("狐狸"))
    assert re.search(r"（\d+ × \d+）$", fox), fox
    for line in lines[1:]:  # the first names the file, in ASCII
        assert not HALF_WIDTH_BY_CHINESE.search(line), line
        assert not SPACE_IN_CHINESE.search(line.strip()), line


def test_english_report_keeps_its_punctuation(tmp_path: Path) -> None:
    f = _write(tmp_path / "bad.yaml", ILLEGAL + "claimed: {total: 187}\n")
    lines = runner.invoke(app, [str(f)]).output.splitlines()
    assert lines[0] == f"{f}: 1 player(s), 6 rounds" and "Verdict: ILLEGAL" in lines and "Claims:" in lines
    assert any(line.startswith("  - [Purple box 2] purple box 2 shows 2 after 2") for line in lines), lines
    assert any(line.startswith("  Total: claimed 187, computed ") and line.endswith(" -- WRONG") for line in lines)


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_unknown_language_exits_2(tmp_path: Path, lang: str) -> None:
    f = _write(tmp_path / "bad.yaml", ILLEGAL)
    assert runner.invoke(app, [str(f), "--lang", lang]).exit_code == 2


def test_malformed_lists_every_problem(tmp_path: Path) -> None:
    f = _write(tmp_path / "m.yaml", 'game: gsc\nplayers: "7"\nyellow: [[3, 4], [], [], []]\nblue: [5, 5]\n')
    r = runner.invoke(app, [str(f)])
    assert r.exit_code == 2
    lines = r.output.splitlines()
    assert [line.split(" ")[0] for line in lines] == [f"{f}:2:10:", f"{f}:3:14:", f"{f}:4:11:"], r.output
    assert "not a number of yellow row 1" in lines[1] and "crossed twice" in lines[2]


def test_an_error_in_a_large_batch_still_names_file_line_and_column(game: GscGame, tmp_path: Path) -> None:
    """Hundreds of files are checked by worker processes, and a fine flat file is read without positions;
    a bad one among them is still reported as file:line:col, in the text on stderr and in the JSON."""
    import sys

    check_cli = sys.modules["printkit.cli.check"]  # (printkit.cli.check is also the command's name)
    good = _legal_yaml(game)
    paths = [_write(tmp_path / f"s{i:03d}.yaml", good) for i in range(check_cli.PARALLEL_FROM + 50)]
    _write(paths[123], good.replace("players: 2", "players: 9"))  # flat: positions computed for the error
    _write(paths[200], good.replace("green: ", "green: [\n"))  # not YAML at all
    _write(paths[201], "game: gsc\nplayers: 2\nblue:\n  - 3\n  - 13\n")  # block style: read by PyYAML
    result = runner.invoke(app, ["--json", *map(str, paths)])
    assert result.exit_code == 2
    entries = json.loads(result.stdout)
    assert [e["file"] for e in entries] == [str(p) for p in paths]
    assert [i for i, e in enumerate(entries) if "errors" in e] == [123, 200, 201]
    (players,) = entries[123]["errors"]
    assert (players["line"], players["column"]) == (2, 10)
    assert players["text"] == f"{paths[123]}:2:10: players: players must be 1..4; found 9"
    assert entries[200]["errors"][0]["text"].startswith(f"{paths[200]}:")
    assert entries[201]["errors"][0]["text"] == (
        f"{paths[201]}:5:5: blue.1: blue sum 13 is not on the sheet (sums are 2..12)")
    assert f"{paths[123]}:2:10: players: players must be 1..4; found 9" in result.stderr
    assert all(e["legal"] for i, e in enumerate(entries) if i not in (123, 200, 201))
