"""One suite over every registered game: a new game is covered by registering it.

Each game is built through the CLI in every language and paper it declares and at both ends of its
player range; the manifest read back from disk must match the game's saved reference (components,
pieces, pages, file names), every PDF must be valid with every font embedded and the page count the
manifest claims, and the same build twice must give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from devkit.readback import page_count, qpdf_problems, unembedded_fonts

from .cases import Case, build, cases, reference_file

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_game_builds_as_its_reference_says(case: Case, tmp_path: Path) -> None:
    reference = reference_file(case.game)
    assert reference.is_file(), f"no {reference.name}: run python -m tests.conformance.update_references"
    expected = json.loads(reference.read_text(encoding="utf-8")).get(case.name)
    assert expected is not None, f"{reference.name} has no {case.name!r}: update the references"
    entries = build(case, tmp_path)
    assert entries == expected
    for entry in entries:
        path = tmp_path / str(entry["file"])
        assert path.is_file() and path.stat().st_size > 0
        if path.suffix == ".pdf":
            data = path.read_bytes()
            assert page_count(data) == entry["pages"]
            assert qpdf_problems(data) == []
            assert unembedded_fonts(data) == []


@pytest.mark.parametrize("case", [c for c in CASES if c.name == "en-a4"], ids=lambda c: c.id)
def test_same_inputs_same_bytes(case: Case, tmp_path: Path) -> None:
    digests = []
    for run in ("first", "second"):
        build(case, tmp_path / run)
        digests.append({p.relative_to(tmp_path / run).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                        for p in sorted((tmp_path / run).rglob("*")) if p.is_file()})
    assert digests[0] == digests[1]


def test_every_registered_game_has_a_reference() -> None:
    games = {c.game.id for c in CASES}
    saved = {p.stem for p in reference_file(CASES[0].game).parent.glob("*.json")}
    assert games <= saved, f"no reference for {sorted(games - saved)}"
