"""The shape of the code: an engine that knows no game, games as packages, pure rules and layouts.

These walk the source with :mod:`ast`, so a new module is covered the moment it exists.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import printkit

PACKAGE = Path(printkit.__file__).parent
ENGINE = PACKAGE / "engine"
CLI = PACKAGE / "cli"
GAMES = PACKAGE / "games"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def _modules(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", _modules(ENGINE), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_imports_no_game(path: Path) -> None:
    """The registry may look into the `printkit.games` folder; nothing in the engine imports a game."""
    bad = sorted(m for m in _imports(path) if m.startswith(("printkit.games.", "printkit.gsc", "printkit.cli")))
    assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


@pytest.mark.parametrize("path", _modules(CLI), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_cli_imports_no_game(path: Path) -> None:
    """The command line builds its flags from the games' declarations and calls their entry points
    through the registry: a new game's flags, checker and scanner need no change here."""
    bad = sorted(m for m in _imports(path) if m.startswith(("printkit.games", "printkit.gsc")))
    assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


def test_the_import_walk_sees_imports_inside_functions(tmp_path: Path) -> None:
    """The CLI imported games inside its commands (so --help stays fast): the walk must see those too."""
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from printkit.games.x.y import z\n    import printkit.gsc\n", encoding="utf-8")
    assert {"printkit.games.x.y", "printkit.gsc"} <= _imports(module)


def _pure_modules() -> list[Path]:
    """Every game's rules and layout modules: they compute, they never read or write files."""
    out = []
    for game in sorted(p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        for layer in ("rules", "layout"):
            if (game / f"{layer}.py").exists():
                out.append(game / f"{layer}.py")
            if (game / layer).is_dir():
                out += _modules(game / layer)
    return out


@pytest.mark.parametrize("path", _pure_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_rules_and_layouts_do_no_io(path: Path) -> None:
    imported = _imports(path)
    bad = {m for m in imported if m.split(".")[0] in ("yaml", "json", "pathlib", "os", "io", "shutil")}
    bad |= {m for m in imported if ".definitions" in m or m.endswith(".kit") or m.startswith("printkit.engine.source")}
    assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert "open" not in calls


def test_no_module_repeats_its_package_name() -> None:
    """``games/san_marco/san_marco_map.py`` would be a missing package; so would ``gsc_*`` files."""
    offenders = []
    for path in _modules(PACKAGE):
        stem, parent = path.stem, path.parent.name
        if stem == "__init__":
            continue
        game_dirs = [p for p in path.relative_to(PACKAGE).parts if p in {g.name for g in GAMES.iterdir()}]
        prefixes = {parent, *game_dirs, "gsc", "sm"}
        if any(stem.startswith(f"{pre}_") for pre in prefixes if pre not in ("", "games")):
            offenders.append(str(path.relative_to(PACKAGE)))
    assert not offenders, offenders


def test_every_game_is_a_package_with_its_data() -> None:
    games = [p for p in GAMES.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert {g.name for g in games} >= {"ganz_schon_clever", "san_marco", "deck"}
    for g in games:
        assert (g / "kit.py").exists() or (g / "layout.py").exists(), f"{g.name} has no kit entry point"
