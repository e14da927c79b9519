"""Following docs/architecture.md's "Adding a game" needs nothing outside the game's own package.

``tests/example_games/tiny_game`` is such a package. It is found through ``PRINTKIT_GAME_PATH``,
listed, built with its own option and language, restyled through ``--templates``, and its hands are
checked under its own ruling — with no printkit file naming it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import printkit
from devkit.readback import all_text, page_count, shapes

EXAMPLES = Path(__file__).resolve().parents[1] / "example_games"


def _printkit(*args: str, cwd: Path, games: Path | None = EXAMPLES) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRINTKIT_GAME_PATH": str(games or "")}
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


def test_no_printkit_file_names_the_tiny_game() -> None:
    package = Path(printkit.__file__).parent
    named = [p for p in package.rglob("*") if p.is_file() and p.suffix in (".py", ".yaml")
             and re.search(r"tiny[_-]game", p.read_text(encoding="utf-8"), re.IGNORECASE)]
    assert named == []


def test_the_tiny_game_is_listed_built_and_restyled(tmp_path: Path) -> None:
    listed = _printkit("games", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "tiny-game  (also: tiny)  Tiny Game · 小遊戲" in listed.stdout
    assert "players 2-5 · languages en, zh-TW, fr · options --blanks" in listed.stdout

    built = _printkit("build", "tiny", "--blanks", "2", "--lang", "zh-TW", "--out", "out", "-q", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = (tmp_path / "out" / "tiny-game" / "cards-zh-TW-a4.pdf").read_bytes()
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == "tiny-game/cards-zh-TW-a4.pdf")
    assert entry["pieces"] == 4 + 3 + 2 + 2  # apples, pears, plums (data/game.yaml) and two blanks
    text = "".join(all_text(pdf)).replace("\r\n", "")  # pdfium breaks lines between bold CJK glyphs
    assert text.count("蘋果") == 4 and text.count("李子") == 2 and text.count("你的點子") == 2
    # 11 cards of 50 x 70 mm whose neighbours' edges differ get 6 mm gutters (twice the 3 mm bleed): 3 x 3 fit the
    # 200 x 287 mm printable A4 (3 x 50 + 2 x 6 + 2 x 3 = 168 wide, 3 x 70 + 2 x 6 + 2 x 3 = 228 tall; a fourth
    # column needs 224), so two front pages and their two back pages
    assert page_count(pdf) == 4

    mine = tmp_path / "mine" / "tiny-game"
    mine.mkdir(parents=True)
    (mine / "card.yaml").write_text(
        "extends: card\nelements:\n  name: {text: {text: '{{ card.name }}!'}}\n  points-disc: null\n",
        encoding="utf-8")
    restyled = _printkit("build", "tiny", "--out", "out2", "--templates", "mine", "-q", cwd=tmp_path)
    assert restyled.returncode == 0, restyled.stderr
    pdf2 = (tmp_path / "out2" / "tiny-game" / "cards-en-a4.pdf").read_bytes()
    assert "".join(all_text(pdf2)).count("Apple!") == 4
    discs = [s for s in shapes(pdf2) if abs((s.right - s.left) - 24) < 0.5]  # the 24 mm points disc
    assert discs == [] and len([s for s in shapes(pdf) if abs((s.right - s.left) - 24) < 0.5]) >= 9


def test_unknown_option_for_the_tiny_game_is_refused(tmp_path: Path) -> None:
    result = _printkit("build", "tiny", "--count", "3", "--out", "out", "-q", cwd=tmp_path)
    assert result.returncode == 2
    assert "--count does not apply to tiny-game; it applies to ganz-schon-clever" in result.stderr


def test_a_game_outside_the_repository_brings_its_language_checker_ruling_and_exporter(tmp_path: Path) -> None:
    """The issue's "done when": a copy of the tiny game in a folder of the user's own, nothing else."""
    games = tmp_path / "my games"
    shutil.copytree(EXAMPLES / "tiny_game", games / "tiny_game", ignore=shutil.ignore_patterns("__pycache__"))

    built = _printkit("build", "tiny", "--lang", "fr", "--blanks", "1", "--out", "out", "-q", cwd=tmp_path, games=games)
    assert built.returncode == 0, built.stderr
    pdf = (tmp_path / "out" / "tiny-game" / "cards-fr-a4.pdf").read_bytes()
    text = "".join(all_text(pdf))
    assert (text.count("Pomme"), text.count("Poire"), text.count("Prune"), text.count("Ton idée")) == (4, 3, 2, 1)
    assert "Fruits" in text  # the backs' title
    listed = (tmp_path / "out" / "tiny-game" / "cards-fr.txt").read_text(encoding="utf-8").splitlines()
    assert listed == ["Pomme"] * 4 + ["Poire"] * 3 + ["Prune"] * 2 + ["Ton idée"]  # its own exporter's file
    refused = _printkit("build", "san-marco", "--lang", "fr", "--out", "out2", "-q", cwd=tmp_path, games=games)
    assert refused.returncode == 2
    assert "San Marco has texts in en, zh-TW, de; --lang fr is not available" in refused.stderr

    hand = tmp_path / "hand.yaml"
    hand.write_text("game: tiny\nhand: [apple, plum, blank]\nclaimed: 5\n", encoding="utf-8")
    either = _printkit("check", str(hand), cwd=tmp_path, games=games)
    zero = _printkit("check", str(hand), "--blank-value", "zero", cwd=tmp_path, games=games)
    one = _printkit("check", str(hand), "--blank-value", "one", "--lang", "zh-TW", cwd=tmp_path, games=games)
    assert (either.returncode, either.stdout) == (0, "hand.yaml: 5 points; claimed 5: right\n")
    assert (zero.returncode, zero.stdout) == (1, "hand.yaml: 4 points; claimed 5: wrong\n")  # 1 + 3 + 0
    assert (one.returncode, one.stdout) == (0, "hand.yaml: 5 分; 聲稱 5: 正確\n")  # 1 + 3 + 1
    bad = _printkit("check", str(hand), "--blank-value", "two", cwd=tmp_path, games=games)
    assert bad.returncode == 2 and "error: --blank-value must be one of: zero, one" in bad.stderr
    unnamed = tmp_path / "unnamed.yaml"  # no `game:` key: its checker recognises its own files
    unnamed.write_text("hand: [pear, pear]\nclaimed: 4\n", encoding="utf-8")
    recognised = _printkit("check", str(unnamed), cwd=tmp_path, games=games)
    assert (recognised.returncode, recognised.stdout) == (0, "unnamed.yaml: 4 points; claimed 4: right\n")

    helped = _printkit("check", "--help", cwd=tmp_path, games=games).stdout
    assert "--blank-value" in helped and "Tiny Game: what a blank card in a hand" in " ".join(
        line.strip("│ ") for line in helped.splitlines())
    assert "--solo-passive" in helped
    assert "--blank-value" not in _printkit("check", "--help", cwd=tmp_path, games=None).stdout
