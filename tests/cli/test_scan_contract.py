"""`printkit scan` calls the scanner a game declares, with the flags the declaration gives it.

A second scanning game, written into a folder of the test's own, is reached through ``--game``; the
command never names a game.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import printkit

WORKTREE = Path(printkit.__file__).resolve().parents[1]

DECLARATION = '''
from printkit.engine.registry import Checker, Game, Option, Ruling, Scanner

GAME = Game(
    id="dot-game", titles={"en": "Dot Game"},
    kit="dot_game.kit:components", facts_from="dot_game.kit:facts",
    checker=Checker(run="dot_game.kit:check", languages=("en", "zh-TW"),
                    rulings=(Ruling("dot_rule", "how dots count: single or double.", ("single", "double")),)),
    scanner=Scanner(run="dot_game.kit:scan", options=(Option("dots", int, "dots per sheet.", min=1, max=9),)),
)
'''

KIT = '''
def scan(request):
    print(f"dot scan: {[p.name for p in request.images]} {request.lang} {dict(request.options)} "
          f"{dict(request.rulings)}")
    return 3
'''


def _printkit(*args: str, cwd: Path, games: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRINTKIT_GAME_PATH": str(games), "PYTHONPATH": str(WORKTREE)}
    return subprocess.run([sys.executable, "-m", "printkit", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


def test_a_second_scanning_game_is_picked_with_game_and_gets_its_flags(tmp_path: Path) -> None:
    package = tmp_path / "games" / "dot_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(DECLARATION), encoding="utf-8")
    (package / "kit.py").write_text(textwrap.dedent(KIT), encoding="utf-8")
    games = tmp_path / "games"

    read = _printkit("scan", "--game", "dot-game", "a.jpg", "--dots", "4", "--dot-rule", "double", "--lang", "zh-TW",
                     cwd=tmp_path, games=games)
    assert read.returncode == 3, read.stderr
    assert read.stdout == "dot scan: ['a.jpg'] zh-TW {'dots': 4} {'dot_rule': 'double'}\n"

    unnamed = _printkit("scan", "a.jpg", cwd=tmp_path, games=games)
    assert unnamed.returncode == 2
    assert "error: --game must be one of: ganz-schon-clever, dot-game" in unnamed.stderr

    helped = _printkit("scan", "--help", cwd=tmp_path, games=games).stdout
    flat = " ".join(line.strip("│ ") for line in helped.splitlines())
    assert "Read filled-in Ganz schön clever or Dot Game sheets" in flat
    assert "Dot Game: dots per sheet." in flat and "Ganz schön clever: solo passive turn" in flat
    assert "--game" in helped and "--dot-rule" in helped
