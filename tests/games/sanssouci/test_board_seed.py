"""`--board-seed N`: a new edition of the 8 board sides, its boards.yaml, and checking games played on it."""

from __future__ import annotations

from pathlib import Path

from printkit.engine.components import BuildOptions, Edition, TextFile
from printkit.engine.source import parse_text
from printkit.games.sanssouci import kit
from printkit.games.sanssouci.check import check_file
from printkit.games.sanssouci.definitions import BOARDS, boards_yaml, load_sides
from printkit.games.sanssouci.rules.sides import SideRules, balance_problems


def _garden(sides: list, side: int) -> list[str]:
    """An untouched garden of ``side``: `#` where it prints, `.` elsewhere (rows 2-6)."""
    extra = set(sides[side - 1])
    return [" ".join("#" if (r, c) in extra else "." for c in range(1, 10)) for r in range(2, 7)]


def test_board_seed_makes_an_edition_with_its_boards_file():
    comps = kit.components(BuildOptions(extra={"board_seed": 7}))
    assert Edition("board-seed-7") in comps
    boards = next(c for c in comps if isinstance(c, TextFile))
    assert boards.filename == "boards.yaml" and "seed: 7" in boards.text
    text, sides = boards_yaml(Path(BOARDS).read_text(encoding="utf-8"), 7)
    assert boards.text == text
    assert balance_problems(sides, SideRules()) == []
    bundled = boards_yaml(Path(BOARDS).read_text(encoding="utf-8"))[1]
    assert sides != bundled
    names = [c.name for c in comps if getattr(c, "name", "").startswith("garden-board-")]
    assert len(names) == 8


def test_check_a_game_on_an_edition(tmp_path):
    text, sides = boards_yaml(Path(BOARDS).read_text(encoding="utf-8"), 7)
    (tmp_path / "boards.yaml").write_text(text, encoding="utf-8")
    assert load_sides(tmp_path / "boards.yaml") == sides
    rows = "\n".join(f'      - "{r}"' for r in _garden(sides, 1))
    rows3 = "\n".join(f'      - "{r}"' for r in _garden(sides, 3))
    body = f"""players:
  - name: A
    colour: red
    side: 1
    track: 0
    missions: [LA, ST]
    nobles: [0, 0, 0, 0, 0, 0, 0, 0, 0]
    garden:
{rows}
  - name: B
    colour: blue
    side: 3
    track: 0
    missions: [PA, TO]
    nobles: [0, 0, 0, 0, 0, 0, 0, 0, 0]
    garden:
{rows3}
"""
    on_edition = check_file(parse_text(f"game: sanssouci\nboards: boards.yaml\n{body}",
                                       str(tmp_path / "end.yaml")), "en")
    assert on_edition.ok, on_edition.text
    on_bundled = check_file(parse_text(f"game: sanssouci\n{body}", str(tmp_path / "end.yaml")), "en")
    assert not on_bundled.ok
    assert "pre-printed on side 1" in on_bundled.text
