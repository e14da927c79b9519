"""The public facade and the layering under it: rules take the game, only the facade loads it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import printkit.gsc as api
import printkit.rules
from printkit.model.gsc import GscGame
from printkit.rules import gsc_legality, gsc_score

from .conftest import sheet

RULES = Path(printkit.rules.__file__).parent


def test_facade_loads_the_bundled_game(game: GscGame) -> None:
    s = sheet(blue=(2, 3, 7, 12), orange=(3, 8))
    assert api.score(s) == gsc_score.score(s, game) == api.score(s, game)
    assert api.check(s) == gsc_legality.check(s, game)


def test_rules_need_the_game() -> None:
    with pytest.raises(TypeError):
        gsc_score.score(sheet())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        gsc_legality.check(sheet())  # type: ignore[call-arg]


@pytest.mark.parametrize("path", sorted(RULES.glob("gsc_*.py")), ids=lambda p: p.name)
def test_rules_do_no_io(path: Path) -> None:
    """No GSC rules module imports a loader (definitions), file or YAML library."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        n.module if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    bad = {m for m in imported if m and m.split(".")[0] in ("yaml", "json", "pathlib", "os", "io")}
    bad |= {m for m in imported if m and m.startswith("printkit.definitions")}
    assert not bad, f"{path.name} imports {sorted(bad)}"
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert "open" not in calls
