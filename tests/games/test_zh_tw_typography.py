"""zh-TW reads as Taiwan writes: every zh-TW string of every bundled game's data, and every line its zh-TW kits
print, takes full-width punctuation and no stray space.  Flagged: an ASCII colon, bracket, comma or semicolon
beside a Chinese character or full-width mark (spaces between allowed: "格 (x1)" and "）  ，" are what the issue
found), and a space between two Chinese characters or marks.  A number or a Latin word may stand apart by a space
("第 3 列", "--seed 7 重新產生"); a formula keeps its own brackets ("max(1, A/10)，")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from devkit.readback import all_text
from printkit.engine.components import BuildOptions
from printkit.engine.paper import PrintSettings
from printkit.engine.registry import find_game
from printkit.engine.render.pdf import render

GAMES_DIR = Path(__file__).resolve().parents[2] / "printkit" / "games"
GAMES = {"ganz-schon-clever": "ganz_schon_clever", "san-marco": "san_marco", "sanssouci": "sanssouci",
         "istanbul": "istanbul"}
CHINESE = "\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"  # Han and the full-width marks
HALF_WIDTH = re.compile(rf"[{CHINESE}] *[:(),;]|[:(),;] *[{CHINESE}]")
SPACED = re.compile(rf"[{CHINESE}][ \t]+[{CHINESE}]")
ICON = re.compile(r":[a-z0-9][a-z0-9_-]*:")
FORMULA = re.compile(rf"[A-Za-z]\([^(){CHINESE}]*\)")  # max(1, A/10): a function's brackets


def problems(text: str) -> list[str]:
    """What in ``text`` is not as Taiwan writes it, each with what it found."""
    visible = FORMULA.sub("f", ICON.sub("\ufffc", text))
    return [f"half-width {m.group()!r}" for m in HALF_WIDTH.finditer(visible)] + \
        [f"space {m.group()!r}" for m in SPACED.finditer(visible)]


@pytest.mark.parametrize(("text", "found"), [
    ("規則 1: 甲；2: 乙", ["half-width ': 甲'", "half-width ': 乙'"]),
    ("橘色區第 2 格 (x1) 寫了", ["half-width '格 ('", "half-width ') 寫'"]),
    ("甲）  ，乙", ["space '）  ，'"]),
    ("甲,乙", ["half-width '甲,'"]),
    ("貨物 ;", ["half-width '物 ;'"]),
    ("聖馬可 區", ["space '可 區'"]),
    ("第 3 列第 2 欄", []),
    ("用 --seed 7 重新產生（+1）", []),
    ("f = max(1, A/10)，g", []),
    (":gsc-x: 在該色區劃記一格", []),
])
def test_the_rules_find_what_the_issue_found(text, found):
    assert problems(text) == found


def _zh_strings(node: object, where: str, zh: bool) -> Iterator[tuple[str, str]]:
    """Every string under a ``zh-TW`` key, in a zh-TW file, or holding Chinese, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _zh_strings(value, f"{where}.{key}", zh or key == "zh-TW")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _zh_strings(value, f"{where}[{i}]", zh)
    elif isinstance(node, str) and (zh or re.search(f"[{CHINESE}]", node)):
        yield where, node


@pytest.mark.parametrize("package", sorted(GAMES.values()))
def test_every_zh_tw_string_of_the_data(package):
    files = sorted((GAMES_DIR / package / "data").rglob("*.yaml"))
    found, seen = [], 0
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        for where, text in _zh_strings(data, "", f.name == "zh-TW.yaml"):
            seen += 1
            found += [f"{f.name}{where}: {p} in {text[:60]!r}" for p in problems(text)]
    assert seen > 10, "no zh-TW strings read: the data moved?"
    assert found == []


@pytest.mark.parametrize(("game_id", "lang"), [*((g, "zh-TW") for g in sorted(GAMES)), ("istanbul", "en+zh-TW")])
def test_every_printed_line(game_id, lang):
    game = find_game(game_id)
    assert game is not None
    glossary = game.facts().glossary
    found, lines = [], 0
    for comp in game.build(BuildOptions(paper="a4", lang=lang, seed=7)):
        if not hasattr(comp, "pages") and not hasattr(comp, "fronts") and not hasattr(comp, "piece"):
            continue  # a text file
        rendered = render(comp, PrintSettings(), lang, glossary=glossary)
        for placement in rendered.log.placements:  # each line as the text setter printed it
            for record in placement.texts:
                for line in record.lines:
                    lines += 1
                    found += [f"{comp.name}: {p} in {line[:60]!r}" for p in problems(line)]
        for page, text in enumerate(all_text(rendered.pdf), 1):  # and the PDF's own text (a table's cells apart:
            for line in text.splitlines():  # spaces between them are the reader's, only punctuation counts)
                found += [f"{comp.name} p{page}: {p} in {line[:60]!r}" for p in problems(line) if "half" in p]
    assert lines > 50
    assert found == []
