"""Following docs/architecture.md's "Adding a game" needs nothing outside the game's own package.

``tests/example_games/tiny_game`` is such a package. It is found through ``PRINTKIT_GAME_PATH``,
listed, built with its own option, and restyled through ``--templates`` — with no printkit file
naming it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import printkit
from devkit.readback import all_text, page_count, shapes

EXAMPLES = Path(__file__).resolve().parents[1] / "example_games"


def _printkit(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRINTKIT_GAME_PATH": str(EXAMPLES)}
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
    assert "players 2-5 · languages en, zh-TW · options --blanks" in listed.stdout

    built = _printkit("build", "tiny", "--blanks", "2", "--lang", "zh-TW", "--out", "out", "-q", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = (tmp_path / "out" / "tiny-game" / "cards-zh-TW-a4.pdf").read_bytes()
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    entry = next(f for f in manifest["files"] if f["file"] == "tiny-game/cards-zh-TW-a4.pdf")
    assert entry["pieces"] == 4 + 3 + 2 + 2  # apples, pears, plums (data/game.yaml) and two blanks
    text = "".join(all_text(pdf)).replace("\r\n", "")  # pdfium breaks lines between bold CJK glyphs
    assert text.count("蘋果") == 4 and text.count("李子") == 2 and text.count("你的點子") == 2
    assert page_count(pdf) == 2  # 11 cards of 50 x 70 mm fit one A4 page, and its back page

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
