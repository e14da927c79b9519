"""`printkit check` on Sanssouci transcriptions: exit codes, text in three languages, JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer
from typer.testing import CliRunner

from printkit.cli.check import check
from printkit.engine.source import parse_text
from printkit.games.sanssouci.check import check_file

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "sanssouci" / "end-of-game.yaml"
TEXT = EXAMPLE.read_text(encoding="utf-8")

app = typer.Typer()
app.command()(check)
runner = CliRunner()


def _write(tmp_path: Path, text: str, name: str = "end.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_legal_example_exit_0_with_breakdown():
    result = runner.invoke(app, [str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    anna = next(line for line in lines if line.strip().startswith("Anna"))
    bo = next(line for line in lines if line.strip().startswith("Bo"))
    assert anna.split()[1:] == ["30", "8", "5", "4", "47", "3", "2"]
    assert bo.split()[1:] == ["28", "4", "10", "5", "47", "5", "1"]
    assert "most gardeners wins" in result.output
    assert "verdict: possible" in result.output


def test_languages():
    zh = runner.invoke(app, [str(EXAMPLE), "--lang", "zh-TW"])
    assert zh.exit_code == 0 and "園丁" in zh.output and "判定：可能" in zh.output
    # the title and the punctuation are Chinese too: no "Sanssouci", no ASCII colon or brackets
    assert "：無憂宮，2 位玩家" in zh.output and "Sanssouci" not in zh.output
    assert "（同分：園丁最多者獲勝）" in zh.output and ": " not in zh.output
    de = runner.invoke(app, [str(EXAMPLE), "--lang", "de"])
    assert de.exit_code == 0 and "Gärtner" in de.output and "Urteil: möglich" in de.output
    direct = check_file(parse_text(TEXT, str(EXAMPLE)), "de")
    assert direct.ok and "Urteil: möglich" in direct.text


def test_impossible_exit_1_names_player_and_space(tmp_path):
    bad = TEXT.replace('"#  ST .  .  .  FO .  HS GV"', '"#  FO .  .  .  FO .  HS GV"')
    result = runner.invoke(app, [str(_write(tmp_path, bad))])
    assert result.exit_code == 1
    assert "[Anna, row 3, column 2] a Fountain tile in the Statue column" in result.output
    zh = runner.invoke(app, [str(_write(tmp_path, bad)), "--lang", "zh-TW"])
    assert "【Anna，第 3 列第 2 欄】噴泉板塊放在雕像欄" in zh.output
    # every line in Taiwan's punctuation: no ASCII colon, bracket, comma or semicolon beside Chinese
    for line in zh.output.splitlines():
        assert not re.search(r"[\u3000-\u9fff\uff00-\uffef] *[:()\[\],;]|[:()\[\],;] *[\u3000-\u9fff\uff00-\uffef]",
                             line), line


def test_one_player_is_one_player_in_every_language(tmp_path):
    alone = _write(tmp_path, TEXT[:TEXT.index("  - name: Bo")])
    said = {lang: runner.invoke(app, [str(alone), "--lang", lang]).output for lang in ("en", "zh-TW", "de")}
    assert "Sanssouci, 1 player\n" in said["en"] and "1 player; the game is for 2 to 4 players" in said["en"]
    assert "1 players" not in said["en"]
    assert "1 位玩家；本遊戲為 2 至 4 人" in said["zh-TW"]
    assert "1 Spieler; das Spiel ist für 2 bis 4 Spieler" in said["de"]


def test_malformed_exit_2_with_position(tmp_path):
    bad = TEXT.replace("track: 28", "track: many")
    line = next(i for i, t in enumerate(bad.splitlines(), 1) if "track: many" in t)
    result = runner.invoke(app, [str(_write(tmp_path, bad))])
    assert result.exit_code == 2
    assert f"end.yaml:{line}:12:" in result.output
    assert "Traceback" not in result.output


def test_json(tmp_path):
    result = runner.invoke(app, [str(EXAMPLE), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["game"] == "sanssouci" and data["legal"] is True
    assert [(p["name"], p["total"], p["place"]) for p in data["players"]] == [("Anna", 47, 2), ("Bo", 47, 1)]
    assert data["players"][1]["complete_columns"] == [1, 5]


def test_gsc_sheet_still_checked():
    gsc = Path(__file__).resolve().parents[3] / "examples" / "gsc-legal-sheet.yaml"
    assert runner.invoke(app, [str(gsc)]).exit_code == 0


def test_schema_and_bounded_loader(tmp_path):
    from printkit.cli import app as full_app
    from printkit.engine.errors import InputError
    from printkit.games.sanssouci.definitions import load_game
    from printkit.games.sanssouci.transcription import MAX_BYTES, load_end

    schema = runner.invoke(full_app, ["schema", "sanssouci-end"])
    assert schema.exit_code == 0 and json.loads(schema.output)["title"] == "Sanssouci end-of-game transcription"
    big = _write(tmp_path, "game: sanssouci\n" + "#" * (MAX_BYTES + 10) + "\n", "big.yaml")
    try:
        load_end(big, load_game())
    except InputError as err:
        assert "a transcription is at most" in str(err)
    else:  # pragma: no cover - the assertion above is the test
        raise AssertionError("a huge file was read")
    assert len(load_end(EXAMPLE, load_game()).players) == 2


def test_not_a_mapping_exit_2(tmp_path):
    result = runner.invoke(app, [str(_write(tmp_path, "game: sanssouci\nplayers: 3\n"))])
    assert result.exit_code == 2
    assert "end.yaml:2:10:" in result.output and "players" in result.output


def test_an_unbroken_tie_is_shared_not_won_by_gardeners(tmp_path):
    """47 points and 3 gardeners each (Bo's two column-5 gardeners become stairway tiles): both place 1, and the
    report says the place is shared, never that the most gardeners win."""
    tie = TEXT.replace('"G  .  #  TO G  .  .  .  . "', '"G  .  #  TO SW .  .  .  . "')
    tie = tie.replace('"G  .  .  .  G  .  #  .  . "', '"G  .  .  .  SW .  #  .  . "')
    path = _write(tmp_path, tie)
    said = {lang: runner.invoke(app, [str(path), "--lang", lang]).output for lang in ("en", "de", "zh-TW")}
    for lang, out in said.items():
        rows = [line.split() for line in out.splitlines() if line.strip().startswith(("Anna", "Bo"))]
        assert [r[5:] for r in rows] == [["47", "3", "1"], ["47", "3", "1"]], lang
    assert "(tie on points and gardeners: the place is shared)" in said["en"]
    assert "most gardeners wins" not in said["en"]
    assert "(Gleichstand bei Punkten und Gärtnern: der Platz wird geteilt)" in said["de"]
    assert "die meisten Gärtner gewinnen" not in said["de"]
    assert "（分數與園丁數都相同：名次並列）" in said["zh-TW"] and "園丁最多者獲勝" not in said["zh-TW"]


def test_one_tile_placed_is_one_tile(tmp_path):
    start = TEXT.index("    track: 30")
    anna = """    track: 0
    missions: [labyrinth, pavilion]
    nobles: [0, 0, 0, 0, 0, 0, 0, 0, 0]
    garden:
      - "LA .  .  .  .  .  #  .  . "
      - "#  .  .  .  .  .  .  .  . "
      - ".  .  #  .  .  .  .  .  . "
      - ".  .  .  .  .  #  .  #  . "
      - ".  #  .  .  .  .  .  .  . "
"""
    one = TEXT[:start] + anna + TEXT[TEXT.index("  - name: Bo"):]
    result = runner.invoke(app, [str(_write(tmp_path, one))])
    assert result.exit_code == 0, result.output
    assert "[Anna] 1 tile placed; a finished game places 18" in result.output
    assert "1 tiles" not in result.output
