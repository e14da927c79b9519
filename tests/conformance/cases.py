"""What the conformance suite builds for each registered game: every language and paper it declares,
and the ends of its player range. Shared by the test and by ``update_references``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from printkit.cli import app
from printkit.engine.registry import Game, kits

PAPERS = ("a4", "letter", "a3")
REFERENCE = Path(__file__).parent / "reference"
RECORDED = ("file", "component", "kind", "pieces", "pages", "paper", "lang")  # never sha256: looks may change


@dataclass(frozen=True)
class Case:
    game: Game
    name: str  # e.g. "en-a4" or "players-6"
    args: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.game.id}:{self.name}"


def cases() -> list[Case]:
    out = []
    for game in kits():
        facts = game.facts()
        for lang in facts.languages:
            for paper in PAPERS:
                out.append(Case(game, f"{lang}-{paper}", ("--lang", lang, "--paper", paper)))
        lo, hi = facts.players
        for players in sorted({lo, hi}):
            # a table the published game has no rules for may be a generated variant, drawn from a seed: a fixed one
            # keeps its files' names (and bytes) the same from build to build
            out.append(Case(game, f"players-{players}", ("--players", str(players), "--seed", "1")))
    return out


def build(case: Case, out: Path) -> list[dict[str, object]]:
    """Build through the CLI into ``out``; the manifest's entries as written, recorded fields only."""
    result = CliRunner().invoke(app, ["build", case.game.id, "--out", str(out), "-q", *case.args])
    if result.exit_code != 0:
        raise AssertionError(f"{case.id}: exit {result.exit_code}: {result.output}")
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return sorted(({k: f[k] for k in RECORDED} for f in manifest["files"]), key=lambda f: str(f["file"]))


def reference_file(game: Game) -> Path:
    return REFERENCE / f"{game.id}.json"
