"""The public facade and the layering under it: rules take the game, only the facade loads it."""

from __future__ import annotations

import pytest

import printkit.gsc as api
from printkit.games.ganz_schon_clever.model.game import GscGame
from printkit.games.ganz_schon_clever.rules import legality as gsc_legality
from printkit.games.ganz_schon_clever.rules import score as gsc_score

from .conftest import sheet


def test_facade_loads_the_bundled_game(game: GscGame) -> None:
    s = sheet(blue=(2, 3, 7, 12), orange=(3, 8))
    assert api.score(s) == gsc_score.score(s, game) == api.score(s, game)
    assert api.check(s) == gsc_legality.check(s, game)


def test_rules_need_the_game() -> None:
    with pytest.raises(TypeError):
        gsc_score.score(sheet())  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        gsc_legality.check(sheet())  # type: ignore[call-arg]


def test_sheet_boxes_is_the_printed_box_table() -> None:
    import json
    from pathlib import Path

    frozen = Path(__file__).resolve().parents[3] / "printkit/games/ganz_schon_clever/data/box-tables/layout-2-a4.json"
    boxes = json.loads(frozen.read_text(encoding="utf-8"))["boxes"]
    got = api.sheet_boxes("a4")
    assert len(got) == len(boxes) == 87
    first = boxes[0]
    assert (got[0].area, got[0].x, got[0].y, got[0].w) == (first["area"], first["x"], first["y"], first["w"])
